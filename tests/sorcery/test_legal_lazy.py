"""``cmd in legal`` decides one command alone (legal.legal, as python-chess's
``legal_moves``) and says what the full list says: after every command of every Sorcery example
and of random self-play, each listed command is in, and commands near them (another path, another
target, the other player, each unit defending or intercepting, each player ending the turn or
passing) are in exactly when the list holds them (issue 20)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pydantic import BaseModel

from domain.errors import SimError
from domain.event_base import GameEvent
from domain.events import CommandIssued, GameStarted
from domain.game import Game
from domain.legal import LegalCommands
from domain.rulesets.sorcery import RULESET
from domain.rulesets.sorcery.commands import Defend, EndTurn, Intercept, MoveAndAttack, Pass
from domain.rulesets.sorcery.legal import is_legal, legal, legal_commands
from domain.rulesets.sorcery.state import SorceryState
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES, sorcery_self_play

SORCERY = sorted((EXAMPLES / "sorcery").glob("*.yaml"))


def _near(state: SorceryState, listed: list[BaseModel]) -> Iterator[BaseModel]:
    """Commands close to the listed ones, legal or not."""
    players = list(state.players)
    for command in listed:
        yield command
        if isinstance(command, MoveAndAttack):
            other = next(p for p in players if p != command.player)
            yield command.model_copy(update={"player": other})
            if len(command.path) > 1:
                yield command.model_copy(update={"path": command.path[:-1]})
                yield command.model_copy(update={"path": command.path[1:]})
            for target in (*state.units, "site", None):
                yield command.model_copy(update={"attack": target})
    for player in players:
        yield EndTurn(player=player)
        yield Pass(player=player)
        for unit in state.units:
            yield Defend(player=player, unit=unit)
            yield Intercept(player=player, unit=unit)
            yield MoveAndAttack(player=player, unit=unit, path=[])


def _check(game: Game, where: str) -> int:
    state = game.state
    assert isinstance(state, SorceryState)
    if state.choice is not None:
        return 0
    listed = legal_commands(state)
    assert list(legal(state)) == listed
    assert isinstance(RULESET.legal_commands(state), LegalCommands)
    checked = 0
    unlisted = legal(state)  # never listed: ``in`` decides each command alone
    for command in _near(state, listed):
        assert is_legal(state, command) == (command in listed), f"{where}: {command!r}"
        assert (command in unlisted) == (command in listed), f"{where}: {command!r}"
        checked += 1
    return checked


def _walk(events: list[GameEvent], where: str) -> int:
    """The game again, command by command, checked before each command."""
    start = events[0]
    assert isinstance(start, GameStarted)
    game = Game.start_as(start, start.originator_id)
    checked = 0
    for event in events:
        if isinstance(event, CommandIssued):
            checked += _check(game, f"{where}, before {event.command_id}")
            try:
                game.issue(event.command)
            except SimError:
                pass  # a refused command of the script: nothing recorded
    return checked


@pytest.mark.parametrize("path", SORCERY, ids=lambda p: p.stem)
def test_in_decides_one_command_as_the_list_does_after_every_command_of_an_example(path: Path) -> None:
    _walk(list(play(load_scenario(path), strict=False).events), path.stem)


@pytest.mark.parametrize("seed", range(6))
def test_in_decides_one_command_as_the_list_does_through_random_self_play(seed: int) -> None:
    checked = 0
    for events in sorcery_self_play(seed, whole_turn_turns=4):
        checked += _walk(events, f"self-play seed {seed}")
    assert checked > 0
