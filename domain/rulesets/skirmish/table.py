"""The inch-measured table: a ground plane, raised surfaces, ladders, low obstacles and difficult
areas, with the geometry questions movement asks of them (through shapely).

A location is a point on one surface: ``"x,y"`` on the ground, ``"x,y@roof"`` on the surface
``roof``. Heights are absolute, in inches above the ground. Walls are the sides of raised
surfaces: a surface more than ``LOW_OBSTACLE`` above the ground blocks walking on the ground
across its footprint, and is reached by climbing, ladders or jumping.

Distances are horizontal inches compared with a tolerance of ``EPSILON`` (1e-6).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

import shapely
from shapely.geometry import LineString, Point, Polygon
from shapely.ops import nearest_points, unary_union
from shapely.prepared import prep

from domain.errors import BadInput

EPSILON = 1e-6
GROUND = "ground"
#: anything up to this height may be moved over freely (Move Phase: terrain up to 1" high)
LOW_OBSTACLE = 1.0
#: how far past an edge ``Table._over`` looks for what lies beyond it, in inches
_BEYOND = 0.05
#: sides of a surface no more than this much farther than the nearest are as near: which one a
#: unit falls over is ambiguous, and rolled (a thousandth of an inch: points are written to 3 decimals)
FALL_TIE = 1e-3
#: how much farther than its base's radius from a wall a falling unit's centre is sought, before
#: the point is rounded to the 1/1000" locations are written in; the rounded point is then checked
#: again, so the recorded base touches the wall at most, never overlaps it
FALL_MARGIN = 1e-4
#: how far a base on a stage may reach into a wall once its centre is written to 3 decimals
FALL_TOUCH = 1e-3
#: locations are written to 3 decimals (see ``_num``)
PLACES = 3
#: walks kept per table before they are forgotten (``Table.walkable``)
WALKS_KEPT = 200_000
#: fall landings kept per table before they are forgotten (``Table.fall_landings``)
LANDINGS_KEPT = 10_000


@dataclass(frozen=True)
class Spot:
    """A point on a surface."""

    x: float
    y: float
    surface: str = GROUND

    @cached_property
    def text(self) -> str:
        """The point as written (kept: a search compares thousands of points by their text)."""
        where = "" if self.surface == GROUND else f"@{self.surface}"
        return f"{_num(self.x)},{_num(self.y)}{where}"

    @cached_property
    def point(self) -> Point:
        """The point as shapely's (kept: shapely geometries are immutable, and making one costs
        more than the question asked of it)."""
        return Point(self.x, self.y)

    def flat_distance(self, other: Spot) -> float:
        return math.hypot(self.x - other.x, self.y - other.y)


def bearing(frm: Spot, to: Spot) -> float:
    """The bearing from ``frm`` to ``to`` in degrees, clockwise from north (+y), 0 to 360."""
    return math.degrees(math.atan2(to.x - frm.x, to.y - frm.y)) % 360


def compass(degrees: float) -> str:
    """The nearest of the eight compass points to the bearing ``degrees`` (clockwise from north)."""
    return ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")[round(degrees / 45) % 8]


def heading(frm: Spot, to: Spot) -> str:
    """The compass point ``to`` lies at from ``frm`` (horizontally), or "straight down" where the
    two are one point seen from above (a fall where the unit stands)."""
    if math.hypot(to.x - frm.x, to.y - frm.y) <= EPSILON:
        return "straight down"
    return compass(bearing(frm, to))


def _num(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def short_of(needed: float, allowance: float) -> str:
    """``needs 6.00", the allowance is 5.50"``: both to hundredths, or to as many places as tell
    them apart when hundredths would print them equal (6.003 against 6.00 read "needs 6.00", the
    allowance is 6.00"", a refusal that seemed to contradict itself)."""
    places = 2
    while places < 6 and f"{needed:.{places}f}" == f"{allowance:.{places}f}":
        places += 1
    return f"needs {needed:.{places}f}\", the allowance is {allowance:.{places}f}\""


@dataclass(frozen=True)
class Side:
    """A side of a raised surface as seen from a spot on it: how far it is, the point of it
    nearest the spot, the point just beyond it (on what lies there), the drop from the surface
    to there, and whether it is the surface's one nearest side to the spot (no other within
    ``FALL_TIE`` as near)."""

    distance: float
    edge: Spot
    beyond: Spot
    drop: float
    nearest: bool


def parse_spot(text: str) -> Spot:
    return _parse_spot(str(text).strip())


@lru_cache(maxsize=65536)
def _parse_spot(raw: str) -> Spot:
    """Parsing is pure and a ``Spot`` is immutable, so each text is parsed once: the lookahead
    reads every unit's location on every leg it plans."""
    coords, _, surface = raw.partition("@")
    parts = coords.split(",")
    if len(parts) != 2:
        raise BadInput(f"unknown point {raw!r}: expected 'x,y' or 'x,y@surface' in inches")
    try:
        if "_" in coords:  # Python's float() reads "1_0" as 10
            raise ValueError
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise BadInput(f"unknown point {raw!r}: coordinates must be numbers of inches") from None
    if not (math.isfinite(x) and math.isfinite(y)):
        raise BadInput(f"unknown point {raw!r}: coordinates must be finite")
    return Spot(x, y, surface.strip() or GROUND)


@dataclass(frozen=True)
class Surface:
    id: str
    polygon: Polygon
    height: float


@dataclass(frozen=True)
class Ladder:
    id: str
    bottom: Spot
    top: Spot


@dataclass(frozen=True)
class FallRoom:
    """What a fall onto one surface by a base of one radius reads of the table alone
    (``Table.fall_landings``), made once per table: the footprints that are walls there
    (``blocks``) and the same shrunk by the tolerance (``inside``), the part of the surface
    walked on less them (``area``), where the centre may be (``room``, at least ``edge`` inside
    the table's edges), and that room less the walls grown by the radius and the margin
    (``fitted``) or a hair short of the radius (``tight``, None without walls). Only where
    the fall lands from (the straight lines from the edge) is worked out fall by fall."""

    blocks: Any
    inside: Any
    area: Any
    room: Any
    edge: float
    fitted: Any
    tight: Any


@dataclass(frozen=True)
class Area:
    """A difficult area (or a low obstacle) on one surface."""

    surface: str
    polygon: Polygon


