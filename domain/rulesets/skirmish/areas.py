"""The reachable area of each surface: the centres of a grid of ``AREA_SPACING`` cells that a
unit reaches, and the polygons they make.

Legal commands count a unit's moves to these centres before every command of a self-played
game, so the work per centre is kept small:

- the grid of a surface (its centres as points, which of them lie on the surface and may be
  stood on) depends on the table alone: it is worked out once per table (``_grid``), for the
  cells first asked about, and kept with it;
- whether each centre is reached is decided for all the centres at once (``reached``): the
  lower bounds of a way through every key point in range are one array per batch of centres,
  and only the last legs that could fit are planned, one centre after another, until one does.
  Whether a centre is reached does not depend on which key point joins it first, so the
  answer is the one ``TableSearch.reachable`` gives for each centre alone (a property test
  checks this on random tables).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

import numpy
import shapely
from shapely.geometry import Polygon
from shapely.ops import unary_union

from domain.rulesets.skirmish.keypoints import least_rise
from domain.rulesets.skirmish.table import EPSILON, GROUND, Spot, Table

if TYPE_CHECKING:
    from domain.rulesets.skirmish.reach import TableSearch

AREA_SPACING = 1.0
#: centres whose lower bounds are worked out in one array (bounds the memory of a batch)
BATCH = 256


def reachable_areas(search: TableSearch) -> tuple[dict[str, list[list[list[float]]]], list[str]]:
    """The reachable area of each surface, as polygons (lists of [x, y] corners), made of the
    grid cells (``AREA_SPACING`` inches) whose centres are reachable; and those centres."""
    table = search.view.table
    found = reachable_centres(search)
    half = AREA_SPACING / 2
    cells: dict[str, list[Polygon]] = {}
    for surface, x, y, _ in found:
        square = [(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)]
        cells.setdefault(surface, []).append(Polygon(square))
    areas: dict[str, list[list[list[float]]]] = {}
    for surface, squares in cells.items():
        merged = unary_union(squares).intersection(table.region(surface))
        parts = getattr(merged, "geoms", [merged])
        areas[surface] = [[[round(px, 3), round(py, 3)] for px, py in part.exterior.coords] for part in parts if isinstance(part, Polygon)]
    return areas, [text for *_, text in found]


def _steps(first: float, end: float) -> list[float]:
    """``first``, ``first + AREA_SPACING``, ... below ``end``, added up one step at a time (as
    the grid always was, so that every centre is the same float)."""
    found = []
    value = first
    while value < end:
        found.append(value)
        value += AREA_SPACING
    return found


class _Grid:
    """The area grid of one surface of one table: its centres (x and y as added up, and as
    the rounded arrays the distance test reads), and for each cell asked about so far its
    point and whether a unit may stand there (on the surface, by the vectorised test, and by
    ``Table.check_spot``)."""

    def __init__(self, table: Table, surface: str) -> None:
        self.table = table
        self.surface = surface
        self.region = table.region(surface)
        half = AREA_SPACING / 2
        minx, miny, maxx, maxy = self.region.bounds
        self.xs, self.ys = _steps(minx + half, maxx), _steps(miny + half, maxy)
        self.rx = numpy.array([round(x, 3) for x in self.xs])
        self.ry = numpy.array([round(y, 3) for y in self.ys])
        #: (i, j) -> (the centre's point, on the surface, may be stood on)
        self.cells: dict[tuple[int, int], tuple[Spot, bool, bool]] = {}

    def cell(self, i: int, j: int) -> tuple[Spot, bool, bool]:
        return self.cells[(i, j)]

    def learn(self, wanted: list[tuple[int, int]]) -> None:
        """Work out the cells not known yet among ``wanted``: one vectorised "is it on the
        surface" for them all, then the exact check of each one that is."""
        new = [(i, j) for i, j in wanted if (i, j) not in self.cells]
        if not new:
            return
        spots = [Spot(round(self.xs[i], 3), round(self.ys[j], 3), self.surface) for i, j in new]
        inside = shapely.covers(self.region, shapely.points([(s.x, s.y) for s in spots]))
        for key, spot, on_surface in zip(new, spots, inside, strict=True):
            self.cells[key] = (spot, bool(on_surface), bool(on_surface) and self.table.stands(spot))


_GRIDS: weakref.WeakKeyDictionary[Table, dict[str, _Grid]] = weakref.WeakKeyDictionary()


def _grid(table: Table, surface: str) -> _Grid:
    """The grid of ``surface``, kept with the table."""
    grids = _GRIDS.setdefault(table, {})
    found = grids.get(surface)
    if found is None:
        found = grids[surface] = _Grid(table, surface)
    return found


def free_furthest(search: TableSearch, start: Spot) -> float:
    """With free jumps, how far from the start a reachable point can be: a way ends with a
    leg from a key point in range, and a usable leg is no longer than its cost or, a free
    jump across, than the longest gap (``TableGraph.longest_free_leg``)."""
    furthest = 0.0
    for (graph, _), (_, cost, xs, ys) in zip(search.needed_runs, search.needed_ranges, strict=True):
        if len(cost):
            left = numpy.maximum(graph.budget + EPSILON - cost, graph.longest_free_leg)
            furthest = max(furthest, float(numpy.max(numpy.hypot(xs - start.x, ys - start.y) + left)))
    return furthest + 1e-6


