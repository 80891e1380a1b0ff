"""A played game is freed by reference counting when its last holder lets it go, not left in a
reference cycle for the cyclic collector: in a process that plays thousands of games, each game
held in a cycle costs a collection's walk over everything young, and the collector's
generations fill with whole games (``sim.collector``).

A refusal kept as an error (a script's expected refusal, ``Game.refusals``) is the usual way a
cycle forms: the error's traceback holds the frames that caught it, and those frames hold the
game and the list the error was put in."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests.helpers import EXAMPLES

#: examples whose scripts expect refusals, one per ruleset that has one
WITH_REFUSALS = (
    "godsgloom/19-a-whole-round.yaml", "tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml",
)


@contextmanager
def no_collector() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


@pytest.mark.parametrize("example", WITH_REFUSALS)
def test_a_scripts_expected_refusals_hold_no_game(example: str) -> None:
    scenario = load_scenario(EXAMPLES / example)
    played = play(scenario)
    refused = [o.refusal for o in played.outcomes if o.refusal is not None]
    assert refused, f"{example} no longer expects a refusal: pick another example"
    assert all(error.__traceback__ is None for error in refused)
    played.game.state.dropped()
    del played, refused
    with no_collector():
        played = play(scenario)
        played.game.state.dropped()
        # the game and its state themselves, not whatever else the collector finds: a process-wide
        # cache that lets older entries go while this game plays (the kept scripts, a cast's
        # placements) may hand the collector cycles of its own, as the whole suite in one worker
        # showed once
        game, state = weakref.ref(played.game), weakref.ref(played.game.state)
        del played
        assert game() is None and state() is None


@pytest.mark.parametrize("example", WITH_REFUSALS)
def test_a_self_played_game_of_a_script_with_refusals_is_freed_at_once(example: str) -> None:
    """The game, its events and its verification: nothing left once the final state's indexes
    (which hold that state) are dropped."""
    scenario = load_scenario(EXAMPLES / example)
    self_play(scenario, 2, "random", 0)  # the kept script and the tables a first game builds are not counted
    with no_collector():
        played = self_play(scenario, 2, "random", 1)
        assert played.report.verified
        played.game.state.dropped()
        del played
        assert gc.collect() == 0


#: the whole-turn examples whose self-play is benchmarked (skirmish's table graph still holds
#: its state in a cycle of its own: one game in a hundred milliseconds, not looked into)
WHOLE_TURNS = (
    "sorcery/08-a-whole-turn.yaml", "godsgloom/19-a-whole-round.yaml",
    "tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml",
)


@pytest.mark.parametrize("example", WHOLE_TURNS)
def test_a_self_played_game_leaves_no_cycle_for_its_caller_to_break(example: str) -> None:
    """``self_play`` hands back a game whose state holds no index of itself: a caller that
    drops the game (``sim play --games``, ``sim compare``, a notebook loop) frees it by
    reference counting, with nothing dropped by hand. Left to the collector, a GODSGLOOM
    game's final state and the placements its views held made a young collection every
    70-170 games, about 5% of a game's time (benchmarks/RESULTS.md, "Issue 20, stop 50")."""
    scenario = load_scenario(EXAMPLES / example)
    self_play(scenario, 1, "random", 0)
    with no_collector():
        played = self_play(scenario, 1, "random", 1)
        assert played.report.verified
        del played
        assert gc.collect() == 0


@pytest.mark.parametrize("example", WHOLE_TURNS)
def test_a_self_played_games_state_answers_as_before_it_let_go_of_its_indexes(example: str) -> None:
    """The state handed back rebuilds what it is asked: its legal commands are those of the
    same game played again without the indexes let go (a copy of the state, which starts
    without them), and the game plays on."""
    scenario = load_scenario(EXAMPLES / example)
    played = self_play(scenario, 1, "random", 3)
    game = played.game
    copied = game.state.model_copy(deep=True)
    rules = game.rules
    assert list(game.legal_commands()) == list(rules.legal_commands(copied))
    game.issue(game.legal_commands()[0])


def test_refusals_come_without_tracebacks() -> None:
    """``Game.refusals`` tries a command on a copy of the game: the error it names must not
    hold that copy."""
    played = self_play(load_scenario(EXAMPLES / "godsgloom/19-a-whole-round.yaml"), 1, "random", 0)
    game = played.game
    unit = next(u for u in game.state.units.values() if u.owner != game.rules.to_act(game.state))
    found = game.refusals({"command": "activate", "unit": unit.id})
    assert found and all(error.__traceback__ is None for error in found)
