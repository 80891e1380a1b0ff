"""The exception types a caller of the simulator catches, one per kind of problem.

Callers distinguish *bad input* (the request itself is malformed or names things that do not
exist), an *illegal command* (well-formed, but the rules forbid it now) and a *version conflict*
(someone else changed the game first). Each carries a one-line message fit for a terminal.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from domain.rules import RuleRef


class SimError(Exception):
    """Base of every error the simulator raises on purpose."""


class BadInput(SimError):
    """The input is malformed or names an unknown unit, card, location or option.

    ``where`` points into the input (a file position or a field path) when one is known.
    """

    def __init__(self, message: str, where: str | None = None) -> None:
        self.message = message
        self.where = where
        super().__init__(f"{where}: {message}" if where else message)


class IllegalCommand(SimError):
    """A well-formed command that the rules forbid in the current game state."""

    def __init__(self, rule: RuleRef, detail: str | None = None) -> None:
        self.rule = rule
        self.detail = detail
        text = str(rule) if detail is None else f"{detail} ({rule})"
        super().__init__(text)


class VersionConflict(SimError):
    """Another writer stored events for the same game first; the command was not applied."""


def suggest(name: object, known: Iterable[str], listing: str | None = None, limit: int = 12) -> str:
    """Text to end an "unknown ..." message with: the closest known name, and (when ``listing``
    names what they are, "units" say) the known names themselves, so a typo is fixed at once.

    >>> "unknown unit 'wizzard'" + suggest("wizzard", ["raider", "wizard"], "units")
    "unknown unit 'wizzard'; did you mean 'wizard'? The units are: raider, wizard"
    """
    names = sorted(set(known))
    close = difflib.get_close_matches(str(name), names, n=1, cutoff=0.6)
    text = f"; did you mean {close[0]!r}?" if close else ""
    if listing is not None:
        shown = ", ".join(names[:limit]) + (f" and {len(names) - limit} more" if len(names) > limit else "")
        lead = " The" if close else "; the"
        text += f"{lead} {listing} are: {shown}" if names else f"; there are no {listing}"
    return text
