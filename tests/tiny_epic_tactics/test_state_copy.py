"""A Tiny Epic Tactics state's deep copy (``copying.copy_model``) is pydantic's, and shares nothing
mutable with the original: after every event of every example and of random self-play.

A rollback point and each game started from a kept script are such copies; a copy that shared a
list with the original, or differed from pydantic's in one field, would change what a refused
command leaves behind or where a game starts.
"""

from __future__ import annotations

import copy

import pytest
from pydantic import BaseModel

from domain.copying import copy_value
from domain.event_base import GameEvent
from domain.rulesets.tinyepic.state import TetState
from projections.state_hash import state_hash
from tests.test_recording_fast_paths import _mutables
from tests.tiny_epic_tactics.support import example_events, self_play_events, states_after_each_event


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


@pytest.mark.parametrize("name, events", list(example_events()), ids=lambda v: v if isinstance(v, str) else "")
def test_a_states_deep_copy_is_pydantics_after_every_event_of_every_example(name: str, events: list[GameEvent]) -> None:
    for state, when in states_after_each_event(events):
        _check(state, f"{name}, {when}")


@pytest.mark.parametrize("name, events", list(self_play_events(range(3))), ids=lambda v: v if isinstance(v, str) else "")
def test_a_states_deep_copy_is_pydantics_along_random_self_play(name: str, events: list[GameEvent]) -> None:
    for state, when in states_after_each_event(events):
        _check(state, f"{name}, {when}")


def test_a_list_reached_twice_is_copied_once_as_deepcopy_copies_it() -> None:
    """The memo is the one ``copy.deepcopy`` keeps: what two places hold stays one object."""
    shared = ["a", "b"]
    holder = {"x": shared, "y": [shared, 1]}
    made = copy_value(holder, {})
    assert made == holder and made["x"] is made["y"][0] and made["x"] is not shared
