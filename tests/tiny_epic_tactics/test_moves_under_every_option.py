"""A Move under every movement option, on boards of any shape: range of motion, the listed Moves
and the Move command all agree with a brute-force reference written here from the seed alone.

Seed 003 ("Effects of Terrain"): 1 a space, the terrain's surcharge, a climb (+1, or per level),
the option's descent; portals adjacent to one another (the transit cost plus the exit's
surcharge, no climb); allies crossed but never ended on (or, option ally_pass_through off, not
crossed); enemies never entered, which also closes the portal they stand in front of; the
Ballista a unit started its turn on never entered again. The generator here goes where the
suite's random boards (``tests/boards.py``) do not: surcharges on any terrain (portals
included), descent costs, a free or dear portal transit, allies that block, boards of one row,
one column or one space, many portals, and boards up to 60 by 60 with long Movement.
"""

from __future__ import annotations

import copy
import heapq
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.errors import SimError
from sim.runner import Played
from tests.tiny_epic_tactics.support import reach_of, tet

MARKS = {".": "plains", "=": "bridge", "~": "water", "f": "forest", "^": "peak", "v": "village", "o": "portal", "b": "ballista"}
Space = tuple[int, int]


def _space(text: str) -> Space:
    x, y = text.split(",")
    return int(x), int(y)


def random_board(rng: random.Random, big: bool) -> dict[str, Any]:
    if big:
        width, height = rng.randint(30, 60), rng.randint(30, 60)
    else:
        width, height = rng.choice([(1, 1), (1, rng.randint(2, 9)), (rng.randint(2, 9), 1), (rng.randint(2, 10), rng.randint(2, 10))])
    terrain = [[rng.choice(".....=~f^vb") for _ in range(width)] for _ in range(height)]
    spaces = [(x, y) for y in range(height) for x in range(width)]
    rng.shuffle(spaces)
    for x, y in spaces[: rng.choice([0, 1, 2, 3, 5, *([20, 60] if big else [])])]:
        terrain[y][x] = "o"
    levels = [[rng.choice([0, 0, 1, 2, 5]) for _ in range(width)] for _ in range(height)]
    units = []
    for player in ("p1", "p2"):
        for i in range(rng.randint(1, 30 if big else 4)):
            if not spaces:
                break
            x, y = spaces.pop()
            units.append({"id": f"{player}u{i}", "owner": player, "class": "Fighter", "at": f"{x},{y}",
                          "movement": rng.randint(0, 30 if big else 7), "health": 6})
    options = {
        "adjacency": rng.choice(["orthogonal4", "orthogonal4", "king8"]),
        "climb_cost_mode": rng.choice(["per_step_up", "per_level"]),
        "descend_cost": rng.choice([0, 0, 1]),
        "portal_transit_cost": rng.choice([0, 1, 1, 2]),
        "ally_pass_through": rng.random() < 0.8,
        "terrain_entry_surcharge": {t: rng.randint(0, 2) for t in MARKS.values() if rng.random() < 0.3},
    }
    return {"terrain": terrain, "levels": levels, "units": units, "options": options}


