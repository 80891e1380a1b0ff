"""Inputs that used to end in "internal error": each is now one clear line, exit 2, nothing written."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from domain.errors import BadInput
from sim.api import Simulator
from sim.yamlfile import MAX_DEPTH, MAX_VALUES
from tests.cli_runs import one_line_exit_2, sim
from tests.helpers import EXAMPLES

SHARK = EXAMPLES / "sorcery" / "05-giant-shark.yaml"
ROOT = Path(__file__).resolve().parent.parent




def stored_game(tmp_path: Path) -> tuple[str, str]:
    db = str(tmp_path / "games.sqlite")
    return db, str(Simulator(db).load(SHARK).id)


def test_export_into_a_missing_folder_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    db, game_id = stored_game(tmp_path)
    target = tmp_path / "missing-folder" / "x.jsonl"
    line = one_line_exit_2(sim("log", "export", game_id, "--db", db, "-o", str(target)))
    assert "can't write the log: no folder" in line and "missing-folder" in line
    assert not target.parent.exists()


def test_export_into_a_closed_pipe_says_so_in_one_line(tmp_path: Path) -> None:
    db, game_id = stored_game(tmp_path)
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader is gone before anything is written, as after `| head -1`
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "sim.cli", "log", "export", game_id, "--db", db],
            stdout=write_end, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        )
    finally:
        os.close(write_end)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "error: the output was closed before everything was written (broken pipe)"


@pytest.mark.parametrize("args", [
    ["check", str(SHARK)],  # rich's console: it exited 1 itself, saying nothing
    ["trace", str(SHARK)],
    ["legal", str(SHARK)],
    ["reach", str(SHARK), "--unit", "shark"],
    ["schema"],  # click.echo in a command without the error guard: click exited 1
    ["--help"],
    ["check", "--help"],
])
def test_text_output_into_a_closed_pipe_is_bad_input_said_in_one_line(args: list[str]) -> None:
    """README "Exit codes": a closed pipe is bad input, exit 2, one "broken pipe" line on stderr,
    for text output as for ``--json`` and ``log export``."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "sim.cli", *args], stdout=write_end, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        )
    finally:
        os.close(write_end)
    assert (proc.returncode, proc.stderr.strip()) == (
        2, "error: the output was closed before everything was written (broken pipe)")


def test_export_from_a_store_that_does_not_exist_creates_none(tmp_path: Path) -> None:
    typo = tmp_path / "typo.sqlite"
    line = one_line_exit_2(sim("log", "export", "3d8402fc-3196-49f1-ade2-99a812a54bf8", "--db", str(typo)))
    assert "typo.sqlite: no such store" in line
    assert not typo.exists()


