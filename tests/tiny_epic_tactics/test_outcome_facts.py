"""The movement facts Tiny Epic Tactics adds to the tally (``TetOutcome.facts``) are told by the
event's class before any ``isinstance``: the tally asks every event, and most have none. That is
the plain reading only while none of the three event classes has a subclass; and on every event
of every example and of random self-play the facts are those the plain reading gives.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from domain.event_base import GameEvent
from domain.events import StepTaken
from domain.outcome import Fact
from domain.rulesets.tinyepic.events import DamageDealt, VillageVisited
from domain.rulesets.tinyepic.outcome import _WITH_FACTS, TetOutcome
from tests.tiny_epic_tactics.support import example_events, self_play_events


def _plain(event: GameEvent) -> Iterable[Fact]:
    if isinstance(event, DamageDealt):
        return ((event.unit, "damage_taken", float(event.amount)),)
    if isinstance(event, VillageVisited):
        return ((event.unit, "village_visits", 1.0),)
    if isinstance(event, StepTaken) and event.kind in ("knock back", "fall"):
        return ((event.unit, "knocked_back", 1.0),)
    return ()


def test_the_events_with_facts_have_no_subclass() -> None:
    assert _WITH_FACTS == {DamageDealt, VillageVisited, StepTaken}
    for kind in _WITH_FACTS:
        assert not kind.__subclasses__(), kind


@pytest.mark.parametrize(
    "name, events", [*example_events(), *self_play_events(range(3))], ids=lambda v: v if isinstance(v, str) else ""
)
def test_facts_are_the_plain_readings_on_every_event(name: str, events: list[GameEvent]) -> None:
    outcome = TetOutcome()
    for number, event in enumerate(events):
        assert tuple(outcome.facts(event)) == tuple(_plain(event)), f"{name}, event {number}"


def test_knocked_back_counts_the_spaces_a_knock_back_moved_the_unit_not_those_declared() -> None:
    """Digest 4: a knock back stopped by a wall at once moves the unit no space (it takes 1
    damage instead): the counter says 0, where it once counted the space declared."""
    from tests.tiny_epic_tactics.support import tet, unit

    units = [unit("f", "p1", "0,0", melee=1), unit("b", "p2", "1,0", melee=0)]
    walled = tet(levels=["0 0 1"], units=units, options={"melee_die_faces": ["knock_back"]}).game
    events = walled.issue({"command": "melee_attack", "unit": "f", "target": "b"})
    assert walled.state.units["b"].location == "1,0"
    assert sum(v for _, name, v in (f for e in events for f in TetOutcome().facts(e)) if name == "knocked_back") == 0
    units = [unit("f", "p1", "0,0", melee=1), unit("b", "p2", "1,0", melee=0)]
    open_ = tet(levels=["0 0 0"], units=units, options={"melee_die_faces": ["knock_back"]}).game
    events = open_.issue({"command": "melee_attack", "unit": "f", "target": "b"})
    assert open_.state.units["b"].location == "2,0"
    assert sum(v for _, name, v in (f for e in events for f in TetOutcome().facts(e)) if name == "knocked_back") == 1
