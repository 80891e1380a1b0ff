"""Hex geometry in axial coordinates: locations, directions, facings, arcs and distance.

Hexes are flat-topped (digest: `hex_orientation`, presentation only) and written ``"q,r"``. The six
edges, and so the six facings, are named N, NE, SE, S, SW, NW. A unit's Front Arc is the edge it
faces and the two beside it (GODSGLOOM rulebook: three sides of the hex form the Front Arc).
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from domain.errors import BadInput

FACINGS = ("N", "NE", "SE", "S", "SW", "NW")
#: axial offset of the neighbour across each edge, in FACINGS order
DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))


class Hex(NamedTuple):
    """A hex by axial coordinates; a tuple, so that hashing it (every step of every search) is
    done in C."""

    q: int
    r: int

    @property
    def text(self) -> str:
        return f"{self.q},{self.r}"

    def neighbour(self, direction: int) -> Hex:
        dq, dr = DIRECTIONS[direction % 6]
        return Hex(self.q + dq, self.r + dr)

    def neighbours(self) -> list[Hex]:
        return [self.neighbour(d) for d in range(6)]


@lru_cache(maxsize=1 << 16)  # a Hex is immutable; searches and legal commands parse the same few hexes again and again
def parse_hex(text: str) -> Hex:
    raw = str(text).strip()
    parts = raw.split(",")
    if len(parts) != 2:
        raise BadInput(f"unknown hex {raw!r}: expected axial coordinates 'q,r' such as '2,-1'")
    try:
        if "_" in raw:  # Python's int() reads "1_0" as 10; nobody writes a hex so
            raise ValueError
        return Hex(int(parts[0]), int(parts[1]))
    except ValueError:
        raise BadInput(f"unknown hex {raw!r}: coordinates must be whole numbers") from None


@lru_cache(maxsize=1 << 16)
def neighbour_texts(text: str) -> tuple[str, ...]:
    """The six hexes around a hex, as text, in FACINGS order (kept: kept indexes ask about the
    same few hexes after every step)."""
    h = parse_hex(text)
    return tuple(f"{h.q + dq},{h.r + dr}" for dq, dr in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a.q - b.q, a.r - b.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def facing_index(name: str) -> int:
    """The index of a facing by name (N, NE, SE, S, SW, NW); BadInput names the choices."""
    key = str(name).strip().upper()
    if key not in FACINGS:
        raise BadInput(f"unknown facing {name!r}: a hex has the facings {', '.join(FACINGS)}")
    return FACINGS.index(key)


def front_arc(facing: int) -> tuple[int, int, int]:
    """The three edges of the Front Arc: the faced edge and its two neighbours."""
    return ((facing - 1) % 6, facing % 6, (facing + 1) % 6)


@lru_cache(maxsize=65536)
def zone_hexes(location: str, facing: str, option: str) -> tuple[Hex, ...]:
    """The Engagement Zone of a unit standing at ``location`` facing ``facing``: its Front Arc's
    three neighbours, or all six under option engagement_zone ``all_adjacent`` (kept: units
    stand on few hexes, and every step asks again for the zones before and after)."""
    here = parse_hex(location)
    edges = tuple(range(6)) if option == "all_adjacent" else front_arc(FACINGS.index(facing))
    return tuple(here.neighbour(d) for d in edges)


@lru_cache(maxsize=65536)
def zone_hex_texts(location: str, facing: str, option: str) -> tuple[str, ...]:
    """``zone_hexes`` as hex texts, in the same order (kept as they are: strings, which the
    garbage collector does not track, where ``zone_hexes`` keeps hexes it does)."""
    q, r = parse_hex(location)
    edges = tuple(range(6)) if option == "all_adjacent" else front_arc(FACINGS.index(facing))
    return tuple(f"{q + DIRECTIONS[d][0]},{r + DIRECTIONS[d][1]}" for d in edges)


def direction_to(a: Hex, b: Hex) -> int | None:
    """The edge of ``a`` that ``b`` lies across, when they are neighbours."""
    for d in range(6):
        if a.neighbour(d) == b:
            return d
    return None


def rectangle(width: int, height: int) -> set[Hex]:
    """A mat ``width`` hexes wide and ``height`` deep, flat-topped, odd columns shifted down.

    Column q holds rows r with 0 <= r + q // 2 < height, so the mat is a rectangle on the table
    although axial r slants.
    """
    return {Hex(q, row - q // 2) for q in range(width) for row in range(height)}
