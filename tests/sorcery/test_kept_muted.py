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
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests.helpers import EXAMPLES, checked_after_each_event

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
    played = play(load_scenario(path), strict=False)
    checked_after_each_event(list(played.events), path.stem, _same_as_fresh)


def test_kept_muted_answers_as_a_fresh_view_in_seeded_self_play() -> None:
    compared = 0
    for path in SORCERY:
        if not load_scenario(path).script:
            continue
        for seed in range(2):
            events = self_play(load_scenario(path), 3, "random", seed).events
            compared += checked_after_each_event(events, f"{path.stem} seed {seed}", _same_as_fresh)
    assert compared > 10_000
