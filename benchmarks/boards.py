"""Boards for the range-of-motion cases, built through the public API (``Game.start`` and a
``set_up`` command) from a seeded random source, with the plain graph each baseline searches.

Each builder returns the game and what its baseline needs, so that the product and the baseline
answer about the same terrain. Baselines know only geometry and terrain cost: no engagement,
no units, no rules, which is what makes them a floor to measure against.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass
from typing import Any

from domain.game import Game
from projections.lookahead import Lookahead

# --- GODSGLOOM: a hex mat ---------------------------------------------------------------------

#: axial offsets of a hex's six neighbours (GODSGLOOM's facings order)
HEX_DIRECTIONS = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
FACINGS = ("N", "NE", "SE", "S", "SW", "NW")


@dataclass
class HexBoard:
    game: Game
    unit: str
    start: str
    #: hex text -> MP to enter it (Impassable hexes are left out)
    entry_cost: dict[str, int]
    speed: int

    def lookahead(self) -> Lookahead:
        return Lookahead.from_events(self.game.pending_events)  # type: ignore[arg-type]


def hex_board(size: int, enemies: int, speed: int, seed: int = 8) -> HexBoard:
    """A ``size`` x ``size`` mat: a fifth of the hexes Difficult, 1% Impassable, ``enemies``
    enemy units facing at random (their Engagement Zones), and one unit of Speed ``speed`` in
    the middle, not Engaged."""
    rng = random.Random(seed)
    hexes = [(q, row - q // 2) for q in range(size) for row in range(size)]
    middle = (size // 2, size // 2 - (size // 2) // 2)
    terrain: list[dict[str, Any]] = []
    cost: dict[str, int] = {}
    for q, r in hexes:
        roll = rng.random() if (q, r) != middle else 1.0
        text = f"{q},{r}"
        if roll < 0.01:
            terrain.append({"at": text, "keywords": ["Impassable"]})
        elif roll < 0.21:
            terrain.append({"at": text, "keywords": ["Difficult"]})
            cost[text] = 2
        else:
            cost[text] = 1
    free = [h for h in hexes if f"{h[0]},{h[1]}" in cost and _hex_distance(h, middle) > 2]
    units: list[dict[str, Any]] = [{"id": "mover", "owner": "p1", "at": f"{middle[0]},{middle[1]}", "speed": speed}]
    for i, (q, r) in enumerate(rng.sample(free, min(enemies, len(free)))):
        units.append({"id": f"enemy{i}", "owner": "p2", "at": f"{q},{r}", "facing": rng.choice(FACINGS)})
    game = Game.start("godsgloom", ["p1", "p2"], "p1", seed=seed)
    game.issue({"command": "set_up", "width": size, "height": size, "terrain": terrain, "units": units})
    return HexBoard(game, "mover", f"{middle[0]},{middle[1]}", cost, speed)


def _hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_graph(board: HexBoard) -> Any:
    """The baseline's graph: a networkx DiGraph of enterable hexes, each edge weighted with the
    MP to enter its head (terrain only; units and Engagement Zones play no part)."""
    import networkx as nx

    graph = nx.DiGraph()
    for text, _ in board.entry_cost.items():
        q, r = (int(v) for v in text.split(","))
        for dq, dr in HEX_DIRECTIONS:
            there = f"{q + dq},{r + dr}"
            if there in board.entry_cost:
                graph.add_edge(text, there, weight=board.entry_cost[there])
    return graph


# --- Sorcery: the full realm --------------------------------------------------------------------

LAND = ["Valley", "Steppe", "Wasteland", "Spire", "Ruins"]


def sorcery_realm() -> tuple[Game, str, dict[int, list[int]]]:
    """All 20 squares with sites (a lake in the middle, Gnome Hollows at 9), 7 units and 6
    effects in force: Magellan Globe, Gnome Hollows, Waypoint Portal, Seven-League Boots, Wings
    of Invention and Power of Flight. Returns the game, the unit asked about (Hounds of Ondaros
    with the Boots: its reach covers the realm) and the realm's plain adjacency for the BFS."""
    sites = []
    for square in range(1, 21):
        card = "Stream" if square in (7, 8, 12, 13) else "Gnome Hollows" if square == 9 else LAND[square % 5]
        sites.append({"at": square, "card": card, "controller": "p1" if square <= 10 else "p2"})
    units = [
        {"id": "hounds", "card": "Hounds of Ondaros", "owner": "p1", "at": 1},
        {"id": "wizard", "card": "Apprentice Wizard", "owner": "p1", "at": 3},
        {"id": "nomads", "card": "Rimland Nomads", "owner": "p2", "at": 15},
        {"id": "steed", "card": "Phantom Steed", "owner": "p1", "at": 6},
        {"id": "spirit", "card": "Cloud Spirit", "owner": "p2", "at": 18},
        {"id": "shark", "card": "Giant Shark", "owner": "p2", "at": "12/underwater"},
        {"id": "raiders", "card": "Rimland Nomads", "owner": "p2", "at": 20},
    ]
    artifacts = [
        {"id": "globe", "card": "Magellan Globe", "controller": "p1", "at": 2},
        {"id": "boots", "card": "Seven-League Boots", "bearer": "hounds"},
        {"id": "wings", "card": "Wings of Invention", "bearer": "steed"},
    ]
    spells = [
        {"card": "Waypoint Portal", "caster": "p1", "targets": [5, 16]},
        {"card": "Power of Flight", "caster": "p2", "targets": ["nomads"]},
    ]
    game = Game.start("sorcery", ["p1", "p2"], "p1")
    game.issue({"command": "set_up", "sites": sites, "units": units, "artifacts": artifacts, "spells": spells})
    adjacency: dict[int, list[int]] = {}
    for square in range(1, 21):
        row, col = divmod(square - 1, 5)
        adjacency[square] = [((row + dr) % 4) * 5 + (col + dc) % 5 + 1 for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1))]
    return game, "hounds", adjacency


