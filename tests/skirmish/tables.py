"""What the skirmish tests share: the header every table's scenario repeats, picking a seed by
its dice, and reading where a unit fell.

A table is written as scenario YAML (the shape of ``examples/skirmish/``), so it reads as a
scenario file; ``scenario`` writes the lines every one of them repeats (its title, the ruleset,
the seed, options, the table's size) and the test writes only what the table is made of."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from domain.dice import draw


def scenario(title: str, body: str, *, width: float = 20, depth: float = 12, seed: int | str | None = 0, options: str | None = None) -> str:
    """A skirmish scenario's YAML: the header, then ``body`` (what stands under ``setup:``, after
    its width and depth: surfaces, ladders, units..., indented by two spaces). Plain text, not
    formatted: a ``seed`` of ``"{seed}"`` and doubled braces in ``body`` make a template for
    ``str.format``, as before; a ``seed`` of None writes no seed line (the scenario's default)."""
    header = f"\ntitle: {title}\nruleset: skirmish\n" + ("" if seed is None else f"seed: {seed}\n")
    if options is not None:
        header += f"options: {options}\n"
    return f"{header}setup:\n  width: {width:g}\n  depth: {depth:g}\n{body.removeprefix(chr(10))}"


def seed_where(test: Callable[[int], bool]) -> int:
    """A seed whose recorded dice make ``test`` true: scenarios pick outcomes by seed, never by
    rigging the engine."""
    return next(s for s in range(2000) if test(s))


def first_roll(seed: int, index: int = 0, roll_number: int = 1) -> int:
    """What the ``roll_number``-th roll's die number ``index`` shows on a d20 in a game of ``seed``."""
    return draw(seed, roll_number, index, 20)


def fell_to(events: Iterable[Any]) -> str:
    """Where the first ``UnitFell`` among ``events`` put the unit."""
    return next(e for e in events if e.name == "UnitFell").to
