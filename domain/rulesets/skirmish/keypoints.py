"""The key points the lookahead searches between, and which way of moving could join two of them.

Shortest walks on the table bend only at corners: of walls (the ground blocks, grown by
``MARGIN``), of difficult areas (grown the same way, for a way round one), and of the octagons
that clear other units' bases. Jumps start and end at portals:
points every ``PORTAL_SPACING`` inches just inside the edges of raised surfaces, each with its
foot outside the wall; climbs join a portal and its foot, and any two points within the climb's
leeway (``way``). Ladder ends are points too.

What depends on the table alone (corners, portals, ladder ends, which of them a unit may stand
on) is computed once per table and kept with it; only the unit's own point and the octagons
around the other units are added per question. The points keep the order the search has always
listed them in (the unit, corners, ladder ends, octagons, portals), which is the order ties
between equally short ways resolve in.
"""

from __future__ import annotations

import math
import weakref
from dataclasses import dataclass

import numpy as np
import shapely
from shapely.geometry import Polygon

from domain.rulesets.skirmish.climbs import highest_stage
from domain.rulesets.skirmish.legs import SHAPES_KEPT, LegShape, leg_shape
from domain.rulesets.skirmish.table import EPSILON, GROUND, LOW_OBSTACLE, Spot, Table
from domain.rulesets.skirmish.view import TableView

PORTAL_SPACING = 1.0
MARGIN = 0.05


def _ring_points(polygon: Polygon, spacing: float) -> list[tuple[float, float]]:
    """Points every ``spacing`` inches or so along the polygon's outline, then its corners (the
    outline's points found in one vectorised call: the same as one ``interpolate`` each)."""
    ring = polygon.exterior
    length = ring.length
    count = max(4, int(length / spacing))
    points = shapely.line_interpolate_point(ring, np.array([i * length / count for i in range(count)]))
    spaced = list(zip(shapely.get_x(points).tolist(), shapely.get_y(points).tolist(), strict=True))
    return spaced + [tuple(c) for c in list(ring.coords)[:-1]]


@dataclass(frozen=True)
class TablePoints:
    """The key points a table has whoever moves: only those a unit may stand on."""

    corners: tuple[Spot, ...]
    ladder_ends: tuple[Spot, ...]
    #: (top, its foot or None when no unit can stand there, whether the wall is a climb)
    portals: tuple[tuple[Spot, Spot | None, bool], ...]
    #: the two ends' texts of each ladder
    ladders: frozenset[frozenset[str]]


_TABLE_POINTS: weakref.WeakKeyDictionary[Table, TablePoints] = weakref.WeakKeyDictionary()
#: per table: the octagon points clear of walls around a base, by (centre, clearance)
_OCTAGONS: weakref.WeakKeyDictionary[Table, dict[tuple[str, float], tuple[Spot, ...]]] = weakref.WeakKeyDictionary()


