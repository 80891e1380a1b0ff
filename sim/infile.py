"""Files a command reads (a scenario, a game log): a path, or ``-`` for standard input, as ``-o -``
is standard output (``sim.outfile``). ``sim reach - --unit x < game.yaml`` and
``sim log export ID | sim replay -`` read the text a pipe brings.

Standard input is read as far as it is asked for and what was read is kept: a command first
looks at a file's first bytes to tell a log from a scenario (``sim.logfile.is_log_file``), then
reads it, and a pipe can be read only once. A scenario's size is checked after reading at most
one byte past its bound (``yes | sim run -`` is refused, not read until memory runs out). A log
is read once, line by line, as a file is (``opened(..., once=True)``): what the first look kept
is read again, then the stream as it comes, and only its first 64 kB are kept, so a log on
standard input takes the memory a log file's reading takes, not its size (``sim replay -``
without ``--verify`` holds the game's state, not its events). Whatever would read it again from
the start past what was kept is refused in one line (no command does). Messages name it ``<stdin>`` where they would name the file. It is kept per stream: a
test's runner gives each command run its own.
"""

from __future__ import annotations

import io
import math
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO, TextIO

from domain.errors import BadInput

#: what a command takes for standard input where it reads a file (never a file named ``-``)
STDIN = "-"

#: how messages name standard input
STDIN_NAME = "<stdin>"

#: the words a command's help says about ``-`` where it reads a file
STDIN_HELP = "- reads it from standard input."

def is_stdin(path: str | Path) -> bool:
    """Whether ``path`` names standard input."""
    return str(path) == STDIN


def shown(path: str | Path) -> str:
    """``path`` as messages name it."""
    return STDIN_NAME if is_stdin(path) else str(path)


#: how much of standard input is read at a time
_CHUNK = 1 << 20


class _Kept:
    """What has been read of one standard input stream, and the stream to read on from."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        #: the bytes under the text, where there are (a test's runner may give text alone)
        self.source: BinaryIO | None = getattr(stream, "buffer", None)
        self.data = bytearray()
        self.ended = False
        #: the reader that reads the stream on past ``data`` without keeping it (a log streamed
        #: once), and how far it has read: from then on nothing past ``data`` can be read again
        self.streamer: object | None = None
        self.streamed = 0

    def up_to(self, count: float) -> int:
        """Read on until ``count`` bytes are kept or the stream ends; how many are kept."""
        if self.streamer is not None and count > len(self.data):  # read on, or to its end: not kept
            raise BadInput("standard input was already read through once, without keeping it (a log on standard "
                           "input is streamed): save it to a file to read it again", STDIN_NAME)
        while len(self.data) < count and not self.ended:
            chunk = self._read(int(min(_CHUNK, count - len(self.data))))
            if not chunk:
                self.ended = True
            self.data += chunk
        return len(self.data)

    def _read(self, count: int) -> bytes:
        if self.source is not None:
            return self.source.read(count)
        return self.stream.read(count).encode("utf-8")  # a text stream without bytes (a test's)

    def everything(self) -> bytes:
        self.up_to(math.inf)
        return bytes(self.data)


_kept: _Kept | None = None


def _stdin() -> _Kept:
    """Standard input as this process's command reads it, kept per stream."""
    global _kept
    stream = sys.stdin
    if stream is None:
        raise BadInput("there is no standard input to read", STDIN_NAME)
    if _kept is None or _kept.stream is not stream:
        _kept = _Kept(stream)
    return _kept


def stdin_bytes() -> bytes:
    """Everything standard input holds, read once for this stream."""
    return _stdin().everything()


#: what a reader that streams standard input keeps of its start all the same: enough for a
#: message about what the stream holds (``head``: a store's header, a first line)
_STREAM_KEEPS = 1 << 16


class _KeptThenRest(io.RawIOBase):
    """Standard input read from its start: the bytes kept, then the stream read on as the reader
    asks, kept too (``keep``: a scenario, read again once parsed; the first line a command looks
    at to tell a log from a scenario) or, past its first ``_STREAM_KEEPS`` bytes, not kept (a log,
    read once line by line: the memory a log file's reading takes, not the log's size)."""

    def __init__(self, kept: _Kept, keep: bool = True) -> None:
        self.kept = kept
        self.keep = keep
        self.at = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        kept = self.kept
        if self.at < len(kept.data):
            chunk = bytes(kept.data[self.at:self.at + len(buffer)])
        elif kept.ended and kept.streamer is None:
            return 0
        elif kept.streamer is None and (self.keep or len(kept.data) < _STREAM_KEEPS):
            kept.up_to(len(kept.data) + len(buffer))
            chunk = bytes(kept.data[self.at:self.at + len(buffer)])
        elif kept.streamer in (None, self) and self.at == max(kept.streamed, len(kept.data)):
            kept.streamer = self  # read on without keeping: no other reader can read this again
            chunk = kept._read(len(buffer))
            kept.streamed = self.at + len(chunk)
            if not chunk:
                kept.ended = True
        else:
            kept.up_to(math.inf)  # another reader streamed it: refused, one line
            return 0
        buffer[:len(chunk)] = chunk
        self.at += len(chunk)
        return len(chunk)


@contextmanager
def opened(path: str | Path, encoding: str, once: bool = False) -> Iterator[TextIO]:
    """``path`` opened as text, line by line as a file is (standard input: what was kept of it,
    then the rest as it comes, kept too unless read ``once``: a log read line by line, whose
    size on standard input then costs no memory, and which can't be read again)."""
    if is_stdin(path):
        yield io.TextIOWrapper(io.BufferedReader(_KeptThenRest(_stdin(), keep=not once)), encoding=encoding)
    else:
        with Path(path).open(encoding=encoding) as file:
            yield file


def read_text(path: str | Path, encoding: str = "utf-8") -> str:
    """The whole text of ``path`` (or of standard input)."""
    if is_stdin(path):
        return stdin_bytes().decode(encoding)
    return Path(path).read_text(encoding=encoding)


def head(path: str | Path, count: int) -> bytes:
    """The first ``count`` bytes of ``path`` (or of standard input)."""
    if is_stdin(path):
        kept = _stdin()
        kept.up_to(count)
        return bytes(kept.data[:count])
    with Path(path).open("rb") as file:
        return file.read(count)


def larger_than(path: str | Path, bound: int) -> bool:
    """Whether ``path`` holds more than ``bound`` bytes; of standard input, at most one byte past
    the bound is read to tell."""
    if is_stdin(path):
        return _stdin().up_to(bound + 1) > bound
    return Path(path).stat().st_size > bound


def one_stdin(*paths: str) -> None:
    """Refuse standard input named twice: it is read once, and two games of one text say nothing."""
    if sum(is_stdin(p) for p in paths) > 1:
        raise BadInput("standard input can be read only once: give - for one of the files", STDIN)
