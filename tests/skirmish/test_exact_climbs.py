"""Seed 004, Climbing: "The vertical movement counts towards the distance the unit can Move";
"1\" of horizontal movement is allowed". A declared move may climb anywhere within that leeway,
so the lookahead (``sim reach``, ``sim why``, legal moves) must find the same straight climbs:
from where the unit stands, or straight on from a walk, and not only between the points 1"
apart along a wall's edge that its graph starts climbs from.

The tower is 3" high, its west wall at x = 6. A climb from 0.5" in front of it to 0.5" onto the
roof is 3" up and 1" across: 4".
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from domain.errors import IllegalCommand
from domain.game import Game
from tests.helpers import game, reach
from tests.skirmish.tables import scenario
from tests.test_cli import sim

TOWER = scenario("a tower", body="""
  surfaces:
    - {id: t, rect: [6, 0, 4, 6], height: 3}
    - {id: upper, rect: [14, 0, 4, 6], height: 6}
    - {id: terrace, rect: [12, 0, 2, 6], height: 3}
  units:
""")


def _moved(g: Game, unit: str, path: list[str], ways: list[str]) -> float:
    """Issue the lookahead's way as a ``move`` command: the unit ends on its last point, and the
    allowance the move was declared with (which it did not exceed)."""
    legs = [{"to": to, "via": via} for to, via in zip(path[1:], ways, strict=True)]
    events = g.issue({"command": "move", "unit": unit, "path": legs})
    assert g.state.units[unit].location == path[-1]
    started = next(e for e in events if e.name == "MoveStarted")
    return float(started.allowance)


def test_a_climb_of_exactly_the_move_straight_up_from_where_the_unit_stands_is_in_reach() -> None:
    g = game(TOWER + "    - {id: a, side: p1, at: '5.5,2', move: 4, agility: 1}\n")
    found = reach(g, "a").answer("6.5,2@t")  # type: ignore[attr-defined]
    assert found.reachable, [str(r) for r in found.reasons]
    assert (found.path, found.ways, found.cost) == (["5.5,2", "6.5,2@t"], ["climb"], 4.0)
    assert [c["check"] for c in found.checks] == ["climb"]
    assert _moved(g, "a", found.path, found.ways) == 4.0


def test_a_point_up_a_wall_costs_what_the_straight_climb_costs() -> None:
    """4.03" was read before: the searches climbed between the points along the edge."""
    g = game(TOWER + "    - {id: a, side: p1, at: '5.5,2', move: 6}\n")
    found = reach(g, "a").answer("6.5,2@t")  # type: ignore[attr-defined]
    assert found.cost == 4.0 and found.path == ["5.5,2", "6.5,2@t"]


def test_one_inch_short_of_a_straight_climb_is_too_far_by_what_the_straight_climb_needs() -> None:
    """No caution note any more: the figure is the straight climb's own (4.00", not 4.03")."""
    g = game(TOWER + "    - {id: a, side: p1, at: '5.5,2', move: 3.9}\n")
    reasons = [str(r) for r in reach(g, "a").why_not("6.5,2@t")]
    assert any('too far: needs 4.00", the allowance is 3.90"' in r for r in reasons), reasons
    assert not any("climbing straight" in r for r in reasons), reasons


def test_a_walk_straight_on_into_a_climb_is_in_reach_at_the_length_of_the_line_plus_the_height() -> None:
    """From 3,1 to 8,3@t in a straight line: 29 ** 0.5 across and 3 up, 8.385"; the way walks to
    the wall, climbs it within the 1" leeway and walks on, and the move command takes it."""
    exact = math.sqrt(29) + 3
    g = game(TOWER + "    - {id: a, side: p1, at: '3,1', move: 8.386}\n")
    found = reach(g, "a").answer("8,3@t")  # type: ignore[attr-defined]
    assert found.reachable, [str(r) for r in found.reasons]
    assert math.isclose(found.cost, round(exact, 3), abs_tol=1e-9)
    assert "climb" in found.ways and found.path[0] == "3,1" and found.path[-1] == "8,3@t"
    _moved(g, "a", found.path, found.ways)
    short = game(TOWER + "    - {id: a, side: p1, at: '3,1', move: 8.38}\n")
    reasons = [str(r) for r in reach(short, "a").why_not("8,3@t")]
    assert any('too far: needs 8.39"' in r for r in reasons), reasons


