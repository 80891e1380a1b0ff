"""Seed 004, Climbing and Jumping Down, taken one after the other in a straight line: a unit
climbs a wall within the 1" leeway, crosses the roof and jumps down the far side (landing
within 3" of where it jumps, the drop free), then walks on. Walks, climbs and jumps down pay
their horizontal length and a climb its height too, so such a way costs the straight line's
length plus the wall's height wherever along the line it climbs and jumps: the least a move
over the wall can cost. A declared move takes that way; the lookahead must find it too (it
climbed only to the points 1" apart along the roof's edge before, so it read a way over a wall
a tenth of an inch dearer and called a point out of reach that the move command accepts).

The wall is 2" high and 2" thick, x from 6 to 8, the whole depth of the table.
"""

from __future__ import annotations

import math
import random

import pytest

from domain.errors import SimError
from domain.game import Game
from tests.helpers import game, reach

WALL = """
title: a wall across the table
ruleset: skirmish
seed: 0
setup:
  width: 20
  depth: 12
  surfaces:
    - {id: wall, rect: [6, 0, 2, 12], height: 2}
  units:
"""


def _unit(at: str, move: float) -> str:
    return f"    - {{id: a, side: p1, at: '{at}', move: {move}, agility: 1}}\n"


def _declared(g: Game, path: list[str], ways: list[str]) -> None:
    """The way issued as a ``move``: the command takes it (a refusal raises)."""
    legs = [{"to": to, "via": via} for to, via in zip(path[1:], ways, strict=True)]
    g.issue({"command": "move", "unit": "a", "path": legs})
    assert g.state.units["a"].location == path[-1]


def test_climbing_a_wall_and_jumping_down_its_far_side_costs_the_straight_line_plus_the_height() -> None:
    """5.5,5.5 to 9,5.5: 3.5" across and 2" up, 5.5" (5.62" was read before)."""
    g = game(WALL + _unit("5.5,5.5", 5.5))
    found = reach(g, "a").answer("9,5.5")  # type: ignore[attr-defined]
    assert found.reachable, [str(r) for r in found.reasons]
    assert found.cost == 5.5
    assert found.ways[:1] == ["climb"] and "jump_down" in found.ways
    assert [c["check"] for c in found.checks] == ["climb", "jump down"]
    _declared(g, found.path, found.ways)


def test_a_tenth_short_of_the_way_over_the_wall_is_too_far_by_what_that_way_needs() -> None:
    g = game(WALL + _unit("5.5,5.5", 5.4))
    reasons = [str(r) for r in reach(g, "a").why_not("9,5.5")]
    assert any('too far: needs 5.50", the allowance is 5.40"' in r for r in reasons), reasons


def test_a_way_over_the_wall_at_a_slant_costs_the_slanted_line_plus_the_height() -> None:
    """Neither end on the 1" points along the wall's edges: 5.3,4.7 to 9.4,6.1."""
    exact = math.hypot(4.1, 1.4) + 2
    g = game(WALL + _unit("5.3,4.7", round(exact + 0.001, 3)))
    found = reach(g, "a").answer("9.4,6.1")  # type: ignore[attr-defined]
    assert found.reachable, [str(r) for r in found.reasons]
    assert math.isclose(found.cost, exact, abs_tol=0.001)
    _declared(g, found.path, found.ways)


def test_a_landing_further_than_the_jump_reaches_is_walked_to_after_the_jump() -> None:
    """5.5,5.5 to 13,5.5: the jump lands within 3" of the wall's far edge, a walk on does the
    rest; 7.5" across and 2" up."""
    g = game(WALL + _unit("5.5,5.5", 9.5))
    found = reach(g, "a").answer("13,5.5")  # type: ignore[attr-defined]
    assert found.reachable, [str(r) for r in found.reasons]
    assert found.cost == 9.5
    assert found.ways[-2:] == ["jump_down", "walk"]
    _declared(g, found.path, found.ways)


def test_a_way_over_a_wall_onto_a_lower_roof_jumps_across_unless_a_jump_down_may_land_there() -> None:
    """jump_down_target: ground_only (the default) keeps a Jump Down off the deck beyond the 4"
    wall, so the way over ends in a Jump Across (a landing lower than the take-off); with
    any_lower_surface it is a Jump Down. Either costs 3.5" across and 4" up."""
    text = WALL.replace("height: 2}\n", "height: 4}\n    - {id: deck, rect: [8, 0, 6, 12], height: 1.5}\n")
    g = game(text + _unit("5.5,5.5", 7.5))
    found = reach(g, "a").answer("9,5.5@deck")  # type: ignore[attr-defined]
    assert found.reachable and found.cost == 7.5 and found.ways[-1] == "jump_across", (found.cost, found.ways)
    _declared(g, found.path, found.ways)
    allowed = game(text.replace("seed: 0\n", "seed: 0\noptions: {jump_down_target: any_lower_surface}\n") + _unit("5.5,5.5", 7.5))
    over = reach(allowed, "a").answer("9,5.5@deck")  # type: ignore[attr-defined]
    assert over.reachable and over.cost == 7.5 and over.ways[-1] == "jump_down", (over.cost, over.ways)
    _declared(allowed, over.path, over.ways)


