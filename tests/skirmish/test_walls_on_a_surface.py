"""Walls standing on a raised surface block a walk, as walls on the ground do (seed 004, Move
Phase: only terrain up to 1" high is moved over freely; Climbing: a wall is climbed, with its
check). A storey standing on a wider terrace, or a tower standing on a roof, has its walls on
that surface: the part of the terrace under the storey is inside them. A unit walked out from
under the storey through its wall, or across the roof through the tower, as if the wall were
not there (a higher surface took no room from a lower one, and nothing else looked)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Point, box

from domain.errors import IllegalCommand
from domain.rulesets.skirmish.table import parse_spot
from domain.rulesets.skirmish.view import TableView
from tests.helpers import game, names, reach
from tests.skirmish.tables import first_roll, scenario, seed_where

#: a terrace (2") 10" wide; a storey (6") on its middle 4", flush with its north and south edges
#: (there the storey's wall is the building's outer wall, climbed at a window); a tower (5") in
#: the middle of a roof (3")
STOREY = scenario("a storey on a terrace", width=30, depth=24, seed="{seed}", body="""
  surfaces:
    - {{id: terrace, rect: [10, 4, 10, 4], height: 2}}
    - {{id: storey, rect: [13, 4, 4, 4], height: 6}}
    - {{id: roof, rect: [2, 14, 10, 6], height: 3}}
    - {{id: tower, rect: [5, 16, 3, 2], height: 5}}
  units:
{units}
""")


def storey(units: str, seed: int = 0):  # type: ignore[no-untyped-def]
    return game(STOREY.format(units=units, seed=seed))


def walk(unit: str, *points: str) -> dict[str, object]:
    return {"command": "move", "unit": unit, "path": list(points)}


@pytest.mark.parametrize(
    ("at", "to"),
    [
        ("15,6@terrace", "18.5,6@terrace"),  # out from under the storey through its east wall
        ("18.5,6@terrace", "15,6@terrace"),  # in through it
        ("11,6@terrace", "19,6@terrace"),  # through both walls, under the storey
        ("3,15@roof", "10,19@roof"),  # across a roof through the tower standing on it
    ],
)
def test_a_wall_standing_on_a_surface_blocks_a_walk_through_it(at: str, to: str) -> None:
    """Move Phase: terrain up to 1" high is moved over freely; a wall 4" high is not walked
    through, on a terrace as on the ground. Each walk was taken."""
    g = storey(f"    - {{id: a, side: p1, at: '{at}', move: 12}}")
    with pytest.raises(IllegalCommand, match=r"the wall of (storey|tower) .* is in the way"):
        g.issue(walk("a", to))


def test_walks_on_either_side_of_a_wall_and_along_it_are_taken() -> None:
    """Inside the storey, outside it on the terrace, and along the foot of its wall: no wall is
    crossed. A unit at the foot of the wall outside (the terrace goes on there) is outside: it
    walks away and along, never in."""
    g = storey(
        "    - {id: inner, side: p1, at: '14,5@terrace', move: 12}\n"
        "    - {id: outer, side: p1, at: '18.5,5@terrace', move: 12}\n"
        "    - {id: foot, side: p1, at: '17,7@terrace', move: 12}"
    )
    g.issue(walk("inner", "16,7@terrace", "14,7@terrace"))
    g.issue(walk("outer", "19.5,7.5@terrace", "17,5@terrace"))
    with pytest.raises(IllegalCommand, match="the wall of storey"):
        g.issue(walk("foot", "16.5,6@terrace"))
    g.issue(walk("foot", "17,6@terrace", "18,6@terrace"))
    assert g.state.units["foot"].location == "18,6@terrace"


def test_a_climb_goes_in_at_a_window_but_not_through_a_wall_standing_on_the_surface_it_reaches() -> None:
    """Move Phase, Climbing: a climb goes up its wall, with up to 1" across. From the street, up
    the terrace's south wall where the storey's wall is the same wall (a window), into the
    storey: taken, as before. Up the terrace's wall east of the storey and 0.3" on through the
    storey's east wall (within the leeway): refused; it was taken."""
    seed = seed_where(lambda s: first_roll(s) >= 5)
    g = storey(
        "    - {id: window, side: p1, at: '15,3.6', move: 6, agility: 5}\n"
        "    - {id: sneak, side: p1, at: '17.3,3.6', move: 6, agility: 5}",
        seed,
    )
    assert "StepTaken" in names(g.issue({"command": "move", "unit": "window", "path": [{"to": "15,4.4@terrace", "via": "climb"}]}))
    with pytest.raises(IllegalCommand, match="the wall of storey"):
        g.issue({"command": "move", "unit": "sneak", "path": [{"to": "16.8,4.3@terrace", "via": "climb"}]})
    with pytest.raises(IllegalCommand, match="the wall of storey"):
        # and out again, down through the wall, the other way
        storey("    - {id: b, side: p1, at: '16.8,4.3@terrace'}").issue(
            {"command": "move", "unit": "b", "path": [{"to": "17.3,3.6", "via": "climb"}]})


