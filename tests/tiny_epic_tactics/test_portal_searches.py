"""Boards of many portals (issue 20; seed 003, Portals: every portal is one step from every other).

The searches reach every other portal through the board's one way into each portal, shared by
all of them (``domain.movement.SharedSteps``), and relax those ways from the first portal a
search expands only: P portals cost P steps, not P*(P-1). These tests play 120 random boards where
most spaces are portals (with Villages and Ballistas among the rest), under random rule options (portal_transit_cost, ally_pass_through,
adjacency, climb_cost_mode, descend_cost), and compare with a brute force written here: plain
Dijkstra over an explicit list of every step, portal to portal included, with the engine's
order (Dial's buckets, a cost's spaces in the order they were reached, a space's steps in the
order the rules list them), so that ties and so the paths chosen are the same too:

- the lookahead's range of motion: every reachable space, its cost and its path;
- the legal Move commands of every unit of the player to act: one to each space, by that path,
  and on a Village one out and back by the cheapest way;
- each such path passes the command's whole-path check (``path_is_clear``);
- "why not" for every space of the board: the same rules, in the same order, as the engine's
  search over the plain reading of the rules (every portal's steps written out in full), and the
  same explanation of a space just beyond the Movement.
"""

from __future__ import annotations

import heapq
import math
import random
from dataclasses import dataclass
from typing import Any

import pytest

from domain.movement import search_reach
from domain.rules import RuleRef
from domain.rulesets.tinyepic.commands import Move
from domain.rulesets.tinyepic.grid import DIAGONALS, DIRECTIONS
from domain.rulesets.tinyepic.legal import legal_commands
from domain.rulesets.tinyepic.movement import TetMovement, path_is_clear, shortfall
from domain.rulesets.tinyepic.reach import _order
from domain.rulesets.tinyepic.state import TetState
from tests.tiny_epic_tactics.support import reach_of, tet, unit
from tests.tiny_epic_tactics.test_kept_moves import PlainMovement

#: seed 003, Effects of Terrain: Water, Peak and Ballista +1 (the default option)
SURCHARGE = {"~": 1, "^": 1, "b": 1}


@dataclass
class Board:
    terrain: list[list[str]]
    levels: list[list[int]]
    units: list[dict[str, Any]]
    options: dict[str, Any]

    @property
    def width(self) -> int:
        return len(self.terrain[0])

    @property
    def height(self) -> int:
        return len(self.terrain)


def random_board(rng: random.Random) -> Board:
    width, height = rng.randint(3, 8), rng.randint(3, 8)
    share = rng.choice([0.3, 0.6, 0.9, 1.0])
    terrain = [[("o" if rng.random() < share else rng.choice(".=~f^vb")) for _ in range(width)] for _ in range(height)]
    levels = [[rng.choice([0, 0, 1, 2]) for _ in range(width)] for _ in range(height)]
    spaces = [(x, y) for y in range(height) for x in range(width)]
    rng.shuffle(spaces)
    units = [
        unit(f"u{i}", rng.choice(["p1", "p2"]), f"{x},{y}", movement=rng.randint(1, 5))
        for i, (x, y) in enumerate(spaces[: rng.randint(1, min(7, len(spaces)))])
    ]
    options = {
        "portal_transit_cost": rng.choice([0, 1, 1, 2, 3]), "ally_pass_through": rng.random() < 0.7,
        "adjacency": rng.choice(["orthogonal4", "king8"]), "climb_cost_mode": rng.choice(["per_step_up", "per_level"]),
        "descend_cost": rng.choice([0, 0, 1]),
    }
    return Board(terrain, levels, units, options)


