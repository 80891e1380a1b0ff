"""A state's view and movement models are its own (``MatView.of``, ``GloomMovement.of``, kept in
the state's indexes): the same object for every reader of one state; on a small mat, the same
one again after an event that moves no unit (kept with the state's characteristics while the
units stand as its placement says: tests/godsgloom/test_kept_views.py), a new one after an
event that moves, turns or kills a unit; and never the original's in a copy of the state (deep,
shallow or pickled), whose answers could differ once the two states part."""

from __future__ import annotations

import copy
import pickle
from pathlib import Path

from domain.rulesets.godsgloom.movement import GloomMovement
from domain.rulesets.godsgloom.placement import UNIT_PLACE
from domain.rulesets.godsgloom.state import GloomState
from domain.rulesets.godsgloom.view import MatView
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import folded

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "godsgloom" / "19-a-whole-round.yaml"


def _state() -> GloomState:
    state = play(load_scenario(EXAMPLE), strict=False).game.state
    assert isinstance(state, GloomState)
    return state


def test_one_view_and_one_model_per_state_kept_until_an_event_moves_a_unit() -> None:
    played = play(load_scenario(EXAMPLE), strict=False)
    state = played.game.state
    view, model = MatView.of(state), GloomMovement.of(state, "push")
    assert MatView.of(state) is view and GloomMovement.of(state, "push") is model
    assert model.view is view and GloomMovement.of(state, "normal") is not model
    kept = moved = 0
    previous: tuple[MatView, GloomMovement] | None = None
    places: tuple[object, ...] = ()
    for state, event in folded(list(played.events)):
        if not state.units:
            continue
        now = tuple(map(UNIT_PLACE, state.units.values()))
        found = MatView.of(state), GloomMovement.of(state, "push")
        if previous is not None and now == places and type(event).KEEPS_CHARACTERISTICS:
            assert found[0] is previous[0] and found[1] is previous[1], event.name
            kept += 1
        elif previous is not None:
            assert found[0] is not previous[0] and found[1] is not previous[1], event.name
            moved += 1
        assert found[1].view is found[0]
        previous, places = found, now
    assert kept > 10 and moved > 10


def test_a_copied_or_pickled_state_makes_its_own_view_and_models() -> None:
    state = _state()
    view, model = MatView.of(state), GloomMovement.of(state, "normal")
    for other in (state.model_copy(deep=True), copy.deepcopy(state), state.model_copy(), pickle.loads(pickle.dumps(state))):
        mine, moving = MatView.of(other), GloomMovement.of(other, "normal")
        assert mine is not view and mine.state is other
        assert moving is not model and moving.state is other and moving.view is mine
        assert mine.placing.occupant == view.placing.occupant
