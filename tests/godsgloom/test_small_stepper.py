"""A small mat's steps out of a hex (``GloomMovement._small_stepper``, what a search reads) are
the mat's plain steps with each step into a marked hex patched for its occupant or the enemy
zones over it, as ``GloomMovement._step_into`` patches one step: the stepper reads the
placement once and patches each marked hex once, keyed by the hex alone. After every event of
every GODSGLOOM example and of seeded random self-play, each living unit's steps out of its hex
and the hexes around it, in every mode, are compared with the steps patched one by one."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.movement import StepOption
from domain.rulesets.godsgloom.hexgrid import DIRECTIONS
from domain.rulesets.godsgloom.movement import MODES, GloomMovement
from domain.rulesets.godsgloom.state import GloomState
from domain.rulesets.godsgloom.view import MatView
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests.godsgloom.examples import GLOOM_EXAMPLES, SELF_PLAYED
from tests.helpers import checked_after_each_event, example_events, random_board_events


def _around(location: str) -> list[str]:
    q, r = (int(v) for v in location.split(","))
    return [location, *(f"{q + dq},{r + dr}" for dq, dr in DIRECTIONS)]


def _patched_one_by_one(model: GloomMovement, unit_id: str, frm: str) -> list[StepOption]:
    """The steps out of ``frm`` as the general stepper builds them: each unblocked step into a
    marked hex patched by ``_step_into`` on its own."""
    view = model.view
    plain, _ = view.steps.out_of(frm, model._difficult_cost(unit_id))
    marked = view.placing.marked
    return [
        model._step_into(unit_id, option) if option.blocked is None and option.to in marked else option
        for option in plain
    ]


def _check(state: GloomState, where: str) -> int:
    if not MatView(state).small:
        return 0
    compared = 0
    for unit in [u for u in state.units.values() if u.alive and u.location is not None]:
        for mode in MODES:
            model = GloomMovement(state, mode)
            ask = model._stepper(unit.id)
            for frm in _around(unit.location or ""):
                assert list(ask(frm)) == _patched_one_by_one(model, unit.id, frm), f"{where}: {unit.id} ({mode}) out of {frm}"
                compared += 1
    return compared


@pytest.mark.parametrize("path", GLOOM_EXAMPLES, ids=lambda p: p.stem)
def test_small_mat_steps_out_of_a_hex_patch_each_marked_hex_as_one_step_would_in_every_example(path: Path) -> None:
    checked_after_each_event(example_events(path), path.stem, _check)


@pytest.mark.parametrize("seed", range(3))
def test_small_mat_steps_out_of_a_hex_patch_each_marked_hex_as_one_step_would_along_random_self_play(seed: int) -> None:
    assert checked_after_each_event(random_board_events("godsgloom", seed), f"random godsgloom board {seed}", _check) > 0


def test_small_mat_steps_out_of_a_hex_patch_each_marked_hex_as_one_step_would_along_the_benchmark_round() -> None:
    played = self_play(load_scenario(SELF_PLAYED), 3, "random", 5)
    assert checked_after_each_event(list(played.events), "19-a-whole-round, seed 5", _check) > 0