def _steps(board: Board, frm: tuple[int, int]) -> list[tuple[tuple[int, int], float]]:
    """Every step out of ``frm`` as the rules list them, worked out here from scratch: each
    neighbour (seed 003, Movement: orthogonal, then diagonal under king8), then every other portal
    in reading order; the cheaper of a step and a portal's way into one space, the step at equal
    cost, in the step's place."""
    x, y = frm
    opts = board.options
    deltas = list(DIRECTIONS.values()) + (list(DIAGONALS) if opts["adjacency"] == "king8" else [])
    found: dict[tuple[int, int], float] = {}
    for dx, dy in deltas:
        tx, ty = x + dx, y + dy
        if 0 <= tx < board.width and 0 <= ty < board.height:
            cost = 1 + SURCHARGE.get(board.terrain[ty][tx], 0)
            rise = board.levels[ty][tx] - board.levels[y][x]
            if rise > 0:
                cost += 1 if opts["climb_cost_mode"] == "per_step_up" else rise
            elif rise < 0:
                cost += opts["descend_cost"]
            found[(tx, ty)] = cost
    if board.terrain[y][x] == "o":
        for ty in range(board.height):
            for tx in range(board.width):
                if board.terrain[ty][tx] == "o" and (tx, ty) != frm:
                    cost = opts["portal_transit_cost"] + SURCHARGE.get(board.terrain[ty][tx], 0)
                    if (tx, ty) not in found or cost < found[(tx, ty)]:
                        found[(tx, ty)] = cost
    return list(found.items())


def brute_force(board: Board, mover: dict[str, Any]) -> tuple[dict[str, float], dict[str, list[str]], list[str] | None]:
    """The spaces the unit may end a Move on, with the cost and path of the cheapest way there:
    Dijkstra over the explicit steps, cheapest first, a cost's spaces in the order reached; and
    on a Village, the cheapest way out and back onto it (seed 003, Villages: ending the Move
    there uses it), turning on the first space in reading order among the cheapest."""
    at: dict[tuple[int, int], dict[str, Any]] = {}
    for u in board.units:
        x, y = (int(v) for v in u["at"].split(","))
        at[(x, y)] = u
    sx, sy = (int(v) for v in mover["at"].split(","))
    start = (sx, sy)
    allies_pass = board.options["ally_pass_through"]

    def entry(space: tuple[int, int]) -> str:
        other = at.get(space)
        if other is None or other is mover:
            return "free"
        if other["owner"] != mover["owner"] or not allies_pass:
            return "blocked"  # seed 003, Enemies (and Portals: an enemy's portal is closed)
        return "cross"  # seed 003, Allies

    allowance = mover["movement"]
    cost_of: dict[tuple[int, int], float] = {start: 0}
    previous: dict[tuple[int, int], tuple[int, int]] = {}
    waiting: dict[float, list[tuple[int, int]]] = {0: [start]}
    costs = [0.0]
    while costs:
        cost = heapq.heappop(costs)
        if cost > allowance:
            break
        for here in waiting.pop(cost):
            if cost > cost_of[here]:
                continue
            for to, step in _steps(board, here):
                if entry(to) == "blocked":
                    continue
                new = cost + step
                if new < cost_of.get(to, math.inf):
                    cost_of[to] = new
                    if new <= allowance:
                        previous[to] = here
                        if new in waiting:
                            waiting[new].append(to)
                        else:
                            waiting[new] = [to]
                            heapq.heappush(costs, new)

    def text(space: tuple[int, int]) -> str:
        return f"{space[0]},{space[1]}"

    def path(space: tuple[int, int]) -> list[str]:
        way = [space]
        while way[-1] != start:
            way.append(previous[way[-1]])
        return [text(s) for s in reversed(way)]

    ends = {s: c for s, c in cost_of.items() if c <= allowance and (s == start or entry(s) == "free")}
    home = None
    if board.terrain[sy][sx] == "v":
        ways = [
            (cost_of[near] + back, (near[1], near[0]), near)
            for near, _ in _steps(board, start) if near in previous
            for to, back in _steps(board, near) if to == start and cost_of[near] + back <= allowance
        ]
        if ways:
            home = [*path(min(ways)[2])[1:], text(start)]
    return {text(s): c for s, c in ends.items()}, {text(s): path(s) for s in ends}, home


def _play(board: Board) -> Any:
    return tet(
        [" ".join(row) for row in board.terrain], [" ".join(map(str, row)) for row in board.levels], board.units,
        options=board.options,
    )


