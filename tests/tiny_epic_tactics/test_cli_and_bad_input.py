"""The CLI on the grid: reach, why, legal, play, and bad input (one line, exit 2, nothing stored)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import EXAMPLES
from tests.test_cli import assert_nothing_stored, one_line_error, sim

TET = EXAMPLES / "tiny-epic-tactics"

BOARD = """title: bad
ruleset: tinyepic
setup:
  terrain: [". . . .", ". v . ."]
  levels: ["0 0 0 0", "0 0 1 0"]
  units:
    - {id: a, owner: p1, class: Rogue, at: "0,0", movement: 3, health: 4, missile: 3, ammo: 2}
    - {id: b, owner: p1, class: Fighter, at: "0,1", movement: 3, health: 5}
    - {id: c, owner: p1, class: Wizard, at: "3,0", movement: 3, health: 5}
    - {id: e, owner: p2, class: Beast, at: "2,0", movement: 3, health: 5}
"""


def test_reach_json_writes_spaces_as_x_comma_y() -> None:
    data = json.loads(sim("reach", str(TET / "04-water-peak-ballista-and-climbing-onto-a-peak.yaml"), "--unit", "rogue", "--json").output)
    assert data["unit"] == "rogue" and data["paths"]["3,0"] == ["3,0"]
    assert "3,1" in data["reachable"]


@pytest.mark.parametrize(
    ("to", "words"),
    [("4,0", "portal blocked by an enemy"), ("0,2", "not enough Movement for the climb"), ("2,2", "enemy in the way")],
)
def test_why_names_the_rule(to: str, words: str) -> None:
    result = sim("why", str(TET / "19-why-a-space-is-out-of-reach.yaml"), "--unit", "scout", "--to", to)
    assert result.exit_code == 1 and words in result.output  # sim why exits 1 for "no"


def test_why_gives_the_path_when_reachable() -> None:
    result = sim("why", str(TET / "07-portal-blocked-by-an-enemy-and-used-by-an-ally.yaml"), "--unit", "scout", "--to", "4,1")
    assert "scout can reach 4,1" in result.output


def test_legal_lists_moves_attacks_and_the_end_of_the_turn() -> None:
    result = sim("legal", str(TET / "19-why-a-space-is-out-of-reach.yaml"), "--json")
    data = json.loads(result.output)
    kinds = {c["command"] for c in data["commands"]}
    assert data["player"] == "p1" and {"move", "end_turn"} <= kinds


def test_play_whole_turns_stores_and_verifies(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    result = sim("play", str(TET / "16-a-whole-turn-with-a-weakened-unit.yaml"), "--turns", "2", "--policy", "random",
                 "--db", str(db), "--json")
    assert result.exit_code == 0, result.output
    assert '"verified": true' in result.output


@pytest.mark.parametrize(
    ("setup", "script", "expected"),
    [
        ("", '[{command: move, unit: a, path: ["1,0"]}, {command: move, unit: b, path: ["1,1"]}, '
             '{command: move, unit: c, path: ["3,1"]}, {command: missile_attack, unit: a, target: e}]',
         "a turn has at most three actions"),
        ("", '[{command: move, unit: a, path: ["1,0"]}, {command: move, unit: a, path: ["1,1"]}]', "no unit repeats an action"),
        ("", '[{command: move, unit: a, path: ["1,0", "2,0"]}]', "enemy in the way"),
        ("", '[{command: move, unit: a, path: ["9,9"]}]', "off the 4x2 board"),
        ("", '[{command: move, unit: nobody, path: ["1,0"]}]', "unknown unit 'nobody'"),
        ('  terrain: [". . . .", ". lava . ."]\n', "[]", "unknown terrain 'lava' at 1,1"),
        ('  levels: ["0 0 0 0", "0 -1 0 0"]\n', "[]", "level '-1' at 1,1 is not a whole number"),
        ('  levels: ["0 0 0 0", "0 0 0"]\n', "[]", "row 1 has 3 spaces and row 0 has 4: a board is rectangular"),
        ('  terrain: [". . .", ". . ."]\n', "[]", "the levels rows are 4x2 spaces, the terrain rows 3x2"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_stores_nothing(tmp_path: Path, setup: str, script: str, expected: str) -> None:
    text = BOARD
    if setup:
        key = setup.split(":")[0]
        text = "\n".join(line for line in text.splitlines() if not line.startswith(key + ":")) + "\n"
        text = text.replace("setup:\n", "setup:\n" + setup)
    scenario = tmp_path / "bad.yaml"
    scenario.write_text(text + f"script: {script}\n")
    db = tmp_path / "g.sqlite"
    line = one_line_error(sim("run", str(scenario), "--db", str(db)))
    assert expected in line and "bad.yaml" in line, line
    assert_nothing_stored(db)


def test_a_unit_without_movement_names_the_field_and_the_option(tmp_path: Path) -> None:
    scenario = tmp_path / "bad.yaml"
    scenario.write_text(BOARD.replace("movement: 3, health: 4, ", "health: 4, "))
    line = one_line_error(sim("run", str(scenario), "--db", str(tmp_path / "g.sqlite")))
    assert "setup.units[0].movement" in line and "movement_values" in line
    scenario.write_text(BOARD.replace("movement: 3, health: 4, ", "health: 4, ") + "options: {movement_values: {Rogue: 4}}\n")
    assert sim("run", str(scenario), "--db", str(tmp_path / "g.sqlite")).exit_code == 0


def test_an_unknown_option_value_names_the_option(tmp_path: Path) -> None:
    scenario = tmp_path / "bad.yaml"
    scenario.write_text(BOARD + "options: {adjacency: hex6}\n")
    line = one_line_error(sim("run", str(scenario), "--db", str(tmp_path / "g.sqlite")))
    assert "adjacency" in line


def test_a_stored_game_exports_and_verifies_in_fresh_processes(tmp_path: Path) -> None:
    """Each command runs in a process of its own, so every event topic must be registered by
    loading the rulesets alone (not by having played a game first)."""
    db, log = tmp_path / "g.sqlite", tmp_path / "g.jsonl"
    run = subprocess.run(
        [sys.executable, "-m", "sim.cli", "run", str(TET / "10-ballista-after-moving-in.yaml"), "--db", str(db)],
        capture_output=True, text=True,
    )
    game_id = run.stdout.strip().splitlines()[-1].split()[1]
    export = subprocess.run(
        [sys.executable, "-m", "sim.cli", "log", "export", game_id, "--db", str(db), "-o", str(log)],
        capture_output=True, text=True,
    )
    assert export.returncode == 0, export.stdout + export.stderr
    replayed = subprocess.run([sys.executable, "-m", "sim.cli", "replay", str(log), "--verify"], capture_output=True, text=True)
    assert replayed.returncode == 0 and "verified" in replayed.stdout, replayed.stdout + replayed.stderr


@pytest.mark.parametrize(
    "options",
    ["{movement_values: {Rogue: -1}}", "{terrain_entry_surcharge: {water: -2}}", "{terrain_entry_surcharge: {lava: 1}}",
     "{melee_die_faces: []}", "{knockback_stop_damage: -1}", "{portal_model: door}"],
)
def test_a_bad_option_value_is_one_line_naming_the_option(tmp_path: Path, options: str) -> None:
    scenario = tmp_path / "bad.yaml"
    scenario.write_text(BOARD + f"options: {options}\n")
    line = one_line_error(sim("run", str(scenario), "--db", str(tmp_path / "g.sqlite")))
    assert "option" in line and options.split(":")[0].strip("{") in line, line


@pytest.mark.parametrize("field", ["melee", "miss_dice"])
def test_a_unit_with_more_dice_than_any_card_is_one_line_naming_the_field(tmp_path: Path, field: str) -> None:
    """Seed 003 gives no dice counts; the digest's Melee and miss dice are a card's few squares.
    A unit of 100,000,000 Melee dice was set up, and its first attack rolled them all: minutes
    and gigabytes for one DiceRolled, no answer. Set-up now refuses a count past ``MOST_DICE``
    (a game's dice at that many still roll at once)."""
    from domain.rulesets.tinyepic.commands import MOST_DICE

    scenario = tmp_path / "bad.yaml"
    scenario.write_text(BOARD.replace("movement: 3, health: 5}", f"movement: 3, health: 5, {field}: {MOST_DICE + 1}}}", 1))
    line = one_line_error(sim("run", str(scenario), "--db", str(tmp_path / "g.sqlite")))
    assert f"setup.units.1.{field}" in line and str(MOST_DICE) in line, line
    assert_nothing_stored(tmp_path / "g.sqlite")
    scenario.write_text(BOARD.replace("movement: 3, health: 5}", f"movement: 3, health: 5, {field}: {MOST_DICE}}}", 1))
    assert sim("run", str(scenario), "--db", str(tmp_path / "g.sqlite")).exit_code == 0