def table_points(table: Table) -> TablePoints:
    """The table's own key points, computed on first use and kept with the table."""
    found = _TABLE_POINTS.get(table)
    if found is not None:
        return found
    corners: list[Spot] = []
    blocks = table.ground_blocks
    for poly in getattr(blocks, "geoms", [blocks]):
        if not poly.is_empty:
            for x, y in list(poly.buffer(MARGIN, join_style="mitre").exterior.coords)[:-1]:
                corners.append(Spot(round(x, 3), round(y, 3), GROUND))
    # a way round a difficult area (which costs the whole move 2" once entered) bends at its
    # corners, just outside them: the centre must not touch the area
    for area in table.difficult:
        if area.polygon.is_empty or not isinstance(area.polygon, Polygon):
            continue
        # (round an area on a surface up to 1" high, a walk on the ground passes beside it)
        low = area.surface != GROUND and table.height(area.surface) <= LOW_OBSTACLE + EPSILON
        for x, y in list(area.polygon.buffer(MARGIN, join_style="mitre").exterior.coords)[:-1]:
            corner = Spot(round(x, 3), round(y, 3), area.surface)
            corners.append(Spot(corner.x, corner.y, GROUND) if low and not table.stands(corner) else corner)
    ends = [end for ladder in table.ladders.values() for end in (ladder.bottom, ladder.top)]
    portals: list[tuple[Spot, Spot | None, bool]] = []
    # each test below is made for all the points of a surface at once (``Table.standable``,
    # shapely's vectorised calls): the same questions of the same shapes as one point at a time
    for surface in table.surfaces.values():
        inner = surface.polygon.buffer(-MARGIN, join_style="mitre")
        if inner.is_empty:
            continue
        around = _ring_points(inner, PORTAL_SPACING)
        tops = [Spot(round(x, 3), round(y, 3), surface.id) for x, y in around]
        kept = [(xy, top) for xy, top, ok in zip(around, tops, table.standable(tops), strict=True) if ok]
        if not kept:
            continue
        ring = surface.polygon.exterior
        outside = shapely.line_interpolate_point(ring, shapely.line_locate_point(ring, shapely.points([xy for xy, _ in kept])))
        landings: list[Spot] = []
        for ((x, y), _), ox, oy in zip(kept, shapely.get_x(outside).tolist(), shapely.get_y(outside).tolist(), strict=True):
            dx, dy = ox - x, oy - y
            foot_xy = (round(ox + dx, 3), round(oy + dy, 3))
            below = table.surface_below(Spot(foot_xy[0], foot_xy[1], surface.id))
            landings.append(Spot(foot_xy[0], foot_xy[1], below.surface))
        for (_, top), landing, ok in zip(kept, landings, table.standable(landings), strict=True):
            climb = surface.height - table.height(landing.surface) > LOW_OBSTACLE + EPSILON
            portals.append((top, landing if ok else None, climb))
    found = TablePoints(
        corners=tuple(s for s, ok in zip(corners, table.standable(corners), strict=True) if ok),
        ladder_ends=tuple(s for s, ok in zip(ends, table.standable(ends), strict=True) if ok),
        portals=tuple(portals),
        ladders=frozenset(frozenset((lad.bottom.text, lad.top.text)) for lad in table.ladders.values()),
    )
    _TABLE_POINTS[table] = found
    return found


def octagon(table: Table, centre: Spot, clearance: float) -> tuple[Spot, ...]:
    """The corners, clear of walls, of an octagon around a base: wide enough that its sides
    clear the base, so shortest detours around units bend at them. Kept per table."""
    known = _OCTAGONS.setdefault(table, {})
    key = (centre.text, clearance)
    found = known.get(key)
    if found is None:
        if len(known) > 4096:
            known.clear()
        spots = []
        off_table = False
        for k in range(8):
            angle = math.pi * k / 4
            x, y = centre.x + clearance * math.cos(angle), centre.y + clearance * math.sin(angle)
            off_table = off_table or not (0.0 <= x <= table.width and 0.0 <= y <= table.depth)
            spot = Spot(round(x, 3), round(y, 3), centre.surface)
            if table.stands(spot):
                spots.append(spot)
        if off_table:
            # a base near the table's edge: a way between it and the edge (a centre may stand on
            # the edge) bends where the octagon's circle meets the edge, as a declared move does
            spots += [spot for spot in _on_the_edges(table, centre, clearance) if table.stands(spot)]
        found = known[key] = tuple(spots)
    return found


def _on_the_edges(table: Table, centre: Spot, radius: float) -> list[Spot]:
    """Where the circle of ``radius`` around ``centre`` crosses the table's four edges."""
    found = []
    for fixed, along, limit, is_x in (
        (0.0, centre.y, table.depth, True), (table.width, centre.y, table.depth, True),
        (0.0, centre.x, table.width, False), (table.depth, centre.x, table.width, False),
    ):
        apart = abs((centre.x if is_x else centre.y) - fixed)
        if apart > radius:
            continue
        half = math.sqrt(radius * radius - apart * apart)
        for at in (along - half, along + half):
            if 0.0 <= at <= limit:
                x, y = (fixed, at) if is_x else (at, fixed)
                found.append(Spot(round(x, 3), round(y, 3), centre.surface))
    return found


@dataclass(frozen=True)
class _Shared:
    """What every unit's key points take from the table's (``TablePoints``), as ``KeyPoints``
    reads it: the corners and ladder ends, and the portals' tops and feet, each as the points
    they add in order (the first of one text kept); the climbs' ends in both directions."""

    corners: dict[str, Spot]
    portals: dict[str, Spot]
    climb_pairs: frozenset[tuple[str, str]]


_SHARED: weakref.WeakKeyDictionary[Table, _Shared] = weakref.WeakKeyDictionary()


