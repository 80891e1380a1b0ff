"""A GODSGLOOM mat read plainly from a scenario's data, and a plain cheapest-ways search over it,
for the tests' reference answers: nothing here comes from the product. Each test says, in its
own words, which hexes its rule lets a unit enter, pass and stop in (``plain_moves``)."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Hex = tuple[int, int]
#: axial steps to the six neighbours, N, NE, SE, S, SW, NW
NEIGHBOURS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
FACINGS = ("N", "NE", "SE", "S", "SW", "NW")


def parse(text: str) -> Hex:
    q, r = text.split(",")
    return int(q), int(r)


@dataclass
class PlainMat:
    """A scenario's mat: its size, each terrain hex's type (the last one named stands), the units
    by id, and each hex's enemies (``p2`` units) whose Front Arc covers it."""

    width: int
    height: int
    terrain: dict[Hex, str]
    units: dict[str, dict[str, Any]]
    zones: dict[Hex, set[str]] = field(default_factory=dict)

    @classmethod
    def of(cls, data: dict[str, Any]) -> PlainMat:
        setup = data["setup"]
        mat = cls(setup["width"], setup["height"], {parse(t["at"]): t["type"] for t in setup["terrain"]}, {u["id"]: u for u in setup["units"]})
        for unit in mat.units.values():
            if unit["owner"] == "p2":
                q, r = parse(unit["at"])
                f = FACINGS.index(unit["facing"])
                for d in (f - 1, f, f + 1):
                    mat.zones.setdefault((q + NEIGHBOURS[d % 6][0], r + NEIGHBOURS[d % 6][1]), set()).add(unit["id"])
        return mat

    def on_mat(self, h: Hex) -> bool:
        return 0 <= h[0] < self.width and 0 <= h[1] + h[0] // 2 < self.height

    def held(self) -> dict[Hex, dict[str, Any]]:
        return {parse(u["at"]): u for u in self.units.values()}


def plain_moves(
    mat: PlainMat, start: Hex, allowance: int, enters: Callable[[Hex], int | None], stops: Callable[[Hex], bool],
    guarantee: bool = True,
) -> dict[Hex, int]:
    """The cheapest cost of each hex a move from ``start`` enters within ``allowance``:
    ``enters(h)`` is what entering ``h`` costs (None: it can't be entered), a hex where
    ``stops(h)`` is not left again, and with ``guarantee`` the first step is always allowed,
    spending the whole allowance when it costs more (the Minimum Move Guarantee)."""
    cost = {start: 0}
    frontier = [(0, start)]
    while frontier:
        spent, here = heapq.heappop(frontier)
        if spent > cost[here] or (here != start and stops(here)):
            continue
        for dq, dr in NEIGHBOURS:
            h = (here[0] + dq, here[1] + dr)
            step = enters(h) if mat.on_mat(h) else None
            if step is None:
                continue
            total = spent + step
            if total > allowance:
                if here != start or not guarantee:
                    continue
                total = allowance
            if total < cost.get(h, allowance + 1):
                cost[h] = total
                heapq.heappush(frontier, (total, h))
    return cost
