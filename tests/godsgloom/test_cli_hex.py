"""The CLI on hex scenarios: reach, why, and bad input (issue: GODSGLOOM deliverables)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.helpers import EXAMPLES
from tests.test_cli import assert_nothing_stored, one_line_error, sim

HEX = EXAMPLES / "godsgloom"


def test_reach_json_writes_hexes_as_axial_coordinates() -> None:
    data = json.loads(sim("reach", str(HEX / "12-nimble.yaml"), "--unit", "rangers", "--json").output)
    assert data["unit"] == "rangers"
    assert all("," in h for h in data["reachable"])
    assert data["paths"]["2,0"] == ["2,0"]  # the move is over: it stands at 2,0
    assert data["mode"] == "normal"


def before_script(name: str, tmp_path: Path) -> str:
    path = tmp_path / name
    path.write_text((HEX / name).read_text().split("script:")[0])
    return str(path)


def test_why_names_the_hex_where_the_engagement_zone_stops_the_move(tmp_path: Path) -> None:
    out = sim("why", before_script("05-engagement-zone-stops.yaml", tmp_path), "--unit", "cavalry", "--to", "3,0").output
    assert re.search(r"entering (2,2|3,1), in the Engagement Zone of ogres, ends the move", out)


def test_why_names_the_trait_that_would_let_the_unit_through(tmp_path: Path) -> None:
    out = sim("why", before_script("12-nimble.yaml", tmp_path), "--unit", "rangers", "--to", "2,0").output
    assert "Nimble would let it through" in out and "reachable if rangers uses Nimble" in out


@pytest.mark.parametrize(
    ("script", "expected"),
    [
        ('[{command: activate, unit: a}, {command: move, unit: a, path: ["2,5"], face: UP}]', "unknown facing 'UP'"),
        ('[{command: activate, unit: a}, {command: end_activation}, {command: move, unit: a, path: ["2,5"]}]', "already activated"),
        ('[{command: activate, unit: a}, {command: move, unit: a, path: ["2,5"]}, {command: move, unit: a, path: ["2,4"]}]', "one Move Action"),
        ('[{command: activate, unit: a}, {command: move, unit: a, path: ["2,5"], use: Teleport}]', "unknown trait 'Teleport'"),
        ('[{command: activate, unit: a}, {command: move, unit: a, path: ["9,9,9"]}]', "unknown hex"),
    ],
)
def test_bad_hex_commands_are_one_line_exit_2_and_store_nothing(tmp_path: Path, script: str, expected: str) -> None:
    scenario = tmp_path / "bad.yaml"
    scenario.write_text(
        "title: bad\nruleset: godsgloom\nsetup:\n  width: 6\n  height: 8\n  units:\n"
        "    - {id: a, owner: p1, at: '2,6'}\n    - {id: b, owner: p2, at: '5,0'}\n"
        f"script: {script}\n"
    )
    db = tmp_path / "g.sqlite"
    line = one_line_error(sim("run", str(scenario), "--db", str(db)))
    assert expected in line and "bad.yaml:" in line
    assert_nothing_stored(db)


def test_a_destroyed_unit_has_no_range_of_motion_rather_than_an_unknown_hex(tmp_path: Path) -> None:
    """A unit Trample destroyed is off the mat: reach, why and render say so with the rule, as
    Sorcery does for a dead unit, instead of refusing the empty location as "unknown hex ''"."""
    scenario = tmp_path / "trampled.yaml"
    scenario.write_text(
        "title: trampled\nruleset: godsgloom\nseed: 1\noptions: {attack_die_success: 1}\n"
        "setup:\n  width: 6\n  height: 6\n  units:\n"
        "    - {id: knights, owner: p1, type: Cavalry, at: '2,4', speed: 5, traits: [Trample]}\n"
        "    - {id: pikemen, owner: p2, type: Infantry, at: '2,3', speed: 3, wounds: 1}\n"
        "script:\n  - {command: activate, unit: knights}\n"
        "  - {command: move, unit: knights, use: Trample, path: ['2,3', '3,2'], face: N}\n"
        "expect:\n  units: {pikemen: {alive: false}}\n"
    )
    assert sim("check", str(scenario)).exit_code == 0
    reach = sim("reach", str(scenario), "--unit", "pikemen", "--json")
    assert reach.exit_code == 0, reach.output
    data = json.loads(reach.output)
    assert data["reachable"] == [] and "no longer on the mat" in data["denied"]["message"]
    why = sim("why", str(scenario), "--unit", "pikemen", "--to", "1,2")
    assert why.exit_code == 1 and "no longer on the mat" in why.output and "unknown hex" not in why.output
