"""An empty player name or an empty id in a scenario's set-up is bad input naming its field, in
every ruleset: no command could name such a player or unit (``unit: ""`` reads as no unit), and
Sorcery alone refused an empty id (in its set-up), while the other three stored the game and then
refused the script's first command with "unknown unit 'knights'; the units are: , pikemen".
The check is the scenario reader's (``sim.scenario``), shared by the four rulesets, and the
start of a new game's (``domain.events.check_start``) for the players; a log written before
keeps reading, replaying and verifying (logs are forever)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from domain.errors import BadInput
from domain.events import check_start
from sim.api import Simulator
from tests.cli_runs import one_line_exit_2, sim
from tests.helpers import EXAMPLES

TUTORIALS = sorted((EXAMPLES / "tutorial").glob("*.yaml"))




def written(tmp_path: Path, source: Path, change: Any) -> Path:
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / source.name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def test_every_ruleset_has_a_tutorial_here() -> None:
    rulesets = {yaml.safe_load(p.read_text(encoding="utf-8"))["ruleset"] for p in TUTORIALS}
    assert rulesets == {"sorcery", "godsgloom", "skirmish", "tinyepic"}


@pytest.mark.parametrize("source", TUTORIALS, ids=lambda p: p.stem)
@pytest.mark.parametrize("name", ["", "  "])
def test_an_empty_unit_id_is_bad_input_naming_the_field_in_every_ruleset(tmp_path: Path, source: Path, name: str) -> None:
    def change(data: dict[str, Any]) -> None:
        data["setup"]["units"][1]["id"] = name

    path = written(tmp_path, source, change)
    line = one_line_exit_2(sim("reach", str(path), "--unit", "x"))
    assert "setup.units[1].id: an id can't be empty" in line, line
    assert f"{path.name}:" in line  # with its line and column


@pytest.mark.parametrize("source", TUTORIALS, ids=lambda p: p.stem)
@pytest.mark.parametrize("name", ["", " "])
def test_an_empty_player_name_is_bad_input_naming_the_field_in_every_ruleset(tmp_path: Path, source: Path, name: str) -> None:
    def change(data: dict[str, Any]) -> None:
        data["players"] = ["p1", name]
        for unit in data["setup"]["units"]:
            unit["owner"] = name if unit["owner"] == "p2" else unit["owner"]
        data.pop("active_player", None)

    path = written(tmp_path, source, change)
    line = one_line_exit_2(sim("reach", str(path), "--unit", "x"))
    assert "players[1]: a player's name can't be empty" in line, line


def test_the_api_refuses_an_empty_player_and_an_empty_id_too(tmp_path: Path) -> None:
    simulator = Simulator(":memory:")
    with pytest.raises(BadInput, match="a player's name can't be empty"):
        simulator.new_game("tinyepic", {"terrain": [". ."], "units": []}, players=["", "p2"])
    unit = {"id": "", "owner": "p1", "class": "Rogue", "at": "0,0", "movement": 3, "health": 4}
    with pytest.raises(BadInput, match=r"setup.units\[0\].id: an id can't be empty|an id can't be empty"):
        simulator.new_game("tinyepic", {"terrain": [". ."], "units": [unit]})


def test_a_logged_start_with_an_empty_player_still_reads() -> None:
    """Logs are forever: a game written before the check keeps its start."""
    check_start(["", "p2"], None, 0, logged=True)
    with pytest.raises(BadInput):
        check_start(["", "p2"], None, 0)
