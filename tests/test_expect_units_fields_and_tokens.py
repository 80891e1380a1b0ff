"""Two more readings of ``expect.units`` (sim/runner.py, shared by every ruleset).

- A field units of the ruleset don't have is bad input naming the field (common brief: a one-line
  message, exit 2 from ``sim check`` and ``sim run``, nothing stored): it was a failed
  expectation, "FAIL units.x.wounds: sorcery units have no field", as if the rules were wrong.
- An id no unit of the game ever had is bad input (a typo), except an id a rule of the ruleset
  gives the units it creates (Sorcery: Army of the Dead's ``<army>-skeleton-N``, Tadpole Pool's
  ``<site>-frog-1..3``) when its source is in the game: then the trigger that makes it did not
  fire, and that is a failed expectation saying so."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from domain.errors import BadInput
from tests.cli_runs import sim
from tests.helpers import EXAMPLES, played, problems

#: one example per ruleset, a unit id it has, and a field its units don't have
EXAMPLE = {
    "godsgloom": ("01-minimum-move-guarantee.yaml", "warband", "damage"),
    "skirmish": ("01-difficult-terrain.yaml", "footman", "facing"),
    "tiny-epic-tactics": ("01-each-space-costs-one.yaml", "rogue", "wounds"),
    "sorcery": ("05-giant-shark.yaml", "nomads", "wounds"),
}



def with_field(tmp_path: Path, ruleset: str) -> tuple[Path, str]:
    name, unit, field = EXAMPLE[ruleset]
    data = yaml.safe_load((EXAMPLES / ruleset / name).read_text())
    entry = {"damage": 1} if field == "damage" else {"extra": {field: 1}}
    data.setdefault("expect", {}).setdefault("units", {})[unit] = entry
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    where = f"expect.units.{unit}.{field}" if field == "damage" else f"expect.units.{unit}.extra.{field}"
    return path, where


@pytest.mark.parametrize("ruleset", sorted(EXAMPLE))
def test_sim_check_says_a_field_units_dont_have_is_bad_input(tmp_path: Path, ruleset: str) -> None:
    path, where = with_field(tmp_path, ruleset)
    result = sim("check", str(path))
    assert result.exit_code == 2, result.output
    assert f"{where}: " in result.output and "units have no field" in result.output, result.output
    assert "FAIL" not in result.output


@pytest.mark.parametrize("ruleset", sorted(EXAMPLE))
def test_sim_run_refuses_a_field_units_dont_have_in_one_line_and_stores_nothing(tmp_path: Path, ruleset: str) -> None:
    path, where = with_field(tmp_path, ruleset)
    db = tmp_path / "games.sqlite"
    result = sim("run", str(path), "--db", str(db))
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and where in lines[0], result.output
    assert not db.exists()


def test_a_misspelt_field_is_told_the_field_it_means() -> None:
    text = (EXAMPLES / "sorcery" / "05-giant-shark.yaml").read_text().replace(
        "    nomads: {alive: false}", "    nomads: {extra: {tappd: false}}"
    )
    with pytest.raises(BadInput, match="sorcery units have no field 'tappd'; did you mean 'tapped'") as caught:
        played(text)
    assert caught.value.where == "expect.units.nomads.extra.tappd"


ARMY = """
title: the Army of the Dead does not move
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 7, card: Valley, controller: p1}
    - {at: 8, card: Valley, controller: p1}
  units:
    - {id: army, card: Army of the Dead, owner: p1, at: 7}
script:
  - {command: end_turn}
expect:
  units:
    UNIT: {alive: true}
"""


def test_a_token_the_trigger_would_have_made_is_a_failed_expectation_saying_so() -> None:
    found = problems(ARMY.replace("UNIT", "army-skeleton-1"))
    assert len(found) == 1
    assert "units.army-skeleton-1: no such unit" in found[0] and "did not fire" in found[0]
    assert "Army of the Dead" in found[0]


def test_a_frog_of_a_tadpole_pool_in_the_game_is_a_failed_expectation_too() -> None:
    text = ARMY.replace("    - {at: 8, card: Valley, controller: p1}", "    - {id: pool, at: 8, card: Tadpole Pool, controller: p1}")
    found = problems(text.replace("UNIT", "pool-frog-2"))
    assert len(found) == 1 and "did not fire" in found[0] and "Tadpole Pool" in found[0]


@pytest.mark.parametrize("wrong", ["army-skeleton", "armz-skeleton-1", "army-frog-1", "pool-frog-4"])
def test_an_id_no_rule_would_give_stays_bad_input(wrong: str) -> None:
    with pytest.raises(BadInput, match=f"unknown unit {wrong!r}"):
        played(ARMY.replace("UNIT", wrong), strict=False)
