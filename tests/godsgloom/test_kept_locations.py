"""The hexes ``locations.parse_location`` has read are kept with the board (its aliases and size):
after every event of every GODSGLOOM example, of seeded random self-play on random boards and of
self-play from the examples' scripts, each kept answer must be the one worked out afresh for that
state, and a hex off the mat or badly written must still be refused (and kept nowhere)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domain.errors import BadInput
from domain.rulesets.godsgloom.locations import _parsed, parse_location
from domain.rulesets.godsgloom.state import GloomState
from tests.godsgloom.examples import EXAMPLES, WHOLE_ROUND
from tests.helpers import checked_after_each_event, example_events, folded, random_board_events, self_played_examples


def _check(state: Any, where: str) -> int:
    """Read a few hexes through the kept answers (the units' own, one past the mat's edge and
    each alias), then compare everything kept with answers worked out afresh."""
    asked = [u.location for u in state.units.values() if u.location] + [f"{state.width},0", *state.aliases]
    for text in asked:
        try:
            parse_location(state, text)
        except BadInput:
            pass
    kept: dict[str, str] = state.__pydantic_private__["_board"].get("godsgloom.locations", {})
    for text, found in kept.items():
        assert found == _parsed(state, text), f"{where}: {text}"
    return len(kept)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_kept_locations_are_read_afresh_after_every_event_of_every_example(path: Path) -> None:
    checked_after_each_event(example_events(path), path.stem, _check)


@pytest.mark.parametrize("seed", range(3))
def test_kept_locations_are_read_afresh_along_random_self_play(seed: int) -> None:
    assert checked_after_each_event(random_board_events("godsgloom", seed), f"random godsgloom board {seed}", _check) > 0


def test_kept_locations_are_read_afresh_along_self_play_from_the_examples() -> None:
    compared = 0
    for events, name in self_played_examples(EXAMPLES, 2, range(2)):
        compared += checked_after_each_event(events, name, _check)
    assert compared > 0


def test_a_hex_off_the_mat_or_badly_written_is_refused_every_time_and_kept_nowhere() -> None:
    states = [state for state, _ in folded(example_events(WHOLE_ROUND))]
    state = states[-1]  # one state, changed in place: the game's last
    assert isinstance(state, GloomState) and state.width
    board: dict[str, Any] = state.__pydantic_private__["_board"]  # type: ignore[index]  # set by PrivateAttr
    for text in (f"{state.width + 3},0", "nowhere", "1,x"):
        for _ in range(2):
            with pytest.raises(BadInput):
                parse_location(state, text)
        assert text not in board.get("godsgloom.locations", {})
    assert parse_location(state, " 1,1 ") == "1,1"  # written loosely, read as the canonical text
