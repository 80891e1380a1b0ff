"""Effects of a card's own that last until something happens in the game, other than a turn
passing (engine/turn.py) or damage (``Primitives.took_damage``): Hollow One is disabled until a
Mortal or Beast dies nearby (``abilities.DiesNearby``)."""

from __future__ import annotations

from domain.events import UnitDied
from domain.rulesets.sorcery.abilities import DiesNearby
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.catalog import card
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events import EffectEnded
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.state import SorceryState


def own_disabling(state: SorceryState, unit_id: str) -> str | None:
    """The id of the effect of the unit's own that keeps it disabled, while it is in force
    (Hollow One, Shackled Demon)."""
    return next(
        (e.id for e in sorted(state.effects.values(), key=lambda e: e.id)
         if e.source == unit_id and e.duration == "while_in_realm" and getattr(e.spec, "condition", None) == "disabled"),
        None,
    )


def on_death(engine: Primitives, event: UnitDied) -> None:
    """A unit of a ``DiesNearby`` subtype, anyone's, that dies at a location nearby the card
    (its square or one of the 8 around it, in its region: digest 1.4) ends the card's effect
    for good, at once: the text is a duration, not a triggered ability."""
    unit_id, at = event.unit, event.at
    dead = engine.state.units[unit_id]
    if at is None:
        return
    there = parse_loc(at)
    view = engine.view()
    for other in sorted(engine.state.living_units(), key=lambda u: u.id):
        until = next((a.lasts_until for a in abilities_of(other.card) if isinstance(a.lasts_until, DiesNearby)), None)
        if until is None or other.location is None or other.id == unit_id:
            continue
        if not set(until.subtypes) & set(card(dead.card).subtypes):
            continue
        here = parse_loc(other.location)
        effect = own_disabling(engine.state, other.id)
        if effect is None or here.region is not there.region or there.square not in view.nearby(here.square):
            continue
        kinds = " or ".join(until.subtypes)
        engine.emit(EffectEnded, effect_id=effect, reason=f"{unit_id} ({dead.card}, a {kinds}) died nearby {other.id}")
