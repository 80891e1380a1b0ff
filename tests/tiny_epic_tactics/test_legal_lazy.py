"""Tiny Epic Tactics' legal commands as a lazy collection (issue 20, as python-chess's
``legal_moves``): ``command in legal`` searches only the moves of the unit it names and builds
one command; indexing builds only the command read; iterating gives the plain list, in order.

The reference is the full listing: every command it lists is ``in`` a fresh collection, and
commands near them (another way to the same space, a space out of reach, another unit's or
player's command) are ``in`` it exactly when the listing has them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from domain.rulesets.tinyepic import legal
from domain.rulesets.tinyepic.commands import EndTurn, MeleeAttack, Move
from domain.rulesets.tinyepic.kept import UnitMoves
from domain.rulesets.tinyepic.legal import legal_commands
from domain.rulesets.tinyepic.moves import searched_moves
from domain.rulesets.tinyepic.state import TetState, TetUnit
from domain.rulesets.tinyepic.view import GridView
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests import boards

WHOLE_TURN = Path(__file__).resolve().parents[2] / "examples" / "tiny-epic-tactics" / "16-a-whole-turn-with-a-weakened-unit.yaml"


def _fresh(state: TetState) -> TetState:
    """A copy that keeps nothing (no lasting index): what a collection works out shows."""
    copy = state.model_copy(deep=True)
    assert isinstance(copy, TetState)
    return copy


def _searching(monkeypatch: pytest.MonkeyPatch) -> dict[str, UnitMoves]:
    """Each unit's moves as the legal commands search them from now on, by unit."""
    searched: dict[str, UnitMoves] = {}

    def spy(view: GridView, unit: TetUnit) -> UnitMoves:
        found = searched[unit.id] = searched_moves(view, unit)
        return found

    monkeypatch.setattr(legal, "searched_moves", spy)
    return searched


def _near(listed: list[BaseModel], state: TetState) -> list[BaseModel]:
    """Commands like the listed ones: each move by another route or to a space one further,
    each melee attack on another target, the turn's end for the other player."""
    near: list[BaseModel] = []
    for command in listed:
        if isinstance(command, Move):
            end = command.path[-1]
            x, y = (int(v) for v in end.split(","))
            near.append(command.model_copy(update={"path": [end]}))
            near.append(command.model_copy(update={"path": [*command.path, f"{x + 1},{y}"]}))
        elif isinstance(command, MeleeAttack):
            near.extend(command.model_copy(update={"target": u}) for u in state.units if u != command.target)
    near.append(EndTurn(player=state.opponent_of(state.active_player)))
    return near


def _check_membership(state: TetState) -> int:
    listed = list(legal_commands(_fresh(state)))
    for command in listed:
        assert command in legal_commands(_fresh(state)), command
    for command in _near(listed, state):
        assert (command in legal_commands(_fresh(state))) == (command in listed), command
    return len(listed)


@pytest.mark.parametrize("seed", range(4))
def test_membership_agrees_with_the_full_listing_along_random_self_play(seed: int) -> None:
    scenario = boards.scenario("tinyepic", seed)
    played = self_play(scenario, 2, "random", seed, verify_log=False)
    game = play(scenario, seed=scenario.seed + seed).game  # as self_play starts it: the same dice
    checked = 0
    for event in played.events[len(game.pending_events):]:
        if event.name == "CommandIssued":
            state = game.state
            assert isinstance(state, TetState)
            checked += _check_membership(state)
            game.issue(event.command)  # type: ignore[attr-defined]
    assert checked > 0


def test_membership_searches_one_unit_and_builds_one_move(monkeypatch: pytest.MonkeyPatch) -> None:
    state = play(load_scenario(WHOLE_TURN)).game.state
    assert isinstance(state, TetState)
    listed = list(legal_commands(_fresh(state)))
    move = next(c for c in reversed(listed) if isinstance(c, Move))
    fresh = _fresh(state)
    kept = _searching(monkeypatch)
    assert move in legal_commands(fresh)
    assert list(kept) == [move.unit], "only the unit named was searched"
    assert len(kept[move.unit]._built) == 1, "one move built"


def test_indexing_builds_only_the_command_read_and_iterating_gives_the_listing_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = play(load_scenario(WHOLE_TURN)).game.state
    assert isinstance(state, TetState)
    listed = list(legal_commands(_fresh(state)))
    fresh = _fresh(state)
    kept = _searching(monkeypatch)
    legal = legal_commands(fresh)
    index = max(i for i, c in enumerate(listed) if isinstance(c, Move))
    assert len(legal) == len(listed) and legal[index] == listed[index]
    assert sum(len(moves._built) for moves in kept.values()) == 1
    assert list(legal) == listed and [legal[i] for i in range(len(listed))] == listed


def _check_parts_filed(state: TetState, where: str) -> None:
    """Each part is filed as ``Part.of`` files a listing (its first command's name and unit),
    and the one ``end_turn`` (made once per player and shared) is the player's own."""
    from domain.legal import _key

    collection = legal_commands(_fresh(state))
    parts = collection._parts
    for part in parts:
        listed = list(part)
        if not listed:  # a unit's moves are counted when read: a unit with none has an empty part
            assert part.key is not None and part.key[0] == "move", f"{where}: an empty part {part.key}"
            continue
        assert part.key == _key(listed[0]), where
        assert all(_key(command) == part.key for command in listed), where
    assert list(parts[-1]) == [EndTurn(player=state.active_player)], where


@pytest.mark.parametrize("seed", range(3))
def test_parts_are_filed_as_their_commands_along_random_self_play(seed: int) -> None:
    from tests.tiny_epic_tactics.support import self_play_events, states_after_each_event

    for name, events in self_play_events(range(seed, seed + 1)):
        for state, when in states_after_each_event(events):
            _check_parts_filed(state, f"{name}, {when}")


def test_parts_are_filed_as_their_commands_after_every_event_of_every_example() -> None:
    from tests.tiny_epic_tactics.support import example_events, states_after_each_event

    for name, events in example_events():
        for state, when in states_after_each_event(events):
            _check_parts_filed(state, f"{name}, {when}")
