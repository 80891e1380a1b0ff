"""Speed and reshaping never change an answer: seeded self-play of every example reaches the
same state as when the hashes were committed.

Each example is played for two turns with the random policy (seed 1) and the greedy policy
(seed 2); the final state hash, the number of events and a digest of the event kinds in order
must equal ``fixtures/selfplay-hashes.json``. A change that alters one of them changes what a
game does: it is a rules change, made on purpose, and the fixture is rewritten with
``python -m tests.test_selfplay_hashes --write`` in the same commit, with the reason.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from projections.state_hash import state_hash
from sim.scenario import load_scenario
from sim.selfplay import self_play

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = Path(__file__).parent / "fixtures" / "selfplay-hashes.json"
RUNS = (("random", 1), ("greedy", 2))
TURNS = 2


def examples() -> list[Path]:
    return sorted((ROOT / "examples").rglob("*.yaml"))


def fingerprint(path: Path, policy: str, seed: int) -> dict[str, Any]:
    played = self_play(load_scenario(path), TURNS, policy, seed)
    kinds = "\n".join(type(event).__name__ for event in played.events)
    return {
        "state_hash": state_hash(played.game.state),
        "events": len(played.events),
        "event_kinds": hashlib.sha256(kinds.encode()).hexdigest()[:16],
        "verified": played.report.verified,
    }


def key(path: Path, policy: str, seed: int) -> str:
    return f"{path.relative_to(ROOT).as_posix()}|{policy}|{seed}"


def committed() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text())
    return data


@pytest.mark.parametrize("path", examples(), ids=lambda p: p.relative_to(ROOT / "examples").as_posix())
def test_seeded_self_play_reaches_the_committed_state(path: Path) -> None:
    expected = committed()
    for policy, seed in RUNS:
        name = key(path, policy, seed)
        assert name in expected, f"{name} has no committed fingerprint: write it with --write"
        assert fingerprint(path, policy, seed) == expected[name], name


def test_every_committed_fingerprint_has_its_example() -> None:
    names = {key(path, policy, seed) for path in examples() for policy, seed in RUNS}
    assert set(committed()) <= names


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.test_selfplay_hashes --write")
    table = {key(p, policy, seed): fingerprint(p, policy, seed) for p in examples() for policy, seed in RUNS}
    FIXTURE.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")
    print(f"wrote {len(table)} fingerprints to {FIXTURE}")
