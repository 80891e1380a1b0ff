"""Seed 004, Falling and Jumping Across: a failed Jump Across "Falls to the ground below from where
it attempted to Jump Across", and a falling unit is placed where it fell, or next to (not on, not
Engaged with) a unit it would land on. The ground below a roof is inside the building, so the unit
lands at the foot of the wall under its take-off point: its base clear of the building, touching
the wall. These tables have buildings standing free of the table's edges."""

from __future__ import annotations

from shapely.geometry import Point, Polygon

from domain.rulesets.skirmish.table import GROUND, parse_spot
from tests.helpers import game, names
from tests.skirmish.tables import fell_to, first_roll, scenario, seed_where

#: a free-standing tower and a lower shed with a gap of 0.8" (narrower than a 1" base) between them
TOWER = (6.0, 6.0, 10.0, 10.0)
SHED = (10.8, 6.0, 12.8, 10.0)
TABLE = scenario("free-standing buildings", width=24, depth=20, seed="{seed}", body="""
  surfaces:
    - {{id: tower, rect: [6, 6, 4, 4], height: 3}}
    - {{id: shed, rect: [10.8, 6, 2, 4], height: 2}}
    - {{id: ell, polygon: [[15, 13], [20, 13], [20, 15], [17, 15], [17, 18], [15, 18]], height: 4}}
    - {{id: far, rect: [1, 16, 2, 2], height: 3}}
  units:
{units}
""")


def table(units: str, seed: int = 0):  # type: ignore[no-untyped-def]
    return game(TABLE.format(units=units, seed=seed))


def footprint(x0: float, y0: float, x1: float, y1: float) -> Polygon:
    return Polygon([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])


BUILDINGS = [footprint(*TOWER), footprint(*SHED), Polygon([(15, 13), (20, 13), (20, 15), (17, 15), (17, 18), (15, 18)]), footprint(1, 16, 3, 18)]



def assert_at_the_foot(landing_text: str, building: Polygon, radius: float) -> None:
    """On the ground, no base overlapping any building, touching the one it fell from."""
    landing = parse_spot(landing_text)
    assert landing.surface == GROUND
    for other in BUILDINGS:
        assert other.distance(Point(landing.x, landing.y)) >= radius - 1e-6, (landing_text, other)
    assert building.distance(Point(landing.x, landing.y)) <= radius + 1e-3, landing_text


def test_a_failed_jump_across_falls_to_the_ground_below_the_take_off_not_to_the_table_edge() -> None:
    g = table("    - {id: a, side: p1, at: '6.25,8@tower', move: 6}")
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "2,17@far", "via": "jump_across"}]})
    assert next(e for e in events if e.name == "JumpMeasured").outcome == "automatic failure"
    landing = parse_spot(fell_to(events))
    assert_at_the_foot(fell_to(events), footprint(*TOWER), 0.5)
    assert (landing.x, landing.y) == (TOWER[0] - 0.5, 8)  # straight out from the take-off, base to the wall
    assert g.state.units["a"].location == fell_to(events)


def test_a_fall_from_exactly_the_roof_edge_lands_clear_of_the_wall() -> None:
    g = table("    - {id: a, side: p1, at: '8,6@tower', move: 6}")  # on the south edge of the roof
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "2,17@far", "via": "jump_across"}]})
    assert_at_the_foot(fell_to(events), footprint(*TOWER), 0.5)


def test_a_fall_into_a_gap_narrower_than_the_base_lands_where_the_base_fits() -> None:
    # taking off from the tower's east edge, above a 0.8" gap: a 1" base can't stand in it
    g = table("    - {id: a, side: p1, at: '9.9,8@tower', move: 6}")
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "2,17@far", "via": "jump_across"}]})
    landing = parse_spot(fell_to(events))
    assert_at_the_foot(fell_to(events), footprint(*TOWER), 0.5)
    # the nearest place the base fits is off the end of the gap, the tower's corner nearest it
    assert Point(landing.x, landing.y).distance(Point(10, 6)) <= 1.0 or Point(landing.x, landing.y).distance(Point(10, 10)) <= 1.0


