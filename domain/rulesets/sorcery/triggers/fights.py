"""Resolvers of triggered abilities that move a unit to fight another (codex: Fight): Giant
Shark's hunt (digest 2.8, gap 7), Awakened Mummies awake."""

from __future__ import annotations

from collections.abc import Callable

from domain.movement import shortest_path
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events_combat import FightQueued
from domain.rulesets.sorcery.realm import Loc, Region, parse_loc
from domain.rulesets.sorcery.state import FightItem
from domain.state import TriggerState


def _shark_hunt(engine: Primitives, trigger: TriggerState) -> None:
    """Moves by a fewest-steps path to the unit, then fights it (digest 2.8, gap 7)."""
    shark = engine.state.units[trigger.source]
    subject = engine.state.units[trigger.subject or ""]
    if not subject.alive or subject.location is None:
        engine.resolver.resolved(trigger, f"{subject.id} is no longer in the realm")
        return
    path = shortest_path(engine.movement(), shark.id, shark.location or "", subject.location)
    if path is None:
        engine.resolver.resolved(trigger, f"no path to {subject.id}: no movement, no fight")
        return
    where = engine.label(subject.location)
    outcome = f"moves to {where} to fight {subject.id}" if len(path) > 1 else f"fights {subject.id} at {where}"
    engine.resolver.resolved(trigger, outcome)
    if len(path) > 1:
        engine.declare_path(shark.id, path, f"trigger {trigger.id}", None, cause=trigger.id)
    fight = FightItem(
        fight_id=engine.state.next_id("f", "fight"), sides=[[shark.id], [subject.id]],
        requires=[shark.id, subject.id], cause=trigger.id,
    )
    engine.emit(FightQueued, cause=trigger.id, fight=fight, position=len(path) - 1)


def _mummies_awaken(engine: Primitives, trigger: TriggerState) -> None:
    """They unburrow (moved up by their own text, not tapped: the FAQ), then fight the enemy
    that came (codex: Fight), if both are still where the trigger found them."""


    mummies = engine.state.units[trigger.source]
    enemy = engine.state.units[trigger.subject or ""]
    here = parse_loc(mummies.location) if mummies.alive and mummies.location else None
    if here is None or here.region is not Region.UNDERGROUND:
        engine.resolver.resolved(trigger, f"{mummies.id} are no longer burrowed")
        return
    above = Loc(here.square, Region.SURFACE).text
    if not enemy.alive or enemy.location != above:
        engine.resolver.resolved(trigger, f"{enemy.id} is no longer on the ground above them")
        return
    engine.resolver.resolved(trigger, f"{mummies.id} unburrow and fight {enemy.id}")
    engine.resolver.declare_path(mummies.id, [here.text, above], "forced:raise", None, cause=trigger.id, kinds=["surface"])
    fight = FightItem(
        fight_id=engine.state.next_id("f", "fight"), sides=[[mummies.id], [enemy.id]],
        requires=[mummies.id, enemy.id], cause=trigger.id,
    )
    engine.emit(FightQueued, cause=trigger.id, fight=fight, position=1)


#: the resolvers of this module, by the name a card's ``Resolve`` gives (triggers/registry.py)
RESOLVERS: dict[str, Callable[[Primitives, TriggerState], None]] = {
    "move_to_fight": _shark_hunt,
        "unburrow_and_fight": _mummies_awaken,
    }
