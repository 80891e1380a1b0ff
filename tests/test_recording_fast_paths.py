"""The shortcuts recording and replay take past the libraries (issue 20: recording and replay
against the bare ``eventsourcing`` aggregate) keep what the libraries promise: an event is the
next of its game, its topic is its own, a state model refuses a field it does not have, and a
game read back from SQLite is the game that was stored."""

from __future__ import annotations

from pathlib import Path
from uuid import uuid4

import pytest
from eventsourcing.domain import OriginatorIDError, OriginatorVersionError, ProgrammingError
from pydantic import ConfigDict, ValidationError

from domain.event_base import GameEvent
from domain.events import CommandIssued
from domain.game import Game
from domain.state import StateModel, UnitState
from projections.state_hash import state_hash
from sim.app import open_store
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES


class _Untopical(GameEvent):
    """An event without an explicit topic: the library refuses to trigger it on a game."""


class _Frozen(StateModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    value: int = 0


def _game() -> Game:
    return Game.start("sorcery", ["p1", "p2"], "p1")


def test_an_event_triggered_is_the_next_of_its_game() -> None:
    game = _game()
    event = game.record(CommandIssued, cause=None, command_id="c1", player=None, command={"command": "end_turn"})
    assert event.originator_id == game.id and event.originator_version == game.version == 2
    assert game.pending_events[-1] is event and game.modified_on == event.timestamp


def test_an_event_without_an_explicit_topic_is_refused() -> None:
    with pytest.raises(ProgrammingError, match="Explicit topic not defined"):
        _game().record(_Untopical, cause=None)


def test_an_event_of_another_game_or_out_of_order_is_refused_when_folded() -> None:
    game = _game()
    made = dict(cause=None, command_id="c1", player=None, command={}, timestamp=game.modified_on)
    with pytest.raises(OriginatorIDError):
        CommandIssued(originator_id=uuid4(), originator_version=2, **made).mutate(game)
    with pytest.raises(OriginatorVersionError):
        CommandIssued(originator_id=game.id, originator_version=3, **made).mutate(game)
    assert game.version == 1


def test_a_state_models_field_set_is_kept_and_an_unknown_one_refused() -> None:
    unit = UnitState(id="u", card="c", owner="p1")
    unit.location = "3"
    assert unit.location == "3" and "location" in unit.model_fields_set
    with pytest.raises(ValueError, match="no field"):
        unit.nowhere = 1  # type: ignore[attr-defined]  # the point: no such field


def test_a_frozen_state_model_still_refuses_assignment() -> None:
    with pytest.raises(ValidationError):
        _Frozen().value = 1  # type: ignore[misc]  # the point: frozen


def test_a_game_read_back_from_sqlite_is_the_game_stored(tmp_path: Path) -> None:
    game = play(load_scenario(EXAMPLES / "sorcery" / "05-giant-shark.yaml")).game
    store = open_store(str(tmp_path / "g.sqlite"))
    store.save(game)
    again = open_store(str(tmp_path / "g.sqlite"), create=False).game(game.id, version=game.version)
    assert again.version == game.version and state_hash(again.state) == state_hash(game.state)
    events = list(store.game_events(game.id))
    assert [e.originator_version for e in events] == list(range(1, game.version + 1))
    assert all(e.originator_id == game.id for e in events)
