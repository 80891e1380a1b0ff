"""The hexes a step of at most 1 MP enters (``HexSteps.one_mp_ends``), kept per hex with the
mat's steps, which the God's Push listing reads for every eligible unit after every push: on
every example's mat and on random boards (Impassable and Difficult hexes among them), each hex's
kept ends are the plain steps out of it (a Difficult hex costing 1, as in a §8.2-style step)
that are not blocked and cost at most 1, read here off a mat's steps made afresh, and the same
hexes in the mat's order (``one_mp_ends_in_order``); and asked of a mat's shared steps after a
game has read them, the answers are the same."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.rulesets.godsgloom.mat_steps import HexSteps
from domain.rulesets.godsgloom.state import GloomState
from domain.rulesets.godsgloom.view import MatView
from sim.runner import play
from sim.scenario import ScenarioBase, load_scenario
from sim.selfplay import self_play
from tests import boards
from tests.godsgloom.examples import GLOOM_EXAMPLES


def _check_mat(state: GloomState) -> int:
    view = MatView(state)
    shared = view.steps
    fresh = HexSteps(shared.width, shared.height, shared.impassable, shared.difficult)
    asked = 0
    for h in sorted(view.hexes):
        plain, _ = HexSteps(shared.width, shared.height, shared.impassable, shared.difficult).out_of(h.text, 1)
        expected = tuple(o.to for o in plain if o.blocked is None and o.cost <= 1)
        assert fresh.one_mp_ends(h.text) == expected, h.text
        assert shared.one_mp_ends(h.text) == expected, h.text
        assert fresh.one_mp_ends(h.text) is fresh.one_mp_ends(h.text)  # kept once worked out
        # the same hexes in the mat's order (q, then r), as the God's Push listing lists them
        in_order = tuple(sorted(expected, key=lambda text: tuple(int(v) for v in text.split(","))))
        assert fresh.one_mp_ends_in_order(h.text) == in_order, h.text
        assert shared.one_mp_ends_in_order(h.text) == in_order, h.text
        asked += 1
    return asked


@pytest.mark.parametrize("path", GLOOM_EXAMPLES, ids=lambda p: p.stem)
def test_one_mp_ends_of_every_hex_of_every_example_mat(path: Path) -> None:
    state = play(load_scenario(path), strict=False).game.state
    assert isinstance(state, GloomState)
    if state.width:
        assert _check_mat(state) == len(MatView(state).hexes)


@pytest.mark.parametrize("seed", range(4))
def test_one_mp_ends_of_random_boards_after_a_game_read_them(seed: int) -> None:
    scenario: ScenarioBase = boards.scenario("godsgloom", seed)
    state = self_play(scenario, 3, "random", seed, verify_log=False).game.state
    assert isinstance(state, GloomState)
    assert _check_mat(state) > 0
