"""Texts recorded in events that a later version words differently.

Some event fields are prose: the reason a move's steps were cancelled, the rule that barred a
Melee Attack. They are recorded in the log, so rewording one (to name the rule that really
applies, or every rule that does) would leave each older log holding the old text where today's
rules give the new one, and verification would call a game wrong whose ruling never changed.
A rewording registers here the text it replaces; verification takes a logged text as today's
when it is a registered former wording of it (docs/design.md, "Logs are forever").

A ruling changed is no rewording: a log played under a ruling since found wrong keeps
disagreeing, and verification says at which event.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Rewording:
    """Today's text ends with ``new`` where an older version's ended with ``old`` (everything
    before the ending the same): the ending, because these texts are built from parts (the hex,
    the enemies) of which only one part was reworded. A whole text is its own ending."""

    old: str
    new: str

    def former(self, logged: str, made: str) -> bool:
        """Whether ``logged`` is what an older version recorded where today's rules give ``made``."""
        return made.endswith(self.new) and logged == made[: len(made) - len(self.new)] + self.old


@dataclass(frozen=True)
class AddedClause:
    """Today's text ends with a clause older versions did not add (a note naming what is not
    modelled, whose wording names the locations it concerns): ``pattern`` matches that clause,
    and the older text is today's without it."""

    pattern: str

    def former(self, logged: str, made: str) -> bool:
        found = re.search(f"(?:{self.pattern})$", made)
        return found is not None and found.start() < len(made) and logged == made[: found.start()]


_FORMER: dict[tuple[str, str], list[Rewording | AddedClause]] = {}


def reworded(topic: str, field: str, old: str, new: str) -> None:
    """Register that the text field ``field`` of events of ``topic`` once ended with ``old`` where
    it now ends with ``new``."""
    kept = _FORMER.setdefault((topic, field), [])
    rewording = Rewording(old, new)
    if rewording not in kept:
        kept.append(rewording)


def clause_added(topic: str, field: str, pattern: str) -> None:
    """Register that the text field ``field`` of events of ``topic`` may now end with a clause
    matching ``pattern`` (a regular expression) that older versions did not add."""
    kept = _FORMER.setdefault((topic, field), [])
    added = AddedClause(pattern)
    if added not in kept:
        kept.append(added)


def as_today(topic: str, logged: dict[str, object], made: dict[str, object]) -> dict[str, object]:
    """``logged`` (an event's recorded fields) with each text field holding a former wording of
    what ``made`` holds replaced by today's text; ``logged`` itself when none does."""
    changed: dict[str, object] | None = None
    for (registered, field), rewordings in _FORMER.items():
        if registered != topic:
            continue
        old, new = logged.get(field), made.get(field)
        if isinstance(old, str) and isinstance(new, str) and old != new and any(r.former(old, new) for r in rewordings):
            changed = dict(logged) if changed is None else changed
            changed[field] = new
    return logged if changed is None else changed