def _shared_points(table: Table, static: TablePoints) -> _Shared:
    found = _SHARED.get(table)
    if found is None:
        corners: dict[str, Spot] = {}
        for spot in (*static.corners, *static.ladder_ends):
            corners.setdefault(spot.text, spot)
        portals: dict[str, Spot] = {}
        pairs: set[tuple[str, str]] = set()
        for top, foot, climb in static.portals:
            portals.setdefault(top.text, top)
            if foot is None:
                continue
            portals.setdefault(foot.text, foot)
            if climb:
                pairs.add((top.text, foot.text))
                pairs.add((foot.text, top.text))
        found = _SHARED[table] = _Shared(corners, portals, frozenset(pairs))
    return found


def _added(nodes: dict[str, Spot], more: dict[str, Spot]) -> dict[str, Spot]:
    """``nodes`` with ``more`` added after them as ``setdefault`` one at a time would: a text
    already there keeps its place and its point, a new one comes after, in ``more``'s order
    (done by dicts in C: the table's points are many, and added for every unit and state)."""
    if not nodes:
        return dict(more)
    merged = {**nodes, **more}
    for text in more.keys() & nodes.keys():
        merged[text] = nodes[text]
    return merged


class KeyPoints:
    """The key points for one unit in one state, with a spatial lookup: which points lie within
    a distance of a point (a leg longer than the allowance is never part of a move, and a
    search needs no leg longer than what is left of it)."""

    def __init__(self, view: TableView, unit_id: str, extra: tuple[Spot, ...] = ()) -> None:
        table = view.table
        static = table_points(table)
        shared = _shared_points(table, static)
        self.ladders = static.ladders
        nodes: dict[str, Spot] = {}
        start = view.spot(unit_id)
        for spot in (start, *extra):
            if table.stands(spot):
                nodes.setdefault(spot.text, spot)
        nodes = _added(nodes, shared.corners)
        me = view.radius(unit_id)
        octagons: dict[str, Spot] = {}
        #: the octagon points by the unit each goes round, with the least distance between the
        #: two centres (both radii): a way bending there goes round that base (``reach._diagnose``)
        self.round: dict[str, tuple[str, float]] = {}
        for other in view.placed():
            if other.id == unit_id:
                continue
            clearance = (me + other.radius + MARGIN) / math.cos(math.pi / 8)
            for spot in octagon(table, other.spot, clearance):
                octagons.setdefault(spot.text, spot)
                self.round.setdefault(spot.text, (other.id, me + other.radius))
        nodes = _added(_added(nodes, octagons), shared.portals)
        #: (top, foot) and (foot, top) of every climb (the table's: read, never changed)
        self.climb_pairs: frozenset[tuple[str, str]] = shared.climb_pairs
        self.nodes = nodes
        self.keys = list(nodes)
        self.xs = np.array([s.x for s in nodes.values()], dtype=float)
        self.ys = np.array([s.y for s in nodes.values()], dtype=float)

    def within(self, spot: Spot, radius: float) -> list[str]:
        """The points no further than ``radius`` (+ the tolerance) from ``spot``, in order."""
        if radius < 0:
            return []
        reach = radius + EPSILON
        gaps = np.hypot(self.xs - spot.x, self.ys - spot.y)
        near = np.flatnonzero(gaps <= reach + 1e-9)
        keys, nodes = self.keys, self.nodes
        # the exact test is the one the search has always made (math.hypot): numpy narrows, and
        # answers alone for the points further inside than any rounding of the two could move
        sure = (gaps[near] <= reach - 1e-9).tolist()
        return [keys[i] for i, yes in zip(near.tolist(), sure, strict=True) if yes or spot.flat_distance(nodes[keys[i]]) <= reach]


def surfaces_may_join(table: Table, a_surface: str, b_surface: str) -> bool:
    """Whether a way other than a climb or a ladder (``way``'s cases: a walk, a jump across, a
    jump down) could join a point on ``a_surface`` to one on ``b_surface``: when it can't,
    ``way`` says None for every two points on them that are not a climb's or a ladder's ends."""
    if a_surface == b_surface:
        return True
    ha, hb = table.height(a_surface), table.height(b_surface)
    if abs(ha - hb) <= LOW_OBSTACLE + EPSILON:
        return True
    if a_surface != GROUND and b_surface != GROUND and hb - ha <= LOW_OBSTACLE + EPSILON:
        return True
    return ha > hb and a_surface != GROUND


