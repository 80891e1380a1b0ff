"""A small mat's steps are kept per process: each declared step judged on a placement by that
placement (``Placement.steps``, read by ``GloomMovement.step_option``), and each step into a hex
held by another unit or covered by enemy zones by the cast (``Cast.steps_into``, read by both
``step_option`` and a search's ``step_options``). A kept answer read on a later state, in a
verification or in another game must be the one worked out afresh. After every event of every
GODSGLOOM example and of random self-play (its verification included, which reads the steps
the game kept), each living unit's steps out of its hex and the hexes around it, in every mode,
are compared with those of a model on a copy of the state given a cast and a placement of its
own, made here and holding nothing kept: declared one at a time, and listed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domain.rulesets.godsgloom.hexgrid import DIRECTIONS
from domain.rulesets.godsgloom.movement import MODES, GloomMovement
from domain.rulesets.godsgloom.placement import Cast, Placement, cast_facts, placement_key
from domain.rulesets.godsgloom.state import GloomState
from domain.rulesets.godsgloom.view import MatView
from sim.replay import verify
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests import boards
from tests.godsgloom.examples import GLOOM_EXAMPLES, SELF_PLAYED
from tests.helpers import checked_after_each_event


def _around(location: str) -> list[str]:
    q, r = (int(v) for v in location.split(","))
    return [location, *(f"{q + dq},{r + dr}" for dq, dr in DIRECTIONS)]


def _unkept(state: GloomState) -> GloomState:
    """A copy of the state whose view holds a cast and a placement made here, outside the
    process's tables (``cast_of``, ``placement``): nothing is kept in them yet."""
    copy = state.model_copy(deep=True)
    view = MatView.of(copy)
    cast = Cast(cast_facts(copy.options, copy.width, copy.height, view.impassable, view.difficult, copy.units.values()))
    view.__dict__["cast"] = cast
    view.__dict__["placing"] = Placement(placement_key(cast, copy.units.values()))
    return copy


def _check(state: GloomState, where: str) -> int:
    """Compare the kept steps with the steps worked out afresh; how many steps were compared."""
    if not MatView(state).small:
        return 0
    living = [u for u in state.units.values() if u.alive and u.location is not None]
    fresh = _unkept(state)
    compared = 0
    for unit in living:
        for mode in MODES:
            kept, plain = GloomMovement.of(state, mode), GloomMovement.of(fresh, mode)
            for frm in _around(unit.location or ""):
                said = f"{where}: {unit.id} ({mode}) out of {frm}"
                assert list(kept.step_options(unit.id, frm)) == list(plain.step_options(unit.id, frm)), said
                for to in _around(frm):
                    assert kept.step_option(unit.id, frm, to) == plain.step_option(unit.id, frm, to), f"{said} to {to}"
                    compared += 1
    return compared


def _fold_and_check(events: list[Any], name: str) -> int:
    return checked_after_each_event(events, name, _check)


@pytest.mark.parametrize("path", GLOOM_EXAMPLES, ids=lambda p: p.stem)
def test_kept_steps_equal_the_steps_worked_out_afresh_after_every_event_of_every_example(path: Path) -> None:
    played = play(load_scenario(path), strict=False)
    _fold_and_check(list(played.events), path.stem)


@pytest.mark.parametrize("seed", range(3))
def test_kept_steps_equal_the_steps_worked_out_afresh_along_random_self_play_and_its_verification(seed: int) -> None:
    played = self_play(boards.scenario("godsgloom", seed), 3, "random", seed, verify_log=False)
    events = list(played.events)
    assert verify(events).ok  # the verification reads the steps the game kept
    assert _fold_and_check(events, f"random godsgloom board {seed}") > 0


def test_kept_steps_equal_the_steps_worked_out_afresh_along_the_benchmark_round() -> None:
    """The self-play benchmark's scenario, played twice from one seed: the second game and both
    verifications read what the first kept."""
    scenario = load_scenario(SELF_PLAYED)
    for _ in range(2):
        played = self_play(scenario, 2, "random", 3)
        assert played.report.verified
    assert _fold_and_check(list(played.events), "30-harass-disabled, seed 3") > 0


def test_a_fresh_model_keeps_nothing_and_a_kept_one_does() -> None:
    """What the comparison rests on: the copy's cast and placement are its own, empty."""
    played = self_play(load_scenario(SELF_PLAYED), 1, "random", 0)
    state = played.game.state
    assert isinstance(state, GloomState)
    fresh = _unkept(state)
    assert MatView.of(fresh).cast is not MatView.of(state).cast
    assert MatView.of(fresh).cast == MatView.of(state).cast
    assert not MatView.of(fresh).cast.steps_into and not MatView.of(fresh).placing.steps
    assert MatView.of(state).cast.steps_into