def test_a_larger_base_lands_its_whole_radius_from_the_wall() -> None:
    g = table("    - {id: a, side: p1, at: '6.25,8@tower', move: 6, base: 2}")
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "2,17@far", "via": "jump_across"}]})
    assert_at_the_foot(fell_to(events), footprint(*TOWER), 1.0)


def test_a_fall_from_an_l_shaped_roof_lands_outside_its_inner_corner() -> None:
    g = table("    - {id: a, side: p1, at: '16.9,15.1@ell', move: 6}")  # just inside the inner corner (17,15)
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "2,17@far", "via": "jump_across"}]})
    ell = BUILDINGS[2]
    assert_at_the_foot(fell_to(events), ell, 0.5)
    landing = parse_spot(fell_to(events))
    assert Point(landing.x, landing.y).distance(Point(17, 15)) <= 1.0  # within a base of the corner below


def test_a_fall_onto_a_unit_at_the_foot_of_a_free_standing_building_is_placed_beside_it() -> None:
    units = "    - {id: a, side: p1, at: '6.25,8@tower', move: 6}\n    - {id: b, side: p2, at: '5.5,8'}"
    g = table(units)
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "2,17@far", "via": "jump_across"}]})
    assert "1d12" in [e.dice for e in events if e.name == "DiceRolled"]
    landing = parse_spot(fell_to(events))
    assert landing.flat_distance(parse_spot("5.5,8")) > 1.0  # next to b, not touching: not Engaged
    assert landing.flat_distance(parse_spot("5.5,8")) < 1.1
    for other in BUILDINGS:
        assert other.distance(Point(landing.x, landing.y)) >= 0.5 - 1e-6


def test_a_stunned_unit_that_fails_its_ledge_check_lands_at_the_foot_of_a_free_standing_building() -> None:
    seed = seed_where(lambda s: first_roll(s) < 10)
    g = table("    - {id: a, side: p1, at: '9.6,8@tower', agility: 10}", seed)
    events = g.issue({"command": "set_state", "unit": "a", "states": ["stunned"]})
    assert "UnitFell" in names(events)
    # over the east edge: the gap beyond it is too narrow, so the base lands off the gap's end
    assert_at_the_foot(fell_to(events), footprint(*TOWER), 0.5)


def test_placed_beside_a_unit_at_any_rolled_bearing_the_base_stays_clear_of_the_wall() -> None:
    # b stands 0.8" from the tower's west wall: several bearings around b would put a's base
    # partly inside the tower, though its centre is outside
    from domain.dice import draw

    landings = []
    for sector in range(1, 13):
        seed = seed_where(lambda s, sector=sector: draw(s, 1, 0, 12) == sector)
        g = table("    - {id: a, side: p1, at: '6.25,8@tower', move: 6}\n    - {id: b, side: p2, at: '5.2,8'}", seed)
        events = g.issue({"command": "move", "unit": "a", "path": [{"to": "2,17@far", "via": "jump_across"}]})
        assert [e.results for e in events if e.name == "DiceRolled"][0] == [sector]
        landing = parse_spot(fell_to(events))
        assert 1.0 < landing.flat_distance(parse_spot("5.2,8")) < 1.1, (sector, landing)
        for other in BUILDINGS:
            assert other.distance(Point(landing.x, landing.y)) >= 0.5 - 1e-6, (sector, landing)
        landings.append((round(landing.x, 3), round(landing.y, 3)))
    # all twelve bearings were rolled; those clear of the wall each put the base somewhere of its
    # own, and those into the wall were moved out of it (to fewer places)
    assert len(landings) == 12 and 1 < len(set(landings)) < 12, landings


def test_with_no_room_beside_the_unit_fallen_on_the_faller_takes_the_nearest_place_touching_no_base() -> None:
    # b stands at the foot of the tower's west wall, hemmed in by c, d and e: every bearing of the
    # d12 is in the wall or on a base, so a is put at the nearest point clear of all of them
    units = (
        "    - {id: a, side: p1, at: '6.25,8@tower', move: 6}\n"
        "    - {id: b, side: p2, at: '5.5,8'}\n    - {id: c, side: p2, at: '5.5,9'}\n"
        "    - {id: d, side: p2, at: '4.5,8'}\n    - {id: e, side: p2, at: '5.5,7'}"
    )
    g = table(units)
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "2,17@far", "via": "jump_across"}]})
    assert "1d12" in [e.dice for e in events if e.name == "DiceRolled"]
    landing = parse_spot(fell_to(events))
    for other in ("5.5,8", "5.5,9", "4.5,8", "5.5,7"):
        assert landing.flat_distance(parse_spot(other)) > 1.0, (landing, other)  # not on, not touching
    for building in BUILDINGS:
        assert building.distance(Point(landing.x, landing.y)) >= 0.5 - 1e-6
    assert landing.flat_distance(parse_spot("5.5,8")) < 1.5  # in the nook between two of them


