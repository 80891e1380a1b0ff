"""Speed never changes an answer: the legal commands' sources of activated abilities
(legal.py ``_sources``) are taken to be none, without a table, while no effect is recorded and
``_none_activated`` (kept with the characteristics) says no card in play can give anything an
activated ability. After every event of every Sorcery example, and of random self-play, that
kept answer is the one rebuilt from a copy of the state that keeps nothing, and for each player
``_sources`` is what ``_sources_now`` works out from that copy; and both answers are met."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.event_base import GameEvent
from domain.rulesets.sorcery.legal import _NONE_ACTIVATED, _none_activated, _sources, _sources_now
from domain.rulesets.sorcery.state import SorceryState
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES, folded, self_played_examples, sorcery_self_play

SORCERY = sorted((EXAMPLES / "sorcery").glob("*.yaml"))


def _check_events(events: list[GameEvent], where: str) -> set[bool]:
    """Every state's comparison; the answers ``_none_activated`` gave on the way."""
    answers: set[bool] = set()
    for state, event in folded(events):
        assert isinstance(state, SorceryState)
        at = f"{where}, after {event.event_id} ({event.name})"
        fresh = state.model_copy(deep=True)  # a copy keeps nothing
        for player in state.players:
            assert _sources(state, player) == _sources_now(fresh, player), f"{at}: {player}'s sources"
        kept = state.__pydantic_private__["_characteristics"].get(_NONE_ACTIVATED)  # type: ignore[index]
        if kept is not None:
            assert kept == _none_activated(fresh), f"{at}: whether no card gives an activated ability"
            answers.add(kept)
    return answers


@pytest.mark.parametrize("path", SORCERY, ids=lambda p: p.stem)
def test_after_every_event_of_an_example_the_sources_are_those_worked_out(path: Path) -> None:
    _check_events(list(play(load_scenario(path), strict=False).events), path.stem)


@pytest.mark.parametrize("seed", range(3))
def test_after_every_event_of_random_self_play_the_sources_are_those_worked_out(seed: int) -> None:
    for events in sorcery_self_play(seed):
        _check_events(events, f"self-play seed {seed}")


def test_the_examples_and_their_self_play_meet_both_answers() -> None:
    answers: set[bool] = set()
    for path in SORCERY:
        answers |= _check_events(list(play(load_scenario(path), strict=False).events), path.stem)
    for events, name in self_played_examples(EXAMPLES / "sorcery", 2, [0]):
        answers |= _check_events(events, name)
    assert answers == {True, False}
