"""Attacks, as far as the movement rules need them: terrain effects on damage (seed 003: Water
+1, Forest -1, Peak's unlimited range), knock back (digest 4), Counters (digest 5) and the
Ballista (seed 003). Health at 0 removes a unit.

Simplified on purpose (docs/tiny-epic-tactics.md): a Melee die shows one face of option
melee_die_faces (damage, knock back or blank); a Missile or Spell that lands deals the unit's
``ranged_damage``; Missile misses roll option miss_die_faces; Spell power-up dice, Tactic cards
and abilities are not modelled. A damaged target, and any target of the Ballista, Counters whenever it
can (option counters).

Checks are pure functions returning the refusal, shared by the command handlers and
``legal.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from domain.cached import cached_property
from domain.dice import roll
from domain.events import UnitDied
from domain.rules import RuleRef
from domain.rulesets.tinyepic.events import (
    AttackKind,
    AttackMade,
    AttackMissed,
    DamageDealt,
    KnockBackStarted,
    ResourceSpent,
    WeakenedRemoved,
)
from domain.rulesets.tinyepic.grid import (
    DIRECTIONS,
    Direction,
    Space,
    away_directions,
    direction_between,
    manhattan,
    parse_space,
)
from domain.rulesets.tinyepic.movement import board_steps
from domain.rulesets.tinyepic.state import TetState, TetUnit
from domain.rulesets.tinyepic.turns import action_refusal, drop_unused_tokens, has_ballista
from domain.rulesets.tinyepic.view import GridView, rule

if TYPE_CHECKING:
    from domain.resolution import Resolver

BALLISTA_RANGE = 4
BALLISTA_DAMAGE = 1
BALLISTA_PUSH = 1
WEAKENED_COUNTER_COST = 2

ENEMIES_ONLY = rule("Tiny Epic Tactics", "attacks target enemy units")
MELEE_ADJACENT = rule("digest 4 (Melee)", "a Melee Attack targets an enemy orthogonally adjacent at the same level")
NO_MELEE = rule("digest 4 (Melee)", "the unit has no Melee dice")
NO_MISSILE = rule("digest 5 (Missile)", "the unit has no Missile Attack")
NO_SPELL = rule("digest 5 (Spell)", "the unit has no Spell Attack")
NO_RANGED_DAMAGE = rule(
    "digest 5 (Missile, Spell); option zero_damage_ranged_attacks: refused",
    "a unit with no ranged damage has no Missile or Spell Attack: a Missile deals the damage its stat lists, and only "
    "a spell that deals damage is an attack",
)
NO_AMMO = rule("digest 5 (Missile)", "a Missile Attack costs 1 Ammo")
NO_MANA = rule("digest 5 (Spell)", "a Spell Attack costs 1 Mana")
OUT_OF_RANGE = rule(
    "digest 5 (Range)",
    "out of range: spaces are counted orthogonally over the map, never through a Portal (+1 range shooting down a "
    "level, -1 up; unlimited from a Peak)",
)
BALLISTA_ONLY = rule("seed 003, Ballista", "only a unit standing on the Ballista fires it")
BALLISTA_WHEN = rule("seed 003, Ballista", "a unit fires the Ballista after moving into it, or when it started its turn there")
BALLISTA_RANGE_RULE = rule("seed 003, Ballista", "the Ballista's target is an enemy within 4 spaces, counted as for a Missile")
BALLISTA_DIRECTION = rule("option ballista_knockback_direction", "the Ballista knocks its target back away from it")
DIED = rule("Tiny Epic Tactics", "a unit with no Health left is removed from the board")

Refusal = tuple[RuleRef, str] | None


def _target_refusal(view: GridView, unit: TetUnit, target: TetUnit) -> Refusal:
    if target.owner == unit.owner:
        return ENEMIES_ONLY, f"{target.id} is {unit.owner}'s own unit"
    return None


def melee_refusal(view: GridView, unit: TetUnit, target: TetUnit) -> Refusal:
    found = _target_refusal(view, unit, target)
    if found is not None:
        return found
    if unit.melee <= 0:
        return NO_MELEE, f"{unit.id} has no Melee dice"
    here, there = view.at(unit.id), view.at(target.id)
    if not _melee_reach(view, here, there):
        return MELEE_ADJACENT, f"{target.id} is at {there.text}, level {view.level(there)}; {unit.id} at {here.text}, level {view.level(here)}"
    return None


def _melee_reach(view: GridView, here: Space, there: Space) -> bool:
    """Orthogonally adjacent at the same level (digest 4, Melee)."""
    return direction_between(here, there) is not None and view.level(here) == view.level(there)


def may_melee(view: GridView, unit: TetUnit, target: TetUnit) -> bool:
    """``melee_refusal(...) is None``, without writing the refusal's detail: the legal commands
    ask it of every enemy of every unit that may attack, and most are out of reach (a test
    compares the two for every pair of units after every event of the examples and self-play)."""
    return (
        target.owner != unit.owner and unit.melee > 0
        and _melee_reach(view, view.at(unit.id), view.at(target.id))
    )


def in_melee_reach(view: GridView, unit: TetUnit, targets: list[TetUnit]) -> list[TetUnit]:
    """The ``targets`` that ``may_melee`` lets ``unit`` attack, in their order, with the spaces
    it may reach from where it stands read once (the board's ``MeleeReach``), each enemy's
    space looked up there rather than read and compared: the legal commands ask it of every
    unit that may attack, against every enemy (a test compares it with ``may_melee`` for every
    unit and every list of the units on the board after every event)."""
    if unit.melee <= 0:
        return []
    side = unit.owner
    # the spaces it may Melee from where it stands (the board's ``MeleeReach``); the units'
    # spaces are as the board writes them (``Space.text``)
    known = view.__dict__  # the board's steps the view keeps, looked up here first (the legal commands keep them)
    steps = known["board_steps"] if "board_steps" in known else board_steps(view)
    near = steps.melee[unit.location or ""]
    found: list[TetUnit] = []
    for target in targets:  # a loop, not a comprehension: no call of its own (most units reach no one)
        if target.location in near and target.owner != side:
            found.append(target)
    return found


def ranged_refusal(view: GridView, unit: TetUnit, target: TetUnit, kind: Literal["missile", "spell"]) -> Refusal:
    found = _target_refusal(view, unit, target)
    if found is not None:
        return found
    reach = unit.missile if kind == "missile" else unit.spell
    if reach <= 0:
        return (NO_MISSILE if kind == "missile" else NO_SPELL), f"{unit.id} has no {kind.capitalize()} range"
    if unit.ranged_damage <= 0 and view.options.zero_damage_ranged_attacks == "refused":
        return NO_RANGED_DAMAGE, f"{unit.id}'s ranged_damage is 0"
    if kind == "missile" and unit.ammo < 1:
        return NO_AMMO, f"{unit.id} has no Ammo left"
    if kind == "spell" and unit.mana < 1:
        return NO_MANA, f"{unit.id} has no Mana left"
    here, there = view.at(unit.id), view.at(target.id)
    if not view.in_range(here, there, reach):
        shown = view.effective_range(here, there, reach)
        return OUT_OF_RANGE, f"{target.id} is {manhattan(here, there)} spaces away; {unit.id}'s range there is {shown}"
    return None


def may_shoot(view: GridView, unit: TetUnit, target: TetUnit, kind: Literal["missile", "spell"]) -> bool:
    """``ranged_refusal(...) is None``, without writing the refusal's detail (as ``may_melee``)."""
    if target.owner == unit.owner:
        return False
    reach, store = (unit.missile, unit.ammo) if kind == "missile" else (unit.spell, unit.mana)
    if unit.ranged_damage <= 0 and view.options.zero_damage_ranged_attacks == "refused":
        return False
    return reach > 0 and store >= 1 and view.in_range(view.at(unit.id), view.at(target.id), reach)


def in_shot(view: GridView, unit: TetUnit, targets: list[TetUnit], kind: Literal["missile", "spell"]) -> list[TetUnit]:
    """The ``targets`` that ``may_shoot`` lets ``unit`` shoot with ``kind``, in their order, with
    the unit's space, level and terrain read once rather than once per target (``GridView.in_range``
    inline): the legal commands ask it of every unit that may shoot, against every enemy (a test
    compares it with ``may_shoot`` for every unit and every list of the units on the board after
    every event)."""
    reach, store = (unit.missile, unit.ammo) if kind == "missile" else (unit.spell, unit.mana)
    if reach <= 0 or store < 1 or (unit.ranged_damage <= 0 and view.options.zero_damage_ranged_attacks == "refused"):
        return []
    side = unit.owner
    x, y = parse_space(unit.location or "")
    state = view.state
    if state.terrain[y][x] == "peak":  # unlimited range from a Peak (seed 003, Peaks)
        return [target for target in targets if target.owner != side]
    levels = state.levels
    level = levels[y][x]
    found: list[TetUnit] = []
    for target in targets:
        if target.owner == side:
            continue
        tx, ty = parse_space(target.location or "")
        there = levels[ty][tx]
        # orthogonal counting, +1 shooting down a level, -1 up (``GridView.effective_range``)
        if abs(tx - x) + abs(ty - y) <= reach + (1 if level > there else -1 if level < there else 0):
            found.append(target)
    return found


def ballista_directions(view: GridView, unit: TetUnit, target: TetUnit) -> list[Direction]:
    """Where the Ballista may knock the target back (option ballista_knockback_direction)."""
    if view.options.ballista_knockback_direction == "any_orthogonal":
        return list(DIRECTIONS)
    return away_directions(view.at(unit.id), view.at(target.id))


def on_ballista_to_fire(view: GridView, unit: TetUnit) -> bool:
    """Whether the unit passes ``ballista_refusal``'s checks of its own (it stands on the
    Ballista, and its Move this turn ended there or it started its turn there): without them it may fire at no one.
    On a board without a Ballista (most: the legal commands ask this of every unit) it never does."""
    if not has_ballista(view.state):
        return False
    here = view.at(unit.id)
    if view.terrain(here) != "ballista":
        return False
    return view.state.ballista_starters.get(unit.id) == here.text or view.state.move_ends.get(unit.id) == here.text


def shot_gained_by_moving_back(view: GridView, unit: TetUnit) -> bool:
    """Whether a Move out and back onto the Ballista the unit stands on would let it fire, which
    it may not now (seed 003, Ballista: "after moving into this space"): it was knocked there
    (neither started its turn there, which bans the way back in and lets it fire anyway, nor
    ended its Move there), the turn allows it the shot after that Move (``action_refusal`` as
    it will read then: no third action for the turn, no Weakened unit, no repeat or third
    action while its player has another unit), and an enemy is within the shot's range
    (``ballista_refusal`` as it will read then). The legal commands list that Move
    (``moves.back_counts``)."""
    if not has_ballista(view.state):
        return False
    here = view.at(unit.id)
    state = view.state
    if view.terrain(here) != "ballista" or here.text in (state.ballista_starters.get(unit.id), state.move_ends.get(unit.id)):
        return False
    if action_refusal(state, unit, "ballista", taken="move") is not None:
        return False
    return any(
        ballista_refusal(view, unit, e, None, moved_in=True) is None
        for e in view.living if e.owner != unit.owner
    )


def ballista_refusal(
    view: GridView, unit: TetUnit, target: TetUnit, direction: Direction | None, moved_in: bool = False
) -> Refusal:
    """Why ``unit`` may not fire the Ballista at ``target`` (knocking it ``direction``), or
    None; ``moved_in``: as if its Move this turn had ended where it stands."""
    here = view.at(unit.id)
    if view.terrain(here) != "ballista":
        return BALLISTA_ONLY, f"{unit.id} stands on {view.terrain(here)} at {here.text}"
    started = moved_in or view.state.ballista_starters.get(unit.id) == here.text
    if not started and view.state.move_ends.get(unit.id) != here.text:
        how = "its Move ended elsewhere" if "move" in unit.actions else "it has not moved"
        return BALLISTA_WHEN, f"{unit.id} neither moved into it nor started its turn there ({how})"
    found = _target_refusal(view, unit, target)
    if found is not None:
        return found
    there = view.at(target.id)
    adjust = view.options.ballista_range_elevation_adjust
    if not view.in_range(here, there, BALLISTA_RANGE, elevation_adjust=adjust, peak=False):
        return BALLISTA_RANGE_RULE, f"{target.id} is {manhattan(here, there)} spaces away"
    if direction is not None and direction not in ballista_directions(view, unit, target):
        return BALLISTA_DIRECTION, f"{direction} does not take {target.id} away from the Ballista"
    return None


class Combat:
    """Resolves attacks through the resolver of one command."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver

    @cached_property
    def state(self) -> TetState:
        """The game's state, read once per ``Combat``: one serves one command (or one step's
        hook), during which events change the state object in place and never replace it (as
        ``CommandHandlers.state`` reads it once per handler)."""
        state = self.resolver.state
        assert isinstance(state, TetState)
        return state

    def view(self) -> GridView:
        return GridView(self.state)

    def unit(self, unit_id: str) -> TetUnit:
        return self.state.units[unit_id]

    def alive(self, unit_id: str) -> bool:
        unit = self.unit(unit_id)
        return unit.alive and unit.location is not None

    def attack(
        self, attacker_id: str, target_id: str, kind: AttackKind, knock_back: bool = True,
        direction: Direction | None = None, counter: bool = False,
    ) -> None:
        """One attack, its knock back, then the target's Counter (after the whole attack)."""
        emit = self.resolver.emit
        emit(AttackMade, attacker=attacker_id, target=target_id, attack=kind, counter=counter)
        attacker, target = self.unit(attacker_id), self.unit(target_id)
        push = 0
        if kind == "melee":
            faces = self.state.options.melee_die_faces
            results = roll(self.resolver, attacker.melee, len(faces), f"Melee: {attacker_id} on {target_id}")
            shown = [faces[r - 1] for r in results]
            base = shown.count("damage")
            push = shown.count("knock_back") if knock_back else 0
            direction = direction_between(self.view().at(attacker_id), self.view().at(target_id))
        elif kind == "ballista":
            base, push = BALLISTA_DAMAGE, BALLISTA_PUSH
        elif self._pay_for_shot(attacker, target, kind):
            base = attacker.ranged_damage
        elif self._wet_under_every_attack(target_id):
            base = 0  # a shot that missed was still an attack on the unit: Water's +1 (seed 003)
        else:
            return
        dealt = self.deal(target_id, base, f"{attacker_id}'s {'Counter' if counter else kind}", attack=True)
        if push and direction is not None and self.alive(target_id):
            self.knock_back(target_id, attacker_id, direction, push)
        # a Melee, Missile or Spell's target Counters when it took damage (digest 5); the
        # Ballista's "may then Counter" whatever the shot dealt (seed 003, Ballista)
        if not counter and (dealt > 0 or kind == "ballista") and self.alive(target_id) and self.alive(attacker_id):
            self.counter(target_id, attacker_id)

    def _wet_under_every_attack(self, unit_id: str) -> bool:
        """Whether an attack that deals nothing still hurts ``unit_id``: it stands in Water and
        option terrain_damage reads "+1 each time attacked" of every attack (the default)."""
        view = self.view()
        return self.state.options.terrain_damage == "every_attack" and view.terrain(view.at(unit_id)) == "water"

    def _pay_for_shot(self, attacker: TetUnit, target: TetUnit, kind: AttackKind) -> bool:
        """1 Ammo or Mana; a Missile then rolls its miss dice and pays 1 Ammo per miss, or
        misses with its Ammo gone when it can't pay (digest 5). False when the shot misses."""
        resource: Literal["ammo", "mana"] = "ammo" if kind == "missile" else "mana"
        name = "Missile Attack" if kind == "missile" else "Spell Attack"
        left = getattr(attacker, resource) - 1
        self.resolver.emit(ResourceSpent, unit=attacker.id, resource=resource, amount=1, left=left, reason=name)
        if kind != "missile" or attacker.miss_dice <= 0:
            return True
        faces = self.state.options.miss_die_faces
        results = roll(self.resolver, attacker.miss_dice, len(faces), f"Missile misses: {attacker.id} at {target.id}")
        misses = [faces[r - 1] for r in results].count("miss")
        if not misses:
            return True
        if left >= misses:
            self.resolver.emit(
                ResourceSpent, unit=attacker.id, resource="ammo", amount=misses, left=left - misses,
                reason=f"{misses} miss(es)",
            )
            return True
        if left:
            self.resolver.emit(ResourceSpent, unit=attacker.id, resource="ammo", amount=left, left=0, reason="can't pay for the misses")
        self.resolver.emit(
            AttackMissed, attacker=attacker.id, target=target.id, reason=f"{misses} miss(es), {left} Ammo left to pay",
        )
        return False

    def deal(self, unit_id: str, base: int, source: str, attack: bool, cause: str | None = None) -> int:
        """Damage to a unit. An attack's damage changes with the ground it lands on (seed 003:
        Water +1, Forest -1; option terrain_damage); a knock back's does not."""
        unit = self.unit(unit_id)
        amount, modifiers = base, []
        if attack and (base > 0 or self.state.options.terrain_damage == "every_attack"):
            terrain = self.view().terrain(self.view().at(unit_id))
            if terrain == "water":
                amount, modifiers = amount + 1, ["+1 Water"]
            elif terrain == "forest":
                amount, modifiers = max(0, amount - 1), ["-1 Forest"]
        health = unit.health - amount
        self.resolver.emit(
            DamageDealt, cause=cause, unit=unit_id, amount=amount, base=base, modifiers=modifiers, health=health,
            source=source,
        )
        if health <= 0:
            self.kill(unit_id, cause)
        return amount

    def kill(self, unit_id: str, cause: str | None = None) -> None:
        unit = self.unit(unit_id)
        self.resolver.emit(UnitDied, cause=cause, unit=unit_id, at=unit.location, rule=DIED)
        drop_unused_tokens(self.resolver, unit.owner)

    def knock_back(self, unit_id: str, by: str, direction: Direction, spaces: int) -> None:
        """Digest 4: a straight line, declared as a path whose steps the knock back model judges
        one at a time (``TetRuleset.refuse_step`` ends it at an obstacle, with its damage)."""
        self.resolver.emit(KnockBackStarted, unit=unit_id, by=by, direction=direction, spaces=spaces)
        start = self.view().at(unit_id)
        dx, dy = DIRECTIONS[direction]
        path = [start.plus(dx, dy, i).text for i in range(spaces + 1)]
        self.resolver.declare_path(unit_id, path, "knock back", None)
        self.resolver.run_to_end()

    def counter_kind(self, unit_id: str, against: str) -> AttackKind | None:
        """How a target Counters its attacker, without moving: in Melee when it can,
        else with a Missile, else a Spell, if the attacker is in range (digest 5)."""
        view = self.view()
        unit, attacker = self.unit(unit_id), self.unit(against)
        if melee_refusal(view, unit, attacker) is None:
            return "melee"
        ranged: tuple[Literal["missile", "spell"], ...] = ("missile", "spell")
        for kind in ranged:
            if ranged_refusal(view, unit, attacker, kind) is None:
                return kind
        return None

    def counter(self, unit_id: str, against: str) -> None:
        options = self.state.options
        if options.counters == "never":
            return
        kind = self.counter_kind(unit_id, against)
        if kind is None:
            return
        unit = self.unit(unit_id)
        if unit.weakened:
            if options.weakened_counter == "never" or unit.health <= WEAKENED_COUNTER_COST:
                return
            # Digest 2: the 2 Health paid to Counter are the token's price, so the token goes (the
            # rulebook's Reaction: Countering says as much). Logs from before this ruling hold a
            # ``HealthPaid`` here that left the token on; they still read and replay as recorded.
            self.resolver.emit(
                WeakenedRemoved, unit=unit_id, reason="paid for with Health to Counter",
                health_paid=WEAKENED_COUNTER_COST, health=unit.health - WEAKENED_COUNTER_COST,
            )
        self.attack(unit_id, against, kind, counter=True)
