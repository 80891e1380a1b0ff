"""Whether the command being parsed is one a log recorded, re-issued to verify or explore it.

Logs are forever: a command an older version accepted and logged must still be re-issued as it
was, though today's version refuses the same text from a player (a GODSGLOOM ``use: []``). The
readers of logs (``sim.replay`` verification, ``sim.explore`` branches) re-issue inside
``reissuing_logged_commands``; a command model that refuses more than it once did asks
``reissuing`` before refusing. As ``check_start(logged=True)`` does for a game's start.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_REISSUING: ContextVar[bool] = ContextVar("reissuing_logged_commands", default=False)


def reissuing() -> bool:
    """True while a log's own commands are re-issued."""
    return _REISSUING.get()


@contextmanager
def reissuing_logged_commands() -> Iterator[None]:
    """Re-issue a log's commands inside this block."""
    token = _REISSUING.set(True)
    try:
        yield
    finally:
        _REISSUING.reset(token)
