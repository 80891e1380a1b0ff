"""Who blocks a unit's legal moves' search, and whom it only crosses, read once per side and view
(``moves._side_occupied``, with the unit's own adjustments in ``moves._blocked_for``), is what the
unit's own reading says (``moves._occupied``, as ``TetMovement.step_options`` judges each step):
the same blocked spaces (the kept searches' key), and crossed spaces that differ at most by the
unit's own space, which a move never ends on (mid-move, an ally passing through may hold it).

Checked after every event of every example and of random self-play: on the suite's random boards
(also with allies that block), on the whole-turn scenario, and on a board with a Ballista that
units start turns on (its start blocks the unit's own search only). The view is asked for every
unit of every side in turn, so that a side's answer kept on the view is read again.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.event_base import GameEvent
from domain.rulesets.tinyepic.moves import _blocked_for, _occupied, _side_occupied
from domain.rulesets.tinyepic.state import TetState
from domain.rulesets.tinyepic.view import GridView
from sim.scenario import ScenarioBase, load_scenario, parse_scenario
from sim.selfplay import self_play
from sim.yamlfile import load_yaml
from tests import boards
from tests.helpers import checked_after_each_event, example_events
from tests.tiny_epic_tactics.support import unit

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tiny-epic-tactics"
WHOLE_TURN = EXAMPLES / "16-a-whole-turn-with-a-weakened-unit.yaml"


def _check(state: TetState, where: str) -> int:
    view = GridView(state)
    compared = 0
    for rounds in range(2):  # the second round reads each side's answer kept on the view
        for u in [u for u in state.units.values() if u.alive and u.location is not None]:
            plain_blocked, plain_crossing = _occupied(view, u)
            blocked, crossing = _side_occupied(view, u.owner)
            if state.ballista_starters or not state.options.ally_pass_through:
                blocked = _blocked_for(view, u, blocked)
            said = f"{where}: {u.id} at {u.location}, round {rounds}"
            assert blocked == frozenset(plain_blocked), said
            assert crossing - {u.location} == plain_crossing - {u.location}, said
            compared += 1
    return compared


def _varied(scenario: ScenarioBase, **options: object) -> ScenarioBase:
    return scenario.model_copy(update={"options": {**scenario.options, **options}})


def _ballista_board() -> ScenarioBase:
    """A board with two Ballistas, units standing on both as the game starts."""
    located = load_yaml("{}", "<a Ballista board>")
    located.data = {
        "title": "Ballistas", "ruleset": "tinyepic", "options": {}, "active_player": "p1", "script": [],
        "setup": {
            "terrain": [". . . . .", ". b . . .", ". . . b .", ". . . . ."], "levels": [],
            "units": [
                unit("a1", "p1", "1,1", movement=2, missile=3, ammo=2), unit("a2", "p1", "0,0", movement=3),
                unit("a3", "p1", "4,0", movement=2),
                unit("b1", "p2", "3,2", movement=2), unit("b2", "p2", "4,3", movement=3),
            ],
        },
    }
    return parse_scenario(located)


def _self_played(seed: int) -> Iterator[tuple[str, list[GameEvent]]]:
    board = boards.scenario("tinyepic", seed)
    yield f"random board {seed}", list(self_play(board, 3, "random", seed, verify_log=False).events)
    yield f"random board {seed}, allies block", list(self_play(
        _varied(board, ally_pass_through=False), 3, "random", seed, verify_log=False
    ).events)
    yield f"16, seed {seed}", list(self_play(load_scenario(WHOLE_TURN), 4, "random", seed, verify_log=False).events)
    ballistas = _ballista_board()
    yield f"Ballistas, seed {seed}", list(self_play(ballistas, 4, "random", seed, verify_log=False).events)
    yield f"Ballistas, allies block, seed {seed}", list(self_play(
        _varied(ballistas, ally_pass_through=False), 4, "random", seed, verify_log=False
    ).events)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_a_sides_blocked_spaces_are_each_units_after_every_event_of_every_example(path: Path) -> None:
    assert checked_after_each_event(example_events(path), path.stem, _check) > 0


@pytest.mark.parametrize("seed", range(3))
def test_a_sides_blocked_spaces_are_each_units_along_random_self_play(seed: int) -> None:
    for name, events in _self_played(seed):
        assert checked_after_each_event(events, name, _check) > 0


def _listed_sides(state: TetState, where: str) -> int:
    """The side the legal commands' view holds for the player to act (set by the listing from
    its split of the living units) is the one ``_side_occupied`` reads on a fresh view."""
    from domain.rulesets.tinyepic.legal import MovePart, legal_commands
    from domain.rulesets.tinyepic.moves import SIDE_OCCUPIED

    compared = 0
    for part in legal_commands(state)._parts:
        if isinstance(part, MovePart):
            kept = part._view.__dict__.get(SIDE_OCCUPIED, {})
            for side, found in kept.items():
                assert found == _side_occupied(GridView(state), side), f"{where}: {side}"
                compared += 1
    return compared


@pytest.mark.parametrize("seed", range(3))
def test_the_listing_keeps_the_side_it_would_read_along_random_self_play(seed: int) -> None:
    events = list(self_play(boards.scenario("tinyepic", seed), 3, "random", seed, verify_log=False).events)
    assert checked_after_each_event(events, f"random board {seed}", _listed_sides) > 0


def test_the_listing_keeps_the_side_it_would_read_along_the_whole_turn() -> None:
    assert checked_after_each_event(example_events(WHOLE_TURN), WHOLE_TURN.stem, _listed_sides) > 0
