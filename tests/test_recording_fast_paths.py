"""The shortcuts recording and replay take past the libraries (issue 20: recording and replay
against the bare ``eventsourcing`` aggregate) keep what the libraries promise: an event is the
next of its game, its topic is its own, a state model refuses a field it does not have, and a
game read back from SQLite is the game that was stored."""

from __future__ import annotations

import copy
import dataclasses
from pathlib import Path
from uuid import uuid4

import pytest
from eventsourcing.domain import OriginatorIDError, OriginatorVersionError, ProgrammingError
from eventsourcing.persistence import StoredEvent
from pydantic import BaseModel, ConfigDict, ValidationError

from domain.errors import SimError
from domain.event_base import GameEvent
from domain.events import CommandIssued, PathDeclared
from domain.game import Game
from domain.state import MoveState, StateModel, StepItem, UnitState
from projections.state_hash import fold, state_hash
from sim.app import open_store
from sim.mapper import stored_event
from sim.runner import play, start_game
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


def _mutables(value: object, found: dict[int, object]) -> dict[int, object]:
    """Every list, dict, set and model inside ``value``, by identity."""
    if isinstance(value, (list, dict, set)) or isinstance(value, BaseModel):
        if id(value) in found:
            return found
        found[id(value)] = value
    if isinstance(value, BaseModel):
        for item in value.__dict__.values():
            _mutables(item, found)
    elif isinstance(value, dict):
        for item in value.values():
            _mutables(item, found)
    elif isinstance(value, (list, set, tuple)):
        for item in value:
            _mutables(item, found)
    return found


def test_a_state_models_deep_copy_is_pydantics_and_shares_nothing_mutable() -> None:
    """``StateModel.__deepcopy__`` skips ``copy.deepcopy`` for strings and numbers only: after
    every event of some examples, the copy has pydantic's own copy's fields, fields set and
    private attributes, and no list, dict or model of the original."""
    for path in ("sorcery/08-a-whole-turn.yaml", "godsgloom/19-a-whole-round.yaml", "skirmish/20-a-whole-turn.yaml",
                 "tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml"):
        events = play(load_scenario(EXAMPLES / path)).events
        state = fold(events[:1])
        for event in events[1:]:
            event.mutate(_Holder(state, event))
            ours, theirs = copy.deepcopy(state), BaseModel.__deepcopy__(state)
            assert type(ours) is type(theirs)
            assert ours.model_dump() == theirs.model_dump() and state_hash(ours) == state_hash(state)
            assert ours.model_fields_set == theirs.model_fields_set
            assert set(ours.__pydantic_private__ or {}) == set(theirs.__pydantic_private__ or {})
            originals = _mutables(state, {})
            assert not set(_mutables(ours, {})) & set(originals), path
            assert all(value is originals[key] for key, value in _mutables(state, {}).items())


class _Holder:
    """Just enough of a game for ``GameEvent.mutate`` to fold one event into a state."""

    def __init__(self, state: StateModel, event: GameEvent) -> None:
        self.state = state
        self._id = event.originator_id
        self._version = event.originator_version - 1
        self._modified_on = None


def test_refused_commands_between_accepted_ones_leave_the_game_as_if_never_issued() -> None:
    """A refusal restores the batch's checkpoint and uses it up; the next command takes a new
    one. Refusals between accepted commands (each command of a script naming a unit, tried
    twice for a unit that does not exist, before it is issued) leave the events and the state
    of a game given the accepted commands alone."""
    scenario = load_scenario(EXAMPLES / "tiny-epic-tactics" / "16-a-whole-turn-with-a-weakened-unit.yaml")
    accepted = [o.command for o in play(scenario).outcomes if o.refusal is None]
    game = start_game(scenario)
    clean = start_game(scenario, game.id)
    refusals = 0
    for command in accepted:
        if "unit" in command:
            for _ in range(2):
                with pytest.raises(SimError):
                    game.issue({**command, "unit": "nobody"})
                refusals += 1
        game.issue(command)
        clean.issue(command)
    assert refusals >= 4
    assert [e.payload() for e in game.pending_events] == [e.payload() for e in clean.pending_events]  # type: ignore[attr-defined]
    assert state_hash(game.state) == state_hash(clean.state) == state_hash(fold(game.pending_events))  # type: ignore[arg-type]