def test_the_lookahead_does_not_walk_through_a_wall_standing_on_a_surface() -> None:
    """The lookahead plans its legs by the same rule: from the outer terrace the floor under the
    storey is out of reach except by the window from the street, and the way it finds never
    walks through the storey's wall."""
    g = storey("    - {id: a, side: p1, at: '18.5,6@terrace', move: 6, agility: 5}")
    found = reach(g, "a").answer("16,6@terrace")  # type: ignore[attr-defined]
    view = TableView(g.state)
    if found.reachable:
        for frm, to, way in zip(found.path, found.path[1:], found.ways, strict=False):
            a, b = parse_spot(frm), parse_spot(to)
            assert way != "walk" or view.table.through_wall(a, b) is None, (frm, to)
        assert "climb" in found.ways  # in at a window


TERRACE = box(10, 4, 20, 8)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    left=st.floats(10.5, 14.5), width=st.floats(1.0, 4.5), south=st.floats(4.0, 5.5), depth=st.floats(1.0, 2.5),
    ax=st.floats(10, 20), ay=st.floats(4, 8), bx=st.floats(10, 20), by=st.floats(4, 8),
)
def test_a_walk_on_a_surface_is_refused_exactly_when_a_plain_test_finds_it_crosses_a_wall_on_it(
    left: float, width: float, south: float, depth: float, ax: float, ay: float, bx: float, by: float,
) -> None:
    """A brute-force reference: points every 0.01" along the line, each inside or outside the
    storey's footprint (a point on its outline where it is the terrace's edge too is inside;
    points by the wall standing on the terrace are not looked at); a walk that has both kinds
    goes through a wall. The product's walk must
    agree wherever neither end lies within 0.02" of the wall and the line does not clip the
    footprint by less than 0.05" (where the sampling can't tell)."""
    right, north = min(left + width, 19.5), min(south + depth, 8.0)
    text = STOREY.format(units="    - {id: a, side: p1, at: '1,1'}", seed=0).replace("rect: [13, 4, 4, 4], height: 6", f"rect: [{left}, {south}, {right - left}, {north - south}], height: 6")
    g = game(text)
    table = TableView(g.state).table
    a, b = parse_spot(f"{ax:.3f},{ay:.3f}@terrace"), parse_spot(f"{bx:.3f},{by:.3f}@terrace")
    footprint = box(left, south, right, north)
    line = LineString([(a.x, a.y), (b.x, b.y)])
    if line.length < 0.05:
        return
    wall = footprint.exterior.intersection(TERRACE.buffer(-1e-6))  # the storey's wall standing on the terrace
    if any(wall.distance(p) < 0.02 for p in (Point(a.x, a.y), Point(b.x, b.y))):
        return
    if 0 < line.intersection(footprint).length < 0.05:
        return  # clipping a corner by less than the sampling can see
    samples = [line.interpolate(k * 0.01) for k in range(int(line.length / 0.01) + 1)] + [Point(b.x, b.y)]
    inside = {footprint.covers(p) for p in samples if wall.distance(p) > 1e-9}
    crosses = inside == {True, False}
    assert table.walkable(a, b) is not crosses, (a.text, b.text, crosses)


