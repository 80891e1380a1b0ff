"""Many writers on one game, and many openers of one store, at once (DESIGN.md, principle 9).

Threads and processes issue commands to one game on every store; afterwards the stored stream
must have no gap or duplicate in its versions or command ids, every landed command must be
stored whole (exactly the events its caller was given), and the exported log must verify.
"""

from __future__ import annotations

import io
import multiprocessing
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from domain.errors import VersionConflict
from domain.event_base import GameEvent
from sim.api import Simulator
from sim.app import GameStore, open_store
from sim.logfile import parse_log, write_jsonl
from sim.replay import verify
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES

SHARK = EXAMPLES / "sorcery" / "05-giant-shark.yaml"
ROOT = Path(__file__).resolve().parent.parent


def run_together(count: int, work: Callable[[int], Any]) -> list[Any]:
    """Run ``work(i)`` in ``count`` threads released at the same moment; their results or errors."""
    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def main(i: int) -> None:
        barrier.wait()
        try:
            results[i] = work(i)
        except Exception as exc:  # collected and asserted on by the caller
            results[i] = exc

    threads = [threading.Thread(target=main, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def assert_stream_is_whole(store: GameStore, game_id: UUID, landed: list[list[GameEvent]]) -> None:
    """Versions 1..n and command ids c1..ck without gap or duplicate; every landed command's
    events stored exactly as its caller got them, and nothing else after the set-up; the log
    verifies under the rules."""
    events = list(store.game_events(game_id))
    assert [e.originator_version for e in events] == list(range(1, len(events) + 1))
    commands = [e.command_id for e in events if e.name == "CommandIssued"]
    assert commands == [f"c{i}" for i in range(1, len(commands) + 1)]
    by_version = {e.originator_version: e for e in events}
    landed_versions: set[int] = set()
    for returned in landed:
        versions = [e.originator_version for e in returned]
        assert versions == list(range(versions[0], versions[0] + len(versions)))
        assert returned[0].name == "CommandIssued"
        for event in returned:
            stored = by_version[event.originator_version]
            assert (stored.name, stored.payload()) == (event.name, event.payload())
        landed_versions.update(versions)
    setup_end = min(landed_versions) - 1 if landed_versions else len(events)
    assert landed_versions == set(range(setup_end + 1, len(events) + 1))
    out = io.StringIO()
    write_jsonl(events, out)
    verdict = verify(parse_log(out.getvalue(), "<export>").events)
    assert verdict.ok, verdict.message


def test_simultaneous_end_turns_for_the_same_turn_land_exactly_once(store_db: str) -> None:
    sim = Simulator(store_db)
    game = sim.load(SHARK)
    sessions = [sim.game(game.id) for _ in range(8)]  # eight players, all looking at turn 1
    results = run_together(8, lambda i: sessions[i].end_turn())
    landed = [r for r in results if isinstance(r, list)]
    assert len(landed) == 1
    assert all(isinstance(r, VersionConflict) for r in results if not isinstance(r, list))
    assert game.state.turn == 2
    assert_stream_is_whole(sim.store, game.id, landed)


def test_simultaneous_end_turns_through_one_shared_session_land_exactly_once(
    store_db: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    if store_db == ":memory:":
        pytest.skip("the in-memory store never yields the interpreter mid-command: its calls run one after the other")
    sim = Simulator(store_db)
    game = sim.load(SHARK)
    # every thread decides in turn 1 (it reads what the session saw, then stores): the store is
    # entered once all eight have read it. Without the gate, a thread the scheduler left waiting
    # past a whole command read the session after that command and rightly ended turn 2 too
    # (a CI run on a loaded host saw two land)
    store_apply, gate = game.store.apply, threading.Barrier(8)

    def gated(*args: Any, **kwargs: Any) -> Any:
        gate.wait()
        return store_apply(*args, **kwargs)

    monkeypatch.setattr(game.store, "apply", gated)
    results = run_together(8, lambda _: game.end_turn())
    assert sum(isinstance(r, list) for r in results) == 1
    assert game.state.turn == 2


def test_writers_that_look_again_after_each_conflict_advance_the_game_once_per_landed_command(store_db: str) -> None:
    sim = Simulator(store_db)
    game = sim.load(SHARK)
    start = game.version

    def player(_: int) -> list[list[GameEvent]]:
        mine: list[list[GameEvent]] = []
        session = sim.game(game.id)
        for _ in range(3):
            for _attempt in range(50):
                try:
                    mine.append(session.end_turn())
                    break
                except VersionConflict:
                    session.state  # noqa: B018  (looking again is reading the state)
        return mine

    results = run_together(4, player)
    assert not [r for r in results if isinstance(r, Exception)]
    landed = [events for mine in results for events in mine]
    assert len(landed) == 12
    assert game.state.turn == 13
    assert game.version > start
    assert_stream_is_whole(sim.store, game.id, landed)


def _end_turn_in_a_process(db: str, game_id: str, barrier: Any, results: Any) -> None:
    """One process: open the store, look at the game, wait for the others, end the turn."""
    session = Simulator(db).game(game_id)
    barrier.wait()
    try:
        events = session.end_turn()
    except VersionConflict:
        results.put(("conflict", []))
    except Exception as exc:
        results.put(("error", repr(exc)))
    else:
        results.put(("landed", [e.originator_version for e in events]))


@pytest.mark.parametrize("store_db", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True)
def test_simultaneous_end_turns_from_separate_processes_land_exactly_once(store_db: str) -> None:
    sim = Simulator(store_db)
    game = sim.load(SHARK)
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(3)
    results = context.Queue()
    processes = [
        context.Process(target=_end_turn_in_a_process, args=(store_db, str(game.id), barrier, results)) for _ in range(3)
    ]
    for process in processes:
        process.start()
    outcomes = [results.get(timeout=120) for _ in processes]
    for process in processes:
        process.join(timeout=60)
    assert [kind for kind, _ in outcomes].count("landed") == 1, outcomes
    assert {kind for kind, _ in outcomes} == {"landed", "conflict"}
    assert game.state.turn == 2
    landed_versions = next(versions for kind, versions in outcomes if kind == "landed")
    events = {e.originator_version: e for e in game.events()}
    assert_stream_is_whole(sim.store, game.id, [[events[v] for v in landed_versions]])


def test_sixteen_threads_opening_a_new_store_at_once_all_succeed(store_db: str) -> None:
    if store_db == ":memory:":
        pytest.skip("each in-memory store is its own: there is nothing shared to create")
    results = run_together(16, lambda _: open_store(store_db).game_ids())
    assert [r for r in results if isinstance(r, Exception)] == []


@pytest.mark.parametrize("store_db", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)], indirect=True)
def test_parallel_sim_runs_on_a_new_store_all_store_their_game(store_db: str) -> None:
    runs = [
        subprocess.Popen(
            [sys.executable, "-m", "sim.cli", "run", str(SHARK), "--db", store_db],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        )
        for _ in range(4)  # a few, as each costs a Python start; benchmarks/concurrency.py runs 100
    ]
    outputs = [run.communicate(timeout=300) for run in runs]
    failures = [(run.returncode, err) for run, (_, err) in zip(runs, outputs, strict=True) if run.returncode != 0]
    assert failures == []
    assert len(open_store(store_db, create=False).game_ids()) == 4


@pytest.mark.postgres
def test_a_store_made_before_another_process_created_the_schema_can_still_write(postgres_url: str) -> None:
    """The race behind a 'composite type not found': this store's recorder looked for the type
    before it existed; another opener then created the schema; this one must still write."""
    from sim.app import GameStore
    from sim.store import ensure_postgres_schema, parse_address

    address = parse_address(postgres_url)
    early = GameStore(env={**address.env, "CREATE_TABLE": "n"})  # the schema does not exist yet
    early.address = address
    open_store(postgres_url)  # another opener creates it
    assert ensure_postgres_schema(early.recorder, create=True)
    early.add(play(load_scenario(SHARK)).game)
    assert len(early.game_ids()) == 1
