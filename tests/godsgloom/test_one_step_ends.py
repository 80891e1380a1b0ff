"""The legal moves of a unit held to the §8.2 step of one hex (modes engaged_step and
engaged_trample, and the God's Push hex) are read off its steps out of its hex
(``GloomMovement.one_step_ends``, ``push_ends``) instead of a search. After every event of every
GODSGLOOM example and of seeded random self-play, for each living unit in each such mode with an
allowance of 1 and no rule denying it movement, the ends and their paths are compared with the
reach search's (``search_reach``: its locations other than the start, each by the path of one
step)."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.movement import search_reach
from domain.rulesets.godsgloom.movement import STEP_MODES, GloomMovement
from domain.rulesets.godsgloom.state import GloomState
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests.godsgloom.examples import GLOOM_EXAMPLES, SELF_PLAYED
from tests.helpers import checked_after_each_event, example_events, random_board_events


def _check(state: GloomState, where: str) -> int:
    compared = 0
    for unit in [u for u in state.units.values() if u.alive and u.location is not None]:
        start = unit.location or ""
        for mode in STEP_MODES:
            model = GloomMovement(state, mode)
            if model.allowance(unit.id) != 1 or model.no_movement(unit.id) is not None:
                continue
            ends = model.push_ends(unit.id, start) if mode == "push" else model.one_step_ends(unit.id, start)
            reach = search_reach(GloomMovement(state.model_copy(deep=True), mode), unit.id, start)
            searched = [h for h in reach.cost if h != start]
            said = f"{where}: {unit.id} ({mode}) from {start}"
            assert sorted(ends) == sorted(searched), said
            assert all(reach.path_to(h) == [start, h] for h in ends), said
            compared += 1
    return compared


@pytest.mark.parametrize("path", GLOOM_EXAMPLES, ids=lambda p: p.stem)
def test_a_one_hex_step_ends_where_the_search_reaches_in_every_example(path: Path) -> None:
    checked_after_each_event(example_events(path), path.stem, _check)


@pytest.mark.parametrize("seed", range(3))
def test_a_one_hex_step_ends_where_the_search_reaches_along_random_self_play(seed: int) -> None:
    assert checked_after_each_event(random_board_events("godsgloom", seed), f"random godsgloom board {seed}", _check) > 0


def test_a_one_hex_step_ends_where_the_search_reaches_along_the_benchmark_round() -> None:
    played = self_play(load_scenario(SELF_PLAYED), 3, "random", 5)
    assert checked_after_each_event(list(played.events), "19-a-whole-round, seed 5", _check) > 0
