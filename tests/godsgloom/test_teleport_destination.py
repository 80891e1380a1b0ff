"""Flying (seed 001 §18.2): the Move Action "uses the Teleport mechanic", its range in hexes equal to
Speed. The mechanic is not public (digest §9), so how the range is counted is a rule option
(digest §10, ``teleport_destination``): ``empty_within_speed`` (default) counts the hex distance,
over anything; ``path_within_speed`` counts a way of hexes around Impassable ones (units,
Difficult costs and zones are flown over). The command, the lookahead and the legal moves must
read it alike, and a plain search written here must find the same destinations on random mats."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.errors import IllegalCommand
from domain.ruleset import get_ruleset
from sim.runner import play
from tests.godsgloom.plain_mat import PlainMat, parse, plain_moves
from tests.godsgloom.test_movement_rules import activated, mat
from tests.test_search_references import hex_board, hex_reference, scenario

#: a wall of Cliffs (Impassable) across the 7-wide mat, open only at its east end (q 6)
WALL = ", ".join(f"{{at: '{q},{5 - q // 2}', type: Cliffs}}" for q in range(6))
PATHS = "{teleport_destination: path_within_speed}"


def griffin(speed: int, options: str) -> Any:
    """The griffin at 3,5, just south of the wall; 3,3 is 2 hexes away as the crow flies and 7
    along the way round the wall's east end."""
    units = f"    - {{id: griffin, owner: p1, type: Monster, at: '3,5', speed: {speed}, traits: [Flying]}}"
    return activated(mat(units, WALL, options), "griffin")


def fly(g: Any, to: str) -> None:
    g.issue({"command": "move", "unit": "griffin", "use": "Flying", "path": [to]})


def test_teleport_destination_by_default_counts_the_hex_distance_over_impassable_hexes() -> None:
    g = griffin(3, "{}")
    fly(g, "3,3")
    assert g.state.units["griffin"].location == "3,3"


def test_teleport_destination_path_within_speed_counts_the_way_around_impassable_hexes() -> None:
    g = griffin(3, PATHS)
    with pytest.raises(IllegalCommand, match="7 hexes away along the way round Impassable hexes; Speed is 3"):
        fly(g, "3,3")
    assert g.state.units["griffin"].location == "3,5"
    g = griffin(7, PATHS)
    fly(g, "3,3")
    assert g.state.units["griffin"].location == "3,3"


def test_teleport_destination_path_within_speed_refuses_a_hex_no_way_reaches() -> None:
    sealed = WALL + ", {at: '6,2', type: Cliffs}"  # the wall's open end closed too
    units = "    - {id: griffin, owner: p1, type: Monster, at: '3,5', speed: 20, traits: [Flying]}"
    g = activated(mat(units, sealed, PATHS), "griffin")
    with pytest.raises(IllegalCommand, match="no way of hexes around Impassable ones reaches 3,3"):
        fly(g, "3,3")


def test_teleport_destination_reach_and_legal_moves_agree_with_the_command() -> None:
    for options, expected in (("{}", True), (PATHS, False)):
        g = griffin(3, options)
        answer = get_ruleset("godsgloom").range_of_motion(g.state, "griffin")
        assert ("3,3" in answer.extra["with_traits"].get("Flying", [])) is expected
        flights = [c for c in g.legal_commands() if c.command == "move" and c.use == "Flying"]
        assert ("3,3" in {c.path[-1] for c in flights}) is expected
        for command in flights:
            trial = griffin(3, options)
            trial.issue(command)
            assert trial.state.units["griffin"].location == command.path[-1]


# --- a plain search of Flying's destinations, on random mats ------------------------------------


def flying_reference(data: dict[str, Any]) -> set[str]:
    """Every hex on the mat, not Impassable, held by no unit, other than the start, within Speed:
    by hex distance, or under ``path_within_speed`` by the fewest hexes of a way that enters no
    Impassable hex."""
    mat = PlainMat.of(data)
    on_mat = {(q, r - q // 2) for q in range(mat.width) for r in range(mat.height)}
    impassable = {h for h, kind in mat.terrain.items() if kind == "Cliffs"}
    held = set(mat.held())
    start, speed = parse(mat.units["mover"]["at"]), mat.units["mover"]["speed"]
    if data["options"]["teleport_destination"] == "path_within_speed":
        # every hex costing 1, Impassable ones never entered, nothing else in the way
        far = plain_moves(mat, start, len(on_mat), lambda h: None if h in impassable else 1, lambda h: False, guarantee=False)
    else:
        far = {h: (abs(h[0] - start[0]) + abs(h[1] - start[1]) + abs(h[0] + h[1] - start[0] - start[1])) // 2 for h in on_mat}
    return {f"{q},{r}" for (q, r), d in far.items() if d <= speed and (q, r) not in impassable | held}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6))
def test_every_move_listed_with_flying_is_one_a_plain_search_of_the_rules_finds(seed: int) -> None:
    rng = random.Random(seed)
    data = hex_board(rng)
    data["setup"]["units"][0]["traits"] = ["Flying"]
    data["options"] = {"teleport_destination": rng.choice(["empty_within_speed", "path_within_speed"])}
    game = play(scenario(data)).game
    game.issue({"command": "activate", "unit": "mover"})
    start = data["setup"]["units"][0]["at"]
    walking = set(hex_reference(data)) - {start}
    engaged = get_ruleset("godsgloom").range_of_motion(game.state, "mover").extra["mode"] == "engaged_step"
    expected = walking | (set() if engaged else flying_reference(data))
    listed = {c.path[-1] for c in game.legal_commands() if c.command == "move" and c.path}
    answer = get_ruleset("godsgloom").range_of_motion(game.state, "mover")
    reached = (set(answer.costs) | set(answer.extra["with_traits"].get("Flying", []))) - {start}
    assert listed == expected
    assert reached == expected
