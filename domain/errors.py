"""The exception types a caller of the simulator catches, one per kind of problem.

Callers distinguish *bad input* (the request itself is malformed or names things that do not
exist), an *illegal command* (well-formed, but the rules forbid it now) and a *version conflict*
(someone else changed the game first). Each carries a one-line message fit for a terminal.
"""

from __future__ import annotations

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
