"""The library's PostgreSQL store, connecting once per process.

``sim.store.probe_postgres`` connects directly before the library's pool exists, so that a
wrong address fails at once with its own message. That connection is then handed to the pool as
its first one, and the pool is opened waiting for it: without both, opening a store and reading
one game connected three times (the probe, closed; the pool's one connection; and a second one
the pool grew to because the first request came before the first connection was ready). Selected
by the store address (``sim.store.parse_address``) through the library's ``PERSISTENCE_MODULE``.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, cast

from eventsourcing.postgres import PostgresFactory
from eventsourcing.utils import Environment

#: the probe's connection on its way to the factory made on the same thread (``handed_over``)
_HANDED = threading.local()


@contextmanager
def handed_over(conn: Any) -> Iterator[None]:
    """Offer ``conn`` to the factory the store makes inside this block; closed if none takes it."""
    _HANDED.conn = conn
    try:
        yield
    finally:
        left = getattr(_HANDED, "conn", None)
        _HANDED.conn = None
        if left is not None:
            left.close()


class _FirstConnection:
    """Stands for the pool's connection class: its first ``connect`` is the handed connection
    (rows as the pool reads them), every later one a new connection as the pool would make it."""

    def __init__(self, conn: Any, connection_class: Any) -> None:
        self.conn = conn
        self.connection_class = connection_class

    def connect(self, conninfo: str = "", **kwargs: Any) -> Any:
        conn, self.conn = self.conn, None
        if conn is None or conn.closed:
            return self.connection_class.connect(conninfo, **kwargs)
        if "row_factory" in kwargs:
            conn.row_factory = kwargs["row_factory"]
        return conn


class GamePostgresFactory(PostgresFactory):
    """``eventsourcing.postgres``'s factory whose pool starts with the probe's connection."""

    def __init__(self, env: Environment) -> None:
        super().__init__(env)
        datastore = self.datastore
        pool = datastore.pool
        # the pool is opened waiting for its first connection (within the connect timeout), so
        # the first request finds it instead of growing the pool by a second one
        datastore.pool_open_timeout = float(pool.timeout)
        conn = getattr(_HANDED, "conn", None)
        if conn is not None:
            _HANDED.conn = None
            # the pool only calls its class's ``connect``: this stands in for the class
            pool.connection_class = cast(Any, _FirstConnection(conn, pool.connection_class))
