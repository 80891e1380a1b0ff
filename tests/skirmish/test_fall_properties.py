"""Where a falling unit lands, as properties over tables with free-standing buildings (seed 004,
Falling and Jumping Across; the ledge check of the designers' comment of 23-03-25).

A failed Jump Across "Falls to the ground below from where it attempted to Jump Across"; a
falling unit is placed where it fell, or next to (not on) a unit it would land on. The ground below
a roof is inside the building, so the unit must land at the foot of the wall below its take-off:
on the ground, its base clear of every building and of every other base. Each table is generated:
rectangles, L-shapes and other polygons, standing free of the table's edges, alone or close
together. The properties are checked against the geometry here (shapely, and a grid search for a
nearer free point), not against the engine's own helpers.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
import shapely
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon
from shapely.ops import nearest_points, unary_union

from domain.errors import SimError
from domain.rulesets.skirmish.table import GROUND, Spot, parse_spot
from tests.helpers import game
from tests.skirmish.tables import first_roll, seed_where

WIDTH = DEPTH = 40.0
HEIGHT = 3.0
#: what the properties tolerate: the engine writes points to 3 decimals and may let a base touch
TOUCH = 1e-6
#: a ground point far from every building, the target of a jump that is sure to fail outright
FAR = "1,1"
SETTINGS = settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])


# --- generated tables --------------------------------------------------------------------------


def _rect(w: float, d: float) -> list[tuple[float, float]]:
    return [(0, 0), (w, 0), (w, d), (0, d)]


@st.composite
def shapes(draw: st.DrawFn, convex_or_l: bool) -> list[tuple[float, float]]:
    """A footprint at the origin: a rectangle, an L (a rectangle less one corner), a regular
    polygon or (when not ``convex_or_l``) a star whose notches may be narrower than a base."""
    kinds = ["rect", "ell", "ngon"] + ([] if convex_or_l else ["star"])
    kind = draw(st.sampled_from(kinds))
    size = st.floats(2.0, 7.0)
    if kind == "rect":
        return _rect(draw(size), draw(size))
    if kind == "ell":
        w, d = draw(size), draw(size)
        cw, cd = w * draw(st.floats(0.3, 0.7)), d * draw(st.floats(0.3, 0.7))
        ell = Polygon(_rect(w, d)).difference(Polygon([(w - cw, d - cd), (w, d - cd), (w, d), (w - cw, d)]))
        ell = shapely.affinity.rotate(ell, 90 * draw(st.integers(0, 3)), origin=(w / 2, d / 2))
        return list(ell.exterior.coords)[:-1]
    n = draw(st.integers(3, 9) if kind == "ngon" else st.integers(5, 9))
    radius = draw(st.floats(1.2, 3.5))
    turn = draw(st.floats(0, 2 * math.pi))
    inner = draw(st.floats(0.35, 0.8)) if kind == "star" else 1.0
    corners = []
    for k in range(n * (2 if kind == "star" else 1)):
        r = radius * (inner if kind == "star" and k % 2 else 1.0)
        angle = turn + 2 * math.pi * k / (n * (2 if kind == "star" else 1))
        corners.append((r * math.cos(angle), r * math.sin(angle)))
    return corners


@st.composite
def buildings(draw: st.DrawFn, min_gap: float, convex_or_l: bool) -> list[Polygon]:
    """One to five buildings in up to two rows, each ``min_gap`` or more from its neighbours'
    bounding boxes, all at least 4" from the table's edges."""
    count = draw(st.integers(1, 5))
    placed: list[Polygon] = []
    x, y, row_top = 4.0 + draw(st.floats(0, 3)), 4.0 + draw(st.floats(0, 3)), 0.0
    for _ in range(count):
        shape = Polygon(draw(shapes(convex_or_l)))
        minx, miny, maxx, maxy = shape.bounds
        if x + (maxx - minx) > WIDTH - 4:  # next row
            x, y = 4.0, row_top + draw(st.floats(min_gap, min_gap + 2))
        dy = draw(st.floats(0, 2))
        moved = shapely.affinity.translate(shape, x - minx, y + dy - miny)
        moved = Polygon([(round(px, 3), round(py, 3)) for px, py in moved.exterior.coords])
        if moved.bounds[3] > DEPTH - 4 or not moved.is_valid:
            break
        placed.append(moved)
        row_top = max(row_top, moved.bounds[3])
        x = moved.bounds[2] + draw(st.floats(min_gap, min_gap + 2.5))
    assume(placed)
    return placed


