"""Resolvers of triggered abilities that give or take Stealth (codex: Stealth, Lose): Sly Fox,
Survivors of Serava, Swindler Troupe, Treetop Hideout, Brocéliande, Hunter's Lodge."""

from __future__ import annotations

from collections.abc import Callable

from domain.rulesets.sorcery.effects import Scope
from domain.rulesets.sorcery.engine.flood import skips_untap
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events import (
    UnitTapped,
    UnitUntapped,
)
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.triggers.common import (
    choices_of,
    start,
    units_in,
)
from domain.state import TriggerState


def _gain_stealth(engine: Primitives, trigger: TriggerState, alone: bool) -> None:
    """Sly Fox, Survivors of Serava: the minion gains Stealth, kept while it is in the realm (a
    silenced minion's Stealth is not in force: codex: Stealth)."""
    unit = engine.state.units[trigger.source]
    view = engine.view()
    if alone:
        scope = Scope(near=unit.id, enemies_of=unit.owner)
        near = sorted(
            u.id for u in engine.state.living_units()
            if u.location and view.in_scope(scope, u, parse_loc(u.location))  # type: ignore[arg-type]  # Sorcery's units
        )
        if near:
            engine.resolver.resolved(trigger, f"enemies nearby ({', '.join(near)}): {unit.id} gains no Stealth")
            return
    if "Stealth" in view.keywords(unit.id):
        engine.resolver.resolved(trigger, f"{unit.id} already has Stealth")
        return
    engine.resolver.resolved(trigger, f"{unit.id} gains Stealth")
    engine.start_effect(
        unit.id, unit.owner, {"kind": "grant", "unit": unit.id, "keywords": ["Stealth"]}, "while_in_realm",
        f"{unit.card}: {unit.id} gained Stealth", cause=trigger.id,
    )


def _give_stealth(engine: Primitives, trigger: TriggerState) -> None:
    """Swindler Troupe, Treetop Hideout: the chosen minion has Stealth for as long as it is in
    the realm (no duration is printed: docs/sorcery.md)."""
    chosen = choices_of(trigger)
    if not chosen:
        why = "declined" if trigger.ability == "genesis_may_give_stealth" else "no allied minion nearby"
        engine.resolver.resolved(trigger, f"{trigger.controller} gives Stealth to no one ({why})")
        return
    unit = engine.state.units[chosen[0]]
    if not unit.alive:
        engine.resolver.resolved(trigger, f"{unit.id} is no longer in the realm")
        return
    start(engine, trigger, {"kind": "grant", "units": [unit.id], "keywords": ["Stealth"]}, "permanent", f"{unit.id} has Stealth")


def _broceliande(engine: Primitives, trigger: TriggerState) -> None:
    """Units occupying nearby sites (codex: Nearby, for a site), fixed as it resolves: Faeries
    untap, Mortals tap, Beasts have Stealth from then on."""
    faeries = units_in(engine, Scope(near=trigger.source, subtypes=("Faerie",)))
    mortals = units_in(engine, Scope(near=trigger.source, subtypes=("Mortal",)))
    beasts = [u.id for u in units_in(engine, Scope(near=trigger.source, subtypes=("Beast",)))]
    label = (
        f"untaps {', '.join(u.id for u in faeries) or 'no Faerie'}; taps {', '.join(u.id for u in mortals) or 'no Mortal'}; "
        f"{', '.join(beasts) or 'no Beast'} {'has' if len(beasts) == 1 else 'have'} Stealth"
    )
    engine.resolver.resolved(trigger, label)
    for unit in faeries:
        if unit.tapped and not skips_untap(engine, unit.id, trigger.id):
            engine.emit(UnitUntapped, cause=trigger.id, unit=unit.id, reason="Brocéliande's Genesis")
    for unit in mortals:
        if not unit.tapped:
            engine.emit(UnitTapped, cause=trigger.id, unit=unit.id, reason="Brocéliande's Genesis")
    if beasts:
        engine.start_effect(
            trigger.source, trigger.controller, {"kind": "grant", "units": beasts, "keywords": ["Stealth"]},
            "permanent", f"Brocéliande: {', '.join(beasts)} have Stealth", cause=trigger.id,
        )


def _enemies_lose_stealth(engine: Primitives, trigger: TriggerState) -> None:
    """Hunter's Lodge: the enemies in the realm as it resolves lose Stealth for good (they can't
    gain it again: codex: Lose); units that come later are not affected (docs/sorcery.md)."""
    enemies = sorted(u.id for u in engine.state.living_units() if u.owner != trigger.controller)
    start(engine, trigger, {"kind": "lose", "units": enemies, "keywords": ["Stealth"]}, "permanent",
           f"{', '.join(enemies) or 'no enemy'} lose Stealth")


def _gain_stealth_in_the_void(engine: Primitives, trigger: TriggerState) -> None:
    """Phase Assassin: "Whenever Phase Assassin enters the void, he gains Stealth": for good (its
    mark, lost when he interacts, is not simulated: reported)."""
    unit = engine.state.units[trigger.source]
    engine.resolver.resolved(trigger, f"{unit.id} gains Stealth")
    engine.lasting(unit.id, unit.id, "grant", f"{unit.card}: {unit.id} gained Stealth entering the void", trigger.id)


def _first_to_enter(engine: Primitives, trigger: TriggerState) -> None:
    """Dark Alley: "The first minion that enters here gains Stealth": the first only, so a second
    minion that entered with it (a carrier and its passenger) gains none."""
    site = engine.state.features[trigger.source]
    unit = engine.state.units[trigger.subject or ""]
    if any(e.source == site.id and e.duration == "permanent" for e in engine.state.effects.values()):
        engine.resolver.resolved(trigger, f"{unit.id} is not the first minion to enter: no Stealth")
        return
    engine.resolver.resolved(trigger, f"{unit.id} gains Stealth")
    engine.lasting(site.id, unit.id, "grant", f"{site.card}: {unit.id}, the first minion to enter, gained Stealth", trigger.id)


#: the resolvers of this module, by the name a card's ``Resolve`` gives (triggers/registry.py)
RESOLVERS: dict[str, Callable[[Primitives, TriggerState], None]] = {
    "gain_stealth": lambda engine, trigger: _gain_stealth(engine, trigger, False),
        "gain_stealth_alone": lambda engine, trigger: _gain_stealth(engine, trigger, True),
        "give_stealth": _give_stealth,
        "broceliande": _broceliande,
        "enemies_lose_stealth": _enemies_lose_stealth,
    "gain_stealth_in_the_void": _gain_stealth_in_the_void,
    "first_to_enter_gains_stealth": _first_to_enter,
    }
