"""Portals (seed 003, Portals)."""

from __future__ import annotations

from tests.tiny_epic_tactics.support import health, of, reach_of, refused, tet, unit

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


def test_option_portal_model_changes_the_knock_back_and_nothing_else() -> None:
    """Option portal_model (seed 003, Portals: "standing in front of a Portal"; digest 4: knocked
    back into a Portal, a unit stops and loses 1 Health). access_space: a `portal` space is the
    ground in front of a portal in a cliff face, so a knock back may land on it (and never comes
    out of another portal); portal_space: the space is the portal itself, so a knock back stops
    before it, with its damage. Movement is the same under both: the same costs, and the unit
    that blocks a portal is the one standing on its space, not one beside it."""
    pushed = {}
    for model in ("access_space", "portal_space"):
        played = tet(["o . . o ."], units=[unit("f", "p1", "1,0", melee=1), unit("b", "p2", "2,0", melee=0)],
                     options={"melee_die_faces": ["knock_back"], "portal_model": model})
        played.game.issue({"command": "melee_attack", "unit": "f", "target": "b"})
        pushed[model] = (played.game.state.units["b"].location, health(played.game, "b"))
    assert pushed == {"access_space": ("3,0", 6), "portal_space": ("2,0", 5)}
    reaches = {}
    for model in ("access_space", "portal_space"):
        beside = tet(PORTALS, units=[unit("a", "p1", "0,0", movement=3), unit("g", "p2", "4,1")],
                     options={"portal_model": model})
        answer = reach_of(beside, "a")
        assert answer.path_to("3,2") == ["0,0", "3,1", "3,2"]  # an enemy beside the portal blocks nothing
        reaches[model] = answer.costs
        on = tet(PORTALS, units=[unit("a", "p1", "0,0", movement=3), unit("g", "p2", "3,1")], options={"portal_model": model})
        assert "portal blocked by an enemy" in str(reach_of(on, "a").why_not("3,1"))
    assert reaches["access_space"] == reaches["portal_space"]


def test_a_portal_step_pays_the_exits_surcharge_but_never_a_climb() -> None:
    """Seed 003, Portals: all Portals are adjacent for movement (option portal_transit_cost, 1);
    the step enters the exit's space (its surcharge, under option terrain_entry_surcharge) but
    climbs no cliff: a portal two levels up is one step away."""
    levels = ["0 0 2"]
    played = tet(["o . o"], levels=levels, units=[unit("a", "p1", "0,0", movement=3)])
    answer = reach_of(played, "a")
    assert answer.costs["2,0"] == 1 and answer.path_to("2,0") == ["0,0", "2,0"]
    dearer = tet(["o . o"], levels=levels, units=[unit("a", "p1", "0,0", movement=3)],
                 options={"terrain_entry_surcharge": {"portal": 2}})
    assert reach_of(dearer, "a").costs["2,0"] == 3


def test_portals_are_adjacent_for_movement_only() -> None:
    """Seed 003, Portals: "for the sake of movement only": two units on two portals are not
    adjacent for a Melee Attack, nor is the Ballista's range counted through them."""
    units = [unit("f", "p1", "0,0", melee=1), unit("b", "p2", "6,0", melee=0)]
    game = tet(PORTALS, units=units).game
    refused(game, {"command": "melee_attack", "unit": "f", "target": "b"}, "orthogonally adjacent")
    board = ["o b . . . . o", ". . . . . . ."]
    shooter = tet(board, units=[unit("g", "p1", "1,0"), unit("b", "p2", "6,0", melee=0)]).game
    refused(shooter, {"command": "fire_ballista", "unit": "g", "target": "b", "direction": "E"}, "within 4 spaces")


def test_an_ally_may_pass_through_the_portal_it_enters_while_its_ally_blocks_it() -> None:
    """Seed 003, Portals: allied units may still move through a Portal blocked by their unit: the
    ally on the entry portal's space is passed (seed 003, Allies) and the unit comes out of
    another portal; an enemy of that ally cannot go in at all."""
    units = [unit("s", "p1", "1,0", movement=3), unit("g", "p1", "0,0"), unit("e", "p2", "2,2", movement=3)]
    played = tet(PORTALS, units=units)
    assert reach_of(played, "s").path_to("6,1") == ["1,0", "0,0", "6,0", "6,1"]
    played.game.issue({"command": "move", "unit": "s", "path": ["0,0", "6,0", "6,1"]})
    assert played.game.state.units["s"].location == "6,1"
    played.game.issue({"command": "end_turn"})
    enemy = reach_of(played, "e")
    assert "0,0" not in enemy and "portal blocked by an enemy" in str(enemy.why_not("0,0"))
