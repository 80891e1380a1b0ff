"""The ``Untap`` primitive (codex: Untap): a triggered ability turns upright the units its scope
names as it resolves (Belfry: all nearby allies; Silver Valkyries: allies here; Malakhim, Sir
Gaheris: themselves), and Sugarplum Pixies' one chosen ally (a named resolver). An untapped unit may Defend and Intercept again (codex: Defend,
Intercept), which is why it matters on the opponent's turn. A unit under an effect that makes
it skip its next untap (Waveshaper) stays tapped, and that effect ends."""

from __future__ import annotations

from collections.abc import Callable

from domain.rulesets.sorcery.abilities import Untap, fill
from domain.rulesets.sorcery.effects import Scope
from domain.rulesets.sorcery.engine.flood import skips_untap
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events import UnitUntapped
from domain.rulesets.sorcery.triggers.choices import one_of
from domain.rulesets.sorcery.triggers.common import choices_of, units_in
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


def _untap_another_nearby_ally(engine: Primitives, trigger: TriggerState) -> None:
    """Sugarplum Pixies: "untap another nearby ally": one of the tapped allies nearby it (in its
    region; not the Pixies), the controller's choice when there are several."""
    source = engine.state.units[trigger.source]
    scope = Scope(near=source.id, allies_of=source.owner, exclude=source.id)
    options = [u.id for u in units_in(engine, scope) if u.tapped]
    if not options:
        engine.resolver.resolved(trigger, "no other tapped ally nearby to untap")
        return
    chosen = one_of(engine, trigger, "untap", options, "which nearby ally untaps?", "the only tapped ally nearby")
    if chosen is None:
        return  # the question waits for its answer
    unit_id, how = chosen
    engine.resolver.resolved(trigger, f"untaps {unit_id} ({how})")
    if not skips_untap(engine, unit_id, trigger.id):
        engine.emit(UnitUntapped, cause=trigger.id, unit=unit_id, reason=f"{source.card}: untap another nearby ally")


def _untap_chosen(engine: Primitives, trigger: TriggerState) -> None:
    """Helpful Hob's Genesis: the adjacent ally its command named untaps."""
    chosen = choices_of(trigger)
    if not chosen:
        engine.resolver.resolved(trigger, "no ally adjacent to untap")
        return
    unit = engine.state.units[chosen[0]]
    if not unit.alive or not unit.tapped:
        engine.resolver.resolved(trigger, f"{unit.id} is {'untapped already' if unit.alive else 'no longer in the realm'}")
        return
    engine.resolver.resolved(trigger, f"untaps {unit.id}")
    if not skips_untap(engine, unit.id, trigger.id):
        engine.emit(UnitUntapped, cause=trigger.id, unit=unit.id, reason=f"{engine.name_of(trigger.source)}: Genesis")


#: the named resolvers of untapping triggers
RESOLVERS: dict[str, Callable[[Primitives, TriggerState], None]] = {
    "untap_another_nearby_ally": _untap_another_nearby_ally,
    "untap_chosen": _untap_chosen,
}
