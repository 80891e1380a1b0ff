"""Breakaway (seed 001 §18.2): once the unit has left its hex, "its move will end immediately if it
enters another enemy Front Arc". Whether "another" spares the enemy it broke away from is open
(digest §10, option ``breakaway_zone_stop``): ``any_enemy_zone`` (default) stops in every enemy's
zone, ``other_enemies_only`` passes the zones of the enemies that Engaged the unit when its
activation began. The command, the lookahead and the legal moves must read it alike, and a plain
search written here from the rules must find the same hexes on random mats."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.errors import BadInput
from domain.ruleset import get_ruleset
from sim.runner import play
from tests.godsgloom.plain_mat import FACINGS, NEIGHBOURS, PlainMat, parse, plain_moves
from tests.godsgloom.test_movement_rules import activated, mat
from tests.helpers import names
from tests.test_search_references import scenario

#: rangers at 2,2 start Engaged by the ogres at 2,1 facing S, whose Front Arc is 1,2, 2,2, 3,1;
#: the trolls at 1,6 face N: their Front Arc is 0,6 (off the path), 1,5, 2,5
UNITS = (
    "    - {id: a, owner: p1, at: '2,2', speed: 4, traits: [Breakaway]}\n"
    "    - {id: ogres, owner: p2, type: Monster, at: '2,1', facing: S}\n"
    "    - {id: trolls, owner: p2, type: Monster, at: '1,6', facing: N}"
)
OTHER_ENEMIES_ONLY = "{breakaway_zone_stop: other_enemies_only}"


def breakaway(options: str, path: list[str]) -> tuple[Any, list[Any]]:
    g = activated(mat(UNITS, options=options), "a")
    events = g.issue({"command": "move", "unit": "a", "use": "Breakaway", "path": path})
    return g, events


def moves(g: Any) -> list[Any]:
    """The listed moves of the activated unit that go somewhere: its own Move Action's (the
    §8.2 step) and Breakaway's, which leave out what the former lists by the same path."""
    return [c for c in g.legal_commands() if c.command == "move" and c.path]


def test_breakaway_zone_stop_by_default_ends_the_move_in_the_zone_of_the_enemy_it_broke_away_from() -> None:
    g, events = breakaway("{}", ["1,2", "1,3", "1,4"])
    assert g.state.units["a"].location == "1,2"
    assert "StepsCancelled" in names(events)
    assert [e.by for e in events if e.name == "UnitEngaged"] == [["ogres"]]


def test_breakaway_zone_stop_other_enemies_only_passes_the_zone_of_the_enemy_it_broke_away_from() -> None:
    g, events = breakaway(OTHER_ENEMIES_ONLY, ["1,2", "1,3", "1,4"])
    assert g.state.units["a"].location == "1,4"
    assert "StepsCancelled" not in names(events) and "UnitEngaged" not in names(events)


def test_breakaway_zone_stop_other_enemies_only_still_ends_the_move_in_another_enemys_zone() -> None:
    g, events = breakaway(OTHER_ENEMIES_ONLY, ["1,2", "1,3", "1,4", "1,5"])
    assert g.state.units["a"].location == "1,5"
    assert [e.by for e in events if e.name == "UnitEngaged"] == [["trolls"]]
    # the path declared past the stop at 2,5 is within the rangers' 4 MP: a declared path is
    # checked whole, so 5 hexes would be refused by MOV.10 (test_declared_path_checked_whole.py)
    g, events = breakaway(OTHER_ENEMIES_ONLY, ["2,3", "2,4", "2,5", "3,4"])
    assert g.state.units["a"].location == "2,5" and "StepsCancelled" in names(events)


def test_breakaway_zone_stop_other_enemies_only_spares_that_enemy_on_entering_its_zone_again(judged_again: list[int]) -> None:
    """Out of the ogres' zone at 1,3 and back into it at 1,2: still spared, as the unit broke
    away from them when its activation began; and the resolver, judging each step on the state
    the step before left (the unit no longer Engaged at 1,3), judges it so too."""
    g, events = breakaway(OTHER_ENEMIES_ONLY, ["1,3", "1,2", "1,1"])
    assert g.state.units["a"].location == "1,1" and "StepsCancelled" not in names(events)
    assert judged_again[0] > 0
    g, events = breakaway("{}", ["1,3", "1,2", "1,1"])
    assert g.state.units["a"].location == "1,2"


def test_breakaway_zone_stop_other_enemies_only_is_a_breakaway_reading_only() -> None:
    """A unit without Breakaway that starts Engaged still makes the §8.2 step, and a unit that
    does not start Engaged is stopped by every enemy zone: the option changes nothing else."""
    units = "    - {id: a, owner: p1, at: '2,3', speed: 4}\n    - {id: ogres, owner: p2, type: Monster, at: '2,1', facing: S}"
    g = activated(mat(units, options=OTHER_ENEMIES_ONLY), "a")
    g.issue({"command": "move", "unit": "a", "path": ["2,2", "1,2"]})
    assert g.state.units["a"].location == "2,2"


def test_breakaway_zone_stop_other_enemies_only_reach_and_legal_moves_agree_with_the_command() -> None:
    units = UNITS.replace("speed: 4", "speed: 2")  # 0,2 is 2 hexes away through 1,2 alone
    for options in ("{}", OTHER_ENEMIES_ONLY):
        g = activated(mat(units, options=options), "a")
        answer = get_ruleset("godsgloom").range_of_motion(g.state, "a")
        with_breakaway = set(answer.costs) | set(answer.extra["with_traits"].get("Breakaway", []))
        assert ("0,2" in with_breakaway) is (options == OTHER_ENEMIES_ONLY)
        listed = moves(g)
        ends = {c.path[-1] for c in listed}
        assert ends == with_breakaway - {"2,2"}
        for command in listed:  # every listed Breakaway move is accepted and ends where listed
            trial = activated(mat(units, options=options), "a")
            trial.issue(command)
            assert trial.state.units["a"].location == command.path[-1]


