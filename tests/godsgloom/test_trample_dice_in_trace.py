"""Trample (seed 001, §18.2): "roll 1 Attack Die ... On a success, the unit inside suffers 1
Wound". A die that fails must say so in ``sim trace``: the bare result ("[2]") leaves a reader to
know the success face, and a missed die otherwise looks like nothing happened."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sim.runner import play
from sim.scenario import load_scenario
from tests.cli_runs import sim
from tests.helpers import EXAMPLES

TWO_ROLLS = EXAMPLES / "godsgloom" / "20-trample-two-rolls.yaml"
#: the examples that roll Trample dice (17 is refused by Lockdown before any die)
TRAMPLING = [EXAMPLES / "godsgloom" / f for f in ("15-trample.yaml", "19-a-whole-round.yaml", "20-trample-two-rolls.yaml")]
TRAMPLING.append(EXAMPLES / "tutorial" / "godsgloom.yaml")



def test_trample_missed_die_says_miss_and_no_wound_in_trace() -> None:
    result = sim("trace", str(TWO_ROLLS))
    assert result.exit_code == 0, result.output
    missed = next(line for line in result.output.splitlines() if "through pikemen" in line)
    assert "[2]" in missed
    assert "miss" in missed and "pikemen suffers no Wound" in missed and "4+" in missed


def test_trample_successful_die_says_success_and_the_wound_in_trace() -> None:
    result = sim("trace", str(TWO_ROLLS))
    hit = next(line for line in result.output.splitlines() if "through archers" in line)
    assert "success" in hit and "archers suffers 1 Wound" in hit


def test_trample_die_verdict_follows_the_success_option() -> None:
    """attack_die_success is a rule option: with 2+ the pikemen's [2] is a success, and says so."""
    result = sim("trace", str(TWO_ROLLS), "--option", "attack_die_success=2")
    assert result.exit_code == 0, result.output
    line = next(line for line in result.output.splitlines() if "through pikemen" in line)
    assert "success" in line and "pikemen suffers 1 Wound" in line


@pytest.mark.parametrize("path", TRAMPLING, ids=lambda p: p.stem)
def test_trample_die_verdict_in_trace_json_matches_the_wounds_that_follow(path: Path) -> None:
    """Reference from the events alone: a Trample die is a success exactly when the next event
    of its command is a WoundsSuffered from that Trample."""
    events = list(play(load_scenario(path)).events)
    expected: dict[str, bool] = {}
    for i, event in enumerate(events):
        if event.name == "DiceRolled" and event.purpose.startswith("Trample: "):
            after = events[i + 1] if i + 1 < len(events) else None
            expected[event.event_id] = after is not None and after.name == "WoundsSuffered" and after.source.startswith("Trample by")
    assert expected, f"{path.name} rolls no Trample die"
    result = sim("trace", str(path), "--json")
    texts: dict[str, str] = {}

    def visit(node: dict) -> None:  # type: ignore[type-arg]
        texts[node["event"]] = node["text"]
        for child in node["children"]:
            visit(child)

    for root in json.loads(result.output)["roots"]:
        visit(root)
    for event_id, success in expected.items():
        assert ("success" if success else "miss") in texts[event_id], texts[event_id]
