"""Activated abilities that move their own unit or another one: Thundering Giant's teleport,
Draco Corvus's teleport to burrow a tapped minion, Bull Demons of Adum's charge, Persecutor's step
toward the closest Evil, River Rapids' push (codex: Teleport, Step, Push; digest 2.1, 2.7)."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.activations.base import Activated, Plan, Source
from domain.rulesets.sorcery.catalog import card, slug
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events import ActivationResolved, UnitTapped
from domain.rulesets.sorcery.movement import FORCED_KINDS, ForcedMovement
from domain.rulesets.sorcery.realm import COLUMNS, DIRECTIONS, ROWS, Loc, Region, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import ActivationItem, SorceryState, SorceryUnit
from domain.rulesets.sorcery.view import RealmView

#: the subtypes that make a minion Evil (codex: Evil)
EVIL = ("Undead", "Demon", "Monster")


class TeleportNearbyTappingOthers(Activated):
    """Thundering Giant: to another location nearby, in its region; every other unit there taps
    on its arrival (``tap_others``)."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        """Thundering Giant: to another location nearby, in its region (codex: Teleport: "nearby"
        keeps the region); on arrival every other unit there taps."""
        self.count(targets, (1,), f"{source.card} needs one target: the nearby location it teleports to")
        to = engine.in_region(targets[0], source.location, "targets")
        self.forced(engine, source, ability, "teleport_nearby", source.id, to)
        return Plan(
            moves=[(source.id, [source.location, to], "forced:teleport_nearby", [FORCED_KINDS["teleport_nearby"]])],
            after=[ActivationItem(source=source.id, then="tap_others", unit=source.id, to=to)],
        )

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        model = ForcedMovement(engine.state, "teleport_nearby")
        return [[o.to] for o in model.step_options(source.id, source.location) if o.blocked is None]


class TeleportToTappedToBurrow(Activated):
    """Draco Corvus: to a tapped minion in its region, then it burrows it if able (``burrow``)."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        """Draco Corvus: teleports to the location of a tapped minion in its region (codex: Target),
        then burrows it if able (codex: Burrowing: the verb, from the surface of a land site)."""
        self.count(targets, (1,), f"{source.card} needs one target: the tapped minion")
        target = engine.known_unit(targets[0], "targets", living=True)
        at, there = parse_loc(source.location), parse_loc(target.location or "")
        if target.id == source.id or target.kind != "minion" or not target.tapped:
            raise IllegalCommand(self.rule(source, ability), f"{target.id} is not another tapped minion")
        if there.region is not at.region:
            raise IllegalCommand(rule("codex: Target", "targets are in the source's region"), f"{target.id} is not in {source.id}'s region")
        moves: list[tuple[str, list[str], str, list[str] | None]] = []
        if there.text != at.text:  # already there: no movement (codex: Teleport)
            self.forced(engine, source, ability, "teleport_anywhere", source.id, there.text)
            moves.append((source.id, [at.text, there.text], "forced:teleport_anywhere", [FORCED_KINDS["teleport_anywhere"]]))
        return Plan(moves=moves, after=[ActivationItem(source=source.id, then="burrow", unit=target.id, to=there.text)])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        return [[u.id] for u in sorted(engine.state.living_units(), key=lambda u: u.id)]


class StepsInADirection(Activated):
    """Bull Demons of Adum: its own steps in a cardinal direction."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        """Bull Demons of Adum: its own steps, one square at a time in the direction named, in its
        region, as far as the realm goes (up to three); each is judged as it comes."""
        self.count(targets, (1,), f"{source.card} needs one target: a direction ({', '.join(DIRECTIONS)})")
        if targets[0] not in DIRECTIONS:
            raise BadInput(f"{targets[0]!r} is not a cardinal direction: {', '.join(DIRECTIONS)}", "targets")
        d_row, d_col = DIRECTIONS[targets[0]]
        columns, rows = engine.view().wrap
        at = parse_loc(source.location)
        row, column = divmod(at.square - 1, COLUMNS)
        path = [at.text]
        for _ in range(self.spec.steps):
            row, column = row + d_row, column + d_col
            row, column = (row % ROWS if rows else row), (column % COLUMNS if columns else column)
            if not (0 <= row < ROWS and 0 <= column < COLUMNS):
                break
            path.append(Loc(row * COLUMNS + column + 1, at.region).text)
        if len(path) == 1:
            raise IllegalCommand(self.rule(source, ability), f"{source.id} is at the {targets[0]} edge of the realm: no step that way")
        return Plan(moves=[(source.id, path, f"step:{slug(source.card)}", None)])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        return [[d] for d in DIRECTIONS]


def evil_minions(state: SorceryState) -> list[SorceryUnit]:
    return [
        u for u in sorted(state.living_units(), key=lambda u: u.id)
        if isinstance(u, SorceryUnit) and u.kind == "minion" and u.location and set(EVIL) & set(card(u.card).subtypes)
    ]


class StepTowardTheClosestEvil(Activated):
    """Persecutor: its own step toward the closest Evil minion."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        """Persecutor: its own step toward the closest Evil minion (codex: Evil: Undead, Demon,
        Monster), counted in squares; a tie is the player's choice (the first target)."""
        self.count(targets, (2,), f"{source.card} needs the closest Evil minion, then where it steps")
        evil = engine.known_unit(targets[0], "targets", living=True)
        at = parse_loc(source.location)
        view = engine.view()
        distances = {u.id: view.steps_apart(at.square, parse_loc(u.location or "").square) for u in evil_minions(engine.state) if u.id != source.id}
        if evil.id not in distances:
            raise IllegalCommand(rule("codex: Evil", "any minion that is an Undead, Demon, or Monster is Evil"), f"{evil.id} is not an Evil minion")
        closest = min(distances.values())
        if distances[evil.id] != closest:
            nearest = ", ".join(u for u, d in distances.items() if d == closest)
            raise IllegalCommand(self.rule(source, ability), f"{evil.id} is not the closest Evil ({nearest})")
        to = engine.in_region(targets[1], at.text, "targets")
        self.closest_step(engine, source, ability, source.id, to, parse_loc(evil.location or "").square)
        return Plan(moves=[(source.id, [at.text, to], f"step:{slug(source.card)}", None)])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        return [[u.id, to] for u in evil_minions(engine.state) for to in engine.own_steps(source.id)]


