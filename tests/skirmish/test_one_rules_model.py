"""One rules model, two consumers (DESIGN.md, principle 1): every way the lookahead finds on the
table, to its key points and to points between them, is a move the aggregate accepts leg for leg,
charged no more than the allowance."""

from __future__ import annotations

import pytest

from domain.rulesets.skirmish.reach import TableRange
from domain.rulesets.skirmish.table import GROUND, Spot
from sim.runner import play, start_game
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES

CASES = [
    ("03-climb-succeeds.yaml", "thief"),
    ("05-jump-down.yaml", "watchman"),
    ("07-jump-across.yaml", "burglar"),
    ("08-ladders.yaml", "militiaman"),
    ("08-ladders.yaml", "hound"),
    ("10-moving-through-units.yaml", "scout"),
    ("12-jump-across-and-on.yaml", "sprinter"),
    ("21-climbing-from-where-the-unit-stands.yaml", "thief"),
    ("21-climbing-from-where-the-unit-stands.yaml", "porter"),
]


def points_to_try(answer: TableRange, spacing: float = 2.0) -> list[str]:
    """The lookahead's key points, and a grid of points on every surface near the unit."""
    table = answer.search.view.table
    start = Spot(*map(float, answer.start.split("@")[0].split(",")))
    found = list(answer.paths)
    for surface in [GROUND, *table.surfaces]:
        minx, miny, maxx, maxy = table.region(surface).bounds
        x = minx + spacing / 2
        while x < maxx:
            y = miny + spacing / 2
            while y < maxy:
                spot = Spot(round(x, 3), round(y, 3), surface)
                if spot.flat_distance(start) <= answer.allowance and table.region(surface).covers(spot.point):
                    found.append(spot.text)
                y += spacing
            x += spacing
    return found


@pytest.mark.parametrize(("name", "unit"), CASES)
def test_every_way_the_lookahead_finds_is_a_legal_move(name: str, unit: str) -> None:
    scenario = load_scenario(EXAMPLES / "skirmish" / name)
    answer = play(scenario).lookahead(after=0).range_of_motion(unit)
    assert isinstance(answer, TableRange)
    tried = 0
    for point in points_to_try(answer):
        found = answer.answer(point)
        if not found.reachable or found.path is None or len(found.path) < 2:
            continue
        legs = [{"to": to, "via": way} for to, way in zip(found.path[1:], found.ways, strict=True)]
        events = start_game(scenario).issue({"command": "move", "unit": unit, "path": legs})
        started = next(e for e in events if e.name == "MoveStarted")
        assert found.cost is not None and found.cost <= started.allowance + 1e-6, point
        tried += 1
    assert tried >= 10
