"""A Move's path found clear at a glance (``movement.path_is_clear``) is exactly a path the step
judge takes whole (``domain.movement.walk_path`` over ``TetMovement``): the command handler then
skips the walk, so a path it calls clear must never be one the walk would refuse, and a clear
path it missed would only cost a walk.

After every event of every example and of random self-play (on the suite's random boards, also
with allies that block and steps down that cost, and on the benchmark's whole-turn scenario),
for every living unit: each of its listed moves' paths, and random paths over the board's steps
(through allies, enemies, the Ballista it started on, back where it started, over its Movement)
and a few that are not steps at all. A clear path's options (``clear_path``, what its steps are
taken with) are the walk's.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.event_base import GameEvent
from domain.movement import walk_path
from domain.rulesets.tinyepic.legal import unit_moves
from domain.rulesets.tinyepic.movement import TetMovement, board_steps, clear_path, path_is_clear
from domain.rulesets.tinyepic.state import TetState, TetUnit
from domain.rulesets.tinyepic.view import GridView
from sim.scenario import ScenarioBase, load_scenario
from sim.selfplay import self_play
from tests import boards
from tests.helpers import checked_after_each_event, example_events

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tiny-epic-tactics"
WHOLE_TURN = EXAMPLES / "16-a-whole-turn-with-a-weakened-unit.yaml"


def _paths(state: TetState, unit: TetUnit, rng: random.Random) -> Iterator[list[str]]:
    """The unit's listed moves' paths, then random walks over the board's steps, then steps
    that are not steps."""
    view = GridView(state)
    for move in unit_moves(view, unit):
        yield list(move.path)
    steps = board_steps(view)
    start = unit.location or ""
    for _ in range(12):
        here, path = start, []
        for _ in range(rng.randint(1, min(unit.movement, 30) + 2)):  # (example 21's Movement is 10**8)
            here = rng.choice(steps[here]).to
            path.append(here)
        yield path
    yield [f"{state.width + 2},0"]
    yield [start]


def _check(state: TetState, where: str) -> int:
    rng = random.Random(where)
    compared = 0
    for unit in [u for u in state.units.values() if u.alive and u.location is not None]:
        for path in _paths(state, unit, rng):
            walked = walk_path(TetMovement(state), unit.id, unit.location or "", path)
            clear = path_is_clear(state, unit, unit.location or "", path)
            assert clear == (walked.refused_at is None), f"{where}: {unit.id} {unit.location} -> {path}: {walked}"
            if clear:  # the options its steps are taken with (``engine.take_checked_steps``) are the walk's
                options = clear_path(state, unit, unit.location or "", path)
                assert options == [option for _, _, option in walked.taken], f"{where}: {unit.id} -> {path}"
            compared += 1
    return compared


def _varied(scenario: ScenarioBase, **options: object) -> ScenarioBase:
    return scenario.model_copy(update={"options": {**scenario.options, **options}})


def _self_played(seed: int) -> Iterator[tuple[str, list[GameEvent]]]:
    board = boards.scenario("tinyepic", seed)
    yield f"random board {seed}", list(self_play(board, 3, "random", seed, verify_log=False).events)
    yield f"random board {seed}, allies block, steps down cost", list(self_play(
        _varied(board, ally_pass_through=False, descend_cost=1), 3, "random", seed, verify_log=False
    ).events)
    yield f"16, seed {seed}", list(self_play(load_scenario(WHOLE_TURN), 4, "random", seed, verify_log=False).events)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_a_clear_path_is_one_the_walk_takes_after_every_event_of_every_example(path: Path) -> None:
    assert checked_after_each_event(example_events(path), path.stem, _check) > 0


@pytest.mark.parametrize("seed", range(3))
def test_a_clear_path_is_one_the_walk_takes_along_random_self_play(seed: int) -> None:
    for name, events in _self_played(seed):
        assert checked_after_each_event(events, name, _check) > 0
