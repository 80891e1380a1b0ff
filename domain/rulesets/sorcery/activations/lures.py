"""Activated lures (codex: Lure; digest 2.7: a lure is the lured unit's own step): Coy Nixie and
Abaddon Succubus lure an enemy a step closer, then tap it or hurt it and heal; Innsmouth Dock
lures an adjacent minion to step onto it."""

from __future__ import annotations

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.activations.base import Activated, Plan, Source
from domain.rulesets.sorcery.catalog import slug
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import Reader
from domain.rulesets.sorcery.events import ActivationResolved, UnitTapped
from domain.rulesets.sorcery.events_combat import DamageTaken, LifeGained
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import ActivationItem

#: the life a player starts with and heals up to (digest gap: life totals are not the subject)
MAX_LIFE = 20


def lure_candidates(engine: Reader, player: str, enemies_only: bool) -> list[list[str]]:
    """Each unit alone (already there), or each of its own steps."""
    found: list[list[str]] = []
    for u in sorted(engine.state.living_units(), key=lambda u: u.id):
        if enemies_only and u.owner == player:
            continue
        found.append([u.id])
        found.extend([u.id, to] for to in engine.own_steps(u.id))
    return found


class LuringCloser(Activated):
    """Coy Nixie (a nearby enemy; then it taps), Abaddon Succubus (an adjacent enemy minion; on
    arrival it takes 2 damage and its controller heals 2)."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        """Coy Nixie (a nearby enemy; then it taps), Abaddon Succubus (an adjacent enemy minion; on
        arrival it takes 2 damage and its controller heals 2): a lure is the enemy's own step
        (digest 2.7) to the closest square to the source's it can step to. An enemy already at the source's location
        takes no step, and what follows still happens (Abaddon Succubus FAQ)."""
        spec = self.spec
        self.count(targets, (1, 2), f"{source.card} needs the enemy, then where it steps (none when it is already at {source.id}'s location)")
        enemy = engine.known_unit(targets[0], "targets", living=True)
        at, there = parse_loc(source.location), parse_loc(enemy.location or "")
        view = engine.view()
        if spec.who == "nearby_enemy":
            squares, what = set(view.nearby(at.square)), "an enemy nearby"
        else:
            squares, what = {at.square, *view.orthogonal(at.square)}, "an enemy minion adjacent to"
        if (
            enemy.owner == player or (spec.who == "adjacent_enemy_minion" and enemy.kind != "minion")
            or there.region is not at.region or there.square not in squares  # digest 1.4: in its region
        ):
            raise IllegalCommand(self.rule(source, ability), f"{enemy.id} is not {what} {source.id} (digest 1.4)")
        then = ActivationItem(
            source=source.id, then=spec.then, unit=enemy.id,
            amount=spec.damage, heal=spec.heal, player=player,
        )
        if there.text == at.text:
            if len(targets) != 1:
                raise IllegalCommand(self.rule(source, ability), f"{enemy.id} is already at {source.id}'s location: it takes no step")
            return Plan(after=[then.model_copy(update={"to": there.text})])
        if there.square == at.square or len(targets) != 2:
            raise IllegalCommand(self.rule(source, ability), f"{enemy.id} can't take a step closer to {source.id} from {engine.label(there.text)}")
        to = engine.in_region(targets[1], there.text, "targets")
        self.closest_step(engine, source, ability, enemy.id, to, at.square)
        return Plan(moves=[(enemy.id, [there.text, to], f"step:{slug(source.card)}", None)], after=[then.model_copy(update={"to": to})])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        return lure_candidates(engine, player, enemies_only=True)


class LuringHere(Activated):
    """Innsmouth Dock: a minion on a square next to it steps onto it."""

    def plan(self, engine: Reader, source: Source, ability: Ability, player: str, targets: list[str]) -> Plan:
        """Innsmouth Dock: a minion (anyone's) on a square orthogonally next to the Dock takes its
        own step to the Dock (its location there in the minion's region unless another is named)."""
        self.count(targets, (1, 2), f"{source.card} needs the minion, then (optionally) its location to step to")
        minion = engine.known_unit(targets[0], "targets", living=True)
        square = parse_loc(source.location).square
        there = parse_loc(minion.location or "")
        if minion.kind != "minion" or there.square not in engine.view().orthogonal(square):
            raise IllegalCommand(self.rule(source, ability), f"{minion.id} is not a minion adjacent to {source.id} (on a square next to it)")
        to = engine.in_region(targets[1] if len(targets) == 2 else str(square), there.text, "targets")
        if parse_loc(to).square != square:
            raise IllegalCommand(self.rule(source, ability), f"{engine.label(to)} is not at {source.id}")
        self.own_step(engine, source, ability, minion.id, to)
        return Plan(moves=[(minion.id, [there.text, to], f"step:{slug(source.card)}", None)])

    def candidates(self, engine: Reader, source: Source, ability: Ability, player: str) -> list[list[str]]:
        return lure_candidates(engine, player, enemies_only=False)


def tap(engine: Primitives, item: ActivationItem) -> None:
    """Coy Nixie: "Tap that enemy."."""
    state = engine.state
    unit = state.units[item.unit]
    name = state.units[item.source].card if item.source in state.units else item.source
    if not unit.alive:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} is no longer in the realm")
        return
    engine.emit(ActivationResolved, source=item.source, outcome=f"taps {unit.id}")
    if not unit.tapped:
        engine.emit(UnitTapped, unit=unit.id, reason=f"{name}: tap that enemy")


def damage_and_heal(engine: Primitives, item: ActivationItem) -> None:
    """Abaddon Succubus: "When it arrives, it takes 2 damage and you heal 2."."""
    state = engine.state
    unit = state.units[item.unit]
    name = state.units[item.source].card if item.source in state.units else item.source
    if not (unit.alive and unit.location == item.to):
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} did not arrive: no damage, no healing")
        return
    player = item.player or ""
    life = engine.state.life.get(player, MAX_LIFE)
    engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} arrived: it takes {item.amount} damage and {player} heals {item.heal}")
    event = engine.emit(DamageTaken, unit=unit.id, amount=item.amount, total=unit.damage + item.amount, source=item.source)
    engine.took_damage(unit.id, item.amount, event.event_id)
    if unit.kind == "minion" and engine.state.units[unit.id].damage >= unit.defence:
        engine.kill(unit.id, rule(name, f"{item.amount} damage to the lured minion on arrival", "activated"), event.event_id)
    engine.emit(LifeGained, player=player, amount=item.heal, total=min(MAX_LIFE, life + item.heal), source=item.source)