def test_a_stored_event_read_by_the_recorder_is_the_one_its_constructor_makes() -> None:
    """The recorder and the mapper fill the library's frozen dataclass in one assignment: the result equals,
    hashes and prints as the constructor's, stays frozen, and the dataclass still has just
    these four fields and nothing run after its constructor."""
    game_id = uuid4()
    ours = stored_event(game_id, 7, "sim.StepTaken", b'{"unit":"a"}')
    theirs = StoredEvent(originator_id=game_id, originator_version=7, topic="sim.StepTaken", state=b'{"unit":"a"}')
    assert ours == theirs and hash(ours) == hash(theirs) and repr(ours) == repr(theirs)
    with pytest.raises(dataclasses.FrozenInstanceError):
        ours.topic = "x"  # type: ignore[misc]  # the point: frozen
    assert [f.name for f in dataclasses.fields(StoredEvent)] == ["originator_id", "originator_version", "topic", "state"]
    assert not hasattr(StoredEvent, "__post_init__")


def test_the_steps_a_path_declares_are_the_items_pydantic_would_make() -> None:
    """Folding a ``PathDeclared`` builds its move and storyline items without validation
    (``MoveState.declared``, ``StepItem.declared`` and ``StepItem.of_path``): each must be what the constructor makes from the same values,
    field for field, with the same fields marked set and the same JSON."""
    checked = 0
    scenarios = [load_scenario(path) for path in sorted(EXAMPLES.rglob("*.yaml"))[::4]]
    for scenario in scenarios:
        for event in play(scenario, strict=False).events:
            if not isinstance(event, PathDeclared):
                continue
            move = MoveState.declared(event.move_id, event.unit, event.purpose, list(event.path), event.allowance)
            validated = MoveState(
                id=event.move_id, unit=event.unit, purpose=event.purpose, path=list(event.path), allowance=event.allowance,
            )
            assert move.__dict__ == validated.__dict__ and move == validated
            assert move.model_fields_set == validated.model_fields_set
            assert move.model_dump_json() == validated.model_dump_json()
            assert move.__pydantic_private__ == validated.__pydantic_private__
            assert copy.deepcopy(move) == validated and move.path is not event.path
            # a step writes a move's fields past its setter (``StepTaken.apply_to``): there must be none of its own
            assert type(move).__setattr__ is StateModel.__setattr__
            kinds = list(event.kinds) if event.kinds else [None] * (len(event.path) - 1)
            of_path = StepItem.of_path(event.move_id, event.unit, event.path, event.kinds)
            assert len(of_path) == len(event.path) - 1
            for i, (frm, to) in enumerate(zip(event.path, event.path[1:], strict=False)):
                fields = {
                    "move_id": event.move_id, "unit": event.unit, "frm": frm, "to": to, "index": i,
                    "last": i == len(event.path) - 2, "kind": kinds[i] if i < len(kinds) else None,
                }
                expected = StepItem(**fields)
                for made in (StepItem.declared(**fields), of_path[i]):
                    assert made.__dict__ == expected.__dict__ and made == expected
                    assert list(made.__dict__) == list(expected.__dict__)
                    assert made.model_fields_set == expected.model_fields_set
                    assert made.model_dump_json() == expected.model_dump_json()
                    assert made.__pydantic_private__ == expected.__pydantic_private__
                    assert made.__pydantic_extra__ == expected.__pydantic_extra__
                    assert copy.deepcopy(made) == expected
                checked += 1
    assert checked > 50


def test_trigger_and_choice_bookkeeping_events_have_no_subclass_the_matcher_would_miss() -> None:
    """The resolver skips trigger matching for these three classes by their exact class
    (``resolution._NEVER_MATCHED``); a subclass of one would be matched, unlike before."""
    from domain.event_base import GameEvent
    from domain.resolution import _NEVER_MATCHED
    from domain.ruleset import load_all_rulesets

    load_all_rulesets()  # every ruleset's event classes defined

    def every(cls: type) -> list[type]:
        return [cls, *(c for sub in cls.__subclasses__() for c in every(sub))]

    classes = every(GameEvent)
    assert len(classes) > 40
    for cls in classes:
        assert not any(issubclass(cls, skipped) and cls is not skipped for skipped in _NEVER_MATCHED), cls
