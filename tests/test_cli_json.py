"""Everyday use: the --json shapes the README documents, scriptable exit codes, sim games, and
sim run printing its event log and nothing else."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from sim.api import Simulator
from sim.cli import main
from tests.helpers import EXAMPLES

SORCERY = EXAMPLES / "sorcery"
GNOMES = str(SORCERY / "03-gnome-hollows.yaml")
STEED_FIRST = str(SORCERY / "07a-phantom-steed-shark-fights-steed-first.yaml")
WARRIORS_FIRST = str(SORCERY / "07b-phantom-steed-shark-fights-warriors-first.yaml")
ROOT = Path(__file__).resolve().parent.parent
RULE_KEYS = {"ruleset", "source", "message", "timing"}


def sim(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)  # .stdout holds stdout alone


def as_json(result: Result) -> Any:
    return json.loads(result.stdout)


def test_check_json_lists_each_scenario_with_its_status_and_the_counts(tmp_path: Path) -> None:
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text((SORCERY / "01-wizard-cannot-reach.yaml").read_text().replace('reachable: false, rule: "needs 4, has 1"', "reachable: true"))
    result = sim("check", str(SORCERY / "05-giant-shark.yaml"), str(wrong), "--json")
    assert result.exit_code == 1
    data = as_json(result)
    assert set(data) == {"scenarios", "passed", "failed", "bad_input"}
    assert (data["passed"], data["failed"], data["bad_input"]) == (1, 1, 0)
    ok, failed = data["scenarios"]
    assert set(ok) == {"file", "title", "status", "problems", "error", "diagnostics"}
    assert ok["status"] == "ok" and ok["problems"] == [] and ok["error"] is None
    assert failed["status"] == "fail" and "expected reachable" in failed["problems"][0]


def test_check_json_reports_bad_input_per_file_and_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\nruleset: chess\n")
    result = sim("check", str(bad), "--json")
    assert result.exit_code == 2
    (entry,) = as_json(result)["scenarios"]
    assert entry["status"] == "error" and "ruleset" in entry["error"]


def test_reach_json_gives_the_rules_for_each_unreachable_place() -> None:
    data = as_json(sim("reach", GNOMES, "--unit", "troll", "--json"))
    assert data["start"] == "A" and data["costs"]["A"] == 0
    assert "B" not in data["reachable"]
    (reason,) = data["unreachable"]["B"]
    assert set(reason) == RULE_KEYS and reason["source"] == "Gnome Hollows" and "3 or more power" in reason["message"]


def test_why_json_and_exit_code_when_a_place_is_unreachable() -> None:
    result = sim("why", GNOMES, "--unit", "troll", "--to", "B", "--json")
    assert result.exit_code == 1
    data = as_json(result)
    assert data == {
        "unit": "troll", "to": "B", "reachable": False, "path": None, "steps": None, "cost": None,
        "allowance": data["allowance"], "details": [], "reasons": data["reasons"], "diagnostics": [],
    }
    assert data["reasons"][0]["source"] == "Gnome Hollows"


def test_why_exits_0_with_the_path_when_the_place_is_reachable() -> None:
    result = sim("why", str(SORCERY / "02a-magellan-globe.yaml"), "--unit", "raider", "--to", "A", "--json")
    assert result.exit_code == 0
    data = as_json(result)
    assert data["reachable"] is True and data["path"][-1] == "A" and data["steps"] == len(data["path"]) - 1
    assert data["reasons"] == []


def test_why_text_exits_1_when_unreachable() -> None:
    result = sim("why", GNOMES, "--unit", "troll", "--to", "B")
    assert result.exit_code == 1 and "can't reach B" in result.stdout


def test_timeline_json_names_who_ordered_each_trigger() -> None:
    data = as_json(sim("timeline", WARRIORS_FIRST, "--json"))
    assert set(data) == {"triggers", "decisions", "diagnostics"}
    by_id = {t["id"]: t for t in data["triggers"]}
    assert by_id["t2"]["ordered_by"] == "p1" and by_id["t2"]["order_position"] == 1
    assert by_id["t2"]["decided_by"] == "player"
    assert any("no longer in the realm" in (t["outcome"] or "") for t in data["triggers"])
    assert all({"id", "type"} == set(c) for t in data["triggers"] for c in t["consequences"])
    assert data["decisions"][0]["type"] in {"ChoiceRequested", "TriggersOrdered"}


def test_diff_json_gives_the_event_where_games_part_and_exits_1() -> None:
    result = sim("diff", STEED_FIRST, WARRIORS_FIRST, "--json")
    assert result.exit_code == 1
    data = as_json(result)
    assert data["diverge_at"] == 26
    first, second = data["games"]
    assert first["path"] == STEED_FIRST and len(first["final_state_hash"]) == 64
    assert first["final_state_hash"] != second["final_state_hash"]
    assert set(first["from_divergence"][0]) == {"id", "type", "cause", "text", "fields"}
    assert first["from_divergence"][0]["id"] == "e26"


def test_diff_of_a_game_with_itself_exits_0_with_no_divergence() -> None:
    result = sim("diff", GNOMES, GNOMES, "--json")
    assert result.exit_code == 0 and as_json(result)["diverge_at"] is None


def test_replay_json_gives_state_hash_chain_and_verdict(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    game = Simulator(db).load(STEED_FIRST)
    log = tmp_path / "game.jsonl"
    sim("log", "export", str(game.id), "--db", db, "-o", str(log))
    data = as_json(sim("replay", str(log), "--verify", "--json"))
    assert set(data) == {"game", "events", "state_hash", "chain", "state", "verified", "diagnostics", "notes"}
    assert data["notes"] == []  # its start is one a new game takes (RuleOptions.outside_a_new_game)
    assert data["game"] == str(game.id) and data["events"] == game.version
    assert data["state_hash"] == game.state_hash() and data["chain"] == "intact"
    assert data["verified"]["ok"] is True and data["state"]["ruleset"] == "sorcery"


def test_games_lists_the_stored_games_as_text_and_json(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    first = Simulator(db).load(STEED_FIRST)
    Simulator(db).load(EXAMPLES / "godsgloom" / "01-minimum-move-guarantee.yaml")
    text = sim("games", "--db", db)
    assert text.exit_code == 0 and str(first.id) in text.stdout and "godsgloom" in text.stdout
    data = as_json(sim("games", "--db", db, "--json"))
    assert data["store"] == db and len(data["games"]) == 2
    entry = next(g for g in data["games"] if g["id"] == str(first.id))
    assert set(entry) == {"id", "ruleset", "title", "events", "last_change"}
    assert entry["ruleset"] == "sorcery" and entry["events"] == first.version and entry["title"].startswith("Phantom Steed")


def test_games_in_a_store_that_does_not_exist_is_bad_input_and_creates_nothing(tmp_path: Path) -> None:
    missing = tmp_path / "none.sqlite"
    result = sim("games", "--db", str(missing))
    assert result.exit_code == 2 and not missing.exists()


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sim.cli", *args], capture_output=True, text=True, cwd=ROOT)


def test_sim_run_prints_the_event_log_and_writes_no_log_records_by_default(tmp_path: Path) -> None:
    proc = run_cli("run", str(SORCERY / "01-wizard-cannot-reach.yaml"), "--db", str(tmp_path / "g.sqlite"))
    assert proc.returncode == 0
    assert proc.stderr == ""  # the script's expected refusal is an info record, not a warning
    assert proc.stdout.splitlines()[0].strip().startswith("e1 game started")


def test_v_adds_info_records_and_vv_debug_records(tmp_path: Path) -> None:
    scenario = str(SORCERY / "04-bottomless-pit.yaml")
    info = run_cli("--log-json", "-v", "run", scenario, "--db", str(tmp_path / "a.sqlite"))
    debug = run_cli("--log-json", "-vv", "run", scenario, "--db", str(tmp_path / "b.sqlite"))
    levels_info = {json.loads(line)["level"] for line in info.stderr.splitlines()}
    levels_debug = {json.loads(line)["level"] for line in debug.stderr.splitlines()}
    assert levels_info == {"info"} and levels_debug == {"info", "debug"}


def test_run_json_gives_the_stored_game_its_events_and_its_state_hash(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    data = as_json(sim("run", GNOMES, "--db", db, "--json"))
    assert set(data) == {"game", "title", "store", "events", "state_hash", "diagnostics"}
    stored = Simulator(db).game(data["game"])
    assert len(data["events"]) == len(stored.events()) and data["events"][0]["type"] == "GameStarted"
    assert all(set(e) == {"id", "type", "cause", "text", "fields"} for e in data["events"])


def test_demo_json_adds_the_range_of_motion_it_shows(tmp_path: Path) -> None:
    data = as_json(sim("demo", "--db", str(tmp_path / "d.sqlite"), "--json"))
    assert [r["unit"] for r in data["reach"]] == ["steed"]
    assert data["reach"][0]["paths"]


def test_log_import_json_says_whether_it_imported(tmp_path: Path) -> None:
    db = str(tmp_path / "a.sqlite")
    game = as_json(sim("run", GNOMES, "--db", db, "--json"))["game"]
    log = tmp_path / "g.jsonl"
    assert sim("log", "export", game, "--db", db, "-o", str(log)).exit_code == 0
    other = str(tmp_path / "b.sqlite")
    first = as_json(sim("log", "import", str(log), "--db", other, "--json"))
    again = as_json(sim("log", "import", str(log), "--db", other, "--json"))
    assert first == {"game": game, "store": other, "events": first["events"], "chain": "intact", "imported": True}
    assert again["imported"] is False


def test_why_json_gives_the_cost_of_the_path() -> None:
    data = as_json(sim("why", str(EXAMPLES / "godsgloom" / "09-ignore-difficult.yaml"), "--unit", "militia", "--to", "4,1", "--json"))
    assert (data["steps"], data["cost"], data["allowance"]) == (1, 2, 2)


def test_reach_json_is_the_same_under_any_hash_seed() -> None:
    """The reasons of an oversized unit's range of motion were listed in a set's order, which
    moves with PYTHONHASHSEED: two runs of one question printed different JSON. A judge comparing
    two answers must see the same text, so each is asked in a fresh process under two seeds."""
    for example, unit in (("sorcery/105-mountain-giant-attacks-and-defends.yaml", "giant"), ("godsgloom/19-a-whole-round.yaml", "cavalry")):
        printed = [
            subprocess.run(
                [sys.executable, "-m", "sim.cli", "reach", str(EXAMPLES / example), "--unit", unit, "--json"],
                capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": seed},
            ).stdout
            for seed in ("1", "2")
        ]
        assert json.loads(printed[0])["unreachable"] and printed[0] == printed[1], example


def test_timeline_names_the_trigger_texts_it_does_not_model(tmp_path: Path) -> None:
    # seed 000 (Range of Motion) and the project's rule: a trigger not modelled is reported,
    # never skipped in silence: Candlemas Monks die at a Bottomless Pit, and their Deathrite
    # (not modelled) fired nothing; the timeline says so in text and JSON
    scenario = tmp_path / "monks.yaml"
    scenario.write_text(
        "title: monks\nruleset: sorcery\nactive_player: p1\naliases: {A: 11, B: 12}\nsetup:\n  sites:\n"
        "    - {at: A, card: Valley, controller: p1}\n    - {at: B, card: Bottomless Pit, controller: p2}\n"
        "  units:\n    - {id: monks, card: Candlemas Monks, owner: p1, at: A}\n"
        "script:\n  - {command: move_and_attack, unit: monks, path: [B]}\n"
    )
    text = sim("timeline", str(scenario))
    assert text.exit_code == 0 and "Deathrite" in text.output and "not modelled" in text.output
    data = as_json(sim("timeline", str(scenario), "--json"))
    assert any("Deathrite" in json.dumps(d) for d in data["diagnostics"])


def test_timeline_text_tells_two_triggers_of_same_named_sources_apart(tmp_path: Path) -> None:
    # an oversized Mountain Giant enters two Bottomless Pits at once (codex: Oversized Units):
    # both triggers read "Bottomless Pit for giant"; the text names each source and its controller
    scenario = tmp_path / "pits.yaml"
    sites = "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in (7, 8, 12, 13))
    scenario.write_text(
        "title: pits\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n" + sites
        + "    - {at: 9, card: Bottomless Pit, controller: p2}\n    - {at: 14, card: Bottomless Pit, controller: p1}\n"
        "  units:\n    - {id: giant, card: Mountain Giant, owner: p1, at: 7}\n"
        "script:\n  - {command: move_and_attack, unit: giant, path: [8]}\n"
    )
    result = sim("timeline", str(scenario))
    assert result.exit_code == 0, result.output
    assert "[p2's bottomless-pit-9]" in result.output and "[p1's bottomless-pit-14]" in result.output
