"""Random self-play timed against a bare aggregate, in a process of its own, under whichever code
is first on ``sys.path`` (issue 20).

The self-play case compares the code of today with the code before issue 20's work *in the same
run*: each is measured by this file run as a script in a fresh process, ``PYTHONPATH`` naming the
code's checkout. So the file imports nothing from the benchmarks or the tests, and of the
product only what every version since the work began has (``sim.scenario.load_scenario``,
``sim.selfplay.self_play(scenario, turns, policy, seed)``); today's ``TurnClock`` is read when
there is one, and today's games are played as ``sim play --games`` plays them, by one
``SelfPlayer`` of the scenario.

    python benchmarks/selfplay_probe.py SCENARIO TURNS REPEATS BATCH_SECONDS [BARE_EVENTS] [--unverified] [--policy=NAME]  -> JSON on stdout

``--unverified`` plays the games without verifying their logs (``verify_log=False``, which every
version has), as ``sim compare`` plays a game it does not store; ``--policy=greedy`` plays them
with that policy instead of the random one.

What it measures: one game first, off the clock (modules imported, tables warm), then
``REPEATS`` rounds of a bare ``eventsourcing`` aggregate recording ``BARE_EVENTS`` events to a
new SQLite file and a batch of games (as many as fill ``BATCH_SECONDS``, at least one), taking
turns, as ``benchmarks.harness.interleaved`` does. A batch rather than one game a sample: games
are played by the thousand, one after another, and a short game timed alone right after the
bare sample pays for the caches that sample emptied (about a fifth of a 3 ms Sorcery game,
measured), which a run of games pays once.
"""

from __future__ import annotations

import dataclasses
import gc
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

#: events the bare aggregate records per sample
BARE_EVENTS = 20_000
#: the seed of the game played before sampling (the samples play 0, 1, ...)
WARM_UP_SEED = 10_000


class Counter(Aggregate):
    """The bare aggregate: one event type with one integer, default mapper and transcoder."""

    @event("Created")
    def __init__(self) -> None:
        self.count = 0

    @event("Counted")
    def count_to(self, value: int) -> None:
        self.count = value


def bare_recording(events: int = BARE_EVENTS, batch: int = 1_000) -> float:
    """Seconds for a bare aggregate to record ``events`` events to a new SQLite file, saved every
    ``batch``: the normalising baseline of self-play."""
    with tempfile.TemporaryDirectory(prefix="sim-bare-") as work:
        store: Application[Any] = Application(env={
            "PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(Path(work) / "bare.sqlite"),
        })
        started = time.perf_counter()
        counter = Counter()
        for i in range(1, events):
            counter.count_to(i)
            if len(counter.pending_events) >= batch:
                store.save(counter)
        store.save(counter)
        return time.perf_counter() - started


def probe(
    scenario_path: str, turns: int, repeats: int, batch_seconds: float, bare_events: int = BARE_EVENTS, verified: bool = True,
    policy: str = "random",
) -> dict[str, Any]:
    """Median seconds per game and per bare event over ``repeats`` interleaved samples, and where
    the games' time went when the code keeps a ``TurnClock``; each game's log verified unless
    ``verified`` is false."""
    from sim.scenario import load_scenario

    scenario = load_scenario(Path(scenario_path))
    play = _player(scenario)
    play(turns, policy, WARM_UP_SEED, verify_log=verified)
    clock = _clock()
    extra: dict[str, Any] = {"verify_log": verified} if clock is None else {"verify_log": verified, "clock": clock}
    seed, games, bare, played_turns = 0, [], [], 0
    gc.collect()
    gc.freeze()  # what the warm-up left alive is not walked by every collection of the samples
    for _ in range(repeats):
        bare.append(bare_recording(bare_events) / bare_events)
        started, count = time.perf_counter(), 0
        while count == 0 or time.perf_counter() - started < batch_seconds:
            report = play(turns, policy, seed, **extra).report
            if verified and not report.verified:
                raise RuntimeError(f"seed {seed}: {report.verdict}")
            seed, count, played_turns = seed + 1, count + 1, played_turns + report.turns
        games.append((time.perf_counter() - started) / count)
    return {
        "game_seconds": statistics.median(games), "bare_event_seconds": statistics.median(bare), "games": seed,
        "turns_per_game": played_turns / seed, "turns_played": played_turns,
        "clock": None if clock is None else dataclasses.asdict(clock), "verified": verified,
    }


def _player(scenario: Any) -> Any:
    """How the code measured plays many games of one scenario, as ``sim play --games`` does:
    today's ``SelfPlayer``, or ``self_play`` game by game under the code before (which had
    no player)."""
    try:
        from sim.selfplay import SelfPlayer
    except ImportError:
        from sim.selfplay import self_play

        return lambda turns, policy, seed, **extra: self_play(scenario, turns, policy, seed, **extra)
    return SelfPlayer(scenario).play


def _clock() -> Any:
    """Today's ``TurnClock``, or none under the code before issue 20, which kept no clock."""
    try:
        from sim.selfplay import TurnClock
    except ImportError:
        return None
    return TurnClock()


def main(argv: list[str]) -> None:
    verified = "--unverified" not in argv
    policy = next((a.split("=", 1)[1] for a in argv if a.startswith("--policy=")), "random")
    scenario, turns, repeats, batch, *bare = [a for a in argv if not a.startswith("--")]
    found = probe(scenario, int(turns), int(repeats), float(batch), int(bare[0]) if bare else BARE_EVENTS, verified, policy)
    print(json.dumps(found))


if __name__ == "__main__":
    main(sys.argv[1:])
