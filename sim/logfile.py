"""Game logs as JSON Lines: one event per line, in stream order.

Each line is ``{"topic", "schema", "game", "version", "timestamp", "event"}``; ``event`` holds the
event's own fields. Reading validates every line through its event class (upcasting older
schema versions), so a bad log fails with the line that is wrong and nothing else happens.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO
from uuid import UUID

from pydantic import ValidationError

from domain.errors import BadInput
from domain.event_base import EVENT_TYPES, GameEvent
from domain.ruleset import load_all_rulesets

load_all_rulesets()  # every ruleset's event topics, before any read

def event_record(event: GameEvent) -> dict[str, Any]:
    return {
        "topic": type(event).TOPIC,
        "schema": type(event).class_version,
        "game": str(event.originator_id),
        "version": event.originator_version,
        "timestamp": event.timestamp.isoformat(),
        "event": event.payload(),
    }


def write_jsonl(events: Iterable[GameEvent], out: TextIO) -> int:
    count = 0
    for event in events:
        out.write(json.dumps(event_record(event), sort_keys=True, ensure_ascii=False) + "\n")
        count += 1
    return count


def read_jsonl(path: str | Path) -> list[GameEvent]:
    name = str(path)
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        raise BadInput("no such file", name) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BadInput(f"can't read the log: {exc}", name) from None
    events: list[GameEvent] = []
    game: str | None = None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{name}:{number}"
        try:
            record = json.loads(line)
        except json.JSONDecodeError as exc:
            raise BadInput(f"not JSON: {exc.msg}", where) from None
        if not isinstance(record, dict):
            raise BadInput("each line must be a JSON object", where)
        try:
            topic = record["topic"]
            cls = EVENT_TYPES.get(topic)
            if cls is None:
                raise BadInput(f"unknown event topic {topic!r}", where)
            state = dict(record["event"])
            state["class_version"] = record.get("schema", 1)
            event = cls.from_record(UUID(record["game"]), int(record["version"]), record["timestamp"], state)
        except KeyError as exc:
            raise BadInput(f"missing field {exc.args[0]!r}", where) from None
        except ValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(str(p) for p in first["loc"]) or "event"
            raise BadInput(f"{topic}: {field}: {first['msg']}", where) from None
        except (TypeError, ValueError) as exc:
            raise BadInput(f"bad value: {exc}", where) from None
        if game is None:
            game = record["game"]
        elif record["game"] != game:
            raise BadInput("the log mixes events of different games", where)
        expected = len(events) + 1
        if event.originator_version != expected:
            raise BadInput(f"event version {event.originator_version} out of sequence (expected {expected})", where)
        events.append(event)
    if not events:
        raise BadInput("the log holds no events", name)
    return events
