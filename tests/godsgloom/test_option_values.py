"""Rule option values no rule could read are bad input (one line naming the option, exit 2), in
GODSGLOOM's options model: an Attack Die success face beyond the die's faces (seed 001 Trample
rolls an Attack Die; a d6 never rolls 7), and a Trample-passable type that is no unit type (seed
001 Trample names Infantry and Swarm; setup knows Infantry, Cavalry, Monster, Hero, Swarm)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from domain.errors import BadInput, IllegalCommand
from domain.options import check_options
from domain.rulesets.godsgloom.options import GloomOptions
from sim.cli import main
from tests.godsgloom.test_movement_rules import activated, mat
from tests.helpers import EXAMPLES

TRAMPLE = str(EXAMPLES / "godsgloom" / "15-trample.yaml")


def options(**given: object) -> dict[str, object]:
    return check_options("godsgloom", GloomOptions, dict(given))


def test_attack_die_success_must_be_a_face_of_the_attack_die() -> None:
    with pytest.raises(BadInput, match="attack_die_success must be 6 or less, not 7"):
        options(attack_die_success=7)
    with pytest.raises(BadInput, match="attack_die_success must be 8 or less, not 9"):
        options(attack_die_faces=8, attack_die_success=9)
    assert options(attack_die_faces=8, attack_die_success=8)["attack_die_success"] == 8
    # a die of fewer faces than the default success: the default is what is refused, said so
    with pytest.raises(BadInput, match=r"attack_die_success must be 3 or less, not 4 \(its default\)"):
        options(attack_die_faces=3)
    assert options(attack_die_faces=3, attack_die_success=2)["attack_die_success"] == 2
    assert options(attack_die_success=6)["attack_die_success"] == 6


def test_trample_passable_names_only_unit_types() -> None:
    with pytest.raises(BadInput, match="trample_passable.*Dragon"):
        options(trample_passable=["Dragon"])
    assert options(trample_passable=["infantry", " Cavalry"])["trample_passable"] == ["Infantry", "Cavalry"]
    assert options(trample_passable=[])["trample_passable"] == []


def test_slow_speed_modifier_never_makes_a_slow_token_speed_a_unit_up() -> None:
    # seed 002 §8.3 example: a Slow token reduces Speed (2 to 1); a positive value would make a
    # Slow unit faster, so it is bad input naming the option; 0 (Slow changes nothing) is allowed
    with pytest.raises(BadInput, match="slow_speed_modifier must be 0 or less, not 1"):
        options(slow_speed_modifier=1)
    assert options(slow_speed_modifier=0)["slow_speed_modifier"] == 0
    assert options(slow_speed_modifier=-2)["slow_speed_modifier"] == -2


def test_difficult_cost_is_never_below_a_clear_hex_s() -> None:
    # seed 002 §8.3: Difficult terrain is a penalty that increases the MP needed to enter a hex;
    # at 0 a Difficult hex would cost less than clear ground (1 MP) and a unit could cross any
    # stretch of it for nothing, so 0 is bad input naming the option; 1 (no penalty) is allowed
    with pytest.raises(BadInput, match="difficult_cost must be 1 or more, not 0"):
        options(difficult_cost=0)
    assert options(difficult_cost=1)["difficult_cost"] == 1


@pytest.mark.parametrize("given", ["attack_die_success=7", "trample_passable=[Dragon]", "slow_speed_modifier=1", "difficult_cost=0"])
def test_bad_option_values_on_the_command_line_are_one_line_and_exit_2(given: str) -> None:
    result = CliRunner().invoke(main, ["run", "--db", ":memory:", TRAMPLE, "--option", given])
    assert result.exit_code == 2
    name = given.split("=")[0]
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and name in lines[0], result.output


def _trample_refusal(passable: str) -> str:
    """The refusal of a Trample move through enemy pikemen (Infantry) under ``trample_passable``."""
    g = activated(mat(
        "    - {id: knights, owner: p1, type: Cavalry, at: '3,5', facing: N, speed: 5, traits: [Trample]}\n"
        "    - {id: pikemen, owner: p2, type: Infantry, at: '3,4', facing: S, speed: 3}",
        options="{trample_passable: " + passable + "}",
    ), "knights")
    with pytest.raises(IllegalCommand) as refused:
        g.issue({"command": "move", "unit": "knights", "use": "Trample", "path": ["3,4", "3,3"]})
    return str(refused.value)


def test_trample_refusal_says_trample_passes_no_unit_when_trample_passable_is_empty() -> None:
    # seed 001 Trample, seed 002 §8.1; option trample_passable: [] lets Trample pass no unit
    text = _trample_refusal("[]")
    assert "passes only ," not in text
    assert "Trample passes no unit (option trample_passable is empty)" in text


def test_trample_refusal_lists_three_passable_types_as_a_sentence() -> None:
    # seed 001 Trample, seed 002 §8.1; option trample_passable names the types Trample passes
    text = _trample_refusal("[Cavalry, Swarm, Monster]")
    assert "Trample passes only Cavalry, Swarm and Monster, and pikemen is Infantry" in text


@pytest.mark.parametrize(("option", "value"), [("difficult_cost", 0), ("slow_speed_modifier", 1)])
def test_a_log_played_under_a_value_since_refused_still_loads_replays_and_verifies_with_a_note(
    tmp_path: object, option: str, value: int,
) -> None:
    """Logs are forever (docs/design.md): a difficult_cost of 0 and a positive
    slow_speed_modifier were accepted before seed 002 §8.3 was read as excluding them. A new game
    refuses them; a log played under one loads, replays as it was played, and verifies, the
    verdict saying which option today's rules would refuse."""
    from pathlib import Path

    from domain.game import Game
    from sim.logfile import read_log, write_log_file
    from sim.replay import verify, verify_exactly
    from sim.runner import recorded
    from tests.cli_runs import sim

    with pytest.raises(BadInput, match=option):
        options(**{option: value})
    # a game started as the older version started it, its start recorded with the value
    g = Game.start("godsgloom", ["p1", "p2"], "p1", {option: value}, logged=True)
    assert g.state.options[option] == value
    log = Path(str(tmp_path)) / "old.jsonl"
    write_log_file(recorded(g), log)
    events = read_log(log).events
    assert events[0].options[option] == value
    verdict = verify(events)
    assert verdict.ok and len(verdict.notes) == 1 and f"option {option} = {value}, outside" in verdict.notes[0], verdict
    assert verify_exactly(events).ok
    replayed = sim("replay", str(log), "--verify")
    assert replayed.exit_code == 0 and f"option {option}" in replayed.output, replayed.output
    # a new game under it is still refused, naming the option
    refused = sim("check", "--option", f"{option}={value}", TRAMPLE)
    assert refused.exit_code == 2 and option in refused.output
