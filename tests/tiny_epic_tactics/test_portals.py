"""Portals (seed 003, Portals)."""

from __future__ import annotations

from tests.tiny_epic_tactics.support import of, reach_of, refused, tet, unit

PORTALS = ["o . . . . . o", ". . . o . . .", ". . . . . . ."]


def test_all_portals_are_adjacent_for_movement() -> None:
    played = tet(PORTALS, units=[unit("a", "p1", "0,0", movement=2)])
    answer = reach_of(played, "a")
    assert answer.costs["6,0"] == 1 and answer.costs["3,1"] == 1
    assert answer.path_to("3,2") == ["0,0", "3,1", "3,2"]


def test_portal_transit_cost_option() -> None:
    played = tet(PORTALS, units=[unit("a", "p1", "0,0", movement=3)], options={"portal_transit_cost": 3})
    assert reach_of(played, "a").costs["6,0"] == 3


def test_a_portal_blocked_by_an_enemy_is_closed_to_the_other_player() -> None:
    played = tet(PORTALS, units=[unit("a", "p1", "0,0", movement=3), unit("g", "p2", "3,1")])
    answer = reach_of(played, "a")
    assert "3,2" not in answer and "6,0" in answer
    assert "portal blocked by an enemy" in str(answer.why_not("3,1"))
    refused(played.game, {"command": "move", "unit": "a", "path": ["3,1", "3,2"]}, "portal blocked by an enemy")


def test_allies_may_pass_through_a_portal_their_unit_blocks() -> None:
    played = tet(PORTALS, units=[unit("a", "p1", "5,2"), unit("g", "p2", "3,1"), unit("s", "p2", "1,0", movement=3)],
                 active_player="p2")
    answer = reach_of(played, "s")
    assert answer.path_to("4,1") == ["1,0", "0,0", "3,1", "4,1"]
    events = played.game.issue({"command": "move", "unit": "s", "path": ["0,0", "3,1", "4,1"]})
    assert of(events, "StepTaken", unit="s", to="3,1", kind="portal")


def test_no_missile_or_spell_attack_through_a_portal() -> None:
    units = [unit("a", "p1", "0,1", "Rogue", missile=3, ammo=1, spell=3, mana=1), unit("b", "p2", "6,1")]
    game = tet(PORTALS, units=units).game
    refused(game, {"command": "missile_attack", "unit": "a", "target": "b"}, "never through a Portal")
    refused(game, {"command": "spell_attack", "unit": "a", "target": "b"}, "never through a Portal")


def test_no_knock_back_through_a_portal() -> None:
    played = tet(["o . . o ."], units=[unit("f", "p1", "1,0", melee=3), unit("b", "p2", "2,0", melee=0)],
                 options={"melee_die_faces": ["knock_back"]})
    played.game.issue({"command": "melee_attack", "unit": "f", "target": "b"})
    assert played.game.state.units["b"].location == "4,0"  # straight over the portal's space, never into 0,0


def test_knock_back_into_a_portal_space_stops_as_at_a_wall() -> None:
    played = tet([". . o"], units=[unit("f", "p1", "0,0"), unit("b", "p2", "1,0", melee=0)],
                 options={"melee_die_faces": ["knock_back"], "portal_model": "portal_space"})
    events = played.game.issue({"command": "melee_attack", "unit": "f", "target": "b"})
    assert played.game.state.units["b"].location == "1,0"
    assert of(events, "DamageDealt", unit="b", amount=1)