def test_a_climb_from_a_lower_roof_straight_onto_a_higher_one_is_in_reach() -> None:
    g = game(TOWER + "    - {id: a, side: p1, at: '13.5,1.5@terrace', move: 4}\n")
    found = reach(g, "a").answer("14.5,1.5@upper")  # type: ignore[attr-defined]
    assert found.reachable, [str(r) for r in found.reasons]
    assert (found.path, found.ways, found.cost) == (["13.5,1.5@terrace", "14.5,1.5@upper"], ["climb"], 4.0)
    assert _moved(g, "a", found.path, found.ways) == 4.0


def test_the_reachable_area_and_the_legal_moves_take_in_a_point_only_a_straight_climb_reaches(tmp_path: Path) -> None:
    """The area's grid centre 6.5,1.5@t is a straight climb of exactly 4" from 5.5,1.5."""
    text = TOWER + "    - {id: a, side: p1, at: '5.5,1.5', move: 4}\n"
    scenario = tmp_path / "tower.yaml"
    scenario.write_text(text)
    data = json.loads(sim("reach", str(scenario), "--unit", "a", "--json").output)
    assert "6.5,1.5@t" in data["samples"]
    g = game(text)
    ends = [c.path[-1] for c in g.legal_commands() if getattr(c, "command", None) == "move"]
    assert any(getattr(leg, "to", leg) == "6.5,1.5@t" for leg in ends)


TOWER_BEFORE_SHED = scenario("a shed behind a taller tower", body="""
  surfaces:
    - {id: tower, rect: [6, 0, 0.5, 6], height: 6}
    - {id: shed, rect: [6.5, 0, 4, 6], height: 3}
    - {id: keep, rect: [12, 8, 3, 2], height: 6}
    - {id: hut, rect: [12, 10, 4, 2], height: 3}
    - {id: terrace, rect: [6, 8, 4, 4], height: 2.5}
    - {id: top, rect: [6.6, 8, 3.4, 4], height: 5}
  units:
    - {id: a, side: p1, at: '5.8,3', move: 6, agility: 2}
    - {id: b, side: p1, at: '11.9,9.4', move: 6, agility: 2}
    - {id: c, side: p1, at: '5.9,10', move: 6, agility: 2}
""")


def test_a_climb_goes_up_the_wall_it_climbs_not_through_taller_terrain_in_the_way() -> None:
    """Move Phase, Climbing: a climb goes up (or down) the vertical surface it climbs, and only
    terrain up to 1" high is moved over freely (Move Phase): a 6" tower between the foot of the
    climb and a 3" shed, square across or cut at its corner, is in the way. Both were taken, at
    the cost of the shed's wall alone; the lookahead proposed the first."""
    g = game(TOWER_BEFORE_SHED)
    for unit, to in (("a", "6.7,3@shed"), ("b", "12.5,10.2@hut")):
        with pytest.raises(IllegalCommand, match=r"Climbing: tower|Climbing: keep"):
            g.issue({"command": "move", "unit": unit, "path": [{"to": to, "via": "climb"}]})
        found = reach(g, unit).answer(to)  # type: ignore[attr-defined]
        assert (found.path, found.ways) != ([g.state.units[unit].location, to], ["climb"])
        if found.reachable:  # round the tall terrain: a way the move command takes
            _moved(game(TOWER_BEFORE_SHED), unit, found.path, found.ways)
    assert not reach(g, "a").answer("6.7,3@shed").reachable  # type: ignore[attr-defined]
    with pytest.raises(IllegalCommand, match=r"tower \(6\" high\) is in the way"):
        g.issue({"command": "move", "unit": "a", "path": [{"to": "6.7,3@shed", "via": "climb"}]})


def test_one_climb_leg_climbs_one_vertical_surface_with_its_one_check() -> None:
    """Move Phase, Climbing, option climb_check_per: surface (one Agility Check per vertical
    surface): a leg from the ground onto a 5" top past a 2.5" terrace climbs two walls; it was
    taken with one check. Climbed as two legs, it is two checks."""
    g = game(TOWER_BEFORE_SHED)
    with pytest.raises(IllegalCommand, match=r"terrace \(2.5\" high\) is a second wall"):
        g.issue({"command": "move", "unit": "c", "path": [{"to": "6.7,10@top", "via": "climb"}]})
    events = g.issue({"command": "move", "unit": "c", "path": [{"to": "6.3,10@terrace", "via": "climb"}, {"to": "6.7,10@top", "via": "climb"}]})
    assert [e.check for e in events if e.name == "CheckMade"] == ["climb", "climb"]
    assert g.state.units["c"].location == "6.7,10@top"
