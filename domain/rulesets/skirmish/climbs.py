"""Straight climbs: where a move that goes straight from one point to another on a surface higher
or lower by more than 1" starts and ends its climb (Move Phase, Climbing: "1\" of horizontal
movement is allowed").

A climb costs its height plus its horizontal length, and walks cost their length, so a way that
walks straight at a wall, climbs it and walks straight on costs the straight line's length plus
the height, whatever part of the line the climb covers: the least any way between the two
points can cost. ``straight_climb`` finds such a way when there is one: the points where the
climb starts and ends, on the line (the climb no longer than the leeway, containing the point
where the line leaves the first surface's standing area and the point where it enters the
second's), written to the 3 decimals a location is written in. Where the line passes through
points of that grid (``_lattice``) the way is exactly the straight line; elsewhere its points
are the nearest on the grid, which costs a few millionths of an inch more.

What depends on the table alone (the points) is kept per table; the legs are planned by
``legs.plan`` as a declared move's are, so a way found is one the move command takes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

import shapely
from shapely.ops import unary_union

from domain.rulesets.skirmish.table import EPSILON, GROUND, LOW_OBSTACLE, PLACES, Spot, Table

#: how far (along the line) the climb's ends keep from where the line meets an edge, where
#: there is room: a point written to 3 decimals then still lies on its surface
CLEAR = 0.01
#: the climb kept this much under the leeway when its ends are rounded to the grid
ROUNDING = 0.002
#: how wide a wall standing on a surface is cut out of it for a straight climb's walks
WALL_CUT = 1e-7
#: straight climbs kept per table and leeway before the oldest half goes
KEPT = 100_000
_SCALE = 10**PLACES

_Found = TypeVar("_Found")


def straight_climb(table: Table, leeway: float, a: Spot, b: Spot) -> tuple[Spot, Spot] | None:
    """Where a straight way from ``a`` to ``b`` (on surfaces of different heights) climbs:
    (the climb's start on ``a``'s surface, its end on ``b``'s), either of which may be ``a``
    or ``b`` itself; None when no climb within ``leeway`` joins the two parts of the line a unit
    can walk (the line leaves ``a``'s surface too far from where it reaches ``b``'s). Kept per
    table."""
    return _kept(table, ("straight climb", leeway), a, b, lambda: _straight_climb(table, leeway, a, b))


def _kept(table: Table, kind: tuple[object, ...], a: Spot, b: Spot, work: Callable[[], _Found]) -> _Found:
    """What ``work`` finds for the line from ``a`` to ``b``, kept with the table under ``kind``
    (the table never changes under it); the oldest half goes past ``KEPT``."""
    kept: dict[tuple[object, ...], Any] = table.leg_ways.setdefault(kind, {})
    key = (a.x, a.y, a.surface, b.x, b.y, b.surface)
    if key in kept:
        found: _Found = kept[key]
        return found
    if len(kept) >= KEPT:
        for old in list(kept)[: KEPT // 2]:
            kept.pop(old, None)
    found = kept[key] = work()
    return found


def _straight_climb(table: Table, leeway: float, a: Spot, b: Spot) -> tuple[Spot, Spot] | None:
    length = a.flat_distance(b)
    if length <= 0:
        return None
    line = shapely.linestrings([(a.x, a.y), (b.x, b.y)])
    left = _walked(line, _climb_region(table, a.surface), length, from_start=True)  # a walk from a stays up to here
    reached = _walked(line, _climb_region(table, b.surface), length, from_start=False)  # and one to b from here
    if reached - left > leeway:
        return None
    lattice = _lattice(a, b)

    def pick(lo: float, hi: float, room_lo: float, room_hi: float, tight_lo: bool, tight_hi: bool) -> float | None:
        return _pick(lattice, lo, hi, room_lo, room_hi, tight_lo, tight_hi)

    # a foot on the ground's walk where the line crosses a low stage at the wall stands on it
    stage_from = _stage(table, line, length, a.surface, b.surface, left, up=True)
    stage_to = _stage(table, line, length, b.surface, a.surface, reached, up=False)
    start: float | None
    end: float | None
    if reached <= leeway and stage_from is None:
        # climb from ``a`` itself, to a point past where the line reaches b's surface
        start, end = 0.0, pick(reached, min(length, leeway, stage_to or length), reached + CLEAR, (stage_to or length) - CLEAR, False, length > leeway)
    elif length - left <= leeway and stage_to is None:
        # walk to a point short of where the line leaves a's surface, climb to ``b`` itself
        start, end = pick(max(length - leeway, stage_from or 0.0), left, (stage_from or 0.0) + CLEAR, left - CLEAR, True, False), length
    else:
        # walk, climb, walk on
        first, last = stage_from or 0.0, length if stage_to is None else stage_to
        start = pick(max(first, reached - leeway), left, max(reached - leeway, first) + CLEAR, left - CLEAR, True, False)
        end = None if start is None else pick(max(reached, start), min(last, start + leeway), reached + CLEAR, last - CLEAR, False, True)
    if start is None or end is None or end - start <= 0:
        return None
    low, high = _at(a, b, start, length, a.surface), _at(a, b, end, length, b.surface)
    return _stood_on(table, low, table.height(b.surface)), _stood_on(table, high, table.height(a.surface))


def highest_stage(table: Table) -> float:
    """The height of the highest surface up to 1" high (0 if none): a straight climb whose foot
    is on the ground's walk may stand on such a stage (``_stage``), so a way between the ground
    and a surface costs at least the difference in height less this (``least_rise``,
    ``TableGraph.over_floor``)."""
    return max((s.height for s in table.surfaces.values() if s.height <= LOW_OBSTACLE + EPSILON), default=0.0)


def _stage(table: Table, line: Any, length: float, low: str, high: str, wall: float, up: bool) -> float | None:
    """Where on the line (``up``: from, else to) the low stage the ground's walk crosses at the
    wall (``wall``: where the walk meets it) lies, when the climb's foot is on the ground's walk
    and goes from that stage to ``high``: a climb from its top is that much lower (seed 004,
    Move Phase, Climbing: the height counts; terrain up to 1" high is moved over freely), so
    the foot is put on it. None where there is no such stage."""
    if low != GROUND or table.low_tops.is_empty:
        return None
    for lo, hi in _spans(line, table.low_tops):
        if lo - 1e-9 <= wall <= hi + 1e-9 and hi - lo > 1e-9:
            # the stage crossed here, not the highest anywhere on the table, sets the wall's height
            if table.height(high) - _stage_at(table, line.interpolate(wall)) <= LOW_OBSTACLE + EPSILON:
                return None
            return lo if up else hi
    return None


def _stage_at(table: Table, point: Any) -> float:
    """The height of the highest surface up to 1" high at ``point`` (0 if none): the stage a
    climb's foot stands on there (``_stood_on`` lifts it onto the highest such top)."""
    return max(
        (s.height for s in table.surfaces.values() if s.height <= LOW_OBSTACLE + EPSILON and s.polygon.distance(point) <= 1e-9),
        default=0.0,
    )


def _climb_region(table: Table, surface: str) -> Any:
    """Where the line may be walked on ``surface`` before or after its climb: the surface's
    walk region, cut by the walls of every surface more than 1" higher standing on it (docs/
    skirmish.md: a storey's walls stand on the terrace it rises from; seed 004, Move Phase,
    Climbing: the climb goes up that wall, not from under the storey, inside its walls). The
    ground's walk region stops at them already. Kept per table."""
    kept: dict[tuple[object, ...], Any] = table.leg_ways.setdefault(("climb region",), {})
    if (surface,) not in kept:
        region = table.walk_region(surface)
        above = table.height(surface) + LOW_OBSTACLE + EPSILON
        taller = [s.polygon.boundary for s in table.surfaces.values() if s.height > above]
        if surface != GROUND and taller:
            # the walls standing inside the surface (not along its edge: a floor under its roof
            # is climbed into at a window from outside, example 38) cut it
            walls = unary_union(taller).difference(region.boundary)
            if not walls.is_empty:
                region = region.difference(walls.buffer(WALL_CUT))
        kept[(surface,)] = region
    return kept[(surface,)]


def _stood_on(table: Table, spot: Spot, other: float) -> Spot:
    """A climb's end as a unit stands there: a point of the ground's walk inside a surface up to
    1" high is on that surface (docs/skirmish.md, The table: ``x,y@id``; seed 004, Move Phase:
    such terrain is moved over freely), so the climb goes from (or to) its top, the wall that
    much lower, where it is still more than 1" (``other``: the height at the climb's other end).
    Before, the climb's end stayed on the ground there, a point no unit stands on, and the way
    was lost."""
    if spot.surface != GROUND or table.stands(spot):
        return spot
    tops = sorted((s for s in table.surfaces.values() if s.height <= LOW_OBSTACLE + EPSILON), key=lambda s: -s.height)
    for top in tops:
        lifted = Spot(spot.x, spot.y, top.id)
        if abs(other - top.height) > LOW_OBSTACLE + EPSILON and table.stands(lifted):
            return lifted
    return spot


def _pick(
    lattice: tuple[int, float] | None, lo: float, hi: float, room_lo: float, room_hi: float, tight_lo: bool, tight_hi: bool,
) -> float | None:
    """A point of the line in [lo, hi], away from the edges (in [room_lo, room_hi]) if it can
    be: a point of the grid on the line nearest the middle, else the middle, to be rounded to
    the grid; then a bound set by a limit (``tight_*``: the leeway, a jump's reach) is kept
    ``ROUNDING`` away, as rounding may move the point. None if there is no such point."""
    for low, high in ((max(lo, room_lo), min(hi, room_hi)), (lo, hi)):
        if lattice is not None:
            count, step = lattice
            first, last = max(0, math.ceil(low / step - 1e-9)), min(count, math.floor(high / step + 1e-9))
            if first <= last:
                return min(max(round((low + high) / 2 / step), first), last) * step
        low, high = low + (ROUNDING if tight_lo else 0.0), high - (ROUNDING if tight_hi else 0.0)
        if low <= high:
            return (low + high) / 2
    return None


def straight_over(table: Table, leeway: float, reach: float, a: Spot, b: Spot, far: bool = False) -> tuple[Spot, Spot, Spot, Spot] | None:
    """Where a straight way from ``a`` to ``b`` over the one surface between them, higher than
    both by more than 1", climbs it, jumps off and lands (Move Phase, Climbing and Jumping):
    (the climb's start, its end on the top, the take-off near the top's far edge, the landing
    within ``reach`` of it on ``b``'s surface, or ``b`` itself). From a point on such a top
    itself, with nothing else on the line, the way walks to the edge and jumps (no climb: its
    start and end are ``a``). Walks, climbs and jumps paid by their length cost the straight
    line's length plus the climb's height wherever the line is climbed and left, so these
    points are chosen on the line (to 3 decimals, as ``straight_climb``'s). None where the line
    meets other terrain, or where the climb or the jump does not fit. Kept per table.

    The landing is in the middle of where it may be on the line; ``far``: as far on as the jump
    reaches, so that the jump passes over what lies on the ground before it (a patch of difficult
    terrain it would land in: Move Phase, Jumping Down; the way costs the same)."""
    kind = ("straight over", leeway, reach, "far") if far else ("straight over", leeway, reach)
    return _kept(table, kind, a, b, lambda: _straight_over(table, leeway, reach, a, b, far))


def _straight_over(table: Table, leeway: float, reach: float, a: Spot, b: Spot, far: bool) -> tuple[Spot, Spot, Spot, Spot] | None:
    crossed = table.crossed(a, b)
    high_start = table.height(a.surface) > table.height(b.surface) + LOW_OBSTACLE + EPSILON
    if high_start and not crossed:
        # ``a`` is on the top already: a walk to its edge, the jump, a walk on (no climb)
        top, height = a.surface, table.height(a.surface)
    elif len(crossed) == 1 and crossed[0][0] is not None:
        top, height = crossed[0][0], crossed[0][1]
    else:
        return None
    if height <= max(table.height(a.surface), table.height(b.surface)) + LOW_OBSTACLE + EPSILON and top != a.surface:
        return None
    length = a.flat_distance(b)
    line = shapely.linestrings([(a.x, a.y), (b.x, b.y)])
    # (from the top's very edge the line only touches it: it takes off where it stands)
    spans = _spans(line, table.walk_region(top)) or ([(0.0, 0.0)] if top == a.surface else [])
    if len(spans) != 1 or (top == a.surface and spans[0][0] > 1e-9):
        return None
    enter, leave = spans[0]
    lattice = _lattice(a, b)
    # the take-off: on the top, as near its far edge as keeps it there
    off = _pick(lattice, max(enter, leave - 0.1), leave, enter + CLEAR, leave - CLEAR, False, False)
    if off is None or (off <= enter and top != a.surface):
        return None
    take_off = _at(a, b, off, length, top)
    ends = (a, a) if top == a.surface else straight_climb(table, leeway, a, take_off)
    if ends is None:
        return None
    if length - off <= reach - ROUNDING:
        landing = b
    else:
        walked_from = _walked(line, table.walk_region(b.surface), length, from_start=False)
        lo = max(walked_from, leave)
        hi = min(length, off + reach)
        if far:
            lo = max(lo, hi - CLEAR)
        at = _pick(lattice, lo, hi, lo + CLEAR, length - CLEAR, False, True)
        if at is None:
            return None
        landing = _at(a, b, at, length, b.surface)
    return ends[0], ends[1], take_off, landing


def _spans(line: Any, region: Any) -> list[tuple[float, float]]:
    """The parts of ``line`` inside ``region``, as distances along it from its start."""
    inside = shapely.intersection(line, region)
    parts = [g for g in getattr(inside, "geoms", [inside]) if g.geom_type == "LineString" and not g.is_empty]
    spans = []
    for part in parts:
        along = sorted(float(shapely.line_locate_point(line, shapely.points(c))) for c in part.coords)
        spans.append((along[0], along[-1]))
    return spans


def _walked(line: Any, region: Any, length: float, from_start: bool) -> float:
    """How far along ``line`` (from its start, or back from its end) it stays in ``region``,
    measured from the start: the far end of the part of the line in the region that begins
    (ends) at the line's start (end)."""
    spans = _spans(line, region)
    if from_start:
        return max((hi for lo, hi in spans if lo <= 1e-9), default=0.0)
    return min((lo for lo, hi in spans if hi >= length - 1e-9), default=length)


def _lattice(a: Spot, b: Spot) -> tuple[int, float] | None:
    """The points of the 3-decimal grid on the line from ``a`` to ``b`` (both on it): how many
    steps apart a and b are, and the length of a step; None if a point is off the grid."""
    ax, ay, bx, by = (v * _SCALE for v in (a.x, a.y, b.x, b.y))
    if any(abs(v - round(v)) > 1e-6 for v in (ax, ay, bx, by)):
        return None
    dx, dy = round(bx) - round(ax), round(by) - round(ay)
    count = math.gcd(abs(dx), abs(dy))
    if count == 0:
        return None
    return count, a.flat_distance(b) / count


def _at(a: Spot, b: Spot, along: float, length: float, surface: str) -> Spot:
    """The point ``along`` inches from ``a`` towards ``b``, on ``surface``, written to the grid
    (``a`` or ``b`` themselves at the ends; a grid point on the line stays exactly on it)."""
    if along <= 0:
        return Spot(a.x, a.y, surface)
    if along >= length:
        return Spot(b.x, b.y, surface)
    lattice = _lattice(a, b)
    if lattice is not None:
        count, step = lattice
        k = round(along / step)
        if abs(k * step - along) <= 1e-9:
            ax, ay, bx, by = (round(v * _SCALE) for v in (a.x, a.y, b.x, b.y))
            return Spot((ax + (bx - ax) // count * k) / _SCALE, (ay + (by - ay) // count * k) / _SCALE, surface)
    t = along / length
    return Spot(round(a.x + (b.x - a.x) * t, PLACES), round(a.y + (b.y - a.y) * t, PLACES), surface)