def least_rise(table: Table, a_surface: str, b_surface: str) -> float:
    """The least any way from a point on ``a_surface`` to one on ``b_surface`` costs beyond its
    horizontal length: nothing where a walk or a jump could join them (``surfaces_may_join``),
    else the difference in height, which a climb and a ladder pay (as a straight climb does),
    less a low stage's height between the ground and a surface (a straight climb's foot on the
    ground's walk stands on one it crosses at the wall: ``climbs.highest_stage``)."""
    if surfaces_may_join(table, a_surface, b_surface):
        return 0.0
    rise = abs(table.height(a_surface) - table.height(b_surface))
    return max(0.0, rise - highest_stage(table)) if GROUND in (a_surface, b_surface) else rise


def way(view: TableView, points: KeyPoints, a_key: str, b_key: str, a: Spot, b: Spot) -> str | None:
    """Which way of moving could join two points, if any (the leg planner then says whether it
    is legal): a climb between a portal and its foot, a ladder between its ends, a walk on one
    surface or onto one within 1", a jump across between raised surfaces (or between two points
    of one whose line leaves it: the arms of a U-shaped roof; onto a surface up to 1" high more
    than 1" below only where jumps across are free and one is accepted), a jump down; else a
    climb between any two points on surfaces more than 1" apart in height and no further apart
    than the climb's leeway (Move Phase, Climbing: a declared move may climb anywhere within
    it), also where a jump down would be refused (onto a lower roof, over higher terrain)."""
    table = view.table
    if (a_key, b_key) in points.climb_pairs:
        return "climb"
    if frozenset((a_key, b_key)) in points.ladders:
        return "ladder"
    ha, hb = table.height(a.surface), table.height(b.surface)
    apart = a.flat_distance(b)
    near = apart <= view.options.jump_across_max_gap + EPSILON
    if a.surface == b.surface:
        if ha > LOW_OBSTACLE + EPSILON and near and not table.walkable(a, b):
            return "jump_across"  # between two arms of one roof, over the gap the line leaves it by
        return "walk"
    if abs(ha - hb) <= LOW_OBSTACLE + EPSILON and table.walkable(a, b):
        return "walk"
    # (a surface up to 1" high is the ground's level, where a jump down from higher lands: the
    # lookahead jumps down onto it, for what a jump across would cost, unless jumps across are
    # free (option jump_across_distance_cost) and a declared one is accepted there)
    down_to_ground = hb <= LOW_OBSTACLE + EPSILON and ha - hb > LOW_OBSTACLE + EPSILON
    if a.surface != GROUND and b.surface != GROUND and hb - ha <= LOW_OBSTACLE + EPSILON and near:
        if not down_to_ground:
            return "jump_across"
        if view.options.jump_across_distance_cost == "free":
            across = leg_shape(view, a, b, "jump_across")
            if across.refusal is None and across.automatic_fail is None:
                return "jump_across"
    climb = abs(ha - hb) > LOW_OBSTACLE + EPSILON and apart <= view.options.climb_horizontal_leeway + EPSILON
    if ha > hb and a.surface != GROUND and apart <= view.options.jump_down_max_horizontal + EPSILON:
        if climb and leg_shape(view, a, b, "jump_down").refusal is not None:
            return "climb"
        return "jump_down"
    return "climb" if climb else None


def way_and_shape(view: TableView, points: KeyPoints, a_key: str, b_key: str, a: Spot, b: Spot) -> tuple[str, LegShape] | None:
    """``way`` and the leg's shape that way (``legs.leg_shape``), kept per table and rule
    options: which way joins two points reads the table alone (portals and ladder ends are the
    table's, ``table_points``), so the searches of every state share it."""
    kept = view.table.leg_ways.setdefault(view.leg_rules, {})
    key = (a.x, a.y, a.surface, b.x, b.y, b.surface)
    found = kept.get(key, _UNKNOWN)
    if found is _UNKNOWN:
        if len(kept) >= SHAPES_KEPT:
            for old in list(kept)[: SHAPES_KEPT // 2]:
                kept.pop(old, None)  # (another thread may have dropped it)
        via = way(view, points, a_key, b_key, a, b)
        found = kept[key] = None if via is None else (via, leg_shape(view, a, b, via))
    return found


_UNKNOWN = object()
