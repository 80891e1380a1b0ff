"""Whether the command being parsed is one a log recorded, re-issued to verify or explore it.

Logs are forever: a command an older version accepted and logged must still be re-issued as it
was, though today's version refuses the same text from a player (a GODSGLOOM ``use: []``, a path
declared past a zone stop into a hex no step may enter). The readers of logs (``sim.replay``
verification, ``sim.explore`` branches) re-issue inside ``reissuing_logged_commands``; a command
model or handler that refuses more than it once did asks ``accepted_as_logged`` before refusing.
As ``check_start(logged=True)`` does for a game's start.

A log cannot say which version wrote it, so the same leniency would let a new log through that
no version of today's rules accepts. It is therefore never silent: each command accepted only
as logged leaves a note, which verification puts in its verdict (``sim.replay.Verdict.notes``).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

#: the notes of the commands accepted as logged, while a log is re-issued; none outside
_NOTES: ContextVar[list[str] | None] = ContextVar("reissuing_logged_commands", default=None)


def reissuing() -> bool:
    """True while a log's own commands are re-issued."""
    return _NOTES.get() is not None


def accepted_as_logged(refusal: str) -> bool:
    """While a log is re-issued, note that today's rules refuse its command (``refusal`` says
    why) and take it as an older version did: True. Otherwise False: refuse it."""
    notes = _NOTES.get()
    if notes is None:
        return False
    notes.append(refusal)
    return True


@contextmanager
def reissuing_logged_commands() -> Iterator[list[str]]:
    """Re-issue a log's commands inside this block; the list it gives receives a note for each
    command accepted only as logged (``accepted_as_logged``)."""
    notes: list[str] = []
    token = _NOTES.set(notes)
    try:
        yield notes
    finally:
        _NOTES.reset(token)
