"""Bad input for the skirmish ruleset at the command line: one line naming the place and the
problem, exit 2, nothing stored (README: Errors)."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.errors import BadInput
from tests.helpers import game as start
from tests.skirmish.test_lookahead_table import bad

UNITS = "  units:\n    - {id: a, side: p1, at: '2,2'}\n"
WALLS = "  surfaces:\n    - {id: roof, rect: [6, 0, 4, 6], height: 3}\n"


@pytest.mark.parametrize(
    ("setup", "script", "message", "where"),
    [
        (UNITS, "[{command: move, unit: ghost, path: ['3,3']}]", "unknown unit 'ghost'", "script[0].unit"),
        (UNITS, "[{command: move, unit: a, path: ['3,3@attic']}]", "unknown surface 'attic'", "script[0].path[0].to"),
        (UNITS, "[{command: move, unit: a, path: ['-1,3']}]", "off the", "script[0].path[0].to"),
        (WALLS + UNITS, "[{command: move, unit: a, path: ['7,3']}]", "inside a wall", "script[0].path[0].to"),
        (UNITS, "[{command: move, unit: a, path: [{to: '3,3', via: fly}]}]", "Input should be 'walk'", "script.0.path.0"),
        (UNITS, "[{command: set_state, unit: ghost, states: [dazed]}]", "unknown unit 'ghost'", "script[0].unit"),
        ("  difficult:\n    - {rect: [1, 1, 2, 2], surface: attic}\n", "[]", "unknown surface 'attic'", "setup.difficult[0].surface"),
        ("  surfaces:\n    - {id: roof, rect: [6, 0, 40, 6], height: 3}\n", "[]", "goes off the table", "setup.surfaces[0]"),
        ("  surfaces:\n    - {id: roof, rect: [6, 0, 4, 6], height: -3}\n", "[]", "greater than or equal to 0", "setup.surfaces"),
        ("  width: ten\n", "[]", "valid number", "setup.width"),
        ("  ladders:\n    - {id: l, bottom: '1,1', top: '1,2'}\n", "[]", "top must be higher", "setup.ladders[0]"),
    ],
)
def test_bad_table_or_command_input_is_one_line_exit_2_and_nothing_stored(
    tmp_path: Path, setup: str, script: str, message: str, where: str
) -> None:
    line = bad(tmp_path, setup, script)
    assert message in line and where in line, line


def test_a_negative_rule_option_is_bad_input(tmp_path: Path) -> None:
    from tests.test_cli import assert_nothing_stored, one_line_error, sim

    scenario = tmp_path / "opt.yaml"
    scenario.write_text("title: opt\nruleset: skirmish\noptions: {run_enemy_range: -8}\nsetup:\n" + UNITS)
    db = tmp_path / "g.sqlite"
    line = one_line_error(sim("run", str(scenario), "--db", str(db)))
    assert "must not be negative" in line and "options.run_enemy_range" in line
    assert_nothing_stored(db)


def test_a_unit_names_its_owner_as_in_every_ruleset_and_side_is_still_read() -> None:
    """Every ruleset writes a unit's player as ``owner``; ``side`` was this ruleset's first word
    for it and stays readable (scenarios and logs are forever)."""
    base = "title: t\nruleset: skirmish\nsetup:\n  units:\n    - {id: a, FIELD: p2, at: '2,2'}\n"
    for field in ("owner", "side"):
        assert start(base.replace("FIELD", field)).state.units["a"].owner == "p2"
    with pytest.raises(BadInput, match="unknown owner 'p9'"):
        start(base.replace("FIELD", "owner").replace("p2", "p9"))


def test_engagement_is_mutual_so_a_set_up_engaged_on_one_side_only_is_bad_input(tmp_path: Path) -> None:
    """Move Phase: a unit Engaged with an enemy neither Stunned nor Dazed may not Move; Engaged
    is a state two units share. A set-up where e lists a and a lists nothing let a move freely
    while e was held: it is refused, naming the field, exit 2, nothing stored."""
    units = (
        "  units:\n    - {id: a, owner: p1, at: '5,5', move: 6}\n"
        "    - {id: e, owner: p2, at: '6,5', move: 6, engaged_with: [a]}\n"
    )
    line = bad(tmp_path, units, "[{command: move, unit: a, path: ['5,9']}]")
    assert "setup.units[1].engaged_with" in line, line
    assert "e is Engaged with a, but a does not list e: Engagement is mutual, write it on both" in line, line
    both = units.replace("move: 6}\n", "move: 6, engaged_with: [e]}\n", 1)
    assert start(f"title: t\nruleset: skirmish\nsetup:\n{both}").state.units["a"].engaged_with == ["e"]


@pytest.mark.parametrize("listed, says", [("[a]", "a can't be Engaged with itself"), ("[b]", "a can't be Engaged with b, its ally (p1)")])
def test_a_unit_is_engaged_only_with_enemies(tmp_path: Path, listed: str, says: str) -> None:
    """Move Phase: Engaged is with an enemy: a set-up listing the unit itself or an ally (both
    sides written) is bad input naming the field, exit 2, nothing stored."""
    units = (
        f"  units:\n    - {{id: a, owner: p1, at: '5,5', move: 6, engaged_with: {listed}}}\n"
        "    - {id: b, owner: p1, at: '6,5', move: 6, engaged_with: [a]}\n"
    )
    line = bad(tmp_path, units, "[{command: move, unit: a, path: ['5,9']}]")
    assert "setup.units[0].engaged_with" in line and says in line, line


@pytest.mark.parametrize(
    ("setup", "where"),
    [
        ("  surfaces:\n    - {id: '', rect: [6, 0, 4, 6], height: 3}\n" + UNITS, "setup.surfaces[0].id"),
        ("  surfaces:\n    - {id: '  ', rect: [6, 0, 4, 6], height: 3}\n" + UNITS, "setup.surfaces[0].id"),
        ("  surfaces:\n    - {id: ' roof', rect: [6, 0, 4, 6], height: 3}\n" + UNITS, "setup.surfaces[0].id"),
        (WALLS + "  ladders:\n    - {id: '', bottom: '5.5,2', top: '6.5,2@roof'}\n" + UNITS, "setup.ladders[0].id"),
        ("  units:\n    - {id: '', side: p1, at: '2,2'}\n", "setup.units[0].id"),
    ],
)
def test_an_empty_id_is_bad_input_naming_the_field(tmp_path: Path, setup: str, where: str) -> None:
    """A surface is named in locations (``x,y@id``; docs/skirmish.md, Locations): an empty id
    reads as the ground (``3,3@`` is ``3,3``) and a padded one is never matched (the name is read
    stripped), so no point could ever be on it. A unit or ladder with an empty id can't be named
    by a command. Each was accepted; now one line naming the field, exit 2, nothing stored."""
    line = bad(tmp_path, setup)
    assert where in line and "id" in line, line


@pytest.mark.parametrize("command", ["move", "run"])
def test_a_move_with_an_empty_path_is_bad_input(tmp_path: Path, command: str) -> None:
    """Move Phase: a Move goes somewhere, leg by leg. A ``move`` (or ``run``) with no legs was
    taken: the unit was marked as moved (no second Move this turn) and, for a run, as unable to
    Shoot, having gone nowhere. It is bad input naming the field, exit 2, nothing stored."""
    line = bad(tmp_path, UNITS, f"[{{command: {command}, unit: a, path: []}}]")
    assert "script[0].path" in line and "at least one leg" in line, line
