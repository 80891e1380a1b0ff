"""Spells that push or teleport (codex: Forced Movement, Teleport; digest 2.7): each move is a
one-step path judged by the forced-movement model as it resolves (a move into a place the unit
can't enter fails there: ``StepRefused``); a spell that moves "everything" moves the artifacts
lying on the ground too (engine/artifacts.py), and says in its event what it could not move."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from domain.errors import BadInput, IllegalCommand
from domain.rules import RuleRef
from domain.rulesets.sorcery import oversized, turning
from domain.rulesets.sorcery.engine import artifacts as forced_artifacts
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.movement import FORCED_KINDS
from domain.rulesets.sorcery.realm import COLUMNS, DIRECTIONS, ROWS, Region, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.spells.plan import Casting, Move, SpellPlan, Targets
from domain.rulesets.sorcery.state import CardState


@dataclass
class Forced:
    """What a forced-movement spell moves: units and where (in order), a unit moved another way
    than the spell's usual one (Into the Abyss's pull), what it can't move and why, artifacts."""

    moves: list[tuple[str, str]] = field(default_factory=list)
    how_of: dict[str, str] = field(default_factory=dict)
    unaffected: dict[str, str] = field(default_factory=dict)
    things: list[tuple[str, str]] = field(default_factory=list)

    def unit_stays(self, unit_id: str, why: RuleRef) -> None:
        """A unit nothing moves by force (Talamh Dreig) stays where it is, as the event says."""
        self.moves = [(u, to) for u, to in self.moves if u != unit_id]
        self.unaffected[unit_id] = f"{why.source}: {why.message}"

    def artifact(self, thing_id: str, to: str | None, why: str) -> None:
        """An artifact moves to ``to``, or stays and the spell's event says why."""
        if to is None:
            self.unaffected[thing_id] = why
        else:
            self.things.append((thing_id, to))


class ForcedSpell(Targets):
    """A spell that moves units by force (``Spell.moves`` says how); one that teleports may land
    an oversized unit turned (``Casting.turn``; codex: Teleporting Oversized Units)."""

    takes_turn = True

    def collect(self, engine: Reader, casting: Casting, forced: Forced) -> None:
        raise NotImplementedError

    def artifact_target(self, engine: Reader, casting: Casting, thing: CardState, forced: Forced) -> None:
        """A spell aimed at "target minion or artifact" whose first target is an artifact."""
        raise BadInput(f"{casting.name} can't target an artifact", casting.field)

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        spell, targets = casting.spell, casting.targets
        assert spell.moves is not None
        how = spell.moves
        forced = Forced()
        if spell.moves_artifacts and targets and (thing := forced_artifacts.artifact(engine, targets[0], casting.field)) is not None:
            self.artifact_target(engine, casting, thing, forced)
        else:
            self.collect(engine, casting, forced)
        view = engine.view()
        for unit_id, _ in list(forced.moves):  # Talamh Dreig: it stays, and the event says why
            if (fixed := view.unmovable(unit_id)) is not None:
                forced.unit_stays(unit_id, fixed)
        teleported = [u for u, _ in forced.moves if FORCED_KINDS.get(forced.how_of.get(u, how)) == "teleport"]
        turn = turning.checked_turn(casting.turn, [engine.state.units[u] for u in teleported], casting.name)
        turns = {u: turn for u in teleported if oversized.turnable(engine.state.units[u])}
        for unit_id, to in forced.moves:
            frm = engine.state.units[unit_id].location or ""
            if to != frm and not turning.lands(engine.state, unit_id, forced.how_of.get(unit_id, how), to, turns.get(unit_id, 0)):
                kind = forced.how_of.get(unit_id, how)
                fits = functools.partial(turning.lands, engine.state, unit_id, kind, to, legal=True)
                note = turning.untried_turns(fits, turns.get(unit_id, 0), engine.state.units[unit_id]) if unit_id in teleported else ""
                raise IllegalCommand(
                    rule(casting.name, spell.covers[0] if spell.covers else "where the spell moves a unit"),
                    f"{unit_id} can't be moved from {engine.label(frm)} to {engine.label(to)} by {casting.name}{note}",
                )
        return SpellPlan(
            casting, cast=True, spell_id=casting.spell_id(engine), unaffected=forced.unaffected, artifacts=forced.things,
            moves=[Move.forced(u, to, forced.how_of.get(u, how), turns.get(u, 0)) for u, to in forced.moves], unmoved=True,
        )


