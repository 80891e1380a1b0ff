"""A busy store is waited for, a wrong one is not (``sim.store.retried``): PostgreSQL's "too many
clients" at connection time, SQLite's "locked" while a new store is made
(tests/test_sqlite_new_store_races.py)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from sim.store import StoreError, parse_address, probe_postgres

psycopg = pytest.importorskip("psycopg")


class _Connection:
    closed = False

    def close(self) -> None:
        self.closed = True


def _connect_failing(times: int, message: str, calls: list[int]) -> Any:
    def connect(**_: Any) -> _Connection:
        calls.append(1)
        if len(calls) <= times:
            raise psycopg.OperationalError(message)
        return _Connection()

    return connect


def test_a_full_postgres_server_is_waited_for_until_it_lets_us_in(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(psycopg, "connect", _connect_failing(2, "FATAL: sorry, too many clients already", calls))
    probe_postgres(parse_address("postgresql://u@127.0.0.1:5432/db?connect_timeout=5"))
    assert len(calls) == 3


def test_a_full_postgres_server_past_the_connect_timeout_is_a_store_error_saying_busy(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(psycopg, "connect", _connect_failing(10_000, "FATAL: sorry, too many clients already", calls))
    started = time.monotonic()
    with pytest.raises(StoreError, match="is busy .*try again later"):
        probe_postgres(parse_address("postgresql://u@127.0.0.1:5432/db?connect_timeout=1"))
    assert 1 < len(calls) and time.monotonic() - started < 3


def test_a_refused_postgres_connection_is_not_tried_again(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(psycopg, "connect", _connect_failing(10_000, "connection failed: Connection refused", calls))
    with pytest.raises(StoreError, match="connection refused"):
        probe_postgres(parse_address("postgresql://u@127.0.0.1:5432/db"))
    assert len(calls) == 1
