"""Speed never changes an answer: the board's distance (``RealmBoard.distance``, which a log's
tally measures every step with) reads the joined edges from a view of the state only while an
effect is recorded, since only an effect joins them (``RealmFacts.wrap``). After every event of
every Sorcery example, it is the distance read with a new view's edges, for squares across the
realm and across its edges; and the examples hold states with effects and without."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.rulesets.sorcery.board import RealmBoard
from domain.rulesets.sorcery.realm import distance
from domain.rulesets.sorcery.state import SorceryState
from domain.rulesets.sorcery.view import RealmView
from domain.state import GameState
from tests.helpers import EXAMPLES, checked_after_each_event, example_events

SORCERY = sorted((EXAMPLES / "sorcery").glob("*.yaml"))
#: pairs of squares: neighbours, a row apart, across the columns' edge and the rows' edge
PAIRS = [(1, 2), (1, 6), (1, 5), (6, 10), (1, 16), (5, 20), (3, 18), (11, 15)]


def _check(state: GameState, where: str) -> int:
    assert isinstance(state, SorceryState)
    wrap = RealmView(state).wrap  # a view of its own: the edges worked out from the effects
    board = RealmBoard(state)
    for a, b in PAIRS:
        assert board.distance(str(a), str(b)) == float(distance(a, b, *wrap)), f"{where}: {a} to {b}"
    return 1 if state.effects else 0


@pytest.mark.parametrize("path", SORCERY, ids=lambda p: p.stem)
def test_the_board_distance_is_the_one_read_with_the_edges_of_a_new_view(path: Path) -> None:
    checked_after_each_event(example_events(path), path.stem, _check)


def test_the_examples_hold_states_with_effects_and_without() -> None:
    with_effects = [checked_after_each_event(example_events(p), p.stem, _check) for p in SORCERY]
    assert 0 in with_effects and any(with_effects)