def scenario_file(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "scenario.yaml"
    path.write_text("title: x\nruleset: sorcery\n" + body, encoding="utf-8")
    return path


def test_yaml_nested_five_thousand_deep_is_refused_with_its_position(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, "setup: " + "[" * 5000 + "]" * 5000 + "\n")
    db = tmp_path / "games.sqlite"
    line = one_line_exit_2(sim("run", str(path), "--db", str(db)))
    assert f"scenario.yaml:3:{8 + MAX_DEPTH - 1}: nested more than {MAX_DEPTH} levels deep" in line
    assert not db.exists()


def test_a_yaml_alias_bomb_is_refused_before_it_is_expanded(tmp_path: Path) -> None:
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for previous, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
    path = scenario_file(tmp_path, "\n".join(lines) + "\n")  # 9**9 values once expanded
    line = one_line_exit_2(sim("run", str(path), "--db", str(tmp_path / "g.sqlite")))
    assert f"more than {MAX_VALUES} values once aliases are expanded" in line


def test_a_yaml_alias_bomb_is_refused_at_the_first_value_that_grows_past_the_bound(tmp_path: Path) -> None:
    """The bound names where the file grows too big, as the other bounds do: here the anchor ``&f``
    (line 6 of the body), whose 1 + 9 * 66,430 values are the first count past 100,000."""
    lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for previous, name in zip("abcdefgh", "bcdefghi", strict=True):
        lines.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
    path = scenario_file(tmp_path, "\n".join(lines) + "\n")
    line = one_line_exit_2(sim("run", str(path), "--db", ":memory:"))
    assert line.startswith("error: ") and line.endswith(f"scenario.yaml:8:4: more than {MAX_VALUES} values once aliases are expanded")


def test_an_alias_that_contains_itself_is_refused(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, "setup: &loop [*loop]\n")
    assert "an alias refers to the value that contains it" in one_line_exit_2(sim("run", str(path), "--db", ":memory:"))


def test_a_list_as_a_mapping_key_is_refused(tmp_path: Path) -> None:
    path = scenario_file(tmp_path, "? [1, 2]\n: 3\n")
    assert "scenario.yaml:3:3: a key must be a plain value" in one_line_exit_2(sim("run", str(path), "--db", ":memory:"))


def test_running_into_a_read_only_sqlite_store_is_bad_input_and_writes_nothing(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    Simulator(str(db)).load(SHARK)
    before = db.read_bytes()
    line = one_line_exit_2(sim("run", str(SHARK), "--db", f"file:{db}?mode=ro"))
    assert "the store is read-only: nothing was written" in line
    assert db.read_bytes() == before


def make_read_only(path: Path) -> Callable[[], None]:
    """Make a file read-only even for root (which ignores permissions): ``chattr +i``; returns how
    to undo it. Skips when neither works here."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        return lambda: path.chmod(0o644)
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
        pytest.skip("running as root where files can't be made immutable; the file: URI test covers the store")
    return lambda: subprocess.run(["chattr", "-i", str(path)], check=True)


def test_running_into_a_read_only_sqlite_file_is_bad_input_and_reading_it_still_works(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    game = Simulator(str(db)).load(SHARK)
    undo = make_read_only(db)
    try:
        assert "games.sqlite: the store is read-only: nothing was written" in one_line_exit_2(
            sim("run", str(SHARK), "--db", str(db))
        )
        listed = sim("games", "--db", str(db))
        assert listed.exit_code == 0 and str(game.id) in listed.output
    finally:
        undo()


def test_a_sorcery_unit_with_an_empty_id_is_refused_naming_its_field(tmp_path: Path) -> None:
    """An empty id used to send the keyword rules round in a circle (a unit carried by no one
    was looked up as carried by the unit whose id is empty): found by the damaged-scenario
    property test. The set-up now refuses it as bad input, naming the unit's field."""
    data = yaml.safe_load((EXAMPLES / "sorcery/08-a-whole-turn.yaml").read_text(encoding="utf-8"))
    data["setup"]["units"][1]["id"] = ""
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = sim("check", str(path))
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    assert "setup.units[1].id: an id can't be empty" in result.output


TET_FIRST = EXAMPLES / "tiny-epic-tactics" / "01-each-space-costs-one.yaml"


@pytest.mark.parametrize(("written", "shown"), [("true", "true"), ("2.5", "2.5"), ('"3"', '"3"'), ("3.0", "3.0")])
def test_a_whole_number_in_a_scenario_is_read_strictly(tmp_path: Path, written: str, shown: str) -> None:
    """YAML's ``true`` where a unit's Movement belongs was read as 1 (pydantic's lax reading of
    Python data takes a boolean for a number), so the Rogue moved one space and the scenario
    failed on the rules instead of naming the field; a string or a fraction is refused too."""
    text = TET_FIRST.read_text(encoding="utf-8").replace("movement: 3, health: 5", f"movement: {written}, health: 5")
    scenario = tmp_path / "loose.yaml"
    scenario.write_text(text, encoding="utf-8")
    checked = sim("check", str(scenario))
    assert checked.exit_code == 2, checked.output
    assert f"setup.units.0.movement: Input should be a valid integer, not {shown}" in checked.output
    db = tmp_path / "games.sqlite"
    line = one_line_exit_2(sim("run", str(scenario), "--db", str(db)))
    assert "loose.yaml:12:" in line and "movement" in line, line
    assert not db.exists()


def test_a_boolean_seed_in_a_scenario_is_refused_not_read_as_seed_1(tmp_path: Path) -> None:
    scenario = tmp_path / "seeded.yaml"
    scenario.write_text("seed: true\n" + SHARK.read_text(encoding="utf-8"), encoding="utf-8")
    checked = sim("check", str(scenario))
    assert checked.exit_code == 2 and "seeded.yaml:1:7: seed: Input should be a valid integer, not true" in checked.output


def test_a_yaml_date_where_text_belongs_is_still_refused_in_pydantics_words(tmp_path: Path) -> None:
    """JSON has no dates: such a file is read the lax way, which refuses a date for a title."""
    text = TET_FIRST.read_text(encoding="utf-8").replace('title: "Each space costs 1 to enter; one unit per space"', "title: 2026-11-28")
    scenario = tmp_path / "dated.yaml"
    scenario.write_text(text, encoding="utf-8")
    checked = sim("check", str(scenario))
    assert checked.exit_code == 2 and "title: Input should be a valid string" in checked.output, checked.output


@pytest.mark.parametrize(
    ("parse", "text", "message"),
    [
        ("domain.rulesets.godsgloom.hexgrid:parse_hex", "1_0,2", "coordinates must be whole numbers"),
        ("domain.rulesets.tinyepic.grid:parse_space", "1_0,2", "is not a space"),
        ("domain.rulesets.skirmish.table:parse_spot", "1_0,2", "coordinates must be numbers of inches"),
        ("domain.rulesets.sorcery.realm:parse_loc", "1_1", "expected a square 1-20"),
    ],
    ids=["godsgloom", "tinyepic", "skirmish", "sorcery"],
)
def test_a_coordinate_with_an_underscore_is_refused_not_read_as_python_reads_it(parse: str, text: str, message: str) -> None:
    """Python's int() and float() read "1_0" as 10: a location nobody writes so was a place
    the person did not name."""
    import importlib

    module, _, name = parse.partition(":")
    with pytest.raises(BadInput, match=message):
        getattr(importlib.import_module(module), name)(text)


ENGAGED = EXAMPLES / "godsgloom" / "04-engaged-at-start.yaml"


def engaged_with(tmp_path: Path, old: str, new: str) -> Path:
    """Example 04 with one piece of its text replaced, written as ``scenario.yaml``."""
    text = ENGAGED.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "scenario.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("{type: StepTakn}", "expect.no_events.0.type: unknown event type 'StepTakn' for godsgloom; did you mean 'StepTaken'?"),
        ('{type: StepTaken, unit: spearmen, too: "2,4"}', "expect.no_events.0.too: StepTaken has no field 'too'; did you mean 'to'?"),
    ],
    ids=["type", "field"],
)
def test_a_no_events_expectation_no_event_could_match_is_bad_input_not_a_pass(
    tmp_path: Path, written: str, message: str
) -> None:
    """"No StepTakn" held for every game: the check passed whatever the rules did."""
    path = engaged_with(tmp_path, "    - {type: MeleeAttackDeclared}", f"    - {written}")
    result = sim("check", str(path))
    assert result.exit_code == 2 and message in result.output, result.output
    assert "scenario.yaml:31:" in result.output


