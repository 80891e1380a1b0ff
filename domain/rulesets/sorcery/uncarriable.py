"""Where artifacts can't be carried (Red Rock of Ravannis: "Artifacts can't be carried here.";
``Ability.uncarriable_here``). Read by Pick Up (refused there: engine/carry.py), by ``settle``
(an artifact borne there lies there: engine/primitives.py) and, under the rule option
``red_rock_bearer_enters: refused``, by the barriers (a bearer can't enter: rules/barriers.py).
Pure: it reads the state and names what the engine does."""

from __future__ import annotations

import functools

from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.state import CardState, SorceryState

#: what the refusals and the drops say, after the card's name
CANT_BE_CARRIED = "artifacts can't be carried here"


@functools.lru_cache(maxsize=1024)
def forbids_carrying(card_name: str) -> bool:
    """Whether the card says artifacts can't be carried at its location (its declarations never
    change: worked out once per card, as ``settle`` asks after every step)."""
    return any(a.uncarriable_here for a in abilities_of(card_name))


def where(state: SorceryState, feature: CardState) -> str | None:
    """An artifact's location: where it lies, or where its living bearer is."""
    if feature.bearer is not None:
        bearer = state.units.get(feature.bearer)
        return bearer.location if bearer is not None and bearer.alive else None
    return feature.location


def uncarriable_places(state: SorceryState) -> dict[str, str]:
    """The locations where artifacts can't be carried, each with the card that says so."""
    found: dict[str, str] = {}
    for feature in state.features.values():
        if feature.kind == "artifact" and forbids_carrying(feature.card):
            at = where(state, feature)
            if at is not None:
                found.setdefault(at, feature.card)
    return found


def borne_where_forbidden(state: SorceryState) -> list[tuple[CardState, str, str]]:
    """Each artifact borne at a location where artifacts can't be carried, in id order, with its
    location and the card that forbids it: what ``settle`` drops there."""
    places = uncarriable_places(state)
    if not places:
        return []
    found: list[tuple[CardState, str, str]] = []
    for feature_id in sorted(f for f, c in state.features.items() if c.bearer is not None):
        feature = state.features[feature_id]
        at = where(state, feature)
        if at is not None and at in places:
            found.append((feature, at, places[at]))
    return found
