"""Every ``TetMovement`` carries the step judge made once per process (``movement.STEP_JUDGE``)
instead of one ``StepJudge.of`` makes per model: the resolver makes a model per declared step.
The judge reads only the model's tolerance, first-step guarantee and allowance rule, so the one
kept must be the judge ``StepJudge`` would make of any model, whatever its state or view."""

from __future__ import annotations

from pathlib import Path

from domain.movement import StepJudge
from domain.rulesets.tinyepic.movement import TetMovement
from domain.rulesets.tinyepic.state import TetState
from domain.rulesets.tinyepic.view import GridView
from sim.scenario import load_scenario
from sim.selfplay import self_play

WHOLE_TURN = Path(__file__).resolve().parents[2] / "examples" / "tiny-epic-tactics" / "16-a-whole-turn-with-a-weakened-unit.yaml"


def test_preset_step_judge_is_the_judge_made_for_the_model() -> None:
    state = self_play(load_scenario(WHOLE_TURN), 2, "random", 3).game.state
    assert isinstance(state, TetState)
    for model in (TetMovement(state), TetMovement(state, enemies_passable=True), TetMovement(state, view=GridView(state))):
        kept = StepJudge.of(model)
        assert kept is model.__dict__["_step_judge"]
        assert kept == StepJudge._made(model)


def test_model_for_a_declared_step_is_the_model_init_makes() -> None:
    """``TetMovement.for_step`` (the resolver's model of each declared step) holds what
    ``TetMovement(state)`` holds, and judges every step of the board alike."""
    state = self_play(load_scenario(WHOLE_TURN), 3, "random", 5).game.state
    assert isinstance(state, TetState)
    made, plain = TetMovement.for_step(state), TetMovement(state)
    assert type(made) is TetMovement and made.__dict__ == plain.__dict__
    view = GridView(state)
    for unit in state.units.values():
        for frm in (f"{x},{y}" for y in range(state.height) for x in range(state.width)):
            for option in plain.step_options(unit.id, frm):
                assert TetMovement.for_step(state).step_option(unit.id, frm, option.to) == option
                assert TetMovement(state, view=view).step_option(unit.id, frm, option.to) == option
