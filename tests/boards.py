"""Random boards of every ruleset, as scenario data, for property tests.

Each builder takes a ``random.Random`` and returns a scenario (a dict, as a YAML file would
hold it): boards unlike the bundled examples, with units of both players, terrain, water,
buildings and ladders placed at random but always legally.
"""

from __future__ import annotations

import random
from typing import Any

from sim.scenario import ScenarioBase, parse_scenario
from sim.yamlfile import load_yaml

SITES = ["Valley", "Stream", "Steppe", "Spire", "Deep Sea", "Gnome Hollows", "Bottomless Pit", "Autumn River"]
#: minions with movement keywords, and a Giant Shark for a trigger (it is Waterbound)
MINIONS = ["Rimland Nomads", "Phantom Steed", "Cloud Spirit", "Bosk Troll", "Hounds of Ondaros", "Wild Boars", "Apprentice Wizard"]
#: the minions above with 3 or more power, kept off Gnome Hollows
STRONG = {"Bosk Troll", "Hounds of Ondaros"}
TRAITS = ["Skirmish", "Nimble", "Trample", "Unstoppable", "Lockdown", "Breakaway", "Flying", "Ignore Difficult", "Tireless"]


def sorcery(rng: random.Random) -> dict[str, Any]:
    squares = rng.sample(range(1, 21), rng.randint(6, 16))
    sites = [{"at": sq, "card": rng.choice(SITES), "controller": rng.choice(["p1", "p2"]), "id": f"s{sq}"} for sq in squares]
    units = []
    hollows = {s["at"] for s in sites if s["card"] == "Gnome Hollows"}
    for i in range(rng.randint(2, 6)):
        minion = rng.choice(MINIONS)
        # set-up refuses a unit with 3 or more power on Gnome Hollows (it could not enter there)
        allowed = [sq for sq in squares if sq not in hollows or minion not in STRONG]
        if not allowed:
            minion, allowed = "Wild Boars", squares
        units.append({"id": f"u{i}", "card": minion, "owner": "p1" if i % 2 == 0 else "p2", "at": rng.choice(allowed)})
    water = [s["at"] for s in sites if s["card"] in ("Stream", "Deep Sea", "Autumn River")]
    if water and rng.random() < 0.5:
        units.append({"id": "shark", "card": "Giant Shark", "owner": rng.choice(["p1", "p2"]), "at": rng.choice(water)})
    artifacts = []
    if rng.random() < 0.3:
        artifacts.append({"id": "globe", "card": "Magellan Globe", "controller": "p1", "at": squares[0]})
    return {
        "title": "random realm", "ruleset": "sorcery", "seed": rng.randint(0, 99),
        "options": {"trigger_order": rng.choice(["policy", "ask"])},
        "setup": {"sites": sites, "units": units, "artifacts": artifacts},
    }


