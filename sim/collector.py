"""Fewer garbage collections while games are played, and between games played back to back.

A played game makes a great many small containers that die young: events, the dicts their
fields are validated from, commands listed and dropped, a search's frontier. CPython frees them by
reference counting the moment they are dropped; its cyclic collector also walks every container
still alive after each 700 allocations (the young generation's default threshold), and again as
survivors age, which in a game means walking the same short-lived objects many times for no
cycle found. With a larger young generation most of them are gone before any walk.

The raise outlasts the last game by one collection. Put back the moment a game ended, the old
threshold makes the very next allocation walk everything the game left alive (its log, its state,
what it kept), which its caller is about to drop; and every tenth such walk takes the older
generation too. So when the last game leaves, the thresholds it found are put back when the
collector next runs (a ``gc.callbacks`` hook), not at once: a caller playing games back to back
(``sim play --games``, ``sim compare``, a notebook loop, the benchmarks) drops each game before
anything walks it. The raise thus outlives a game by at most one young generation of the caller's
own allocations; ``put_back`` restores the thresholds at once for a caller that wants them so.

Measured (``benchmarks/RESULTS.md``, issue 20): the threshold of 50,000 during a game saved 4-5% of
a game; keeping it between games back to back saved 5-7.5% more (Sorcery 0.93x, Tiny Epic Tactics
0.945x, GODSGLOOM 0.925x the time a game took with the thresholds put back after each), for the
same instructions executed: the walks cost memory traffic, not work. Cycles are still collected,
only less often, so memory stays bounded.

The thresholds are the process's own, so nested and concurrent games share one raise: the first to
enter raises them, and after the last leaves the ones it found are put back, unless someone set
others meanwhile: those stay.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: allocations between two collections of the young generation while a game is played
YOUNG_THRESHOLD = 50_000

_lock = threading.Lock()
_inside = 0
#: the thresholds found when the raise in force was made
_found: tuple[int, ...] = ()
#: the thresholds this module set and has not put back yet (None: no raise of ours is in force)
_raised: tuple[int, ...] | None = None


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Play what runs inside with the young generation's threshold raised (never lowered); the
    thresholds found are put back at the first collection after the last game leaves."""
    global _inside, _found, _raised
    with _lock:
        if _inside == 0:
            current = gc.get_threshold()
            if current != _raised:  # no raise of ours in force (or someone set others): start from these
                _found, _raised = current, None
                if current[0] and current[0] < YOUNG_THRESHOLD:  # 0: the caller turned collection off
                    _raised = (YOUNG_THRESHOLD, *current[1:])
                    gc.set_threshold(*_raised)
        _inside += 1
    try:
        yield
    finally:
        with _lock:
            _inside -= 1


def put_back() -> None:
    """Put the thresholds found back now, if no game is being played and the raise is still
    in force (a caller about to do work of its own that wants the collector as it set it)."""
    with _lock:
        _put_back_locked()


def _put_back_locked() -> None:
    global _raised
    if _inside == 0 and _raised is not None:
        if gc.get_threshold() == _raised:  # else someone set thresholds of their own: they stay
            gc.set_threshold(*_found)
        _raised = None


def _on_collection(phase: str, info: dict[str, Any]) -> None:
    """The collector is about to run: with no game being played, the raise has done its work."""
    if phase != "start" or _raised is None or _inside:
        return
    if _lock.acquire(blocking=False):  # held: a game is entering or leaving now; a later collection puts it back
        try:
            _put_back_locked()
        finally:
            _lock.release()


gc.callbacks.append(_on_collection)
