"""Move Phase, Falling (seed 004): "Determine a random direction if the place it would drop to is
ambiguous" (option fall_scatter). A unit falling from a surface goes over its nearest edge; where
two or more edges are as near, a recorded die chooses among them, and a replay reads it."""

from __future__ import annotations

from domain.rulesets.skirmish.table import parse_spot
from projections.state_hash import fold
from tests.helpers import game
from tests.skirmish.tables import scenario

ROOF = scenario("a unit at the exact centre of a free-standing roof", width=40, depth=40, seed="{seed}", body="""
  surfaces:
    - {{id: roof, rect: [18, 18, 4, 4], height: 4}}
    - {{id: far, rect: [24, 19, 3, 2], height: 4}}
  units:
    - {{id: u, owner: p1, at: "20,20@roof", move: 8, agility: 10, wounds: 1}}
""")

WALL = scenario("a unit in the middle of a 2in-wide wall", width=40, depth=40, seed="{seed}", body="""
  surfaces:
    - {{id: wall, rect: [18, 10, 2, 20], height: 4}}
  units:
    - {{id: u, owner: p1, at: "19,20@wall", move: 8, agility: 20, wounds: 1}}
""")


def _side(landing: str, centre: tuple[float, float]) -> str:
    spot = parse_spot(landing)
    dx, dy = spot.x - centre[0], spot.y - centre[1]
    if abs(dx) > abs(dy):
        return "east" if dx > 0 else "west"
    return "north" if dy > 0 else "south"


def test_a_fall_whose_direction_is_ambiguous_goes_a_random_recorded_direction() -> None:
    sides = set()
    for seed in range(1, 9):
        g = game(ROOF.format(seed=seed))
        events = g.issue({"command": "move", "unit": "u", "path": [{"to": "24.5,20@far", "via": "jump_across"}]})
        direction = [e for e in events if e.name == "DiceRolled" and e.purpose.startswith("direction u falls")]
        assert len(direction) == 1 and direction[0].dice == "1d4", [e.purpose for e in events if e.name == "DiceRolled"]
        fell = next(e for e in events if e.name == "UnitFell")
        assert fell.cause == direction[0].cause  # rolled for the fall, before the unit is placed
        side = _side(fell.to, (20, 20))
        # the die names the side the unit falls over: 1 north, 2 east, 3 south, 4 west
        assert side == ("north", "east", "south", "west")[direction[0].results[0] - 1]
        assert fell.height == 4.0 and "@" not in fell.to
        assert fold(g.pending_events).units["u"] == g.state.units["u"]  # type: ignore[arg-type]
        sides.add(side)
    assert len(sides) > 1, sides


def test_a_ledge_fall_between_two_edges_as_near_goes_a_random_recorded_direction() -> None:
    sides = set()
    for seed in range(1, 9):
        g = game(WALL.format(seed=seed))
        events = g.issue({"command": "set_state", "unit": "u", "states": ["dazed"], "reason": "shot"})
        direction = [e for e in events if e.name == "DiceRolled" and e.purpose.startswith("direction u falls")]
        assert len(direction) == 1 and direction[0].dice == "1d2"
        fell = next(e for e in events if e.name == "UnitFell")
        side = _side(fell.to, (19, 20))
        assert side == ("east", "west")[direction[0].results[0] - 1]
        sides.add(side)
    assert sides == {"east", "west"}


def test_a_fall_with_one_nearest_edge_rolls_no_direction() -> None:
    g = game(ROOF.format(seed=1).replace('"20,20@roof"', '"20.5,20@roof"'))
    events = g.issue({"command": "move", "unit": "u", "path": [{"to": "24.5,20@far", "via": "jump_across"}]})
    assert not [e for e in events if e.name == "DiceRolled" and "falls" in e.purpose]
    assert _side(next(e for e in events if e.name == "UnitFell").to, (20, 20)) == "east"


SECOND_EDGE = scenario("a ledge within 1in that is not the nearest edge", width=30, depth=24, seed="{seed}", body="""
  surfaces:
    - {{id: a, rect: [10, 8, 4, 4], height: 4}}
    - {{id: b, rect: [14, 8, 4, 4], height: 4}}
  units:
    - {{id: u, owner: p1, at: "13.7,8.6@a", move: 6, agility: 20, wounds: 1}}
""")


def test_a_unit_next_to_a_ledge_that_is_not_its_nearest_edge_makes_the_ledge_check() -> None:
    # u's nearest edge (0.3", east) joins roof b, as high: no ledge; the south edge 0.6" away drops 4"
    for seed in range(1, 4):
        g = game(SECOND_EDGE.format(seed=seed))
        events = g.issue({"command": "set_state", "unit": "u", "states": ["dazed"], "reason": "shot"})
        check = next(e for e in events if e.name == "CheckMade")
        assert check.check == "ledge" and not check.passed  # Agility 20: a d20 below 20 fails
        fell = next(e for e in events if e.name == "UnitFell")
        assert fell.height == 4.0 and "13.7,8@a" in fell.reason
        landing = parse_spot(fell.to)
        assert landing.surface == "ground" and landing.y <= 7.5 and abs(landing.x - 13.7) < 1e-6
