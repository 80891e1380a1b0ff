"""The two consoles every command prints on (stdout for answers, stderr for errors and progress),
and how text is laid out on them. Light on purpose: ``sim --help`` imports it.

Nothing a command prints is ever cut: in a terminal, tables and trees wrap to its width (long
words fold); piped or redirected, every line is printed whole, so that a rule's text or a game
id reaches ``grep`` and scripts intact.
"""

from __future__ import annotations

import os
import re
import sys
from typing import TYPE_CHECKING, TextIO

from rich.console import Console, RenderableType
from rich.markup import escape as _markup_escape
from rich.style import StyleType
from rich.table import Table

if TYPE_CHECKING:
    from rich.progress import Progress

#: the width of output that is not a terminal: wide enough that no line is ever wrapped or cut
WHOLE_LINES = 100_000


class _Console(Console):
    """rich's console, but a closed stdout is bad input like any other (README "Exit codes"):
    rich itself would exit 1 with nothing said; here the ``BrokenPipeError`` reaches
    ``clikit.guarded``, which says "broken pipe" in one line and exits 2. A closed stderr only
    silences it: there is nobody left to tell."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        if not self.stderr:
            raise BrokenPipeError("the output was closed")
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stderr.fileno())
        except (OSError, ValueError):
            pass


def _console(stream: TextIO, stderr: bool) -> Console:
    width = None if stream.isatty() else WHOLE_LINES
    # no emoji codes: a unit named "r:warning:" is printed as written, as markup is not read
    return _Console(stderr=stderr, highlight=False, soft_wrap=True, width=width, emoji=False)


console = _console(sys.stdout, stderr=False)
err = _console(sys.stderr, stderr=True)


#: characters a terminal obeys instead of showing: C0 and C1 controls but the line break and the
#: tab (an escape sequence recolours, retitles or clears the screen), and the marks that reorder a
#: line's text (a right-to-left override shows "evil" where "live" was written)
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def escape(text: str) -> str:
    """Text shown as it is, not read as rich markup (a message may quote ``[...]``; a unit id,
    a player's name or a file name is whatever its author wrote, ``r[/x]`` too, which rich
    would otherwise refuse with a ``MarkupError``), nor obeyed by the terminal: a control
    character is written as Python writes it (``\\x1b``, ``\\u202e``)."""
    if _CONTROLS.search(text):
        text = _CONTROLS.sub(lambda found: repr(found.group())[1:-1], text)
    return _markup_escape(text)


class PlainTable(Table):
    """A table whose text cells are shown as they are: a cell holds a unit id, a player's name
    or a rule's text, never markup."""

    def add_row(self, *renderables: RenderableType | None, style: StyleType | None = None, end_section: bool = False) -> None:
        shown = [escape(r) if isinstance(r, str) else r for r in renderables]
        super().add_row(*shown, style=style, end_section=end_section)


def heading(title: str, on: Console = console) -> None:
    """A section heading: a rule across a terminal, a plain line in a pipe."""
    if on.is_terminal:
        on.rule(escape(title))
    else:
        on.print(f"== {escape(title)} ==")


def table(title: str, *columns: str, right: tuple[str, ...] = (), whole: tuple[str, ...] = ()) -> Table:
    """A table whose cells wrap, and fold a word too long for its column, instead of cutting it;
    the ``whole`` columns (ids to copy) never wrap: the others give way."""
    found = PlainTable(title=escape(title))
    for name in columns:
        found.add_column(
            name, overflow="fold", justify="right" if name in right else "left", no_wrap=name in whole,
            min_width=None if name not in whole else 8,
        )
    return found


def progress(quiet: bool = False) -> Progress:
    """A progress bar on stderr while it is a terminal (nothing otherwise, nor when ``quiet``):
    what is done of how much, and the time left. What the command prints on stdout meanwhile
    goes above the bar when stdout is that terminal too, and straight down a pipe otherwise.
    rich's progress module is imported here, by the commands that show one: it is a tenth of
    the start-up of a command that answers one question (``sim reach``)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    return Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=err, transient=True, disable=quiet or not err.is_terminal,
        redirect_stdout=console.is_terminal, redirect_stderr=False,
    )
