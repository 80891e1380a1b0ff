"""A unit under a scenario's ``expect.units`` that the game never had is bad input, not a
failed expectation (common brief: bad input is a one-line message naming the field, non-zero
exit, nothing written): a typo in an id said "FAIL units.x: no such unit" as if the rules had
lost a unit. The check is shared by every ruleset (sim/runner.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from domain.errors import BadInput
from tests.cli_runs import sim
from tests.helpers import EXAMPLES, played

#: one example per ruleset, and a unit id it has, to misspell
EXAMPLE = {
    "godsgloom": ("01-minimum-move-guarantee.yaml", "warband"),
    "skirmish": ("01-difficult-terrain.yaml", "footman"),
    "tiny-epic-tactics": ("01-each-space-costs-one.yaml", "rogue"),
    "sorcery": ("05-giant-shark.yaml", "nomads"),
}



def misspelt(tmp_path: Path, ruleset: str) -> tuple[Path, str]:
    name, unit = EXAMPLE[ruleset]
    data = yaml.safe_load((EXAMPLES / ruleset / name).read_text())
    data.setdefault("expect", {}).setdefault("units", {})[unit + "z"] = {"alive": True}
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return path, unit + "z"


@pytest.mark.parametrize("ruleset", sorted(EXAMPLE))
def test_sim_check_says_an_unknown_expected_unit_is_bad_input(tmp_path: Path, ruleset: str) -> None:
    path, wrong = misspelt(tmp_path, ruleset)
    result = sim("check", str(path))
    assert result.exit_code == 2, result.output
    assert f"expect.units.{wrong}: unknown unit {wrong!r}; did you mean {wrong[:-1]!r}?" in result.output, result.output
    assert "FAIL" not in result.output and "1 bad input" in result.output


@pytest.mark.parametrize("ruleset", sorted(EXAMPLE))
def test_sim_run_refuses_an_unknown_expected_unit_in_one_line_and_stores_nothing(tmp_path: Path, ruleset: str) -> None:
    path, wrong = misspelt(tmp_path, ruleset)
    db = tmp_path / "games.sqlite"
    result = sim("run", str(path), "--db", str(db))
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and f"expect.units.{wrong}: unknown unit {wrong!r}" in lines[0], result.output
    assert "scenario.yaml:" in lines[0]
    assert not db.exists()


SUMMONS = EXAMPLES / "sorcery" / "70-summon-sleeping-and-frozen.yaml"


def test_a_unit_the_script_summons_may_be_expected(tmp_path: Path) -> None:
    # giantess, boars and thing enter during the script: known once they have
    assert sim("check", str(SUMMONS)).exit_code == 0


def test_a_unit_a_refused_script_command_would_have_made_is_a_failed_expectation(tmp_path: Path) -> None:
    # the script names "deep" (its summon is refused): expecting it is no typo, and the check
    # fails as the rules left it, never there
    data = yaml.safe_load(SUMMONS.read_text())
    data["expect"]["units"]["deep"] = {"alive": True}
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    result = sim("check", str(path))
    assert result.exit_code == 1 and "units.deep: no such unit" in result.output, result.output


def test_the_python_api_says_so_too() -> None:
    text = (EXAMPLES / "sorcery" / "05-giant-shark.yaml").read_text().replace("    nomads: {alive: false}", "    nomadz: {alive: false}")
    with pytest.raises(BadInput, match="unknown unit 'nomadz'") as caught:
        played(text)
    assert caught.value.where == "expect.units.nomadz"


@pytest.mark.parametrize("key", ["", "scout ", "a.b"])
def test_an_unknown_expected_unit_whose_id_is_not_a_plain_word_is_named_quoted(tmp_path: Path, key: str) -> None:
    """The field is written as the message's other paths are (``domain.validation.path_text``):
    an empty or padded id, or one with a dot, is quoted, so the message says which key (review:
    ``expect.units.`` and a trailing space were printed as they came)."""
    name, _ = EXAMPLE["sorcery"]
    data = yaml.safe_load((EXAMPLES / "sorcery" / name).read_text())
    data.setdefault("expect", {}).setdefault("units", {})[key] = {"alive": True}
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    result = sim("check", str(path))
    assert result.exit_code == 2, result.output
    assert f'expect.units."{key}": unknown unit' in result.output, result.output
