"""Trample (seed 001, §18.2): one Attack Die per enemy passed, a success a Wound, a failure
nothing. ``sim explore --dice`` lists each roll and each result's branches: like ``sim trace``,
it must say what a result meant, since a missed die causes no event and the bare "[2]" leaves
the reader to know the success face (a rule option, ``attack_die_success``)."""

from __future__ import annotations

import json

from sim.explore import choice_points, explore
from sim.runner import play
from sim.scenario import load_scenario
from tests.cli_runs import sim
from tests.helpers import EXAMPLES

TRAMPLE = EXAMPLES / "godsgloom" / "15-trample.yaml"



def _events(option: int | None = None) -> list:  # type: ignore[type-arg]
    scenario = load_scenario(TRAMPLE)
    if option is not None:
        scenario = scenario.model_copy(update={"options": {**scenario.options, "attack_die_success": option}})
    return list(play(scenario, seed=scenario.seed).events)


def test_trample_die_choice_point_says_what_the_logged_result_meant() -> None:
    (point,) = choice_points(_events(), dice=True)
    assert point.kind == "dice" and point.options == ("2",)
    assert point.text.endswith("[2] -> miss (a success is 4+): pikemen suffers no Wound")


def test_trample_each_outcome_of_the_die_says_what_its_results_meant() -> None:
    """1-3 miss and 4-6 wound under the default success face (4+): two outcomes, each with
    its own meaning, worked out from each branch's own roll."""
    events = _events()
    (point,) = choice_points(events, dice=True)
    result = explore(events, point.event, dice=True)
    by_results = {tuple(b.alternative[0] for b in g.branches): g.verdicts for g in result.groups}
    assert by_results == {
        (1, 2, 3): ["miss (a success is 4+): pikemen suffers no Wound"],
        (4, 5, 6): ["success (4+): pikemen suffers 1 Wound"],
    }


def test_trample_die_meaning_follows_the_success_option_in_explore() -> None:
    """With attack_die_success 2, only a 1 misses."""
    events = _events(option=2)
    (point,) = choice_points(events, dice=True)
    assert "success (2+)" in point.text
    result = explore(events, point.event, dice=True)
    misses = [b.alternative[0] for g in result.groups if any("miss" in v for v in g.verdicts) for b in g.branches]
    assert misses == [1]


def test_trample_die_meaning_in_the_explore_command_text_and_json() -> None:
    listed = sim("explore", str(TRAMPLE), "--dice")
    assert listed.exit_code == 0, listed.output
    assert "-> miss (a success is 4+)" in listed.output
    at = listed.output.split()[0].removeprefix("e")
    shown = sim("explore", str(TRAMPLE), "--dice", "--at", at)
    assert shown.exit_code == 0, shown.output
    assert "the die: miss (a success is 4+): pikemen suffers no Wound" in shown.output
    assert "the die: success (4+): pikemen suffers 1 Wound" in shown.output
    data = json.loads(sim("explore", str(TRAMPLE), "--dice", "--at", at, "--json").output)
    assert sorted(v for g in data["groups"] for v in g["verdicts"]) == [
        "miss (a success is 4+): pikemen suffers no Wound", "success (4+): pikemen suffers 1 Wound",
    ]


def test_a_die_no_ruleset_reads_keeps_its_bare_result_in_explore() -> None:
    """A roll the ruleset gives no meaning for is listed as before, with no verdict appended."""
    from domain.events import DiceRolled

    events = _events()
    rolled = next(e for e in events if isinstance(e, DiceRolled))
    other = rolled.model_copy(update={"purpose": "a roll nobody reads"})
    (point,) = choice_points([other if e is rolled else e for e in events], dice=True)
    assert point.text.endswith(": [2]")
