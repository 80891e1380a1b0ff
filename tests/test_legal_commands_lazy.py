"""``Game.legal_commands()`` as python-chess's ``legal_moves`` (issue 20): a collection that
works out only what is read of it, and is the same sequence a full listing gives.

The references are a full listing (iterating the collection, each part whole) and the
aggregate's own state: a collection held across an event still answers for the state it was
asked of.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from domain.legal import LegalCommands
from domain.rulesets.skirmish import reach
from domain.rulesets.skirmish.commands import EndTurn
from sim.runner import play
from sim.scenario import load_scenario
from tests import boards

ROOT = Path(__file__).resolve().parent.parent
SKIRMISH = ROOT / "examples" / "skirmish" / "20-a-whole-turn.yaml"


def _game():  # type: ignore[no-untyped-def]
    return play(load_scenario(SKIRMISH)).game


def _answers(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Count the ways searched (one per move built) from here on."""
    asked: list[str] = []
    original = reach.TableSearch.answer

    def counting(self: reach.TableSearch, target: reach.Spot) -> reach.PointAnswer:
        asked.append(target.text)
        return original(self, target)

    monkeypatch.setattr(reach.TableSearch, "answer", counting)
    return asked


def test_membership_decides_one_command_without_listing_them_all(monkeypatch: pytest.MonkeyPatch) -> None:
    listed = list(_game().legal_commands())
    moves = [c for c in listed if getattr(c, "command", "") == "move"]
    assert len(moves) > 10
    asked = _answers(monkeypatch)
    fresh = _game().legal_commands()
    assert moves[len(moves) // 2] in fresh
    assert len(asked) == 1, "one command asked about: one way searched"
    assert EndTurn(player="p2" if listed[-1].player == "p1" else "p1") not in fresh  # type: ignore[attr-defined]


def test_a_command_not_listed_is_not_in_the_collection() -> None:
    legal = _game().legal_commands()
    move = next(c for c in legal if getattr(c, "command", "") == "move")
    elsewhere = move.model_copy(update={"path": ["0.5,0.5"]})
    assert elsewhere not in legal


def test_indexing_builds_only_the_command_read(monkeypatch: pytest.MonkeyPatch) -> None:
    listed = list(_game().legal_commands())
    asked = _answers(monkeypatch)
    fresh = _game().legal_commands()
    index = len(listed) // 2
    assert len(fresh) == len(listed)
    assert fresh[index] == listed[index]
    assert len(asked) == 1


@pytest.mark.parametrize("ruleset", ["godsgloom", "skirmish", "tinyepic", "sorcery"])
def test_the_collection_is_the_full_listing_in_order(ruleset: str) -> None:
    game = play(boards.scenario(ruleset, 3)).game
    legal = game.legal_commands()
    assert isinstance(legal, LegalCommands)
    whole = list(legal)
    assert len(legal) == len(whole)
    assert [legal[i] for i in range(len(whole))] == whole
    assert legal[-1] == whole[-1] and legal[1:3] == whole[1:3]
    assert legal == whole and all(c in legal for c in whole)


def test_a_held_collection_stays_the_answer_of_its_state() -> None:
    game = _game()
    held = game.legal_commands()
    expected = list(_game().legal_commands())
    rng = random.Random(0)
    moves = [i for i, c in enumerate(expected) if getattr(c, "command", "") == "move"]
    game.issue(held[moves[rng.randrange(len(moves))]])
    assert list(held) == expected
    assert game.legal_commands() is not held


def test_asked_twice_in_one_state_it_is_the_same_collection() -> None:
    game = _game()
    assert game.legal_commands() is game.legal_commands()
