"""Where a comparison's games are played: in this process, a local process pool, or an existing
Dask cluster. Each runner takes batches of jobs and yields results as they arrive; the summary
sorts them, so arrival order never shows.

Lost workers: a local worker process that dies (killed, out of memory) breaks the pool; the
games it and the others had not finished are played again in a new pool, each at most
``ATTEMPTS`` times. A Dask worker that dies has its tasks rescheduled by the scheduler itself
(its ``allowed-failures``, 3 by default); past that the comparison fails with ``ClusterError``.
Jobs are pure, so a game played again is the same game.

Ctrl-C: the runners' workers ignore SIGINT (only the command answers it); leaving a runner
early, by an interrupt or an error, cancels the games not started and stops the local workers.
"""

from __future__ import annotations

import os
import signal
import socket
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from domain.errors import BadInput, SimError
from sim.compare.games import GameJob, GameResult, play_batch

#: times a local game is tried before its comparison fails (a game that kills its worker each time)
ATTEMPTS = 3
#: seconds to wait for a Dask scheduler to answer
CONNECT_TIMEOUT = 5.0

Batch = list[GameJob]
Player = Callable[[Batch], list[GameResult]]


class ClusterError(SimError):
    """The cluster can't be reached, or lost the same games too often: exit 4, as a store that
    can't be reached (retrying later or fixing the cluster is the remedy, not the command)."""


class Runner(Protocol):
    workers: int
    where: str

    def run(self, batches: list[Batch]) -> Iterator[GameResult]: ...

    def close(self) -> None: ...


def batches_of(jobs: list[GameJob], size: int) -> list[Batch]:
    return [jobs[i : i + size] for i in range(0, len(jobs), size)]


class InProcess:
    """One worker: this process, one game after another (no pickling, the reference run)."""

    workers = 1
    where = "this process"

    def __init__(self, play: Player = play_batch) -> None:
        self.play = play

    def run(self, batches: list[Batch]) -> Iterator[GameResult]:
        for batch in batches:
            yield from self.play(batch)

    def close(self) -> None:
        pass


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class LocalPool:
    """K worker processes on this machine."""

    def __init__(self, workers: int, play: Player = play_batch) -> None:
        self.workers = workers
        self.where = f"{workers} local processes"
        self.play = play

    def run(self, batches: list[Batch]) -> Iterator[GameResult]:
        pending = dict(enumerate(batches))
        tries = dict.fromkeys(pending, 0)
        while pending:
            pool = ProcessPoolExecutor(max_workers=min(self.workers, len(pending)), initializer=_ignore_interrupts)
            lost: list[int] = []
            try:
                futures: dict[Future[list[GameResult]], int] = {pool.submit(self.play, b): k for k, b in pending.items()}
                for future in as_completed(futures):
                    key = futures[future]
                    try:
                        results = future.result()
                    except BrokenProcessPool:
                        lost.append(key)
                        continue
                    del pending[key]
                    yield from results
            finally:
                _stop(pool)
            for key in lost:
                tries[key] += 1
                if tries[key] >= ATTEMPTS:
                    first = pending[key][0]
                    raise ClusterError(
                        f"game {first.index} of variant {first.variant.name} lost its worker process {ATTEMPTS} times"
                    )

    def close(self) -> None:
        pass


def _stop(pool: ProcessPoolExecutor) -> None:
    """Cancel what has not started and stop the workers now (a game under way is dropped whole:
    a game is stored by the command only once its result is back)."""
    pool.shutdown(wait=False, cancel_futures=True)
    processes: dict[int, Any] = getattr(pool, "_processes", None) or {}
    for process in list(processes.values()):
        if process.is_alive():
            process.terminate()
    for process in list(processes.values()):
        process.join(timeout=5)


class DaskCluster:
    """An existing Dask cluster, by its scheduler's address (``tcp://HOST:PORT``); every worker
    needs this package installed, in the same version."""

    def __init__(self, address: str, play: Player = play_batch) -> None:
        probe(address)
        try:
            from distributed import Client
        except ImportError:
            raise BadInput("--scheduler needs dask.distributed: pip install 'tabletop-movement-sim[dask]'", "--scheduler") from None
        try:
            self.client = Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise ClusterError(f"the Dask scheduler at {address} can't be reached: {exc}") from None
        self.workers = max(1, sum(w.get("nthreads", 1) for w in self.client.scheduler_info()["workers"].values()))
        self.where = f"the Dask cluster at {address} ({len(self.client.scheduler_info()['workers'])} workers)"
        self.play = play

    def run(self, batches: list[Batch]) -> Iterator[GameResult]:
        from distributed import as_completed as arriving

        futures = [self.client.submit(self.play, batch, pure=False) for batch in batches]
        try:
            for future in arriving(futures, loop=self.client.loop):
                try:
                    results = future.result()
                except Exception as exc:
                    if type(exc).__name__ == "KilledWorker":
                        raise ClusterError(f"the Dask cluster lost the workers of a game too often: {exc}") from None
                    raise
                yield from results
        finally:
            self.client.cancel([f for f in futures if not f.done()])

    def close(self) -> None:
        self.client.close()


def probe(address: str) -> None:
    """A refused or unknown ``tcp://HOST:PORT`` fails at once with its own message, rather than
    after the client's retries for its whole timeout (as the store probes PostgreSQL); an
    address of another form is bad input, refused before any client is made (a client that
    could not start left a traceback behind it, printed when it was collected)."""
    scheme, _, rest = address.partition("://")
    host, _, port = rest.rpartition(":")
    if scheme not in ("tcp", "tls") or not host or not port.isdigit():
        raise BadInput(f"a scheduler's address is tcp://HOST:PORT (or tls://HOST:PORT), not {address!r}", "--scheduler")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT).close()
    except OSError as exc:
        raise ClusterError(f"the Dask scheduler at {address} can't be reached: {exc.strerror or exc}") from None


def runner_for(workers: int, scheduler: str | None, play: Player = play_batch) -> Runner:
    if scheduler is not None:
        return DaskCluster(scheduler, play)
    if workers <= 1:
        return InProcess(play)
    return LocalPool(workers, play)


def default_workers() -> int:
    return os.cpu_count() or 1
