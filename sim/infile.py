"""Files a command reads (a scenario, a game log): a path, or ``-`` for standard input, as ``-o -``
is standard output (``sim.outfile``). ``sim reach - --unit x < game.yaml`` and
``sim log export ID | sim replay -`` read the text a pipe brings.

Standard input is read whole the first time it is asked for and kept: a command first looks at a
file to tell a log from a scenario (``sim.logfile.is_log_file``), then reads it, and a pipe can be
read only once. Messages name it ``<stdin>`` where they would name the file. It is kept per
stream: a test's runner gives each command run its own.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from domain.errors import BadInput

#: what a command takes for standard input where it reads a file (never a file named ``-``)
STDIN = "-"

#: how messages name standard input
STDIN_NAME = "<stdin>"

#: the words a command's help says about ``-`` where it reads a file
STDIN_HELP = "- reads it from standard input."

_read: tuple[object, bytes] | None = None


def is_stdin(path: str | Path) -> bool:
    """Whether ``path`` names standard input."""
    return str(path) == STDIN


def shown(path: str | Path) -> str:
    """``path`` as messages name it."""
    return STDIN_NAME if is_stdin(path) else str(path)


def stdin_bytes() -> bytes:
    """Everything standard input holds, read once for this stream."""
    global _read
    stream = sys.stdin
    if _read is None or _read[0] is not stream:
        if stream is None:
            raise BadInput("there is no standard input to read", STDIN_NAME)
        source = getattr(stream, "buffer", None)
        data = source.read() if source is not None else stream.read().encode("utf-8")
        _read = (stream, data)
    return _read[1]


@contextmanager
def opened(path: str | Path, encoding: str) -> Iterator[TextIO]:
    """``path`` opened as text, line by line as a file is (standard input from what was read)."""
    if is_stdin(path):
        yield io.TextIOWrapper(io.BytesIO(stdin_bytes()), encoding=encoding)
    else:
        with Path(path).open(encoding=encoding) as file:
            yield file


def read_text(path: str | Path, encoding: str = "utf-8") -> str:
    """The whole text of ``path`` (or of standard input)."""
    if is_stdin(path):
        return stdin_bytes().decode(encoding)
    return Path(path).read_text(encoding=encoding)


def head(path: str | Path, size: int) -> bytes:
    """The first ``size`` bytes of ``path`` (or of standard input)."""
    if is_stdin(path):
        return stdin_bytes()[:size]
    with Path(path).open("rb") as file:
        return file.read(size)


def size(path: str | Path) -> int:
    """The bytes ``path`` holds (standard input: what it brought)."""
    return len(stdin_bytes()) if is_stdin(path) else Path(path).stat().st_size


def one_stdin(*paths: str) -> None:
    """Refuse standard input named twice: it is read once, and two games of one text say nothing."""
    if sum(is_stdin(p) for p in paths) > 1:
        raise BadInput("standard input can be read only once: give - for one of the files", STDIN)