def godsgloom(rng: random.Random) -> dict[str, Any]:
    width, height = rng.randint(5, 10), rng.randint(5, 9)
    hexes = [(q, r) for q in range(width) for r in range(-(q // 2), height - (q // 2))]
    rng.shuffle(hexes)
    count = rng.randint(2, 6)
    units = []
    for i, (q, r) in enumerate(hexes[:count]):
        units.append({
            "id": f"u{i}", "owner": "p1" if i % 2 == 0 else "p2", "at": f"{q},{r}",
            "facing": rng.choice(["N", "NE", "SE", "S", "SW", "NW"]), "speed": rng.randint(1, 5),
            "type": rng.choice(["Infantry", "Cavalry", "Swarm", "Monster"]),
            "traits": rng.sample(TRAITS, rng.randint(0, 2)),
        })
    terrain = [
        {"at": f"{q},{r}", "type": rng.choice(["Swamp", "Forest", "Cliffs", "Ruins"])}
        for q, r in hexes[count:count + rng.randint(0, 8)]
    ]
    return {
        "title": "random mat", "ruleset": "godsgloom", "seed": rng.randint(0, 99),
        "options": {"engagement_zone": rng.choice(["front_arc", "all_adjacent"])},
        "setup": {"width": width, "height": height, "units": units, "terrain": terrain},
    }


def skirmish(rng: random.Random) -> dict[str, Any]:
    width, depth = rng.choice([12, 16, 20]), rng.choice([12, 16])
    surfaces: list[dict[str, Any]] = []
    for i in range(rng.randint(0, 3)):
        w, d = rng.randint(2, 4), rng.randint(2, 4)
        x, y = rng.randint(1, width - w - 1), rng.randint(1, depth - d - 1)
        rect = [x, y, w, d]
        if any(_overlap(rect, s["rect"]) for s in surfaces):
            continue
        surfaces.append({"id": f"b{i}", "rect": rect, "height": rng.choice([1.5, 2, 3, 4])})
    ladders = []
    for s in surfaces:
        if rng.random() < 0.4:
            x, y, w, _ = s["rect"]
            ladders.append({"id": f"l-{s['id']}", "bottom": f"{x + w / 2},{y - 0.5}", "top": f"{x + w / 2},{y + 0.5}@{s['id']}"})
    units: list[dict[str, Any]] = []
    spots: list[tuple[float, float]] = []
    for i in range(rng.randint(2, 4)):
        for _ in range(30):
            x, y = round(rng.uniform(1, width - 1), 1), round(rng.uniform(1, depth - 1), 1)
            inside = any(s["rect"][0] - 0.6 <= x <= s["rect"][0] + s["rect"][2] + 0.6 and s["rect"][1] - 0.6 <= y <= s["rect"][1] + s["rect"][3] + 0.6 for s in surfaces)
            if not inside and all((x - a) ** 2 + (y - b) ** 2 > 2.5 for a, b in spots):
                spots.append((x, y))
                units.append({"id": f"u{i}", "side": "p1" if i % 2 == 0 else "p2", "at": f"{x},{y}",
                              "move": rng.choice([4, 5, 6]), "agility": rng.randint(6, 14)})
                break
    return {
        "title": "random table", "ruleset": "skirmish", "seed": rng.randint(0, 99),
        "setup": {"width": width, "depth": depth, "surfaces": surfaces, "ladders": ladders, "units": units},
    }


#: Tiny Epic Tactics terrain marks, plains the most common
TET_TERRAIN = [".", ".", ".", ".", ".", "=", "~", "f", "^", "v", "b"]
TET_CLASSES = ["Fighter", "Rogue", "Wizard", "Beast"]


def tinyepic(rng: random.Random) -> dict[str, Any]:
    width, height = rng.randint(3, 8), rng.randint(3, 6)
    terrain = [[rng.choice(TET_TERRAIN) for _ in range(width)] for _ in range(height)]
    spaces = [(x, y) for y in range(height) for x in range(width)]
    rng.shuffle(spaces)
    for x, y in spaces[: rng.choice([0, 0, 2, 3])]:
        terrain[y][x] = "o"
    levels = [[rng.choice([0, 0, 0, 1, 2, 3]) for _ in range(width)] for _ in range(height)]
    counts = {"p1": rng.randint(1, 4), "p2": rng.randint(1, 4)}
    units: list[dict[str, Any]] = []
    free = list(spaces)
    rng.shuffle(free)
    for player, count in counts.items():
        for i in range(count):
            if not free:
                break
            x, y = free.pop()
            ammo, mana = rng.randint(0, 2), rng.randint(0, 2)
            units.append({
                "id": f"{player}u{i}", "owner": player, "class": rng.choice(TET_CLASSES), "at": f"{x},{y}",
                "movement": rng.randint(0, 5), "health": rng.randint(1, 6), "max_health": 6,
                "ammo": ammo, "max_ammo": ammo + rng.randint(0, 1), "mana": mana, "max_mana": mana,
                "melee": rng.randint(0, 2), "missile": rng.choice([0, 0, 2, 4]), "spell": rng.choice([0, 0, 1, 3]),
                "miss_dice": rng.randint(0, 1), "weakened": count >= 3 and rng.random() < 0.3,
            })
    options = {
        "adjacency": rng.choice(["orthogonal4", "king8"]),
        "climb_cost_mode": rng.choice(["per_step_up", "per_level"]),
        "portal_model": rng.choice(["access_space", "portal_space"]),
        "ballista_knockback_direction": rng.choice(["any_orthogonal", "away_from_ballista"]),
        "counters": rng.choice(["when_able", "never"]),
        "weakened_counter": rng.choice(["never", "pay_2_health"]),
        "knockback_fall_damage": rng.choice([0, 1]),
    }
    return {
        "title": "random grid", "ruleset": "tinyepic", "seed": rng.randint(0, 99), "options": options,
        "setup": {
            "terrain": [" ".join(row) for row in terrain], "levels": [" ".join(str(v) for v in row) for row in levels],
            "units": units,
        },
    }


def _overlap(a: list[float], b: list[float]) -> bool:
    return not (a[0] + a[2] + 1 <= b[0] or b[0] + b[2] + 1 <= a[0] or a[1] + a[3] + 1 <= b[1] or b[1] + b[3] + 1 <= a[1])


BUILDERS = {"sorcery": sorcery, "godsgloom": godsgloom, "skirmish": skirmish, "tinyepic": tinyepic}


def scenario(ruleset: str, seed: int) -> ScenarioBase:
    data = BUILDERS[ruleset](random.Random(seed))
    located = load_yaml("{}", f"<random {ruleset} board {seed}>")
    located.data = data
    return parse_scenario(located)
