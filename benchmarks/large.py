"""Issue 20's large boards: the largest each scenario format accepts (tests/test_board_sizes.py),
played as a new user would, one self-play command at a time and one reach.

- Tiny Epic Tactics: a 60x60 grid (the cap) with 40 units, 20 a side;
- skirmish: a 120"x120" table (the cap) with buildings, ladders and 20 units;
- GODSGLOOM: a 200x200 mat (the cap) with a Speed-150 unit among 20.

Issue 20's boards of many portals (Tiny Epic Tactics, seed 003 Portals: every portal is one step
from every other): the same 60x60 grid with 300 portals, and a 60x60 grid all of portals.

For each: a self-play command (the legal commands asked, the random policy's choice, the command
issued), median of several (target under 1 s), and the peak memory of a reach of the fastest
unit, measured with ``tracemalloc`` in a fresh process (target under 100 MB). The skirmish
option ``jump_across_distance_cost: free`` is also timed against the same table without it.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks.harness import Row, mib, seconds


def tinyepic_board(seed: int = 1, side: int = 60, count: int = 40) -> dict[str, Any]:
    """60x60, a tenth rough terrain, a few levels, 20 units a side spread over the grid."""
    rng = random.Random(seed)
    terrain = [" ".join(rng.choice(".........=~f") for _ in range(side)) for _ in range(side)]
    levels = [" ".join(str(rng.choice([0, 0, 0, 0, 1, 2])) for _ in range(side)) for _ in range(side)]
    spaces = [(x, y) for y in range(side) for x in range(side)]
    rng.shuffle(spaces)
    units = []
    for i in range(count):
        x, y = spaces[i]
        owner = "p1" if i % 2 == 0 else "p2"
        units.append({
            "id": f"{owner}u{i}", "owner": owner, "class": rng.choice(["Fighter", "Rogue", "Wizard", "Beast"]),
            "at": f"{x},{y}", "movement": rng.randint(2, 5), "health": 6, "max_health": 6,
            "ammo": 2, "max_ammo": 2, "mana": 2, "max_mana": 2, "melee": 1, "missile": 4, "spell": 3,
        })
    return {
        "title": "a 60x60 grid, 40 units", "ruleset": "tinyepic", "seed": seed,
        "setup": {"terrain": terrain, "levels": levels, "units": units},
    }


def tinyepic_portal_board(seed: int = 1, side: int = 60, count: int = 40, portals: int | None = 300) -> dict[str, Any]:
    """``tinyepic_board`` with ``portals`` of its spaces portals (None: every space a portal),
    some of the units standing on them: every portal is one step from every other (seed 003,
    Portals), so a search reached through one reads every other."""
    data = tinyepic_board(seed, side, count)
    rows = [row.split(" ") for row in data["setup"]["terrain"]]
    if portals is None:
        rows = [["o"] * side for _ in range(side)]
    else:
        # the portals, then every fourth unit (the first, whose reach is measured, among them)
        # moved onto one: a unit on a portal reaches every other, and an enemy on one closes it
        rng = random.Random(seed + 1)
        taken = {unit["at"] for unit in data["setup"]["units"]}
        spaces = [(x, y) for y in range(side) for x in range(side) if f"{x},{y}" not in taken]
        placed = rng.sample(spaces, portals)
        for x, y in placed:
            rows[y][x] = "o"
        for unit, (x, y) in zip(data["setup"]["units"][::4], placed, strict=False):
            unit["at"] = f"{x},{y}"
    data["setup"]["terrain"] = [" ".join(row) for row in rows]
    shown = "every space" if portals is None else f"{portals}"
    data["title"] = f"a {side}x{side} grid, {shown} portals, {count} units"
    return data


def skirmish_table(seed: int = 1, free_jumps: bool = False, side: int = 120) -> dict[str, Any]:
    """120"x120", 40 buildings (12 with a ladder), 20 units away from the buildings (fewer of
    each where a smaller table has no room left)."""
    rng = random.Random(seed)
    surfaces: list[dict[str, Any]] = []
    ladders: list[dict[str, Any]] = []
    attempts = 0
    while len(surfaces) < side // 3 and attempts < 10_000:
        attempts += 1
        w, d = rng.randint(4, 10), rng.randint(4, 10)
        x, y = rng.randint(2, side - w - 2), rng.randint(2, side - d - 2)
        rect = [x, y, w, d]
        if any(not (x + w + 3 <= s["rect"][0] or s["rect"][0] + s["rect"][2] + 3 <= x
                    or y + d + 3 <= s["rect"][1] or s["rect"][1] + s["rect"][3] + 3 <= y) for s in surfaces):
            continue
        name = f"b{len(surfaces)}"
        surfaces.append({"id": name, "rect": rect, "height": rng.choice([2, 3, 4, 5])})
        if len(ladders) < 12:
            ladders.append({"id": f"l{name}", "bottom": f"{x - 0.5},{y + d / 2}", "top": f"{x + 0.5},{y + d / 2}@{name}"})
    units: list[dict[str, Any]] = []
    while len(units) < 20 and attempts < 20_000:
        attempts += 1
        x, y = rng.uniform(1, side - 1), rng.uniform(1, side - 1)
        if any(s["rect"][0] - 2 <= x <= s["rect"][0] + s["rect"][2] + 2 and s["rect"][1] - 2 <= y <= s["rect"][1] + s["rect"][3] + 2 for s in surfaces):
            continue
        if any((x - u["x"]) ** 2 + (y - u["y"]) ** 2 < 9 for u in units):
            continue
        units.append({"x": x, "y": y})
    placed = [
        {"id": f"u{i}", "side": "p1" if i % 2 == 0 else "p2", "at": f"{u['x']:.1f},{u['y']:.1f}"}
        for i, u in enumerate(units)
    ]
    options = {"jump_across_distance_cost": "free"} if free_jumps else {}
    return {
        "title": "a 120x120 table", "ruleset": "skirmish", "seed": seed, "options": options,
        "setup": {"width": side, "depth": side, "surfaces": surfaces, "ladders": ladders, "units": placed},
    }


def godsgloom_mat(seed: int = 1, side: int = 200) -> dict[str, Any]:
    """200x200, a tenth Difficult, 20 units, the first of Speed 150."""
    rng = random.Random(seed)
    hexes = [(q, r) for q in range(side) for r in range(-(q // 2), side - (q // 2))]
    rng.shuffle(hexes)
    units = []
    for i, (q, r) in enumerate(hexes[:20]):
        units.append({
            "id": f"u{i}", "owner": "p1" if i % 2 == 0 else "p2", "at": f"{q},{r}",
            "facing": rng.choice(["N", "NE", "SE", "S", "SW", "NW"]), "speed": 150 if i == 0 else rng.randint(3, 6),
        })
    terrain = [{"at": f"{q},{r}", "keywords": ["Difficult"]} for q, r in hexes[20:20 + len(hexes) // 10]]
    return {
        "title": "a 200x200 mat", "ruleset": "godsgloom", "seed": seed,
        "setup": {"width": side, "height": side, "units": units, "terrain": terrain},
    }


BOARDS: dict[str, tuple[str, Callable[[], dict[str, Any]], str]] = {
    "tinyepic": ("Tiny Epic Tactics 60x60 grid, 40 units", tinyepic_board, "p1u0"),
    "skirmish": ("skirmish 120\"x120\" table, 40 buildings, 20 units", skirmish_table, "u0"),
    "godsgloom": ("GODSGLOOM 200x200 mat, 20 units, one of Speed 150", godsgloom_mat, "u0"),
    "tinyepic-portals": ("Tiny Epic Tactics 60x60 grid, 300 portals, 40 units", tinyepic_portal_board, "p1u0"),
    "tinyepic-all-portals": (
        "Tiny Epic Tactics 60x60 grid, every space a portal, 40 units", lambda: tinyepic_portal_board(portals=None), "p1u0",
    ),
}
#: the smoke test's boards: every code path, small
SMALL_BOARDS: dict[str, tuple[str, Callable[[], dict[str, Any]], str]] = {
    "tinyepic": ("Tiny Epic Tactics 10x10 grid, 8 units (smoke test)", lambda: tinyepic_board(side=10, count=8), "p1u0"),
    "skirmish": ("skirmish 24\"x24\" table (smoke test)", lambda: skirmish_table(side=24), "u0"),
    "godsgloom": ("GODSGLOOM 20x20 mat (smoke test)", lambda: godsgloom_mat(side=20), "u0"),
    "tinyepic-portals": (
        "Tiny Epic Tactics 10x10 grid, 30 portals (smoke test)", lambda: tinyepic_portal_board(side=10, count=8, portals=30), "p1u0",
    ),
    "tinyepic-all-portals": (
        "Tiny Epic Tactics 10x10 grid of portals (smoke test)", lambda: tinyepic_portal_board(side=10, count=8, portals=None),
        "p1u0",
    ),
}


def scenario_of(data: dict[str, Any]) -> Any:
    from sim.scenario import parse_scenario
    from sim.yamlfile import load_yaml

    located = load_yaml("{}", f"<{data['title']}>")
    located.data = data
    return parse_scenario(located)


def command_times(data: dict[str, Any], commands: int, seed: int = 0) -> list[float]:
    """Seconds each self-play command took (legal commands, random choice, issuing)."""
    from sim.runner import play

    game = play(scenario_of(data)).game
    rng = random.Random(seed)
    found = []
    for _ in range(commands):
        started = time.perf_counter()
        legal = game.legal_commands()
        if not legal:
            break
        chosen = legal[rng.randrange(len(legal))]
        del legal
        game.issue(chosen)
        found.append(time.perf_counter() - started)
    return found


def _reach_peak(name: str, small: bool = False) -> int:
    """Peak bytes traced while the fastest unit's reach is asked and read whole (in a fresh
    process: ``benchmarks.memory.in_subprocess``)."""
    import tracemalloc

    from projections.lookahead import Lookahead
    from sim.runner import play

    _, build, unit = (SMALL_BOARDS if small else BOARDS)[name]
    played = play(scenario_of(build()))
    events = list(played.events)
    tracemalloc.start()
    look = Lookahead.from_events(events)
    answer = look.range_of_motion(unit)
    _ = answer.as_json() if name == "skirmish" else len(answer.reachable)  # type: ignore[attr-defined]
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def reach_peak_in_subprocess(name: str, small: bool = False) -> int:
    """``_reach_peak`` in a new interpreter, so that nothing this process holds counts."""
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run(
        [sys.executable, "-m", "benchmarks.large", "--reach", name, *(["--small"] * small)], cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)}, capture_output=True, text=True, check=True,
    )
    return int(json.loads(done.stdout.strip().splitlines()[-1]))


def large_case(commands: int = 6, small: bool = False) -> list[Row]:
    rows = []
    for name, (title, build, _unit) in (SMALL_BOARDS if small else BOARDS).items():
        times = command_times(build(), commands)
        median = statistics.median(times)
        # a board of many portals: the first command pays for the board's steps (seed 003,
        # Portals: each portal one step from every other), so the slowest is held to it too
        portals = "portals" in name
        rows.append(Row(
            f"a self-play command (legal commands, random choice, issuing) on a {title}, median of {len(times)}",
            f"{seconds(median)} (slowest {seconds(max(times))})", "", "", "< 1 s (slowest too)" if portals else "< 1 s",
            (max(times) if portals else median) < 1.0,
        ))
        peak = reach_peak_in_subprocess(name, small)
        rows.append(Row(
            f"peak memory of a reach on a {title} (traced, fresh process)", mib(peak), "", "", "< 100 MB",
            peak < 100 * 10**6,
        ))
    side = 24 if small else 120
    paid = statistics.median(command_times(skirmish_table(side=side), commands))
    free = statistics.median(command_times(skirmish_table(free_jumps=True, side=side), commands))
    rows.append(Row(
        f"a self-play command on the {side}\"x{side}\" table with `jump_across_distance_cost: free`",
        seconds(free), f"the same table, jumps paid: {seconds(paid)}", f"{free / paid:.1f}x", "(reported: 8x before)", None,
    ))
    return rows


if __name__ == "__main__":
    if sys.argv[1:2] == ["--reach"] and len(sys.argv) in (3, 4):
        print(json.dumps(_reach_peak(sys.argv[2], small=sys.argv[3:] == ["--small"])))
    else:
        sys.exit("usage: python -m benchmarks.large --reach NAME [--small] (NAME: a key of BOARDS)")