def test_an_events_expectation_with_a_field_the_event_lacks_names_the_field(tmp_path: Path) -> None:
    path = engaged_with(tmp_path, '{type: StepTaken, unit: spearmen, to: "2,3"}', '{type: StepTaken, unit: spearmen, dest: "2,3"}')
    line = one_line_exit_2(sim("run", str(path), "--db", ":memory:"))
    assert "expect.events.3.dest: StepTaken has no field 'dest'" in line, line


@pytest.mark.parametrize(("to", "message"), [("99,2", "hex 99,2 is off the 7x6 mat"), ("x", "unknown hex 'x'")])
def test_a_no_events_expectation_naming_no_place_on_the_board_fails_the_check(tmp_path: Path, to: str, message: str) -> None:
    """Matched against the events it named no place any of them could have, so it held whatever
    the rules did; a place is read only once the board is set up, so this is a failed check."""
    path = engaged_with(tmp_path, "    - {type: MeleeAttackDeclared}", f'    - {{type: StepTaken, unit: spearmen, to: "{to}"}}')
    result = sim("check", str(path))
    assert result.exit_code == 1 and f"expect.no_events.0.to: {message}" in result.output, result.output


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ("reachable: true, after: 99}", "expect.reach.0.after: 99 is past the script's end (it has 4 commands)"),
        ('reachable: true, after: 1, rule: "at most 1 hex"}', "expect.reach.0.rule: the reason a place is out of reach, never checked"),
    ],
    ids=["after", "rule"],
)
def test_a_reach_expectation_part_of_which_would_go_unchecked_is_bad_input(tmp_path: Path, written: str, message: str) -> None:
    """``after: 99`` was read as after the whole script; a ``rule`` on a reachable place was never
    looked at: either passed as if it had been checked."""
    path = engaged_with(tmp_path, "reachable: true, after: 1}", written)
    line = one_line_exit_2(sim("run", str(path), "--db", ":memory:"))
    assert message in line and "scenario.yaml:21:" in line, line


