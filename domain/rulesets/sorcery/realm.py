"""The Sorcery realm: 20 squares in a 5x4 grid, each square with up to two locations.

Locations are written ``"<square>"`` for a site's surface and ``"<square>/<region>"`` otherwise
(``"8/underwater"``, ``"8/underground"``, ``"3/void"``). Squares are numbered row by row, 1-5 on
the top row as the first player sees it (sorcery digest, gap 1; codex: Realm, Location).
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import NamedTuple

from domain.errors import BadInput

COLUMNS = 5
ROWS = 4
SQUARES = range(1, COLUMNS * ROWS + 1)
#: cardinal directions as rows and columns move on the realm's grid (square 1 at the top left,
#: as the first player sees it: digest gap 1)
DIRECTIONS = {"north": (-1, 0), "south": (1, 0), "west": (0, -1), "east": (0, 1)}


class Region(StrEnum):
    SURFACE = "surface"
    UNDERGROUND = "underground"
    UNDERWATER = "underwater"
    VOID = "void"


class Loc(NamedTuple):
    """A location: a square and a region (a tuple, so that hashing and comparing it, which every
    search does for every step, happens in C; ordered by square, then region)."""

    square: int
    region: Region

    @property
    def text(self) -> str:
        if self.region is Region.SURFACE:
            return str(self.square)
        return f"{self.square}/{self.region.value}"

    @property
    def column(self) -> int:
        return (self.square - 1) % COLUMNS

    @property
    def row(self) -> int:
        return (self.square - 1) // COLUMNS


def square_at(row: int, column: int) -> int:
    return row * COLUMNS + column + 1


@lru_cache(maxsize=1024, typed=True)
def parse_loc(text: str) -> Loc:
    """Parse canonical location text; raises BadInput naming the expected form. The realm has
    40 locations, so each text is parsed once (the search reads them for every step), and a
    text parsed before is answered by the cache alone, with no call of a function of ours
    (settling, a step and the board ask it dozens of times an event). ``typed``: a text given
    as a number (11) is parsed apart from its string ("11"), to the same location."""
    raw = str(text).strip()
    square_part, _, region_part = raw.partition("/")
    try:
        if "_" in square_part:  # Python's int() reads "1_1" as 11
            raise ValueError
        square = int(square_part)
    except ValueError:
        raise BadInput(
            f"unknown location {raw!r}: expected a square 1-20, optionally with "
            "/surface, /underground, /underwater or /void"
        ) from None
    if square not in SQUARES:
        raise BadInput(f"unknown location {raw!r}: the realm has squares 1-20")
    try:
        region = Region(region_part) if region_part else Region.SURFACE
    except ValueError:
        raise BadInput(
            f"unknown region {region_part!r} in {raw!r}: "
            "expected surface, underground, underwater or void"
        ) from None
    return Loc(square, region)


def orthogonal(square: int, wrap_columns: bool, wrap_rows: bool) -> list[int]:
    """Squares sharing a border with ``square``; opposite edges join when wrapping."""
    row, column = divmod(square - 1, COLUMNS)
    found: list[int] = []
    for d_row, d_col in ((-1, 0), (0, -1), (0, 1), (1, 0)):
        r, c = row + d_row, column + d_col
        if wrap_rows:
            r %= ROWS
        if wrap_columns:
            c %= COLUMNS
        if 0 <= r < ROWS and 0 <= c < COLUMNS:
            found.append(square_at(r, c))
    return sorted(set(found) - {square})


def diagonal(square: int, wrap_columns: bool, wrap_rows: bool) -> list[int]:
    row, column = divmod(square - 1, COLUMNS)
    found: list[int] = []
    for d_row in (-1, 1):
        for d_col in (-1, 1):
            r, c = row + d_row, column + d_col
            if wrap_rows:
                r %= ROWS
            if wrap_columns:
                c %= COLUMNS
            if 0 <= r < ROWS and 0 <= c < COLUMNS:
                found.append(square_at(r, c))
    return sorted(set(found) - {square})


def nearby(square: int, wrap_columns: bool = False, wrap_rows: bool = False) -> list[int]:
    """The square and the eight around it (codex: Nearby)."""
    return sorted(
        {square, *orthogonal(square, wrap_columns, wrap_rows), *diagonal(square, wrap_columns, wrap_rows)}
    )


def distance(a: int, b: int, wrap_columns: bool = False, wrap_rows: bool = False) -> int:
    """Steps between two squares counted orthogonally (digest 1.4: "X steps away"; codex: Step),
    edges apart unless joined (Magellan Globe: the board's distance)."""
    (ra, ca), (rb, cb) = divmod(a - 1, COLUMNS), divmod(b - 1, COLUMNS)
    d_row, d_col = abs(ra - rb), abs(ca - cb)
    if wrap_columns:
        d_col = min(d_col, COLUMNS - d_col)
    if wrap_rows:
        d_row = min(d_row, ROWS - d_row)
    return d_row + d_col
