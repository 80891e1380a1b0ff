"""The hexes a Move Action's legal moves end in, and the path written to each (``legal.Ends``),
are those of the engine's reach search (``search_reach``: its locations other than the start,
each by ``Reach.path_to``), however ``Ends`` finds them: a search that leaves the ring costing
the whole allowance unexpanded (``legal._within``; on a small mat the same search in one loop,
``GloomMovement.ends_within``), the one-hex §8.2 step read off the unit's
steps (``GloomMovement.one_step_ends``) or the God's Push hex (``push_ends``). After every event
of every GODSGLOOM example and of seeded random self-play, each living unit's ends in every mode
but Flying (which teleports) are compared with a search run on a copy of the state; and again
with every mat read as a large one, whose searches are kept across events (``MatView.small``,
as tests/godsgloom/test_small_mat.py does)."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.movement import search_reach
from domain.rulesets.godsgloom.legal import Ends
from domain.rulesets.godsgloom.movement import MODES, GloomMovement
from domain.rulesets.godsgloom.state import GloomState
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests.godsgloom.examples import GLOOM_EXAMPLES, SELF_PLAYED
from tests.helpers import checked_after_each_event, example_events, random_board_events


def _check(state: GloomState, where: str) -> int:
    compared = 0
    copy = state.model_copy(deep=True)
    for unit in [u for u in state.units.values() if u.alive and u.location is not None]:
        start = unit.location or ""
        for mode in MODES:
            ends = Ends(state, unit.id, mode)
            reach = search_reach(GloomMovement(copy, mode), unit.id, start)
            searched = sorted(h for h in reach.cost if h != start)
            said = f"{where}: {unit.id} ({mode}) from {start}"
            assert sorted(ends.hexes) == searched, said
            for h in ends.hexes:
                assert [start, *ends.path(h)] == reach.path_to(h), f"{said} to {h}"
            compared += 1
    return compared


@pytest.mark.parametrize("path", GLOOM_EXAMPLES, ids=lambda p: p.stem)
def test_move_ends_and_paths_are_the_reach_searchs_in_every_example(path: Path) -> None:
    checked_after_each_event(example_events(path), path.stem, _check)


@pytest.mark.parametrize("seed", range(4))
def test_move_ends_and_paths_are_the_reach_searchs_along_random_self_play(seed: int) -> None:
    assert checked_after_each_event(random_board_events("godsgloom", seed), f"random godsgloom board {seed}", _check) > 0


def test_move_ends_and_paths_are_the_reach_searchs_along_the_benchmark_round() -> None:
    played = self_play(load_scenario(SELF_PLAYED), 3, "random", 5)
    assert checked_after_each_event(list(played.events), "19-a-whole-round, seed 5", _check) > 0


@pytest.mark.usefixtures("kept_on_every_mat")
@pytest.mark.parametrize("path", GLOOM_EXAMPLES, ids=lambda p: p.stem)
def test_move_ends_and_paths_from_searches_kept_across_events_are_the_reach_searchs_in_every_example(path: Path) -> None:
    checked_after_each_event(example_events(path), path.stem, _check)


@pytest.mark.usefixtures("kept_on_every_mat")
@pytest.mark.parametrize("seed", range(2))
def test_move_ends_and_paths_from_searches_kept_across_events_are_the_reach_searchs_along_random_self_play(seed: int) -> None:
    assert checked_after_each_event(random_board_events("godsgloom", seed), f"random godsgloom board {seed}", _check) > 0
