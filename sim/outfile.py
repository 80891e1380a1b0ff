"""Where an output file (``-o``) is written whole: a ``.partial`` file beside the file that is
meant, renamed over it when complete. The file meant is the one a symbolic link points to (the
link itself stays a link); a path that is not a regular file (a FIFO, a device such as
``/dev/stdout`` or ``/dev/null``) is written in place, since renaming over it would replace the
pipe or the device node with a plain file."""

from __future__ import annotations

import os
import stat
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
