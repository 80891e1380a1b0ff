"""What the last group's triggered abilities do (issue 9, abilities_last.py): Army of the Dead
leaves a Skeleton token behind each time it enters a new location (its FAQ)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from domain.rulesets.sorcery.abilities import abilities_of
from domain.state import TriggerState

if TYPE_CHECKING:
    from domain.rulesets.sorcery.engine import SorceryCommands as SorceryEngine

LEAVES_SKELETON = "leaves_skeleton"


def on_step(engine: SorceryEngine, unit_id: str, frm: str, cause: str) -> None:
    """A unit has just entered a new location from ``frm`` (any step: its own, forced, a
    teleport, carried): Army of the Dead's trigger, unless it is silenced there."""
    unit = engine.state.units[unit_id]
    for ability in abilities_of(unit.card):
        if ability.trigger != LEAVES_SKELETON or not unit.alive or unit.location is None:
            continue
        if engine.view().silenced(unit_id) is not None:
            continue
        engine.resolver.queue_trigger(LEAVES_SKELETON, ability.name, unit_id, unit.owner, unit_id, {"at": frm}, cause)


def _leave_skeleton(engine: SorceryEngine, trigger: TriggerState) -> None:
    """A Skeleton token of the Army's controller is summoned at the location the Army left
    (FAQ: summoned, it enters that location); where a Skeleton can't survive (the void, below a
    site) it dies as any minion would (digest 1.6). Its id: the Army's, then ``-skeleton-N``."""
    from domain.rulesets.sorcery import triggers
    from domain.rulesets.sorcery.catalog import card

    army = engine.state.units[trigger.source]
    at = str(trigger.params["at"])
    n = 1
    while f"{army.id}-skeleton-{n}" in engine.state.units or f"{army.id}-skeleton-{n}" in engine.state.features:
        n += 1
    token = f"{army.id}-skeleton-{n}"
    engine.resolver.resolved(trigger, f"leaves {token} behind at {engine.label(at)}")
    engine._place_unit(token, card("Skeleton"), army.owner, at, tapped=False, summoned=True)
    triggers.on_entry(engine, token, "summoned", at, trigger.id)
    engine.settle(trigger.id)


RESOLVERS: dict[str, Callable[[SorceryEngine, TriggerState], None]] = {
    LEAVES_SKELETON: _leave_skeleton,
}
