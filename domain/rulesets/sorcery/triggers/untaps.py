"""The ``Untap`` primitive (codex: Untap): a triggered ability turns upright the units its scope
names as it resolves (Belfry: all nearby allies; Silver Valkyries: allies here; Malakhim, Sir
Gaheris: themselves). An untapped unit may Defend and Intercept again (codex: Defend,
Intercept), which is why it matters on the opponent's turn. A unit under an effect that makes
it skip its next untap (Waveshaper) stays tapped, and that effect ends."""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import Untap, fill
from domain.rulesets.sorcery.effects import Scope
from domain.rulesets.sorcery.engine.flood import skips_untap
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events import UnitUntapped
from domain.rulesets.sorcery.triggers.common import units_in
from domain.state import TriggerState


def untap(engine: Primitives, trigger: TriggerState, does: Untap) -> None:
    """The scope is read as the trigger resolves: who is nearby then, tapped then."""
    scope = Scope.model_validate(fill(does.scope, {"source": trigger.source, "controller": trigger.controller}))
    tapped = [u for u in units_in(engine, scope) if u.tapped]
    name = engine.name_of(trigger.source)
    engine.resolver.resolved(trigger, f"untaps {', '.join(u.id for u in tapped)}" if tapped else "no unit to untap")
    for unit in tapped:
        if not skips_untap(engine, unit.id, trigger.id):
            engine.emit(UnitUntapped, cause=trigger.id, unit=unit.id, reason=f"{name}: untapped at the end of its controller's turn")