def connected_rivers(view: RealmView, square: int) -> set[int]:
    """River Rapids FAQ: "a contiguous group of adjacent sites with River in their name,
    regardless of who controls them, and which contains River Rapids" (itself included)."""
    found: set[int] = {square}
    frontier = [square]
    while frontier:
        for sq in view.orthogonal(frontier.pop()):
            site = view.site_at(sq)
            if sq not in found and site is not None and "River" in site.card:
                found.add(sq)
                frontier.append(sq)
    return found


class PushOnConnectedRivers(Activated):
    """River Rapids: a minion on its connected Rivers, pushed one step."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        """River Rapids: a minion on a connected River, atop it or submerged (River Rapids FAQ), is
        pushed one step (forced: it stays in its region, and may leave the Rivers; digest 2.7)."""
        self.count(targets, (2,), f"{source.card} needs the minion, then where it is pushed")
        minion = engine.known_unit(targets[0], "targets", living=True)
        there = parse_loc(minion.location or "")
        rivers = connected_rivers(engine.view(), parse_loc(source.location).square)
        if minion.kind != "minion" or there.region is Region.VOID or there.square not in rivers:
            raise IllegalCommand(self.rule(source, ability), f"{minion.id} is not a minion atop a River connected to {source.id}")
        to = engine.in_region(targets[1], there.text, "targets")
        self.forced(engine, source, ability, "push", minion.id, to)
        return Plan(moves=[(minion.id, [there.text, to], "forced:push", [FORCED_KINDS["push"]])])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        push = ForcedMovement(engine.state, "push")
        return [
            [u.id, o.to] for u in sorted(engine.state.living_units(), key=lambda u: u.id)
            for o in push.step_options(u.id, u.location or "") if o.blocked is None
        ]


def tap_others(engine: Primitives, item: ActivationItem) -> None:
    """Thundering Giant: "Tap all other units there on arrival."."""
    state = engine.state
    unit = state.units[item.unit]
    name = state.units[item.source].card if item.source in state.units else item.source
    if not (unit.alive and unit.location == item.to):
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} did not arrive at {engine.label(item.to or '')}: no unit taps")
        return
    others = sorted(u.id for u in state.units_at(item.to or "") if isinstance(u, SorceryUnit) and u.id != unit.id and not u.tapped)
    engine.emit(ActivationResolved, source=item.source, outcome=f"arrived at {engine.label(item.to or '')}: taps {', '.join(others) or 'no other unit'}")
    for other in others:
        engine.emit(UnitTapped, unit=other, reason=f"{name}: tapped on its arrival")


def burrow(engine: Primitives, item: ActivationItem) -> None:
    """Draco Corvus: "... to burrow it": once it has arrived, if able (digest 2.4)."""
    unit = engine.state.units[item.unit]
    source = engine.state.units[item.source]
    if not (source.alive and source.location == item.to):
        engine.emit(ActivationResolved, source=item.source, outcome=f"{source.id} did not arrive at {engine.label(item.to or '')}: {unit.id} is not burrowed")
        return
    if not unit.alive or unit.location != item.to:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} is no longer at {engine.label(item.to or '')}: not burrowed")
        return
    at = parse_loc(unit.location or "")
    below = Loc(at.square, Region.UNDERGROUND)
    if at.region is not Region.SURFACE or not engine.view().location_exists(below):
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} can't be burrowed: not atop a land site (digest 2.4)")
        return
    engine.emit(ActivationResolved, source=item.source, outcome=f"burrows {unit.id}")
    engine.resolver.declare_path(unit.id, [at.text, below.text], "forced:burrow", None, kinds=[FORCED_KINDS["burrow"]])
