"""Where an output file (``-o``) is written whole: a ``.partial`` file beside the file that is
meant, renamed over it when complete. The file meant is the one a symbolic link points to (the
link itself stays a link); a path that is not a regular file (a FIFO, a device such as
``/dev/stdout`` or ``/dev/null``) is written in place, since renaming over it would replace the
pipe or the device node with a plain file. ``-o -`` is standard output (``STDOUT``) for every
command that takes ``-o``."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path


def output_plan(target: Path) -> tuple[Path, bool]:
    """The path to write and whether to write it through a ``.partial`` file renamed over it
    (True) or in place (False)."""
    try:
        mode = target.stat().st_mode  # through any link
    except FileNotFoundError:
        return Path(os.path.realpath(target)), True  # a new file (a dangling link: where it points)
    except OSError:
        return target, True  # the write says what is wrong
    if not stat.S_ISREG(mode):
        return target, False
    return Path(os.path.realpath(target)), True


#: what ``-o`` takes for standard output, as most command-line tools do (never a file named ``-``)
STDOUT = "-"

#: the words every ``-o`` option's help ends with
STDOUT_HELP = "-: standard output."


def is_stdout(output: str | None) -> bool:
    """Whether ``-o`` names standard output."""
    return output == STDOUT


def stdout_is_terminal() -> bool:
    """Whether standard output is a terminal, where binary bytes (a PNG) would garble the screen."""
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stream: no terminal
        return False


def write_stdout(data: bytes) -> None:
    """Write ``data`` whole to standard output and flush it, so that a reader that went away
    shows here as ``BrokenPipeError`` (``sim.clikit.guarded`` says so in one line). The data is
    made before anything is written: a failure while making it writes nothing."""
    sys.stdout.flush()  # any text written before goes first
    stream = sys.stdout.buffer
    stream.write(data)
    stream.flush()
