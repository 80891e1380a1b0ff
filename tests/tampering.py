"""Logs changed by hand, as a careless or dishonest editor might: one field of one event at a
time, unvalidated. Verification must give the same verdict however it compares (tests of
``sim.replay``)."""

from __future__ import annotations

import random
from typing import Any

from domain.event_base import GameEvent


def changed(value: Any, rng: random.Random) -> Any:
    """Another value of the same shape, or the marker ``_SAME`` when there is none to make."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + rng.choice((1, -1))
    if isinstance(value, float):
        return value + 0.5
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return [*value, value[0]] if value else ["x"]
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        return {**value, key: changed(value[key], rng)}
    return _SAME


_SAME = object()


def tampered(events: list[GameEvent], rng: random.Random, first: int = 0, last: int | None = None) -> list[GameEvent] | None:
    """The log with one field of one event (from ``first`` up to ``last``, excluded) changed,
    unvalidated, as a hand-edited log may be."""
    index = rng.randrange(first, len(events) if last is None else last)
    event = events[index]
    names = [n for n in type(event).model_fields if n not in ("originator_id", "originator_version", "timestamp", "not_recorded", "stored_schema")]
    if not names:
        return None
    name = rng.choice(names)
    value = changed(getattr(event, name), rng)
    if value is _SAME:
        return None
    copy = list(events)
    copy[index] = event.model_copy(update={name: value})
    return copy


def outcome(check: Any, events: list[GameEvent]) -> object:
    """A verdict, or the error verifying raised (a tampered GameStarted may name no ruleset)."""
    try:
        return check(events)
    except Exception as exc:  # noqa: BLE001  # compared, not hidden: both ways must raise alike
        return (type(exc), str(exc))
