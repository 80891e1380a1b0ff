"""A deep copy of a game (``Game.refusals`` tries a command on one; the store's cache keeps one)
answers every question as the game does: the indexes derived from the original's state are not
the copy's (``domain.state.DerivedIndexes``), and it rebuilds what it asks for.

Before, a copy took a Sorcery state's live index as an empty one marked up to date, and listing
the copy's legal commands failed on the first unit's keywords (found by tests/test_greedy_policy.py).
"""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import choose_random

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").rglob("*.yaml"))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.relative_to(ROOT / "examples").as_posix())
def test_a_deep_copy_of_a_game_lists_the_legal_commands_the_game_lists(path: Path) -> None:
    scenario = load_scenario(path)
    try:
        game = play(scenario).game
    except Exception as exc:  # noqa: BLE001  # a script the rules refuse is the rules' tests' business
        pytest.skip(f"no game after the script ({exc})")
    rng = random.Random(3)
    for _ in range(2 if scenario.ruleset == "skirmish" else 4):
        legal = game.legal_commands()
        listed = list(legal)  # the state's indexes built and held, as a policy leaves them
        if not listed:
            break
        copied = copy.deepcopy(game)
        assert not copied.state.__pydantic_private__["_indexes"], "a copy starts without the original's derived indexes"
        assert list(copied.legal_commands()) == listed
        game.issue(choose_random(game, legal, rng), rollback=False)
