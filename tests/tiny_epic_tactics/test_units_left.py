"""``turns.units_left``, which the command handlers' turn checks count off the units, equals the
view's count of each player's living units (``GridView.counts``, which the legal commands read)
after every event of every Tiny Epic Tactics example and of random self-play: a Weakened token
and a repeated action are refused by the one count the listing leaves them out by."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.rulesets.tinyepic.state import TetState
from domain.rulesets.tinyepic.turns import units_left
from domain.rulesets.tinyepic.view import GridView
from tests.helpers import checked_after_each_event, example_events, random_board_events

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tiny-epic-tactics"


def _check(state: TetState, where: str) -> int:
    counts = GridView(state).counts
    for player in state.players:
        assert units_left(state, player) == counts.get(player, 0), f"{where}: {player}"
    return len(state.players)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_units_left_equals_the_views_count_after_every_event_of_every_example(path: Path) -> None:
    assert checked_after_each_event(example_events(path), path.stem, _check) > 0


@pytest.mark.parametrize("seed", range(3))
def test_units_left_equals_the_views_count_along_random_self_play(seed: int) -> None:
    assert checked_after_each_event(random_board_events("tinyepic", seed), f"random board {seed}", _check) > 0
