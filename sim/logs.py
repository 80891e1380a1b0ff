"""structlog configuration: one structured record per command, step, trigger and refusal.

Records go to stderr, readable in a terminal by default or as JSON lines with ``--log-json``.
They describe what the tool did; the game's own log is its events, not these records. By default
only warnings (refusals) are written, so that a command's output is what it prints on stdout;
``-v`` adds info records (commands, steps, triggers, deaths), ``-vv`` debug records (every event).
No record carries a password: every text value passes through ``sim.store.redact``.
"""

from __future__ import annotations

import logging
import sys
from typing import TYPE_CHECKING

import structlog

from domain.event_base import GameEvent
from sim.store import redact

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

#: -v count -> level
LEVELS = {0: logging.WARNING, 1: logging.INFO}


def _redact_values(_: object, __: str, record: structlog.types.EventDict) -> structlog.types.EventDict:
    """Remove passwords of store URLs from every text value of a record."""
    return {key: redact(value) if isinstance(value, str) else value for key, value in record.items()}


def configure(json_lines: bool = False, verbosity: int = 0) -> None:
    global JSON_MODE
    JSON_MODE = json_lines
    level = LEVELS.get(verbosity, logging.DEBUG)
    renderer: structlog.types.Processor
    if json_lines:
        renderer = structlog.processors.JSONRenderer(sort_keys=True)
    else:
        renderer = structlog.dev.ConsoleRenderer(colors=sys.stderr.isatty())
    structlog.configure(
        processors=[
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            _redact_values,
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


def log_refusal(message: str, fatal: bool = False, expected: bool = False, **context: object) -> None:
    """A refused command as one structured record: a warning, or info when the scenario expected
    the refusal. When the refusal ends the CLI (``fatal``) in a terminal, the CLI's own error line
    already says it, so no second line is printed."""
    log = structlog.get_logger("sim")
    if expected:
        log.info("refused", reason=message, **context)
    elif JSON_MODE or not fatal:
        log.warning("refused", reason=message, **context)


def log_played(played: Played) -> None:
    """Log a played scenario in order: set-up events, then each command's events or refusal."""
    events = played.events
    game = str(played.game.id)
    log_events(events[: played.setup_events], game)
    start = played.setup_events
    for outcome in played.outcomes:
        if outcome.refusal is not None:
            log_refusal(
                str(outcome.refusal), expected=outcome.expected == "refused",
                game=game, command=outcome.command.get("command"), script=outcome.index,
            )
        log_events(events[start : outcome.events_after], game)
        start = outcome.events_after
