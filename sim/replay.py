"""Replaying and verifying logs.

Replay folds the logged events (facts) into state: it never re-runs a rule or rolls a die.
Verification goes further: it re-issues the logged commands to a fresh game under the rules
and compares, event by event, what the rules produce with what the log says happened,
reporting the first divergence.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.errors import SimError
from domain.event_base import GameEvent
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
            game.issue(event.command)
        except SimError as exc:
            return Verdict(False, event.originator_version, f"{event.event_id}: the rules refuse {event.command_id}: {exc}")
    produced = recorded(game)
    for logged, made in zip(events, produced, strict=False):
        assert isinstance(made, GameEvent)
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
