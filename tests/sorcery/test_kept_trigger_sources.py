"""The cards with a triggered ability of each kind are kept in a table shared by every state of
the same realm and places (``triggers.match.sources``, keyed on ``rules.shared.realm_key``):
after every event of every Sorcery example and of seeded random self-play, for every kind of
moment a card of the game waits for, the kept sources (found by whichever state asked first)
are those a fresh view of the state finds (issue 20)."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.rulesets.sorcery.state import SorceryState
from domain.rulesets.sorcery.triggers.match import _sources, kinds_in_play, sources
from domain.rulesets.sorcery.view import RealmView
from domain.state import GameState
from tests.helpers import EXAMPLES, checked_after_each_event, example_events, self_played_examples

SORCERY = sorted((EXAMPLES / "sorcery").glob("*.yaml"))


def _same_as_fresh(state: GameState, where: str) -> int:
    assert isinstance(state, SorceryState)
    view = RealmView.of(state)
    compared = 0
    for kind in sorted(kinds_in_play(state), key=lambda k: k.__name__):
        assert sources(state, view, kind) == _sources(state, RealmView(state), kind), f"{where}: {kind.__name__}"
        compared += 1
    return compared


@pytest.mark.parametrize("path", SORCERY, ids=lambda p: p.stem)
def test_kept_trigger_sources_are_a_fresh_views_after_every_event_of_each_example(path: Path) -> None:
    checked_after_each_event(example_events(path), path.stem, _same_as_fresh)


def test_kept_trigger_sources_are_a_fresh_views_in_seeded_self_play() -> None:
    compared = sum(
        checked_after_each_event(events, name, _same_as_fresh)
        for events, name in self_played_examples(EXAMPLES / "sorcery", 3, range(2))
    )
    assert compared > 1_000