def test_breakaway_zone_stop_refuses_an_unknown_reading() -> None:
    with pytest.raises(BadInput, match="breakaway_zone_stop"):
        activated(mat(UNITS, options="{breakaway_zone_stop: never}"), "a")


# --- a plain search of Breakaway's rules, on random mats ---------------------------------------


def engaged_board(rng: random.Random) -> dict[str, Any]:
    """A mat whose mover, with Breakaway, starts Engaged by an enemy facing it, among others."""
    width, height = rng.randint(6, 12), rng.randint(6, 10)
    hexes = [(q, r - q // 2) for q in range(width) for r in range(height)]
    inner = [(q, r) for q, r in hexes if 0 < q < width - 1 and 0 < r + q // 2 < height - 1]
    mover = rng.choice(inner)
    d = rng.randrange(6)
    engager = (mover[0] + NEIGHBOURS[d][0], mover[1] + NEIGHBOURS[d][1])
    rest = [h for h in hexes if h not in (mover, engager)]
    rng.shuffle(rest)
    others = rest[: rng.randint(0, 6)]
    terrain = rest[len(others) : len(others) + rng.randint(0, len(hexes) // 5)]
    units = [
        {"id": "mover", "owner": "p1", "at": f"{mover[0]},{mover[1]}", "speed": rng.randint(1, 6), "traits": ["Breakaway"]},
        {"id": "engager", "owner": "p2", "at": f"{engager[0]},{engager[1]}", "facing": FACINGS[(d + 3) % 6]},
    ]
    for i, (q, r) in enumerate(others):
        units.append({"id": f"u{i}", "owner": rng.choice(["p1", "p2"]), "at": f"{q},{r}", "facing": rng.choice(FACINGS)})
    return {
        "title": "breakaway mat", "ruleset": "godsgloom",
        "options": {"breakaway_zone_stop": rng.choice(["any_enemy_zone", "other_enemies_only"])},
        "setup": {
            "width": width, "height": height, "units": units,
            "terrain": [{"at": f"{q},{r}", "type": rng.choice(["Swamp", "Cliffs", "Clear"])} for q, r in terrain],
        },
    }


def breakaway_reference(data: dict[str, Any]) -> set[str]:
    """The hexes a Breakaway Move Action may end in: Speed MP, Difficult costing 2, the Minimum
    Move Guarantee on the first hex, no unit's hex passed (§8.1), and entering an empty hex of an
    enemy's Front Arc ends the move (§8.3), except, under ``other_enemies_only``, a hex covered
    only by the zones of the enemies whose zones covered the start."""
    mat = PlainMat.of(data)
    occupied = set(mat.held())
    start = parse(mat.units["mover"]["at"])
    spared = mat.zones.get(start, set()) if data["options"]["breakaway_zone_stop"] == "other_enemies_only" else set()

    def enters(h: tuple[int, int]) -> int | None:
        if mat.terrain.get(h) == "Cliffs" or h in occupied:
            return None
        return 2 if mat.terrain.get(h) == "Swamp" else 1

    cost = plain_moves(mat, start, mat.units["mover"]["speed"], enters, lambda h: bool(mat.zones.get(h, set()) - spared))
    return {f"{q},{r}" for q, r in cost if (q, r) != start}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_breakaway_moves_listed_are_those_a_plain_search_of_the_rules_finds(seed: int) -> None:
    data = engaged_board(random.Random(seed))
    game = play(scenario(data)).game
    game.issue({"command": "activate", "unit": "mover"})
    listed = {c.path[-1] for c in moves(game)}
    answer = get_ruleset("godsgloom").range_of_motion(game.state, "mover")
    reached = (set(answer.costs) | set(answer.extra["with_traits"].get("Breakaway", []))) - {data["setup"]["units"][0]["at"]}
    expected = breakaway_reference(data)
    assert reached == expected
    assert listed == expected


def test_breakaway_spares_the_enemies_of_its_activation_even_after_a_displacement() -> None:
    """Option other_enemies_only: the zones passed are those of the enemies that Engaged the unit
    when its activation began (its activation's record), read alike by the command's walk, the
    steps as they resolve, the legal moves and the range of motion. Displaced out of the ogres'
    zone after activating, the rangers' Breakaway move back through it passes it; the walk once
    read who Engaged it where it stood then (nobody) and stopped there, where the resolver read
    the activation."""
    units = UNITS + "\n    - {id: pal, owner: p1, at: '4,4'}"
    g = activated(mat(units, options=OTHER_ENEMIES_ONLY), "a")
    g.issue({"command": "displace", "unit": "a", "by": "pal", "to": "2,3"})
    path = ["2,2", "1,3", "1,4"]
    answer = get_ruleset("godsgloom").range_of_motion(g.state, "a")
    assert "1,4" in answer or "1,4" in answer.extra["with_traits"].get("Breakaway", [])  # type: ignore[attr-defined]
    assert any(c.path and c.path[-1] == "1,4" for c in moves(g))
    events = g.issue({"command": "move", "unit": "a", "use": "Breakaway", "path": path})
    assert g.state.units["a"].location == "1,4"
    assert "StepsCancelled" not in names(events)
