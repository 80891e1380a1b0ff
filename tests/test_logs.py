"""Logs are untrusted input: the hash chain, every line's checks, and import all or nothing."""

from __future__ import annotations

import io
import json
import sqlite3
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from domain.errors import BadInput
from domain.game import Game
from sim.api import Simulator
from sim.app import open_store
from sim.logfile import parse_log, read_log, write_jsonl
from sim.logimport import import_file
from sim.runner import play
from sim.scenario import load_scenario
from tests.cli_runs import one_line_exit_2, sim
from tests.helpers import EXAMPLES

LEGACY = Path(__file__).resolve().parent / "fixtures" / "logs-v1"
PIT = EXAMPLES / "sorcery" / "04-bottomless-pit.yaml"
TRAMPLE = EXAMPLES / "godsgloom" / "15-trample.yaml"



def records_of(scenario: Path) -> list[dict[str, Any]]:
    out = io.StringIO()
    write_jsonl(play(load_scenario(scenario), strict=False).events, out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def unchained(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records as a log exported before chains would have them."""
    return [{k: v for k, v in r.items() if k not in ("chain", "end")} for r in records]


def refusal(path: Path) -> str:
    with pytest.raises(BadInput) as caught:
        read_log(path)
    return str(caught.value)



# --- the hash chain ----------------------------------------------------------------------------


def test_every_exported_line_carries_the_chain_and_only_the_last_the_end_mark() -> None:
    records = records_of(PIT)
    assert all(isinstance(r["chain"], str) and len(r["chain"]) == 64 for r in records)
    assert [r.get("end", False) for r in records] == [False] * (len(records) - 1) + [True]
    assert parse_log("".join(json.dumps(r) + "\n" for r in records), "<log>").chained


def test_an_edited_die_breaks_the_chain_at_its_line_and_replay_names_it(tmp_path: Path) -> None:
    records = records_of(TRAMPLE)
    line = next(i for i, r in enumerate(records, start=1) if r["topic"] == "sim.DiceRolled")
    die = records[line - 1]["event"]
    die["results"] = [7 - die["results"][0]]
    log = write(tmp_path / "game.jsonl", records)
    message = one_line_exit_2(sim("replay", str(log)))
    assert f"game.jsonl:{line}:" in message and "hash chain breaks here" in message


def test_an_edited_step_destination_breaks_the_chain_at_its_line(tmp_path: Path) -> None:
    records = records_of(PIT)
    line = next(i for i, r in enumerate(records, start=1) if r["topic"] == "sim.StepTaken")
    records[line - 1]["event"]["to"] = "15"
    assert f"game.jsonl:{line}: the hash chain breaks here" in refusal(write(tmp_path / "game.jsonl", records))


def test_a_log_cut_at_a_line_boundary_is_refused_at_its_last_line(tmp_path: Path) -> None:
    records = records_of(PIT)[:10]
    assert "game.jsonl:10: the log stops here without its end mark: it was cut short" in refusal(
        write(tmp_path / "game.jsonl", records)
    )


def test_a_log_cut_mid_line_is_refused_at_that_line(tmp_path: Path) -> None:
    text = "".join(json.dumps(r) + "\n" for r in records_of(PIT)[:5])
    log = tmp_path / "game.jsonl"
    log.write_text(text[:-40], encoding="utf-8")
    assert "game.jsonl:5: not JSON" in refusal(log)


def test_a_chain_that_starts_mid_log_is_refused(tmp_path: Path) -> None:
    records = records_of(PIT)
    records[0] = unchained(records[:1])[0]
    assert "game.jsonl:2: a hash chain starts mid-log" in refusal(write(tmp_path / "game.jsonl", records))


def test_lines_after_the_end_mark_are_refused(tmp_path: Path) -> None:
    records = records_of(PIT)
    extra = dict(records[-1])
    assert f"game.jsonl:{len(records) + 1}: the log ended at line {len(records)}" in refusal(
        write(tmp_path / "game.jsonl", [*records, extra])
    )


@pytest.mark.parametrize("path", sorted(LEGACY.glob("*.jsonl"))[:3], ids=lambda p: p.stem)
def test_a_log_exported_before_chains_is_read_without_one(path: Path) -> None:
    log = read_log(path)
    assert not log.chained and log.events[0].name == "GameStarted"


# --- every line checked (on chainless logs, so that the check itself is what refuses) ---------


def test_a_log_without_game_started_is_refused_at_line_1(tmp_path: Path) -> None:
    records = unchained(records_of(PIT))[1:]
    for number, record in enumerate(records, start=1):
        record["version"] = number
    message = one_line_exit_2(sim("replay", str(write(tmp_path / "game.jsonl", records))))
    assert "game.jsonl:1: a log begins with sim.GameStarted, not sim.CommandIssued" in message


def test_an_event_naming_an_unknown_unit_is_refused_at_its_line(tmp_path: Path) -> None:
    records = unchained(records_of(PIT))
    line = next(i for i, r in enumerate(records, start=1) if r["topic"] == "sim.StepTaken")
    records[line - 1]["event"]["unit"] = "ghost"
    message = one_line_exit_2(sim("replay", str(write(tmp_path / "game.jsonl", records))))
    assert f"game.jsonl:{line}: sim.StepTaken does not fit the game so far: it names 'ghost'" in message


def test_a_game_started_naming_an_unknown_ruleset_is_refused_at_line_1(tmp_path: Path) -> None:
    """As every other line's refusal, with the file and line (it was the ruleset's message alone)."""
    records = unchained(records_of(TRAMPLE))
    records[0]["event"]["ruleset"] = "chess"
    for command in ("replay", "trace"):
        message = one_line_exit_2(sim(command, str(write(tmp_path / "game.jsonl", records))))
        assert "game.jsonl:1: sim.GameStarted: unknown ruleset 'chess': expected one of" in message, message


@pytest.mark.parametrize(
    ("field", "value", "said"),
    [("players", [], "a game has exactly two players with different names"),
     ("players", ["p1", "p1"], "a game has exactly two players with different names"),
     ("active_player", "p3", "active player 'p3' is not one of p1, p2"),
     ("aliases", {"A": "99"}, "unknown location '99': the realm has squares 1-20")],
)
def test_a_game_started_no_game_could_start_with_is_refused_at_line_1(
    tmp_path: Path, field: str, value: object, said: str
) -> None:
    """README "Logs and their hash chain": each event must fit the game so far. A start that
    Game.start refuses was read, replayed (exit 0) and imported, and only --verify, view and
    render refused it, without the file or line."""
    records = unchained(records_of(PIT))
    assert records[0]["event"]["ruleset"] == "sorcery"  # whose realm has squares 1-20
    records[0]["event"][field] = value
    log = write(tmp_path / "game.jsonl", records)
    store = ["--db", str(tmp_path / "s.sqlite")]
    for command, after in ((["replay"], []), (["replay", "--verify"], []), (["log", "import"], store)):
        message = one_line_exit_2(sim(*command, str(log), *after))
        assert f"game.jsonl:1: sim.GameStarted: {said}" in message, message
    assert not (tmp_path / "s.sqlite").exists()


def test_a_logged_negative_seed_is_read_replayed_and_verified_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Logs are forever: the Python API started games with a negative seed until stop 48, so
    such a log is read, replayed, verified and imported; only a new game is refused one."""
    import domain.game

    scenario = load_scenario(TRAMPLE)  # seed 3, dice rolled for its Trample
    negative = scenario.model_copy(update={"seed": -3})
    # the game written as the API wrote it then: Game.start let the seed through
    monkeypatch.setattr(domain.game, "check_start", lambda players, active, seed, logged=False: None)
    out = io.StringIO()
    write_jsonl(play(negative, strict=False).events, out)
    monkeypatch.undo()
    records = [json.loads(line) for line in out.getvalue().splitlines()]
    assert records[0]["event"]["seed"] == -3 and any(r["event"].get("dice") for r in records)
    log = write(tmp_path / "game.jsonl", records)
    verified = sim("replay", "--verify", str(log))
    assert verified.exit_code == 0, verified.output
    assert sim("log", "import", str(log), "--db", str(tmp_path / "s.sqlite")).exit_code == 0
    with pytest.raises(BadInput, match="a seed is a whole number, 0 or more, not -3"):
        Game.start("godsgloom", ["p1", "p2"], seed=-3)


def test_a_game_started_naming_another_ruleset_is_refused_at_the_first_event_of_the_real_one(tmp_path: Path) -> None:
    records = unchained(records_of(TRAMPLE))
    records[0]["event"]["ruleset"] = "sorcery"
    records[0]["event"]["options"] = {"trigger_order": "policy"}  # else its options give it away at line 1
    line, topic = next((i, r["topic"]) for i, r in enumerate(records, start=1) if r["topic"].startswith("godsgloom."))
    message = refusal(write(tmp_path / "game.jsonl", records))
    assert f"game.jsonl:{line}: {topic} is an event of the godsgloom ruleset, but this game plays sorcery" in message


def test_a_schema_newer_than_this_version_reads_is_refused(tmp_path: Path) -> None:
    records = unchained(records_of(PIT))
    records[3]["schema"] = 99
    assert "game.jsonl:4:" in (message := refusal(write(tmp_path / "game.jsonl", records)))
    assert "schema 99 is newer than this version of sim reads" in message


@pytest.mark.parametrize("version", ["4", 4.0, True, None])
def test_a_version_that_is_not_a_whole_number_is_refused(tmp_path: Path, version: object) -> None:
    records = unchained(records_of(PIT))
    records[3]["version"] = version
    assert "game.jsonl:4:" in (message := refusal(write(tmp_path / "game.jsonl", records)))
    assert "version must be a whole number" in message


def test_timestamps_out_of_order_are_refused(tmp_path: Path) -> None:
    records = unchained(records_of(PIT))
    records[5]["timestamp"] = "2000-01-01T00:00:00+00:00"
    assert "game.jsonl:6: timestamp 2000-01-01T00:00:00+00:00 is earlier than the line before" in refusal(
        write(tmp_path / "game.jsonl", records)
    )


def test_versions_out_of_sequence_are_refused(tmp_path: Path) -> None:
    records = unchained(records_of(PIT))
    del records[4]
    assert "game.jsonl:5: event version 6 out of sequence (expected 5)" in refusal(write(tmp_path / "game.jsonl", records))


# --- a log without a chain is read strictly, as a scenario is ---------------------------------
#
# A chainless log was written by a person or another program (or by sim before chains). Read the
# Python way, a JSON ``true`` where a whole number belongs was taken as 1 and the game replayed
# with it: a silent wrong answer. It is refused instead, with the line, the field and the value.

SKIRMISH_LADDERS = EXAMPLES / "skirmish" / "08-ladders.yaml"


def _line_of(records: list[dict[str, Any]], topic: str) -> int:
    return next(i for i, r in enumerate(records, start=1) if r["topic"] == topic)


@pytest.mark.parametrize("value", [True, 2.0, "2"], ids=["true", "2.0", "text"])
def test_a_chainless_log_refuses_a_whole_number_written_as_another_kind_in_an_event(
    tmp_path: Path, value: object
) -> None:
    records = unchained(records_of(TRAMPLE))
    line = _line_of(records, "godsgloom.UnitPlaced")
    records[line - 1]["event"]["unit"]["speed"] = value
    message = one_line_exit_2(sim("replay", str(write(tmp_path / "game.jsonl", records))))
    assert f"game.jsonl:{line}: godsgloom.UnitPlaced: unit.speed: Input should be a valid integer, not {json.dumps(value)}" in message


def test_a_chainless_log_refuses_a_logged_command_that_only_the_lax_reading_takes(tmp_path: Path) -> None:
    """The command is re-issued when the log is verified; ``true`` would have set up a Speed 1."""
    records = unchained(records_of(TRAMPLE))
    line = _line_of(records, "sim.CommandIssued")
    records[line - 1]["event"]["command"]["units"][0]["speed"] = True
    message = refusal(write(tmp_path / "game.jsonl", records))
    assert f"game.jsonl:{line}: sim.CommandIssued: command.units.0.speed: Input should be a valid integer, not true" in message


@pytest.mark.parametrize("scenario", [PIT, TRAMPLE, SKIRMISH_LADDERS], ids=lambda p: p.parent.name)
def test_a_chainless_log_of_good_values_reads_as_the_chained_one(tmp_path: Path, scenario: Path) -> None:
    records = records_of(scenario)
    chained = read_log(write(tmp_path / "chained.jsonl", records))
    plain = read_log(write(tmp_path / "plain.jsonl", unchained(records)))
    assert chained.chained and not plain.chained
    assert plain.events == chained.events


def test_an_old_log_refuses_a_damaged_untyped_field(tmp_path: Path) -> None:
    """The first version kept a unit's ruleset fields in an untyped ``extra``; ``int()`` on it
    read ``true`` as a Speed of 1."""
    records = [json.loads(line) for line in (LEGACY / "godsgloom-01-minimum-move-guarantee.jsonl").read_text().splitlines()]
    line = _line_of(records, "sim.UnitPlaced")
    records[line - 1]["event"]["unit"]["extra"]["speed"] = True
    message = one_line_exit_2(sim("replay", str(write(tmp_path / "old.jsonl", records))))
    assert f"old.jsonl:{line}: sim.UnitPlaced: unit.extra.speed: Input should be a valid integer, not true" in message


def test_a_chained_log_is_read_as_sim_wrote_it(tmp_path: Path) -> None:
    """The chain proves sim wrote the line; an edit to it breaks the chain before any reading."""
    records = records_of(TRAMPLE)
    line = _line_of(records, "godsgloom.UnitPlaced")
    records[line - 1]["event"]["unit"]["speed"] = True
    assert f"game.jsonl:{line}: the hash chain breaks here" in refusal(write(tmp_path / "game.jsonl", records))


# --- import: all or nothing -------------------------------------------------------------------


def export(tmp_path: Path, scenario: Path = PIT) -> tuple[Path, str]:
    db = tmp_path / "source.sqlite"
    game = Simulator(str(db)).load(scenario)
    log = tmp_path / "game.jsonl"
    assert sim("log", "export", str(game.id), "--db", str(db), "-o", str(log)).exit_code == 0
    return log, str(game.id)


def test_an_imported_log_gives_the_same_game_and_exports_the_same_lines(tmp_path: Path) -> None:
    log, game_id = export(tmp_path)
    db = tmp_path / "imported.sqlite"
    result = sim("log", "import", str(log), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert f"game {game_id} imported" in result.output and "hash chain checked" in result.output
    again = tmp_path / "again.jsonl"
    assert sim("log", "export", game_id, "--db", str(db), "-o", str(again)).exit_code == 0
    assert again.read_text() == log.read_text()


def test_importing_the_identical_log_again_is_harmless(tmp_path: Path) -> None:
    log, _ = export(tmp_path)
    db = str(tmp_path / "imported.sqlite")
    sim("log", "import", str(log), "--db", db)
    result = sim("log", "import", str(log), "--db", db)
    assert result.exit_code == 0 and "identical: nothing imported" in result.output


def test_importing_a_different_game_under_an_existing_id_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    log, game_id = export(tmp_path)
    records = unchained([json.loads(line) for line in log.read_text().splitlines()])
    line = next(i for i, r in enumerate(records, start=1) if r["topic"] == "sorcery.SiteStruck")
    records[line - 1]["event"]["amount"] += 1
    other = write(tmp_path / "other.jsonl", records)
    db = str(tmp_path / "imported.sqlite")
    sim("log", "import", str(log), "--db", db)
    before = len(Simulator(db).game(game_id).events())
    message = one_line_exit_2(sim("log", "import", str(other), "--db", db))
    assert f"is already in {db} and differs from this log at event e{line}" in message
    assert len(Simulator(db).game(game_id).events()) == before


@pytest.mark.parametrize("damage", ["truncated", "edited"])
def test_a_damaged_log_is_refused_with_its_line_and_the_store_is_left_as_it_was(tmp_path: Path, damage: str) -> None:
    log, _ = export(tmp_path)
    lines = log.read_text().splitlines()
    if damage == "truncated":
        log.write_text("\n".join(lines[:-3]) + "\n")
        expected = f"game.jsonl:{len(lines) - 3}: the log stops here without its end mark"
    else:
        record = json.loads(lines[6])
        record["event"]["cause"] = "c99"
        lines[6] = json.dumps(record)
        log.write_text("\n".join(lines) + "\n")
        expected = "game.jsonl:7: the hash chain breaks here"
    new_store = tmp_path / "never.sqlite"
    assert expected in one_line_exit_2(sim("log", "import", str(log), "--db", str(new_store)))
    assert not new_store.exists()
    existing = tmp_path / "existing.sqlite"
    kept = Simulator(str(existing)).load(EXAMPLES / "sorcery" / "05-giant-shark.yaml")
    with sqlite3.connect(existing) as conn:
        rows = conn.execute("select count(*) from stored_events").fetchone()[0]
    one_line_exit_2(sim("log", "import", str(log), "--db", str(existing)))
    with sqlite3.connect(existing) as conn:
        assert conn.execute("select count(*) from stored_events").fetchone()[0] == rows
    assert Simulator(str(existing)).games() == [kept.id]


def test_a_log_exported_before_chains_imports_and_says_it_had_no_chain(tmp_path: Path) -> None:
    path = sorted(LEGACY.glob("sorcery-*.jsonl"))[0]
    result = sim("log", "import", str(path), "--db", str(tmp_path / "imported.sqlite"))
    assert result.exit_code == 0, result.output
    assert "no hash chain (exported before chains)" in result.output


def test_import_into_every_store_is_one_transaction(store_db: str, tmp_path: Path) -> None:
    log, game_id = export(tmp_path)
    store = open_store(store_db)
    imported = import_file(log, store)
    assert not imported.already and imported.events == len(log.read_text().splitlines())
    assert [e.originator_version for e in store.game_events(imported.game)] == list(range(1, imported.events + 1))
    assert str(imported.game) == game_id


# --- game ids: the whole id or any unique beginning of it -----------------------------------


def test_a_game_is_found_by_the_beginning_of_its_id_as_sim_play_shows_it(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    stored = Simulator(db).load(EXAMPLES / "sorcery" / "05-giant-shark.yaml")
    prefix = str(stored.id)[:8]
    exported = sim("log", "export", prefix, "--db", db)
    assert exported.exit_code == 0, exported.output
    assert json.loads(exported.output.splitlines()[0])["game"] == str(stored.id)
    traced = sim("trace", "--db", db, "--game", prefix, "--json")
    assert traced.exit_code == 0 and json.loads(traced.output)["roots"]
    assert Simulator(db).game(prefix).id == stored.id


def test_a_beginning_shared_by_two_games_or_by_none_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    store = open_store(":memory:")
    two = [UUID("2d3e09b2-0000-4000-8000-000000000001"), UUID("2d3e09b2-0000-4000-8000-000000000002")]
    monkeypatch.setattr(store, "game_ids", lambda: two)
    with pytest.raises(BadInput, match="2 games' ids begin with '2d3e09b2'"):
        store.find_game("2d3e09b2")
    assert store.find_game(str(two[1]).upper()) == two[1]
    with pytest.raises(BadInput, match="no game whose id begins with 'ffff'"):
        store.find_game("ffff")
    with pytest.raises(BadInput, match="not a game id: 'zz'"):
        store.find_game("zz")
