"""Measured, not guessed: opening one store from many places at once, and racing commands.

Run: ``python benchmarks/concurrency.py [--db URL_OR_PATH] [--runs 100] [--threads 16] [--rounds 5]``
(default ``--db postgresql://postgres@127.0.0.1:5432/test``; each round uses a fresh schema, or a
fresh file for SQLite). Not part of the test suite: it takes minutes and needs the server. It
prints, and exits 1 if any of these failed:

- ``--runs`` parallel ``sim run`` processes storing into one new store (the store is created by
  whichever gets there first);
- ``--threads`` threads opening one new store at once, ``--rounds`` times;
- ``--threads`` sessions ending the same turn at once, ``--rounds`` times: exactly one may land;
- how long each kind of connection failure takes to be reported.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from domain.errors import SimError, VersionConflict  # noqa: E402
from sim.api import Simulator  # noqa: E402
from sim.app import open_store  # noqa: E402

SCENARIO = ROOT / "examples" / "sorcery" / "05-giant-shark.yaml"


@contextmanager
def fresh_store(db: str) -> Iterator[str]:
    """A new, empty store named like ``db``: a new schema on PostgreSQL, a new file for SQLite."""
    if db.startswith("postgresql"):
        import psycopg

        schema = f"bench_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(db, autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{schema}"')
        try:
            yield f"{db}?schema={schema}"
        finally:
            with psycopg.connect(db, autocommit=True) as conn:
                conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
    else:
        with tempfile.TemporaryDirectory() as folder:
            yield str(Path(folder) / "games.sqlite")


def together(count: int, work: Callable[[int], Any]) -> list[Any]:
    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def main(i: int) -> None:
        barrier.wait()
        try:
            results[i] = work(i)
        except Exception as exc:  # counted below
            results[i] = exc

    threads = [threading.Thread(target=main, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def parallel_runs(db: str, runs: int) -> int:
    with fresh_store(db) as store:
        start = time.monotonic()
        procs = [
            subprocess.Popen([sys.executable, "-m", "sim.cli", "run", str(SCENARIO), "--db", store],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT)
            for _ in range(runs)
        ]
        errors = [(p.wait(), p.stderr.read() if p.stderr else "") for p in procs]
        failed = [(code, err.strip()) for code, err in errors if code != 0]
        stored = len(open_store(store, create=False).game_ids())
        print(f"{runs} parallel `sim run`: {len(failed)} failed, {stored} games stored, {time.monotonic() - start:.1f} s")
        for code, err in failed[:5]:
            print(f"  exit {code}: {err.splitlines()[-1] if err else ''}")
        return len(failed) + (runs - len(failed) - stored)


def thread_opens(db: str, threads: int, rounds: int) -> int:
    failures = 0
    for _ in range(rounds):
        with fresh_store(db) as store:
            results = together(threads, lambda _: open_store(store).game_ids())
            bad = [r for r in results if isinstance(r, Exception)]
            failures += len(bad)
            for exc in bad[:3]:
                print(f"  {type(exc).__name__}: {exc}")
    print(f"{threads} threads opening a new store at once, {rounds} rounds: {failures} of {threads * rounds} failed")
    return failures


def racing_end_turns(db: str, threads: int, rounds: int) -> int:
    wrong = 0
    landed_counts = []
    with fresh_store(db) as store:
        sim = Simulator(store)
        for _ in range(rounds):
            game = sim.load(SCENARIO)
            sessions = [sim.game(game.id) for _ in range(threads)]
            results = together(threads, lambda i, sessions=sessions: sessions[i].end_turn())
            landed = sum(isinstance(r, list) for r in results)
            others = [r for r in results if not isinstance(r, list) and not isinstance(r, VersionConflict)]
            landed_counts.append(landed)
            wrong += (landed != 1) + len(others) + (game.state.turn != 2)
    print(f"{threads} simultaneous end_turn for turn 1, {rounds} rounds: landed {landed_counts} (1 each is right)")
    return wrong


def connection_failures() -> None:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = probe.getsockname()[1]
    sys.path.insert(0, str(ROOT / "tests"))
    from tests.fake_postgres import refusing_server

    cases = {
        "refused port": f"postgresql://postgres:pw@127.0.0.1:{free}/test",
        "unknown host": "postgresql://postgres:pw@no-such-host.invalid/test",
        "unknown database": "postgresql://postgres:pw@127.0.0.1:5432/no_such_db",
        "unknown role": "postgresql://no_such_role:pw@127.0.0.1:5432/test",
    }
    with refusing_server() as port:
        cases["wrong password"] = f"postgresql://alice:wrong@127.0.0.1:{port}/test"
        for name, url in cases.items():
            start = time.monotonic()
            try:
                open_store(url)
                message = "opened?!"
            except SimError as exc:
                message = f"{type(exc).__name__}: {exc}"
            print(f"{name:>16}: {1000 * (time.monotonic() - start):7.1f} ms  {message}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--db", default="postgresql://postgres@127.0.0.1:5432/test")
    parser.add_argument("--runs", type=int, default=100)
    parser.add_argument("--threads", type=int, default=16)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--skip-runs", action="store_true", help="leave out the parallel CLI runs")
    args = parser.parse_args()
    failures = 0
    if not args.skip_runs:
        failures += parallel_runs(args.db, args.runs)
    failures += thread_opens(args.db, args.threads, args.rounds)
    failures += racing_end_turns(args.db, args.threads, args.rounds)
    if args.db.startswith("postgresql"):
        connection_failures()
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
