"""Seed 004, Falling: a unit that would land on another is placed next to it (not Engaged), at a
random direction. The simulator rolls a d12 for a 30 degree sector and, where the base does not
fit there, tries the next sector; where none fits, the nearest point clear of every base. These
tests pin which way "next" goes and that the nearest point is one the unit could reach where it
fell: never inside a tower standing on the roof it fell onto, nor across a wall."""

from __future__ import annotations

import math

from shapely.geometry import Point, box

from domain.dice import draw
from domain.rulesets.skirmish.table import parse_spot
from tests.helpers import game
from tests.skirmish.tables import fell_to, scenario, seed_where

#: a 3" house at the west, a far roof no jump reaches; b stands at the foot of the house's east
#: wall, where a unit falling off the house's east edge lands
YARD = scenario("falls beside a unit", width=20, depth=10, seed="{seed}", body="""
  surfaces:
    - {{id: house, rect: [2, 2, 4, 4], height: 3}}
    - {{id: far, rect: [14, 2, 2, 2], height: 3}}
  units:
    - {{id: a, side: p1, at: '5.9,4@house', move: 6}}
    - {{id: b, side: p2, at: '6.5,4'}}
{more}
""")

def first_seed_rolling(sector: int) -> int:
    """A seed whose first die, a d12, rolls ``sector``."""
    return seed_where(lambda s: draw(s, 1, 0, 12) == sector)


JUMP = {"command": "move", "unit": "a", "path": [{"to": "15,3@far", "via": "jump_across"}]}



def test_a_unit_fallen_onto_another_goes_to_the_rolled_sector_else_the_next_counterclockwise() -> None:
    """Sector 1 is due east (+x) and the sectors go on counterclockwise with +y as north (sector
    4 north, 7 west, 10 south). Where the rolled sector has no room, the next counterclockwise is
    tried: rolled 1 with an ally standing in it, the unit is put in sector 2 (north-east of b,
    30 degrees), not sector 12. The docs and docstring said clockwise; the code always went
    counterclockwise, and logs keep its placings, so the docs now say so."""
    seed = first_seed_rolling(1)
    free = game(YARD.format(seed=seed, more=""))
    distance = 1.01  # both radii and 0.01": next to, not touching
    assert fell_to(free.issue(JUMP)) == "7.51,4"  # sector 1: due east of b
    blocked = game(YARD.format(seed=seed, more="    - {id: e, side: p2, at: '8.5,4'}"))
    landing = parse_spot(fell_to(blocked.issue(JUMP)))
    bearing = math.degrees(math.atan2(landing.y - 4, landing.x - 6.5))
    assert abs(bearing - 30) < 0.1 and abs(landing.flat_distance(parse_spot("6.5,4")) - distance) < 1e-3, landing


#: a 3" roof 1" wide round an 8" tower standing on it, and a far roof no jump reaches
TOWER_ON_A_ROOF = scenario("a tower on a roof", width=14, depth=14, seed="{seed}", body="""
  surfaces:
    - {{id: roof, rect: [4, 4, 6, 6], height: 3}}
    - {{id: tower, rect: [5, 5, 4, 4], height: 8}}
    - {{id: far, rect: [0, 12, 2, 2], height: 3}}
  units:
    - {{id: a, side: p1, at: '5.2,7@tower', move: 6}}
    - {{id: b, side: p2, at: '4.6,7@roof'}}
    - {{id: c, side: p2, at: '4.6,8.05@roof'}}
    - {{id: d, side: p2, at: '4.6,5.95@roof'}}
""")


def test_with_no_room_beside_the_unit_fallen_on_the_nearest_place_is_on_its_side_of_a_wall_standing_on_the_roof() -> None:
    """Seed 004, Falling ("place it so that it is next to ... the unit") and Move Phase (terrain
    over 1" high is not moved through): a falls off the tower onto b on the roof's 1" walkway
    at the tower's foot, c and d beside b; no sector beside b has room (the tower, the roof's
    edge, c and d), so a goes to the nearest point clear of every base. That was 5.61,7.008,
    inside the tower's footprint on the roof, a floor it could not reach without going through
    the tower's wall; now it is the nearest point on the walkway outside the tower."""
    for seed in range(6):
        g = game(TOWER_ON_A_ROOF.format(seed=seed))
        landing = parse_spot(fell_to(g.issue({"command": "move", "unit": "a", "path": [{"to": "1,13@far", "via": "jump_across"}]})))
        assert landing.surface == "roof"
        assert not box(5, 5, 9, 9).buffer(-1e-6).contains(Point(landing.x, landing.y)), (seed, landing)
        for other in ("4.6,7", "4.6,8.05", "4.6,5.95"):
            assert landing.flat_distance(parse_spot(other + "@roof")) >= 1.01 - 1e-6, (seed, landing)


