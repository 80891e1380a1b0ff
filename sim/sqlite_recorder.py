"""The library's SQLite store, reading a game's id once per page instead of once per event, and
writing a save's rows in one statement.

Every row of a page of events names the same game; the library parses the id text of each row
into a ``UUID`` (``convert_originator_id``), a cost as large as any other part of reading a
row. This recorder gives every event of a page the id it was asked for (the one object, so a
fold compares it by identity), and keeps the last ids it parsed for the library's other reads. Selected by the store address
(``sim.store.parse_address``) through the library's ``PERSISTENCE_MODULE`` setting.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from typing import Any
from uuid import UUID

from eventsourcing.persistence import OperationalError, StoredEvent
from eventsourcing.sqlite import SQLITE3_DEFAULT_LOCK_TIMEOUT, SQLiteApplicationRecorder, SQLiteFactory

from sim.mapper import stored_event
from sim.store import retried

#: how many parsed ids a recorder keeps (a process rarely reads more games at once)
KEPT_IDS = 256


def _is_locked(exc: Exception) -> bool:
    """SQLite's answer when another connection holds what this one needs."""
    if not isinstance(exc, sqlite3.OperationalError | OperationalError):
        return False
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _switch_to_wal(db_name: str, deadline: float) -> None:
    connection = sqlite3.connect(db_name, uri=True, isolation_level=None, timeout=max(0.0, deadline - time.monotonic()))
    try:
        if connection.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            connection.execute("PRAGMA journal_mode=WAL")
    finally:
        connection.close()


class GameSQLiteRecorder(SQLiteApplicationRecorder):
    def create_table(self) -> None:
        """The library's create statements, with the two races SQLite does not wait out taken
        care of, so that any number of openers of a new file all succeed.

        - The library switches a file to WAL on its first connection (``PRAGMA journal_mode=WAL``
          needs the file alone; a connection already reading it is refused at once, not made to
          wait, since waiting could deadlock). When that fails inside the library's pool, the
          pool keeps its writer lock (eventsourcing 9.5), so the store could not write again:
          the switch is made here first, on a plain connection, tried again while refused.
        - The create statements run in a deferred transaction that turns from reading into
          writing, which fails at once when another opener wrote in between; they are tried
          again too (the connection goes back to the pool, so that is safe).

        Tries stop at the store's lock timeout. Seen as one failure in about thirty runs of
        sixteen threads opening one new store (tests/test_concurrency.py)."""
        pool = self.datastore.pool
        deadline = time.monotonic() + (pool.lock_timeout or SQLITE3_DEFAULT_LOCK_TIMEOUT)
        if not pool.is_sqlite_memory_mode:
            retried(lambda: _switch_to_wal(pool.db_name, deadline), _is_locked, deadline, first=0.01, longest=0.5)
        retried(super().create_table, _is_locked, deadline, first=0.01, longest=0.5)

    def convert_originator_id(self, originator_id: str) -> UUID | str:
        ids: dict[str, UUID | str] = self.__dict__.setdefault("_ids", {})
        found = ids.get(originator_id)
        if found is None:
            if len(ids) >= KEPT_IDS:
                ids.clear()
            found = ids[originator_id] = super().convert_originator_id(originator_id)
        return found

    def select_events(
        self,
        originator_id: UUID | str,
        *,
        gt: int | None = None,
        lte: int | None = None,
        desc: bool = False,
        limit: int | None = None,
    ) -> Sequence[StoredEvent]:
        """The library's query (eventsourcing 9.5, ``SQLiteAggregateRecorder.select_events``),
        its rows naming the game by the id asked for: they all hold that id, the query selects it."""
        if not isinstance(originator_id, UUID):
            return super().select_events(originator_id, gt=gt, lte=lte, desc=desc, limit=limit)
        statement = self.select_events_statement
        params: list[Any] = [originator_id.hex]
        if gt is not None:
            statement += "AND originator_version>? "
            params.append(gt)
        if lte is not None:
            statement += "AND originator_version<=? "
            params.append(lte)
        statement += "ORDER BY originator_version " + ("DESC " if desc else "ASC ")
        if limit is not None:
            statement += "LIMIT ? "
            params.append(limit)
        with self.datastore.transaction(commit=False) as c:
            c.execute(statement, params)
            rows = c.fetchall()
        return [stored_event(originator_id, row[1], row[2], row[3]) for row in rows]



    def _insert_events(self, c: Any, stored_events: Sequence[StoredEvent], **_: Any) -> Sequence[int] | None:
        """All of a save's rows in one ``executemany``, as the library's aggregate recorder writes
        them (eventsourcing 9.5, ``SQLiteAggregateRecorder._insert_events``). Its application
        recorder executes each row alone to read back its rowid, only to return notifications
        that a follower of the store would be told of; no store of this tool has followers
        (``GameStore.save``'s callers drop what it returns), and each row still gets its rowid in
        the order written, so the notification log (``GameStore.game_ids``) reads the same. A
        row that is already there fails the whole save as before (``IntegrityError``)."""
        c.executemany(
            self.insert_events_statement,
            [
                (s.originator_id.hex if isinstance(s.originator_id, UUID) else s.originator_id, s.originator_version, s.topic, s.state)
                for s in stored_events
            ],
        )
        return None


class GameSQLiteFactory(SQLiteFactory):
    application_recorder_class = GameSQLiteRecorder
