"""Where a unit going over an edge lands (seed 004, Move Phase, Falling: "place the unit at the
spot it has fallen to", "Determine a random direction if the place it would drop to is
ambiguous"; Jumping Across: it "Falls to the ground below"; the designers' comment of 23-03-25:
Dazed or Stunned next to a ledge, one Agility Check).

The unit goes over the edge it is nearest and lands beyond that edge, on what lies there: never
inside a building standing on the surface it lands on (a tower beside the chapel on the plaza),
never on the far side of a building it could not reach from the edge's foot, and where two
landings are as near the edge's foot, the recorded d12 of a random direction chooses. The
properties are checked against the table's geometry with shapely here, not the engine's helpers.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, box

from domain.rulesets.skirmish.table import GROUND, parse_spot
from tests.helpers import game
from tests.skirmish.tables import first_roll, scenario, seed_where

RADIUS = 0.5  # the default 1" base
TOUCH = 1e-3  # points are written to 3 decimals


def _surfaces(scene: str) -> dict[str, tuple[Any, float]]:
    """Each surface's footprint and height, rebuilt here from the scenario's rectangles."""
    surfaces = yaml.safe_load(scene)["setup"]["surfaces"]
    return {s["id"]: (box(s["rect"][0], s["rect"][1], s["rect"][0] + s["rect"][2], s["rect"][1] + s["rect"][3]), s["height"]) for s in surfaces}


def _assert_clear(events: list[Any], surfaces: dict[str, tuple[Any, float]]) -> None:
    """Each fall's landing is outside every footprint more than 1" higher than what it lands on,
    its whole base, on a stage as on the ground (only its centre was checked on a stage), and on
    the surface it names."""
    for fell in (e for e in events if e.name == "UnitFell"):
        spot = parse_spot(fell.to)
        point = Point(spot.x, spot.y)
        floor = 0.0 if spot.surface == GROUND else surfaces[spot.surface][1]
        if spot.surface != GROUND:
            assert surfaces[spot.surface][0].buffer(TOUCH).covers(point), fell.to
        for sid, (footprint, height) in surfaces.items():
            if height <= floor + 1.0 or sid == spot.surface:
                continue
            assert footprint.distance(point) >= RADIUS - TOUCH, f"{fell.to}: the base is in {sid}'s walls"


def _stunned(scene: str, unit: str) -> tuple[dict[str, tuple[Any, float]], list[Any]]:
    g = game(scene)
    return _surfaces(scene), g.issue({"command": "set_state", "unit": unit, "states": ["stunned"], "reason": "shot"})


# a reviewer's board: an 8" tower 0.03" east of a 4" chapel
CHAPEL_BESIDE_A_TOWER = scenario("a chapel on a plaza, a tower a gap east of it", width=20, depth=14, seed="{seed}", body="""
  surfaces:
{plaza}    - {{id: chapel, rect: [6, 4, 4, 6], height: 4}}
    - {{id: tower, rect: [{tower_x}, 4, 2, 6], height: {tower_h}}}
{far}  units:
    - {{id: bell, owner: p1, at: "{at}", agility: 20, wounds: 2, move: 6}}
