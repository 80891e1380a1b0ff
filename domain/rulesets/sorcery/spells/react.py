"""Spells that answer an attack, swap places or call units into a site:

- Dodge Roll: cast by the attacked player after an attack on their ally is declared and before
  any defender (codex: Attack, step 2; Casting Spells: a timing exception); the ally's move is
  one step of its own to an adjacent location in its region (codex: Adjacent: "adjacent
  location" crosses no region boundary);
- Joust!, Call of the Sea, Backstab: cast in the main phase; their steps go on the storyline, and
  what follows the steps (the fight, the submerging) waits behind them as an ``ActivationItem``
  whose ``then`` starts with ``react:``, resolved here (``joust``, ``submerge_there``).
"""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.catalog import Card, slug
from domain.rulesets.sorcery.commands import Cast
from domain.rulesets.sorcery.engine import combat
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import BUSY, Reader
from domain.rulesets.sorcery.events import ActivationResolved
from domain.rulesets.sorcery.movement import FORCED_KINDS
from domain.rulesets.sorcery.realm import Loc, Region, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.spell_kinds import Spell
from domain.rulesets.sorcery.spells.casters import check_caster
from domain.rulesets.sorcery.spells.plan import Casting, Move, SpellPlan, Targets, carry_out
from domain.rulesets.sorcery.state import ActivationItem
from domain.rulesets.sorcery.triggers import match

DODGE_WINDOW = rule(
    "codex: Attack", "Dodge Roll is cast when an ally is attacked: after the attack is declared, before any defender",
)


def adjacent_in_region(engine: Reader, a: str, b: str) -> bool:
    """Adjacent locations: orthogonal squares in one region (codex: Adjacent)."""
    x, y = parse_loc(a), parse_loc(b)
    return x.region is y.region and y.square in engine.view().orthogonal(x.square)


class StepsInto(Targets):
    """The react spells cast in the main phase: their units step (purpose ``step:<spell>``)."""

    def planned(self, engine: Reader, casting: Casting, paths: list[tuple[str, str]], after: ActivationItem | None = None,
                unaffected: dict[str, str] | None = None) -> SpellPlan:
        purpose = f"step:{slug(casting.name)}"
        return SpellPlan(
            casting, cast=True, spell_id=casting.spell_id(engine), unaffected=unaffected or {},
            moves=[Move(unit_id, [to], purpose) for unit_id, to in paths], after=[after] if after is not None else [],
        )


class AttackedAllyMoving(StepsInto):
    """Dodge Roll: the attacked ally, then the adjacent location it moves to (none: it stays)."""

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        raise IllegalCommand(DODGE_WINDOW, f"{casting.name} is cast when an ally is attacked, not in the main phase")

    def cast_when_attacked(self, engine: Primitives, cmd: Cast, data: Card, spell: Spell) -> None:
        attack = engine.state.attack
        if attack is None or not attack.window_open or attack.defenders:
            raise IllegalCommand(DODGE_WINDOW, f"{data.name}: no attack has just been declared")
        if engine.state.storyline:
            raise IllegalCommand(BUSY)
        defending = engine.state.opponent_of(engine.state.units[attack.attacker].owner)
        player = engine.player(cmd.player, defending)
        if player != defending:
            raise IllegalCommand(DODGE_WINDOW, f"{data.name}: {player} is attacking, not attacked")
        engine.refuse_unmodelled([data.name], f"casting {data.name}")
        field = "targets"
        covers = spell.covers
        if len(cmd.targets) not in (1, 2):
            raise BadInput(f"{data.name} needs the attacked ally, then the adjacent location it moves to (or none)", field)
        ally = engine.known_unit(cmd.targets[0], field, living=True)
        if attack.target_kind != "unit" or attack.target != ally.id or ally.owner != player:
            raise IllegalCommand(rule(data.name, covers[1]), f"{ally.id} is not {player}'s attacked ally (the attack targets {attack.target})")
        by = check_caster(engine, data, player, cmd.by)
        paths: list[tuple[str, str]] = []
        if len(cmd.targets) == 2:
            to = engine.in_region(cmd.targets[1], ally.location or "", field)
            if not adjacent_in_region(engine, ally.location or "", to):
                raise IllegalCommand(
                    rule(data.name, covers[1]),
                    f"{engine.label(to)} is not a location adjacent to {engine.label(ally.location or '')} in its region (codex: Adjacent)",
                )
            if to not in engine.own_steps(ally.id):
                raise IllegalCommand(rule(data.name, covers[1]), f"{ally.id} can't move to {engine.label(to)}: not one of its steps now")
            paths = [(ally.id, to)]
        casting = Casting(data, spell, player, list(cmd.targets), "")
        unaffected = {} if paths else {ally.id: f"{player} chose no location: it stays"}
        carry_out(engine, self.planned(engine, casting, paths, unaffected=unaffected))
        match.enemy_casts(engine.resolver, data, player, by, engine.cause)
        match.after_casting(engine.resolver, data, by)