class Reference:
    """The seed's movement, read plainly: each step's cost, which spaces a unit may enter, and a
    Dijkstra over them."""

    def __init__(self, board: dict[str, Any], mover: dict[str, Any], banned: str | None) -> None:
        self.terrain = [[MARKS[t] for t in row] for row in board["terrain"]]
        self.levels = board["levels"]
        self.options = board["options"]
        self.surcharge = {"water": 1, "peak": 1, "ballista": 1, **self.options["terrain_entry_surcharge"]}
        self.height, self.width = len(self.terrain), len(self.terrain[0])
        self.owners = {_space(u["at"]): u["owner"] for u in board["units"]}
        self.mover = mover
        self.start = _space(mover["at"])
        self.banned = _space(banned) if banned else None
        self.portals = [(x, y) for y in range(self.height) for x in range(self.width) if self.terrain[y][x] == "portal"]
        self.deltas = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        if self.options["adjacency"] == "king8":
            self.deltas += [(1, 1), (1, -1), (-1, 1), (-1, -1)]

    def price(self, a: Space, b: Space, portal: bool) -> int:
        extra = self.surcharge.get(self.terrain[b[1]][b[0]], 0)
        if portal:
            return int(self.options["portal_transit_cost"]) + extra
        rise = self.levels[b[1]][b[0]] - self.levels[a[1]][a[0]]
        climb = (1 if self.options["climb_cost_mode"] == "per_step_up" else rise) if rise > 0 else 0
        return 1 + extra + climb + (int(self.options["descend_cost"]) if rise < 0 else 0)

    def steps(self, a: Space) -> dict[Space, int]:
        found = {}
        for dx, dy in self.deltas:
            b = (a[0] + dx, a[1] + dy)
            if 0 <= b[0] < self.width and 0 <= b[1] < self.height:
                found[b] = self.price(a, b, portal=False)
        if a in self.portals:
            for b in self.portals:
                if b != a:
                    found[b] = min(found.get(b, 10**9), self.price(a, b, portal=True))
        return found

    def enterable(self, b: Space) -> bool:
        if b == self.banned:
            return False
        owner = self.owners.get(b)
        if owner is None or b == self.start:
            return True
        return owner == self.mover["owner"] and bool(self.options["ally_pass_through"])

    def may_end(self, b: Space) -> bool:
        return b == self.start or b not in self.owners

    def reach(self) -> dict[Space, int]:
        best, queue = {self.start: 0}, [(0, self.start)]
        while queue:
            cost, here = heapq.heappop(queue)
            if cost > best[here]:
                continue
            for there, price in self.steps(here).items():
                if self.enterable(there) and cost + price < best.get(there, 10**9):
                    best[there] = cost + price
                    heapq.heappush(queue, (cost + price, there))
        return {s: c for s, c in best.items() if c <= self.mover["movement"] and self.may_end(s)}

    def path_allowed(self, path: list[Space]) -> bool:
        here, spent = self.start, 0
        for there in path:
            steps = self.steps(here)
            if there not in steps or not self.enterable(there):
                return False
            spent, here = spent + steps[there], there
        return spent <= self.mover["movement"] and self.may_end(here)


def _check(board: dict[str, Any], rng: random.Random, paths: int) -> None:
    played: Played = tet([" ".join(r) for r in board["terrain"]], [" ".join(map(str, r)) for r in board["levels"]],
                         board["units"], board["options"])
    game = played.game
    starters = dict(game.state.ballista_starters)  # type: ignore[attr-defined]
    listed: dict[str, set[str]] = {}
    for command in game.legal_commands():
        if getattr(command, "command", None) == "move":
            listed.setdefault(command.unit, set()).add(command.path[-1])  # type: ignore[attr-defined]
    for mover in board["units"]:
        active = mover["owner"] == game.state.active_player
        ref = Reference(board, mover, starters.get(mover["id"]) if active else None)
        expected = ref.reach()
        got = {_space(k): v for k, v in reach_of(played, mover["id"]).costs.items()}
        assert got == expected, (mover["id"], board)
        if not active:
            continue
        ends = {f"{x},{y}" for x, y in expected} - {mover["at"]}
        assert listed.get(mover["id"], set()) - {mover["at"]} == ends, (mover["id"], board)
        _check_paths(game, ref, mover, rng, paths)


def _check_paths(game: Any, ref: Reference, mover: dict[str, Any], rng: random.Random, paths: int) -> None:
    """Random walks over the board's steps: the Move command takes a path iff the reference does
    (a path entering a space twice is left out: example 21 refuses it by its own rule)."""
    for _ in range(paths):
        here, path = ref.start, []
        for _ in range(rng.randint(1, 5)):
            here = rng.choice(list(ref.steps(here)) or [here])
            path.append(here)
        if here == ref.start and len(path) == 1 or len(set(path)) != len(path) or ref.start in path[:-1]:
            continue
        trial = copy.deepcopy(game)
        try:
            trial.issue({"command": "move", "unit": mover["id"], "path": [f"{x},{y}" for x, y in path]})
            accepted = True
        except SimError:
            accepted = False
        assert accepted == ref.path_allowed(path), (mover["id"], path)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 1_000_000))
def test_moves_follow_the_seeds_costs_under_every_movement_option_and_board_shape(seed: int) -> None:
    rng = random.Random(seed)
    _check(random_board(rng, big=False), rng, paths=12)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 1_000_000))
def test_moves_follow_the_seeds_costs_on_big_boards_with_many_portals(seed: int) -> None:
    rng = random.Random(seed)
    _check(random_board(rng, big=True), rng, paths=4)