@dataclass
class TakeOff:
    building: int
    at: tuple[float, float]
    #: the point of that building's wall nearest the take-off: the wall "below" it
    wall: tuple[float, float]


@st.composite
def take_offs(draw: st.DrawFn, footprints: list[Polygon], deepest: float) -> TakeOff:
    """A point on a roof within ``deepest`` inches of its edge, the edge itself included."""
    index = draw(st.integers(0, len(footprints) - 1))
    roof = footprints[index]
    edge = roof.exterior.interpolate(draw(st.floats(0, 1)), normalized=True)
    centre = roof.representative_point()
    depth = draw(st.sampled_from([0.0, deepest]) | st.floats(0, deepest))
    length = edge.distance(centre) or 1.0
    at = (round(edge.x + (centre.x - edge.x) * depth / length, 3), round(edge.y + (centre.y - edge.y) * depth / length, 3))
    assume(roof.buffer(1e-6).covers(Point(at)))
    wall = nearest_points(roof.exterior, Point(at))[0]
    return TakeOff(index, at, (wall.x, wall.y))


def scenario(footprints: list[Polygon], units: list[dict[str, Any]], seed: int = 0) -> str:
    surfaces = [
        {"id": f"b{i}", "polygon": [[x, y] for x, y in poly.exterior.coords[:-1]], "height": HEIGHT}
        for i, poly in enumerate(footprints)
    ]
    data = {
        "title": "fall property", "ruleset": "skirmish", "seed": seed,
        # the jump sure to fail is declared to a point on the ground far off: a Jump Across only
        # under this option (by default a landing on the ground is a Jump Down's)
        "options": {"jump_across_lower_landing": "allowed"},
        "setup": {"width": WIDTH, "depth": DEPTH, "surfaces": surfaces, "units": units},
    }
    return json.dumps(data)


def text(point: tuple[float, float], surface: str = GROUND) -> str:
    where = "" if surface == GROUND else f"@{surface}"
    return f"{point[0]:.3f},{point[1]:.3f}{where}"


def fall(footprints: list[Polygon], take_off: TakeOff, base: float, how: str, others: list[dict[str, Any]] = ()) -> tuple[Any, list[Any]]:  # type: ignore[assignment]
    """Play the fall: a Jump Across sure to fail outright (longer than 3"), or a ledge check failed
    by a Stunned unit. Returns the game and the events of the command."""
    faller = {"id": "f", "side": "p1", "at": text(take_off.at, f"b{take_off.building}"), "move": 6, "base": base}
    if how == "ledge":
        faller["agility"] = 20
    seed = seed_where(lambda s: first_roll(s) < 20)  # the ledge check, if any, fails
    try:
        g = game(scenario(footprints, [faller, *others], seed))
    except SimError:
        assume(False)  # a generated unit that can't be set up there: not a table to test
        raise
    if how == "jump":
        events = g.issue({"command": "move", "unit": "f", "path": [{"to": FAR, "via": "jump_across"}]})
    else:
        events = g.issue({"command": "set_state", "unit": "f", "states": ["stunned"]})
        # an edge that only steps onto a roof as high (a neighbour closer than the ledge check
        # looks beyond the edge) is no ledge: no check, no fall
        assume("UnitFell" in [e.name for e in events])
    return g, events


def landing_of(events: list[Any]) -> Any:
    fell = [e for e in events if e.name == "UnitFell"]
    assert len(fell) == 1, [e.name for e in events]
    return parse_spot(fell[0].to)


