"""Range of motion on random grids equals a plain reference search written here from the seed's
costs alone (seed 003): no code shared with the ruleset beyond reading the scenario."""

from __future__ import annotations

import copy
import heapq
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sim.runner import play
from tests import boards
from tests.tiny_epic_tactics.support import reach_of

MARKS = {".": "plains", "=": "bridge", "~": "water", "f": "forest", "^": "peak", "v": "village", "o": "portal", "b": "ballista"}
EXTRA = {"water": 1, "peak": 1, "ballista": 1}


def reference_reach(data: dict[str, Any], mover: dict[str, Any]) -> dict[tuple[int, int], int]:
    """Dijkstra over the seed's costs: 1 a space, +1 Water/Peak/Ballista, +1 a step up (or per
    level), portals adjacent to one another for 1 (+ the exit's extra), allies crossed but never
    ended on, enemies never entered."""
    options = data["options"]
    terrain = [[MARKS[t] for t in row.split()] for row in data["setup"]["terrain"]]
    levels = [[int(v) for v in row.split()] for row in data["setup"]["levels"]]
    height, width = len(terrain), len(terrain[0])
    where = {tuple(int(v) for v in u["at"].split(",")): u["owner"] for u in data["setup"]["units"]}
    start = tuple(int(v) for v in mover["at"].split(","))
    portals = [(x, y) for y in range(height) for x in range(width) if terrain[y][x] == "portal"]
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1)]
    if options.get("adjacency") == "king8":
        steps += [(1, 1), (1, -1), (-1, 1), (-1, -1)]

    def edges(x: int, y: int) -> list[tuple[tuple[int, int], int]]:
        found = []
        for dx, dy in steps:
            nx, ny = x + dx, y + dy
            if 0 <= nx < width and 0 <= ny < height:
                rise = levels[ny][nx] - levels[y][x]
                climb = 0 if rise <= 0 else (rise if options.get("climb_cost_mode") == "per_level" else 1)
                found.append(((nx, ny), 1 + EXTRA.get(terrain[ny][nx], 0) + climb))
        if (x, y) in portals:
            found += [(p, 1) for p in portals if p != (x, y)]
        return found

    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, here = heapq.heappop(queue)
        if cost > best[here]:
            continue
        for there, price in edges(*here):
            owner = where.get(there)
            if owner is not None and owner != mover["owner"]:
                continue
            total = cost + price
            if total < best.get(there, total + 1):
                best[there] = total
                heapq.heappush(queue, (total, there))
    return {
        space: cost for space, cost in best.items()
        if cost <= mover["movement"] and (space == start or space not in where)
    }


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000))
def test_range_of_motion_matches_a_reference_search_on_random_grids(seed: int) -> None:
    data = boards.tinyepic(random.Random(seed))  # the very board boards.scenario builds from this seed
    played = play(boards.scenario("tinyepic", seed))
    for mover in data["setup"]["units"]:
        expected = reference_reach(data, mover)
        answer = reach_of(played, mover["id"])
        got = {tuple(int(v) for v in loc.split(",")): cost for loc, cost in answer.costs.items()}
        assert got == expected, (seed, mover["id"])

    # every cheapest path the lookahead gives is a move the aggregate accepts, ending there
    game = played.game
    for mover in data["setup"]["units"]:
        if mover["owner"] != game.state.active_player:
            continue
        answer = reach_of(played, mover["id"])
        for location in answer.reachable[:6]:
            path = answer.path_to(location) or []
            if len(path) < 2 or game.state.units[mover["id"]].weakened:
                continue
            trial = copy.deepcopy(game)
            trial.issue({"command": "move", "unit": mover["id"], "path": path[1:]})
            assert trial.state.units[mover["id"]].location == location
