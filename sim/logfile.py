"""Game logs as JSON Lines: one event per line, in stream order.

Each line is ``{"topic", "schema", "game", "version", "timestamp", "event", "chain"}`` (the last
line also ``"end": true``); ``event`` holds the event's own fields and ``chain`` the hash chain
(``sim.hashchain``). A log is untrusted input, so reading checks every line and refuses the log
at the first line that is wrong, naming it and the reason; nothing else happens then:

- the line is a JSON object with the fields above, of the right types;
- the hash chain holds (when the log has one: logs exported before chains have none), and the
  log ends where its ``end`` mark says;
- the topic is known, its ``schema`` is one this version reads (older ones are upcast), and the
  event validates through its class; in a log without a chain, strictly, as JSON (``true`` is
  not a whole number), and so do its logged commands;
- the first event is ``GameStarted``; every event belongs to that game, to the game's ruleset
  (``event_ruleset``), and comes in version order 1, 2, 3... with timestamps that never go back;
- the events fold, in order, into a game state (an event naming a unit the game does not have,
  say, is refused with its line).
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO
from uuid import UUID

import pydantic_core
from pydantic import ValidationError

from domain.errors import BadInput
from domain.event_base import GameEvent
from domain.events import CommandIssued, GameStarted, check_start
from domain.ruleset import event_type, get_ruleset
from domain.state import GameState
from domain.validation import path_text, problem_at
from sim import hashchain
from sim.infile import opened, shown

#: the topic prefix of the engine's own events, which belong to every ruleset
ENGINE = "sim"


@functools.cache
def event_ruleset(cls: type[GameEvent]) -> str | None:
    """The ruleset an event class belongs to, or None for the engine's events (any ruleset).

    A class may say so itself (``RULESET = "sorcery"``); otherwise the topic's prefix tells
    (``godsgloom.UnitPivoted``), ``sim.`` meaning the engine. Some Sorcery-only events still carry
    ``sim.`` topics; they pass for every ruleset until they are renamed."""
    declared = getattr(cls, "RULESET", None)
    if isinstance(declared, str):
        return declared
    prefix = cls.TOPIC.split(".", 1)[0]
    return None if prefix == ENGINE else prefix


def event_record(event: GameEvent) -> dict[str, Any]:
    """One line's fields: an event read from an older record keeps that record's schema and
    fields (``GameEvent.record``), so the log says what was really recorded."""
    schema, fields = event.record()
    return {
        "topic": type(event).TOPIC,
        "schema": schema,
        "game": str(event.originator_id),
        "version": event.originator_version,
        "timestamp": event.timestamp.isoformat(),
        "event": fields,
    }


def write_jsonl(events: Iterable[GameEvent], out: TextIO) -> int:
    """Write the events, hash-chained, one per line; return how many."""
    previous = hashchain.GENESIS
    count = 0
    pending: dict[str, Any] | None = None
    for event in events:  # one behind, so that the last line can carry the end mark
        if pending is not None:
            text, previous = hashchain.line(previous, pending)
            out.write(text + "\n")
            count += 1
        pending = event_record(event)
    if pending is not None:
        text, previous = hashchain.line(previous, {**pending, hashchain.END: True})
        out.write(text + "\n")
        count += 1
    return count


def write_log_file(events: Iterable[GameEvent], target: Path) -> int:
    """Write a log file whole or not at all: into a ``.partial`` file renamed when complete."""
    if target.is_dir():
        raise BadInput("is a folder; name a file to write", str(target))
    if not target.parent.exists():
        raise BadInput(f"can't write the log: no folder {str(target.parent)!r}", str(target))
    from sim.outfile import output_plan

    path, whole = output_plan(target)
    partial = path.with_name(path.name + ".partial") if whole else path
    try:
        with partial.open("w", encoding="utf-8") as out:
            count = write_jsonl(events, out)
        if whole:
            os.replace(partial, path)
    except OSError as exc:
        if whole and partial.is_file():
            partial.unlink()
        where = partial if whole and exc.filename == str(partial) else target
        raise BadInput(f"can't write the log: {exc.strerror or exc}", str(where)) from None
    return count


@dataclass
class LogFile:
    """A log that passed every check: its events (unless the reader was asked not to keep them),
    whether it carried a hash chain, and the game state its events fold into (after every event,
    and after event ``at`` when asked)."""

    events: list[GameEvent]
    chained: bool
    game: UUID
    count: int
    state: GameState
    state_at: GameState | None = None


def is_log_file(path: str | Path) -> bool:
    """Whether ``path`` holds a game log rather than a scenario: a ``.jsonl`` file is a log and a
    ``.yaml`` one a scenario; any other is told by its first line, a log's being a JSON object
    with a ``topic`` (a log saved as ``.log``, a scenario written as JSON). A file that can't be
    read is left to the reader its name suggests, which says why."""
    suffix = Path(path).suffix.lower()
    if suffix in (".jsonl", ".yaml", ".yml"):
        return suffix == ".jsonl"
    try:
        with opened(path, "utf-8-sig") as lines:
            first = _first_line(lines)
    except (OSError, UnicodeDecodeError):
        return suffix == ".json"
    try:
        data = json.loads(first)
    except ValueError:
        return False
    return isinstance(data, dict) and "topic" in data


#: the longest first line read to tell a log from a scenario (a log's ``GameStarted`` is a few
#: kB): a file or a pipe without line breaks is not read whole to find its first line
_FIRST_LINE_AT_MOST = 1_000_000


def _first_line(lines: TextIO) -> str:
    """The first line with more than blanks in it, or "" when the first lines are only blanks or
    one is longer than a log's first line can be (no log, then)."""
    for _ in range(1_000):
        line = lines.readline(_FIRST_LINE_AT_MOST)
        if len(line) >= _FIRST_LINE_AT_MOST and not line.endswith("\n"):
            return ""
        if not line or line.strip():
            return line
    return ""


