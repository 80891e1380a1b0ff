"""Stopping (codex: Stops): when a unit stops, and what triggers then.

A unit stops when no more movement for it, or for the unit carrying it, is on the storyline; the
core records that moment as ``MoveEnded``. The codex adds that a unit must first move to then
stop: a move whose every step was refused, or a teleport to where the unit already was (which
declares no path at all), is no stop. Each move stops on its own, so two Blinks of one unit are
two stops (codex: Stops, its Blink and Orb of Ba'al Berith example).
"""

from __future__ import annotations

from collections.abc import Callable

from domain.dice import roll
from domain.events import MoveEnded
from domain.resolution import Resolver
from domain.rulesets.sorcery.abilities import Stops
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events_combat import DamageTaken
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import SorceryState
from domain.rulesets.sorcery.triggers.choices import may
from domain.rulesets.sorcery.triggers.match import kinds_present, muted, queue
from domain.rulesets.sorcery.view import RealmView
from domain.state import StepItem, TriggerState


def stopped_units(state: SorceryState, event: MoveEnded) -> list[str]:
    """The units that stop as this move ends: the mover and what it carries, if it moved at all
    and is still in the realm (codex: Stops)."""
    mover = state.units.get(event.unit)
    if event.steps_taken <= 0 or event.at is None or mover is None or not mover.alive:
        return []
    if going_on(state, mover.id, event.move_id):
        return []  # a trigger moved it mid-path (Mariner's Curse): its own path is still resolving
    carried = sorted(u.id for u in state.living_units() if u.carried_by == mover.id and u.location == event.at)
    return [mover.id, *carried]


def going_on(state: SorceryState, unit_id: str, ended: str) -> bool:
    """Whether a move of the unit other than the one that ended still has a step on the
    storyline: movement for it is left, so it has not stopped (digest 2.11, codex: Stops). A
    move a trigger declares mid-path ends before the path it interrupted goes on."""
    return any(isinstance(item, StepItem) and item.unit == unit_id and item.move_id != ended for item in state.storyline)


def stops(resolver: Resolver, event: MoveEnded) -> None:
    """``Stops``: the unit itself stopped after moving; a unit muted where it stops has no such
    ability (codex: Silenced, Disabled)."""
    state = resolver.state
    assert isinstance(state, SorceryState)
    if Stops not in kinds_present(state):
        return  # no card of the game has such an ability (most games)
    view = RealmView.of(state)
    for unit_id in stopped_units(state, event):
        unit = state.units[unit_id]
        for ability in abilities_of(unit.card):
            if type(ability.when) is Stops and not muted(view, unit_id):
                queue(resolver, ability, unit_id, unit.owner, unit_id, {"at": event.at or ""}, event.event_id)


def _damage_random_here(engine: Primitives, trigger: TriggerState) -> None:
    """Adtonitum: "may deal 3 damage to another random unit there": a "may" of her controller,
    asked only when another unit is at her location; then one die with a face per such unit, in
    id order (recorded as ``DiceRolled``), picks the one she strikes."""
    unit = engine.state.units[trigger.source]
    if not unit.alive or unit.location is None:
        engine.resolver.resolved(trigger, f"{unit.id} is no longer in the realm")
        return
    others = sorted(u.id for u in engine.state.living_units() if u.location == unit.location and u.id != unit.id)
    if not others:
        engine.resolver.resolved(trigger, f"no other unit at {engine.label(unit.location)}: nothing to damage")
        return
    if not may(engine, trigger, f"deal {DAMAGE} damage to another random unit at {engine.label(unit.location)}?",
               f"{unit.id} deals {DAMAGE} damage to a random unit there", f"{unit.id} deals no damage"):
        return
    (face,) = roll(engine.resolver, 1, len(others), f"{unit.card}: which unit takes the damage", trigger.id)
    target = engine.state.units[others[face - 1]]
    engine.emit(DamageTaken, cause=trigger.id, unit=target.id, amount=DAMAGE, total=target.damage + DAMAGE, source=unit.id)
    engine.took_damage(target.id, DAMAGE, trigger.id)
    if target.kind == "minion" and engine.state.units[target.id].damage >= target.defence:
        engine.kill(target.id, rule(unit.card, "dealt damage reaching its defence when she stopped", "triggered"), trigger.id)


DAMAGE = 3

#: the resolvers of this module, by the name a card's ``Resolve`` gives (triggers/registry.py)
RESOLVERS: dict[str, Callable[[Primitives, TriggerState], None]] = {
    "damage_random_here": _damage_random_here,
}