class InADirection(ForcedSpell):
    """Windblast: everything atop sites, one step in a cardinal direction, in square order."""

    def collect(self, engine: Reader, casting: Casting, forced: Forced) -> None:
        targets = casting.targets
        if len(targets) != 1 or targets[0] not in DIRECTIONS:
            raise BadInput(f"{casting.name} needs one direction: {', '.join(DIRECTIONS)}", casting.field)
        d_row, d_col = DIRECTIONS[targets[0]]
        columns, rows = engine.view().wrap
        for unit in sorted(engine.state.living_units(), key=lambda u: (parse_loc(u.location or "").square, u.id)):
            at = parse_loc(unit.location or "")
            if at.region is not Region.SURFACE or unit.carried_by is not None:
                continue
            row, column = divmod(at.square - 1, COLUMNS)
            r, c = row + d_row, column + d_col
            r, c = (r % ROWS if rows else r), (c % COLUMNS if columns else c)
            if 0 <= r < ROWS and 0 <= c < COLUMNS:
                forced.moves.append((unit.id, str(r * COLUMNS + c + 1)))
        if casting.spell.moves_artifacts:  # "everything atop sites": the artifacts lying on surfaces too
            for thing in forced_artifacts.on_ground(engine):
                at = parse_loc(thing.location or "")
                row, column = divmod(at.square - 1, COLUMNS)
                r, c = row + d_row, column + d_col
                r, c = (r % ROWS if rows else r), (c % COLUMNS if columns else c)
                if at.region is not Region.SURFACE:
                    continue
                inside = 0 <= r < ROWS and 0 <= c < COLUMNS
                forced.artifact(
                    thing.id, *(forced_artifacts.shifted(engine.view(), thing, r * COLUMNS + c + 1) if inside else (None, "the realm ends there")),
                )


class AUnitToALocation(ForcedSpell):
    """Blink, Teleport (an ally), Displace (a minion, or an artifact: one diagonal step)."""

    def collect(self, engine: Reader, casting: Casting, forced: Forced) -> None:
        targets, field = casting.targets, casting.field
        if len(targets) != 2:
            raise BadInput(f"{casting.name} needs a unit and a location", field)
        unit = engine.known_unit(targets[0], field)
        if not unit.alive or unit.location is None:
            raise IllegalCommand(rule("codex: Target", "the target must be in the realm"), f"{unit.id} is not")
        if self.target.who == "ally" and unit.owner != casting.caster:
            raise IllegalCommand(rule(casting.name, "an ally teleports"), f"{unit.id} is not {casting.caster}'s")
        if self.target.who != "ally" and unit.kind != "minion":
            raise IllegalCommand(rule(casting.name, "targets a minion"), f"{unit.id} is not a minion")
        forced.moves.append((unit.id, engine.in_region(targets[1], unit.location, field)))

    def artifact_target(self, engine: Reader, casting: Casting, thing: CardState, forced: Forced) -> None:
        """Displace aimed at an artifact: one diagonal step, in its region; an artifact nothing
        moves by force (Iron Man Talus) stays, and the event says why."""
        targets, field, text = casting.targets, casting.field, casting.spell.covers[0]
        if len(targets) != 2:
            raise BadInput(f"{casting.name} needs an artifact and a location", field)
        if (why := forced_artifacts.unmovable(thing)) is not None:  # Iron Man Talus: nothing happens
            forced.unaffected[thing.id] = why
            return
        if thing.location is None:
            raise IllegalCommand(rule(casting.name, text), f"{thing.id} is borne by {thing.bearer}: it is not on the ground")
        forced.things.append(forced_artifacts.checked_move(engine, thing, targets[1], "diagonal", casting.name, text, field))


class AlliedMinionsToTheCaster(ForcedSpell):
    """Recall: the casting unit, then the allied minions teleported to its location."""

    def collect(self, engine: Reader, casting: Casting, forced: Forced) -> None:
        targets, field = casting.targets, casting.field
        if len(targets) < 2:
            raise BadInput(f"{casting.name} needs the casting unit, then the allied minions it teleports", field)
        destination = engine.spellcaster(casting.data, casting.caster, targets[0], field).location or ""
        for target in targets[1:]:
            unit = engine.known_unit(target, field)
            if unit.owner != casting.caster or unit.kind != "minion" or not unit.alive:
                raise IllegalCommand(rule(casting.name, "allied minions teleport"), f"{unit.id} is not a living minion of {casting.caster}'s")
            forced.moves.append((unit.id, destination))


