"""Peak memory of a replay, measured in a fresh process so that nothing the benchmark itself
holds (the long game, other stores) counts.

``python -m benchmarks.memory DB GAME_ID FILE`` prints JSON: the peak bytes traced by
``tracemalloc`` while the game is rebuilt from the SQLite store (``GameStore.game``) and while
``sim replay FILE`` does its work (reading the log, folding it, hashing the state).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from uuid import UUID

ROOT = Path(__file__).resolve().parent.parent


def peak(func: Callable[[], object]) -> int:
    """The most memory traced while ``func`` runs and its result is still held."""
    tracemalloc.start()
    tracemalloc.reset_peak()
    try:
        result = func()
        del result
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def measure(db: str, game_id: str, log: str) -> dict[str, int]:
    from projections.state_hash import state_hash
    from sim.app import open_store
    from sim.logfile import read_log

    store = open_store(db)
    found = {"sqlite": peak(lambda: store.game(UUID(game_id)))}
    # what `sim replay FILE` does: read the log line by line into its state, hash the state
    found["file"] = peak(lambda: state_hash(read_log(log, keep_events=False).state))
    return found


def in_subprocess(db: str, game_id: UUID, log: str) -> dict[str, int]:
    """Run ``measure`` in a new interpreter and return what it printed."""
    env = {"PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.memory", db, str(game_id), log],
        cwd=ROOT, env={**os.environ, **env}, capture_output=True, text=True, check=True,
    )
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


if __name__ == "__main__":
    print(json.dumps(measure(*sys.argv[1:4])))