#: a 2" garden wall 0.3" thick across the table (a surface: it may be climbed), a 3" house west
#: of it; b stands with its centre 0.15" from the garden wall (a unit is its centre for walls)
GARDEN = scenario("a garden wall", width=14, depth=12, seed="{seed}", body="""
  surfaces:
    - {{id: wall, rect: [6, 0, 0.3, 12], height: 2}}
    - {{id: house, rect: [4, 6, 1.8, 3], height: 3}}
    - {{id: far, rect: [0, 0, 1, 1], height: 3}}
  units:
    - {{id: a, side: p1, at: '5.3,6.1@house', move: 6}}
    - {{id: b, side: p2, at: '5.85,5'}}
""")


def test_a_unit_fallen_onto_another_is_never_put_beside_it_across_a_wall() -> None:
    """Seed 004, Falling: next to the unit fallen on; Move Phase: terrain over 1" high is not
    moved through. a falls off the house's south edge onto b, who stands against a 0.3" garden
    wall: the sectors east of b put a's whole base clear of the wall on its far side, across it
    (sector 1 did). A sector is taken only where a could walk there from where it landed."""
    for sector in (1, 2, 12):
        seed = first_seed_rolling(sector)
        g = game(GARDEN.format(seed=seed))
        landing = parse_spot(fell_to(g.issue({"command": "move", "unit": "a", "path": [{"to": "0.5,0.5@far", "via": "jump_across"}]})))
        assert landing.surface == "ground" and landing.x <= 5.5 + 1e-6, (sector, landing)
        assert 1.0 < landing.flat_distance(parse_spot("5.85,5")) < 1.02, (sector, landing)


def test_a_fall_says_which_way_the_unit_went_and_what_the_d12_sectors_mean() -> None:
    """Move Phase, Falling (next to the unit it would land on; a random direction): the trace
    must let a judge see which way the unit fell. The d12 read "direction to place a beside b:
    [4]", with no word of which bearing 4 is, and the fall named two points only. Now the roll
    names its sectors, the UnitFell's reason says where beside the unit it was put (its compass
    point and sector, and the sector rolled when that one was taken), and the fall's text its
    compass direction from where it fell."""
    seed = first_seed_rolling(4)
    g = game(YARD.format(seed=seed, more=""))
    events = g.issue(JUMP)
    die = next(e for e in events if e.name == "DiceRolled" and e.dice == "1d12")
    assert "1 east" in die.purpose and "4 north" in die.purpose and "counterclockwise" in die.purpose
    fell = next(e for e in events if e.name == "UnitFell")
    assert fell.to == "6.5,5.01"  # sector 4: due north of b
    assert fell.reason.endswith("; placed beside b, north of it (d12 sector 4)")
    assert " north-east from " in fell.describe(str)  # from 5.9,4@house to 6.5,5.01
    blocked = game(YARD.format(seed=first_seed_rolling(1), more="    - {id: e, side: p2, at: '8.5,4'}"))
    fell = next(e for e in blocked.issue(JUMP) if e.name == "UnitFell")
    assert fell.reason.endswith("; placed beside b, north-east of it (d12 sector 2: sector 1 rolled had no room)")


def test_a_fall_over_an_edge_says_its_compass_direction() -> None:
    """Move Phase, Falling: the text of a fall over a roof's edge names the way it went (east,
    over the house's east wall) as well as its two points."""
    g = game(YARD.format(seed=0, more="").replace("at: '6.5,4'", "at: '6.5,8'"))
    fell = next(e for e in g.issue(JUMP) if e.name == "UnitFell")
    assert fell.to == "6.5,4"
    assert 'falls 3" east from ' in fell.describe(str)
