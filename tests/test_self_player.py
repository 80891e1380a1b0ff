"""``SelfPlayer``: many games of one scenario (``sim play --games``) play as ``self_play`` plays
each, and the scenario they are of is the one the player was made with."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.errors import BadInput
from projections.state_hash import state_hash
from sim.scenario import load_scenario
from sim.selfplay import SelfPlayer, self_play
from tests.test_selfplay_hashes import RUNS, TURNS, committed, fingerprint, key

ROOT = Path(__file__).resolve().parent.parent
#: a scenario of each ruleset whose script rolls, and one that does not
CHOSEN = (
    "examples/sorcery/08-a-whole-turn.yaml",
    "examples/godsgloom/19-a-whole-round.yaml",
    "examples/tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml",
    "examples/skirmish/20-a-whole-turn.yaml",
)


@pytest.mark.parametrize("name", CHOSEN)
def test_a_players_games_reach_the_committed_states(name: str) -> None:
    """The committed fingerprints of seeded self-play (``tests/test_selfplay_hashes.py``) hold
    for the games of one player, played one after another as ``sim play --games`` plays them."""
    path = ROOT / name
    player = SelfPlayer(load_scenario(path))
    expected = committed()
    for policy, seed in RUNS:
        played = player.play(TURNS, policy, seed)
        found = fingerprint(path, policy, seed)  # self_play's, for the same game
        assert state_hash(played.game.state) == found["state_hash"] == expected[key(path, policy, seed)]["state_hash"]
        assert len(played.events) == found["events"]
        assert played.report.verified


def test_a_scenario_changed_after_the_player_was_made_changes_no_game() -> None:
    """The player copies the scenario it is given: a caller that goes on changing its own object
    (another seed, another option) plays those changes with ``self_play``, never through a
    player made before them, whose kept script is of the scenario as it was."""
    scenario = load_scenario(ROOT / CHOSEN[2])
    player = SelfPlayer(scenario)
    before = state_hash(player.play(3, "random", 5).game.state)
    scenario.seed += 1000  # every die of every game changes
    assert state_hash(player.play(3, "random", 5).game.state) == before
    assert state_hash(self_play(scenario, 3, "random", 5).game.state) != before
    assert player.scenario.seed == scenario.seed - 1000


def test_a_game_that_cannot_be_played_is_refused_by_the_player() -> None:
    player = SelfPlayer(load_scenario(ROOT / CHOSEN[0]))
    with pytest.raises(BadInput, match="--policy"):
        player.play(1, "clever", 0)
    with pytest.raises(BadInput, match="--turns"):
        player.play(0, "random", 0)


@pytest.mark.parametrize("example", [
    "sorcery/08-a-whole-turn.yaml", "godsgloom/19-a-whole-round.yaml", "tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml",
])
def test_a_reports_deaths_are_its_games_unit_died_events_in_order(example: str) -> None:
    """The report reads its deaths off the tally, which sees every event of the game: they are
    the units of the log's ``UnitDied`` events (of any ruleset's subclass), in the log's order,
    in games with and without deaths (each of Sorcery's whole turns has some)."""
    from domain.events import UnitDied

    player = SelfPlayer(load_scenario(Path("examples") / example))
    seen_deaths = False
    for seed in range(12):
        played = player.play(4, "random", seed)
        expected = [e.unit for e in played.events if isinstance(e, UnitDied)]
        assert played.report.deaths == expected
        seen_deaths = seen_deaths or bool(expected)
    assert seen_deaths or not example.startswith("sorcery"), f"no game of {example} had a death: pick more seeds"