def _old_too_far(state: TetState, unit_id: str) -> dict[str, str]:
    """A space just beyond the Movement explained as ``reach.range_of_motion`` did before the
    portals were shared: every reached space, cheapest first, asked for its step into it."""
    model = PlainMovement(state)
    reach = search_reach(model, unit_id, state.units[unit_id].location or "")
    found = {}
    for location, needed in reach.too_far.items():
        for frm, spent in sorted(reach.cost.items(), key=lambda kv: (kv[1], _order(kv[0]))):
            option = next((o for o in model.step_options(unit_id, frm) if o.to == location), None)
            if option is None or option.blocked is not None or spent + option.cost != needed:
                continue
            found[location] = shortfall(model, unit_id, frm, location, option.kind, spent).message
            break
    return found


def _messages(rules: list[RuleRef]) -> list[str]:
    return [rule.message for rule in rules]


@pytest.mark.parametrize("seed", range(120))
def test_searches_over_many_portals_agree_with_a_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    board = random_board(rng)
    played = _play(board)
    state = played.game.state
    assert isinstance(state, TetState)
    listed = legal_commands(state)
    for mover in board.units:
        costs, paths, home = brute_force(board, mover)
        answer = reach_of(played, mover["id"])
        assert dict(answer.costs) == costs, f"seed {seed}, {mover['id']}: costs"
        assert {space: answer.path_to(space) for space in answer.reachable} == paths, f"seed {seed}, {mover['id']}: paths"
        for end, path in paths.items():
            if end != mover["at"]:
                assert path_is_clear(state, state.units[mover["id"]], mover["at"], path[1:]), f"seed {seed}: {path}"
        if mover["owner"] == state.active_player:
            moves = {str(c.path[-1]): [mover["at"], *map(str, c.path)] for c in listed
                     if isinstance(c, Move) and c.unit == mover["id"]}
            expected = {end: path for end, path in paths.items() if end != mover["at"]}
            if home is not None:
                expected[mover["at"]] = [mover["at"], *home]
            assert moves == expected, f"seed {seed}: moves"
        # why not: the same rules as the engine's search over every portal's steps written out
        plain = search_reach(PlainMovement(state), mover["id"], mover["at"])
        shared = search_reach(TetMovement(state), mover["id"], mover["at"])
        for y in range(board.height):
            for x in range(board.width):
                space = f"{x},{y}"
                assert _messages(shared.why_not(space)) == _messages(plain.why_not(space)), f"seed {seed}: {space}"
        assert shared.blocked == plain.blocked and shared.too_far == plain.too_far, f"seed {seed}"
        for space, message in _old_too_far(state, mover["id"]).items():
            assert message in str(_messages(answer.why_not(space))), f"seed {seed}: {space}"


def test_a_board_all_of_portals_lists_each_portal_once_per_unit() -> None:
    """Two rows of 30 portals: a unit on one reaches every other for the transit
    cost, and its moves and reach hold each once (a first test that the shared ways are read)."""
    row = " ".join(["o"] * 30)
    played = tet([row, row], units=[unit("a", "p1", "0,0", movement=1), unit("e", "p2", "29,1")])
    answer = reach_of(played, "a")
    assert len(answer.reachable) == 59 and "29,1" not in answer
    assert "portal blocked by an enemy" in str(answer.why_not("29,1"))
    assert answer.path_to("29,0") == ["0,0", "29,0"]


def test_a_portal_just_beyond_the_movement_is_explained_through_the_first_portal_reached() -> None:
    """seed 003, Portals and Movement: the unit reaches the portal at 0,0 for 1 and has 1 left;
    every other portal then needs the transit cost of 2. The explanation names the step from
    0,0, the cheapest reached portal (``reach._ways_into``), as a scan of every reached space did."""
    played = tet(["o . . . o", ". . o . ."], units=[unit("a", "p1", "1,0", movement=2)], options={"portal_transit_cost": 2})
    answer = reach_of(played, "a")
    assert _messages(answer.why_not("4,0")) == [
        "not enough Movement: entering 4,0 from 0,0 costs 2 = 2, 1 left there: needs 3, has 2"
    ]
    assert answer.path_to("2,1") == ["1,0", "2,0", "2,1"]
