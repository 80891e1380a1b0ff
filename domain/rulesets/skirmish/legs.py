"""One leg of a move on the table: what it costs, which checks it needs, and the rule that forbids
it. The engine plans a declared move leg by leg with these functions; the lookahead builds its
search graph from the same ones (DESIGN.md, principle 1).

Sections cited are the seed's Move Phase headings.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from domain.movement import StepOption
from domain.rules import RuleRef
from domain.rulesets.skirmish.table import EPSILON, LOW_OBSTACLE, Spot, Table, parse_spot
from domain.rulesets.skirmish.view import TableView, rule
from domain.state import GameState

VIAS = ("walk", "climb", "ladder", "jump_down", "jump_across")


@dataclass(frozen=True)
class Check:
    """An Agility Check a leg needs; ``fall`` says whether failing it is a Fall."""

    name: str
    disadvantage: bool = False
    fall: bool = False


@dataclass
class Leg:
    frm: Spot
    to: Spot
    via: str
    cost: float = 0.0
    checks: list[Check] = field(default_factory=list)
    refusal: RuleRef | None = None
    difficult: bool = False
    #: Jumping Across: measured too long or too high, so the jump fails outright
    automatic_fail: RuleRef | None = None

    @property
    def ok(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True)
class LegShape:
    """What a leg is on the table alone, whoever takes it and wherever the other units stand:
    its cost, its checks, the rule the terrain forbids it by, whether it fails outright, whether
    it crosses difficult terrain. Worked out once per table, rule options and leg (``leg_shape``)."""

    cost: float
    checks: tuple[Check, ...] = ()
    refusal: RuleRef | None = None
    automatic_fail: RuleRef | None = None
    difficult: bool = False


#: shapes kept per table and rule options before the oldest half goes (a 48" table's self-play
#: plans about 30,000 legs; each shape is a few hundred bytes)
SHAPES_KEPT = 200_000


def plan(view: TableView, unit_id: str, a: Spot, b: Spot, via: str) -> Leg:
    """A leg from a to b by ``via`` for this unit in this state: its shape on the table (kept
    per table, as the table never changes under it), then what depends on the unit and on the
    others (``fitted``)."""
    return fitted(view, unit_id, a, b, via, leg_shape(view, a, b, via))


#: the ways of moving a base standing in the way stops: all but the Jump Down, the one move that
#: may pass over units (Jumping Down); no other goes through enemies, whatever their state
#: (Moving Through Other Units). A Jump Across is stopped by the units on its take-off's level
#: and on its landing's level that its line passes through (``TableView.blocker_among``); it is
#: in the air above those on a third level between them (the ground in the gap)
BLOCKED_BY_UNITS = frozenset(("walk", "climb", "ladder", "jump_across"))


def fitted(view: TableView, unit_id: str, a: Spot, b: Spot, via: str, found: LegShape) -> Leg:
    """The leg of ``found``'s shape for this unit in this state: an animal's check on a
    ladder, and the rule of a base in the way. A Jump Across that fails outright as measured
    (Jumping Across: over 3", or landing over 1" higher) never leaves its take-off, the unit
    falling to the ground below it: nothing on its line is in its way, units as walls
    (``_leg_shape``)."""
    leg = Leg(frm=a, to=b, via=via, cost=found.cost, checks=list(found.checks), refusal=found.refusal,
              automatic_fail=found.automatic_fail)
    if found.refusal is not None or found.automatic_fail is not None:
        return leg
    if via == "ladder" and view.unit(unit_id).animal:
        leg.checks.append(Check("climb (animal on a ladder)"))
    blocker = view.blocker_on(unit_id, a, b, via == "jump_across") if through_units(view, a, b, via) else None
    if blocker is not None:
        leg.refusal = blocker[1]
        return leg
    leg.difficult = found.difficult
    return leg


def through_units(view: TableView, a: Spot, b: Spot, via: str) -> bool:
    """Whether the units standing along the leg are in its way (``BLOCKED_BY_UNITS``); for a
    Jump Across, those on the level of either end (``TableView.blocker_among``'s
    ``landing_level``). A Jump Across onto a roof more than 1" lower went through them: units
    were looked at only when both ends were within 1" in height."""
    return via in BLOCKED_BY_UNITS


