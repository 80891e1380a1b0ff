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

import contextlib
import os
import re
import signal
import socket
import threading
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
        _tls_configured(address)
        _handshake(address)
        failure = None
        try:
            self.client = _closing(Client)(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except Exception as exc:  # whatever dask raised: the client is closed, the cluster unusable
            failure = str(exc) or type(exc).__name__
        if failure is not None:  # raised here, not in the handler, which would keep the failed client
            raise ClusterError(f"the Dask scheduler at {address} can't be reached: {failure}")
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


#: a scheduler's address: ``tcp://`` or ``tls://``, a host (a name, an IPv4 address, or an IPv6
#: address in brackets) and a port
_ADDRESS = re.compile(r"(?:tcp|tls)://(?P<host>\[[0-9A-Za-z:.%]+\]|[A-Za-z0-9._-]+):(?P<port>[0-9]{1,5})")


def check_address(address: str) -> tuple[str, int]:
    """The host and port of a scheduler's address ``tcp://HOST:PORT`` (or ``tls://``); an address
    of another form is bad input, refused before dask is imported or any client made (a client
    given one could not start, and left a traceback behind it, printed when it was collected)."""
    form = _ADDRESS.fullmatch(address)
    if form is None or not 1 <= int(form["port"]) <= 65535:
        raise BadInput(
            f"a scheduler's address is tcp://HOST:PORT (or tls://HOST:PORT; an IPv6 host in brackets, "
            f"a port from 1 to 65535), not {address!r}", "--scheduler"
        )
    return form["host"].strip("[]"), int(form["port"])


def probe(address: str) -> None:
    """A refused or unknown ``tcp://HOST:PORT`` fails at once with its own message, rather than
    after the client's retries for its whole timeout (as the store probes PostgreSQL)."""
    host, port = check_address(address)
    try:
        socket.create_connection((host, port), timeout=CONNECT_TIMEOUT).close()
    except OSError as exc:
        raise ClusterError(f"the Dask scheduler at {address} can't be reached: {exc.strerror or exc}") from None


def _security_loader() -> bool:
    """Whether dask's configuration names a security loader: it, not the configuration's TLS
    files, then decides how the client connects."""
    import dask

    return bool(dask.config.get("distributed.client.security-loader", None))


def _tls_configured(address: str) -> None:
    """A ``tls://`` address needs dask's TLS configuration (certificates): without it dask's
    client fails as it starts, with a TypeError."""
    if not address.startswith("tls://") or _security_loader():
        return
    from distributed.security import Security

    if Security().get_connection_args("client")["ssl_context"] is None:
        raise BadInput(
            "a tls:// scheduler needs dask's TLS configuration (distributed.comm.tls: ca-file, "
            "and the client's cert and key), and none is set", "--scheduler"
        )


def _handshake(address: str) -> None:
    """Something at the address answers as a Dask scheduler within ``CONNECT_TIMEOUT``: dask's
    client waits for the scheduler's handshake without a timeout, so a port held by another
    server would keep ``sim compare`` waiting for as long as that server kept the connection.
    Run on a thread of its own, whose event loop is its own (the caller may be running one)."""
    if _security_loader():  # the connection's arguments are the loader's: the client's own tries
        return
    import asyncio

    from distributed.comm import connect
    from distributed.security import Security

    arguments = Security().get_connection_args("client")

    async def hello() -> None:
        comm = await asyncio.wait_for(connect(address, timeout=CONNECT_TIMEOUT, **arguments), CONNECT_TIMEOUT)
        await comm.close()

    failure: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(hello())
        except BaseException as exc:  # handed to the caller's thread
            failure.append(exc)

    thread = threading.Thread(target=run, name="sim-compare-handshake", daemon=True)
    thread.start()
    thread.join()
    if not failure:
        return
    if isinstance(failure[0], TimeoutError):
        raise ClusterError(
            f"the Dask scheduler at {address} can't be reached: something listens there but did not answer "
            f"as a Dask scheduler within {CONNECT_TIMEOUT:g} s"
        )
    raise ClusterError(f"the Dask scheduler at {address} can't be reached: {failure[0]}")


def _closing(client: type[Any]) -> type[Any]:
    """dask's client class, made to close a client that fails as it starts: left half-made, it
    was closed by its ``__del__`` when the interpreter collected it, after its event loop had
    stopped: 10 s of waiting, then a traceback ('Exception ignored in: Client.__del__')."""

    class Closing(client):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            try:
                super().__init__(*args, **kwargs)
            except BaseException:
                with contextlib.suppress(Exception):
                    self.close()
                raise

    return Closing


def runner_for(workers: int, scheduler: str | None, play: Player = play_batch) -> Runner:
    if scheduler is not None:
        return DaskCluster(scheduler, play)
    if workers <= 1:
        return InProcess(play)
    return LocalPool(workers, play)


def default_workers() -> int:
    return os.cpu_count() or 1