def read_jsonl(path: str | Path) -> list[GameEvent]:
    """The events of a log file, every line checked (see the module's docstring)."""
    return read_log(path).events


def read_log(path: str | Path, keep_events: bool = True, at: int | None = None) -> LogFile:
    """Read a log line by line, checking each (see the module's docstring). Without
    ``keep_events`` only the folded state is kept, so a long log is replayed in the memory its
    state needs; ``at`` also keeps the state after that event."""
    name = shown(path)
    try:
        # a byte order mark some editors write before the first line is no part of it; read
        # once (standard input streamed, not kept whole)
        with opened(path, "utf-8-sig", once=True) as lines:
            return _read(lines, name, keep_events, at)
    except FileNotFoundError:
        raise BadInput("no such file", name) from None
    except IsADirectoryError:
        raise BadInput("is a folder, not a log file", name) from None
    except (OSError, UnicodeDecodeError) as exc:
        if isinstance(exc, UnicodeDecodeError):
            from sim.yamlfile import refuse_a_store

            refuse_a_store(path, "a game log")
        raise BadInput(f"can't read the log: {exc}", name) from None


def parse_log(text: str, name: str) -> LogFile:
    return _read(text.removeprefix("\ufeff").splitlines(), name, True, None)


def _read(lines: Iterable[str], name: str, keep_events: bool, at: int | None) -> LogFile:
    reader = _Reader(name, keep_events, at)
    for number, line in enumerate(lines, start=1):
        text = line.strip()  # once: the chain hashes this very text
        if text:
            reader.line(number, text)
    return reader.finish()