def leg_shape(view: TableView, a: Spot, b: Spot, via: str) -> LegShape:
    """The leg's shape (``LegShape``), worked out on first use and kept with the table under the
    rule options it reads: the engine, the lookahead and legal commands plan the same legs
    between the same points state after state."""
    kept = view.table.leg_shapes.setdefault(view.leg_rules, {})
    key = (a.x, a.y, a.surface, b.x, b.y, b.surface, via)
    found = kept.get(key)
    if found is None:
        if len(kept) >= SHAPES_KEPT:
            for old in list(kept)[: SHAPES_KEPT // 2]:
                kept.pop(old, None)  # (another thread may have dropped it)
        found = kept[key] = _leg_shape(view, a, b, via)
    return found


def _leg_shape(view: TableView, a: Spot, b: Spot, via: str) -> LegShape:
    table = view.table
    options = view.leg_rules  # only these: the shape is kept under them
    checks: list[Check] = []
    automatic_fail: RuleRef | None = None
    if via == "walk":
        if not table.walkable(a, b):
            rise = abs(table.height(a.surface) - table.height(b.surface))
            if rise > LOW_OBSTACLE + EPSILON:
                way = "rise" if table.height(b.surface) > table.height(a.surface) else "drop"
                why = (
                    f"a {rise:g}\" {way} in one walk is more than 1\": climb, use a ladder or jump, or walk it "
                    "in legs of 1\" or less, one per surface on the way"
                )
                return LegShape(0.0, refusal=rule("Move Phase", why))
            wall = table.through_wall(a, b)
            if wall is not None:
                return LegShape(0.0, refusal=rule("Move Phase", _wall_in_the_way(wall)))
            tall = [height for surface, height in table.crossed(a, b) if surface is None and height > LOW_OBSTACLE + EPSILON]
            if tall:
                # an obstacle has no top to climb onto nor land on: no leg crosses it, so the
                # advice to climb or jump would send the user to three more refusals
                why = (
                    f"an obstacle {max(tall):g}\" high is in the way: obstacles higher than 1\" are not crossed "
                    "(no top to stand on); to climb it, declare it as a surface"
                )
                return LegShape(0.0, refusal=rule("Move Phase", why))
            return LegShape(0.0, refusal=rule("Move Phase", "terrain higher than 1\" is in the way: climb, use a ladder or jump"))
        cost = a.flat_distance(b)
    elif via == "climb":
        leeway = options.climb_horizontal_leeway
        rise = abs(table.height(a.surface) - table.height(b.surface))
        across = a.flat_distance(b)
        if rise <= EPSILON:
            return LegShape(0.0, refusal=rule("Move Phase, Climbing", "a climb goes up or down a vertical surface"))
        roof = _under_roof(view, a, b)
        if roof is not None:
            return LegShape(0.0, refusal=rule("Move Phase, Climbing", f"a climb goes up or down a vertical surface, not through {roof}"))
        if across > leeway + EPSILON and options.wall_running == "forbidden":
            why = f"a climb allows {leeway:g}\" of horizontal movement, not {across:.2f}\""
            return LegShape(0.0, refusal=rule("Move Phase, Climbing", why))
        if across > leeway + EPSILON and not table.along_wall(a, b, leeway):
            # wall running lifts the leeway's cap on the distance, not on where the climb goes
            why = f"a climb runs along its wall: the {across:.2f}\" across must keep within {leeway:g}\" of the wall"
            return LegShape(0.0, refusal=rule("Move Phase, Climbing; option wall_running: allowed", why))
        in_the_way = _climbed_past(view, a, b)
        if in_the_way is not None:
            return LegShape(0.0, refusal=in_the_way)
        wall = table.through_wall(a, b)
        if wall is not None:
            # the leeway's inch across goes round a window or onto a ledge, not through a wall
            # standing on the surface climbed to or from (a storey on its terrace)
            return LegShape(0.0, refusal=rule("Move Phase, Climbing", _wall_in_the_way(wall)))
        cost = rise + across
        checks.append(Check("climb"))
    elif via == "ladder":
        ladder = next(
            (lad for lad in table.ladders.values() if {_key(lad.bottom), _key(lad.top)} == {_key(a), _key(b)}),
            None,
        )
        if ladder is None:
            return LegShape(0.0, refusal=rule("Move Phase, Ladders", "no ladder joins these two points"))
        cost = abs(table.height(a.surface) - table.height(b.surface)) + a.flat_distance(b)
    elif via == "jump_down":
        drop = table.height(a.surface) - table.height(b.surface)
        across = a.flat_distance(b)
        reach = options.jump_down_max_horizontal
        refusal: RuleRef | None = None
        if drop <= EPSILON:
            refusal = rule("Move Phase, Jumping Down", "a jump down lands lower than it starts")
        elif options.jump_down_target == "ground_only" and table.height(b.surface) > LOW_OBSTACLE + EPSILON:
            # a surface up to 1" high is one level with the ground (Move Phase): landing on it
            # is landing on the ground, the drop measured to its height
            refusal = rule("Move Phase, Jumping Down", "the unit lands on the ground (option jump_down_target)")
        elif across > reach + EPSILON:
            refusal = rule("Move Phase, Jumping Down", f"lands within {reach:g}\" of where it jumps from, not {across:.2f}\"")
        elif (roof := _under_roof(view, a, b)) is not None:
            refusal = rule("Move Phase, Jumping Down", f"it may not jump through {roof}")
        elif (wall := table.through_wall(a, b)) is not None:
            refusal = rule("Move Phase, Jumping Down", _wall_in_the_way(wall))
        elif table.highest_between(a, b) > table.height(a.surface) + EPSILON:
            refusal = rule("Move Phase, Jumping Down", "it may only jump over terrain no higher than where it starts")
        if refusal is not None:
            return LegShape(0.0, refusal=refusal)
        cost = across  # the vertical drop is free
        disadvantage = drop >= options.jump_down_disadvantage_height - EPSILON
        checks.append(Check("jump down", disadvantage=disadvantage, fall=True))
    elif via == "jump_across":
        gap = jump_length(table, options.jump_across_measured, a, b)
        rise = table.height(b.surface) - table.height(a.surface)
        ground_level = max(table.height(a.surface), table.height(b.surface)) <= LOW_OBSTACLE + EPSILON
        if ground_level or (a.surface == b.surface and table.walkable(a, b)):
            # a jump across clears a gap (seed: "such as between two buildings"): along one roof,
            # or from the ground's level to it, there is none, and a failure would fall from
            # nowhere (a 0" fall) or off a roof the unit never left. Between two arms of one
            # roof (a U round a courtyard) the line leaves the roof: that is a gap
            where = "one surface" if a.surface == b.surface else "the ground's level"
            why = f"both ends are on {where}: no gap to jump across; walk it"
            return LegShape(0.0, refusal=rule("Move Phase, Jumping Across", why))
        roof = _under_roof(view, a, b)
        if roof is not None:
            return LegShape(0.0, refusal=rule("Move Phase, Jumping Across", f"no gap to jump across, only {roof}"))
        cost = gap if options.jump_across_distance_cost == "deducted" else 0.0
        if gap > options.jump_across_max_gap + EPSILON:
            limit = options.jump_across_max_gap
            why = f"a {gap:.2f}\" jump is longer than {limit:g}\": it fails and the unit falls"
            automatic_fail = rule("Move Phase, Jumping Across", why)
        elif rise > options.jump_across_max_rise + EPSILON:
            limit = options.jump_across_max_rise
            why = f"landing {rise:g}\" higher is more than {limit:g}\": it fails and the unit falls"
            automatic_fail = rule("Move Phase, Jumping Across", why)
        elif gap > options.jump_across_free_gap + EPSILON:
            checks.append(Check("jump across", fall=True))
        if (
            options.jump_across_lower_landing == "not_to_the_ground" and table.height(b.surface) <= LOW_OBSTACLE + EPSILON
            and -rise > LOW_OBSTACLE + EPSILON
        ):
            why = f"landing on the ground {-rise:g}\" below is a Jump Down: declare it as jump_down (option jump_across_lower_landing)"
            return LegShape(0.0, refusal=rule("Move Phase, Jumping Down", why))
        wall = table.through_wall(a, b) if automatic_fail is None else None
        if wall is not None:
            return LegShape(0.0, refusal=rule("Move Phase, Jumping Across", _wall_in_the_way(wall)))
        over = table.highest_between(a, b)
        # a jump that fails outright falls from its take-off and crosses nothing: a wall on its
        # line is not in its way, nor is a unit (``fitted``)
        if automatic_fail is None and over > max(table.height(a.surface), table.height(b.surface)) + LOW_OBSTACLE + EPSILON:
            # a jump crosses a gap (seed: "such as between two buildings"); a move passes over
            # terrain up to 1" high freely: what is taller between take-off and landing is in the way
            why = f"terrain {over:g}\" high is in the way: a jump across clears a gap, not a wall"
            return LegShape(0.0, refusal=rule("Move Phase, Jumping Across", why))
    else:
        return LegShape(0.0, refusal=rule("Move Phase", f"unknown way to move {via!r}: expected one of {', '.join(VIAS)}"))
    # a Jump Down is in the air from its take-off to where it lands (Jumping Down: over other
    # units or terrain): it moves through difficult terrain only where it stands, at either end
    difficult = table.touches_difficult(a, b) if via == "jump_down" else table.crosses_difficult(a, b)
    return LegShape(cost, tuple(checks), automatic_fail=automatic_fail, difficult=difficult)


def jump_length(table: Table, measured: str, a: Spot, b: Spot) -> float:
    """A Jump Across's length (Jumping Across: "the distance between the start and end
    position"): the horizontal gap, as every distance on the table is measured (option
    jump_across_measured ``horizontal``, the default), or the straight line from take-off to
    landing with the difference in height (``straight_line``). The seed's check over 1" and
    outright failure over 3" read it, and so do the inches a jump pays."""
    gap = a.flat_distance(b)
    if measured == "straight_line":
        return math.hypot(gap, table.height(b.surface) - table.height(a.surface))
    return gap


def _under_roof(view: TableView, a: Spot, b: Spot) -> str | None:
    """Where the lower end of a climb or jump lies under the higher end's surface, inside its
    walls (a floor under its roof): "LOWER lies under HIGHER, inside its walls", else None.
    Floors of one building are surfaces with one footprint (docs/skirmish.md, The table), so
    a unit went from a roof to the floor under it, or up, through the roof: a climb needs a
    vertical surface (Climbing), a jump a gap (Jumping Across) or a drop clear of the roof
    (Jumping Down); a ladder joins them where one is declared."""
    table = view.table
    roof = table.roof_over(a, b)
    if roof is None:
        return None
    lower = a if table.height(a.surface) < table.height(b.surface) else b
    return f"{roof}: {lower.surface} lies under {roof}, inside its walls"


def _wall_in_the_way(wall: tuple[str, float, str]) -> str:
    """The refusal of a leg through a wall standing on a raised surface (``Table.through_wall``)."""
    return (
        f"the wall of {wall[0]} ({wall[1]:g}\" high) is in the way: it stands on {wall[2]}, and terrain higher than 1\" "
        "is not moved through; climb it, use a ladder or go round"
    )


def _climbed_past(view: TableView, a: Spot, b: Spot) -> RuleRef | None:
    """Move Phase, Climbing: a climb goes up or down the vertical surface it climbs, and only
    terrain up to 1" high is moved over freely (Move Phase). Terrain more than 1" above the
    climb's top end between its two ends is walked through, never climbed (a tower before a
    shed); an obstacle more than 1" high has no top to climb onto; and a surface more than 1"
    from both ends' heights is a second wall, with its own check (option climb_check_per:
    surface), so its own leg."""
    table = view.table
    low, high = sorted((table.height(a.surface), table.height(b.surface)))
    for surface, height in table.climbed_past(a, b):
        if surface is None and height > low + LOW_OBSTACLE + EPSILON:
            why = f"an obstacle {height:g}\" high is in the way: obstacles higher than 1\" are not crossed (no top to stand on)"
            return rule("Move Phase, Climbing", why)
        if height > high + LOW_OBSTACLE + EPSILON:
            why = f"{surface} ({height:g}\" high) is in the way: a climb goes up the wall it climbs, not through taller terrain"
            return rule("Move Phase, Climbing", why)
        if surface is not None and low + LOW_OBSTACLE + EPSILON < height < high - LOW_OBSTACLE - EPSILON:
            why = (
                f"{surface} ({height:g}\" high) is a second wall on the way: one climb leg per vertical surface, "
                f"each with its check (option climb_check_per: surface); climb onto {surface} first"
            )
            return rule("Move Phase, Climbing", why)
    return None


def _key(spot: Spot) -> tuple[float, float, str]:
    return (round(spot.x, 3), round(spot.y, 3), spot.surface)


def _stunned_or_dazed(states: set[str]) -> str | None:
    """"Stunned" or "Dazed" when the unit is (either keeps it from Moving and from Engaging)."""
    return next((state.capitalize() for state in ("stunned", "dazed") if state in states), None)


def _held_by(view: TableView, unit_id: str) -> list[str]:
    """The enemies Engaged with the unit that hold it: those neither Stunned nor Dazed."""
    return [e for e in view.engaged_with(unit_id) if e in view.state.units and not _stunned_or_dazed(view.states(e))]


def may_move(view: TableView, unit_id: str, ignore_moved: bool = False) -> RuleRef | None:
    """Move Phase: who may Move this turn. The lookahead asks with ``ignore_moved``: having
    moved already this turn is bookkeeping, like tapping, not a limit on the range of motion."""
    unit = view.unit(unit_id)
    states = view.states(unit_id)
    if not unit.alive or "incapacitated" in states:
        return rule("Move Phase", "an Incapacitated unit doesn't move")
    if unit.attempted_engage:
        return rule("Move Phase", "a unit that attempted to Engage this turn may not Move")
    hindered = _stunned_or_dazed(states)
    if hindered:
        return rule("Move Phase", f"a {hindered} unit may not Move")
    holding = _held_by(view, unit_id)
    if holding:
        return rule("Move Phase", f"Engaged with {', '.join(holding)}, an enemy neither Stunned nor Dazed")
    if unit.moved and not ignore_moved:
        return rule("Move Phase", "a unit moves once in the Move Phase")
    return None


def may_engage(view: TableView, unit_id: str) -> RuleRef | None:
    """Engage phase: who may attempt to Engage now. One attempt a turn, not by a unit Stunned,
    Dazed or Engaged with an enemy that is neither; and not after a Move, since the Move Phase
    forbids moving after an attempt, which puts the attempt first (reference, Engage phase)."""
    unit = view.unit(unit_id)
    states = view.states(unit_id)
    if not unit.alive or "incapacitated" in states:
        return rule("Engage phase", "an Incapacitated unit doesn't Engage")
    if unit.attempted_engage:
        return rule("Engage phase", "one Engage attempt a turn")
    hindered = _stunned_or_dazed(states)
    if hindered:
        return rule("Engage phase", f"a {hindered} unit may not attempt to Engage")
    holding = _held_by(view, unit_id)
    if holding:
        return rule("Engage phase", f"already Engaged with {', '.join(holding)}, an enemy neither Stunned nor Dazed")
    if unit.moved:
        return rule("Engage phase", "a unit that Moved this turn may not attempt to Engage: the attempt comes before the Move")
    return None


def may_run(view: TableView, unit_id: str, legs: Sequence[Leg] = ()) -> RuleRef | None:
    """Move Phase, Running: not within 8\" of an enemy, not carrying a Treasure token. The range
    is measured base to base where the unit stands (option run_enemy_range_measured:
    ``start_of_move``), or from every point of the declared legs as well (``whole_path``)."""
    if view.unit(unit_id).treasure:
        return rule("Move Phase, Running", "a unit carrying a Treasure token may not Run")
    limit = view.options.run_enemy_range
    nearest = view.nearest_enemy_gap(unit_id)
    if nearest is not None and nearest[1] <= limit + EPSILON:
        return rule("Move Phase, Running", f"{nearest[0]} is {nearest[1]:.2f}\" away: no Running within {limit:g}\" of an enemy")
    if view.options.run_enemy_range_measured == "whole_path":
        for leg in legs:
            for enemy in view.enemies(unit_id):
                gap = view.gap_from_line(unit_id, enemy.id, leg.frm, leg.to)
                if gap <= limit + EPSILON:
                    why = f"the run passes {gap:.2f}\" from {enemy.id}: no Running within {limit:g}\" of an enemy"
                    return rule("Move Phase, Running", why)
    return None


def allowance(view: TableView, unit_id: str, running: bool, difficult: bool) -> float:
    """Move, or Move x 1.5 when Running; then -2\" if any difficult terrain is crossed, after all
    other modifiers (Move Phase, Difficult Terrain: 6\" -> 4\", a 9\" run -> 7\")."""
    total = view.move_inches(unit_id) * (view.options.run_multiplier if running else 1.0)
    if difficult:
        total -= view.options.difficult_penalty
    return max(0.0, total)


class LegModel:
    """``MovementModel`` for a declared move on the table: the step judge asks it about one leg
    at a time (``step_option``), planned by ``plan`` as the lookahead's graph edges are.
    ``allowance`` is what the move was declared with (Move or Run, less difficult terrain)."""

    tolerance = EPSILON
    allowance_rule = rule("Move Phase", "too far: a move is at most its allowance in inches")

    def __init__(self, state: GameState, budget: float) -> None:
        self.view = TableView(state)
        self.budget = budget

    def no_movement(self, unit_id: str) -> RuleRef | None:
        return None

    def allowance(self, unit_id: str) -> float:
        return self.budget

    def step_options(self, unit_id: str, frm: str) -> Sequence[StepOption]:
        return []  # continuous space: steps are planned one at a time, never listed

    def step_option(self, unit_id: str, frm: str, to: str, kind: str | None) -> StepOption:
        leg = plan(self.view, unit_id, parse_spot(frm), parse_spot(to), kind or "walk")
        return StepOption(to=to, kind=leg.via, cost=leg.cost, blocked=leg.refusal)
