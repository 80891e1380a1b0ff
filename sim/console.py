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
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TextIO

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment
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
    shown = _escape_brackets(visible(text))
    # a backslash at the end would escape a tag that follows (``escape(x) + "[/red]"``): rich's
    # own ``escape`` doubles it, and so does this
    return shown + "\\" if shown.endswith("\\") and not shown.endswith("\\\\") else shown


#: a bracket, the backslashes before it, and the rest of a tag when it opens one. Rich shows the
#: backslashes before a tag's bracket halved (an odd one escapes it) and drops the one just before
#: any other bracket; its own ``escape`` escapes only a tag's, so ``a\\[b`` was shown ``a[b``
_BRACKET = re.compile(r"(\\*)\[([a-z#/@][^[]*?])?")


def _escape_brackets(text: str) -> str:
    """``text`` as markup that shows it as it is (rich's reading of brackets: ``_BRACKET``)."""
    if "[" not in text:
        return text

    def escaped(found: re.Match[str]) -> str:
        backslashes, tag = found.group(1), found.group(2)
        return f"{backslashes * 2}\\[{tag}" if tag is not None else f"{backslashes}\\["

    return _BRACKET.sub(escaped, text)


def visible(text: str) -> str:
    """``text`` with every control character (``_CONTROLS``) written as Python writes it: what
    ``escape`` shows, before it is escaped as markup."""
    if _CONTROLS.search(text):
        text = _CONTROLS.sub(lambda found: repr(found.group())[1:-1], text)
    return text


#: what ends a line besides the line feed: a line separator, a paragraph separator (the carriage
#: return and the next-line control are escaped as every control is)
_BREAKS = str.maketrans({"\n": "\\n", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def one_line(text: str) -> str:
    """``escape``d text kept on one line: a line break written as Python writes it (``\\n``), for
    output read a line per item (``sim check``'s line per file)."""
    return escape(text).translate(_BREAKS)


class PlainTable(Table):
    """A table whose text cells are shown as they are: a cell holds a unit id, a player's name
    or a rule's text, never markup. The text of rows of text alone is kept as it is shown
    (``texts``), for drawing the table without rich (``print_table``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: each row's cells as shown (``visible``), while every row is of text alone
        self.texts: list[tuple[str, ...]] | None = []

    def add_row(self, *renderables: RenderableType | None, style: StyleType | None = None, end_section: bool = False) -> None:
        if self.texts is not None:
            if style is None and not end_section and all(isinstance(r, str) for r in renderables):
                self.texts.append(tuple(visible(r) for r in renderables if isinstance(r, str)))
            else:
                self.texts = None
        # a cell is markup of its own: nothing follows it that a backslash at its end could escape
        shown = [_escape_brackets(visible(r)) if isinstance(r, str) else r for r in renderables]
        super().add_row(*shown, style=style, end_section=end_section)


def print_table(on: Console, table: Table) -> None:
    """``on.print(table)``; drawn here, line by line, when rich would draw every row on one line
    and in no colour (a pipe or a file: ``WHOLE_LINES``), with the very characters rich draws
    then (tests/test_console_tables.py compares them). Rich measures, wraps and pads every word
    of every cell: 25 of the 26 s of a text ``sim reach`` of 30,807 places on a 200x200 mat,
    whose paths are up to 150 steps long. In a terminal (colours, cells wrapped to its width)
    rich draws it."""
    lines = whole_lines(on, table)
    on.print(table if lines is None else _Drawn(lines))


class _Drawn:
    """Lines already drawn, printed as they are."""

    def __init__(self, lines: list[str]) -> None:
        self.text = "".join(f"{line}\n" for line in lines)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        yield Segment(self.text)


def _laid_out_plainly(text: str) -> bool:
    """Whether rich lays ``text`` out as its characters padded: not where it breaks a line (any
    line boundary, not the line feed alone), expands a tab, or may strip a non-ASCII space at
    either end counting characters where the text's cells differ (after a combining mark)."""
    if "\t" in text or len(text.splitlines()) > 1 or (text and text.splitlines()[0] != text):
        return False
    return not any(end.isspace() and not end.isascii() for end in text[:1] + text[-1:])


def whole_lines(on: Console, table: Table) -> list[str] | None:
    """The lines rich draws ``table`` in on ``on`` when each row is a line (see ``print_table``),
    or None when rich would draw anything this does not: colours, a cell of several lines or
    with a tab, a table wider than the console (rich would wrap its cells), settings other
    than ``table``'s here."""
    texts = getattr(table, "texts", None)
    box = table.box
    if (
        texts is None or box is None or on.color_system is not None or not on.soft_wrap
        or not table.show_header or table.show_footer or not table.show_edge or table.show_lines or table.leading
        or table.padding != (0, 1, 0, 1) or not table.pad_edge or table.collapse_padding or table.expand
        or table.width is not None or table.caption or table.row_styles or any(r.end_section for r in table.rows)
        or any(c.width is not None or c.max_width is not None or c.ratio or c.justify not in ("left", "right") or not isinstance(c.header, str)
               for c in table.columns)
    ):
        return None
    title = on.render_str(table.title).plain if isinstance(table.title, str) else None
    headers = tuple(on.render_str(str(c.header)).plain for c in table.columns)  # a header is markup, as rich reads it
    if (table.title and title is None) or any(len(row) != len(headers) for row in texts):
        return None
    if any(not _laid_out_plainly(text) for row in (headers, (title or "",), *texts) for text in row):
        return None
    widths = [max(cell_len(text) for text in column) for column in zip(headers, *texts, strict=True)]
    widths = [max(width, c.min_width or 0) for width, c in zip(widths, table.columns, strict=True)]
    padded = [width + 2 for width in widths]
    if sum(padded) + len(padded) + 1 > on.width:
        return None
    box = box.substitute(on.options, safe=table.safe_box if table.safe_box is not None else on.safe_box)
    right = [c.justify == "right" for c in table.columns]

    def row(cells: tuple[str, ...], left: str, divider: str, end: str) -> str:
        shown = []
        for text, width, at_right in zip(cells, widths, right, strict=True):
            if at_right:
                text = text.rstrip()  # as rich's right justification strips the end
                shown.append(" " + " " * (width - cell_len(text)) + text + " ")
            else:
                shown.append(" " + text + " " * (width - cell_len(text)) + " ")
        return left + divider.join(shown) + end

    lines = [title] if table.title and title is not None else []
    lines.append(box.get_top(padded).rstrip("\n"))
    lines.append(row(headers, box.head_left, box.head_vertical, box.head_right))
    lines.append(box.get_row(padded, "head", edge=True).rstrip("\n"))
    for number, cells in enumerate(texts, start=1):
        last = number == len(texts)
        lines.append(row(cells, *((box.foot_left, box.foot_vertical, box.foot_right) if last else (box.mid_left, box.mid_vertical, box.mid_right))))
    lines.append(box.get_bottom(padded).rstrip("\n"))
    return lines


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
