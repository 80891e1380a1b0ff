"""Fewer garbage collections while games are played.

A played game makes a great many small containers that die young: events, the dicts their
fields are validated from, commands listed and dropped, a search's frontier. CPython frees them by
reference counting the moment they are dropped; its cyclic collector also walks every container
still alive after each 700 allocations (the young generation's default threshold), and again as
survivors age, which in a game means walking the same short-lived objects many times for no
cycle found. With a larger young generation most of them are gone before any walk.

Measured on the self-play benchmark's games (``benchmarks/RESULTS.md``, issue 20): a threshold of
50,000 saved 4-5% of a game on Sorcery, GODSGLOOM and Tiny Epic Tactics, about what turning the
collector off saved; cycles are still collected, only less often, so memory stays bounded.

The thresholds are the process's own, so nested and concurrent games share one raise: the first to
enter raises them, the last to leave puts back what it found. Code that sets the thresholds itself
while a game runs has them put back when the last game leaves.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

#: allocations between two collections of the young generation while a game is played
YOUNG_THRESHOLD = 50_000

_lock = threading.Lock()
_inside = 0
_found: tuple[int, ...] = ()


@contextmanager
def fewer_collections() -> Iterator[None]:
    """Play what runs inside with the young generation's threshold raised (never lowered)."""
    global _inside, _found
    with _lock:
        if _inside == 0:
            _found = gc.get_threshold()
            if _found[0] and _found[0] < YOUNG_THRESHOLD:  # 0: the caller turned collection off
                gc.set_threshold(YOUNG_THRESHOLD, *_found[1:])
        _inside += 1
    try:
        yield
    finally:
        with _lock:
            _inside -= 1
            if _inside == 0:
                gc.set_threshold(*_found)