#: a two-floor house (its floor under its roof, the same footprint) beside a stepped tower: a
#: storey of height 6 on a wider terrace of height 2 that reaches 3" out past its east wall
STOREYS = scenario("floors and terraces", width=30, depth=20, body="""
  surfaces:
    - {id: roof, rect: [6, 0, 4, 10], height: 6}
    - {id: floor1, rect: [6, 0, 4, 10], height: 3}
    - {id: storey, rect: [16, 4, 4, 4], height: 6}
    - {id: terrace, rect: [16, 4, 7, 4], height: 2}
    - {id: far, rect: [26, 4, 2, 4], height: 6}
    - {id: across, rect: [12.5, 0, 2, 3], height: 6}
  units:
    - {id: a, side: p1, at: '9.5,2@roof', move: 6, agility: 20}
    - {id: b, side: p1, at: '19.5,6@storey', move: 6, agility: 20}
""")


def test_a_failed_jump_across_from_a_roof_falls_to_the_ground_not_to_the_floor_inside() -> None:
    """Seed 004, Jumping Across: the unit "Falls to the ground below from where it attempted to
    Jump Across". The floor under the roof is inside the building's walls: the fall goes over the
    roof's edge to the ground, the whole 6", one Injury Roll at +2 for each full inch above 2"."""
    g = game(STOREYS)
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "12.75,2@across", "via": "jump_across"}]})
    falls = [e for e in events if e.name == "UnitFell"]
    assert len(falls) == 1 and falls[0].height == 6.0
    assert_at_the_foot(falls[0].to, footprint(6, 0, 10, 10), 0.5)
    assert [e.modifier for e in events if e.name == "InjuryRolled"] == [2 * 4]


def test_a_fall_off_a_storey_lands_on_the_terrace_reaching_out_past_its_wall() -> None:
    """What lies below beyond the edge may be a lower surface: a stepped building's terrace
    catches the unit just outside the upper wall (6" - 2" = 4" fallen), not inside the storey."""
    g = game(STOREYS)
    events = g.issue({"command": "move", "unit": "b", "path": [{"to": "26.5,6@far", "via": "jump_across"}]})
    (fall,) = [e for e in events if e.name == "UnitFell"]
    landing = parse_spot(fall.to)
    assert landing.surface == "terrace" and fall.height == 4.0
    assert not footprint(16, 4, 20, 8).contains(Point(landing.x, landing.y)), fall.to
    assert 20 <= landing.x <= 23 and 4 <= landing.y <= 8


def test_a_fall_into_a_gap_exactly_a_base_wide_lands_in_it() -> None:
    """Falling: the unit lands on the ground below, its base touching walls allowed (a unit walks
    to and stands in such a gap). Two 5" roofs 1" apart, a 1" base: the fall lands in the gap at
    14.5,10, where the room search once grew both walls by its margin, found none there, and put
    the unit 2" away at the gap's end."""
    g = game(
        "title: t\nruleset: skirmish\nseed: 1\nsetup:\n  width: 30\n  depth: 20\n  surfaces:\n"
        "    - {id: roof, rect: [10, 8, 4, 4], height: 5}\n    - {id: east, rect: [15, 8, 4, 4], height: 5}\n"
        "  units:\n    - {id: u, owner: p1, at: '13.5,10@roof', move: 6, agility: 10, wounds: 1}\n"
    )
    events = g.issue({"command": "move", "unit": "u", "path": [{"to": "17,10@east", "via": "jump_across"}]})
    fell = next(e for e in events if e.name == "UnitFell")
    assert fell.to == "14.5,10"
    assert g.state.units["u"].location == "14.5,10"
