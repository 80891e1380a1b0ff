"""A fall with no room for the base beyond the edge (seed 004, Move Phase, Falling: "place the unit
at the spot it has fallen to"; Jumping Across: a failed unit "Falls to the ground below"). The
seed is silent on a landing with no room: option ``fall_without_room`` decides. ``nearest_fit``
(the default): the unit drops to the ground at the nearest point to the ground under the edge
where its whole base is on the table and clear of every footprint, the real drop its fall's
height; ``stays`` (what games recorded before the option were played under): a 0" fall where it
went over. The nearest clear point is rebuilt here with shapely from the scenario's rectangles,
not with the engine's helpers."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, box
from shapely.ops import unary_union

from domain.rulesets.skirmish.options import SkirmishOptions
from domain.rulesets.skirmish.table import GROUND, parse_spot
from sim.logfile import read_jsonl
from sim.replay import verify
from tests.helpers import game
from tests.skirmish.tables import scenario

RADIUS = 0.5  # the default 1" base
TOUCH = 1e-3  # points are written to 3 decimals
OLD_LOG = Path(__file__).resolve().parents[1] / "fixtures" / "logs-later" / "skirmish-no-room-stays.jsonl"


def _alley(gap: float = 0.8, b_width: float = 4.0, a_h: float = 4.0, b_h: float = 6.0, y: float = 10.0, extra: str = "", options: str | None = None) -> str:
    """A 4" roof and a 6" roof, both the table's whole depth, an alley ``gap`` wide between them;
    ground east of the second roof. The unit jumps from the first to the second: landing over 1"
    higher fails outright, so it falls into the alley (Jumping Across)."""
    return scenario("an alley narrower than the base", width=24, depth=20, options=options, body=f"""
  surfaces:
    - {{id: a, rect: [0, 0, 10, 20], height: {a_h}}}
    - {{id: b, rect: [{10 + gap:.3f}, 0, {b_width:.3f}, 20], height: {b_h}}}
{extra}  units:
    - {{id: u, owner: p1, at: "9.6,{y:.3f}@a", move: 6, agility: 10}}
""")


def _jump(scene: str, y: float = 10.0) -> list[Any]:
    rect = yaml.safe_load(scene)["setup"]["surfaces"][1]["rect"]
    to = rect[0] + min(0.7, rect[2] / 2)
    return game(scene).issue({"command": "move", "unit": "u", "path": [{"to": f"{to:.3f},{y:.3f}@b", "via": "jump_across"}]})


def _footprints(scene: str) -> list[Any]:
    setup = yaml.safe_load(scene)["setup"]
    rects = [s["rect"] for s in setup.get("surfaces", [])] + [o["rect"] for o in setup.get("obstacles", [])]
    return [box(r[0], r[1], r[0] + r[2], r[1] + r[3]) for r in rects]


def _nearest_clear(scene: str, below: Point) -> float:
    """How far from ``below`` the nearest centre is whose base is on the table and clear of every
    footprint: the table shrunk by the radius less every footprint grown by it."""
    setup = yaml.safe_load(scene)["setup"]
    room = box(RADIUS, RADIUS, setup["width"] - RADIUS, setup["depth"] - RADIUS).difference(
        unary_union([f.buffer(RADIUS, quad_segs=64) for f in _footprints(scene)])
    )
    return float(room.distance(below))


def _nearest_clear_levels(scene: str, below: Point) -> tuple[float, dict[str, float]]:
    """Seed 004 Move Phase (terrain up to 1" high is moved over freely; units stand on low
    stages): how far from ``below`` the nearest centre is on the ground or on a stage up to 1"
    high, its base on the table and clear of every footprint more than 1" above that level (the
    centre on the stage, or on the ground outside every low stage), and each level's height by
    name. Rebuilt from the scenario's rectangles."""
    setup = yaml.safe_load(scene)["setup"]
    table = box(RADIUS, RADIUS, setup["width"] - RADIUS, setup["depth"] - RADIUS)
    pieces = [(s.get("id"), s["rect"], s["height"]) for s in setup.get("surfaces", [])]
    pieces += [(None, o["rect"], o["height"]) for o in setup.get("obstacles", [])]
    boxes = [(name, box(r[0], r[1], r[0] + r[2], r[1] + r[3]), h) for name, r, h in pieces]
    low = {name: (shape, h) for name, shape, h in boxes if name is not None and h <= 1.0}
    levels = {"ground": (table.difference(unary_union([shape for shape, _h in low.values()])), 0.0)}
    levels.update({name: (shape.intersection(table), h) for name, (shape, h) in low.items()})
    best = math.inf
    for area, floor in levels.values():
        walls = [shape.buffer(RADIUS, quad_segs=64) for _n, shape, h in boxes if h > floor + 1.0]
        room = area.difference(unary_union(walls)) if walls else area
        if not room.is_empty:
            best = min(best, float(room.distance(below)))
    return best, {name: h for name, (_a, h) in levels.items()}