def plain_bfs(adjacency: dict[int, list[int]], start: int) -> dict[int, list[int]]:
    """The baseline: breadth-first search over the squares, with a path to each."""
    previous = {start: start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in adjacency[here]:
            if there not in previous:
                previous[there] = here
                queue.append(there)
    paths: dict[int, list[int]] = {}
    for square in previous:
        path = [square]
        while path[-1] != start:
            path.append(previous[path[-1]])
        paths[square] = path[::-1]
    return paths


# --- the skirmish table ------------------------------------------------------------------------


#: the side of the cells buildings are laid out in, and how far inside its cell a building stands
CELL = 8.0
INSET = 1.6


@dataclass
class SkirmishBoard:
    game: Game
    unit: str
    #: a point a few inches away that the unit may end on (for the one-point case)
    point: str
    setup: dict[str, Any]

    def lookahead(self) -> Lookahead:
        return Lookahead.from_events(self.game.pending_events)  # type: ignore[arg-type]


def skirmish_board(size: float, buildings: int, ladders: int, units: int, seed: int = 8) -> SkirmishBoard:
    """A ``size`` x ``size`` inch table with ``buildings`` buildings: about a third in rows with
    gaps of 1-2.5" between roofs of about the same height (jumps across), the rest free-standing,
    some with a second storey; ``ladders`` ladders up their sides; a few difficult patches; and
    ``units`` units, half on each side, some on roofs. The unit asked about stands near the
    middle on the ground."""
    rng = random.Random(seed)
    placed: list[tuple[float, float, float, float]] = []
    surfaces: list[dict[str, Any]] = []
    middle = size / 2

    def add(x: float, y: float, w: float, d: float, height: float) -> None:
        placed.append((x, y, w, d))
        surfaces.append({"id": f"b{len(surfaces)}", "rect": [round(x, 2), round(y, 2), round(w, 2), round(d, 2)], "height": height})

    # one building per 8" cell, at least 1.6" inside it, so that buildings of different cells are
    # further apart than a jump (3"); a cell whose buildings could cover the middle stays empty
    # for the unit asked about; a third of the buildings come in pairs across two cells, 1-2.5"
    # apart (jumps across)
    n = int(size // CELL)

    def covers_middle(k: int) -> bool:
        return k * CELL + INSET - 1 < middle < (k + 1) * CELL - INSET + 1

    centre = {(i, j) for i in range(n) for j in range(n) if covers_middle(i) and covers_middle(j)}
    cells = [(i, j) for j in range(n) for i in range(n) if (i, j) not in centre]
    rng.shuffle(cells)
    free = set(cells)
    for i, j in cells:
        if len(placed) >= buildings or (i, j) not in free:
            continue
        free.discard((i, j))
        height = float(rng.choice((2, 3, 3, 4, 5)))
        x0, y0 = i * CELL + INSET, j * CELL + INSET
        d = rng.uniform(3, CELL - 2 * INSET)
        y = y0 + rng.uniform(0, CELL - 2 * INSET - d)
        if len(placed) < buildings // 3 and (i + 1, j) in free and len(placed) + 2 <= buildings:
            free.discard((i + 1, j))
            w1, gap, w2 = rng.uniform(3, 5), rng.uniform(1.0, 2.5), rng.uniform(3, 5)
            x = x0 + rng.uniform(0, 2 * CELL - 2 * INSET - w1 - gap - w2)
            add(x, y, w1, d, height)
            add(x + w1 + gap, y, w2, d, height + rng.choice((0.0, 1.0)))
        else:
            w = rng.uniform(3, CELL - 2 * INSET)
            add(x0 + rng.uniform(0, CELL - 2 * INSET - w), y, w, d, height)
    storeys = [
        {"id": f"{s['id']}-up", "rect": s["rect"], "height": s["height"] + 3}
        for s in surfaces[buildings // 3 :: 4]
    ]
    ladder_list = []
    for i, s in enumerate(surfaces[:ladders]):
        x, y, w, d = s["rect"]
        cy = round(y + d / 2, 2)
        if x - 0.5 > 0.5:
            ladder_list.append({"id": f"ladder{i}", "bottom": f"{round(x - 0.5, 2)},{cy}", "top": f"{round(x + 0.5, 2)},{cy}@{s['id']}"})
        else:
            ladder_list.append({"id": f"ladder{i}", "bottom": f"{round(x + w + 0.5, 2)},{cy}", "top": f"{round(x + w - 0.5, 2)},{cy}@{s['id']}"})
    difficult = []
    for _ in range(4):
        px, py = rng.uniform(1, size - 5), rng.uniform(1, size - 5)
        difficult.append({"rect": [round(px, 2), round(py, 2), 3, 3]})
    unit_list: list[dict[str, Any]] = [{"id": "mover", "side": "p1", "at": f"{middle},{middle}", "move": 6, "agility": 10}]
    spots: list[tuple[float, float, str]] = [(middle, middle, "ground")]
    tries = 0
    while len(unit_list) < units and tries < 20000:
        tries += 1
        if len(unit_list) % 5 == 0 and surfaces:  # a unit on a roof
            s = rng.choice(surfaces)
            x, y, w, d = s["rect"]
            px, py, where = rng.uniform(x + 0.6, x + w - 0.6), rng.uniform(y + 0.6, y + d - 0.6), s["id"]
        else:
            px, py, where = rng.uniform(1, size - 1), rng.uniform(1, size - 1), "ground"
            if any(bx - 0.6 < px < bx + bw + 0.6 and by - 0.6 < py < by + bd + 0.6 for bx, by, bw, bd in placed):
                continue
        if any(((px - sx) ** 2 + (py - sy) ** 2) ** 0.5 < 1.6 for sx, sy, _ in spots):
            continue
        spots.append((px, py, where))
        at = f"{round(px, 2)},{round(py, 2)}" + ("" if where == "ground" else f"@{where}")
        side = "p1" if len(unit_list) % 2 == 0 else "p2"
        unit_list.append({"id": f"u{len(unit_list)}", "side": side, "at": at, "agility": rng.randint(6, 14)})
    setup = {
        "command": "set_up", "width": size, "depth": size, "surfaces": surfaces + storeys,
        "difficult": difficult, "ladders": ladder_list, "units": unit_list,
    }
    game = Game.start("skirmish", ["p1", "p2"], "p1", seed=seed)
    game.issue(setup)
    point = _a_point_near(game, middle)
    return SkirmishBoard(game, "mover", point, setup)


def _a_point_near(game: Game, middle: float) -> str:
    """The first of some points 3-5" from the middle that lies on the ground, clear of walls."""
    from domain.errors import BadInput
    from domain.rulesets.skirmish.table import parse_spot
    from domain.rulesets.skirmish.view import TableView

    view = TableView(game.state)
    for dx, dy in ((3.0, 2.5), (-3.0, 2.5), (2.5, -3.5), (-2.5, -3.0), (4.0, 0.5), (0.5, 4.0)):
        spot = parse_spot(f"{middle + dx},{middle + dy}")
        try:
            view.table.check_spot(spot)
        except BadInput:
            continue
        if view.overlap_at("mover", spot) is None:
            return spot.text
    return f"{middle + 1},{middle}"


def skirmish_grid(board: SkirmishBoard, spacing: float = 0.5) -> tuple[Any, int]:
    """The baseline's graph: the ground as a grid of ``spacing`` cells (8 neighbours, diagonal
    steps cost their length), cells inside tall buildings left out, as a scipy sparse matrix;
    and the cell the unit stands in."""
    import numpy as np
    from scipy.sparse import csr_matrix
    from shapely import contains_xy
    from shapely.geometry import Polygon
    from shapely.ops import unary_union

    size = float(board.setup["width"])
    blocks = unary_union([
        Polygon([(x, y), (x + w, y), (x + w, y + d), (x, y + d)])
        for x, y, w, d in (s["rect"] for s in board.setup["surfaces"] if s["height"] > 1)
    ])
    n = int(size / spacing)
    centres = (np.arange(n) + 0.5) * spacing
    xs, ys = np.meshgrid(centres, centres, indexing="ij")
    free = ~contains_xy(blocks, xs, ys)
    index = -np.ones((n, n), dtype=np.int64)
    index[free] = np.arange(int(free.sum()))
    rows: list[np.ndarray] = []
    cols: list[np.ndarray] = []
    weights: list[np.ndarray] = []
    for di, dj in ((1, 0), (0, 1), (1, 1), (1, -1)):
        a = index[max(0, -di) : n - max(0, di), max(0, -dj) : n - max(0, dj)]
        b = index[max(0, di) : n + min(0, di) or None, max(0, dj) : n + min(0, dj) or None]
        ok = (a >= 0) & (b >= 0)
        length = spacing * (2 ** 0.5 if di and dj else 1.0)
        for src, dst in ((a[ok], b[ok]), (b[ok], a[ok])):
            rows.append(src)
            cols.append(dst)
            weights.append(np.full(src.shape, length))
    count = int(free.sum())
    graph = csr_matrix((np.concatenate(weights), (np.concatenate(rows), np.concatenate(cols))), shape=(count, count))
    start = int(index[int(size / 2 / spacing), int(size / 2 / spacing)])
    return graph, start
