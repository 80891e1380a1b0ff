"""Every scenario in examples/ is a rules test: it plays and all its expectations hold.

These include the seed's six range-of-motion examples and the Phantom Steed question.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.runner import check_expectations, play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES

SCENARIOS = sorted(EXAMPLES.rglob("*.yaml"))


def test_examples_exist_for_every_seed_example() -> None:
    sorcery = {p.name.split("-")[0] for p in (EXAMPLES / "sorcery").glob("*.yaml")}
    assert {"01", "02a", "02b", "03", "04", "05", "06", "07a", "07b"} <= sorcery


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(p.relative_to(EXAMPLES)) for p in SCENARIOS])
def test_scenario_expectations_hold(path: Path) -> None:
    played = play(load_scenario(path), strict=False)
    assert check_expectations(played) == []


def test_a_broken_expectation_is_reported() -> None:
    scenario = load_scenario(EXAMPLES / "sorcery" / "01-wizard-cannot-reach.yaml")
    flipped = scenario.model_copy(deep=True)
    flipped.expect.reach[0].reachable = True
    problems = check_expectations(play(flipped, strict=False))
    assert problems and "expected reachable" in problems[0]