def _edge_of(fell: Any) -> Point:
    x, y = re.search(r"the edge ([-0-9.]+),([-0-9.]+)@", fell.reason).groups()  # type: ignore[union-attr]
    return Point(float(x), float(y))


def _falls(events: list[Any]) -> list[Any]:
    return [e for e in events if e.name == "UnitFell"]


def test_falling_without_room_beyond_the_edge_drops_to_the_nearest_clear_ground_by_default() -> None:
    """Seed 004 Jumping Across ("the ground below") and Falling: in a 0.8" alley the 1" base
    has no room; under nearest_fit it drops the 4" to the nearest clear ground (east of the 6"
    roof), its Injury Roll +4 (+2 per full inch above 2"), and makes no second 0" fall."""
    scene = _alley()
    events = _jump(scene)
    (fell,) = _falls(events)
    spot = parse_spot(fell.to)
    assert spot.surface == GROUND and fell.height == 4, (fell.to, fell.height)
    far = Point(spot.x, spot.y).distance(_edge_of(fell))
    assert abs(far - _nearest_clear(scene, _edge_of(fell))) <= 2 * TOUCH, (fell.to, far)
    assert "placed at the nearest room on the ground" in fell.reason and f"{round(far, 2):g}\" from below the edge" in fell.reason, fell.reason
    (injury,) = [e for e in events if e.name == "InjuryRolled"]
    assert injury.modifier == 4, injury


def test_falling_without_room_stays_put_under_the_option_stays() -> None:
    """Seed 004 Falling, option fall_without_room: stays (the behaviour logs recorded before the
    option were played under): a 0" fall where it went over, +0, said in the reason."""
    events = _jump(_alley(options="{fall_without_room: stays}"))
    fell = _falls(events)[0]
    assert fell.to == fell.frm == "9.6,10@a" and fell.height == 0, fell
    assert fell.reason.endswith("it stays where it was (0\" fall)"), fell.reason
    assert [e.modifier for e in events if e.name == "InjuryRolled"][0] == 0


def test_falling_with_no_room_anywhere_on_the_table_stays_and_says_not_modelled() -> None:
    """Seed 004 Falling: the reviewer's alley, both roofs reaching the table's edges, leaves no
    room for the base anywhere on the ground: the unit stays (0") and the reason says so as not
    modelled, never silently."""
    events = _jump(_alley(b_width=14.0 - 0.8))
    for fell in _falls(events):
        assert fell.height == 0 and "not modelled" in fell.reason, fell.reason


def test_falling_with_no_room_anywhere_is_one_fall_with_one_injury_roll() -> None:
    """Seed 004 Falling: one Injury Roll per fall. Under nearest_fit, a unit with no room for its
    base anywhere (both roofs to the table's edges; or a 3" base wider than the 2.2" of ground left) stays where
    it went over and its move ends there: no ledge check follows, so no second 0" fall, however
    the Injury Roll turns out; the reason says so."""
    for scene in (_alley(b_width=14.0 - 0.8), _alley().replace("width: 24", "width: 17").replace("agility: 10}", "agility: 10, base: 3}")):
        events = _jump(scene)
        (fell,) = _falls(events)
        assert fell.height == 0 and "not modelled" in fell.reason and "no further ledge check" in fell.reason, fell.reason
        assert len([e for e in events if e.name == "InjuryRolled"]) == 1


def test_falling_without_room_lands_on_a_low_stage_covering_the_ground() -> None:
    """Seed 004 Move Phase (terrain up to 1" high is freely moved over, units stand on low stages)
    and Falling: a 0.5" plaza over all the ground east of the far roof is no wall; the unit lands
    on it at the nearest point to the edge's foot, the fall the 3.5" from the take-off roof to the
    plaza, its Injury Roll +2 (one full inch above 2")."""
    scene = _alley(extra="    - {id: p, rect: [14.8, 0, 9.2, 20], height: 0.5}\n")
    events = _jump(scene)
    (fell,) = _falls(events)
    spot = parse_spot(fell.to)
    best, heights = _nearest_clear_levels(scene, _edge_of(fell))
    assert spot.surface == "p" and abs(fell.height - (4 - heights["p"])) <= TOUCH, (fell.to, fell.height)
    assert abs(Point(spot.x, spot.y).distance(_edge_of(fell)) - best) <= 2 * TOUCH, (fell.to, best)
    (injury,) = [e for e in events if e.name == "InjuryRolled"]
    assert injury.modifier == 2, injury


