"""The movement facts Tiny Epic Tactics adds to the tally (``TetOutcome.facts``) are told by the
event's class before any ``isinstance``: the tally asks every event, and most have none. That is
the plain reading only while none of the three event classes has a subclass; and on every event
of every example and of random self-play the facts are those the plain reading gives.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from domain.event_base import GameEvent
from domain.outcome import Fact
from domain.rulesets.tinyepic.events import DamageDealt, KnockBackStarted, VillageVisited
from domain.rulesets.tinyepic.outcome import _WITH_FACTS, TetOutcome
from tests.tiny_epic_tactics.support import example_events, self_play_events


def _plain(event: GameEvent) -> Iterable[Fact]:
    if isinstance(event, DamageDealt):
        return ((event.unit, "damage_taken", float(event.amount)),)
    if isinstance(event, VillageVisited):
        return ((event.unit, "village_visits", 1.0),)
    if isinstance(event, KnockBackStarted):
        return ((event.unit, "knocked_back", float(event.spaces)),)
    return ()


def test_the_events_with_facts_have_no_subclass() -> None:
    assert _WITH_FACTS == {DamageDealt, VillageVisited, KnockBackStarted}
    for kind in _WITH_FACTS:
        assert not kind.__subclasses__(), kind


@pytest.mark.parametrize(
    "name, events", [*example_events(), *self_play_events(range(3))], ids=lambda v: v if isinstance(v, str) else ""
)
def test_facts_are_the_plain_readings_on_every_event(name: str, events: list[GameEvent]) -> None:
    outcome = TetOutcome()
    for number, event in enumerate(events):
        assert tuple(outcome.facts(event)) == tuple(_plain(event)), f"{name}, event {number}"
