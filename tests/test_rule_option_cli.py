"""``--option NAME=VALUE`` on every command that plays a scenario: laid over the file's options,
checked with the same messages as in a file, refused in one line with nothing stored; and
``sim diff`` naming the options that differ between its two games before anything else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from sim.app import open_store
from tests.cli_runs import sim
from tests.helpers import EXAMPLES
from tests.test_cli import one_line_error

ALLIES = str(EXAMPLES / "tiny-epic-tactics" / "02-allies-and-enemies.yaml")
CORRIDOR = {
    "title": "a corridor with an ally in it",
    "ruleset": "tinyepic",
    "setup": {
        "terrain": [". . . . . ."],
        "units": [
            {"id": "rogue", "owner": "p1", "class": "Rogue", "at": "0,0", "movement": 5, "health": 5},
            {"id": "fighter", "owner": "p1", "class": "Fighter", "at": "1,0", "movement": 3, "health": 6},
            {"id": "beast", "owner": "p2", "class": "Beast", "at": "5,0", "movement": 3, "health": 6},
        ],
    },
}



@pytest.fixture
def corridor(tmp_path: Path) -> str:
    path = tmp_path / "corridor.yaml"
    path.write_text(yaml.safe_dump(CORRIDOR))
    return str(path)


def test_an_option_given_on_the_command_line_changes_the_range_of_motion(corridor: str) -> None:
    passing = json.loads(sim("reach", corridor, "--unit", "rogue", "--json").output)
    blocked = json.loads(sim("reach", corridor, "--unit", "rogue", "--json", "--option", "ally_pass_through=false").output)
    assert "2,0" in passing["reachable"]
    assert "2,0" not in blocked["reachable"]


def test_an_option_on_the_command_line_wins_over_the_files(tmp_path: Path) -> None:
    path = tmp_path / "blocked.yaml"
    path.write_text(yaml.safe_dump({**CORRIDOR, "options": {"ally_pass_through": False}}))
    opened = json.loads(sim("reach", str(path), "--unit", "rogue", "--json", "--option", "ally_pass_through=true").output)
    assert "2,0" in opened["reachable"]


def test_the_option_is_recorded_in_the_stored_game(corridor: str, tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    result = sim("run", corridor, "--db", db, "--option", "ally_pass_through=false", "--option", "descend_cost=2")
    assert result.exit_code == 0, result.output
    store = open_store(db)
    (game_id,) = store.game_ids()
    started = next(iter(store.game_events(game_id)))
    assert started.options["ally_pass_through"] is False and started.options["descend_cost"] == 2


def test_self_play_in_worker_processes_plays_under_the_option(corridor: str, tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    result = sim("play", corridor, "--games", "2", "--policy", "random", "--db", db, "--json",
                 "--option", "ally_pass_through=false")
    assert result.exit_code == 0, result.output
    store = open_store(db)
    assert len(store.game_ids()) == 2
    for game_id in store.game_ids():
        assert next(iter(store.game_events(game_id))).options["ally_pass_through"] is False


COMMANDS = {
    "run": ["run", "{s}", "--db", "{db}"],
    "check": ["check", "{s}"],
    "reach": ["reach", "{s}", "--unit", "rogue"],
    "why": ["why", "{s}", "--unit", "rogue", "--to", "2,0"],
    "legal": ["legal", "{s}"],
    "play": ["play", "{s}", "--db", "{db}"],
    "trace": ["trace", "{s}"],
    "explore": ["explore", "{s}"],
    "timeline": ["timeline", "{s}"],
    "compare": ["compare", "{s}", "--variant", "a:descend_cost=0", "--games", "2", "--db", "{db}"],
}


def _args(command: str, scenario: str, db: str, *extra: str) -> list[str]:
    return [a.format(s=scenario, db=db) for a in COMMANDS[command]] + list(extra)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_that_plays_a_scenario_refuses_a_wrong_type_as_a_file_would(
    command: str, corridor: str, tmp_path: Path
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(yaml.safe_dump({**CORRIDOR, "options": {"ally_pass_through": "maybe"}}))
    in_file = sim("reach", str(bad), "--unit", "rogue")
    file_message = one_line_error(in_file).split(": ", 3)[-1]
    assert file_message == "option ally_pass_through must be true or false, not \"maybe\""
    db = str(tmp_path / "never.sqlite")
    result = sim(*_args(command, corridor, db, "--option", "ally_pass_through=maybe"))
    if command == "check":  # check reports each file's bad input on its line, then the count
        assert result.exit_code == 2 and file_message in result.output
    else:
        line = one_line_error(result)
        assert line == f"error: --option ally_pass_through: {file_message}"
    assert not Path(db).exists()


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_that_plays_a_scenario_refuses_an_unknown_option_as_a_file_would(
    command: str, corridor: str, tmp_path: Path
) -> None:
    db = str(tmp_path / "never.sqlite")
    result = sim(*_args(command, corridor, db, "--option", "ally_passthrough=false"))
    assert result.exit_code == 2, result.output
    assert "unknown rule option 'ally_passthrough' for tinyepic: known are adjacency" in result.output
    assert not Path(db).exists()


@pytest.mark.parametrize("given", ["ally_pass_through", "=false", "ally_pass_through=[unclosed"])
def test_an_option_that_is_not_name_equals_value_is_one_line_of_bad_input(given: str, corridor: str) -> None:
    line = one_line_error(sim("reach", corridor, "--unit", "rogue", "--option", given))
    assert line.startswith("error: --option")


def test_an_option_is_refused_for_a_logged_game(tmp_path: Path) -> None:
    db = str(tmp_path / "g.sqlite")
    sim("run", ALLIES, "--db", db)
    (game_id,) = open_store(db).game_ids()
    log = tmp_path / "g.jsonl"
    assert sim("log", "export", str(game_id), "--db", db, "-o", str(log)).exit_code == 0
    line = one_line_error(sim("trace", str(log), "--option", "ally_pass_through=false"))
    assert "a logged game keeps those it was played under" in line


def test_diff_names_the_options_that_differ_before_anything_else(tmp_path: Path) -> None:
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    first.write_text(yaml.safe_dump({**CORRIDOR, "options": {"descend_cost": 1}}))
    second.write_text(yaml.safe_dump({**CORRIDOR, "options": {"descend_cost": 2, "ally_pass_through": False}}))
    text = sim("diff", str(first), str(second))
    assert text.exit_code == 1
    lines = text.output.splitlines()
    assert lines[0] == f"option ally_pass_through differs: true in {first}, false in {second}"
    assert lines[1] == f"option descend_cost differs: 1 in {first}, 2 in {second}"
    data = json.loads(sim("diff", str(first), str(second), "--json").output)
    assert list(data)[0] == "options"
    assert data["options"] == {"ally_pass_through": [True, False], "descend_cost": [1, 2]}


def test_diff_of_games_under_the_same_options_names_none(corridor: str) -> None:
    data = json.loads(sim("diff", corridor, corridor, "--json").output)
    assert data["options"] == {} and data["diverge_at"] is None


def test_a_later_option_at_its_default_is_not_recorded_so_older_games_hash_as_before() -> None:
    from domain.rulesets.skirmish.options import SkirmishOptions

    assert "unit_move" not in SkirmishOptions().model_dump(mode="json")
    assert SkirmishOptions(unit_move=3).model_dump(mode="json")["unit_move"] == 3


TUTORIAL = EXAMPLES / "tutorial"


@pytest.mark.parametrize(
    ("option", "expected"),
    [
        # pydantic's lax reading took 2.0 as 2 where a scenario's whole numbers refuse it
        ("engaged_step_hexes=2.0", "option engaged_step_hexes must be a whole number, not 2.0"),
        ("engaged_step_hexes=2.5", "option engaged_step_hexes must be a whole number, not 2.5"),
        ("engaged_step_hexes=true", "option engaged_step_hexes must be a whole number, not true"),
        ('engaged_step_hexes="2"', 'option engaged_step_hexes must be a whole number, not "2"'),
        ("teleport_arrival_engages=1", "option teleport_arrival_engages must be true or false, not 1"),
    ],
)
def test_an_option_of_the_wrong_kind_is_named_in_a_designers_words(option: str, expected: str) -> None:
    """"must be a int, not True" read as a typo and in Python's spelling; the value is shown as
    it is written in a scenario."""
    line = one_line_error(sim("run", str(TUTORIAL / "godsgloom.yaml"), "--db", ":memory:", "--option", option))
    assert line.endswith(expected), line


@pytest.mark.parametrize(
    ("scenario", "option", "expected"),
    [
        # not finite: dumped as null, the game then failed to start with exit 3 and pydantic's text
        ("skirmish.yaml", "run_multiplier=.inf", "option run_multiplier must be a finite number, not inf"),
        ("skirmish.yaml", "run_multiplier=.nan", "option run_multiplier must be a finite number, not nan"),
        # out of bounds: the message named the type the value has ("must be a int, not -5")
        ("tiny-epic-tactics.yaml", "portal_transit_cost=-5", "option portal_transit_cost must be 0 or more, not -5"),
        ("tiny-epic-tactics.yaml", "melee_die_faces=[]", "option melee_die_faces must be a list of at least 1, not []"),
        # GODSGLOOM had no bounds: a negative cost searched without end, a 0-faced die divided by 0
        ("godsgloom.yaml", "difficult_cost=-5", "option difficult_cost must be 1 or more, not -5"),
        ("godsgloom.yaml", "attack_die_faces=0", "option attack_die_faces must be 1 or more, not 0"),
        ("godsgloom.yaml", "engaged_step_hexes=-1", "option engaged_step_hexes must be 0 or more, not -1"),
    ],
)
def test_an_option_out_of_bounds_is_one_line_exit_2_naming_the_bound(scenario: str, option: str, expected: str) -> None:
    line = one_line_error(sim("run", str(TUTORIAL / scenario), "--db", ":memory:", "--option", option))
    assert line.endswith(expected), line