def nearer_free_point(
    footprints: list[Polygon], take_off: tuple[float, float], landing: Any, radius: float,
    slack: float = 0.0, seen_from: tuple[float, float] | None = None,
) -> tuple[float, float] | None:
    """A point where the base fits (on the table, clear of every building) clearly nearer the
    take-off than the landing (by more than ``slack``), found by a grid search around the
    take-off; None if there is none. Given ``seen_from``, only points a straight line from there
    reaches without crossing a building's inside count."""
    reach = math.hypot(landing.x - take_off[0], landing.y - take_off[1])
    step = max(0.02, reach / 60)
    xs = np.arange(take_off[0] - reach, take_off[0] + reach + step, step)
    ys = np.arange(take_off[1] - reach, take_off[1] + reach + step, step)
    gx, gy = np.meshgrid(xs, ys)
    gx, gy = gx.ravel(), gy.ravel()
    near = np.hypot(gx - take_off[0], gy - take_off[1]) < reach - 1.5 * step - slack
    on_table = (gx >= radius) & (gx <= WIDTH - radius) & (gy >= radius) & (gy <= DEPTH - radius)
    keep = near & on_table
    if not keep.any():
        return None
    points = shapely.points(gx[keep], gy[keep])
    clear = shapely.distance(unary_union(footprints), points) >= radius + 1e-3
    if seen_from is not None and clear.any():
        insides = unary_union(footprints).buffer(-1e-3)
        lines = shapely.linestrings([[seen_from, (x, y)] for x, y in zip(gx[keep], gy[keep], strict=True)])
        clear &= ~shapely.intersects(insides, lines)
    if not clear.any():
        return None
    index = int(np.argmax(clear))
    return float(gx[keep][index]), float(gy[keep][index])


def stayed(events: list[Any], footprints: list[Polygon], take_off: Any, radius: float) -> bool:
    """Whether the fall kept the unit where it went over from, a 0" fall, because no base fits in
    what a straight line from the edge reaches beyond it (seed 004, Falling: the spot it has fallen
    to; docs/skirmish.md): then no point within 3 bases of the edge, seen from it, has room."""
    fell = [e for e in events if e.name == "UnitFell"][0]
    if "no room to land" not in fell.reason or "placed at the nearest room" in fell.reason:
        return False
    assert fell.height == 0 and fell.to == fell.frm, (fell.to, fell.frm, fell.height)
    far = Spot(take_off.wall[0] + 6 * radius, take_off.wall[1], GROUND)
    assert nearer_free_point(footprints, take_off.wall, far, radius, 0.0, seen_from=take_off.wall) is None, fell.reason
    return True


def assert_lands_clear(footprints: list[Polygon], landing: Any, radius: float) -> None:
    assert landing.surface == GROUND, landing
    assert radius - TOUCH <= landing.x <= WIDTH - radius + TOUCH and radius - TOUCH <= landing.y <= DEPTH - radius + TOUCH, landing
    for poly in footprints:
        assert poly.distance(Point(landing.x, landing.y)) >= radius - TOUCH, (landing, poly.wkt)


# --- the properties ----------------------------------------------------------------------------

#: the usual 1" base most often, and others, one with a radius finer than the 3 decimals of a location
BASES = st.sampled_from([1.0, 1.0, 1.25, 1.6, 2.0, 1.2345])


@SETTINGS
@given(st.data(), BASES, st.sampled_from(["jump", "ledge"]))
def test_a_fall_lands_on_the_ground_at_the_foot_of_the_wall_below_the_take_off(data: st.DataObject, base: float, how: str) -> None:
    radius = base / 2
    footprints = data.draw(buildings(min_gap=base + 0.05, convex_or_l=True))
    take_off = data.draw(take_offs(footprints, deepest=radius / 2))
    g, events = fall(footprints, take_off, base, how)
    landing = landing_of(events)
    assert_lands_clear(footprints, landing, radius)
    below = footprints[take_off.building]
    assert below.distance(Point(landing.x, landing.y)) <= radius + 1e-3, (landing, "not at the foot of its building")
    assert math.hypot(landing.x - take_off.wall[0], landing.y - take_off.wall[1]) <= base + 1e-3, (landing, take_off)
    assert nearer_free_point(footprints, take_off.at, landing, radius) is None
    assert g.state.units["f"].location == landing.text


