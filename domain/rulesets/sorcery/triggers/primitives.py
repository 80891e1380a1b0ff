"""The effect primitives a triggered ability may declare as what it does (``abilities.Does``),
each carried out here through the engine's primitives: kill the unit the trigger is about,
damage it, or start an effect from the source. One table, keyed by the primitive's type."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.rulesets.sorcery.abilities import Damage, Does, Kill, StartEffect, Untap, fill
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events_combat import DamageTaken
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.triggers.common import start
from domain.rulesets.sorcery.triggers.untaps import untap
from domain.state import TriggerState


def kill(engine: Primitives, trigger: TriggerState, does: Kill) -> None:
    """Bottomless Pit: the unit dies, if it is still at the source's site."""
    subject = engine.state.units[trigger.subject or ""]
    site = engine.state.features[trigger.source]
    here = subject.alive and any(loc.split("/")[0] == site.location for loc in subject.occupied)  # any part (oversized)
    if not here:
        engine.resolver.resolved(trigger, f"{subject.id} is no longer there")
        return
    engine.resolver.resolved(trigger, f"kills {subject.id}")
    engine.kill(subject.id, rule(site.card, does.why, "triggered"), trigger.id)


def damage(engine: Primitives, trigger: TriggerState, does: Damage) -> None:
    """Walls: the unit takes the damage, and a minion whose damage reaches its defence dies."""
    source = engine.state.features[trigger.source]
    subject = engine.state.units[trigger.subject or ""]
    if not subject.alive:
        engine.resolver.resolved(trigger, f"{subject.id} is no longer in the realm")
        return
    amount = does.amount
    engine.resolver.resolved(trigger, f"{subject.id} takes {amount} damage")
    engine.emit(DamageTaken, cause=trigger.id, unit=subject.id, amount=amount, total=subject.damage + amount, source=source.id)
    engine.took_damage(subject.id, amount, trigger.id)
    if subject.kind == "minion" and engine.state.units[subject.id].damage >= subject.defence:
        engine.kill(subject.id, rule(source.card, does.why, "triggered"), trigger.id)


def start_effect(engine: Primitives, trigger: TriggerState, does: StartEffect) -> None:
    """Slumbering Giantess, Thing in the Ice, Great Old One: an effect of the source's, for its
    duration; the trigger resolves saying what it is."""
    label = does.label.format(source=trigger.source, controller=trigger.controller)
    start(engine, trigger, fill(does.spec, {"source": trigger.source}), does.duration, label)


#: each primitive a card may declare, with what carries it out
PRIMITIVES: dict[type[Does], Callable[[Primitives, TriggerState, Any], None]] = {
    Kill: kill,
    Damage: damage,
    StartEffect: start_effect,
    Untap: untap,
}
