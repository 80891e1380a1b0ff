"""A save writes its rows in one statement (sim/sqlite_recorder.py): the rows, their order in the
notification log and a conflict's outcome are those of the library's row-by-row insert."""

from __future__ import annotations

from pathlib import Path

import pytest
from eventsourcing.persistence import IntegrityError

from benchmarks.games import long_game
from sim.app import open_store


def test_saved_rows_read_back_in_order_and_the_log_lists_games_in_the_order_saved(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "batch.sqlite"))
    first, second = long_game(40), long_game(20)
    made = {first.id: list(first.pending_events), second.id: list(second.pending_events)}
    store.save(first)
    store.save(second)
    assert store.game_ids() == [first.id, second.id]
    rows = store.recorder.select_notifications(start=None, limit=1_000)
    assert [(r.originator_id, r.originator_version) for r in rows] == [
        (game_id, e.originator_version) for game_id in (first.id, second.id) for e in made[game_id]
    ]
    assert [n.id for n in rows] == sorted(n.id for n in rows)
    for game_id, events in made.items():
        read = list(store.repository.event_store.get(game_id))
        assert [e.model_dump() for e in read] == [e.model_dump() for e in events]


def test_a_save_whose_rows_are_already_there_fails_whole_and_writes_none(tmp_path: Path) -> None:
    store = open_store(str(tmp_path / "batch.sqlite"))
    game = long_game(20)
    saved = list(game.pending_events)
    store.save(game)
    game.issue({"command": "end_turn"})
    extra = list(game.pending_events)
    with pytest.raises(IntegrityError):
        store.save(*saved[-1:], *extra)  # type: ignore[arg-type]  # the last saved row again, then new ones
    assert [e.originator_version for e in store.repository.event_store.get(game.id)] == [e.originator_version for e in saved]
