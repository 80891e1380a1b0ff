"""Writing a picture or a page: whole or not at all (a ``.partial`` file renamed when complete),
and a path that can't be written is bad input, found before any work is done. ``-o -`` is
standard output (``sim.outfile``)."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import cairosvg

from domain.errors import BadInput
from sim.outfile import is_stdout, output_plan, stdout_is_terminal, write_stdout


def check_target(output: str, suffixes: tuple[str, ...]) -> Path:
    """The output path, refused at once when its kind is not one of ``suffixes``, it names a
    folder, or its folder does not exist."""
    target = Path(output)
    if target.suffix.lower() not in suffixes:
        raise BadInput(f"the output must end in {' or '.join(suffixes)}, not {output!r}", "-o")
    if target.is_dir():
        raise BadInput("is a folder; name a file to write", output)
    if not target.parent.exists():
        raise BadInput(f"can't write {output!r}: no folder {str(target.parent)!r}", "-o")
    return target


def picture_format(output: str, given: str | None) -> str:
    """``svg`` or ``png``: from ``--format`` when given, else from the file's suffix (``-o -``,
    standard output: an SVG). A format the file's name contradicts is bad input, and so is a PNG
    for a terminal (binary bytes on a screen); both before any work is done."""
    if is_stdout(output):
        kind = given or "svg"
        if kind == "png" and stdout_is_terminal():
            raise BadInput(
                "a PNG is binary and is not written to a terminal: redirect standard output "
                "(sim render ... --format png -o - > board.png) or name a FILE.png", "-o",
            )
        return kind
    suffix = check_target(output, (".svg", ".png")).suffix.lower().lstrip(".")
    if given is not None and given != suffix:
        raise BadInput(f"--format {given} but {output!r} names a .{suffix} file: give one or the other", "--format")
    return suffix


def write_output(output: str, data: bytes) -> None:
    """``data`` whole to the ``-o`` path, or to standard output for ``-o -``."""
    if is_stdout(output):
        write_stdout(data)
    else:
        write_whole(Path(output), data)


def shown_output(output: str) -> str:
    """How the ``-o`` target is named in a message."""
    return "standard output" if is_stdout(output) else output


def write_whole(target: Path, data: bytes) -> None:
    path, whole = output_plan(target)  # a link's file, or a FIFO or device written in place
    partial = path.with_name(path.name + ".partial") if whole else path
    try:
        partial.write_bytes(data)
        if whole:
            os.replace(partial, path)
    except OSError as exc:
        with contextlib.suppress(OSError):  # nothing may be there to remove, or no folder at all
            if whole:
                partial.unlink(missing_ok=True)
        raise BadInput(f"can't write {str(target)!r}: {exc.strerror or exc}", "-o") from None


def to_png(svg: str) -> bytes:
    """PNG through cairosvg (a maintained converter on cairo), never rasterised by hand. The SVG
    refers to nothing outside itself, and cairosvg reads no external file unless told to."""
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"))
    return png
