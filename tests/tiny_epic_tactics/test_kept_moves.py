"""Legal commands kept from one state to the next equal the ones rebuilt from scratch (issue 20).

Each unit's Move commands come from a search the board keeps across states and games
(``domain/rulesets/tinyepic/moves.py``), and each state's steps are read from the board's steps
(``movement.board_steps``). After every event of every Tiny Epic Tactics example, of random
self-play on random boards and on the benchmark's whole-turn scenario, the state is folded one
event at a time (as an aggregate folds it), and then (random boards also under step options the
suite's generator leaves as they are: allies that block, steps down and portals priced):

- each living unit's kept moves equal the moves searched on a copy of the state that keeps
  nothing, over steps worked out by the plain reading of the rules (no board table, no kept
  steps): the same commands, in the same order;
- the whole legal command list equals the list built on that copy with those moves;
- every unit's steps out of every space equal the plain reading's.

The check also runs every fourth event only, so that the kept steps are brought up to date
across several events at once, as a self-played game asks for them once per command.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from domain.event_base import GameEvent
from domain.movement import StepOption
from domain.rulesets.tinyepic.legal import legal_commands, moves_of, unit_moves
from domain.rulesets.tinyepic.movement import TetMovement
from domain.rulesets.tinyepic.state import TetState, TetUnit
from domain.rulesets.tinyepic.view import GridView
from sim.runner import play
from sim.scenario import ScenarioBase, load_scenario, parse_scenario
from sim.selfplay import self_play
from sim.yamlfile import load_yaml
from tests import boards
from tests.tiny_epic_tactics.support import states_after_each_event

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tiny-epic-tactics"
EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml"))


class PlainMovement(TetMovement):
    """The Move's model with nothing kept: every step worked out from the rules when asked."""

    steps_from = None  # type: ignore[assignment]  # the search then asks step_options itself

    def step_options(self, unit_id: str, frm: str) -> Sequence[StepOption]:
        return self.plain_step_options(unit_id, frm)


def _plain_moves(state: TetState) -> Any:
    return lambda view, unit: moves_of(PlainMovement(state), unit).moves()


def _living(state: TetState) -> list[TetUnit]:
    return [u for u in state.units.values() if u.alive and u.location is not None]


def _check(state: TetState, where: str) -> None:
    fresh = state.model_copy(deep=True)  # a copy keeps no lasting index
    view = GridView(state)
    plain = PlainMovement(fresh)
    for unit in _living(state):
        kept = unit_moves(view, unit)
        scratch = moves_of(PlainMovement(fresh), fresh.units[unit.id]).moves()
        assert list(kept) == list(scratch), f"{where}: {unit.id}'s moves"
        model = TetMovement(state)
        for y in range(state.height):
            for x in range(state.width):
                space = f"{x},{y}"
                assert list(model.step_options(unit.id, space)) == list(plain.step_options(unit.id, space)), (
                    f"{where}: {unit.id}'s steps out of {space}"
                )
    assert legal_commands(state) == legal_commands(fresh, _plain_moves(fresh)), f"{where}: the legal commands"


def _fold_and_check(events: Sequence[GameEvent], name: str, every: int) -> int:
    """Fold the events one at a time into one state, checking after every ``every``-th; how
    many states were checked."""
    checked = 0
    for state, when in states_after_each_event(events, every):
        if state.width and _living(state):
            _check(state, f"{name}, {when}")
            checked += 1
    return checked


@pytest.mark.parametrize("every", [1, 4])
@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: p.stem)
def test_kept_moves_and_legal_commands_equal_rebuilt_ones_after_every_event_of_every_example(path: Path, every: int) -> None:
    played = play(load_scenario(path), strict=False)
    assert _fold_and_check(list(played.events), path.stem, every) > 0


@pytest.mark.parametrize("every", [1, 3])
@pytest.mark.parametrize("seed", range(6))
def test_kept_moves_and_legal_commands_equal_rebuilt_ones_along_random_self_play(seed: int, every: int) -> None:
    played = self_play(boards.scenario("tinyepic", seed), 3, "random", seed, verify_log=False)
    assert _fold_and_check(played.events, f"random board {seed}", every) > 0


def _varied_board(seed: int) -> ScenarioBase:
    """A random board (the suite's generator) under the step options it leaves as they are:
    allies that block, a price for a step down, a portal crossed for free or for 2, Water that
    costs nothing more and Forest that costs 1 more."""
    rng = random.Random(1_000 + seed)
    data = boards.tinyepic(rng)
    data["options"].update({
        "ally_pass_through": rng.choice([True, False]), "descend_cost": rng.choice([0, 1]),
        "portal_transit_cost": rng.choice([0, 1, 2]),
        "terrain_entry_surcharge": rng.choice([{}, {"water": 0, "forest": 1, "peak": 2}]),
    })
    located = load_yaml("{}", f"<random board {seed}, varied step options>")
    located.data = data
    return parse_scenario(located)


@pytest.mark.parametrize("seed", range(8))
def test_kept_moves_equal_rebuilt_ones_along_random_self_play_under_varied_step_options(seed: int) -> None:
    played = self_play(_varied_board(seed), 3, "random", seed, verify_log=False)
    assert _fold_and_check(played.events, f"varied board {seed}", 1 + seed % 3) > 0


@pytest.mark.parametrize("seed", range(3))
def test_kept_moves_equal_rebuilt_ones_along_self_play_of_the_whole_turn_scenario(seed: int) -> None:
    scenario = load_scenario(EXAMPLES / "16-a-whole-turn-with-a-weakened-unit.yaml")
    played = self_play(scenario, 6, "random", seed, verify_log=False)
    assert _fold_and_check(played.events, f"16, seed {seed}", 1) > 0


def test_a_unit_that_left_the_ballista_it_started_on_may_move_back_onto_it_next_turn() -> None:
    """Its place is the same, but whom the turn's start found on the Ballista is not: the moves
    kept from the turn before (none back onto the Ballista, seed 003) are searched again."""
    from tests.tiny_epic_tactics.support import tet, unit

    game = tet([". . . . .", ". . b . .", ". . . . ."], units=[unit("g", "p1", "2,1"), unit("x", "p2", "4,2")]).game
    game.issue({"command": "move", "unit": "g", "path": ["1,1"]})
    state = game.state
    assert isinstance(state, TetState)
    view = GridView(state)
    assert "2,1" not in [m.path[-1] for m in unit_moves(view, state.units["g"])]  # the last unit may move again
    game.issue({"command": "end_turn"})
    game.issue({"command": "end_turn"})
    state = game.state
    assert isinstance(state, TetState)
    kept = unit_moves(GridView(state), state.units["g"])
    assert "2,1" in [m.path[-1] for m in kept]
    assert list(kept) == list(moves_of(PlainMovement(state.model_copy(deep=True)), state.units["g"]).moves())
