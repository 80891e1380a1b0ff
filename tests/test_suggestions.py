"""Unknown names get a suggestion when one is close, and a list of what exists."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.errors import BadInput, suggest
from domain.rulesets.sorcery.catalog import card
from sim.api import Simulator
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES, scenario

SHARK = EXAMPLES / "sorcery" / "05-giant-shark.yaml"


def test_a_misspelt_card_gets_the_card_it_was_meant_to_be() -> None:
    with pytest.raises(BadInput) as caught:
        card("Giant Sharrk")
    assert str(caught.value) == "unknown card 'Giant Sharrk'; did you mean 'Giant Shark'?"


def test_a_card_like_no_other_says_it_is_not_in_the_pool() -> None:
    with pytest.raises(BadInput, match="unknown card 'Qwxyz': not in the Sorcery card pool"):
        card("Qwxyz")


def test_an_unknown_unit_lists_the_units_and_suggests_the_close_one() -> None:
    game = Simulator(":memory:").load(SHARK)
    with pytest.raises(BadInput) as caught:
        game.defend("nomad")
    assert str(caught.value) == "unit: unknown unit 'nomad'; did you mean 'nomads'? The units are: nomads, raider, shark"
    with pytest.raises(BadInput, match="unknown unit 'ghost'; the units are: nomads, raider, shark"):
        game.range_of_motion("ghost")


def test_an_unknown_location_names_the_aliases_the_scenario_defines() -> None:
    text = (EXAMPLES / "sorcery" / "01-wizard-cannot-reach.yaml").read_text().replace("{at: E, card: Ruins", "{at: Q, card: Ruins")
    with pytest.raises(BadInput, match="unknown location 'Q': expected a square 1-20.*; the aliases are: A, B, C, D, E"):
        play(scenario(text))


def test_a_long_list_is_cut_with_a_count() -> None:
    names = [f"u{i:02}" for i in range(20)]
    assert suggest("zz", names, "units", limit=3) == "; the units are: u00, u01, u02 and 17 more"
    assert suggest("zz", [], "units") == "; there are no units"


GLOOM = """title: t
ruleset: godsgloom
setup:
  width: 5
  height: 5
  units:
    - {id: a, owner: p1, UNIT}
script:
  - {command: COMMAND}
"""


@pytest.mark.parametrize(
    ("unit", "command", "message", "line"),
    [
        ('at: "1,1"', "activat, unit: a", "script.0.command: unknown command 'activat'; did you mean 'activate'?", 9),
        ('at: "1,1"', "activate, unit: a, colour: red", "script.0.colour: unknown field 'colour'; the fields are: command,", 9),
        ('att: "1,1"', "activate, unit: a", "setup.units.0.att: unknown field 'att'; did you mean 'at'?", 7),
    ],
)
def test_a_misspelt_command_or_field_in_a_scenario_gets_did_you_mean_at_its_line(
    unit: str, command: str, message: str, line: int, tmp_path: Path
) -> None:
    """A typo is reported before what it left missing (a misspelt ``at`` leaves ``at`` missing)."""
    path = tmp_path / "typo.yaml"
    path.write_text(GLOOM.replace("UNIT", unit).replace("COMMAND", command))
    with pytest.raises(BadInput) as caught:
        load_scenario(path)
    assert message in str(caught.value)
    assert caught.value.where is not None and f"typo.yaml:{line}:" in caught.value.where


def test_a_misspelt_ruleset_gets_did_you_mean_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "r.yaml"
    path.write_text("title: t\nruleset: skirmsh\n")
    with pytest.raises(BadInput, match="unknown ruleset 'skirmsh'; did you mean 'skirmish'") as caught:
        load_scenario(path)
    assert caught.value.where == f"{path}:2:10"


def test_a_command_given_to_the_api_with_a_typo_gets_did_you_mean() -> None:
    game = Simulator(":memory:").load(SHARK)
    with pytest.raises(BadInput, match="unknown command 'end_trun'; did you mean 'end_turn'"):
        game.issue({"command": "end_trun"})
    with pytest.raises(BadInput, match="unknown field 'atack'; did you mean 'attack'"):
        game.issue({"command": "move_and_attack", "unit": "shark", "atack": "site"})


@pytest.mark.parametrize(("command", "message"), [
    ({}, "command: missing field 'command'; the commands are: "),
    ({"unit": "shark"}, "command: missing field 'command'; the commands are: "),
    (5, "command: a command is a mapping with a 'command' field, not 5"),
    ("end_turn", "command: a command is a mapping with a 'command' field, not 'end_turn'"),
])
def test_a_command_without_its_command_field_names_the_missing_field_in_one_line(command: object, message: str) -> None:
    """``game.issue({})``: the field to add and the commands there are, not pydantic's wording
    ("Unable to extract tag using discriminator")."""
    game = Simulator(":memory:").load(SHARK)
    with pytest.raises(BadInput) as caught:
        game.issue(command)  # type: ignore[arg-type]
    text = str(caught.value)
    assert text.startswith(message) and "\n" not in text and "discriminator" not in text and "Input should" not in text
    assert caught.value.where == "command"


def test_a_script_entry_without_its_command_field_names_the_missing_field_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "missing.yaml"
    path.write_text(GLOOM.replace("UNIT", 'at: "1,1"').replace("{command: COMMAND}", "{unit: a}"))
    with pytest.raises(BadInput) as caught:
        load_scenario(path)
    assert "script.0.command: missing field 'command'; the commands are: " in str(caught.value)
    assert caught.value.where is not None and "missing.yaml:9:" in caught.value.where


RULESET_NAMES = ("sorcery", "godsgloom", "skirmish", "tinyepic")


def _listed(data: object, ruleset: str) -> list[str]:
    from domain.ruleset import get_ruleset

    with pytest.raises(BadInput) as caught:
        get_ruleset(ruleset).parse_command(data)  # type: ignore[arg-type]
    return str(caught.value).split("the commands are: ")[1].split(", ")


@pytest.mark.parametrize("ruleset", RULESET_NAMES)
def test_a_command_missing_its_name_lists_the_commands_an_unknown_name_lists(ruleset: str) -> None:
    """``game.issue({})`` listed the script's commands, leaving out ``set_up``, which
    ``game.issue`` accepts (``Simulator.load`` issues it) and ``{"command": 5}`` lists: both
    name every command ``issue`` takes, the ruleset's command union."""
    from domain.ruleset import get_ruleset

    missing, unknown = _listed({}, ruleset), _listed({"command": 5}, ruleset)
    assert missing == unknown and "set_up" in missing
    accepted = sorted(str(member.model_fields["command"].default)
                      for member in (*get_ruleset(ruleset).script_commands, get_ruleset(ruleset).setup_model))
    assert sorted(missing) == accepted


def test_a_script_entry_missing_its_name_lists_only_what_a_script_may_use(tmp_path: Path) -> None:
    """A scenario's script may not set the game up (its ``setup:`` does): its list stays the
    script's commands."""
    path = tmp_path / "missing.yaml"
    path.write_text(GLOOM.replace("UNIT", 'at: "1,1"').replace("{command: COMMAND}", "{unit: a}"))
    with pytest.raises(BadInput) as caught:
        load_scenario(path)
    assert "set_up" not in str(caught.value)
