"""A Tiny Epic Tactics state's deep copy (``copying.copy_model``) is pydantic's, and shares nothing
mutable with the original: after every event of every example and of random self-play.

A rollback point and each game started from a kept script are such copies; a copy that shared a
list with the original, or differed from pydantic's in one field, would change what a refused
command leaves behind or where a game starts.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from pathlib import Path

import pytest
from pydantic import BaseModel

from domain.event_base import GameEvent
from domain.events import GameStarted
from domain.rulesets.tinyepic.copying import copy_value
from domain.rulesets.tinyepic.state import TetState
from domain.state import GameState
from projections.state_hash import state_hash
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests import boards
from tests.test_recording_fast_paths import _mutables

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tiny-epic-tactics"


def _check(state: TetState, where: str) -> None:
    ours, theirs = copy.deepcopy(state), BaseModel.__deepcopy__(state)
    assert type(ours) is type(theirs), where
    assert ours.model_dump() == theirs.model_dump(), where
    assert state_hash(ours) == state_hash(state), where
    assert ours.model_fields_set == theirs.model_fields_set, where
    assert set(ours.__pydantic_private__ or {}) == set(theirs.__pydantic_private__ or {}), where
    for mine, pydantics in zip(ours.units.values(), theirs.units.values(), strict=True):
        assert mine.model_fields_set == pydantics.model_fields_set, where
    originals = _mutables(state, {})
    assert not set(_mutables(ours, {})) & set(originals), f"{where}: the copy shares a list, map or model"


def _fold_and_check(events: Sequence[GameEvent], name: str) -> int:
    state: GameState | None = None
    checked = 0
    for n, event in enumerate(events, start=1):
        if isinstance(event, GameStarted):
            state = event.initial_state()
            continue
        assert state is not None
        event.fold_into(state)
        assert isinstance(state, TetState)
        _check(state, f"{name}, after event {n} ({event.name})")
        checked += 1
    return checked


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_a_states_deep_copy_is_pydantics_after_every_event_of_every_example(path: Path) -> None:
    assert _fold_and_check(list(play(load_scenario(path), strict=False).events), path.stem) > 0


@pytest.mark.parametrize("seed", range(4))
def test_a_states_deep_copy_is_pydantics_along_random_self_play(seed: int) -> None:
    played = self_play(boards.scenario("tinyepic", seed), 3, "random", seed, verify_log=False)
    assert _fold_and_check(played.events, f"random board {seed}") > 0


def test_a_list_reached_twice_is_copied_once_as_deepcopy_copies_it() -> None:
    """The memo is the one ``copy.deepcopy`` keeps: what two places hold stays one object."""
    shared = ["a", "b"]
    holder = {"x": shared, "y": [shared, 1]}
    made = copy_value(holder, {})
    assert made == holder and made["x"] is made["y"][0] and made["x"] is not shared
