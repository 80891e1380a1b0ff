"""``--policy lookahead``: each legal command tried on the aggregate, scored with the ruleset's
outcome, taken back, and the best played; ties broken by the seed; dice it does not foresee."""

from __future__ import annotations

import random

import pytest
from click.testing import CliRunner

from domain.dice import draw
from domain.events import DiceRolled
from projections.state_hash import state_hash
from sim.cli import main
from sim.lookahead_policy import choose_lookahead, trial
from sim.replay import verify
from sim.selfplay import self_play
from tests.helpers import EXAMPLES, played, scenario

VILLAGE = """
title: one village in reach
ruleset: tinyepic
setup:
  terrain:
    - ". . . . . ."
    - ". . v . . ."
    - ". . . . . ."
  units:
    - {id: scout, owner: p1, class: Rogue, at: "0,0", movement: 3, health: 4}
    - {id: beast, owner: p2, class: Beast, at: "5,2", movement: 2, health: 6}
"""

TWO_VILLAGES = VILLAGE.replace('". . v . . ."', '"v . . . v ."').replace('"0,0"', '"2,0"')


def test_a_trial_leaves_the_game_exactly_as_it_was() -> None:
    game = played(VILLAGE).game
    before = (state_hash(game.state), game.version, len(game.pending_events), game.state)
    for command in game.legal_commands():
        tried = trial(game, command, dice_seed=5)
        assert tried.events and tried.state is not game.state
    assert (state_hash(game.state), game.version, len(game.pending_events), game.state) == before
    # the game goes on as if nothing had been tried
    untouched = played(VILLAGE).game
    command = game.legal_commands()[0]
    assert [e.payload() for e in game.issue(command)] == [e.payload() for e in untouched.issue(command)]


def test_lookahead_plays_the_command_that_scores_best_a_village_held() -> None:
    game = played(VILLAGE).game
    chosen = choose_lookahead(game, game.legal_commands(), random.Random(0))
    assert chosen.model_dump()["command"] == "move"
    assert chosen.model_dump()["path"][-1] == "2,1"  # the Village: worth 10, nothing else scores


def test_ties_are_broken_by_the_seed_and_the_same_seed_chooses_the_same() -> None:
    game = played(TWO_VILLAGES).game
    legal = game.legal_commands()
    ends = {seed: choose_lookahead(game, legal, random.Random(seed)).model_dump()["path"][-1] for seed in range(12)}
    assert set(ends.values()) == {"0,1", "4,1"}
    assert all(choose_lookahead(game, legal, random.Random(s)).model_dump()["path"][-1] == e for s, e in ends.items())


def test_a_trial_rolls_imagined_dice_not_the_games() -> None:
    roof = (EXAMPLES / "skirmish" / "05-jump-down.yaml").read_text().split("script:")[0]
    game = played(roof).game  # a watchman on a 5" roof: every way down is a checked jump
    rolling = []
    for command in game.legal_commands():
        tried = trial(game, command, dice_seed=424242)
        rolls = [e for e in tried.events if isinstance(e, DiceRolled)]
        if rolls:
            rolling.append(rolls)
            number = game.state.counters.get("dice", 0) + 1
            sides = int(rolls[0].dice.split("d")[1])
            assert rolls[0].results == [draw(424242, number, i, sides) for i in range(len(rolls[0].results))]
    assert rolling, "no command of the scenario rolls dice: the test checks nothing"


@pytest.mark.parametrize("path", [
    "tiny-epic-tactics/17-two-units-and-one-unit-left.yaml",
    "godsgloom/15-trample.yaml",
    "sorcery/08-a-whole-turn.yaml",
    "skirmish/05-jump-down.yaml",
])
def test_lookahead_games_are_seeded_deterministic_and_their_logs_verify(path: str) -> None:
    runs = [self_play(scenario((EXAMPLES / path).read_text()), 1, "lookahead", 3) for _ in range(2)]
    assert runs[0].report.state_hash == runs[1].report.state_hash
    assert runs[0].report.verified and verify(runs[0].events).ok


def test_sim_play_offers_the_lookahead_policy_and_reports_the_outcome() -> None:
    import json

    result = CliRunner().invoke(main, [
        "play", str(EXAMPLES / "tiny-epic-tactics" / "17-two-units-and-one-unit-left.yaml"),
        "--policy", "lookahead", "--db", ":memory:", "--json",
    ])
    assert result.exit_code == 0, result.output
    game = json.loads(result.output)["games"][0]
    assert set(game["outcome"]["results"]) == {"p1", "p2"}
    assert game["counters"]["p1"]["steps"] >= 0 and "refusals" in game
