"""A state's view and movement models are its own until its next event (``MatView.of``,
``GloomMovement.of``, kept in the state's indexes): the same object for every reader of one
state, a new one after an event, and never the original's in a copy of the state (deep,
shallow or pickled), whose answers could differ once the two states part."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

from domain.rulesets.godsgloom.movement import GloomMovement
from domain.rulesets.godsgloom.state import GloomState
from domain.rulesets.godsgloom.view import MatView
from sim.runner import play
from sim.scenario import load_scenario

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "godsgloom" / "19-a-whole-round.yaml"


def _state() -> GloomState:
    state = play(load_scenario(EXAMPLE), strict=False).game.state
    assert isinstance(state, GloomState)
    return state


def test_one_view_and_one_model_per_state_until_its_next_event() -> None:
    played = play(load_scenario(EXAMPLE), strict=False)
    state = played.game.state
    view, model = MatView.of(state), GloomMovement.of(state, "push")
    assert MatView.of(state) is view and GloomMovement.of(state, "push") is model
    assert model.view is view and GloomMovement.of(state, "normal") is not model
    played.events[-1].fold_into(state)  # any event drops the state's indexes
    assert MatView.of(state) is not view and GloomMovement.of(state, "push") is not model


def test_a_copied_or_pickled_state_makes_its_own_view_and_models() -> None:
    state = _state()
    view, model = MatView.of(state), GloomMovement.of(state, "normal")
    for other in (state.model_copy(deep=True), copy.deepcopy(state), state.model_copy(), pickle.loads(pickle.dumps(state))):
        mine, moving = MatView.of(other), GloomMovement.of(other, "normal")
        assert mine is not view and mine.state is other
        assert moving is not model and moving.state is other and moving.view is mine
        assert mine.placing.occupant == view.placing.occupant
