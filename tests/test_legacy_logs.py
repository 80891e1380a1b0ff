"""Logs are forever: games written by the first released version still load, replay and verify.

The fixtures (tests/fixtures/README.md) were written by that version and are never regenerated.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sim.app import open_store
from sim.logfile import read_jsonl
from sim.replay import replay, verify

FIXTURES = Path(__file__).resolve().parent / "fixtures"
LOGS = sorted((FIXTURES / "logs-v1").glob("*.jsonl"))


def test_there_is_a_fixture_log_for_every_ruleset_of_that_version() -> None:
    rulesets = {path.name.split("-")[0] for path in LOGS}
    assert rulesets == {"sorcery", "godsgloom", "skirmish"}


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_an_old_log_replays_and_verifies_under_todays_rules(path: Path) -> None:
    events = read_jsonl(path)
    replayed = replay(events)
    assert replayed.events == len(events)
    verdict = verify(events)
    assert verdict.ok, verdict.message


def test_an_old_store_still_loads_every_game_with_the_same_events_as_its_log(tmp_path: Path) -> None:
    copy = tmp_path / "store.sqlite"
    shutil.copy(FIXTURES / "store-v1.sqlite", copy)
    store = open_store(str(copy))
    ids = store.game_ids()
    assert len(ids) == len(LOGS)
    by_game = {}
    for path in LOGS:
        events = read_jsonl(path)
        by_game[events[0].originator_id] = events
    for game_id in ids:
        stored = list(store.game_events(game_id))
        logged = by_game[game_id]
        assert [e.payload() for e in stored] == [e.payload() for e in logged]
        assert replay(stored).hash == replay(logged).hash
        assert verify(stored).ok