class AllySwapsWithAdjacentEnemy(StepsInto):
    """Joust!: the ally, then the enemy it targets; they swap places, and if they pass each
    other they fight."""

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        targets, field, caster, covers = casting.targets, casting.field, casting.caster, casting.spell.covers
        if len(targets) != 2:
            raise BadInput(f"{casting.name} needs the ally, then the enemy it targets", field)
        ally = engine.known_unit(targets[0], field, living=True)
        enemy = engine.known_unit(targets[1], field, living=True)
        if ally.owner != caster:
            raise IllegalCommand(rule(casting.name, covers[0]), f"{ally.id} is not an ally of {caster}'s")
        if enemy.owner == caster or not adjacent_in_region(engine, ally.location or "", enemy.location or ""):
            raise IllegalCommand(rule(casting.name, covers[0]), f"{enemy.id} is not an enemy adjacent to {ally.id} (codex: Adjacent)")
        a, b = ally.location or "", enemy.location or ""
        after = ActivationItem(source=slug(casting.name), then="react:joust", unit=ally.id, to=b, player=caster, path=[enemy.id, a])
        return self.planned(engine, casting, [(ally.id, b), (enemy.id, a)], after)


class AdjacentMinionsStepIn(StepsInto):
    """Call of the Sea: the minions adjacent to target water site step onto it, one after another
    in square order; then every minion there is submerged."""

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        targets, field = casting.targets, casting.field
        if len(targets) != 1:
            raise BadInput(f"{casting.name} needs one target water site", field)
        view = engine.view()
        square = parse_loc(engine.location(targets[0], field)).square
        if view.site_at(square) is None or not view.is_water(square):
            raise IllegalCommand(rule(casting.name, casting.spell.covers[0]), f"square {square} is not a water site")
        there = Loc(square, Region.SURFACE).text
        paths = [
            (unit.id, there) for unit in sorted(engine.state.living_units(), key=lambda u: (parse_loc(u.location or "").square, u.id))
            if unit.kind == "minion" and unit.location and unit.carried_by is None and adjacent_in_region(engine, unit.location, there)
        ]
        after = ActivationItem(
            source=slug(casting.name), then="react:submerge_there", unit=paths[0][0] if paths else "", to=there, player=casting.caster,
        )
        return self.planned(engine, casting, paths, after)


class MinionMovesToTappedMinion(StepsInto):
    """Backstab: the target minion moves to an adjacent location, if needed, where the other
    target, a tapped minion, is (its FAQ)."""

    def plan(self, engine: Reader, casting: Casting) -> SpellPlan:
        targets, field, name = casting.targets, casting.field, casting.name
        if len(targets) != 2:
            raise BadInput(f"{name} needs the target minion, then the tapped minion it strikes", field)
        mover = engine.known_unit(targets[0], field, living=True)
        struck = engine.known_unit(targets[1], field, living=True)
        if mover.kind != "minion" or struck.kind != "minion" or mover.id == struck.id:
            raise IllegalCommand(rule(name, casting.spell.covers[0]), "two different minions are its targets")
        if not struck.tapped:
            raise IllegalCommand(rule(name, "to strike another target tapped minion there"), f"{struck.id} is not tapped")
        a, b = mover.location or "", struck.location or ""
        if a == b:
            return self.planned(engine, casting, [], unaffected={mover.id: f"already at {engine.label(a)}: no move needed"})
        if not adjacent_in_region(engine, a, b):
            raise IllegalCommand(
                rule(name, casting.spell.covers[0]),
                f"{struck.id} is neither at {mover.id}'s location nor at one adjacent to it in its region (Backstab FAQ)",
            )
        return self.planned(engine, casting, [(mover.id, b)])


def joust(engine: Primitives, item: ActivationItem) -> None:
    """Joust!: if the two passed each other, they fight."""
    enemy_id, start = item.path
    ally, enemy = engine.state.units[item.unit], engine.state.units[enemy_id]
    passed = ally.alive and enemy.alive and ally.location == item.to and enemy.location == start
    if not passed:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{ally.id} and {enemy.id} did not pass each other: no fight")
        return
    engine.emit(ActivationResolved, source=item.source, outcome=f"{ally.id} and {enemy.id} passed each other: they fight")
    combat.fight(engine, engine.state.next_id("f", "fight"), [[ally.id], [enemy.id]], None, "Joust!: they passed each other", engine.cause)


def submerge_there(engine: Primitives, item: ActivationItem) -> None:
    """Call of the Sea: "Then submerge all minions there"."""
    there = item.to or ""
    below = Loc(parse_loc(there).square, Region.UNDERWATER).text
    minions = sorted(u.id for u in engine.state.living_units() if u.location == there and u.kind == "minion" and u.carried_by is None)
    listed = ", ".join(minions) or "no minion"
    engine.emit(ActivationResolved, source=item.source, outcome=f"submerges the minions atop {engine.label(there)}: {listed}")
    for unit_id in reversed(minions):
        engine.resolver.declare_path(unit_id, [there, below], "forced:submerge", None, kinds=[FORCED_KINDS["submerge"]])
