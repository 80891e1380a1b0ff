"""A unit that needs voids in the realm (Yog-Sothoth: "Is banished without five voids"): a
state-based check, made whenever the realm settles (engine/primitives.py ``settle``: after
set-up, moves, and what a card changes at once) and when a site is played to a void, the one
change that takes voids away (engine/play.py). Pure: the engine banishes what it names."""

from __future__ import annotations

from domain.rules import RuleRef
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.realm import SQUARES
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import SorceryState
from domain.rulesets.sorcery.view import RealmView

NUMBERS = {5: "five"}


def short_of_voids(state: SorceryState, view: RealmView | None = None) -> list[tuple[str, RuleRef]]:
    """Each living unit that needs more voids than the realm has now, with the rule that
    banishes it, in id order. The view of the state (``RealmView.of``) is found only when a
    unit needs voids: settling after every step asks, and most games have no such unit."""
    needing = state.characteristics_index("sorcery.void_needs", lambda: void_needs(state))
    if not needing:
        return []
    if view is None:
        view = RealmView.of(state)
    count = sum(1 for square in SQUARES if view.site_at(square) is None)
    return [
        (unit_id, rule(card, f"is banished without {NUMBERS.get(need, need)} voids (the realm has {count})"))
        for unit_id, card, need in needing if count < need
    ]


def void_needs(state: SorceryState) -> list[tuple[str, str, int]]:
    """Each living unit whose card is banished without enough voids (Yog-Sothoth), in id order,
    with its card and how many it needs: kept across the events that change no unit's card or
    life (``characteristics_index``), since every step is settled against it."""
    return [
        (unit.id, unit.card, need) for unit in sorted(state.units.values(), key=lambda u: u.id) if unit.alive
        for need in (a.banished_without_voids for a in abilities_of(unit.card)) if need is not None
    ]
