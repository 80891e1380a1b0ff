"""A scenario's expectations checked for ones that could never be checked as written.

``expect.events`` and ``expect.no_events`` name an event by its type and the fields it must
have. An expectation that no event could ever match is worse than a failing one under
``no_events``: "no ``StepTakn``" or "no ``StepTaken`` with ``too: 2,4``" holds for every game,
so the check passed whatever the rules did. Each type must be one of the ruleset's events (or
the engine's), and each field one that event records; otherwise the scenario is bad input,
with the place in the file and the closest name, as a typo anywhere else in a scenario is.

A reach expectation is held to what it can mean: ``after`` beyond the script's length was read
as "after the whole script", a moment the file does not name; a ``rule`` (the reason a place is
out of reach) on a reachable place, or a ``path`` to an unreachable one, was never looked at.
"""

from __future__ import annotations

import functools
from typing import Any

from domain.errors import BadInput, suggest
from domain.event_base import ENVELOPE, EVENT_TYPES
from domain.ruleset import get_ruleset


@functools.cache
def recorded_fields(ruleset: str) -> dict[str, frozenset[str]]:
    """Event name (as expectations and ``sim trace`` write it) -> the fields it records, for
    the events a game of ``ruleset`` may hold. Classes sharing a name (a ruleset's
    ``UnitPlaced`` and the first version's) pool their fields."""
    from sim.logfile import event_ruleset  # the one rule for which ruleset an event belongs to

    get_ruleset(ruleset)  # its events are registered when it is loaded
    found: dict[str, set[str]] = {}
    for cls in set(EVENT_TYPES.values()):
        owner = event_ruleset(cls)
        if owner is not None and owner != ruleset:
            continue
        name = getattr(cls, "SHOWN_AS", "") or cls.__name__
        fields = set(cls.model_fields) - ENVELOPE  # the library's own, outside a line's ``event``
        fields |= set(cls.model_computed_fields)
        found.setdefault(name, set()).update(fields)
    return {name: frozenset(fields) for name, fields in found.items()}


def check_event_expectations(ruleset: str, expect: dict[str, Any], where: Any) -> None:
    """Refuse an expectation of an event type ``ruleset`` never records, or of a field that
    event does not have. ``where(path)`` gives the file position of a path into the data."""
    known = recorded_fields(ruleset)
    for section in ("events", "no_events"):
        entries = expect.get(section)
        if not isinstance(entries, list):
            continue
        for index, entry in enumerate(entries):
            if not isinstance(entry, dict):
                continue
            kind = entry.get("type")
            path: tuple[Any, ...] = ("expect", section, index, "type")
            fields = known.get(str(kind))
            if fields is None:
                message = f"unknown event type {kind!r} for {ruleset}" + suggest(kind, known, "event types", limit=60)
                raise BadInput(f"expect.{section}.{index}.type: {message}", where(path))
            for name in entry:
                if name != "type" and name not in fields:
                    message = f"{kind} has no field {name!r}" + suggest(name, fields, "fields", limit=30)
                    raise BadInput(f"expect.{section}.{index}.{name}: {message}", where(path[:-1] + (name,)))


def check_reach_expectations(reach: list[Any], script_length: int, where: Any) -> None:
    """Refuse a reach expectation part of which would not be checked (see the module's text)."""
    for index, item in enumerate(reach):
        at = ("expect", "reach", index)
        if item.after is not None and item.after > script_length:
            raise BadInput(
                f"expect.reach.{index}.after: {item.after} is past the script's end (it has {script_length} "
                f"command{'s' if script_length != 1 else ''}); leave 'after' out to ask after the whole script",
                where((*at, "after")),
            )
        if item.reachable and item.rule is not None:
            raise BadInput(
                f"expect.reach.{index}.rule: the reason a place is out of reach, never checked with reachable: true",
                where((*at, "rule")),
            )
        if not item.reachable and item.path is not None:
            raise BadInput(
                f"expect.reach.{index}.path: the way to a reachable place, never checked with reachable: false",
                where((*at, "path")),
            )


def check_script_rules(script: list[Any], where: Any) -> None:
    """Refuse a script command's ``rule`` (what its refusal must cite) on a command expected to
    be taken: only a refusal is compared with it."""
    for index, entry in enumerate(script):
        if getattr(entry, "rule", None) is not None and getattr(entry, "expect", "ok") != "refused":
            raise BadInput(
                f"script[{index}].rule: what a refusal must cite, never checked unless the command has expect: refused",
                where(("script", index, "rule")),
            )
