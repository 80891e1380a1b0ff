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
from tests.skirmish.tables import scenario

WALL = scenario("a wall across the table", body="""
  surfaces:
    - {id: wall, rect: [6, 0, 2, 12], height: 2}
  units:
""")


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
    assert not any("caution" in r for r in reasons), reasons  # the figure is exact: nothing to warn of


TWO_WALLS = WALL.replace("height: 2}\n", "height: 2}\n    - {id: far, rect: [10, 0, 2, 12], height: 2}\n")


def test_a_way_still_measured_through_fixed_climbs_and_jumps_says_so_when_it_falls_just_short() -> None:
    """Onto the second wall: climb the first, jump the 2" gap, walk on. The searches take that
    jump between the points 1" apart along the edges, so they read 7.62" where a move declared
    along the straight line costs its length plus 2": 7.50". Out of reach by less than an inch,
    the answer says the figure may be high; far out of reach, it does not."""
    g = game(TWO_WALLS + _unit("5.5,5.5", 7.55))
    reasons = [str(r) for r in reach(g, "a").why_not("11,5.3@far")]
    assert any("too far: needs 7.62" in r for r in reasons), reasons
    assert any("caution" in r and "climb and jump across" in r and "declare it" in r for r in reasons), reasons
    line = math.hypot(5.5, 0.2)
    at = [f"{5.5 + 5.5 * t / line:.3f},{5.5 - 0.2 * t / line:.3f}" for t in (0.75, 2.45, 4.55)]
    _declared(g, ["5.5,5.5", at[0] + "@wall", at[1] + "@wall", at[2] + "@far", "11,5.3@far"], ["climb", "walk", "jump_across", "walk"])
    far = game(TWO_WALLS + _unit("5.5,5.5", 5.5))
    reasons = [str(r) for r in reach(far, "a").why_not("11,5.3@far")]
    assert any("too far" in r for r in reasons) and not any("caution" in r for r in reasons), reasons


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


def test_from_a_roof_a_walk_to_its_edge_a_jump_down_and_a_walk_on_cost_the_straight_line() -> None:
    """From 7,5.5@wall, the top of the wall, to 12,7 on the ground: more than the 3" a jump
    down lands within, so the way walks to the edge, jumps and walks on, all along the line:
    its length, the drop free (5.22"; read through a take-off at a key point before)."""
    exact = math.hypot(5, 1.5)
    g = game(WALL + _unit("7,5.5@wall", round(exact + 0.001, 3)))
    found = reach(g, "a").answer("12,7")  # type: ignore[attr-defined]
    assert found.reachable, [str(r) for r in found.reasons]
    assert math.isclose(found.cost, exact, abs_tol=0.001) and found.ways == ["walk", "jump_down", "walk"], (found.cost, found.ways)
    _declared(g, found.path, found.ways)
    edge = game(WALL + _unit("8,5.5@wall", 5))  # on the very edge: it jumps from where it stands
    found = reach(edge, "a").answer("13,5.5")  # type: ignore[attr-defined]
    assert found.reachable and found.cost == 5.0 and found.ways == ["jump_down", "walk"], (found.cost, found.ways)
    _declared(edge, found.path, found.ways)
