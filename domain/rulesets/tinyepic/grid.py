"""The square grid's geometry: spaces written ``"x,y"`` (column, row; 0,0 top left), the four
orthogonal directions and orthogonal (Manhattan) counting. No rules live here."""

from __future__ import annotations

import functools
from typing import Literal, NamedTuple

from domain.errors import BadInput

Direction = Literal["N", "E", "S", "W"]
#: N is towards the first row
DIRECTIONS: dict[Direction, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
#: each direction by its one step (a melee check asks this of every enemy)
_BY_STEP: dict[tuple[int, int], Direction] = {step: name for name, step in DIRECTIONS.items()}
#: the four orthogonal steps (``direction_between`` is not None for exactly these)
ORTHOGONAL_STEPS: frozenset[tuple[int, int]] = frozenset(_BY_STEP)
DIAGONALS: tuple[tuple[int, int], ...] = ((1, -1), (1, 1), (-1, 1), (-1, -1))


class Space(NamedTuple):
    x: int
    y: int

    @property
    def text(self) -> str:
        return f"{self.x},{self.y}"

    def plus(self, dx: int, dy: int, times: int = 1) -> Space:
        return Space(self.x + dx * times, self.y + dy * times)


@functools.lru_cache(maxsize=16_384)
def parse_space(text: str) -> Space:
    """The space ``"x,y"`` names (kept per text: a game names the same few spaces again and
    again; a text that is not a space raises every time)."""
    parts = str(text).strip().split(",")
    try:
        if len(parts) != 2 or "_" in text:  # Python's int() reads "1_0" as 10
            raise ValueError
        return Space(int(parts[0]), int(parts[1]))
    except ValueError:
        raise BadInput(f"{text!r} is not a space: write it x,y (column, row; 0,0 is top left)") from None


def manhattan(a: Space, b: Space) -> int:
    """Spaces counted orthogonally (digest 5: zig-zag, never diagonally)."""
    return abs(a.x - b.x) + abs(a.y - b.y)


def direction_between(frm: Space, to: Space) -> Direction | None:
    """The orthogonal direction of one step from ``frm`` to ``to``, if they are adjacent."""
    return _BY_STEP.get((to.x - frm.x, to.y - frm.y))


def away_directions(frm: Space, target: Space) -> list[Direction]:
    """The orthogonal directions that take ``target`` further from ``frm``."""
    found: list[Direction] = []
    for name, (dx, dy) in DIRECTIONS.items():
        if (dx and dx * (target.x - frm.x) > 0) or (dy and dy * (target.y - frm.y) > 0):
            found.append(name)
    return found
