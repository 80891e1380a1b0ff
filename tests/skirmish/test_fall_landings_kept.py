"""Where a fall lands (seed 004, Move Phase, Falling) is kept per table (issue 20): the landings
asked again of the same table are those a table built anew works out, and are not worked out
again.

Self-play fails the same jumps over the same edges game after game, and each fall's landing read
the whole table's geometry anew (its walls grown by the base's radius, the room left, the
shadows of the buildings seen from the edge): a fall took milliseconds. ``Table.fall_landings``
now keeps its answers by its arguments, and what it reads of the table alone (``Table.fall_room``)
once per surface and radius. The reference here is a table built from the same data that keeps
nothing, asked each question once.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from domain.rulesets.skirmish.state import SkirmishState
from domain.rulesets.skirmish.table import Spot, Table
from domain.rulesets.skirmish.view import table_from_data
from sim.runner import play
from sim.scenario import load_scenario

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "skirmish"
#: examples whose tables have falls onto the ground between buildings, onto stages with walls
#: standing on them, and past stages with no room
FALLING = [
    "19-fall-from-a-house-with-floors", "20-a-whole-turn", "43-walls-standing-on-a-terrace",
    "49-a-ledge-fall-onto-a-stage-lands-beyond-the-wall", "54-a-fall-lands-where-it-can-reach-beyond-its-edge",
    "55-no-room-to-land-beyond-an-edge", "56-a-fall-onto-a-stage-keeps-its-base-clear-or-drops-past-it",
]


def _table(name: str) -> Table:
    """The example's table, built anew from the data its set-up laid."""
    played = play(load_scenario(EXAMPLES / f"{name}.yaml"), strict=False)
    state = played.game.state
    assert isinstance(state, SkirmishState) and state.table is not None
    data = state.table
    return table_from_data(data)


def _falls(table: Table, name: str) -> list[tuple[Spot, float, Spot]]:
    """Falls over every side of points drawn on every raised surface: (the point just beyond the
    side, a base's radius, the edge point), each twice."""
    rnd = random.Random(name)
    falls: list[tuple[Spot, float, Spot]] = []
    for surface in table.surfaces.values():
        minx, miny, maxx, maxy = surface.polygon.bounds
        for _ in range(6):
            spot = Spot(round(rnd.uniform(minx, maxx), 3), round(rnd.uniform(miny, maxy), 3), surface.id)
            if table.stands(spot):
                falls += [(side.beyond, radius, side.edge) for side in table.sides_of(spot) for radius in (0.5, 1.0)]
    return falls + falls


@pytest.mark.parametrize("name", FALLING)
def test_landings_kept_per_table_are_those_a_table_built_anew_works_out(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = _table(name)
    falls = _falls(kept, name)
    assert falls
    worked: list[tuple[Spot, float]] = []
    work = Table._fall_landings

    def counted(self: Table, start: Spot, radius: float, edge_point: Spot | None) -> list[Spot]:
        if self is kept:
            worked.append((start, radius))
        return work(self, start, radius, edge_point)

    monkeypatch.setattr(Table, "_fall_landings", counted)
    for start, radius, edge in falls:
        answer = kept.fall_landings(start, radius, edge)
        reference = _keeping_nothing(kept).fall_landings(start, radius, edge)
        assert [s.text for s in answer] == [s.text for s in reference], f"{name}: fall from {start.text}, radius {radius:g}"
    # each distinct fall (and the drop past a stage it may lead to) worked out once, not twice
    distinct = {(s.x, s.y, s.surface, r) for s, r in worked}
    assert len(worked) == len(distinct)
    assert len(worked) < len(falls)


def _keeping_nothing(table: Table) -> Table:
    """A table with the same geometry as ``table`` and nothing kept: every question worked out."""
    return Table(table.width, table.depth, list(table.surfaces.values()), list(table.ladders.values()), table.difficult, table.obstacles)
