"""Oversized units (codex: Oversized Units): a unit that occupies several locations at once.

Such a unit is recorded at one location, ``location`` (its anchor: for a Mountain Giant the
top-left square of its 2x2 area), and ``parts``, the other locations it occupies; both are in
its events (``UnitPlaced``, ``PartsMoved``) and state. Its shape is what its parts are around
the anchor, kept as it moves.

Moving: a step of the unit is a step of its anchor in one direction; every part moves the same
way. If any part can't move that way the unit can't (a part leaving the realm, a border a part
would traverse, a location a part can't enter, a level change a part can't make: a forced burrow
or submerge across land and water fails). A part only enters, and only traverses a border, when
it moves to a location the unit did not occupy before the step (codex: "only enters locations
it did not occupy", "does not traverse borders it was straddling"). ``OversizedMovement`` wraps
the ruleset's movement model and judges each step that way, so the search, the judge of a
declared step and forced movement all see the same answer; units of one location are handed to
the wrapped model unchanged.

Teleporting (codex: Teleporting Oversized Units): the unit lands in any position that includes a
place one of its parts may teleport to, turned as its controller chooses (``turn``, a quarter
turn clockwise at a time about its location, carried on the declared path's purpose).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from domain.errors import BadInput
from domain.movement import RangeOfMotion, StepOption, StepsFrom
from domain.rules import RuleRef
from domain.rulesets.sorcery.abilities import Grows
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.catalog import card
from domain.rulesets.sorcery.movement import FORCED_KINDS
from domain.rulesets.sorcery.realm import COLUMNS, ROWS, Loc, Region, parse_loc, square_at
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import SorceryState, SorceryUnit
from domain.rulesets.sorcery.view import RealmView
from domain.state import GameState

SOURCE = "codex: Oversized Units"
OFF_THE_REALM = rule(SOURCE, "every part moves the same way, and a part would leave the realm")
NO_SUCH_STEP = rule(SOURCE, "every part moves the same way, and a part has no such step")
#: a step of a growing unit to a location it occupies: it extends from that part (Megamoeba)
WITHIN = "within"
MIXED_SITES = rule(SOURCE, "it goes below only if every part can: a burrow or submerge fails across land and water sites")
BELOW = (Region.UNDERGROUND, Region.UNDERWATER)


T = TypeVar("T")


def offsets(unit: SorceryUnit) -> list[tuple[int, int]]:
    """Where each part is from the anchor, in rows and columns, the anchor first."""
    if unit.location is None:
        return []
    anchor = parse_loc(unit.location)
    return [(0, 0), *((parse_loc(p).row - anchor.row, parse_loc(p).column - anchor.column) for p in unit.parts)]


def turns_change(shape: Sequence[tuple[int, int]]) -> bool:
    """Whether some quarter turn gives the shape another outline (a T, an L, a 1x2 does; a 2x2
    or a plus does not): only then is the orientation a teleport lands it in a choice at all."""
    def outline(cells: Sequence[tuple[int, int]]) -> frozenset[tuple[int, int]]:
        top, left = min(r for r, _ in cells), min(c for _, c in cells)
        return frozenset((r - top, c - left) for r, c in cells)

    first, turned = outline(shape), list(shape)
    for _ in range(3):
        turned = [(c, -r) for r, c in turned]
        if outline(turned) != first:
            return True
    return False


def turned(shape: Sequence[tuple[int, int]], turn: int) -> list[tuple[int, int]]:
    """The shape turned ``turn`` degrees clockwise about its anchor (rows grow downwards, so a
    part to the right of the anchor comes below it after a quarter turn)."""
    found = list(shape)
    for _ in range(turn // 90 % 4):
        found = [(c, -r) for r, c in found]
    return found


def turnable(unit: SorceryUnit) -> bool:
    """Whether a teleport's controller has a turn to choose for this unit (codex: Teleporting
    Oversized Units): it has parts, does not grow, and some quarter turn changes its outline
    (an L or a 1x2; not the Giant's 2x2, whose location stays its top-left square)."""
    return bool(unit.parts) and grows(unit) is None and turns_change(offsets(unit))


def split_turn(how: str) -> tuple[str, int]:
    """A forced move's kind and the turn it lands the unit in, from a path's purpose after
    ``forced:`` (``teleport_nearby@90``): the turn rides on the declared path, so the judge of
    its step and the parts it records (``moved_parts``) see the same orientation."""
    kind, _, turn = how.partition("@")
    return kind, int(turn) if turn else 0


def turn_of(purpose: str) -> int:
    """The turn a declared path's purpose lands its unit in (0 for any path but a turned teleport)."""
    return split_turn(purpose.partition(":")[2])[1] if purpose.startswith("forced:") else 0


def with_turn(how: str, turn: int) -> str:
    """``how`` with the turn a teleport lands its unit in; unchanged for the present orientation,
    so paths declared without a turn read as they always have (logs are forever)."""
    return f"{how}@{turn}" if turn else how


def grows(unit: SorceryUnit) -> Grows | None:
    """How the unit grows, if it does (Megamoeba, Aethermoeba)."""
    return _grows_of(unit.card)


@functools.lru_cache(maxsize=4096)
def _grows_of(card_name: str) -> Grows | None:
    """How a card's unit grows, worked out once per card (its declarations never change): every
    step of every unit asks whether the unit is oversized."""
    return next((a.grows for a in abilities_of(card_name) if a.grows is not None), None)


def is_oversized(unit: SorceryUnit) -> bool:
    """Whether the unit occupies, or may come to occupy, several locations."""
    return bool(unit.parts) or _grows_of(unit.card) is not None  # ``grows`` without its call: asked at every step


def grown_power(card_name: str, occupied: Sequence[str]) -> int | None:
    """A growing unit's power: its printed power, +1 for each location it occupies (Aethermoeba:
    for each void); None for a unit that does not grow."""
    found = _grows_of(card_name)
    if found is None:
        return None
    counted = [loc for loc in occupied if found.per == "location" or parse_loc(loc).region is Region.VOID]
    return (card(card_name).attack or 0) + len(counted)


def level_at(facts: RealmView, square: int, below: bool) -> Loc | None:
    """The location of a square at a level: the surface of a site or its void; below, under the
    site (underwater for a water site, underground for a land one); None where there is none."""
    site = facts.site_at(square)
    if not below:
        return Loc(square, Region.SURFACE if site is not None else Region.VOID)
    if site is None:
        return None
    return Loc(square, Region.UNDERWATER if facts.is_water(square) else Region.UNDERGROUND)


def shape_at(facts: RealmView, shape: list[tuple[int, int]], anchor: str) -> list[Loc] | None:
    """The locations a unit of this shape occupies with its anchor at ``anchor``, the anchor
    first; None when a part would be off the realm or below no site."""
    at = parse_loc(anchor)
    below = at.region in BELOW
    found: list[Loc] = []
    for rows, columns in shape:
        row, column = at.row + rows, at.column + columns
        if not (0 <= row < ROWS and 0 <= column < COLUMNS):
            return None
        if (rows, columns) == (0, 0):
            found.append(at)
            continue
        loc = level_at(facts, square_at(row, column), below)
        if loc is None:
            return None
        found.append(loc)
    return found


def footprint(facts: RealmView, unit: SorceryUnit, anchor: str | None = None, turn: int = 0) -> list[Loc] | None:
    """The locations the unit occupies, or would with its anchor at ``anchor``, turned ``turn``
    degrees clockwise (a teleport's choice)."""
    where = anchor if anchor is not None else unit.location
    if where is None:
        return None
    if grows(unit) is not None:  # it keeps all it occupied, and has grown to ``where``
        return [parse_loc(where), *(parse_loc(loc) for loc in unit.occupied if loc != where)]
    return shape_at(facts, turned(offsets(unit), turn), where)


def area(columns: int, rows: int) -> list[tuple[int, int]]:
    """The shape of a ``columns`` x ``rows`` area whose top-left square is the anchor."""
    return [(r, c) for r in range(rows) for c in range(columns)]


class OversizedMovement:
    """The ruleset's movement model (``base``), with oversized units' steps judged part by part."""

    def __init__(self, base: Any, state: GameState, turn: int = 0) -> None:
        self.base = base
        self.state = state
        #: the orientation a teleport lands a unit in, degrees clockwise (``_teleports``)
        self.turn = turn
        self.view = RealmView.of(state)
        self.allowance_rule = getattr(base, "allowance_rule", None)
        self.live_allowance = getattr(base, "live_allowance", False)
        self._steps: dict[str, StepsFrom] = {}

    def __getattr__(self, name: str) -> Any:
        """What the wrapped model answers that is not about a step (``adjacent``, allowances)."""
        return getattr(self.base, name)

    def _oversized(self, unit_id: str) -> bool:
        unit = self.state.units.get(unit_id)
        return isinstance(unit, SorceryUnit) and is_oversized(unit)

    def no_movement(self, unit_id: str) -> RuleRef | None:
        found: RuleRef | None = self.base.no_movement(unit_id)
        return found

    def allowance(self, unit_id: str) -> Any:
        return self.base.allowance(unit_id)

    def steps_from(self, unit_id: str) -> StepsFrom:
        if not self._oversized(unit_id):
            own = getattr(self.base, "steps_from", None)
            return own(unit_id) if own is not None else StepsFrom(functools.partial(self.base.step_options, unit_id))
        found = self._steps.get(unit_id)
        if found is None:
            found = self._steps[unit_id] = StepsFrom(functools.partial(self._composite, unit_id))
        return found

    def kept_search(self, unit_id: str, asked: tuple[object, ...], search: Callable[[], T]) -> T:
        """An oversized unit's search reads its steps part by part, which no shared table keys:
        it is run for each question. Another unit's is the wrapped model's to keep (its own
        steps are the wrapped model's)."""
        own = getattr(self.base, "kept_search", None)
        if own is None or self._oversized(unit_id):
            return search()
        found: T = own(unit_id, asked, search)
        return found

    def step_options(self, unit_id: str, frm: str) -> Sequence[StepOption]:
        if not self._oversized(unit_id):
            found: Sequence[StepOption] = self.base.step_options(unit_id, frm)
            return found
        return self.steps_from(unit_id)[frm]

    def step_option(self, unit_id: str, frm: str, to: str, kind: str | None) -> StepOption | None:
        if not self._oversized(unit_id):
            direct = getattr(self.base, "step_option", None)
            if direct is not None:
                found: StepOption | None = direct(unit_id, frm, to, kind)
                return found
        return next((o for o in self.step_options(unit_id, frm) if o.to == to and (kind is None or o.kind == kind)), None)

    def _stuck(self, unit: SorceryUnit, here: list[Loc]) -> RuleRef | None:
        """What keeps the whole unit where it is: disabled, Immobile at any of its locations
        (its own steps), or never moved by force."""
        view = self.view
        if getattr(self.base, "how", None) is not None:
            found: RuleRef | None = view.unmovable(unit.id)
            return found
        for loc in here:
            found = view.disabled(unit.id, loc) or view.immobile(unit.id, loc)
            if found is not None:
                return found
        return None

    def _composite(self, unit_id: str, frm: str) -> Sequence[StepOption]:
        unit = self.view.unit(unit_id)
        if grows(unit) is not None:
            return self._growing(unit, frm)
        shape = offsets(unit)
        here = shape_at(self.view, shape, frm)
        if here is None:
            return []
        stuck = self._stuck(unit, here)
        occupied = {loc.text for loc in here}
        how = getattr(self.base, "how", None)
        if how is not None and FORCED_KINDS.get(how) == "teleport":
            landing = turned(shape, self.turn) if turnable(unit) else shape
            return self._teleports(unit_id, landing, here, occupied, stuck)
        options: list[StepOption] = []
        for anchor in self.base.step_options(unit_id, frm):
            there = shape_at(self.view, shape, anchor.to)
            options.append(self._judged(unit_id, anchor, here, there, occupied, stuck))
        return options

    def _judged(
        self, unit_id: str, anchor: StepOption, here: list[Loc], there: list[Loc] | None, occupied: set[str],
        stuck: RuleRef | None,
    ) -> StepOption:
        """The anchor's step, as a step of the whole unit: blocked by the first part that can't
        make it; stopping where any part can't survive; costing what the dearest part costs."""
        if there is None:
            return StepOption(to=anchor.to, kind=anchor.kind, cost=anchor.cost, blocked=stuck or OFF_THE_REALM)
        blocked, stops, cost = stuck, None, anchor.cost
        for old, new in zip(here, there, strict=True):
            if new.text in occupied:
                continue  # the unit was there already: this part neither enters nor traverses
            step = anchor if old == here[0] else self._part_step(unit_id, old, new, anchor.kind)
            if step is None:
                blocked = blocked or (MIXED_SITES if new.region in BELOW and old.region not in BELOW else NO_SUCH_STEP)
                continue
            blocked = blocked or step.blocked
            stops = stops or step.stops
            cost = max(cost, step.cost)
        return StepOption(to=anchor.to, kind=anchor.kind, cost=cost, blocked=blocked, stops=None if blocked else stops)

    def _growing(self, unit: SorceryUnit, frm: str) -> Sequence[StepOption]:
        """A unit that grows (Megamoeba): it extends from any part of itself, so a step to a
        location it occupies is no movement of its own (``WITHIN``: free, entering nothing),
        and a step to a new location is judged as the step of a unit there. A step within goes
        to a part adjacent to ``frm``, as every step of a declared path must (codex: Path;
        engine/attack.py ``declared_path``): its parts grew one from another, so every part is
        reached so, free, and a path the search finds is one the command accepts. Moved by force
        (the forced model has no ``adjacent``), only the steps into new locations are offered."""
        occupied = set(unit.occupied)
        options: list[StepOption] = []
        for option in self.base.step_options(unit.id, frm):
            if option.to in occupied:
                continue
            options.append(option)
        adjacent = getattr(self.base, "adjacent", None)
        if adjacent is None:
            # moved by force (a push, a teleport): the effect moves it from its location, and a
            # step within itself is no forced step (codex: Forced Movement)
            return options
        stuck = self._stuck(unit, [parse_loc(frm)])
        options.extend(
            StepOption(to=loc, kind=WITHIN, cost=0, blocked=stuck) for loc in unit.occupied
            if loc != frm and adjacent(frm, loc, unit.owner, unit.id)
        )
        return options

    def _teleports(
        self, unit_id: str, shape: list[tuple[int, int]], here: list[Loc], occupied: set[str], stuck: RuleRef | None,
    ) -> Sequence[StepOption]:
        """A teleport of the whole unit (codex: Teleporting Oversized Units): a part is chosen,
        the destination X is a place that part may teleport to, and the unit lands in any
        position that includes X, every location it then occupies legal for it and at one level.
        ``shape`` is how it lands: its present shape, or that shape turned (``self.turn``). Each
        option names where its location lands, the first way to get there that is legal kept."""
        found: dict[str, StepOption] = {}
        for part in here:
            for option in self.base.step_options(unit_id, part.text):
                target = parse_loc(option.to)
                below = target.region in BELOW
                for rows, columns in shape:
                    row, column = target.row - rows, target.column - columns
                    if not (0 <= row < ROWS and 0 <= column < COLUMNS):
                        continue
                    anchor = level_at(self.view, square_at(row, column), below)
                    there = shape_at(self.view, shape, anchor.text) if anchor is not None else None
                    if anchor is None or there is None or anchor.text == here[0].text:
                        continue
                    kept = found.get(anchor.text)
                    if kept is not None and kept.blocked is None:
                        continue
                    found[anchor.text] = self._landing(unit_id, option, here, there, occupied, stuck)
        return list(found.values())

    def _landing(
        self, unit_id: str, option: StepOption, here: list[Loc], there: list[Loc], occupied: set[str], stuck: RuleRef | None,
    ) -> StepOption:
        blocked, stops = stuck or option.blocked, option.stops
        for old, new in zip(here, there, strict=True):
            if new.text in occupied:
                continue
            blocked = blocked or self.view.entry_refusal(unit_id, old, new, option.kind)
            stops = stops or self.view.survival(unit_id, new)
        return StepOption(to=there[0].text, kind=option.kind, cost=option.cost, blocked=blocked, stops=None if blocked else stops)

    def _part_step(self, unit_id: str, old: Loc, new: Loc, kind: str) -> StepOption | None:
        options = self.base.step_options(unit_id, old.text)
        same = [o for o in options if o.to == new.text]
        return next((o for o in same if o.kind == kind), same[0] if same else None)


def movement(base: Any, state: GameState, turn: int = 0) -> Any:
    """``base``, wrapped for oversized units when the realm holds one (only then: the others'
    answers are the wrapped model's own, asked directly); a teleport lands a unit turned
    ``turn`` degrees clockwise."""
    if not isinstance(state, SorceryState):
        return base
    # ``characteristics_index`` read in place, without making its builder: every Move and Attack asks
    kept = state.__pydantic_private__["_characteristics"]  # type: ignore[index]  # set by PrivateAttr
    holds: bool | None = kept.get(_HOLDS_OVERSIZED)
    if holds is None:
        holds = kept[_HOLDS_OVERSIZED] = holds_oversized(state)
    return OversizedMovement(base, state, turn) if holds else base


#: the name ``movement`` keeps ``holds_oversized`` under, with the state's characteristics
_HOLDS_OVERSIZED = "sorcery.oversized"


def holds_oversized(state: SorceryState) -> bool:
    """Whether a living unit of the realm is oversized: kept across the events that change no
    unit's card, parts or life (``characteristics_index``), since every step's judge asks it."""
    return any(is_oversized(u) for u in state.units.values() if u.alive)


def moved_parts(facts: RealmView, unit: SorceryUnit, to: str, turn: int = 0) -> tuple[list[str], int | None]:
    """The parts of an oversized unit once its location steps to ``to``, with a growing unit's
    power then: an area moves as one (turned as a teleport lands it: ``turn``); a growing unit
    keeps what it occupied and adds ``to``."""
    there = footprint(facts, unit, to, turn if turnable(unit) else 0)
    assert there is not None  # the judge refused a step that would take a part off the realm
    parts = [loc.text for loc in there[1:]]
    return parts, grown_power(unit.card, [to, *parts])


def parts_of(facts: RealmView, card_name: str, at: str) -> list[str]:
    """The other locations a unit of this card occupies as it enters the realm at ``at`` (its
    area's top-left square, at that level): none for a unit of one location. An area that would
    leave the realm, or be below no site, is refused naming the card and the square."""
    size = next((a.size for a in abilities_of(card_name) if a.size is not None), None)
    if size is None:
        return []
    if (size.columns, size.rows) == (COLUMNS, ROWS) and parse_loc(at).square != 1:
        raise BadInput(f"{card_name} occupies all locations: its location is square 1, the realm's top-left, not {at}")
    found = shape_at(facts, area(size.columns, size.rows), at)
    if found is None:
        raise BadInput(
            f"{card_name} occupies a {size.columns}x{size.rows} area from its top-left square {at}, "
            "and that area would leave the realm (or be below no site)"
        )
    return [loc.text for loc in found[1:]]


def entered(facts: RealmView, unit: SorceryUnit, frm: str, to: str, kind: str = "") -> list[tuple[str, str]]:
    """Each part's step that enters a location (old, new): only those to a location the unit did
    not occupy before the step (codex: Oversized Units, Moving, Traversing Borders)."""
    if grows(unit) is not None:  # it grew to ``to`` from ``frm`` unless it moved within itself
        return [] if kind == WITHIN else [(frm, to)]
    shape = offsets(unit)
    before, after = shape_at(facts, shape, frm), shape_at(facts, shape, to)
    if before is None or after is None:
        return [(frm, to)]
    occupied = {loc.text for loc in before}
    return [(old.text, new.text) for old, new in zip(before, after, strict=True) if new.text not in occupied]


def shared_location(one: SorceryUnit, other: SorceryUnit) -> str | None:
    """The location two units share, if any: an oversized unit attacks a unit at any location
    it occupies, and the attack happens there (codex: Oversized Units, Attacking)."""
    mine = set(one.occupied)
    return next((loc for loc in other.occupied if loc in mine), None)


def anchor_covering(facts: RealmView, unit: SorceryUnit, location: str, anchors: Sequence[str]) -> str | None:
    """The first of ``anchors`` (reachable positions of the unit's location) at which the unit
    occupies ``location``: a defender must come to occupy the attack's location (codex:
    Oversized Units, Attacking)."""
    for anchor in anchors:
        there = footprint(facts, unit, anchor)
        if there is not None and any(loc.text == location for loc in there):
            return anchor
    return None


def spread(answer: RangeOfMotion, facts: RealmView, unit: SorceryUnit, label: Callable[[str], str], order: Callable[[str], Any]) -> RangeOfMotion:
    """An oversized unit's range of motion: every location it can come to occupy, each with the
    path of its location that gets it there first (the cheapest, then in the ruleset's order),
    so that Defend and ``sim reach`` answer for any of its locations (codex: Oversized Units).
    ``extra["occupies"]`` gives, for each position of its location, the locations it occupies."""
    paths, costs = dict(answer.paths), dict(answer.costs)
    raw: dict[str, str] = {label(loc): loc for loc in getattr(getattr(answer, "reach", None), "cost", {})}
    occupies: dict[str, list[str]] = {}
    if grows(unit) is not None:
        return answer  # its parts are in its search already, each a step within itself
    for shown in sorted(answer.paths, key=lambda k: (answer.costs.get(k, 0), order(raw.get(k) or k))):
        there = footprint(facts, unit, raw.get(shown) or shown)
        if there is None:
            continue
        occupies[shown] = [label(loc.text) for loc in there]
        for loc in there[1:]:
            name = label(loc.text)
            if name not in paths:
                paths[name], costs[name] = answer.paths[shown], answer.costs[shown]
    # a location it can't come to occupy: why it could not take its location where it would have
    reasons: dict[str, list[RuleRef]] = {}
    for shown, why in answer.reasons.items():
        there = footprint(facts, unit, raw.get(shown) or shown)
        for loc in there or []:
            name = label(loc.text)
            if name not in paths:
                reasons.setdefault(name, []).extend(r for r in why if r not in reasons.get(name, []))
    spread_answer = RangeOfMotion(
        unit=answer.unit, start=answer.start, reachable=sorted(paths, key=lambda k: order(raw.get(k) or k)), paths=paths,
        costs=costs, allowance=answer.allowance, reasons=reasons, denied=answer.denied,
        extra={**answer.extra, "occupies": occupies}, fallback=answer.fallback,
    )
    return spread_answer
