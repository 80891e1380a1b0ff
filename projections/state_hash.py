"""Stable hashes of game state, for replays and for finding where two logs diverge.

The hash covers the folded state only (never timestamps or ids of the stored stream), so the
same game replayed anywhere hashes the same.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable

from domain.event_base import GameEvent
from domain.events import GameStarted
from domain.state import GameState


def state_hash(state: GameState, seed: int | None = None) -> str:
    """The hash of the state; of the state as if played under ``seed`` when given (two games
    told apart by their seed alone hash alike until their dice differ: ``sim diff``)."""
    dumped = state.model_dump(mode="json")
    if seed is not None:
        dumped["seed"] = seed
    canonical = json.dumps(dumped, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def fold(events: Iterable[GameEvent]) -> GameState:
    """The state after ``events``, folded without an aggregate (events are facts)."""
    state: GameState | None = None
    for event in events:
        if isinstance(event, GameStarted):
            state = event.initial_state()
        elif state is not None:
            event.fold_into(state)
    if state is None:
        raise ValueError("no GameStarted event")
    return state


def hash_chain(events: Iterable[GameEvent], seed: int | None = None) -> list[str]:
    """The state hash after each event, in order: the first differing entry between two runs
    is the first divergence. ``seed``: each state hashed as if under that seed (``state_hash``)."""
    state: GameState | None = None
    hashes: list[str] = []
    for event in events:
        if isinstance(event, GameStarted):
            state = event.initial_state()
        elif state is not None:
            event.fold_into(state)
        assert state is not None
        hashes.append(state_hash(state, seed))
    return hashes
