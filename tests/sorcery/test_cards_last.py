"""The last movement texts of the pool (issue 9; declared in cards/): one test per rule, each
failing if its ability is removed."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.cards import ABILITIES
from tests.helpers import reach
from tests.sorcery.test_cards_rest import VALLEYS, boots, cast, realm, where

TALUS = "Iron Man Talus"


def spell_event(g: Any) -> Any:
    return [e for e in g.pending_events if type(e).__name__ == "SpellCast"][-1]


def test_every_ability_of_this_group_is_declared_with_its_card() -> None:
    for name in ("Iron Man Talus", "Arcade of Bones", "Army of the Dead", "Red Rock of Ravannis", "Rest in Peace",
                 "Awakened Mummies", "Maelström"):
        assert ABILITIES[name], name


# --- Iron Man Talus: can't be moved by force -----------------------------------------------------


def test_iron_man_talus_is_not_pushed_by_windblast_while_other_artifacts_are() -> None:
    g = realm("", VALLEYS, boots("talus", 7, TALUS) + boots("b", 8))
    cast(g, "Windblast", "north")
    assert where(g, "talus") == "7" and where(g, "b") == "3"
    assert "can't be moved by force" in spell_event(g).unaffected["talus"]


def test_iron_man_talus_is_not_teleported_by_displace_nor_drowned_nor_buried() -> None:
    g = realm("", {**VALLEYS, 14: "Bog"}, boots("talus", 7, TALUS) + boots("wet", 14, TALUS))
    cast(g, "Displace", "talus", 13)
    assert where(g, "talus") == "7" and "can't be moved by force" in spell_event(g).unaffected["talus"]
    cast(g, "Bury", "talus")
    cast(g, "Drown", "wet")
    assert where(g, "talus") == "7" and where(g, "wet") == "14"


def test_scatter_needs_no_destination_for_iron_man_talus_and_refuses_one() -> None:
    g = realm("    - {id: troll, card: Bosk Troll, owner: p2, at: 7}\n", VALLEYS, boots("talus", 7, TALUS))
    with pytest.raises(IllegalCommand, match="talus can.t be pushed by Scatter"):
        cast(g, "Scatter", 7, "troll", 2, "talus", 8)
    cast(g, "Scatter", 7, "troll", 2)
    assert where(g, "talus") == "7" and g.state.units["troll"].location == "2"


def test_whirlwind_and_cave_in_leave_iron_man_talus_where_it_lies() -> None:
    g = realm("", VALLEYS, boots("talus", 7, TALUS))
    cast(g, "Whirlwind", 7, "clockwise")
    assert where(g, "talus") == "7"
    cast(g, "Cave-In", 7)
    assert where(g, "talus") == "7"


# --- Arcade of Bones: while in this row, Undead move freely --------------------------------------

ROW = {sq: "Valley" for sq in (6, 9, 11, 12, 13, 14, 15, 16, 17, 18)}


def test_arcade_of_bones_lets_undead_move_freely_along_its_row_only() -> None:
    units = (
        "    - {id: zombies, card: Scourge Zombies, owner: p1, at: 11}\n"
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 13}\n"
        "    - {id: low, card: Scourge Zombies, owner: p1, at: 16}\n"
    )
    g = realm(units, ROW, boots("arcade", 12, "Arcade of Bones"))
    zombies = reach(g, "zombies")
    assert "15" in zombies.reachable and "9" in zombies.reachable  # along the row, then one step out
    assert "4" not in zombies.reachable
    assert "15" not in reach(g, "troll").reachable  # not Undead
    assert "18" not in reach(g, "low").reachable  # not in the Arcade's row


def test_arcade_of_bones_row_follows_the_artifact_when_it_is_moved() -> None:
    g = realm("    - {id: zombies, card: Scourge Zombies, owner: p1, at: 16}\n", ROW,
              boots("arcade", 12, "Arcade of Bones"))
    assert "18" not in reach(g, "zombies").reachable
    cast(g, "Windblast", "south")  # the Arcade goes to 17: the bottom row is its row now
    assert where(g, "arcade") == "17" and "18" in reach(g, "zombies").reachable


# --- Army of the Dead: a Skeleton token left behind each time it enters a new location ------------


def test_army_of_the_dead_leaves_a_skeleton_token_behind_each_step_of_its_path() -> None:
    units = "    - {id: army, card: Army of the Dead, owner: p1, at: 11}\n"
    g = realm(units, ROW, boots("arcade", 12, "Arcade of Bones"))
    g.issue({"command": "move_and_attack", "unit": "army", "path": ["12", "13", "12", "11"]})
    skeletons = sorted((u.id, u.location) for u in g.state.living_units() if u.card == "Skeleton")
    assert skeletons == [("army-skeleton-1", "11"), ("army-skeleton-2", "12"), ("army-skeleton-3", "13"), ("army-skeleton-4", "12")]
    assert all(g.state.units[s].owner == "p1" for s, _ in skeletons)


def test_army_of_the_dead_leaves_one_when_moved_by_force_and_another_unit_leaves_none() -> None:
    units = ("    - {id: army, card: Army of the Dead, owner: p1, at: 11}\n"
             "    - {id: troll, card: Bosk Troll, owner: p1, at: 13}\n")
    g = realm(units, {**ROW, 17: "Valley"})
    cast(g, "Displace", "army", 17)
    g.issue({"command": "move_and_attack", "unit": "troll", "path": ["14"]})
    skeletons = [(u.id, u.location) for u in g.state.living_units() if u.card == "Skeleton"]
    assert skeletons == [("army-skeleton-1", "11")]


# --- Red Rock of Ravannis: each artifact pulled one step toward it at the end of each turn --------


def rock_realm(units: str, artifacts: str) -> Any:
    return realm(units, {**VALLEYS, 12: "Gnome Hollows"}, boots("rock", 13, "Red Rock of Ravannis") + artifacts)


def test_red_rock_pulls_a_lying_artifact_one_step_closer_at_the_end_of_the_turn() -> None:
    g = rock_realm("", boots("b", 3))
    g.issue({"command": "end_turn"})
    assert where(g, "b") == "8"


def test_red_rock_pulls_the_bearer_along_at_the_end_of_the_opponents_turn_too() -> None:
    units = "    - {id: pegasus, card: Plumed Pegasus, owner: p2, at: 3}\n"
    g = rock_realm(units, "    - {id: w, card: Wings of Invention, controller: p2, bearer: pegasus}\n")
    g.issue({"command": "end_turn"})  # p1's turn ends: pulled to 8
    assert g.state.units["pegasus"].location == "8" and g.state.features["w"].bearer == "pegasus"
    g.issue({"command": "end_turn"})  # p2's turn ends: pulled again, to 13 (12 or 14 are not closer)
    assert g.state.units["pegasus"].location == "13"


def test_red_rock_pulls_the_artifact_out_of_the_hands_of_a_bearer_that_cant_enter() -> None:
    units = "    - {id: troll, card: Bosk Troll, owner: p2, at: 11}\n"
    g = rock_realm(units, "    - {id: w, card: Wings of Invention, controller: p2, bearer: troll}\n")
    g.issue({"command": "end_turn"})
    assert g.state.units["troll"].location == "11"
    assert where(g, "w") == "12" and g.state.features["w"].bearer is None


def test_red_rock_asks_where_when_two_squares_are_closer_and_refuses_another() -> None:
    g = rock_realm("", boots("b", 7))
    g.issue({"command": "end_turn"})
    assert where(g, "b") == "7"  # waiting for the choice
    with pytest.raises(BadInput, match="not an option of .*one of 8, 12"):
        g.issue({"command": "choose", "option": "6"})
    g.issue({"command": "choose", "option": "8"})
    assert where(g, "b") == "8"


def test_red_rock_leaves_iron_man_talus_and_its_own_site() -> None:
    g = rock_realm("", boots("t", 3, TALUS) + boots("here", 13))
    g.issue({"command": "end_turn"})
    assert where(g, "t") == "3" and where(g, "here") == "13"


# --- Rest in Peace: a Spirit or Undead minion occupying an affected land site is burrowed ----------


def rip_realm(units: str) -> Any:
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: {name}, controller: p1}}\n" for sq, name in
                  ((6, "Valley"), (7, "Valley"), (8, "Bog"), (12, "Valley"), (13, "Valley")))
        + "  units:\n" + units
        + "  auras:\n    - {id: rip, card: Rest in Peace, controller: p2, at: 7}\n"
    )
    from tests.helpers import game

    return game(text)


def test_rest_in_peace_burrows_an_undead_minion_entering_an_affected_land_site() -> None:
    g = rip_realm("    - {id: wight, card: Barrow Wight, owner: p1, at: 6}\n")
    g.issue({"command": "move_and_attack", "unit": "wight", "path": ["7"]})
    assert g.state.units["wight"].location == "7/underground"


def test_rest_in_peace_burrows_a_summoned_spirit_but_not_one_entering_water_or_a_troll() -> None:
    g = rip_realm("    - {id: troll, card: Bosk Troll, owner: p1, at: 6}\n")
    g.issue({"command": "summon", "card": "Cloud Spirit", "id": "spirit", "at": "8"})  # the Bog: water
    g.issue({"command": "move_and_attack", "unit": "troll", "path": ["7"]})
    assert g.state.units["spirit"].location == "8" and g.state.units["troll"].location == "7"
    g.issue({"command": "summon", "card": "Nimbus Jinn", "id": "jinn", "at": "13"})
    steps = [(e.unit, e.kind) for e in g.pending_events if type(e).__name__ == "StepTaken"]
    assert ("jinn", "burrow") in steps and not g.state.units["jinn"].alive  # burrowed: no Burrowing, it dies below


# --- Awakened Mummies: summoned burrowed safely, they unburrow and fight ---------------------------

MUMMY_SITES = {6: "Valley", 7: "Valley", 8: "Valley", 2: "Valley"}


def mummies_realm(units: str = "") -> Any:
    g = realm(units or "    - {id: avatar, card: Sorcerer, owner: p1, at: 2}\n", MUMMY_SITES)
    g.issue({"command": "summon", "card": "Awakened Mummies", "id": "mummies", "at": "7/underground"})
    return g


def test_awakened_mummies_must_be_summoned_burrowed() -> None:
    g = realm("", MUMMY_SITES)
    with pytest.raises(IllegalCommand, match="must be summoned below a site"):
        g.issue({"command": "summon", "card": "Awakened Mummies", "id": "mummies", "at": "7"})


def test_awakened_mummies_burrowed_safely_survive_below_and_cant_move_themselves() -> None:
    g = mummies_realm()
    assert g.state.units["mummies"].alive and g.state.units["mummies"].location == "7/underground"
    g.issue({"command": "end_turn"})
    g.issue({"command": "end_turn"})  # no longer summoning sick
    assert reach(g, "mummies").reachable == ["7/underground"]  # Immobile there: only where it is


def test_awakened_mummies_unburrow_and_fight_an_enemy_stepping_onto_the_ground_above() -> None:
    units = ("    - {id: avatar, card: Sorcerer, owner: p1, at: 2}\n"
             "    - {id: troll, card: Bosk Troll, owner: p2, at: 8}\n")
    g = mummies_realm(units)
    g.issue({"command": "end_turn"})
    g.issue({"command": "move_and_attack", "unit": "troll", "path": ["7"]})
    steps = [(e.unit, e.to, e.kind) for e in g.pending_events if type(e).__name__ == "StepTaken"]
    assert ("mummies", "7", "surface") in steps
    assert not g.state.units["troll"].alive


def test_awakened_mummies_stay_below_an_airborne_enemy() -> None:
    units = ("    - {id: avatar, card: Sorcerer, owner: p1, at: 2}\n"
             "    - {id: pegasus, card: Plumed Pegasus, owner: p2, at: 8}\n")
    g = mummies_realm(units)
    g.issue({"command": "end_turn"})
    g.issue({"command": "move_and_attack", "unit": "pegasus", "path": ["7"]})
    assert g.state.units["mummies"].location == "7/underground" and g.state.units["pegasus"].alive


# --- Maelström: may pull in each minion of its body of water one step, all or none ----------------


def maelstrom_realm() -> Any:
    sites = {3: "Valley", 6: "Bog", 7: "Bog", 8: "Maelström", 12: "Valley"}
    units = ("    - {id: west, card: Bosk Troll, owner: p2, at: 6}\n"
             "    - {id: dry, card: Bosk Troll, owner: p2, at: 3}\n")
    return realm(units, sites, active="p2")


def test_maelstrom_pulls_in_every_minion_of_its_body_of_water_when_its_controller_says_yes() -> None:
    g = maelstrom_realm()
    g.issue({"command": "end_turn"})
    g.issue({"command": "choose", "option": "yes"})
    assert g.state.units["west"].location == "7" and g.state.units["dry"].location == "3"


def test_maelstrom_pulls_none_when_its_controller_says_no() -> None:
    g = maelstrom_realm()
    g.issue({"command": "end_turn"})
    with pytest.raises(BadInput, match="not an option"):
        g.issue({"command": "choose", "option": "west>7"})
    g.issue({"command": "choose", "option": "no"})
    assert g.state.units["west"].location == "6"