""")
PLAZA = "    - {id: plaza, rect: [2, 2, 12, 10], height: 0.5}\n"
FAILS = seed_where(lambda s: first_roll(s) < 20)  # the first check (the ledge check) fails


def _board(tower_x: float, tower_h: float = 8, plaza: bool = True, at: str = "9.5,7@chapel", far: str = "", seed: int = FAILS) -> str:
    return CHAPEL_BESIDE_A_TOWER.format(seed=seed, plaza=PLAZA if plaza else "", tower_x=tower_x, tower_h=tower_h, at=at, far=far)


def test_falling_a_ledge_fall_onto_a_stage_never_lands_inside_a_taller_building_on_it() -> None:
    """Falling, seed 004: a tower 0.03" east of the chapel (less than the landing offset) is a wall
    rising from the chapel's east edge, not a ledge; it landed at 10.05,7@plaza, inside the tower.
    0.5" from that edge and 3" from the others, the Stunned unit is at no ledge now."""
    surfaces, events = _stunned(_board(10.03), "bell")
    _assert_clear(events, surfaces)
    assert not [e for e in events if e.name == "CheckMade"], [e.name for e in events]


def test_falling_a_failed_jump_across_onto_a_stage_never_lands_inside_a_taller_building() -> None:
    """Jumping Across, seed 004 (over 3": it fails and the unit Falls): from the chapel with the
    tower 0.03" east, the unit went over the east edge into the tower (10.05,7@plaza)."""
    far = "    - {id: far, rect: [16, 2, 2, 2], height: 4}\n"
    scene = _board(10.03, at="9.6,7@chapel", far=far)
    g, surfaces = game(scene), _surfaces(scene)
    events = g.issue({"command": "move", "unit": "bell", "path": [{"to": "17,3@far", "via": "jump_across"}]})
    assert [e for e in events if e.name == "UnitFell"]
    _assert_clear(events, surfaces)


def test_falling_on_the_ground_lands_at_the_edges_foot_not_beyond_another_building() -> None:
    """Falling, seed 004 (the spot it has fallen to): with no plaza, the unit fell 4" east to
    12.53,7, past the 8" tower standing 0.03" beyond the edge: the landing room was searched from
    under the unit with no limit. The east edge is a wall now; over a 1.5" gap the unit lands in
    the gap, straight out from the edge."""
    surfaces, events = _stunned(_board(10.03, plaza=False), "bell")
    assert not [e for e in events if e.name == "UnitFell"]
    surfaces, events = _stunned(_board(11.5, plaza=False), "bell")
    fell = next(e for e in events if e.name == "UnitFell")
    assert fell.to == "10.5,7", fell.to
    _assert_clear(events, surfaces)


def test_falling_over_an_edge_lands_on_that_side_of_the_building() -> None:
    """Falling, seed 004: a tower 0.03" from the table's east edge:
    the fall named the east edge and landed north, round the corner. An edge closer to the table's
    edge than the landing offset is the end of the table, not a ledge."""
    scene = scenario("a tower at the table's edge", width=10.03, depth=14, seed=FAILS, body="""
  surfaces:
    - {id: tower, rect: [6, 4, 4, 6], height: 6}
  units:
    - {id: a, owner: p1, at: "9.6,7@tower", agility: 20, wounds: 2}
""")
    surfaces, events = _stunned(scene, "a")
    assert not [e for e in events if e.name == "UnitFell"]


def test_falling_into_a_gap_too_narrow_rolls_one_die_face_per_end() -> None:
    """Falling, seed 004 ("Determine a random direction if the place it would drop to is
    ambiguous"): over the chapel's east edge into a 0.5" gap before an 8" tower, too narrow for the
    base: the room nearest the edge's foot is at either end of the gap, as near as each other.
    A 1dN among the N landings is rolled and recorded, each named in its purpose, one face each
    (as for edges as near): the die's face is the landing named with it, and both come up over
    seeds. The first landing counterclockwise from a rolled d12 sector weighted them by angle
    (8 faces to 4 on a reviewer's pillar board)."""
    faces: dict[int, str] = {}
    for seed in range(12):
        if first_roll(seed) >= 20:
            continue
        surfaces, events = _stunned(_board(10.5, plaza=False, seed=seed), "bell")
        fell = next(e for e in events if e.name == "UnitFell")
        rolls = [e for e in events if e.name == "DiceRolled" and e.purpose.startswith("direction bell lands")]
        assert len(rolls) == 1 and rolls[0].dice == "1d2", [(e.dice, e.purpose) for e in rolls]
        (pick,) = rolls[0].results
        named = dict(re.findall(r"(\d+) [a-z-]+ \(([-\d.,]+)\)", rolls[0].purpose.split(":", 1)[1]))
        assert len(named) == 2, rolls[0].purpose
        assert named[str(pick)] == fell.to, (pick, named, fell.to)
        assert f"(1d2 rolled {pick})" in fell.reason, fell.reason
        _assert_clear(events, surfaces)
        assert faces.setdefault(pick, fell.to) == fell.to
    assert len(faces) == 2 and len(set(faces.values())) == 2, faces


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    gap=st.floats(0.0, 1.5), tower_h=st.sampled_from([2, 3, 4, 6, 8]), plaza=st.booleans(),
    y=st.floats(4.6, 9.4), x=st.floats(9.0, 9.99),
)
def test_falling_property_a_ledge_fall_lands_outside_every_footprint(gap: float, tower_h: float, plaza: bool, y: float, x: float) -> None:
    """Falling, seed 004, on random boards: a chapel with a tower some gap east of it, on a plaza
    or not; a Stunned unit near the east edge fails its ledge check: wherever it lands, it is
    outside every footprint higher than what it lands on."""
    surfaces, events = _stunned(_board(round(10 + gap, 3), tower_h=tower_h, plaza=plaza, at=f"{x:.3f},{y:.3f}@chapel"), "bell")
    _assert_clear(events, surfaces)