STEPPED = scenario("a stepped tower", width=30, depth=20, seed="{seed}", body="""
  surfaces:
    - {{id: storey, rect: [16, 4, 4, 4], height: 6}}
    - {{id: terrace, rect: [16, 4, 7, 4], height: 2}}
    - {{id: mill, rect: [26, 4, 2, 4], height: 6}}
  units:
    - {{id: climber, side: p1, at: '19.5,6@storey', move: 6, agility: 20}}
    - {{id: guard, side: p1, at: '20.6,6@terrace'}}
""")


def test_a_unit_fallen_onto_another_is_put_beside_it_on_its_side_of_a_wall() -> None:
    """Move Phase, Falling: a unit falling onto another is put next to it, at a random bearing.
    Beside a guard at the foot of the storey's wall, on the terrace, the bearing towards the
    storey put the faller inside it, through the wall; now a bearing through a wall is taken as
    one where the base does not fit (the next one counterclockwise is tried)."""
    jump = {"command": "move", "unit": "climber", "path": [{"to": "26.5,6@mill", "via": "jump_across"}]}
    storey = box(16, 4, 20, 8)
    into_the_storey = 0
    for seed in range(40):
        g = game(STEPPED.format(seed=seed))
        events = g.issue(jump)
        sector = next((e.results[0] for e in events if e.name == "DiceRolled" and e.dice == "1d12"), None)
        if sector is None:
            continue
        into_the_storey += sector in (6, 7, 8)
        landing = parse_spot(next(e for e in events if e.name == "UnitFell").to)
        assert landing.surface == "terrace" and not storey.buffer(-1e-6).contains(Point(landing.x, landing.y)), (seed, landing)
    assert into_the_storey  # some bearing rolled pointed into the storey


HOUSE = scenario("a house with an upper floor and a shed beside it", seed="{seed}", body="""
  surfaces:
    - {{id: roof, rect: [6, 0, 4, 6], height: 6}}
    - {{id: upstairs, rect: [6, 0, 4, 6], height: 3}}
    - {{id: shed, rect: [3, 0, 2.5, 6], height: 3}}
    - {{id: terrace, rect: [12, 0, 7, 4], height: 2}}
    - {{id: storey, rect: [12, 0, 4, 4], height: 6}}
  units:
    - {{id: maid, side: p1, at: '6.2,4@upstairs', move: 6, agility: 2}}
    - {{id: cook, side: p1, at: '15.8,2@terrace', move: 6, agility: 2}}
""")


def test_a_unit_jumps_out_of_a_window_as_it_climbs_out_of_one_but_not_through_a_wall() -> None:
    """Seed 004, Jumping Down: over terrain no higher than the unit; Jumping Across: a gap. The
    roof over the maid's head is not terrain she jumps over: out of the upstairs window she
    jumps down to the street, or across the 0.5" gap onto the shed, as she may climb down (both
    jumps were refused, the roof read as a 6" wall in the way). The cook inside the storey may
    not jump out through its wall standing on the terrace (a wall, not a window)."""
    seed = seed_where(lambda s: first_roll(s) >= 2)
    g = game(HOUSE.format(seed=seed))
    assert "StepTaken" in names(g.issue({"command": "move", "unit": "maid", "path": ["6.5,5.8@upstairs", {"to": "6.5,6.8", "via": "jump_down"}]}))
    across = game(HOUSE.format(seed=seed))
    events = across.issue({"command": "move", "unit": "maid", "path": [{"to": "5.3,4@shed", "via": "jump_across"}]})
    assert across.state.units["maid"].location == "5.3,4@shed", names(events)
    with pytest.raises(IllegalCommand, match="the wall of storey"):
        game(HOUSE.format(seed=seed)).issue({"command": "move", "unit": "cook", "path": [{"to": "16.5,4.5", "via": "jump_down"}]})
