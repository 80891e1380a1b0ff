"""Replaying and verifying logs.

Replay folds the logged events (facts) into state: it never re-runs a rule or rolls a die.
Verification goes further: it re-issues the logged commands to a fresh game under the rules
and compares, event by event, what the rules produce with what the log says happened,
reporting the first divergence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal, get_args, get_origin

from pydantic import BaseModel

from domain.errors import SimError
from domain.event_base import ENVELOPE, GameEvent
from domain.events import CommandIssued, GameStarted
from domain.game import Game
from domain.legacy import upcast_log
from domain.state import GameState
from projections.state_hash import fold, state_hash
from sim.runner import recorded


@dataclass
class Replayed:
    state: GameState
    hash: str
    events: int


def replay(events: list[GameEvent]) -> Replayed:
    state = fold(events)
    return Replayed(state=state, hash=state_hash(state), events=len(events))


@dataclass
class Verdict:
    ok: bool
    checked: int
    message: str


def verify(events: list[GameEvent]) -> Verdict:
    """Re-run the log's commands under the rules; the log is valid when every event matches.

    Records of older schemas are compared as today's events (``domain.legacy``), on the fields
    they recorded: a field added to an event since the log was written is not compared.
    """
    return _verify(events, cheap=True)


def verify_exactly(events: list[GameEvent]) -> Verdict:
    """``verify`` with every event compared by its JSON fields, never by the cheap test first:
    what the tests hold ``verify`` to (the same verdict and message on any log)."""
    return _verify(events, cheap=False)


def _verify(events: list[GameEvent], cheap: bool) -> Verdict:
    events = upcast_log(events)
    start = events[0]
    if not isinstance(start, GameStarted):
        return Verdict(False, 0, "the log does not begin with GameStarted")
    game = Game.start(
        start.ruleset, start.players, start.active_player, start.options, start.aliases,
        start.title, start.originator_id, start.seed,
    )
    for event in events:
        if not isinstance(event, CommandIssued):
            continue
        try:
            # no rollback: a refusal ends verification, so the game is never used again
            game.issue(event.command, rollback=False)
        except SimError as exc:
            return Verdict(False, event.originator_version, f"{event.event_id}: the rules refuse {event.command_id}: {exc}")
    produced = recorded(game)
    for logged, made in zip(events, produced, strict=False):
        assert isinstance(made, GameEvent)
        if cheap and _same_values(logged, made):
            continue
        in_log = logged.recorded_payload()
        same_fields = {k: v for k, v in made.payload().items() if k in in_log}
        if isinstance(made, CommandIssued) and isinstance(in_log.get("command"), dict):
            # a command is compared as today's model reads it: a field renamed since the log was
            # written (the skirmish ruleset's ``side``, now ``owner``) is read under its old name
            in_log = {**in_log, "command": game.parse_command(in_log["command"]).model_dump(mode="json")}
        if isinstance(made, GameStarted) and isinstance(in_log.get("options"), dict):
            # an option added since the log was written is not compared: its default is, by
            # rule, the behaviour the log was played under (docs/design.md, "Logs are forever")
            same_fields["options"] = {k: v for k, v in same_fields["options"].items() if k in in_log["options"]}
        if logged.name != made.name or in_log != same_fields:
            return Verdict(
                False, logged.originator_version,
                f"{logged.event_id}: the log has {logged.name} {in_log}, the rules give {made.name} {same_fields}",
            )
    if len(produced) != len(events):
        return Verdict(False, min(len(produced), len(events)), f"the log has {len(events)} events, the rules give {len(produced)}")
    return Verdict(True, len(events), f"all {len(events)} events match the rules")


def _same_values(logged: GameEvent, made: GameEvent) -> bool:
    """True only when the exact comparison (JSON fields) would find the two events equal too: one
    class, every field recorded, and equal Python values of the fields compared. Turning two
    events into JSON costs more than the rest of verifying them; equal values are the common
    case, and anything this test does not vouch for is compared exactly (False here is no
    verdict). Sound because, for the classes ``_compared_fields`` accepts, equal values give
    equal JSON (no sets, whose JSON order is their iteration order; no custom serializers; no
    untyped values), and a ``CommandIssued`` made by re-issuing the logged command is that
    command as today's model reads it, which is what the exact comparison reads it as."""
    cls = type(logged)
    if type(made) is not cls or logged.not_recorded:
        return False
    names = _COMPARED.get(cls)
    if names is None:
        names = _COMPARED[cls] = _compared_fields(cls)
    if not names:
        return False
    theirs, ours = logged.__dict__, made.__dict__
    for name in names:
        if theirs[name] != ours[name]:
            return False
    return True


#: event class -> the fields the cheap test compares (empty: always compared exactly)
_COMPARED: dict[type[GameEvent], tuple[str, ...]] = {}


def _compared_fields(cls: type[GameEvent]) -> tuple[str, ...]:
    """The fields of ``cls`` that its JSON payload holds, or none when equal values of some field
    might still give different JSON."""
    fields = tuple(name for name, info in cls.model_fields.items() if name not in ENVELOPE and not info.exclude)
    if cls is CommandIssued:
        # ``command`` is untyped, but re-issuing made it from the logged one (see ``_same_values``)
        return fields
    if not _plain_model(cls, set()):
        return ()
    return fields


def _plain_model(model: type[BaseModel], seen: set[type[BaseModel]]) -> bool:
    """No custom serializer, extra field, set or untyped field anywhere in the model."""
    if model in seen:
        return True
    seen.add(model)
    found = model.__pydantic_decorators__
    if found.field_serializers or found.model_serializers or found.computed_fields:
        return False
    if model.model_config.get("extra") == "allow":  # extra fields are dumped, not in ``__dict__``
        return False
    return all(
        _plain_type(info.annotation, seen) for name, info in model.model_fields.items() if name not in ENVELOPE
    )


def _plain_type(annotation: Any, seen: set[type[BaseModel]]) -> bool:
    if annotation is Any or annotation in (set, frozenset, object):
        return False
    origin = get_origin(annotation)
    if origin is not None:
        if origin in (set, frozenset) or origin is Annotated:
            return False
        if origin is Literal:
            return all(type(arg) in _PLAIN_ATOMS for arg in get_args(annotation))
        return all(_plain_type(arg, seen) for arg in get_args(annotation) if arg is not Ellipsis)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _plain_model(annotation, seen)
    return annotation in _PLAIN_ATOMS


#: types whose equal values serialise alike
_PLAIN_ATOMS: frozenset[Any] = frozenset({str, int, float, bool, type(None), None})
