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


def _as_a_script_writes_it(game, command):  # type: ignore[no-untyped-def]
    """``command`` as a scenario's script would write it: a dict, locations by their aliases,
    the player left out (``labelled_command``, the same form ``sim legal`` prints)."""
    from domain.events import labelled_command

    written = labelled_command(command.model_dump(mode="json"), lambda loc: game.rules.label(game.state, loc))
    written.pop("player", None)
    return written


@pytest.mark.parametrize("example", [
    "sorcery/05-giant-shark.yaml", "godsgloom/19-a-whole-round.yaml", "skirmish/20-a-whole-turn.yaml",
    "tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml",
])
def test_a_command_written_as_a_script_writes_it_is_found_as_issue_reads_it(example: str) -> None:
    """``cmd in legal`` reads a command as ``Game.issue`` does: a dict, a location by its alias,
    the player to act left out. Each listed command written so is found; the same command for the
    other player, or to a place the board does not have, is not."""
    game = play(load_scenario(ROOT / "examples" / example)).game
    legal = game.legal_commands()
    listed = list(legal)
    assert listed
    for command in random.Random(1).sample(listed, min(12, len(listed))):
        written = _as_a_script_writes_it(game, command)
        assert written in legal, written
        other = next(p for p in game.state.players if p != game.rules.to_act(game.state))
        assert {**written, "player": other} not in legal
        if written.get("path"):
            assert {**written, "path": ["no-such-place"]} not in legal


@pytest.mark.parametrize("folder", ["godsgloom", "tiny-epic-tactics"])
def test_a_listed_attack_naming_its_target_unit_is_found(folder: str) -> None:
    """A command's ``target`` is a unit in GODSGLOOM and Tiny Epic Tactics (a place in Sorcery):
    read as a location, every listed attack written as a script writes it was "not in" the
    collection. Each listed command that is not a move, in every example of the two rulesets,
    is found; the same attack on a unit the board does not have is not."""
    checked = 0
    for example in sorted((ROOT / "examples" / folder).glob("*.yaml")):
        scenario = load_scenario(example)
        try:
            game = play(scenario).game
        except Exception:  # noqa: BLE001  # an example whose script ends refused: its check says so
            continue
        legal = game.legal_commands()
        for command in legal:
            written = _as_a_script_writes_it(game, command)
            if "path" in written:
                continue
            assert written in legal, f"{example.name}: {written}"
            if "target" in written:
                assert {**written, "target": "no-such-unit"} not in legal
                checked += 1
    assert checked >= 5


def test_an_aliased_command_found_in_the_collection_is_one_issue_accepts() -> None:
    """The reference is the aggregate itself: each command tried on a copy of the game. What
    ``in`` finds is accepted; what it does not find may still be (the listing holds one path to
    each end, as the README says: a longer way to the same place, or a path naming the place the
    unit stands, is accepted and not listed), so only that direction is an equivalence."""
    import copy

    from domain.errors import SimError

    game = play(load_scenario(ROOT / "examples" / "sorcery" / "05-giant-shark.yaml")).game
    legal = game.legal_commands()
    places = ["A", "S", "N", "S/underwater", "A/underwater", "N/underwater", "nowhere"]
    found = 0
    for unit in ("shark", "raider", "nomads"):
        for first in places:
            for attack in (None, "site"):
                command = {"command": "move_and_attack", "unit": unit, "path": [first], "attack": attack}
                if command in legal:
                    found += 1
                    trial = copy.deepcopy(game)
                    try:
                        trial.issue(command, rollback=False)
                    except SimError as refused:
                        raise AssertionError(f"{command} is listed as legal and refused: {refused}") from None
    assert found >= 3  # no attack on the Valley at A by the Waterbound Shark: disabled there (scenario 148)


def test_membership_of_something_not_a_command_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="a command model or a dict, not str"):
        "end_turn" in _game().legal_commands()  # noqa: B015  # the test is that it raises
