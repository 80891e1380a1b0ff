"""Logs are forever: games written by the first released version still load, replay and verify.

The fixtures (tests/fixtures/README.md) were written by that version and are never regenerated.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from domain.events import ChoiceRequested, StepsCancelled
from sim.app import open_store
from sim.logfile import read_jsonl
from sim.replay import replay, verify

FIXTURES = Path(__file__).resolve().parent / "fixtures"
LOGS = sorted((FIXTURES / "logs-v1").glob("*.jsonl"))
#: logs of later versions, kept where a later change gave an absent record another meaning
LATER_LOGS = sorted((FIXTURES / "logs-later").glob("*.jsonl"))


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


@pytest.mark.parametrize("path", LATER_LOGS, ids=lambda p: p.stem)
def test_a_later_log_replays_and_verifies_as_it_was_played(path: Path) -> None:
    """Logs are forever: a log written before an option's default changed (its record leaves
    the option out, which then meant the old default), or before a text its events record was
    reworded, replays and verifies as it was played, stored and exported again too
    (tests/fixtures/README.md, "Logs written by later versions")."""
    events = read_jsonl(path)
    replayed = replay(events)
    assert replayed.events == len(events)
    verdict = verify(events)
    assert verdict.ok, verdict.message
    again = _exported(events)
    assert verify(again).ok
    assert replay(again).hash == replayed.hash


def test_a_reworded_text_is_taken_only_in_its_former_wording() -> None:
    """A former wording (``domain.wordings``) is today's text with its old ending, nothing else:
    a logged reason that differs otherwise still disagrees with the rules."""
    events = read_jsonl(FIXTURES / "logs-later" / "godsgloom-lockdown-unstoppable-step.jsonl")
    cancelled = next(e for e in events if isinstance(e, StepsCancelled))
    assert cancelled.reason.endswith("; Unstoppable would let it through")
    cancelled.__dict__["reason"] = cancelled.reason.replace("4,4", "4,3")
    verdict = verify(events)
    assert not verdict.ok and "StepsCancelled" in verdict.message


def test_an_added_clause_is_taken_only_when_the_rest_is_the_logged_text() -> None:
    """An older text without a clause added since (``domain.wordings.clause_added``) is taken as
    today's only when everything before the clause is the logged text."""
    events = read_jsonl(FIXTURES / "logs-later" / "sorcery-rack-across-the-globe.jsonl")
    asked = next(e for e in events if isinstance(e, ChoiceRequested))
    assert "not modelled" not in asked.prompt
    asked.__dict__["prompt"] = asked.prompt.replace("adjacent location", "nearby location")
    verdict = verify(events)
    assert not verdict.ok and "ChoiceRequested" in verdict.message


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


def _exported(events: list) -> list:  # type: ignore[type-arg]
    """``sim log export``'s writing, read back as ``sim replay`` reads it."""
    import io

    from sim.logfile import parse_log, write_jsonl

    out = io.StringIO()
    write_jsonl(events, out)
    return parse_log(out.getvalue(), "exported.jsonl").events


def test_an_old_game_exported_again_still_verifies_from_its_log_or_its_store(tmp_path: Path) -> None:
    """Logs are forever: an old log imported into a store, and an old store's game, exported
    again each write its old records as they were (schema and fields), so the new log is
    upcast as the old one was and verifies; written under today's schema, the upcasters'
    values (AttackPlanned.move_and_attack, StepTaken.cost) were compared as if logged, and 38
    of the 41 failed to verify. The state they replay to is the same."""
    from sim.logfile import read_log
    from sim.logimport import import_log

    store = open_store(str(tmp_path / "imported.sqlite"))
    for path in LOGS:
        log = read_log(path)
        import_log(log, store)
        again = _exported(list(store.game_events(log.game)))
        assert verify(again).ok, f"{path.name}: {verify(again).message}"
        assert replay(again).hash == replay(log.events).hash
    copy = tmp_path / "store.sqlite"
    shutil.copy(FIXTURES / "store-v1.sqlite", copy)
    old = open_store(str(copy))
    for game_id in old.game_ids():
        again = _exported(list(old.game_events(game_id)))
        assert verify(again).ok, f"{game_id}: {verify(again).message}"


def test_a_command_accepted_only_as_an_older_version_recorded_it_is_said_in_the_verdict() -> None:
    """Logs are forever, and a log can't say which version wrote it: a command today's rules
    refuse as written is re-issued as older versions accepted it (``domain.logged``), and the
    verdict names it (second review: a new log declaring a path past a zone stop into a hex no
    step may enter verified with nothing said). The first version's GODSGLOOM log 06 declares
    its rangers' path on past the zone stop through another unit's hex."""
    events = read_jsonl(FIXTURES / "logs-v1" / "godsgloom-06-breakaway.jsonl")
    verdict = verify(events)
    assert verdict.ok
    assert len(verdict.notes) == 1 and verdict.notes[0].startswith("e9 (c3): ")
    assert "declared after the zone stop" in verdict.notes[0] and "§8.1" in verdict.notes[0]
    assert "accepted only as an older version recorded them" in verdict.message


def test_a_log_every_command_of_which_todays_rules_accept_has_no_notes() -> None:
    events = read_jsonl(FIXTURES / "logs-v1" / "godsgloom-05-engagement-zone-stops.jsonl")
    verdict = verify(events)
    assert verdict.ok and verdict.notes == () and verdict.message == f"all {len(events)} events match the rules"