def test_falling_without_room_lands_on_the_nearer_of_a_low_stage_and_the_ground() -> None:
    """Seed 004 Move Phase and Falling: the plaza 19" deep leaves a strip of ground at the table's
    far edge; the nearest room is on the plaza beside the far roof, not the far strip of ground."""
    scene = _alley(extra="    - {id: p, rect: [14.8, 0, 9.2, 19], height: 0.5}\n")
    (fell,) = _falls(_jump(scene))
    spot = parse_spot(fell.to)
    best, heights = _nearest_clear_levels(scene, _edge_of(fell))
    far = Point(spot.x, spot.y).distance(_edge_of(fell))
    assert abs(far - best) <= 2 * TOUCH, (fell.to, far, best)
    assert abs(fell.height - (4 - heights[spot.surface])) <= TOUCH, (fell.to, fell.height)


def test_falling_a_log_recorded_before_the_option_verifies_as_played() -> None:
    """Seed 004 Falling: a log written before fall_without_room (commit 3f3efc6, example 55
    without its expect) records no such option; its absence means stays, so its 0" fall
    verifies as played, and a new game records nearest_fit."""
    events = read_jsonl(OLD_LOG)
    assert "fall_without_room" not in events[0].options
    fell = next(e for e in events if type(e).__name__ == "UnitFell")
    assert fell.height == 0
    verdict = verify(events)
    assert verdict.ok, verdict.message
    assert SkirmishOptions.model_validate(SkirmishOptions.recorded(events[0].options)).fall_without_room == "stays"
    assert SkirmishOptions().model_dump()["fall_without_room"] == "nearest_fit"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    gap=st.floats(0.05, 0.95), b_width=st.floats(1.0, 10.0), a_h=st.floats(2.0, 6.0), rise=st.floats(1.2, 4.0),
    y=st.floats(0.5, 19.5), off=st.floats(0.0, 4.0), oy=st.floats(0.0, 16.5), ow=st.floats(0.2, 3.0), oh=st.floats(0.2, 3.0),
    stage=st.sampled_from([None, 0.5, 1.0]),
)
def test_falling_property_no_room_lands_on_the_nearest_clear_ground(
    gap: float, b_width: float, a_h: float, rise: float, y: float, off: float, oy: float, ow: float, oh: float,
    stage: float | None,
) -> None:
    """Seed 004 Falling / Jumping Across, on random boards (an alley narrower than the base, a
    second roof of any width, an obstacle anywhere east of it, so the alley is closed to the
    base): the landing is on the ground, its whole base clear of every footprint and on the
    table, the fall as high as the take-off roof, and no clear spot is nearer the ground under
    the edge (the shapely reference). Or, in place of the obstacle, a low stage (up to 1", seed
    004 Move Phase: freely moved over) east of the roof, which is no wall: the unit may land on it,
    the fall measured to it."""
    ox = min(10 + round(gap, 3) + round(b_width, 3) + off, 24 - ow)
    extra = f"  obstacles:\n    - {{rect: [{ox:.3f}, {oy:.3f}, {ow:.3f}, {oh:.3f}], height: 1.5}}\n"
    if stage is not None:
        oh = 20 - oy if oh > 2.5 else oh  # at times to the table's edge
        extra = f"    - {{id: s, rect: [{ox:.3f}, {oy:.3f}, {24 - ox:.3f}, {oh:.3f}], height: {stage}}}\n"
    scene = _alley(round(gap, 3), round(b_width, 3), round(a_h, 3), round(a_h + rise, 3), round(y, 3), extra)
    fell = _falls(_jump(scene, round(y, 3)))[0]
    assert "no room to land" in fell.reason, fell.reason  # the alley leaves none in reach
    spot = parse_spot(fell.to)
    below = _edge_of(fell)
    reference, heights = _nearest_clear_levels(scene, below)
    if math.isinf(reference) or reference != reference:  # no room anywhere: stays, said
        assert fell.height == 0 and "not modelled" in fell.reason, fell.reason
        return
    point = Point(spot.x, spot.y)
    floor = heights[spot.surface if spot.surface != GROUND else "ground"]
    assert abs(fell.height - (round(a_h, 3) - floor)) <= TOUCH, (fell.to, fell.height)
    assert RADIUS - TOUCH <= spot.x <= 24 - RADIUS + TOUCH and RADIUS - TOUCH <= spot.y <= 20 - RADIUS + TOUCH, fell.to
    setup = yaml.safe_load(scene)["setup"]
    tall = [s["rect"] for s in setup.get("surfaces", []) + setup.get("obstacles", []) if s["height"] > floor + 1.0]
    for r in tall:
        assert box(r[0], r[1], r[0] + r[2], r[1] + r[3]).distance(point) >= RADIUS - TOUCH, f"{fell.to}: the base is in a footprint"
    assert point.distance(below) <= reference + 2 * TOUCH, (fell.to, point.distance(below), reference)