def reachable_centres(search: TableSearch) -> list[tuple[str, float, float, str]]:
    """The reachable centres of the area grid (``AREA_SPACING`` inches) on every surface, in
    order: (surface, x, y, the centre as a spot's text). Legal commands need these only, not
    the areas' polygons."""
    table = search.view.table
    found: list[tuple[str, float, float, str]] = []
    start = search.view.spot(search.unit_id)
    # every leg costs at least its horizontal length unless jumps are free, so a cell centre
    # further than the largest allowance in a straight line can't be reached: don't ask
    paid = search.view.options.jump_across_distance_cost == "deducted"
    furthest = max(graph.budget for graph in search.graphs) + EPSILON if paid else free_furthest(search, start)
    for surface in [GROUND, *table.surfaces]:
        grid = _grid(table, surface)
        # the cells near enough in a straight line, found for the whole grid at once (with a
        # hair of slack), then each checked exactly as one at a time would be
        near = numpy.hypot(grid.rx[:, None] - start.x, grid.ry[None, :] - start.y) <= furthest + 1e-6
        wanted = list(zip(*(index.tolist() for index in numpy.nonzero(near)), strict=True))
        grid.learn(wanted)
        centres: list[tuple[float, float, Spot]] = []
        for i, j in wanted:
            spot, on_surface, standable = grid.cell(i, j)
            if on_surface and spot.flat_distance(start) <= furthest:
                if not standable:
                    search.view.table.check_spot(spot)  # says why, as asking about the point alone would
                centres.append((grid.xs[i], grid.ys[j], spot))
        if not centres:
            continue
        for (x, y, spot), yes in zip(centres, reached(search, [c[2] for c in centres]), strict=True):
            if yes:
                found.append((surface, x, y, spot.text))
    return found


def reached(search: TableSearch, targets: list[Spot]) -> list[bool]:
    """``search.reachable(t)`` for each target, each already checked to be a point a unit may
    stand on: the targets another unit stands on are out, and the others are joined to the
    key points in range, a batch of targets at a time (see the module's docstring)."""
    found = [False] * len(targets)
    if search.denied is not None:
        return found
    view, unit_id = search.view, search.unit_id
    start = view.spot(unit_id)
    # another unit's base under a target rules it out (``view.overlap_at``, its bases read once
    # per surface here)
    bases = {surface: view.bases_on_level(unit_id, surface) for surface in {target.surface for target in targets}}
    open_ = [
        t for t, target in enumerate(targets)
        if target == start or not any(target.flat_distance(base.spot) < base.overlap_within for base in bases[target.surface])
    ]
    # most targets are first joined from the start: its walks to them all in one test
    view.table.learn_walks(start, [targets[t] for t in open_])
    for (graph, reach), (keys, cost, xs, ys) in zip(search.needed_runs, search.needed_ranges, strict=True):
        left = []
        for t in open_:
            if targets[t].text in reach.cost:
                found[t] = True
            else:
                # a key point asked about is that key point (the same in every graph: one set of points)
                targets[t] = graph.nodes.get(targets[t].text, targets[t])
                left.append(t)
        open_ = left
        if not keys or not open_:
            continue
        limit = graph.budget + EPSILON
        costs = cost.tolist()
        # a way from a key point on a surface no walk or jump joins to the targets' own climbs
        # (or takes a ladder): it costs the difference in height more (``least_rise``)
        table = graph.view.table
        surfaces = [graph.nodes[k].surface for k in keys]
        same_surface = all(targets[t].surface == targets[open_[0]].surface for t in open_)
        rises = {s: least_rise(table, s, targets[open_[0]].surface) for s in set(surfaces)} if same_surface else {}
        rise = numpy.array([rises.get(s, 0.0) for s in surfaces])
        for first in range(0, len(open_), BATCH):
            batch = open_[first : first + BATCH]
            tx = numpy.array([targets[t].x for t in batch])
            ty = numpy.array([targets[t].y for t in batch])
            gap = numpy.hypot(xs[None, :] - tx[:, None], ys[None, :] - ty[:, None])
            if graph.paid:
                lower = (cost + rise)[None, :] + gap
                # a hair over the limit is still tried: the leg's own cost decides
                near = lower <= limit + 1e-9
            else:
                # free jumps: a usable leg is no longer than its cost, or than the longest jump
                lower = numpy.broadcast_to(cost + rise, gap.shape)
                longest = numpy.maximum(limit - cost, graph.longest_free_leg)
                near = (cost + rise <= limit)[None, :] & (gap <= longest[None, :] + 1e-9)
            # the most promising key points first: which one joins does not change the answer
            order = numpy.argsort(numpy.where(near, lower, numpy.inf), axis=1, kind="stable")
            counts = near.sum(axis=1).tolist()
            for row, t in enumerate(batch):
                target = targets[t]
                tried = [(keys[i], costs[i]) for i in order[row, : counts[row]].tolist()]
                if graph.joins_within(tried, target, limit):
                    found[t] = True
        open_ = [t for t in open_ if not found[t]]
    return found