@SETTINGS
@given(st.data(), BASES, st.sampled_from(["jump", "ledge"]), st.integers(0, 3))
def test_a_fall_never_lands_in_a_building_or_on_a_base_however_close_the_buildings(
    data: st.DataObject, base: float, how: str, crowd: int
) -> None:
    radius = base / 2
    footprints = data.draw(buildings(min_gap=0.05, convex_or_l=False))
    take_off = data.draw(take_offs(footprints, deepest=radius))
    others = []
    for i in range(crowd):  # bystanders on the ground near the foot of the wall
        dx, dy = data.draw(st.floats(-2.5, 2.5)), data.draw(st.floats(-2.5, 2.5))
        spot = (round(take_off.wall[0] + dx, 3), round(take_off.wall[1] + dy, 3))
        # free allies: the jump declared to the ground far off may pass through them (an enemy on
        # its line refuses it: Moving Through Other Units), and the fall keeps off their bases all the same
        others.append({"id": f"u{i}", "side": "p1", "at": text(spot), "base": data.draw(BASES)})
    g, events = fall(footprints, take_off, base, how, others)
    if stayed(events, footprints, take_off, radius):
        return
    landing = landing_of(events)
    assert_lands_clear(footprints, landing, radius)
    for other in others:
        there = parse_spot(other["at"])
        assert landing.flat_distance(there) >= radius + other["base"] / 2 - 1e-4, (landing, other)
    fell = [e for e in events if e.name == "UnitFell"][0]
    if "placed beside" in fell.reason:
        return  # put beside a unit it fell on: not the nearest room, by the rule
    if "placed at the nearest room" in fell.reason:
        # no room within a straight line's reach: option fall_without_room (nearest_fit), whose
        # nearest clear ground tests/skirmish/test_fall_without_room.py checks against its own reference
        return
    # the unit lands at the nearest room a straight line from just past the edge it went over
    # reaches (Falling: the spot it has fallen to), measured from that point with no slack (the
    # reviewer's stricter check, kept as this test): the edge named in the
    # reason, or the one the die among edges as near picked, else the wall below the take-off
    wall = take_off.wall
    named = re.search(r"at the edge ([-\d.]+),([-\d.]+)@", fell.reason)
    die = [e for e in events if e.name == "DiceRolled" and "edges as near" in e.purpose]
    if named:
        wall = (float(named[1]), float(named[2]))
    elif die:
        points = re.findall(r"\(([-\d.]+),([-\d.]+)@", die[0].purpose)
        x, y = points[die[0].results[0] - 1]
        wall = (float(x), float(y))
    d = math.dist(take_off.at, wall)
    if d < 1e-9:
        return  # on the edge itself: no straight-out direction to measure along
    beyond = (wall[0] + (wall[0] - take_off.at[0]) / d * 0.05, wall[1] + (wall[1] - take_off.at[1]) / d * 0.05)
    # the straight lines are drawn from that point, or from the edge's point where that one is
    # inside a footprint (docs/skirmish.md, Falling): from the edge's point itself a line may
    # graze past a neighbour's corner that the line from just beyond the edge meets (a 0.25" gap,
    # hypothesis seed 4)
    inside = any(poly.buffer(-1e-3).covers(Point(*beyond)) for poly in footprints)
    found = nearer_free_point(footprints, beyond, landing, radius, 0.0, seen_from=wall if inside else beyond)
    assert found is None, (found, landing, beyond, wall)


@pytest.mark.filterwarnings("ignore:Using `assume` outside")  # ``fall`` assumes a fall, which this one is
def test_a_failed_jump_at_a_corner_beside_a_roof_as_high_falls_once_to_the_ground() -> None:
    """Found by the property above: a unit on the corner of an L-shaped roof, another roof as
    high 0.05" beyond one of the corner's edges. Going over that edge "fell" 0" onto the other
    roof (an Injury Roll for nothing), then a ledge check there threw it down a second time. A
    roof as high is nothing to fall onto: the unit falls once, 3", to the ground, clear of both."""
    footprints = [Polygon([(6, 4), (4, 4), (4, 6), (5, 6), (5, 5), (6, 5)]), Polygon([(6.05, 4), (8.05, 4), (8.05, 6), (6.05, 6)])]
    for how in ("jump", "ledge"):
        g, events = fall(footprints, TakeOff(building=0, at=(6.0, 4.0), wall=(6.0, 4.0)), 1.0, how)
        landing = landing_of(events)
        assert_lands_clear(footprints, landing, 0.5)
        assert [e.height for e in events if e.name == "UnitFell"] == [HEIGHT]
