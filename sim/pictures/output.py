"""Writing a picture or a page: whole or not at all (a ``.partial`` file renamed when complete),
and a path that can't be written is bad input, found before any work is done."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import cairosvg

from domain.errors import BadInput
from sim.outfile import output_plan


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
