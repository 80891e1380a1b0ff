"""Openers of a new SQLite store all succeed (sim/sqlite_recorder.py, ``create_table``).

SQLite refuses at once, without waiting out its busy timeout, two things that openers of a new
file race for: switching the file to WAL, and a transaction that turns from reading into
writing. Each is tried again until the store's lock timeout; the pool must still be able to
write afterwards (a refusal inside the library's pool used to keep its writer lock)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.persistence import OperationalError
from eventsourcing.sqlite import SQLiteApplicationRecorder

import sim.sqlite_recorder as recorder_module
from benchmarks.games import long_game
from sim.app import open_store
from sim.store import StoreError


def refused_first(times: int, original: Callable[..., Any], error: Exception) -> tuple[Callable[..., Any], list[int]]:
    calls: list[int] = []

    def attempt(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) <= times:
            raise error
        return original(*args, **kwargs)

    return attempt, calls


def saves_and_reads_a_game(db: str) -> None:
    store = open_store(db)
    game = long_game(10)
    store.save(game)
    assert open_store(db, create=False).game_ids() == [game.id]


def test_an_opener_refused_the_switch_to_wal_at_first_still_opens_and_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    attempt, calls = refused_first(2, recorder_module._switch_to_wal, sqlite3.OperationalError("database is locked"))
    monkeypatch.setattr(recorder_module, "_switch_to_wal", attempt)
    db = str(tmp_path / "new.sqlite")
    saves_and_reads_a_game(db)
    assert len(calls) >= 3
    assert sqlite3.connect(db).execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_an_opener_whose_create_statements_are_refused_at_first_still_opens_and_writes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    attempt, calls = refused_first(2, SQLiteApplicationRecorder.create_table, OperationalError("database is locked"))
    monkeypatch.setattr(SQLiteApplicationRecorder, "create_table", attempt)
    saves_and_reads_a_game(str(tmp_path / "new.sqlite"))
    assert len(calls) >= 3


def test_a_refusal_that_is_not_a_lock_is_not_tried_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    attempt, calls = refused_first(5, SQLiteApplicationRecorder.create_table, OperationalError("disk I/O error"))
    monkeypatch.setattr(SQLiteApplicationRecorder, "create_table", attempt)
    with pytest.raises(StoreError, match="disk I/O error"):
        open_store(str(tmp_path / "new.sqlite"))
    assert len(calls) == 1


def test_a_new_store_held_past_its_lock_timeout_is_a_store_error_naming_the_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "held.sqlite"
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # a fresh file in its first (rollback) journal mode, held whole
    monkeypatch.setattr(recorder_module, "SQLITE3_DEFAULT_LOCK_TIMEOUT", 0.3)
    try:
        with pytest.raises(StoreError, match="stayed locked by another writer; nothing was written"):
            open_store(str(db))
    finally:
        holder.rollback()
        holder.close()
    saves_and_reads_a_game(str(db))


def test_sixteen_threads_opening_each_of_twenty_new_stores_all_succeed(tmp_path: Path) -> None:
    from tests.test_concurrency import run_together

    for round_ in range(20):
        db = str(tmp_path / f"new-{round_}.sqlite")
        results = run_together(16, partial(lambda db, _: open_store(db).game_ids(), db))
        assert [r for r in results if isinstance(r, Exception)] == [], f"round {round_}"
        saves_and_reads_a_game(db)
