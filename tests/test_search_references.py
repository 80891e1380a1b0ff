"""Speed never changes an answer: the range-of-motion search (bounded by the allowance, with
indexes built once per state, options kept per view) against plain reference searches written
here from the rules, on random boards. Nothing is shared with the product beyond building the
game from a scenario; the references read the scenario's own data.

The skirmish table (tests/skirmish/test_search_properties.py) and Tiny Epic Tactics
(tests/tiny_epic_tactics/test_reach_property.py) have their own.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.ruleset import get_ruleset
from sim.runner import play
from sim.scenario import parse_scenario
from sim.yamlfile import load_yaml
from tests.godsgloom.plain_mat import FACINGS, PlainMat, parse, plain_moves

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def scenario(data: dict[str, Any]) -> Any:
    located = load_yaml("{}", "<reference>")
    located.data = data
    return parse_scenario(located)


# --- GODSGLOOM: hexes, Difficult and Impassable terrain, units, Engagement Zones -------------


def hex_board(rng: random.Random) -> dict[str, Any]:
    width, height = rng.randint(6, 14), rng.randint(6, 12)
    hexes = [(q, r - q // 2) for q in range(width) for r in range(height)]
    rng.shuffle(hexes)
    mover = hexes[0]
    others = hexes[1 : 1 + rng.randint(0, 8)]
    terrain = hexes[1 + len(others) : 1 + len(others) + rng.randint(0, len(hexes) // 4)]
    units = [{"id": "mover", "owner": "p1", "at": f"{mover[0]},{mover[1]}", "speed": rng.randint(1, 6), "facing": "N"}]
    for i, (q, r) in enumerate(others):
        units.append({
            "id": f"u{i}", "owner": rng.choice(["p1", "p2"]), "at": f"{q},{r}", "facing": rng.choice(FACINGS),
        })
    return {
        "title": "reference mat", "ruleset": "godsgloom",
        "setup": {
            "width": width, "height": height, "units": units,
            "terrain": [{"at": f"{q},{r}", "type": rng.choice(["Swamp", "Cliffs", "Clear"])} for q, r in terrain],
        },
    }


def hex_reference(data: dict[str, Any]) -> dict[str, float]:
    """§8.1 (no unit's hex is passed), terrain (Impassable; Difficult costs 2), §8.3 (entering an
    empty hex of an enemy's Front Arc ends the move; the Minimum Move Guarantee: a first step is
    always allowed). Zones by the Front Arc default; a mover that starts Engaged moves 1 hex."""
    mat = PlainMat.of(data)
    occupied = set(mat.held())
    start = parse(mat.units["mover"]["at"])
    engaged = start in mat.zones

    def enters(h: tuple[int, int]) -> int | None:
        if mat.terrain.get(h) == "Cliffs" or h in occupied:
            return None
        return 1 if engaged else (2 if mat.terrain.get(h) == "Swamp" else 1)

    cost = plain_moves(mat, start, 1 if engaged else mat.units["mover"]["speed"], enters, lambda h: h in mat.zones, not engaged)
    return {f"{q},{r}": float(c) for (q, r), c in cost.items()}


@SETTINGS
@given(st.integers(0, 10**6))
def test_the_hex_search_finds_what_a_plain_search_of_the_rules_finds(seed: int) -> None:
    data = hex_board(random.Random(seed))
    game = play(scenario(data)).game
    answer = get_ruleset("godsgloom").range_of_motion(game.state, "mover")
    assert answer.costs == hex_reference(data)


# --- Sorcery: a realm of land and void, minions without keywords ----------------------------


#: 1 step plus the Movement +X printed on the card (Rimland Nomads: Movement +1)
ALLOWANCE = {"Wild Boars": 1, "Rimland Nomads": 2, "Foot Soldiers": 1}


def realm(rng: random.Random) -> dict[str, Any]:
    squares = rng.sample(range(1, 21), rng.randint(4, 16))
    units = [{"id": "mover", "card": rng.choice(sorted(ALLOWANCE)), "owner": "p1", "at": squares[0]}]
    return {
        "title": "reference realm", "ruleset": "sorcery",
        "setup": {
            "sites": [{"at": sq, "card": rng.choice(["Valley", "Steppe", "Spire"]), "controller": "p1", "id": f"s{sq}"} for sq in squares],
            "units": units,
        },
    }


def realm_reference(data: dict[str, Any]) -> dict[str, float]:
    """Basic movement on the surface: one step to an orthogonally adjacent site, none into the
    void (no Voidwalk), at most 1 + Movement +X steps (codex: Move and Attack)."""
    sites = {int(s["at"]) for s in data["setup"]["sites"]}
    start = int(data["setup"]["units"][0]["at"])
    allowance = ALLOWANCE[data["setup"]["units"][0]["card"]]
    cost = {start: 0}
    layer = [start]
    for steps in range(1, allowance + 1):
        following = []
        for sq in layer:
            row, column = divmod(sq - 1, 5)
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                r, c = row + dr, column + dc
                other = r * 5 + c + 1
                if 0 <= r < 4 and 0 <= c < 5 and other in sites and other not in cost:
                    cost[other] = steps
                    following.append(other)
        layer = following
    return {str(sq): float(c) for sq, c in cost.items()}


@SETTINGS
@given(st.integers(0, 10**6))
def test_the_realm_search_finds_what_a_plain_search_of_the_rules_finds(seed: int) -> None:
    data = realm(random.Random(seed))
    game = play(scenario(data)).game
    answer = get_ruleset("sorcery").range_of_motion(game.state, "mover")
    assert {k: float(v) for k, v in answer.costs.items()} == realm_reference(data)
