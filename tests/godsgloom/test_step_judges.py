"""A GODSGLOOM movement model carries the judge ``StepJudge.of`` would make of it (one of two,
shared by every model: ``GloomMovement.__init__``): the same tolerance, guarantee and rule as
the judge made from the model's own attributes, in every mode."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.movement import StepJudge
from domain.rulesets.godsgloom.movement import MODES, GloomMovement
from sim.scenario import load_scenario
from sim.selfplay import self_play

ROUND = Path(__file__).resolve().parents[2] / "examples" / "godsgloom" / "19-a-whole-round.yaml"


@pytest.mark.parametrize("mode", [*MODES, "flying"])
def test_a_models_kept_judge_is_the_one_made_of_it(mode: str) -> None:
    state = self_play(load_scenario(ROUND), 2, "random", 3).game.state
    model = GloomMovement(state, mode)
    assert StepJudge.of(model) == StepJudge._made(model)
    assert StepJudge.of(model) is StepJudge.of(GloomMovement(state, mode))