class Table:
    def __init__(
        self,
        width: float,
        depth: float,
        surfaces: list[Surface],
        ladders: list[Ladder],
        difficult: list[Area],
        obstacles: list[tuple[Polygon, float]],
    ) -> None:
        self.width = width
        self.depth = depth
        self.surfaces = {s.id: s for s in surfaces}
        self.ladders = {ladder.id: ladder for ladder in ladders}
        self.difficult = difficult
        self.obstacles = obstacles
        #: what each leg is on this table alone, by the rule options it reads, then by its ends
        #: and way (``legs.leg_shape``): the same legs are planned state after state
        self.leg_shapes: dict[tuple[object, ...], dict[tuple[object, ...], Any]] = {}
        #: which way joins two points and the leg's shape that way (``keypoints.way_and_shape``)
        self.leg_ways: dict[tuple[object, ...], dict[tuple[object, ...], Any]] = {}

    @cached_property
    def bounds(self) -> Polygon:
        return Polygon([(0, 0), (self.width, 0), (self.width, self.depth), (0, self.depth)])

    @cached_property
    def _on_table(self) -> Any:
        """The table grown by the tolerance, prepared: ``check_spot`` asks it of every point."""
        return prep(self.bounds.buffer(EPSILON))

    @cached_property
    def _footprints(self) -> dict[str, Any]:
        """Each raised surface's footprint grown by the tolerance, prepared, for "what is under
        this point" questions."""
        return {s.id: prep(s.polygon.buffer(EPSILON)) for s in self.surfaces.values()}

    @cached_property
    def _boxes(self) -> dict[str, tuple[float, float, float, float]]:
        """Each raised surface's bounding box (shapely computes ``bounds`` anew on every call)."""
        return {s.id: s.polygon.bounds for s in self.surfaces.values()}

    @cached_property
    def _walk_areas(self) -> dict[tuple[str, str], Any]:
        """Prepared unions of two surfaces' standing areas, made when a walk between them is
        first asked about (steps onto low surfaces)."""
        return {}

    @cached_property
    def _difficult(self) -> list[tuple[str, tuple[float, float, float, float], Any]]:
        return [(area.surface, area.polygon.bounds, prep(area.polygon)) for area in self.difficult]

    @cached_property
    def _terrain(self) -> list[tuple[str | None, float, tuple[float, float, float, float], Any]]:
        """Surfaces and obstacles with their heights, boxes and prepared footprints, for the
        terrain a jump passes over (obstacles have no surface id)."""
        found: list[tuple[str | None, float, tuple[float, float, float, float], Any]] = [
            (s.id, s.height, s.polygon.bounds, prep(s.polygon)) for s in self.surfaces.values()
        ]
        found += [(None, h, poly.bounds, prep(poly)) for poly, h in self.obstacles]
        return found

    @cached_property
    def ground_blocks(self) -> Polygon:
        """What can't be walked through on the ground: tall surfaces and tall obstacles."""
        tall = [s.polygon for s in self.surfaces.values() if s.height > LOW_OBSTACLE + EPSILON]
        tall += [poly for poly, height in self.obstacles if height > LOW_OBSTACLE + EPSILON]
        return unary_union(tall) if tall else Polygon()

    def height(self, surface: str) -> float:
        return 0.0 if surface == GROUND else self.surfaces[surface].height

    def one_level(self, a: str, b: str) -> bool:
        """Whether two surfaces are one level for the units on them: the same surface, or heights
        within the low-obstacle height (Move Phase: terrain up to 1" high is moved over freely),
        so that bases on them meet (in each other's way, never ending on each other)."""
        return a == b or abs(self.height(a) - self.height(b)) <= LOW_OBSTACLE + EPSILON

    def region(self, surface: str) -> Polygon:
        """Where a unit may stand on ``surface``."""
        return self._regions[surface][0]

    def walk_region(self, surface: str) -> Polygon:
        """Where a walk on ``surface`` may pass: on the ground, over low surfaces too (a unit
        stands on one, but walks across it as over any terrain up to 1" high)."""
        return self._walk_regions[surface][0]

    @cached_property
    def low_tops(self) -> Polygon:
        """The footprints of surfaces up to 1" high: a point inside one is on it, not on the
        ground (it is written ``x,y@id``), though the ground's walks pass over it."""
        low = [s.polygon for s in self.surfaces.values() if s.height <= LOW_OBSTACLE + EPSILON]
        return unary_union(low) if low else Polygon()

    @cached_property
    def _regions(self) -> dict[str, tuple[Polygon, Any]]:
        """Each surface's standing area and a prepared, tolerance-grown copy for fast tests."""
        found = dict(self._walk_regions)
        if not self.low_tops.is_empty:
            # the edge of a low surface is ground too (the difference keeps it as its boundary)
            ground = found[GROUND][0].difference(self.low_tops)
            found[GROUND] = (ground, prep(ground.buffer(EPSILON)))
        return found

    @cached_property
    def _walk_regions(self) -> dict[str, tuple[Polygon, Any]]:
        found: dict[str, tuple[Polygon, Any]] = {}
        for surface in [GROUND, *self.surfaces]:
            area = self.bounds.difference(self.ground_blocks) if surface == GROUND else self.surfaces[surface].polygon
            found[surface] = (area, prep(area.buffer(EPSILON)))
        return found

    def _covers(self, surface: str, geometry: Any) -> bool:
        return bool(self._regions[surface][1].covers(geometry))

    def check_spot(self, spot: Spot) -> None:
        """BadInput unless the point is on the table and on its surface (not inside a wall)."""
        if spot.surface != GROUND and spot.surface not in self.surfaces:
            raise BadInput(f"unknown surface {spot.surface!r}: the table has {', '.join(['ground', *self.surfaces])}")
        if not self._on_table.covers(spot.point):
            raise BadInput(f"point {spot.text} is off the {_num(self.width)}x{_num(self.depth)} table")
        if not self._covers(spot.surface, spot.point):
            if spot.surface == GROUND:
                low = [s for s in self.surfaces.values() if s.height <= LOW_OBSTACLE + EPSILON and s.polygon.covers(spot.point)]
                if low:
                    top = low[0]
                    raise BadInput(
                        f"point {spot.text} is on {top.id} ({_num(top.height)}\" high), not the ground: a unit there "
                        f"stands on it; write {_num(spot.x)},{_num(spot.y)}@{top.id}"
                    )
                raise BadInput(f"point {spot.text} is inside a wall or tall terrain; name the surface on top (x,y@id)")
            raise BadInput(f"point {spot.text} is not on surface {spot.surface}")

    def stands(self, spot: Spot) -> bool:
        """Whether ``check_spot`` passes for one point: the question of a point worked out
        alone (an area's cell, an octagon point), where the refusal's text is not wanted."""
        try:
            self.check_spot(spot)
        except BadInput:
            return False
        return True

    def standable(self, spots: Sequence[Spot]) -> list[bool]:
        """For each point, whether ``check_spot`` passes: asked of all the points at once (the
        same prepared shapes and the same points as one at a time, through shapely's
        vectorised predicates), for the table's own key points, built once per table."""
        if not spots:
            return []
        points = shapely.points([(s.x, s.y) for s in spots])
        found = shapely.covers(self._on_table.context, points).tolist()
        for surface in {s.surface for s in spots}:
            at = [i for i, s in enumerate(spots) if s.surface == surface]
            if surface != GROUND and surface not in self.surfaces:
                covered = [False] * len(at)
            else:
                covered = shapely.covers(self._regions[surface][1].context, points[at]).tolist()
            for i, inside in zip(at, covered, strict=True):
                found[i] = bool(found[i] and inside)
        return found

    def surface_below(self, spot: Spot) -> Spot:
        """Where something dropping from ``spot`` lands: the highest surface under it that is
        lower than it, else the ground."""
        start = self.height(spot.surface)
        best = Spot(spot.x, spot.y, GROUND)
        best_height = 0.0
        for surface in self.surfaces.values():
            if surface.id != spot.surface and surface.height < start - EPSILON and surface.height > best_height:
                minx, miny, maxx, maxy = self._boxes[surface.id]
                reach = 2 * EPSILON  # the footprint is grown by EPSILON: a point beyond its box plus that is outside
                if spot.x < minx - reach or spot.x > maxx + reach or spot.y < miny - reach or spot.y > maxy + reach:
                    continue
                if self._footprints[surface.id].covers(spot.point):
                    best, best_height = Spot(spot.x, spot.y, surface.id), surface.height
        return best

    def standable_near(self, spot: Spot, radius: float, avoid: Sequence[tuple[Spot, float]] = ()) -> Spot:
        """``spot`` if a unit can stand there, else the nearest point of its surface clear of walls
        (a unit falling from a roof edge lands at the foot of the wall, not inside it).

        On the ground (Move Phase, Falling and Jumping Across: the unit falls "to the ground
        below"), the point below a roof is inside the building, so the unit goes to the nearest
        point where its whole base stands clear of every wall and tall obstacle and on the table:
        just outside the wall under its take-off, at its base's radius. That may be between
        free-standing buildings, or beyond the end of a gap too narrow for the base. ``avoid``
        adds circles (a centre and how far from it) the unit's base must stay out of: other
        units' bases, when a falling unit can't be put beside the one it fell on."""
        if spot.surface == GROUND or avoid:
            return self._room_near(spot, radius, avoid)
        region = self.region(spot.surface)
        if region.buffer(EPSILON).covers(spot.point):
            return spot
        inner = region.buffer(-min(radius, 0.5))
        target = inner if not inner.is_empty else region
        nearest = target.exterior.interpolate(target.exterior.project(spot.point)) if hasattr(target, "exterior") else target.boundary.interpolate(target.boundary.project(spot.point))
        return Spot(round(nearest.x, 3), round(nearest.y, 3), spot.surface)

    def base_clear(self, spot: Spot, radius: float) -> bool:
        """Whether a base of ``radius`` at ``spot`` overlaps no wall or tall obstacle (touching is
        allowed). Only the ground has walls standing on it; on a raised surface the centre rules."""
        if spot.surface != GROUND or self.ground_blocks.is_empty:
            return True
        return bool(self.ground_blocks.distance(spot.point) >= radius - EPSILON)

    def _fits(
        self, spot: Spot, radius: float, avoid: Sequence[tuple[Spot, float]], edge: float = 0.0, part: Any = None,
        walls: Any = None,
    ) -> bool:
        """The base fits at ``spot``: its centre on its surface and at least ``edge`` inside the
        table's edges, clear of walls, outside every ``avoid`` circle and, given a ``part``
        (``_reachable_part``), in it; given ``walls`` (every footprint, ``nearest_clear_ground``),
        the whole base clear of them too (touching allowed)."""
        inside = edge - EPSILON <= spot.x <= self.width - edge + EPSILON and edge - EPSILON <= spot.y <= self.depth - edge + EPSILON
        if walls is not None and inside and walls.distance(spot.point) < radius - EPSILON:
            return False
        return (
            inside
            and self._covers(spot.surface, spot.point)
            and self.base_clear(spot, radius)
            and all(spot.flat_distance(centre) >= reach + radius - EPSILON for centre, reach in avoid)
            and (part is None or part.distance(spot.point) <= EPSILON)
        )

    def _reachable_part(self, spot: Spot) -> Any:
        """The part of ``spot``'s surface a unit standing there could walk to (Move Phase: terrain
        over 1\" high is not moved through): on a raised surface, its side of every wall standing
        on it (inside a tower's footprint, or outside it: at the foot of the wall where the
        surface goes on outside is outside, as for ``through_wall``), then the piece of what is
        left that holds the spot (a courtyard walled in on the ground is a piece of its own).
        None where no piece holds it (a point under a roof, inside the building: a fall from the
        roof is put at the nearest room outside, as before)."""
        area: Any = self.walk_region(spot.surface)
        if spot.surface != GROUND:
            for wall_id, _height, _box, footprint, _inside, _flush in self._walls.get(spot.surface, ()):
                within = footprint.distance(spot.point) <= EPSILON and not self._at_wall_outside(spot, wall_id, footprint)
                area = area.intersection(footprint) if within else area.difference(footprint)
        pieces = [g for g in getattr(area, "geoms", [area]) if g.geom_type == "Polygon" and not g.is_empty]
        holding = [g for g in pieces if g.distance(spot.point) <= EPSILON]
        return unary_union(holding) if holding else None

    def _room_near(self, spot: Spot, radius: float, avoid: Sequence[tuple[Spot, float]]) -> Spot:
        """The nearest point to ``spot`` on its surface where a base of ``radius`` fits: ``spot``
        itself if it does, else a point of the room left (on the ground: the table shrunk by the
        radius, less every wall grown by it; less the ``avoid`` circles grown by it), in the part
        of the surface a unit at ``spot`` could walk to (``_reachable_part``), rounded to a point
        that still fits. It took any point of the surface: a unit fallen beside another at a
        tower's foot on a roof, with no room round it, was put inside the tower."""
        part = self._reachable_part(spot)
        if self._fits(spot, radius, avoid, part=part):
            return spot
        edge = 0.0
        tight = None
        if spot.surface == GROUND:
            room = self.bounds.buffer(-radius, join_style="mitre")
            edge = radius
            if room.is_empty:  # a table narrower than the base: keep only the centre on it
                room, edge = self.bounds, 0.0
            if not self.ground_blocks.is_empty:
                # 64 segments a quarter circle: the grown corners fall short of the radius by under
                # 1e-4 of it, which FALL_MARGIN and the check after rounding absorb
                walls = self.ground_blocks.buffer(radius + FALL_MARGIN, quad_segs=64)
                # a gap exactly a base wide has no room once the margin grows both its walls (nor
                # any area with none): the room the walls leave a hair short of the radius is tried
                # too, the check after rounding judging what fits there (touching walls is allowed)
                tight = room.difference(self.ground_blocks.buffer(radius - FALL_MARGIN / 10, quad_segs=64)).difference(self.low_tops)
                room = room.difference(walls)
            room = room.difference(self.low_tops)  # a centre there would stand on the low surface
        else:
            room = self.region(spot.surface)
        if avoid:
            circles = [centre.point.buffer(reach + radius + FALL_MARGIN, quad_segs=64) for centre, reach in avoid]
            room = room.difference(unary_union(circles))
        if part is not None:
            # where it could walk from where it landed: not inside a tower standing on the roof
            # it fell onto, nor over a wall into a courtyard
            room = room.intersection(part)
            tight = tight.intersection(part) if tight is not None else None
        if room.is_empty:
            if avoid:  # no room clear of the others: at least clear of the walls
                return self.standable_near(spot, radius)
            nearest = nearest_points(self.region(GROUND), spot.point)[0]  # nothing fits: centre only
            return Spot(round(nearest.x, PLACES), round(nearest.y, PLACES), GROUND)
        nearest = nearest_points(room, spot.point)[0]
        found = self._round_fitting(Spot(nearest.x, nearest.y, spot.surface), radius, avoid, edge, part)
        if tight is not None and not avoid and not tight.is_empty:
            close = nearest_points(tight, spot.point)[0]
            other = self._round_fitting(Spot(close.x, close.y, spot.surface), radius, avoid, edge, part)
            if self._fits(other, radius, avoid, edge, part) and other.flat_distance(spot) < found.flat_distance(spot) - EPSILON:
                return other
        return found

    def fall_landings(self, start: Spot, radius: float, edge_point: Spot | None = None) -> list[Spot]:
        """Where a unit that went over an edge lands, from ``start``, the point just beyond the edge
        (``Side.beyond``), on its surface (Move Phase, Falling: the spot it has fallen to): the
        nearest point to ``start`` where the base stands clear of every wall standing on that
        surface (on the ground: every tall surface and obstacle, and on the table; on a stage:
        the buildings standing on it, its own edge ruling the centre only), within the part of
        the surface a straight line from the edge reaches without passing through a footprint
        (from ``start``, or from ``edge_point`` where ``start`` is inside a footprint: a hedge a
        hair past the edge). Several points as near (within ``FALL_TIE``, apart from each other:
        both ends of a gap too narrow for the base) are all returned, so the engine rolls the
        random direction of an ambiguous fall among them.

        On a stage, where no base fits on it, the unit drops on to the ground beyond the edge
        (``_drop_beyond``): it landed with its base half inside the wall.

        Empty where no base fits in that part (a roof over the whole table, a strip between the
        wall and a hedge or the table's edge): the engine then reads option fall_without_room
        (the nearest clear ground, ``nearest_clear_ground``, or where it was, a 0" fall). It placed the centre alone there, or anywhere on the ground with no
        reach limit (round the corner, through the building).

        Kept per table by its arguments (the answer reads nothing but the table): self-play
        fails the same jumps over the same edges game after game."""
        key = (start.x, start.y, start.surface, radius, None if edge_point is None else (edge_point.x, edge_point.y, edge_point.surface))
        found = self._landings.get(key)
        if found is None:
            if len(self._landings) >= LANDINGS_KEPT:
                self._landings.clear()
            found = self._landings[key] = tuple(self._fall_landings(start, radius, edge_point))
        return list(found)

    @cached_property
    def _landings(self) -> dict[tuple[float, float, str, float, tuple[float, float, str] | None], tuple[Spot, ...]]:
        return {}

    def fall_room(self, surface: str, radius: float) -> FallRoom:
        """What ``fall_landings`` reads of the table alone for a fall onto ``surface`` by a base
        of ``radius`` (``FallRoom``), worked out once per table: growing every wall by the radius
        was most of a fall's time, and the falls of one table land on few surfaces, by few radii."""
        key = (surface, radius)
        found = self._fall_rooms.get(key)
        if found is None:
            found = self._fall_rooms[key] = self._fall_room(surface, radius)
        return found

    @cached_property
    def _fall_rooms(self) -> dict[tuple[str, float], FallRoom]:
        return {}

    def _fall_room(self, surface: str, radius: float) -> FallRoom:
        edge = 0.0
        if surface == GROUND:
            blocks = self.ground_blocks
            area = self.walk_region(GROUND)
            room = self.bounds.buffer(-radius, join_style="mitre")
            edge = radius
            room = room.difference(self.low_tops)
        else:
            # every footprint more than 1" above the stage that the base could touch: the walls
            # standing on it and a building beside it (flush with its edge), on the ground
            floor = self.surfaces[surface].height + LOW_OBSTACLE + EPSILON
            near = self.region(surface).buffer(radius + FALL_MARGIN)
            walls = [s.polygon for s in self.surfaces.values() if s.height > floor and s.polygon.intersects(near)]
            walls += [poly for poly, height in self.obstacles if height > floor and poly.intersects(near)]
            blocks = unary_union(walls) if walls else Polygon()
            area = self.region(surface).difference(blocks)
            room = self.region(surface)
        if blocks.is_empty:
            return FallRoom(blocks, blocks, area, room, edge, room, None)
        # a gap exactly a base wide has no room once the margin grows both its walls: the room
        # the walls leave a hair short of the radius is kept too (``tight``)
        fitted = room.difference(blocks.buffer(radius + FALL_MARGIN, quad_segs=64))
        tight = room.difference(blocks.buffer(radius - FALL_MARGIN / 10, quad_segs=64))
        return FallRoom(blocks, blocks.buffer(-EPSILON), area, room, edge, fitted, tight)

    def _fall_landings(self, start: Spot, radius: float, edge_point: Spot | None) -> list[Spot]:
        """``fall_landings`` worked out."""
        surface = start.surface
        point = Point(start.x, start.y)
        if surface == GROUND and self.region(GROUND).is_empty:  # a roof over the whole table: no ground to land on
            return []
        fixed = self.fall_room(surface, radius)
        blocks, area, room, edge = fixed.blocks, fixed.area, fixed.room, fixed.edge
        if room.is_empty:
            return self._drop_beyond(start, radius, edge_point)
        origin = point
        if not blocks.is_empty and fixed.inside.covers(point) and edge_point is not None:
            origin = Point(edge_point.x, edge_point.y)  # start inside a footprint: seen from the edge
        seen = None
        if not blocks.is_empty and not fixed.inside.covers(origin):
            # what a straight line from ``origin`` reaches without passing through a footprint:
            # not the far side of a building, though the ground goes round to it
            seen = self._seen_from(origin, blocks)
            area = area.intersection(seen)
        pieces = [g for g in getattr(area, "geoms", [area]) if g.geom_type == "Polygon" and not g.is_empty]
        if not pieces:
            return self._drop_beyond(start, radius, edge_point)
        holding = [g for g in pieces if g.distance(point) <= EPSILON]
        if not holding:  # start inside a wall or off the table: the nearest part(s)
            near = min(g.distance(point) for g in pieces)
            holding = [g for g in pieces if g.distance(point) <= near + FALL_TIE]
        part = unary_union(holding)
        fitted = fixed.fitted.intersection(part)
        if fitted.is_empty or fitted.area <= EPSILON:
            # no room for the base in the part reached: tried a hair short of the radius below,
            # else none (the engine keeps the unit where it was)
            landings: list[Spot] = []
        else:
            landings = [s for s in self._nearest_in(fitted, start, radius, edge, part) if self._fits(s, radius, (), edge, part)]
        if fixed.tight is not None:
            # a gap exactly a base wide has no room once the margin grows both its walls: the room
            # the walls leave a hair short of the radius is tried too, kept where the base fits
            # once rounded (touching walls is allowed), as ``_room_near`` does
            tight = fixed.tight.intersection(part)
            if not tight.is_empty and (not landings or tight.distance(point) < landings[0].flat_distance(start) - 10 * FALL_TIE):
                closer = [s for s in self._nearest_in(tight, start, radius, edge, part) if self._fits(s, radius, (), edge, part)]
                landings = closer or landings
        if surface != GROUND:
            # the centre on the stage, the whole base clear of the walls (written to 3 decimals)
            landings = [s for s in landings if blocks.is_empty or blocks.distance(s.point) >= radius - FALL_TOUCH]
            if not landings:
                return self._drop_beyond(start, radius, edge_point)
        return landings

    def _drop_beyond(self, start: Spot, radius: float, edge_point: Spot | None) -> list[Spot]:
        """No base fits on the stage beyond the edge: the unit drops on past it to the ground
        there (``fall_landings`` from the same point, on the ground); none where ``start`` is on
        the ground already."""
        if start.surface == GROUND:
            return []
        return self.fall_landings(Spot(start.x, start.y, GROUND), radius, edge_point)

    def nearest_clear_ground(self, below: Spot, radius: float) -> list[Spot]:
        """Where a unit that went over an edge with no room beyond it lands under option
        ``fall_without_room: nearest_fit`` (Move Phase, Jumping Across: "the ground below";
        Falling: the spot it has fallen to; the seed is silent on a landing with no room): the
        nearest points to ``below`` (the ground under the edge's point), with no reach limit, where
        its whole base is on the table and clear of every wall of the level it lands on. The
        levels are the ground and each stage up to 1" high (Move Phase: terrain up to 1" is moved
        over freely, units stand on low stages): a low stage is no wall, a unit may land on it, its
        centre on the stage and its base clear of every footprint more than 1" above the stage, as
        ``fall_landings`` lands on stages; on the ground, its centre off every low stage and its
        base clear of every footprint more than 1" high. Several as near (within ``FALL_TIE``) are
        all returned, for the engine's 1dN; empty where no base fits anywhere on the table."""
        pool: list[Spot] = []
        for surface, room, tight, walls in self._clear_ground(radius):
            pool += self._nearest_on_level(Spot(below.x, below.y, surface), radius, room, tight, walls)
        if not pool:
            return []
        # the nearest of every level, and any as near (within ``FALL_TIE``) on another, for the 1dN
        best = min(s.flat_distance(below) for s in pool)
        return sorted((s for s in pool if s.flat_distance(below) <= best + FALL_TIE), key=lambda s: (s.flat_distance(below), s.x, s.y))

    def _nearest_on_level(self, start: Spot, radius: float, room: Any, tight: Any, walls: Any) -> list[Spot]:
        """``nearest_clear_ground`` on one level (``start``'s surface): the nearest points of its
        room, or of its tight room (a gap exactly a base wide) where that is clearly nearer."""
        landings: list[Spot] = []
        for area in (room, tight):
            if area is None or area.is_empty:
                continue
            found = [s for s in self._nearest_in(area, start, radius, radius, None, walls) if self._fits(s, radius, (), radius, None, walls)]
            if found and (not landings or found[0].flat_distance(start) < landings[0].flat_distance(start) - 10 * FALL_TIE):
                landings = found
        return landings

    def _clear_ground(self, radius: float) -> list[tuple[str, Any, Any, Any]]:
        """For ``nearest_clear_ground``, once per table and radius, for the ground and each stage
        up to 1" high: the room for a base's centre on that level clear of every footprint more
        than 1" above it (grown by the radius and the margin), the same a hair short of the radius
        (a gap exactly a base wide; None without such footprints), and those footprints."""
        found = self._clear_grounds.get(radius)
        if found is None:
            table = self.bounds.buffer(-radius, join_style="mitre")
            levels = [(GROUND, table.difference(self.low_tops), 0.0)]
            levels += [(s.id, table.intersection(s.polygon), s.height) for s in self.surfaces.values() if s.height <= LOW_OBSTACLE + EPSILON]
            found = []
            for surface, room, floor in levels:
                top = floor + LOW_OBSTACLE + EPSILON
                tall = [s.polygon for s in self.surfaces.values() if s.height > top] + [poly for poly, h in self.obstacles if h > top]
                walls = unary_union(tall) if tall else Polygon()
                tight = None
                if not walls.is_empty and not room.is_empty:
                    tight = room.difference(walls.buffer(radius - FALL_MARGIN / 10, quad_segs=64))
                    room = room.difference(walls.buffer(radius + FALL_MARGIN, quad_segs=64))
                found.append((surface, room, tight, walls))
            self._clear_grounds[radius] = found
        return found

    @cached_property
    def _clear_grounds(self) -> dict[float, list[tuple[str, Any, Any, Any]]]:
        return {}

    def _nearest_in(self, room: Any, start: Spot, radius: float, edge: float, part: Any, walls: Any = None) -> list[Spot]:
        """The points of ``room`` nearest ``start``, each rounded to one where the base fits: one,
        or several as near (within ``FALL_TIE``) and apart, nearest first."""
        point = Point(start.x, start.y)
        distance = room.distance(point)
        if distance <= EPSILON:
            found = [point]
        else:
            ring = room.intersection(point.buffer(distance + FALL_TIE, quad_segs=256))
            found = [nearest_points(g, point)[0] for g in getattr(ring, "geoms", [ring]) if not g.is_empty]
            found = found or [nearest_points(room, point)[0]]
        landings: list[Spot] = []
        for exact in found:
            spot = self._round_fitting(Spot(exact.x, exact.y, start.surface), radius, (), edge, part, walls)
            if all(spot.flat_distance(other) > 10 * FALL_TIE for other in landings):
                landings.append(spot)
        return sorted(landings, key=lambda s: (s.flat_distance(start), s.x, s.y))

    def _seen_from(self, point: Point, blocks: Any) -> Any:
        """The table less what ``blocks`` hide from ``point`` (outside them): each side of each
        footprint casts the shadow of a straight line from the point past its two ends."""
        far = 2 * (self.width + self.depth)
        shadows = []
        for polygon in getattr(blocks, "geoms", [blocks]):
            for ring in [polygon.exterior, *polygon.interiors]:
                coords = list(ring.coords)
                for (ax, ay), (bx, by) in zip(coords, coords[1:], strict=False):
                    da, db = math.hypot(ax - point.x, ay - point.y), math.hypot(bx - point.x, by - point.y)
                    if da <= EPSILON or db <= EPSILON:
                        continue
                    quad = Polygon([
                        (ax, ay), (bx, by),
                        (bx + (bx - point.x) / db * far, by + (by - point.y) / db * far),
                        (ax + (ax - point.x) / da * far, ay + (ay - point.y) / da * far),
                    ])
                    if quad.is_valid and quad.area > EPSILON:
                        shadows.append(quad)
        if not shadows:
            return self.bounds
        return self.bounds.difference(unary_union([*shadows, blocks]))

    def _round_fitting(
        self, exact: Spot, radius: float, avoid: Sequence[tuple[Spot, float]], edge: float, part: Any = None, walls: Any = None,
    ) -> Spot:
        """``exact`` written to 3 decimals: the plain rounding if the base still fits there, else
        the nearest grid point around it that fits (rounding must not push a base into a wall, off
        the table or onto another base). The search widens ring by ring: where two walls leave a
        sharp wedge of room, its tip can be thinner than the grid."""
        step = 10.0**-PLACES
        x, y, surface = exact.x, exact.y, exact.surface
        plain = Spot(round(x, PLACES), round(y, PLACES), surface)
        if self._fits(plain, radius, avoid, edge, part, walls):
            return plain
        fx, fy = math.floor(x / step), math.floor(y / step)
        for ring in range(1, 26):
            grid = [
                Spot(round((fx + i) * step, PLACES), round((fy + j) * step, PLACES), surface)
                for i in range(1 - ring, ring + 1)
                for j in range(1 - ring, ring + 1)
                if max(abs(i - 0.5), abs(j - 0.5)) > ring - 1.5
            ]
            fitting = [c for c in grid if self._fits(c, radius, avoid, edge, part, walls)]
            if fitting:
                return min(fitting, key=lambda c: (math.hypot(c.x - x, c.y - y), c.x, c.y))
        return plain

    def ledge_near(self, spot: Spot, within: float) -> tuple[Spot, str, float] | None:
        """The nearest ledge of ``spot``'s raised surface within ``within`` inches (``ledges_near``):
        (the edge point, the surface beyond it, the drop), or None."""
        ledges = self.ledges_near(spot, within)
        if not ledges:
            return None
        return ledges[0].edge, ledges[0].beyond.surface, ledges[0].drop

    def ledges_near(self, spot: Spot, within: float) -> list[Side]:
        """Every side of ``spot``'s raised surface within ``within`` inches that drops more than
        ``LOW_OBSTACLE`` to what lies beyond it, nearest first. Not only the nearest side: a unit
        whose nearest edge steps onto a roof as high is still next to a ledge if another edge
        within reach drops (designers' comment on Dazed or Stunned next to a ledge). Empty on
        the ground, far from an edge, or where every near edge steps onto a surface of about the
        same height."""
        if spot.surface == GROUND:
            return []
        if not self._open_sides[spot.surface]:
            return []  # a floor under its roof: walls all round, no ledge
        return [side for side in self.sides_of(spot, within) if side.drop > LOW_OBSTACLE + EPSILON]

    def sides_of(self, spot: Spot, within: float = math.inf, lower_only: bool = False) -> list[Side]:
        """The sides of ``spot``'s raised surface within ``within`` inches of it, nearest first
        (the order of the outline among equals): for each, the point of it nearest ``spot``, the
        point just beyond it (``_over``) and the drop to there. Two sides meeting at
        the corner nearest ``spot`` are one point, listed once. Every side is listed, not only
        the nearest: where two or more are equally near, which one a unit falls over is rolled
        (Move Phase, Falling: a random direction where it is ambiguous). The parts of the sides
        where a higher surface stands (``_open_sides``) are walls, not sides to go over, unless
        every side is one."""
        surface = self.surfaces[spot.surface]
        pieces = self._open_sides[surface.id] or self._all_sides[surface.id]
        nearest = min(piece.distance(spot.point) for piece in pieces)
        sides: list[Side] = []
        seen: set[str] = set()
        for segment in pieces:
            distance = segment.distance(spot.point)
            if distance > within + EPSILON:
                continue
            point = segment.interpolate(segment.project(spot.point))
            edge, beyond = self._over(surface, spot, point, lower_only)
            if edge.text in seen:
                continue
            seen.add(edge.text)
            drop = surface.height - self.height(beyond.surface)
            sides.append(Side(distance, edge, beyond, drop, False))
        sides.sort(key=lambda side: side.distance)
        tied = [side for side in sides if side.distance <= nearest + FALL_TIE]
        if len(tied) == 1:  # the one nearest side: straight out from the spot
            sides[0] = Side(tied[0].distance, tied[0].edge, tied[0].beyond, tied[0].drop, True)
        return sides

    @cached_property
    def _all_sides(self) -> dict[str, list[LineString]]:
        """Each raised surface's sides, one segment per side of its outline."""
        found: dict[str, list[LineString]] = {}
        for surface in self.surfaces.values():
            coords = list(surface.polygon.exterior.coords)
            found[surface.id] = [LineString([a, b]) for a, b in zip(coords, coords[1:], strict=False)]
        return found

    @cached_property
    def _open_sides(self) -> dict[str, list[LineString]]:
        """Each raised surface's sides less where a higher surface stands on or over them (the
        wall of a tower rising from a roof's edge, the walls of a floor under its roof) and
        less the table's edge: there a unit is against a wall, or at the end of the table,
        not at a ledge (designers' comment: Dazed or Stunned next to a ledge), and nothing
        falls over it (Jumping Across: to the ground below); so is a side closer than the landing
        offset (``_BEYOND``) to either. Empty where every side is so (a
        floor under its roof): ``sides_of`` then takes them all."""
        found: dict[str, list[LineString]] = {}
        for surface in self.surfaces.values():
            higher = [o.polygon for o in self.surfaces.values() if o.height > surface.height + EPSILON]
            # an obstacle taller than the surface beside its side is a wall there too (a 6"
            # obstacle 0.03" past a 4" chapel's edge: example 55, test_falling_an_obstacle_taller_than_the_roof_beside_its_edge_is_a_wall)
            higher += [poly for poly, height in self.obstacles if height > surface.height + EPSILON]
            # the table's own edge: nothing lies beyond it to fall to. Both are grown by the
            # landing offset (``_BEYOND``): a taller neighbour or the table's edge closer to a side
            # than that leaves no ledge there (a tower 0.03" beyond a chapel's wall is a wall rising
            # from its edge); the point beyond such a side was inside the tower or off the table
            cover = unary_union([*higher, self.bounds.exterior]).buffer(_BEYOND)
            pieces: list[LineString] = []
            for side in self._all_sides[surface.id]:
                rest = side.difference(cover) if cover.intersects(side) else side
                parts = getattr(rest, "geoms", [rest])
                pieces += [part for part in parts if isinstance(part, LineString) and part.length > EPSILON]
            found[surface.id] = pieces
        return found

    def _over(self, surface: Surface, spot: Spot, edge: Point, lower_only: bool) -> tuple[Spot, Spot]:
        """The edge point of ``surface`` at ``edge`` and the point just beyond it, straight out
        from ``spot``, on what lies there: the highest surface no higher than this one whose
        footprint holds it, else the ground (``_below``). What lies under the surface itself (a
        floor below a roof) is inside its walls: a unit going over the edge never lands there.
        A spot on the edge itself (a corner, where two edges meet) goes over whichever side
        drops deepest. ``lower_only``: a surface as high as this one just beyond the edge (a
        neighbouring roof a hair's breadth away) is passed over, as nothing a falling unit
        lands on; the ledge check asks without it, to know that such an edge only steps onto a
        roof as high and is no ledge."""
        on_edge = Spot(round(edge.x, 3), round(edge.y, 3), surface.id)
        dx, dy = edge.x - spot.x, edge.y - spot.y
        length = math.hypot(dx, dy)
        if length > EPSILON:  # straight out from the spot, through its nearest edge
            bx, by = edge.x + dx / length * _BEYOND, edge.y + dy / length * _BEYOND
            return on_edge, Spot(bx, by, self._below(surface, Point(bx, by), lower_only))
        # on the edge itself (a corner, say): of the points just outside around it, the one over
        # the deepest drop, as the edge of the two it stands on that a unit goes over
        best: Spot | None = None
        for k in range(16):
            angle = math.pi * k / 8
            x, y = edge.x + _BEYOND * math.cos(angle), edge.y + _BEYOND * math.sin(angle)
            point = Point(x, y)
            if surface.polygon.covers(point):
                continue
            found = Spot(x, y, self._below(surface, point, lower_only))
            if best is None or self.height(found.surface) < self.height(best.surface):
                best = found
        return on_edge, best if best is not None else Spot(edge.x, edge.y, GROUND)

    def _below(self, surface: Surface, beyond: Point, lower_only: bool) -> str:
        """What lies at ``beyond``, just past an edge of ``surface``: the highest surface no
        higher (``lower_only``: lower) whose footprint holds it, else the ground."""
        below = GROUND
        for other in self.surfaces.values():
            if other.id == surface.id or other.height > surface.height + EPSILON:
                continue
            if lower_only and other.height >= surface.height - EPSILON:
                continue
            if other.height > self.height(below) and self._footprints[other.id].covers(beyond):
                below = other.id
        return below

    @cached_property
    def _walls(self) -> dict[str, list[tuple[str, float, tuple[float, float, float, float], Polygon, Any, Any]]]:
        """Per raised surface, the surfaces more than 1" above it whose walls stand on it: those
        whose outline runs through its footprint (a storey on a wider terrace, a tower in the
        middle of a roof), each with its height, box, footprint and prepared footprint shrunk by
        the tolerance (its inside). Where the higher outline runs only along the surface's own
        edge (a roof over the floor under it, a storey flush with the terrace's edge) that wall
        is the building's outer wall, climbed from outside (at a window), and stands on nothing
        walked on."""
        found: dict[str, list[tuple[str, float, tuple[float, float, float, float], Polygon, Any, Any]]] = {}
        for surface in self.surfaces.values():
            inner = surface.polygon.buffer(-EPSILON)
            walls = []
            for other in self.surfaces.values():
                if other.height <= surface.height + LOW_OBSTACLE + EPSILON or inner.is_empty:
                    continue
                if other.polygon.exterior.intersection(inner).length > EPSILON:
                    # the outline where it is not a wall standing on the surface (flush with its
                    # edge): a point there is inside, as ``roof_over`` has it
                    flush = other.polygon.exterior.difference(inner)
                    walls.append((other.id, other.height, other.polygon.bounds, other.polygon, prep(other.polygon.buffer(-EPSILON)), flush))
            found[surface.id] = walls
        return found

    def through_wall(self, a: Spot, b: Spot) -> tuple[str, float, str] | None:
        """The surface (its id, its height, and the surface its wall stands on) whose wall, standing on a's or b's surface, the straight
        line from a to b goes through, else None: the part of the line over that surface has
        points inside the higher surface's footprint and points outside it (a point at the foot
        of the wall on the side where the lower surface goes on counts as outside, as for
        ``roof_over``). Seed 004, Move Phase: only terrain up to 1" high is moved over freely; a
        wall is climbed. The ground needs none of this: a tall surface takes its footprint from
        the ground's standing area (``ground_blocks``)."""
        top = max(self.height(a.surface), self.height(b.surface)) + LOW_OBSTACLE + EPSILON
        line: Any = None
        for surface in dict.fromkeys((a.surface, b.surface)):
            if surface == GROUND:
                continue
            for wall_id, height, box, footprint, inside, flush in self._walls.get(surface, ()):
                if height <= top or _apart(box, a, b):
                    continue
                if line is None:
                    line = segment(a, b) if a.flat_distance(b) > EPSILON else a.point
                part = line if a.surface == b.surface == surface else line.intersection(self.surfaces[surface].polygon)
                if part.is_empty:
                    continue
                # each end on this surface: inside the footprint, or outside it (at the foot of
                # the wall where this surface goes on outside counts as outside)
                sides = [
                    footprint.distance(p.point) <= EPSILON and not self._at_wall_outside(p, wall_id, footprint)
                    for p in (a, b) if p.surface == surface
                ]
                enters = True in sides or inside.intersects(part) or part.intersection(flush).length > EPSILON
                if enters and (False in sides or part.difference(footprint).length > EPSILON):
                    return wall_id, height, surface
        return None

    def _at_wall_outside(self, spot: Spot, wall_id: str, footprint: Polygon) -> bool:
        """Whether ``spot`` stands at the foot of ``wall_id``'s wall on the outside: on its
        outline, where its own surface goes on outside the footprint."""
        if footprint.exterior.distance(spot.point) > EPSILON:
            return False
        outside = self._outside(spot.surface, wall_id)
        return not outside.is_empty and outside.distance(spot.point) <= EPSILON

    def walkable(self, a: Spot, b: Spot) -> bool:
        """A straight walk from a to b: on one surface inside its region, or between surfaces whose
        heights differ by at most the low-obstacle height (stepped over freely). Kept per pair
        of points: the searches of every state ask about the same walks."""
        key = (a.x, a.y, a.surface, b.x, b.y, b.surface)
        found = self._walks.get(key)
        if found is None:
            if len(self._walks) >= WALKS_KEPT:
                self._walks.clear()
            found = self._walks[key] = self._walkable(a, b)
        return found

    @cached_property
    def _walks(self) -> dict[tuple[float, float, str, float, float, str], bool]:
        return {}

    def learn_walks(self, a: Spot, others: Sequence[Spot]) -> None:
        """Work out ``walkable(a, b)`` for every ``b`` on a's surface not known yet, in one
        vectorised test (the same prepared region and the same segments as one at a time):
        a search about to plan legs from ``a`` to many points asks this first."""
        walks = self._walks
        new = [
            b for b in others
            if b.surface == a.surface and (a.x, a.y, a.surface, b.x, b.y, b.surface) not in walks and a.flat_distance(b) > EPSILON
        ]
        if len(new) < 2:
            return
        if len(walks) + len(new) >= WALKS_KEPT:
            walks.clear()
        lines = shapely.linestrings([((a.x, a.y), (b.x, b.y)) for b in new])
        covered = shapely.covers(self._walk_regions[a.surface][1].context, lines)
        walled = a.surface != GROUND and bool(self._walls.get(a.surface))
        for b, yes in zip(new, covered.tolist(), strict=True):
            # a wall standing on the surface (a storey on its terrace) is looked at one walk at a time
            walks[(a.x, a.y, a.surface, b.x, b.y, b.surface)] = bool(yes) and not (walled and self.through_wall(a, b) is not None)

    def _walkable(self, a: Spot, b: Spot) -> bool:
        if abs(self.height(a.surface) - self.height(b.surface)) > LOW_OBSTACLE + EPSILON:
            return False
        if self.through_wall(a, b) is not None:
            return False
        line = segment(a, b) if a.flat_distance(b) > EPSILON else a.point
        if a.surface == b.surface:
            return bool(self._walk_regions[a.surface][1].covers(line))
        pair = (a.surface, b.surface)
        walk_area = self._walk_areas.get(pair)
        if walk_area is None:
            walk_area = prep(self.walk_region(a.surface).union(self.walk_region(b.surface)).buffer(EPSILON))
            self._walk_areas[pair] = walk_area
        return bool(walk_area.covers(line))

    def crosses_difficult(self, a: Spot, b: Spot) -> bool:
        """Whether the line from a to b passes through a difficult area on a's or b's level: on
        their surfaces, and, for a leg at ground level, on the ground or on a surface up to 1"
        high, which such a leg passes over (``walk_region``; Move Phase, Difficult Terrain)."""
        line: Any = None
        levels = {self._level(a.surface), self._level(b.surface)}
        for surface, box, area in self._difficult:
            if (surface not in (a.surface, b.surface) and self._level(surface) not in levels) or _apart(box, a, b):
                continue
            if line is None:
                line = segment(a, b) if a.flat_distance(b) > EPSILON else a.point
            if area.intersects(line):
                return True
        return False

    def touches_difficult(self, a: Spot, b: Spot) -> bool:
        """Whether a or b stands in a difficult area on its level (``crosses_difficult`` of each
        point alone): what a Jump Down moves through, in the air between them (Move Phase, Jumping
        Down: over other units or terrain). It read the ground under the whole line before."""
        return self.crosses_difficult(a, a) or self.crosses_difficult(b, b)

    def _level(self, surface: str) -> str:
        """The ground for a surface up to 1" high (one level with it, walked over), else the
        surface itself."""
        return GROUND if self.height(surface) <= LOW_OBSTACLE + EPSILON else surface

    def along_wall(self, a: Spot, b: Spot, within: float) -> bool:
        """Whether the straight line from a to b keeps within ``within`` inches of the wall of
        the higher of their surfaces all the way (option wall_running: a climb that runs along
        the wall it climbs)."""
        higher = a if self.height(a.surface) >= self.height(b.surface) else b
        wall = self.surfaces[higher.surface].polygon.boundary
        return bool(wall.buffer(within + EPSILON).covers(segment(a, b)))

    def roof_over(self, a: Spot, b: Spot) -> str | None:
        """The surface of the higher of two points when the lower lies under it, inside its
        walls (a floor under its roof, the terrace under a storey), else None: between them is
        that surface itself, not a wall to climb nor a gap to jump (seed 004, Climbing: "a
        vertical surface"; Jumping Across: a gap). A point at the wall is under it too unless
        its own surface goes on outside the wall there (the terrace past the storey's wall, the
        ground round a house): a floor's edge is inside the walls, the terrace's foot of the
        wall is outside."""
        ha, hb = self.height(a.surface), self.height(b.surface)
        if abs(ha - hb) <= EPSILON:
            return None
        higher, lower = (a, b) if ha > hb else (b, a)
        if higher.surface == GROUND:
            return None
        minx, miny, maxx, maxy = self._boxes[higher.surface]
        if not (minx - EPSILON <= lower.x <= maxx + EPSILON and miny - EPSILON <= lower.y <= maxy + EPSILON):
            return None
        if not self._footprints[higher.surface].covers(lower.point):
            return None
        outside = self._outside(lower.surface, higher.surface)
        if not outside.is_empty and outside.distance(lower.point) <= EPSILON:
            return None
        return higher.surface

    def _outside(self, surface: str, roof: str) -> Any:
        """Where a unit may stand on ``surface`` outside ``roof``'s footprint, kept per pair."""
        key = (surface, roof)
        found = self._outsides.get(key)
        if found is None:
            found = self._outsides[key] = self.region(surface).difference(self.surfaces[roof].polygon)
        return found

    @cached_property
    def _outsides(self) -> dict[tuple[str, str], Any]:
        return {}

    def highest_between(self, a: Spot, b: Spot) -> float:
        """The highest terrain a jump from a to b passes over (for Jumping Down and Across):
        not the roof over either end (a unit jumping out of an upstairs window passes under
        its roof, not over it: it leaves by the window, as a climb does); a wall of that roof
        standing on the end's surface is ``through_wall``'s."""
        overhead = {
            s for p in (a, b) for s, _, _, _ in self._terrain
            if s is not None and self.roof_over(p, Spot(p.x, p.y, s)) == s
        }
        return max((height for surface, height in self.crossed(a, b) if surface not in overhead), default=0.0)

    def climbed_past(self, a: Spot, b: Spot) -> list[tuple[str | None, float]]:
        """The terrain a climb from a to b passes over besides the wall it climbs: what the
        straight line crosses (as ``crossed``) outside the footprint of the higher end's surface,
        where the climb's wall is. A floor under that surface lies inside its walls and is not
        passed; terrain only touching the line where it meets that wall is not either."""
        if not self.crossed(a, b):
            return []
        higher = a if self.height(a.surface) >= self.height(b.surface) else b
        line = segment(a, b)
        if higher.surface != GROUND:
            line = line.difference(self.surfaces[higher.surface].polygon)
        if line.is_empty:
            return []
        return [
            (surface, height) for surface, height, box, footprint in self._terrain
            if surface not in (a.surface, b.surface) and not _apart(box, a, b)
            and footprint.context.intersection(line).length > EPSILON
        ]

    def crossed(self, a: Spot, b: Spot) -> list[tuple[str | None, float]]:
        """The terrain the straight line from a to b passes over, other than a's and b's own
        surfaces: each surface's id (None for an obstacle) and height."""
        line = segment(a, b)
        return [
            (surface, height) for surface, height, box, footprint in self._terrain
            if surface not in (a.surface, b.surface) and not _apart(box, a, b) and footprint.intersects(line)
        ]


def segment(a: Spot, b: Spot) -> Any:
    """The straight line from a to b, as ``LineString([(a.x, a.y), (b.x, b.y)])`` makes it."""
    return shapely.linestrings(((a.x, a.y), (b.x, b.y)))


def _apart(box: tuple[float, float, float, float], a: Spot, b: Spot) -> bool:
    """Whether the segment from a to b lies wholly outside the box (so it meets nothing inside
    it): a cheap test that spares the exact one for far-away terrain."""
    minx, miny, maxx, maxy = box
    return max(a.x, b.x) < minx or min(a.x, b.x) > maxx or max(a.y, b.y) < miny or min(a.y, b.y) > maxy
