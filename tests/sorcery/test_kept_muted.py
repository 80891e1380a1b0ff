"""Whether a unit source is muted (silenced or disabled: codex: Silenced, Disabled) is kept in a
table shared by every state of the same realm and places (``triggers.match.muted``, keyed on
``rules.shared.realm_key``): after every event of every Sorcery example and of seeded random
self-play, for every unit where it stands and at each location of its square, the kept answer
(made by whichever state asked first) is the one a fresh view of the state gives (issue 20)."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.state import SorceryState
from domain.rulesets.sorcery.triggers.match import _muted, muted
from domain.rulesets.sorcery.view import RealmView
from domain.state import GameState
from tests.helpers import EXAMPLES, checked_after_each_event, example_events, self_played_examples

SORCERY = sorted((EXAMPLES / "sorcery").glob("*.yaml"))


def _same_as_fresh(state: GameState, where: str) -> int:
    assert isinstance(state, SorceryState)
    view = RealmView.of(state)
    compared = 0
    for unit in state.units.values():
        places = [None] if unit.location is None else [None, parse_loc(unit.location)]
        for at in places:
            assert muted(view, unit.id, at) == _muted(RealmView(state), unit.id, at), f"{where}: {unit.id} at {at}"
            compared += 1
    return compared


@pytest.mark.parametrize("path", SORCERY, ids=lambda p: p.stem)
def test_kept_muted_answers_as_a_fresh_view_after_every_event_of_each_example(path: Path) -> None:
    checked_after_each_event(example_events(path), path.stem, _same_as_fresh)


def test_kept_muted_answers_as_a_fresh_view_in_seeded_self_play() -> None:
    compared = sum(
        checked_after_each_event(events, name, _same_as_fresh)
        for events, name in self_played_examples(EXAMPLES / "sorcery", 3, range(2))
    )
    assert compared > 10_000