def test_a_path_expected_to_an_unreachable_place_is_bad_input(tmp_path: Path) -> None:
    path = engaged_with(tmp_path, 'reachable: false, rule: "at most 1 hex", after: 1}', 'reachable: false, path: ["2,2", "2,3", "2,4"], after: 1}')
    line = one_line_exit_2(sim("run", str(path), "--db", ":memory:"))
    assert "expect.reach.1.path: the way to a reachable place, never checked with reachable: false" in line, line


def test_a_script_rule_on_a_command_expected_to_be_taken_is_bad_input(tmp_path: Path) -> None:
    """Only a refusal is compared with ``rule``: on a command that is taken it passed unread."""
    path = engaged_with(tmp_path, "  - {command: activate, unit: spearmen}", '  - {command: activate, unit: spearmen, rule: "§8.2"}')
    line = one_line_exit_2(sim("run", str(path), "--db", ":memory:"))
    assert "scenario.yaml:15:" in line and "script[0].rule: what a refusal must cite, never checked unless" in line, line


def test_an_unknown_field_named_with_a_newline_is_quoted_in_a_one_line_error(tmp_path: Path) -> None:
    """Bad input gets a one-line message naming the field: a key holding a newline or a space
    (a damaged or generated file) is written quoted in the field's path, not broken over lines
    (the fuzz test found ``setup.\\n: unknown field``)."""
    path = scenario_file(tmp_path, 'setup: {"\\n": 1, units: []}\n')
    db = tmp_path / "games.sqlite"
    line = one_line_exit_2(sim("run", str(path), "--db", str(db)))
    assert 'setup."\\n": unknown field' in line
    assert not db.exists()


def test_export_whose_partial_file_is_a_folder_is_refused_naming_it(tmp_path: Path) -> None:
    """The export writes a ``.partial`` file and renames it when whole: a folder in its way is
    bad input naming that path (exit 2), not an internal error, and the folder is left as it was."""
    db, game_id = stored_game(tmp_path)
    target = tmp_path / "out.jsonl"
    (tmp_path / "out.jsonl.partial").mkdir()
    line = one_line_exit_2(sim("log", "export", game_id, "--db", db, "-o", str(target)))
    assert "out.jsonl.partial" in line and "can't write the log" in line
    assert not target.exists() and (tmp_path / "out.jsonl.partial").is_dir()


def test_a_log_beginning_with_a_byte_order_mark_reads_as_without_it(tmp_path: Path) -> None:
    """Some editors write a UTF-8 byte order mark before the first line: it is no part of it."""
    db, game_id = stored_game(tmp_path)
    plain = tmp_path / "plain.jsonl"
    assert sim("log", "export", game_id, "--db", db, "-o", str(plain)).exit_code == 0
    marked = tmp_path / "marked.jsonl"
    marked.write_bytes(b"\xef\xbb\xbf" + plain.read_bytes())
    first, second = sim("replay", str(plain)), sim("replay", str(marked))
    assert second.exit_code == 0, second.output
    assert first.output.splitlines()[-1] == second.output.splitlines()[-1]


