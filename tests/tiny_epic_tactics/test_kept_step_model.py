"""The model of a declared step the state keeps across its events (``TetMovement.of_state``, a
lasting index) judges every step as a model made afresh for the state as it is then: one model
per state object, never a view made (a view is of one moment of the state), and none carried
into a copy of the state.

Checked after every event of every Tiny Epic Tactics example and of random self-play (the state
folded one event at a time, as a game folds its events): for every living unit, every step of the
board out of every space it could step from, kept against fresh.
"""

from __future__ import annotations

import pytest

from domain.event_base import GameEvent
from domain.rulesets.tinyepic.movement import TetMovement, board_steps
from domain.rulesets.tinyepic.state import TetState
from domain.rulesets.tinyepic.view import GridView
from tests.tiny_epic_tactics.support import example_events, self_play_events, states_after_each_event


def _check(state: TetState, where: str) -> int:
    kept = TetMovement.of_state(state)
    assert TetMovement.of_state(state) is kept, f"{where}: one model per state"
    fresh = TetMovement(state)
    steps = board_steps(GridView(state))
    compared = 0
    for unit in [u for u in state.units.values() if u.alive and u.location is not None]:
        for frm in [unit.location or "", *(option.to for option in steps[unit.location or ""])]:
            for option in steps[frm]:
                assert kept.step_option(unit.id, frm, option.to) == fresh.step_option(unit.id, frm, option.to), where
                compared += 1
    assert "view" not in kept.__dict__, f"{where}: the kept model made a view"
    copy = state.model_copy(deep=True)
    assert TetMovement.of_state(copy) is not kept and TetMovement.of_state(copy).state is copy, f"{where}: a copy's own model"
    return compared


@pytest.mark.parametrize(
    "name, events", [*example_events(), *self_play_events(range(3))], ids=lambda v: v if isinstance(v, str) else ""
)
def test_the_kept_step_model_judges_as_a_fresh_one_after_every_event(name: str, events: list[GameEvent]) -> None:
    compared = 0
    for state, when in states_after_each_event(events):
        if state.width and state.units:
            compared += _check(state, f"{name}, {when}")
    assert compared or "seed" not in name, f"{name}: no step compared"