class EachAtALocation(ForcedSpell):
    """Scatter: a location, then each unit (and artifact) there and where it is pushed, one at a
    time; every one must be named once."""

    def collect(self, engine: Reader, casting: Casting, forced: Forced) -> None:
        spell, targets, field, name = casting.spell, casting.targets, casting.field, casting.name
        if len(targets) < 1 or len(targets) % 2 != 1:
            raise BadInput(f"{name} needs a location, then each unit there and where it is pushed", field)
        there = engine.location(targets[0], field)
        named = {targets[i]: targets[i + 1] for i in range(1, len(targets), 2)}
        present = sorted(u.id for u in engine.state.living_units() if u.location == there and u.carried_by is None)
        view = engine.view()
        for unit_id in list(present):  # Talamh Dreig, as Iron Man Talus: no place for it
            if (fixed := view.unmovable(unit_id)) is not None:
                if unit_id in named:
                    raise IllegalCommand(fixed, f"{unit_id} can't be pushed by {name}: leave it out")
                present.remove(unit_id)
                forced.unit_stays(unit_id, fixed)
        lying = {f.id: f for f in forced_artifacts.on_ground(engine, there)} if spell.moves_artifacts else {}
        for thing_id in [t for t, f in lying.items() if forced_artifacts.unmovable(f)]:  # Iron Man Talus
            thing = lying.pop(thing_id)
            if thing_id in named:
                raise IllegalCommand(rule(thing.card, "can't be moved by force"), f"{thing_id} can't be pushed by {name}: leave it out")
            forced.unaffected[thing_id] = forced_artifacts.unmovable(thing) or ""
        if sorted(named) != sorted([*present, *lying]) or len(named) * 2 != len(targets) - 1:
            what = "unit and artifact" if spell.moves_artifacts else "unit"
            raise IllegalCommand(
                rule(name, spell.covers[0]),
                f"name every {what} at {engine.label(there)} once: {', '.join(sorted([*present, *lying])) or 'none'}",
            )
        for thing_id in lying:
            forced.things.append(forced_artifacts.checked_move(engine, lying[thing_id], named.pop(thing_id), "push", name, spell.covers[0], field))
        forced.moves.extend((unit_id, engine.in_region(to, there, field)) for unit_id, to in named.items())


class RoundAnArea(ForcedSpell):
    """Whirlwind: a 2x2 area's top-left square, then clockwise or counterclockwise; each unit
    (and artifact) atop its sites is pushed one step that way, in square order."""

    def collect(self, engine: Reader, casting: Casting, forced: Forced) -> None:
        targets, field = casting.targets, casting.field
        if len(targets) != 2 or targets[1] not in ("clockwise", "counterclockwise"):
            raise BadInput(f"{casting.name} needs a 2x2 area's top-left square, then clockwise or counterclockwise", field)
        top_left = parse_loc(engine.location(targets[0], field)).square
        column, row = (top_left - 1) % COLUMNS, (top_left - 1) // COLUMNS
        if column >= COLUMNS - 1 or row >= ROWS - 1:
            raise BadInput(f"a 2x2 area with top-left square {top_left} would leave the realm", field)
        ring = [top_left, top_left + 1, top_left + 1 + COLUMNS, top_left + COLUMNS]  # clockwise
        if targets[1] == "counterclockwise":
            ring.reverse()
        following = {sq: ring[(i + 1) % 4] for i, sq in enumerate(ring)}
        view = engine.view()
        for unit in sorted(engine.state.living_units(), key=lambda u: (parse_loc(u.location or "").square, u.id)):
            at = parse_loc(unit.location or "")
            if at.square in following and at.region is Region.SURFACE and view.site_at(at.square) is not None and unit.carried_by is None:
                forced.moves.append((unit.id, str(following[at.square])))
        if casting.spell.moves_artifacts:  # "each unit and artifact atop sites" in the area
            for thing in forced_artifacts.on_ground(engine):
                at = parse_loc(thing.location or "")
                if at.square in following and at.region is Region.SURFACE:
                    forced.artifact(thing.id, *forced_artifacts.shifted(view, thing, following[at.square]))


class AlliesToALocation(ForcedSpell):
    """Flanking Maneuver: a location, then the allies at one location teleported there."""

    def collect(self, engine: Reader, casting: Casting, forced: Forced) -> None:
        targets, field = casting.targets, casting.field
        if len(targets) < 2:
            raise BadInput(f"{casting.name} needs a location, then the allies it moves", field)
        destination = engine.location(targets[0], field)
        units = [engine.known_unit(t, field) for t in targets[1:]]
        if len({u.location for u in units}) != 1 or any(u.owner != casting.caster or not u.alive for u in units):
            raise IllegalCommand(rule(casting.name, "allies at one location"), "the units must be living allies at one location")
        forced.moves.extend((u.id, destination) for u in units)