@pytest.mark.parametrize(
    "args",
    [["run", "--db", ":memory:"], ["legal"], ["timeline"], ["reach", "--unit", "shark"],
     ["why", "--unit", "shark", "--to", "A"], ["play", "--db", ":memory:"],
     ["compare", "--variant", "a:", "--games", "1", "--workers", "1"]],
)
def test_a_game_log_given_where_a_scenario_belongs_is_named_as_a_log(tmp_path: Path, args: list[str]) -> None:
    """A log is not a scenario (README, "The command line": these commands play a scenario's
    script): the error says what the file is and which commands read it, not that line 2 is
    malformed YAML."""
    db, game_id = stored_game(tmp_path)
    log = tmp_path / "game.jsonl"
    assert sim("log", "export", game_id, "--db", db, "-o", str(log)).exit_code == 0
    line = one_line_exit_2(sim(args[0], str(log), *args[1:]))
    assert "game.jsonl" in line and "a game log" in line and "not a scenario" in line and "YAML" not in line


def test_a_game_log_given_to_check_is_named_as_a_log(tmp_path: Path) -> None:
    db, game_id = stored_game(tmp_path)
    log = tmp_path / "game.jsonl"
    assert sim("log", "export", game_id, "--db", db, "-o", str(log)).exit_code == 0
    result = sim("check", str(log))
    assert result.exit_code == 2, result.output
    assert "a game log" in result.output and "not a scenario" in result.output and "YAML" not in result.output


@pytest.mark.parametrize("args", [["replay"], ["log", "import"]])
def test_a_scenario_given_where_a_log_belongs_is_named_as_a_scenario(tmp_path: Path, args: list[str]) -> None:
    """``replay`` and ``log import`` read a log (README, "The command line"); a scenario given
    to them is named as one, with the commands that make its log, not "line 1: not JSON"."""
    line = one_line_exit_2(sim(*args, str(SHARK), *(["--db", str(tmp_path / "s.sqlite")] if args[0] == "log" else [])))
    assert "a scenario (YAML), not a game log" in line and "sim log export" in line
    assert not (tmp_path / "s.sqlite").exists()


def test_a_game_log_loaded_as_a_scenario_by_the_api_is_named_as_a_log(tmp_path: Path) -> None:
    db, game_id = stored_game(tmp_path)
    log = tmp_path / "game.jsonl"
    assert sim("log", "export", game_id, "--db", db, "-o", str(log)).exit_code == 0
    with pytest.raises(BadInput, match="a game log \\(JSON Lines\\), not a scenario"):
        Simulator(":memory:").load(log)


def test_a_plot_inside_a_file_says_the_file_is_not_a_folder(tmp_path: Path) -> None:
    """--plot is refused before any game is played when it can't be written; a path under a
    file named that file 'no such folder', which it is not."""
    pytest.importorskip("matplotlib")
    afile = tmp_path / "notes.txt"
    afile.write_text("x")
    line = one_line_exit_2(sim("compare", str(SHARK), "--variant", "a:", "--games", "1", "--workers", "1",
                               "--no-swap", "--plot", str(afile / "figure.png")))
    assert f"not a folder: {afile}" in line


def test_check_names_a_bad_files_place_once(tmp_path: Path) -> None:
    """``sim check``'s line for a file it can't read names the file once (second review: "ERROR
    r.bin: r.bin: can't read the file"), with the line and column where the message has them."""
    binary = tmp_path / "r.bin"
    binary.write_bytes(b"\xe4\xff\x00")
    broken = tmp_path / "bad.yaml"
    broken.write_text("x: [\n")
    result = sim("check", str(binary), str(broken))
    lines = result.output.splitlines()
    assert f"ERROR {binary}: can't read the file" in lines[0] and lines[0].count(str(binary)) == 1, lines
    assert lines[1].startswith(f"ERROR {broken}:2:1: malformed YAML") and lines[1].count(str(broken)) == 1, lines
