"""A Tiny Epic Tactics state's deep copy (``copying.copy_model``) is pydantic's, and shares nothing
mutable with the original: after every event of every example and of random self-play, for a
copy of the state alone (which copies a unit's lists, the board's rows and the state's maps and
lists of plain values shallowly: each is held once in the state and holds plain values, checked
too) and for one within a larger copy (through the memo).

A rollback point and each game started from a kept script are such copies; a copy that shared a
list with the original, or differed from pydantic's in one field, would change what a refused
command leaves behind or where a game starts.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest
from pydantic import BaseModel

from domain.copying import ATOMS, copy_value
from domain.event_base import GameEvent
from domain.rulesets.tinyepic.state import _PLAIN_FIELDS, _UNIT_LISTS, TetState
from projections.state_hash import state_hash
from tests.test_recording_fast_paths import _mutables
from tests.tiny_epic_tactics.support import example_events, self_play_events, states_after_each_event


def _reached(value: object, counts: Counter[int]) -> Counter[int]:
    """How many times each list, dict and model inside ``value`` is reached, by identity."""
    if isinstance(value, (list, dict)) or isinstance(value, BaseModel):
        counts[id(value)] += 1
    if isinstance(value, BaseModel):
        for item in value.__dict__.values():
            _reached(item, counts)
    elif isinstance(value, dict):
        for item in value.values():
            _reached(item, counts)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _reached(item, counts)
    return counts


def _sliced_lists_held_once(state: TetState, where: str) -> None:
    """A copy of the state alone slices a unit's lists and the board's rows outside the memo:
    that is the memo's copy only while each is held once in the state and holds plain values."""
    counts = _reached(state, Counter())
    lists = [getattr(u, name) for u in state.units.values() for name in _UNIT_LISTS] + [*state.levels, *state.terrain]
    for held in lists:
        assert counts[id(held)] == 1, f"{where}: a list held twice"
        assert all(type(v) in ATOMS for v in held), f"{where}: a list of more than plain values"
    assert counts[id(state.units)] == counts[id(state.levels)] == counts[id(state.terrain)] == 1, where
    for name in _PLAIN_FIELDS:
        held = getattr(state, name)
        assert counts[id(held)] == 1, f"{where}: {name} held twice"
        values = [*held.items()] if isinstance(held, dict) else [(v, v) for v in held]
        assert all(type(k) in ATOMS and type(v) in ATOMS for k, v in values), f"{where}: {name} holds more than plain values"


def _check(state: TetState, where: str) -> None:
    _sliced_lists_held_once(state, where)
    inside = copy.deepcopy({"state": state})["state"]  # a copy within a larger one: through the memo
    assert inside.model_dump() == state.model_dump() and inside.model_fields_set == state.model_fields_set, where
    assert not set(_mutables(inside, {})) & set(_mutables(state, {})), f"{where}: the copy in a larger one shares"
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
