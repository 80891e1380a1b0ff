"""The command line: the contract in the README, exit codes, one-line errors, nothing half-stored."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import Result

from tests.cli_runs import sim
from tests.helpers import EXAMPLES

SORCERY = EXAMPLES / "sorcery"



def one_line_error(result: Result) -> str:
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


def test_check_passes_every_example() -> None:
    result = sim("check", str(EXAMPLES))
    assert result.exit_code == 0, result.output
    assert "0 failed, 0 bad input" in result.output


def test_check_exits_1_when_an_expectation_fails(tmp_path: Path) -> None:
    text = (SORCERY / "01-wizard-cannot-reach.yaml").read_text().replace('reachable: false, rule: "needs 4, has 1"', "reachable: true")
    bad = tmp_path / "wrong.yaml"
    bad.write_text(text)
    result = sim("check", str(bad))
    assert result.exit_code == 1 and "FAIL" in result.output


def test_check_exits_2_on_bad_input(tmp_path: Path) -> None:
    bad = tmp_path / "broken.yaml"
    bad.write_text("title: x\nruleset: sorcery\nsetup: [\n")
    result = sim("check", str(bad))
    assert result.exit_code == 2 and "malformed YAML" in result.output


def test_reach_json_contract() -> None:
    result = sim("reach", str(SORCERY / "05-giant-shark.yaml"), "--unit", "shark", "--json")
    data = json.loads(result.output)
    assert set(data) == {"unit", "reachable", "paths", "start", "allowance", "costs", "denied", "unreachable", "diagnostics"}
    assert data["unit"] == "shark" and "S" in data["reachable"]
    assert data["paths"]["S/underwater"] == ["S", "S/underwater"]


def test_why_names_the_blocking_rule_or_gives_the_path() -> None:
    blocked = sim("why", str(SORCERY / "03-gnome-hollows.yaml"), "--unit", "troll", "--to", "B")
    assert "Gnome Hollows" in blocked.output and "3 or more power" in blocked.output
    open_path = sim("why", str(SORCERY / "02a-magellan-globe.yaml"), "--unit", "raider", "--to", "A")
    assert "A" in open_path.output


def test_schema_is_json_schema_naming_the_scenario_fields() -> None:
    data = json.loads(sim("schema").output)
    text = json.dumps(data)
    for name in ("ruleset", "setup", "script", "expect", "move_and_attack", "defend"):
        assert name in text


def test_run_stores_the_game_and_export_and_replay_round_trip(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    result = sim("run", str(SORCERY / "07a-phantom-steed-shark-fights-steed-first.yaml"), "--db", db)
    assert result.exit_code == 0, result.output
    assert "steed steps N -> S" in result.output
    game_id = result.output.strip().splitlines()[-1].split()[1]
    log = tmp_path / "game.jsonl"
    exported = sim("log", "export", game_id, "--db", db, "-o", str(log))
    assert exported.exit_code == 0
    lines = log.read_text().splitlines()
    assert all(json.loads(line)["topic"].split(".")[0] in ("sim", "sorcery") for line in lines)
    replayed = sim("replay", str(log), "--verify")
    assert replayed.exit_code == 0, replayed.output
    assert "state hash" in replayed.output and "verified" in replayed.output


def test_replay_verify_fails_on_a_tampered_log_without_a_hash_chain(tmp_path: Path) -> None:
    """A log with no chain (as exported before chains) is still checked against the rules."""
    db = str(tmp_path / "games.sqlite")
    game_id = sim("run", str(SORCERY / "04-bottomless-pit.yaml"), "--db", db).output.strip().splitlines()[-1].split()[1]
    log = tmp_path / "game.jsonl"
    sim("log", "export", game_id, "--db", db, "-o", str(log))
    records = [json.loads(line) for line in log.read_text().splitlines()]
    for record in records:
        record.pop("chain"), record.pop("end", None)
    died = next(r for r in records if r["topic"] == "sim.UnitDied")
    died["event"]["unit"] = "raider"  # claim the wrong unit died
    log.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    result = sim("replay", str(log), "--verify")
    assert result.exit_code == 1 and "verification" in result.output


def test_a_malformed_log_is_bad_input_with_its_line(tmp_path: Path) -> None:
    log = tmp_path / "bad.jsonl"
    log.write_text('{"topic": "sim.GameStarted"}\nnot json\n')
    assert "bad.jsonl:1" in one_line_error(sim("replay", str(log)))


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (("card: Wild Boars", "card: Wild Boarz"), "unknown card 'Wild Boarz'"),
        (("{command: defend, unit: wizard", "{command: defend, unit: merlin"), "unknown unit 'merlin'"),
        (("{at: E, card: Ruins", "{at: Q, card: Ruins"), "unknown location 'Q'"),
        (("{command: pass, player: p2}", "{command: pass, player: p1}"), "only p2 declares defenders"),
        (("{command: move_and_attack, unit: raider", "{command: move_and_attack, player: p2, unit: raider"), "belongs to p1"),
        (("{command: move_and_attack, unit: raider, attack: site}", "{command: move_and_attack, unit: raider, path: [C]}"), "not adjacent"),
        (("active_player: p1", "active_player: p2"), "p2's turn"),
        (("seed", "seed"), None),
    ],
)
def test_bad_input_is_one_line_exit_2_and_nothing_is_stored(tmp_path: Path, edit: tuple[str, str], expected: str | None) -> None:
    text = (SORCERY / "01-wizard-cannot-reach.yaml").read_text()
    if expected is None:  # a field of the wrong type
        text = text.replace("active_player: p1", "active_player: p1\nseed: many")
        expected = "seed"
    else:
        assert edit[0] in text
        text = text.replace(edit[0], edit[1], 1)
    path = tmp_path / "scenario.yaml"
    path.write_text(text)
    db = tmp_path / "games.sqlite"
    line = one_line_error(sim("run", str(path), "--db", str(db)))
    assert expected in line and "scenario.yaml:" in line
    assert_nothing_stored(db)


def assert_nothing_stored(db: Path) -> None:
    if db.exists():
        with sqlite3.connect(db) as conn:
            tables = [r[0] for r in conn.execute("select name from sqlite_master where type='table'")]
            for table in tables:
                assert conn.execute(f"select count(*) from {table}").fetchone()[0] == 0


def test_the_installed_console_script_exits_2_without_a_traceback(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("title: x\nruleset: chess\n")
    proc = subprocess.run([sys.executable, "-m", "sim.cli", "check", str(bad)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr + proc.stdout
    assert "ruleset" in proc.stdout


def test_demo_runs_and_answers_a_range_of_motion_question(tmp_path: Path) -> None:
    result = sim("demo", "--db", str(tmp_path / "demo.sqlite"))
    assert result.exit_code == 0, result.output
    assert "trigger t1 queued" in result.output and "range of motion of steed" in result.output


def test_timeline_shows_who_ordered_the_triggers() -> None:
    result = sim("timeline", str(SORCERY / "07b-phantom-steed-shark-fights-warriors-first.yaml"))
    assert result.exit_code == 0, result.output
    assert "t2 Giant Shark for warriors" in result.output
    assert "#1 by p1 (player)" in result.output
    assert "ignored: shark is no longer in the realm" in result.output


def test_log_json_with_v_writes_one_structured_record_per_event_on_stderr(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "sim.cli", "--log-json", "-v", "run", str(SORCERY / "04-bottomless-pit.yaml"), "--db", str(tmp_path / "g.sqlite")],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    records = [json.loads(line) for line in proc.stderr.splitlines() if line.strip()]
    kinds = {r["event"] for r in records}
    assert {"CommandIssued", "StepTaken", "TriggerQueued", "UnitDied"} <= kinds
    assert all("game" in r and "level" in r for r in records)


def test_diff_finds_where_two_trigger_orders_part_and_exits_1() -> None:
    result = sim(
        "diff",
        str(SORCERY / "07a-phantom-steed-shark-fights-steed-first.yaml"),
        str(SORCERY / "07b-phantom-steed-shark-fights-warriors-first.yaml"),
    )
    assert result.exit_code == 1, result.output
    assert "diverge at event e26" in result.output
    assert "p1 orders t1, t2 (player)" in result.output and "p1 orders t2, t1 (player)" in result.output


def test_diff_of_a_game_with_itself_finds_no_divergence() -> None:
    path = str(SORCERY / "05-giant-shark.yaml")
    assert "no divergence" in sim("diff", path, path).output


def test_replay_at_shows_an_earlier_state(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    game_id = sim("run", str(SORCERY / "04-bottomless-pit.yaml"), "--db", db).output.strip().splitlines()[-1].split()[1]
    log = tmp_path / "game.jsonl"
    sim("log", "export", game_id, "--db", db, "-o", str(log))
    before = sim("replay", str(log), "--at", "14")
    after = sim("replay", str(log))
    assert "14 events" in before.output and "dead" not in before.output
    assert "dead" in after.output
    assert "--at must be between" in one_line_error(sim("replay", str(log), "--at", "999"))


def test_why_gives_the_cost_of_the_path_beside_its_steps() -> None:
    """A Difficult hex costs 2 MP (GODSGLOOM §8): one step that spends the whole Speed of 2."""
    result = sim("why", str(EXAMPLES / "godsgloom" / "09-ignore-difficult.yaml"), "--unit", "militia", "--to", "4,1")
    assert result.exit_code == 0
    assert "militia can reach 4,1 in 1 step(s), costing 2 of 2: 4,2 -> 4,1" in result.output


def test_why_about_a_hex_off_the_mat_is_bad_input_as_in_every_ruleset() -> None:
    result = sim("why", str(EXAMPLES / "godsgloom" / "09-ignore-difficult.yaml"), "--unit", "militia", "--to", "99,99")
    assert result.exit_code == 2
    assert "off the 7x7 mat" in result.output


def test_skirmish_distances_read_as_a_tape_measure_in_text_and_exactly_in_json() -> None:
    scenario = str(EXAMPLES / "skirmish" / "16-why-a-point-is-out-of-reach.yaml")
    text = sim("why", scenario, "--unit", "walker", "--to", "9.05,3.368").output
    assert "costing 2.6 of 6" in text and '2.6" of 6"' in text
    table = sim("reach", scenario, "--unit", "walker").output
    assert "3.1" in table and "3.0537" not in table
    exact = json.loads(sim("reach", scenario, "--unit", "walker", "--json").output)
    assert any(abs(cost - 3.0537) < 1e-3 for cost in exact["costs"].values())


def test_cards_finds_every_card_whose_name_holds_the_words_given() -> None:
    shark = json.loads(sim("cards", "shark", "--json").output)
    assert [c["name"] for c in shark["cards"]] == ["Giant Shark"]
    dragons = [c["name"] for c in json.loads(sim("cards", "dragon", "--json").output)["cards"]]
    assert len(dragons) > 1 and all("dragon" in name.lower() for name in dragons)
    nothing = sim("cards", "xyzzy")
    assert nothing.exit_code == 2 and "unknown card 'xyzzy'" in nothing.output


def test_a_skirmish_reach_table_says_how_each_point_is_reached_and_reads_in_order() -> None:
    """A jump down reads like a walk by its cost alone: the table's ``how`` names it and the
    chance of passing its check (Move Phase, Jumping Down: disadvantage from 4")."""
    from domain.rulesets.skirmish.table import parse_spot

    scenario = str(EXAMPLES / "tutorial" / "skirmish.yaml")
    rows = [line for line in sim("reach", scenario, "--unit", "thief").output.splitlines() if line.startswith("│")]
    street = next(r for r in rows if r.split("│")[1].strip() == "3.95,0.05")
    assert "jump down, 30% to pass its check" in street
    roof = next(r for r in rows if r.split("│")[1].strip() == "4.05,0.05@house")
    assert roof.split("│")[4].strip() == ""
    spots = [parse_spot(r.split("│")[1].strip()) for r in rows]
    keys = [(s.surface != "ground", s.surface, s.y, s.x) for s in spots]
    assert keys == sorted(keys)


def test_diff_of_two_seeds_names_the_seed_and_finds_where_the_dice_part(tmp_path: Path) -> None:
    """``sim diff`` of one scenario under two seeds: the seed is named first, as an option is,
    and the games part where a die first gives them different states, not at their start (the
    seed itself is in the state, which made every such pair part at e1)."""
    from sim.logfile import write_log_file
    from sim.runner import play
    from sim.scenario import load_scenario

    scenario = load_scenario(EXAMPLES / "godsgloom" / "15-trample.yaml")
    finals: dict[str, int] = {}
    for seed in range(1, 40):  # two seeds whose Trample dice leave the pikemen differently wounded
        scenario.seed = seed
        events = play(scenario).events
        wounds = sum(e.wounds for e in events if e.name == "WoundsSuffered")  # type: ignore[attr-defined]
        finals.setdefault(str(wounds), seed)
        if len(finals) == 2:
            break
    assert len(finals) == 2
    paths = []
    for seed in finals.values():
        scenario.seed = seed
        path = tmp_path / f"seed{seed}.jsonl"
        write_log_file(play(scenario).events, path)
        paths.append(str(path))
    result = sim("diff", *paths)
    assert result.exit_code == 1, result.output
    first, second = finals.values()
    assert result.output.splitlines()[0].startswith(f"seed differs: {first} in")
    import re

    at = re.search(r"diverge at event e(\d+):", result.output)
    assert at is not None and int(at.group(1)) > 1
    assert "Wound" in result.output  # the first state the dice made differ: one die wounded the pikemen


def test_a_log_named_dot_log_and_a_scenario_written_as_json_are_told_apart_by_their_content(tmp_path: Path) -> None:
    """``trace``, ``diff`` and ``render`` take a scenario or a log: a log saved as ``.log`` and a
    scenario written as JSON (``.json``, which ``sim check`` reads) are each read as what they
    hold, not as their extension guessed (the log was read as YAML, the scenario as a log)."""
    import yaml

    scenario = EXAMPLES / "godsgloom" / "15-trample.yaml"
    as_json = tmp_path / "trample.json"
    as_json.write_text(json.dumps(yaml.safe_load(scenario.read_text())), encoding="utf-8")
    db = tmp_path / "games.sqlite"
    ran = sim("run", str(scenario), "--db", str(db))
    game_id = ran.output.strip().splitlines()[-1].split()[1]
    log = tmp_path / "trample.log"
    assert sim("log", "export", game_id, "--db", str(db), "-o", str(log)).exit_code == 0
    for source in (as_json, log):
        traced = sim("trace", str(source))
        assert traced.exit_code == 0 and "game started: godsgloom" in traced.output, traced.output
        assert sim("render", str(source), "-o", str(tmp_path / f"{source.stem}-{source.suffix[1:]}.svg")).exit_code == 0
    assert sim("diff", str(as_json), str(log)).exit_code == 0