def test_jumping_across_failed_under_a_roof_over_the_whole_table_falls_0_inches() -> None:
    """Jumping Across, seed 004 (it Falls "to the ground below"): a roof covers the whole table
    (a reviewer's board), so there is no ground beyond its edge to land on. It raised
    "internal error: ValueError: The first input geometry is empty"; the unit now stays where it
    jumped from (a 0" fall) and the reason says there was no room to land."""
    scene = scenario("a roof over the whole table", width=10, depth=10, seed=0, body="""
  surfaces:
    - {id: roof, rect: [0, 0, 10, 10], height: 4}
    - {id: tower, rect: [7, 4, 2, 2], height: 8}
  units:
    - {id: u, owner: p1, at: "5.5,5@roof", agility: 20, wounds: 2, move: 6}
""")
    events = game(scene).issue({"command": "move", "unit": "u", "path": [{"to": "8,5@tower", "via": "jump_across"}]})
    fell = next(e for e in events if e.name == "UnitFell")
    assert fell.to == "5.5,5@roof" and fell.height == 0, (fell.to, fell.height)
    assert "no room to land" in fell.reason, fell.reason


def _obstacle_board(width: float, height: float) -> str:
    return scenario("a chapel with an obstacle a gap east of it", width=20, depth=14, seed=FAILS, body=f"""
  surfaces:
    - {{id: chapel, rect: [6, 4, 4, 6], height: 4}}
  obstacles:
    - {{rect: [10.03, 2, {width}, 10], height: {height}}}
  units:
    - {{id: u, owner: p1, at: "9.5,7@chapel", agility: 20, wounds: 2}}
""")


def test_falling_an_obstacle_taller_than_the_roof_beside_its_edge_is_a_wall() -> None:
    """Falling, seed 004 (example 55, the bell-ringer): a 6" obstacle 0.03" east of a 4"
    chapel is a wall rising from the chapel's east edge, as a taller building is: there is no
    ledge there (it fell 4" east to 12.53,7, past the obstacle)."""
    events = game(_obstacle_board(2, 6)).issue({"command": "set_state", "unit": "u", "states": ["stunned"], "reason": "shot"})
    assert not [e for e in events if e.name == "UnitFell"], [e.to for e in events if e.name == "UnitFell"]


def test_falling_never_lands_past_an_obstacle_beyond_the_edge() -> None:
    """Falling, seed 004 (example 55's sexton, the hedge shorter): a 2" hedge 0.03" east of a 4" chapel
    is not as tall as the roof, so the east edge is a ledge; the point just past it is in the
    hedge, and the unit landed past it at 10.63,7. The straight-line limit holds from the edge's
    point: it lands on the chapel's side of the hedge, here beyond the hedge's south end, in
    reach of the edge (the hedge spanning the table's whole depth leaves no room in reach: option
    fall_without_room, example 55, tests/skirmish/test_fall_without_room.py)."""
    events = game(_obstacle_board(0.1, 2)).issue({"command": "set_state", "unit": "u", "states": ["stunned"], "reason": "shot"})
    for fell in (e for e in events if e.name == "UnitFell"):
        spot = parse_spot(fell.to)
        assert spot.x <= 10.03 + 1e-3, fell.to


def _stage_board(plaza: str, tower: str = "") -> str:
    return scenario("a chapel on a plaza", width=20, depth=14, seed=FAILS, body=f"""
  surfaces:
    - {{id: plaza, rect: {plaza}, height: 0.5}}
    - {{id: chapel, rect: [6, 4, 4, 6], height: 4}}
{tower}  units:
    - {{id: u, owner: p1, at: "9.5,7@chapel", agility: 20, wounds: 2}}
""")


def test_falling_onto_a_stage_keeps_the_base_clear_of_a_building_beside_the_stage() -> None:
    """Falling, seed 004 (example 56): an 8" tower on the ground flush
    against the plaza's east edge, 0.5" east of the chapel: it stands on no part of the plaza,
    and was not counted, so the unit landed at 10.5,7@plaza, its base half inside the tower.
    Every footprint more than 1" above the stage that the base could touch counts."""
    scene = _stage_board("[2, 2, 8.5, 10]", "    - {id: tower, rect: [10.5, 2, 2, 10], height: 8}\n")
    surfaces, events = _stunned(scene, "u")
    _assert_clear(events, surfaces)


def test_falling_onto_a_stage_with_no_room_for_the_base_drops_to_the_ground_beyond() -> None:
    """Falling, seed 004 (example 56): the plaza reaches 0.2" past the
    chapel's walls, too narrow for the base (it landed at 10.05,7@plaza, the base 0.45" inside
    the chapel): the unit drops on to the ground beyond the stage, clear of the wall, 4" down."""
    scene = _stage_board("[5.8, 3.8, 4.4, 6.4]")
    surfaces, events = _stunned(scene, "u")
    fell = next(e for e in events if e.name == "UnitFell")
    assert parse_spot(fell.to).surface == GROUND and fell.height == 4, (fell.to, fell.height)
    _assert_clear(events, surfaces)