class _Reader:
    """Checks one line after the other; keeps what the next line is checked against."""

    def __init__(self, name: str, keep_events: bool = True, at: int | None = None) -> None:
        self.name = name
        self.keep_events = keep_events
        self.at = at
        self.state_at: GameState | None = None
        self.count = 0
        self.game_id: UUID | None = None
        self.events: list[GameEvent] = []
        self.chain: str | None = None  # None: no chain seen (yet)
        self.ended_at: int | None = None
        self.game: str | None = None
        self.ruleset: str | None = None
        self.timestamp: datetime | None = None
        self.state: GameState | None = None
        self.last_line = 0

    def fail(self, number: int, message: str) -> BadInput:
        return BadInput(message, f"{self.name}:{number}")

    def line(self, number: int, line: str) -> None:
        """Check and fold one line, given without the whitespace around it."""
        self.last_line = number
        try:
            record = pydantic_core.from_json(line, cache_strings="keys")  # as strict as json.loads, twice as fast; values are mostly unique
        except ValueError as exc:
            if self.count == 0 and Path(self.name).suffix.lower() in (".yaml", ".yml"):
                # the wrong kind of file, said as such rather than as a JSON error at line 1
                raise BadInput(
                    "a scenario (YAML), not a game log: sim run plays it and stores the game, "
                    "sim log export writes its log", self.name,
                ) from None
            raise self.fail(number, f"not JSON: {_json_error(exc)}") from None
        except TypeError:  # a lone surrogate in text that never was UTF-8
            raise self.fail(number, "not JSON: text that is not valid Unicode") from None
        except RecursionError:
            raise self.fail(number, "not JSON: nested too deeply") from None
        if not isinstance(record, dict):
            raise self.fail(number, "each line must be a JSON object")
        if self.ended_at is not None:
            raise self.fail(number, f"the log ended at line {self.ended_at} (its end mark), yet goes on")
        self.check_chain(number, record, line)
        event = self.build(number, record)
        self.check_order(number, record, event)
        self.fold(number, event)
        self.count += 1
        if self.keep_events:
            self.events.append(event)
        if self.at == self.count and self.state is not None:
            self.state_at = self.state.model_copy(deep=True)

    def check_chain(self, number: int, record: dict[str, Any], text: str = "") -> None:
        value = record.get(hashchain.CHAIN)
        first = not self.count
        if first:
            if value is None:
                return  # a log exported before chains: read, unchecked
            self.chain = hashchain.GENESIS
        if self.chain is None:
            if value is not None:
                raise self.fail(number, "a hash chain starts mid-log: earlier lines were removed or replaced")
            return
        if not isinstance(value, str):
            raise self.fail(number, "chain: must be text" if first else "the line has no hash chain value while the lines before it do")
        expected = hashchain.expected(self.chain, text, record) if text else hashchain.link(self.chain, record)
        if value != expected:
            raise self.fail(number, "the hash chain breaks here: this line (or the one before it) was changed after export")
        self.chain = value
        end = record.get(hashchain.END, False)
        if end is not False:
            if end is not True:
                raise self.fail(number, "'end' must be true when present")
            self.ended_at = number

    def build(self, number: int, record: dict[str, Any]) -> GameEvent:
        if not _FIELDS <= record.keys():
            missing = next(key for key in _FIELD_ORDER if key not in record)
            raise self.fail(number, f"missing field {missing!r}")
        topic = record["topic"]
        if not isinstance(topic, str):
            raise self.fail(number, "topic: must be text")
        cls = event_type(topic)
        if cls is None:
            raise self.fail(number, f"unknown event topic {topic!r}")
        schema = record["schema"]
        if type(schema) is not int or schema < 1:  # not a bool either
            raise self.fail(number, f"{topic}: schema must be a whole number from 1, not {schema!r}")
        if schema > cls.class_version:
            raise self.fail(
                number, f"{topic}: schema {schema} is newer than this version of sim reads ({cls.class_version})"
            )
        version = record["version"]
        if type(version) is not int:
            raise self.fail(number, f"{topic}: version must be a whole number, not {version!r}")
        if not isinstance(record["event"], dict):
            raise self.fail(number, f"{topic}: event must be an object of the event's fields")
        if not isinstance(record["game"], str):
            raise self.fail(number, f"{topic}: game must be a game id")
        if self.game_id is not None and record["game"] == self.game:
            game = self.game_id  # the same game as every line before: parsed once
        else:
            try:
                game = UUID(record["game"])
            except ValueError:
                raise self.fail(number, f"{topic}: game: not a game id: {record['game']!r}") from None
        fields = record["event"]  # this line's own dictionary: handed over, not copied
        fields.pop("class_version", None)  # the line's schema says it
        # a log with a hash chain was written by sim itself; one without (hand-made, another
        # program's, or exported before chains) is read as strictly as a scenario
        strict = self.chain is None
        try:
            event = cls.from_fields(game, version, record["timestamp"], fields, schema, strict=strict)
        except ValidationError as exc:
            raise self.fail(number, f"{topic}: {_problem(exc, 'event')}") from None
        except (TypeError, ValueError, KeyError, AttributeError) as exc:
            raise self.fail(number, f"{topic}: bad value: {_describe(exc)}") from None
        if strict and isinstance(event, CommandIssued) and self.ruleset is not None:
            self.check_command(number, topic, event.command)
        return event

    def check_command(self, number: int, topic: str, command: dict[str, Any]) -> None:
        """A logged command is re-issued when the log is verified, through the Python API's
        reading, which takes ``true`` for 1: in a log read strictly, a command that reading would
        take is checked as JSON too. One it would refuse anyway (a command of another ruleset,
        an unknown field) is left to the checks that say so in the rules' own terms."""
        validator = get_ruleset(self.ruleset or "").commands.validator
        try:
            validator.validate_json(pydantic_core.to_json(command), strict=True)
        except ValidationError as exc:
            try:
                validator.validate_python(command)
            except ValidationError:
                return
            raise self.fail(number, f"{topic}: {_problem(exc, 'command', 'command', command)}") from None

    def check_order(self, number: int, record: dict[str, Any], event: GameEvent) -> None:
        if not self.count:
            if not isinstance(event, GameStarted):
                raise self.fail(number, f"a log begins with sim.GameStarted, not {record['topic']}")
            self.game = record["game"]
            self.game_id = event.originator_id
            self.ruleset = event.ruleset
        elif isinstance(event, GameStarted):
            raise self.fail(number, "a second GameStarted: a log holds one game")
        game_id = event.originator_id
        if game_id is not self.game_id and game_id != self.game_id:  # the one id object ``build`` handed on, as a rule
            raise self.fail(number, "the log mixes events of different games")
        expected = self.count + 1
        if event.originator_version != expected:
            raise self.fail(number, f"event version {event.originator_version} out of sequence (expected {expected})")
        owner = event_ruleset(type(event))
        if owner is not None and owner != self.ruleset:
            raise self.fail(
                number, f"{record['topic']} is an event of the {owner} ruleset, but this game plays {self.ruleset}"
            )
        if event.timestamp.tzinfo is None:
            raise self.fail(number, f"{record['topic']}: timestamp needs a time zone (it was written as UTC)")
        if self.timestamp is not None and event.timestamp < self.timestamp:
            raise self.fail(
                number, f"timestamp {event.timestamp.isoformat()} is earlier than the line before ({self.timestamp.isoformat()})"
            )
        self.timestamp = event.timestamp

    def fold(self, number: int, event: GameEvent) -> None:
        """Apply the event to the game so far: a fact about a unit, place or trigger the game does
        not have is refused here, with its line, rather than failing somewhere later."""
        try:
            if isinstance(event, GameStarted):
                check_start(event.players, event.active_player, event.seed, logged=True)  # as Game.start_as: verify would refuse it
                get_ruleset(event.ruleset).check_aliases(dict(event.aliases))  # as Game.start: a place on the board
                self.state = event.initial_state()
            elif self.state is not None:
                event.fold_into(self.state)
        except BadInput as exc:  # a fact the rules can't read (a GameStarted naming an unknown ruleset)
            raise self.fail(number, f"{event.TOPIC}: {exc.message}") from None
        except (KeyError, IndexError, ValueError, TypeError, AttributeError, ValidationError) as exc:
            raise self.fail(number, f"{event.TOPIC} does not fit the game so far: {_describe(exc)}") from None

    def finish(self) -> LogFile:
        if not self.count or self.state is None or self.game_id is None:
            raise BadInput("the log holds no events", self.name)
        if self.chain is not None and self.ended_at is None:
            raise self.fail(self.last_line, "the log stops here without its end mark: it was cut short")
        return LogFile(self.events, self.chain is not None, self.game_id, self.count, self.state, self.state_at)


def _json_error(exc: ValueError) -> str:
    """pydantic-core's reason without its position (the line number is given already)."""
    text = str(exc)
    return text.rsplit(" at line ", 1)[0] if " at line " in text else text


#: the fields every line has, in the order a missing one is named
_FIELD_ORDER = ("topic", "schema", "game", "version", "timestamp", "event")
_FIELDS = frozenset(_FIELD_ORDER)


def _problem(exc: ValidationError, whole: str, within: str = "", data: Any = None) -> str:
    """``speed: Input should be a valid integer, not true``: the field first at fault (in
    ``data``'s terms when given: a command's path without its union's tag)."""
    path, message = problem_at(exc, data)
    field = path_text([within, *path] if within != "" else path) or whole
    return f"{field}: {message}"


def _describe(exc: BaseException) -> str:
    if isinstance(exc, KeyError):
        return f"it names {exc.args[0]!r}, which the game does not have"
    if isinstance(exc, ValidationError):
        first = exc.errors()[0]
        return f"{'.'.join(str(p) for p in first['loc'])}: {first['msg']}"
    return str(exc).splitlines()[0] if str(exc) else type(exc).__name__
