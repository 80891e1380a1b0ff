"""Two Active movement traits in one Move Action (seed 001 §18.2). Each of Trample, Nimble and
Breakaway says what it lets a unit do "when this unit performs a Move action" and none forbids
another, so a unit with two may use both (``use: [Nimble, Trample]``); the rule option
``movement_traits_per_move: one`` refuses that. Flying's Move Action is a teleport: no other trait
is used with it. Nimble still does nothing for a unit that starts Engaged, and Breakaway nothing
for one that does not. The command, the lookahead and the legal moves read a pair alike, and a
plain search written here finds what Trample and Nimble together reach on random mats."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from domain.errors import IllegalCommand
from domain.ruleset import get_ruleset
from sim.runner import play
from tests.godsgloom.plain_mat import FACINGS, PlainMat, parse, plain_moves
from tests.godsgloom.test_movement_rules import activated, mat
from tests.test_search_references import scenario

#: the knights (Trample, Nimble) at 2,7; the enemy pikemen at 2,6 face N, so their zone (2,5,
#: 1,6, 3,5) lies ahead and the knights start free
KNIGHTS = (
    "    - {id: knights, owner: p1, type: Cavalry, at: '2,7', speed: 5, traits: [Trample, Nimble]}\n"
    "    - {id: pikemen, owner: p2, type: Infantry, at: '2,6', facing: N}"
)
THROUGH = ["2,6", "2,5", "2,4", "2,3"]
#: the rangers (Breakaway, Trample) at 2,2 start Engaged by the ogres (2,1, facing S) and by the
#: pikes (2,3, facing NW: zone 1,4, 1,3, 2,2); 2,4 and 2,5 lie in no zone
RANGERS = (
    "    - {id: rangers, owner: p1, type: Cavalry, at: '2,2', speed: 4, traits: [Breakaway, Trample]}\n"
    "    - {id: ogres, owner: p2, type: Monster, at: '2,1', facing: S}\n"
    "    - {id: pikes, owner: p2, type: Infantry, at: '2,3', facing: NW}"
)


def move(g: Any, unit: str, use: Any, path: list[str]) -> list[Any]:
    return g.issue({"command": "move", "unit": unit, "use": use, "path": path})


def test_trample_and_nimble_together_pass_infantry_then_an_enemy_zone() -> None:
    g = activated(mat(KNIGHTS), "knights")
    events = move(g, "knights", ["Trample", "Nimble"], THROUGH)
    assert g.state.units["knights"].location == "2,3"
    assert [e.mode for e in events if e.name == "MoveActionStarted"] == ["trample_nimble"]
    assert [e.purpose for e in events if e.name == "DiceRolled"] == ["Trample: knights through pikemen"]
    assert any(e.name == "MeleeBarred" and "Nimble" in e.rule for e in events)


def test_each_trait_alone_does_not_make_that_move() -> None:
    g = activated(mat(KNIGHTS), "knights")
    move(g, "knights", "Trample", THROUGH)  # stopped by the pikemen's zone at 2,5
    assert g.state.units["knights"].location == "2,5"
    g = activated(mat(KNIGHTS), "knights")
    with pytest.raises(IllegalCommand, match="§8.1"):
        move(g, "knights", "Nimble", THROUGH)


def test_breakaway_and_trample_together_leave_an_engagement_through_infantry() -> None:
    g = activated(mat(RANGERS), "rangers")
    events = move(g, "rangers", ["Breakaway", "Trample"], ["2,3", "2,4", "2,5"])
    assert g.state.units["rangers"].location == "2,5"
    assert [e.mode for e in events if e.name == "MoveActionStarted"] == ["breakaway_trample"]
    assert [e.purpose for e in events if e.name == "DiceRolled"] == ["Trample: rangers through pikes"]
    for alone, refusal in (("Breakaway", "§8.1"), ("Trample", "at most 1 hex")):
        g = activated(mat(RANGERS), "rangers")
        with pytest.raises(IllegalCommand, match=refusal):
            move(g, "rangers", alone, ["2,3", "2,4", "2,5"])


def test_nimble_with_another_trait_does_nothing_for_a_unit_that_starts_engaged() -> None:
    units = RANGERS.replace("[Breakaway, Trample]", "[Trample, Nimble]")
    g = activated(mat(units), "rangers")
    with pytest.raises(IllegalCommand, match="at most 1 hex"):  # Trample used while Engaged: the §8.2 step
        move(g, "rangers", ["Nimble", "Trample"], ["2,3", "2,4"])


def test_movement_traits_per_move_one_refuses_a_second_trait() -> None:
    g = activated(mat(KNIGHTS, options="{movement_traits_per_move: one}"), "knights")
    with pytest.raises(IllegalCommand, match="movement_traits_per_move"):
        move(g, "knights", ["Trample", "Nimble"], THROUGH)
    assert g.state.units["knights"].location == "2,7"
    names_listed = {tuple(c.use) for c in g.legal_commands() if c.command == "move" and isinstance(c.use, list)}
    assert not names_listed


def test_flying_is_used_with_no_other_trait() -> None:
    units = "    - {id: wyrm, owner: p1, type: Monster, at: '2,7', speed: 4, traits: [Flying, Trample]}"
    g = activated(mat(units), "wyrm")
    with pytest.raises(IllegalCommand, match="teleport"):
        move(g, "wyrm", ["Flying", "Trample"], ["2,4"])


def test_a_pair_naming_a_trait_the_unit_lacks_is_refused() -> None:
    g = activated(mat(KNIGHTS), "knights")
    with pytest.raises(IllegalCommand, match="doesn't have the trait Breakaway"):
        move(g, "knights", ["Trample", "Breakaway"], THROUGH)


def test_a_pair_is_read_in_any_order_and_a_list_of_one_is_the_trait() -> None:
    for use in (["Nimble", "Trample"], ["trample", "nimble"]):
        g = activated(mat(KNIGHTS), "knights")
        events = move(g, "knights", use, THROUGH)
        assert events[0].command["use"] == ["Nimble", "Trample"]
    g = activated(mat(KNIGHTS), "knights")
    events = move(g, "knights", ["Trample"], THROUGH)
    assert events[0].command["use"] == "Trample" and g.state.units["knights"].location == "2,5"


def test_two_traits_reach_and_legal_moves_agree_with_the_command() -> None:
    g = activated(mat(KNIGHTS), "knights")
    answer = get_ruleset("godsgloom").range_of_motion(g.state, "knights")
    assert "2,3" not in answer.costs
    assert "2,2" in answer.extra["with_traits"]["Nimble+Trample"]  # 5 MP straight through: both traits needed
    paired = [c for c in g.legal_commands() if c.command == "move" and c.use == ["Nimble", "Trample"]]
    assert "2,2" in {c.path[-1] for c in paired}
    for command in paired[::6]:  # one facing of each
        trial = activated(mat(KNIGHTS), "knights")
        trial.issue(command)
        assert trial.state.units["knights"].location == command.path[-1]
        assert command in g.legal_commands()
    assert {"command": "move", "unit": "knights", "use": ["Trample", "Nimble"], "path": paired[0].path, "face": paired[0].face} in g.legal_commands()


def test_a_trait_written_as_text_in_any_case_is_the_listed_trait() -> None:
    """``use`` is read in any order and case (docs/godsgloom.md): ``use: trample`` is accepted as
    the listed ``Trample`` move, so ``in`` finds it (it was written as given, and not found)."""
    g = activated(mat(KNIGHTS), "knights")
    listed = next(c for c in g.legal_commands() if c.command == "move" and c.use == "Trample")
    written = {"command": "move", "unit": "knights", "use": "trample", "path": listed.path, "face": listed.face}
    assert written in g.legal_commands()
    assert g.parse_command(written).use == "Trample"


# --- a plain search of Trample and Nimble together, on random mats ------------------------------


def pair_board(rng: random.Random) -> dict[str, Any]:
    width, height = rng.randint(6, 12), rng.randint(6, 10)
    hexes = [(q, r - q // 2) for q in range(width) for r in range(height)]
    rng.shuffle(hexes)
    mover, others = hexes[0], hexes[1 : 1 + rng.randint(0, 10)]
    terrain = hexes[1 + len(others) : 1 + len(others) + rng.randint(0, len(hexes) // 5)]
    units = [{
        "id": "mover", "owner": "p1", "type": "Cavalry", "at": f"{mover[0]},{mover[1]}", "facing": "N",
        "speed": rng.randint(1, 6), "traits": ["Trample", "Nimble"],
    }]
    for i, (q, r) in enumerate(others):
        units.append({
            "id": f"u{i}", "owner": rng.choice(["p1", "p2"]), "type": rng.choice(["Infantry", "Swarm", "Monster", "Cavalry"]),
            "at": f"{q},{r}", "facing": rng.choice(FACINGS),
        })
    return {
        "title": "pair mat", "ruleset": "godsgloom",
        "setup": {
            "width": width, "height": height, "units": units,
            "terrain": [{"at": f"{q},{r}", "type": rng.choice(["Swamp", "Cliffs", "Clear"])} for q, r in terrain],
        },
    }


def starts_engaged(data: dict[str, Any]) -> bool:
    return parse(data["setup"]["units"][0]["at"]) in PlainMat.of(data).zones


def pair_reference(data: dict[str, Any]) -> set[str]:
    """Where a Move Action using Trample and Nimble may end: Speed MP, Difficult costing 2, the
    Minimum Move Guarantee on the first hex, Impassable never entered; a hex held by an Infantry
    or Swarm unit (either side) passed but never ended in, any other unit's hex not entered;
    enemy zones never stop it (no unit here has Lockdown)."""
    mat = PlainMat.of(data)
    held = {h: u.get("type", "Infantry") for h, u in mat.held().items() if u["id"] != "mover"}
    start = parse(mat.units["mover"]["at"])

    def enters(h: tuple[int, int]) -> int | None:
        if mat.terrain.get(h) == "Cliffs" or (h in held and held[h] not in ("Infantry", "Swarm")):
            return None
        return 2 if mat.terrain.get(h) == "Swamp" else 1

    cost = plain_moves(mat, start, mat.units["mover"]["speed"], enters, lambda h: False)
    return {f"{q},{r}" for q, r in cost if (q, r) != start and (q, r) not in held}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(st.integers(0, 10**6))
def test_the_moves_of_trample_and_nimble_together_are_those_a_plain_search_of_the_rules_finds(seed: int) -> None:
    data = pair_board(random.Random(seed))
    assume(not starts_engaged(data))
    game = play(scenario(data)).game
    game.issue({"command": "activate", "unit": "mover"})
    listed = {c.path[-1] for c in game.legal_commands() if c.command == "move" and c.path}
    answer = get_ruleset("godsgloom").range_of_motion(game.state, "mover")
    reached = set(answer.costs).union(*answer.extra["with_traits"].values()) - {data["setup"]["units"][0]["at"]}
    expected = pair_reference(data)
    assert listed == expected
    assert reached == expected