def _line_over(a: tuple[float, float], b: tuple[float, float], rect: tuple[float, float, float, float]) -> list[tuple[str, str]] | None:
    """The way over the one building in a straight line, worked out here with plain geometry
    (the building an axis-aligned box): where the line enters and leaves it, a climb of half an
    inch across it, a jump from a tenth inside the far edge. None when the line misses the box
    or the jump would land further than 3"."""
    x0, y0, w, h = rect
    length = math.dist(a, b)
    dx, dy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    enter, leave = 0.0, length
    for origin, d, low, high in ((a[0], dx, x0, x0 + w), (a[1], dy, y0, y0 + h)):
        if abs(d) < 1e-12:
            if not low < origin < high:
                return None
            continue
        t1, t2 = sorted(((low - origin) / d, (high - origin) / d))
        enter, leave = max(enter, t1), min(leave, t2)
    if not 0.6 < enter < leave - 0.5 or leave > length - 0.2:
        return None

    def at(t: float) -> str:
        return f"{round(a[0] + dx * t, 3):g},{round(a[1] + dy * t, 3):g}"

    legs = [(at(enter - 0.25), "walk"), (at(enter + 0.25) + "@b", "climb"), (at(leave - 0.1) + "@b", "walk")]
    if length - (leave - 0.1) <= 3.0:
        return [*legs, (f"{b[0]:g},{b[1]:g}", "jump_down")]
    return [*legs, (at(leave + 0.5), "jump_down"), (f"{b[0]:g},{b[1]:g}", "walk")]


@pytest.mark.parametrize("seed", range(12))
def test_the_lookahead_never_reads_a_declared_way_over_a_building_dearer_than_it_costs(seed: int) -> None:
    """Random buildings, units and points beyond them: where the move command takes the way
    over the building in a straight line (built above without the engine), the lookahead finds
    that point in reach at no more than that way's cost, the line's length plus the height."""
    rng = random.Random(seed)
    checked = 0
    for _ in range(12):
        x0, y0 = rng.uniform(5, 9), rng.uniform(2, 6)
        w, d, height = rng.uniform(1.5, 3.5), rng.uniform(2, 5), rng.choice([1.5, 2, 3])
        rect = (round(x0, 2), round(y0, 2), round(w, 2), round(d, 2))
        a = (round(rect[0] - rng.uniform(0.3, 2.5), 2), round(rng.uniform(rect[1] + 0.3, rect[1] + rect[3] - 0.3), 2))
        b = (round(rect[0] + rect[2] + rng.uniform(0.3, 4), 2), round(rng.uniform(rect[1] - 1, rect[1] + rect[3] + 1), 2))
        way = _line_over(a, b, rect)
        if way is None:
            continue
        text = (
            "title: random\nruleset: skirmish\nseed: 0\nsetup:\n  width: 20\n  depth: 12\n  surfaces:\n"
            f"    - {{id: b, rect: [{rect[0]}, {rect[1]}, {rect[2]}, {rect[3]}], height: {height}}}\n  units:\n"
            f"    - {{id: a, side: p1, at: '{a[0]:g},{a[1]:g}', move: 30, agility: 20}}\n"
        )
        points = [f"{a[0]:g},{a[1]:g}", *(to for to, _ in way)]
        flat = [tuple(float(v) for v in p.split("@")[0].split(",")) for p in points]
        cost = sum(math.dist(p, q) for p, q in zip(flat, flat[1:], strict=False)) + height
        g = game(text)
        try:
            g.issue({"command": "move", "unit": "a", "path": [{"to": to, "via": via} for to, via in way]})
        except SimError:
            continue  # a point of the hand-made way off the roof or too near a corner: not a way
        found = reach(game(text), "a").answer(points[-1])  # type: ignore[attr-defined]
        assert found.reachable, (text, [str(r) for r in found.reasons])
        assert found.cost <= cost + 0.002, (text, found.path, found.ways, found.cost, cost)
        checked += 1
    assert checked >= 3
