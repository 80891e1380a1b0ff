"""structlog configuration: one structured record per command, step, trigger and refusal.

Records go to stderr, readable in a terminal by default or as JSON lines with ``--log-json``.
They describe what the tool did; the game's own log is its events, not these records.
"""

from __future__ import annotations

import logging
import sys
from typing import TYPE_CHECKING

import structlog

from domain.event_base import GameEvent

if TYPE_CHECKING:
    from sim.runner import Played

#: events worth a log record at info level; the rest are logged at debug level
NOTABLE = {
    "CommandIssued",
    "StepTaken",
    "StepRefused",
    "TriggerQueued",
    "TriggersOrdered",
    "TriggerResolved",
    "ChoiceRequested",
    "AttackDeclared",
    "AttackRefused",
    "FightStarted",
    "UnitDied",
    "MoveEnded",
}


JSON_MODE = False


def configure(json_lines: bool = False, verbose: bool = False) -> None:
    global JSON_MODE
    JSON_MODE = json_lines
    level = logging.DEBUG if verbose else logging.INFO
    renderer: structlog.types.Processor
    if json_lines:
        renderer = structlog.processors.JSONRenderer(sort_keys=True)
    else:
        renderer = structlog.dev.ConsoleRenderer(colors=sys.stderr.isatty())
    structlog.configure(
        processors=[
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            renderer,
        ],
        wrapper_class=structlog.make_filtering_bound_logger(level),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=False,
    )


def quiet() -> None:
    """Only warnings and errors (the default before the CLI configures logging)."""
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))


def log_events(events: list[GameEvent], game: str) -> None:
    log = structlog.get_logger("sim").bind(game=game)
    for event in events:
        fields = {k: v for k, v in event.payload().items() if v not in (None, [], {})}
        if event.name in NOTABLE:
            log.info(event.name, event_id=event.event_id, **fields)
        else:
            log.debug(event.name, event_id=event.event_id, **fields)


def log_refusal(message: str, fatal: bool = False, **context: object) -> None:
    """A refused command as one structured record. When the refusal ends the CLI (``fatal``) in
    a terminal, the CLI's own error line already says it, so no second line is printed."""
    if JSON_MODE or not fatal:
        structlog.get_logger("sim").warning("refused", reason=message, **context)


def log_played(played: Played) -> None:
    """Log a played scenario in order: set-up events, then each command's events or refusal."""
    events = played.events
    game = str(played.game.id)
    log_events(events[: played.setup_events], game)
    start = played.setup_events
    for outcome in played.outcomes:
        if outcome.refusal is not None:
            log_refusal(str(outcome.refusal), game=game, command=outcome.command.get("command"), script=outcome.index)
        log_events(events[start : outcome.events_after], game)
        start = outcome.events_after
