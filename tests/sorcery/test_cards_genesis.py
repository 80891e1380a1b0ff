"""Genesis abilities that move units or change movement keywords, tapping or Disabled (issue 9),
and the scripted `summon` and `conjure` commands that bring minions and artifacts in mid-game:
one test per rule, each failing if its ability is removed."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.view import RealmView
from tests.helpers import game, reach

#: Valleys (land) everywhere but 12 and 13 (Streams: water)
SITES = "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in (2, 3, 6, 7, 8, 9, 11, 14, 16, 17, 18)) + (
    "    - {at: 12, card: Stream, controller: p1}\n    - {at: 13, card: Stream, controller: p1}\n"
)


def realm(units: str = "", extra: str = "", sites: str = SITES) -> Any:
    text = "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n" + sites + "  units:\n" + (units or "    []\n") + extra
    return game(text.replace("  units:\n    []\n", "  units: []\n"))


def at(g: Any, unit: str) -> str | None:
    u = g.state.units[unit]
    return u.location if u.alive else None


def view(g: Any) -> RealmView:
    return RealmView.of(g.state)


# --- summon and conjure -------------------------------------------------------------------------


def test_summoned_minion_has_summoning_sickness_and_is_refused_where_set_up_would_refuse_it() -> None:
    g = realm("    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n")
    g.issue({"command": "summon", "card": "Wild Boars", "at": "8", "id": "boars"})
    assert at(g, "boars") == "8" and g.state.units["boars"].entered_turn == g.state.turn
    with pytest.raises(IllegalCommand, match="Summoning Sickness"):
        g.issue({"command": "move_and_attack", "unit": "boars", "path": ["9"]})
    with pytest.raises(IllegalCommand, match="without Burrowing underground"):
        g.issue({"command": "summon", "card": "Wild Boars", "at": "8/underground", "id": "deep"})
    with pytest.raises(BadInput, match="does not exist"):
        g.issue({"command": "summon", "card": "Wild Boars", "at": "12/underground", "id": "deep"})
    with pytest.raises(BadInput, match="duplicate id"):
        g.issue({"command": "summon", "card": "Wild Boars", "at": "8", "id": "troll"})
    with pytest.raises(IllegalCommand, match="turn"):
        g.issue({"command": "summon", "card": "Wild Boars", "at": "8", "id": "other", "owner": "p2"})
    with pytest.raises(BadInput, match="no modelled Genesis"):
        g.issue({"command": "summon", "card": "Wild Boars", "at": "8", "id": "other", "targets": ["troll"]})


def test_summoning_is_entering_a_bottomless_pit_kills_a_summoned_minion() -> None:
    sites = SITES.replace("{at: 8, card: Valley", "{at: 8, card: Bottomless Pit")
    g = realm(sites=sites)
    g.issue({"command": "summon", "card": "Wild Boars", "at": "8", "id": "boars"})
    assert at(g, "boars") is None


def test_conjured_artifact_is_placed_as_at_set_up() -> None:
    g = realm("    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n")
    g.issue({"command": "conjure", "card": "Iron Shackles", "id": "shackles", "bearer": "troll"})
    assert view(g).disabled("troll") is not None
    with pytest.raises(BadInput, match="exactly one"):
        g.issue({"command": "conjure", "card": "Poisonous Dagger", "id": "dagger"})


# --- Disabled --------------------------------------------------------------------------------------


def test_slumbering_giantess_genesis_disables_her_until_hurt() -> None:
    g = realm()
    g.issue({"command": "summon", "card": "Slumbering Giantess", "at": "7", "id": "giantess"})
    assert "Slumbering Giantess" in str(view(g).disabled("giantess"))
    g.issue({"command": "end_turn"})
    g.issue({"command": "end_turn"})
    assert view(g).disabled("giantess") is not None  # turns pass: still asleep until hurt
    assert "8" not in reach(g, "giantess")


def test_thing_in_the_ice_is_disabled_for_three_of_its_controllers_turns() -> None:
    g = realm()
    g.issue({"command": "summon", "card": "Thing in the Ice", "at": "12", "id": "thing"})
    for _ in range(2):  # its controller's first and second turns end; the third begins
        assert view(g).disabled("thing") is not None
        g.issue({"command": "end_turn"})
        g.issue({"command": "end_turn"})
    assert view(g).disabled("thing") is not None
    g.issue({"command": "end_turn"})  # the third of p1's turns ends: the ice melts
    assert view(g).disabled("thing") is None


# --- taps and steps --------------------------------------------------------------------------------


def test_mesmer_demon_genesis_taps_an_adjacent_enemy_minion_and_makes_it_step_closer() -> None:
    g = realm("    - {id: troll, card: Bosk Troll, owner: p2, at: 8}\n    - {id: far, card: Bosk Troll, owner: p2, at: 9}\n")
    with pytest.raises(IllegalCommand, match="not an enemy minion adjacent"):
        g.issue({"command": "summon", "card": "Mesmer Demon", "at": "7", "id": "demon", "targets": ["far", "8"]})
    with pytest.raises(IllegalCommand, match="not a step closer"):
        g.issue({"command": "summon", "card": "Mesmer Demon", "at": "7", "id": "demon", "targets": ["troll", "9"]})
    with pytest.raises(IllegalCommand, match="name where troll steps"):
        g.issue({"command": "summon", "card": "Mesmer Demon", "at": "7", "id": "demon", "targets": ["troll"]})
    g.issue({"command": "summon", "card": "Mesmer Demon", "at": "7", "id": "demon", "targets": ["troll", "7"]})
    assert at(g, "troll") == "7" and g.state.units["troll"].tapped


def test_screamer_genesis_taps_an_adjacent_enemy_minion_and_makes_it_step_away() -> None:
    g = realm("    - {id: troll, card: Bosk Troll, owner: p2, at: 8}\n")
    with pytest.raises(IllegalCommand, match="not a step away"):
        g.issue({"command": "summon", "card": "Screamer", "at": "7", "id": "screamer", "targets": ["troll", "7"]})
    g.issue({"command": "summon", "card": "Screamer", "at": "7", "id": "screamer", "targets": ["troll", "9"]})
    assert at(g, "troll") == "9" and g.state.units["troll"].tapped


def test_a_genesis_step_is_the_units_own_step_immobile_stops_it() -> None:
    g = realm(
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 8}\n",
        "  artifacts:\n    - {id: plate, card: Plate of the Whale, bearer: troll}\n",
    )
    g2 = realm("    - {id: boars, card: Wild Boars, owner: p2, at: 8}\n",
               "  artifacts:\n    - {id: plate, card: Plate of the Whale, bearer: boars}\n")
    g.issue({"command": "summon", "card": "Screamer", "at": "7", "id": "screamer", "targets": ["troll", "9"]})
    g2.issue({"command": "summon", "card": "Screamer", "at": "7", "id": "screamer", "targets": ["boars", "9"]})
    assert at(g, "troll") == "9"
    assert at(g2, "boars") == "8" and g2.state.units["boars"].tapped  # Immobile: tapped, no step


def test_archangel_michael_genesis_takes_a_step_a_legal_one_must_be_named() -> None:
    g = realm()
    with pytest.raises(IllegalCommand, match="name where michael steps"):
        g.issue({"command": "summon", "card": "Archangel Michael", "at": "7", "id": "michael"})
    g.issue({"command": "summon", "card": "Archangel Michael", "at": "7", "id": "michael", "targets": ["13"]})
    assert at(g, "michael") == "13"  # Airborne: a diagonal step


def test_hotwheel_genesis_rolls_two_steps_toward_its_controllers_far_edge() -> None:
    g = realm()
    g.issue({"command": "summon", "card": "Hotwheel", "at": "17", "id": "wheel"})
    assert at(g, "wheel") == "7"
    g.issue({"command": "end_turn"})
    g.issue({"command": "summon", "card": "Hotwheel", "at": "3", "id": "theirs", "owner": "p2"})
    assert at(g, "theirs") == "13"  # p2's far edge is the bottom row
    g.issue({"command": "summon", "card": "Hotwheel", "at": "18", "id": "edge", "owner": "p2"})
    assert at(g, "edge") == "18"  # at the far edge: no step forward


# --- sites ---------------------------------------------------------------------------------------------


def test_undertow_genesis_moves_a_unit_one_step_within_its_body_of_water() -> None:
    sites = SITES.replace("    - {at: 17, card: Valley, controller: p1}\n", "")
    g = realm("    - {id: boars, card: Wild Boars, owner: p2, at: 12}\n    - {id: dry, card: Wild Boars, owner: p2, at: 8}\n",
              sites=sites)
    with pytest.raises(IllegalCommand, match="not in this body of water"):
        g.issue({"command": "play_site", "card": "Undertow", "at": "17", "targets": ["dry", "7"]})
    with pytest.raises(IllegalCommand, match="not in this body of water"):
        g.issue({"command": "play_site", "card": "Undertow", "at": "17", "targets": ["boars", "11"]})
    with pytest.raises(BadInput, match="needs the target unit"):
        g.issue({"command": "play_site", "card": "Undertow", "at": "17"})
    g.issue({"command": "play_site", "card": "Undertow", "at": "17", "targets": ["boars", "13"]})
    assert at(g, "boars") == "13"


def test_mudslide_genesis_slides_units_at_land_sites_of_its_column_to_one_side() -> None:
    sites = SITES.replace("    - {at: 17, card: Valley, controller: p1}\n", "")
    g = realm(
        "    - {id: a, card: Wild Boars, owner: p2, at: 2}\n"
        "    - {id: b, card: Bosk Troll, owner: p1, at: 7}\n"
        "    - {id: wet, card: Wild Boars, owner: p2, at: 12}\n"
        "    - {id: other, card: Wild Boars, owner: p2, at: 8}\n",
        sites=sites,
    )
    with pytest.raises(BadInput, match="west .left. or east"):
        g.issue({"command": "play_site", "card": "Mudslide", "at": "17", "targets": ["left"]})
    g.issue({"command": "play_site", "card": "Mudslide", "at": "17", "targets": ["east"]})
    assert (at(g, "a"), at(g, "b"), at(g, "wet"), at(g, "other")) == ("3", "8", "12", "8")


def test_scarecrow_genesis_returns_airborne_minions_here_to_their_owners_hands() -> None:
    g = realm(
        "    - {id: pegasus, card: Plumed Pegasus, owner: p2, at: 7}\n"
        "    - {id: boars, card: Wild Boars, owner: p2, at: 7}\n"
        "    - {id: elsewhere, card: Plumed Pegasus, owner: p2, at: 8}\n"
    )
    g.issue({"command": "conjure", "card": "Scarecrow", "id": "scarecrow", "at": "7"})
    assert at(g, "pegasus") is None and not g.state.units["pegasus"].alive
    assert at(g, "boars") == "7" and at(g, "elsewhere") == "8"
    assert any(e.name == "UnitReturned" for e in g.pending_events)


# --- Stealth ------------------------------------------------------------------------------------------


def test_swindler_troupe_genesis_gives_another_nearby_allied_minion_stealth() -> None:
    g = realm("    - {id: boars, card: Wild Boars, owner: p1, at: 8}\n    - {id: far, card: Wild Boars, owner: p1, at: 9}\n")
    with pytest.raises(IllegalCommand, match="not another allied minion nearby"):
        g.issue({"command": "summon", "card": "Swindler Troupe", "at": "7", "id": "troupe", "targets": ["far"]})
    g.issue({"command": "summon", "card": "Swindler Troupe", "at": "7", "id": "troupe", "targets": ["boars"]})
    assert "Stealth" in view(g).keywords("boars") and "Stealth" not in view(g).keywords("far")


def test_treetop_hideout_genesis_may_give_stealth_to_a_nearby_allied_minion() -> None:
    g = realm("    - {id: boars, card: Wild Boars, owner: p1, at: 8}\n")
    g.issue({"command": "play_site", "card": "Treetop Hideout", "at": "4", "targets": ["boars"]})
    assert "Stealth" in view(g).keywords("boars")
    g2 = realm("    - {id: boars, card: Wild Boars, owner: p1, at: 8}\n")
    g2.issue({"command": "play_site", "card": "Treetop Hideout", "at": "4"})  # declined
    assert "Stealth" not in view(g2).keywords("boars")


def test_broceliande_genesis_untaps_faeries_taps_mortals_and_gives_beasts_stealth() -> None:
    g = realm(
        "    - {id: faerie, card: Kettletop Leprechaun, owner: p2, at: 8, tapped: true}\n"
        "    - {id: mortal, card: Amazon Warriors, owner: p1, at: 9}\n"
        "    - {id: beast, card: Wild Boars, owner: p1, at: 3}\n"
        "    - {id: far, card: Wild Boars, owner: p1, at: 11}\n"
    )
    g.issue({"command": "play_site", "card": "Brocéliande", "at": "4"})
    assert not g.state.units["faerie"].tapped and g.state.units["mortal"].tapped
    assert "Stealth" in view(g).keywords("beast") and "Stealth" not in view(g).keywords("far")


def test_hunters_lodge_genesis_enemies_lose_stealth() -> None:
    g = realm("    - {id: rogue, card: Midnight Rogue, owner: p2, at: 8}\n    - {id: mine, card: Midnight Rogue, owner: p1, at: 9}\n")
    assert "Stealth" in view(g).keywords("rogue")
    g.issue({"command": "play_site", "card": "Hunter's Lodge", "at": "4"})
    assert "Stealth" not in view(g).keywords("rogue") and "Stealth" in view(g).keywords("mine")


# --- carried in a belly ------------------------------------------------------------------------------


def test_brobdingnag_bullfrog_genesis_swallows_a_minion_here_and_carries_it_disabled() -> None:
    sites = SITES.replace("    - {at: 17, card: Valley, controller: p1}\n", "")
    g = realm(
        "    - {id: prey, card: Wild Boars, owner: p2, at: 12}\n"
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 8}\n",
        "  artifacts:\n    - {id: muzzle, card: Magnetic Muzzle, at: 12}\n",
        sites=sites,
    )
    with pytest.raises(IllegalCommand, match="name the minion frog swallows"):
        g.issue({"command": "summon", "card": "Brobdingnag Bullfrog", "at": "12", "id": "frog"})
    with pytest.raises(IllegalCommand, match="not another minion"):
        g.issue({"command": "summon", "card": "Brobdingnag Bullfrog", "at": "12", "id": "frog", "targets": ["troll"]})
    g.issue({"command": "summon", "card": "Brobdingnag Bullfrog", "at": "12", "id": "frog", "targets": ["prey"]})
    assert g.state.units["prey"].carried_by == "frog" and "Brobdingnag Bullfrog" in str(view(g).disabled("prey"))
    with pytest.raises(IllegalCommand, match="can't be dropped"):
        g.issue({"command": "drop", "unit": "frog", "targets": ["prey"]})
    g.issue({"command": "play_site", "card": "Undertow", "at": "17", "targets": ["prey", "13"]})
    assert at(g, "prey") == "12" and "only a teleport" in str(g.state.last_refusal)  # a push can't free it (FAQ)
    g.issue({"command": "end_turn"})
    g.issue({"command": "end_turn"})
    g.issue({"command": "move_and_attack", "unit": "frog", "path": ["13"]})
    assert at(g, "prey") == "13" and g.state.units["prey"].carried_by == "frog"  # carried along
    g.issue({"command": "cast", "card": "Displace", "targets": ["prey", "7"]})  # a teleport frees it
    assert at(g, "prey") == "7" and g.state.units["prey"].carried_by is None and view(g).disabled("prey") is None


def test_a_swallowed_minion_stays_in_the_belly_of_a_silenced_bullfrog() -> None:
    g = realm("    - {id: prey, card: Wild Boars, owner: p2, at: 8}\n    - {id: pal, card: Wild Boars, owner: p2, at: 8}\n")
    g.issue({"command": "summon", "card": "Brobdingnag Bullfrog", "at": "8", "id": "frog", "targets": ["prey"]})
    g.issue({"command": "conjure", "card": "Magnetic Muzzle", "id": "muzzle", "bearer": "frog"})
    assert view(g).silenced("frog") is not None
    assert g.state.units["prey"].carried_by == "frog" and view(g).disabled("prey") is not None


def test_atlantean_fate_genesis_submerges_minions_atop_its_affected_water_sites() -> None:
    g = realm(
        "    - {id: kelpie, card: Coral-Reef Kelpie, owner: p2, at: 13}\n"
        "    - {id: boars, card: Wild Boars, owner: p2, at: 12}\n"
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 7}\n"
        "    - {id: outside, card: Wild Boars, owner: p2, at: 14}\n"
    )
    with pytest.raises(BadInput, match="no bearer"):
        g.issue({"command": "conjure", "card": "Atlantean Fate", "id": "fate", "bearer": "troll"})
    g.issue({"command": "conjure", "card": "Atlantean Fate", "id": "fate", "at": "7"})
    assert at(g, "kelpie") == "13/underwater"
    assert at(g, "boars") is None  # forced down without Submerge: dies underwater (digest 1.6)
    assert at(g, "troll") == "7" and at(g, "outside") == "14"  # a land site (its flooding is not modelled); outside


def test_a_genesis_target_is_required_when_one_exists_and_without_one_nothing_happens() -> None:
    g = realm("    - {id: troll, card: Bosk Troll, owner: p2, at: 8}\n")
    with pytest.raises(IllegalCommand, match="name the enemy minion: one of troll"):
        g.issue({"command": "summon", "card": "Mesmer Demon", "at": "7", "id": "demon"})
    g.issue({"command": "summon", "card": "Mesmer Demon", "at": "17", "id": "demon"})  # no enemy adjacent
    g.issue({"command": "summon", "card": "Swindler Troupe", "at": "2", "id": "troupe"})  # no other ally nearby
    with pytest.raises(BadInput, match="one of demon"):
        g.issue({"command": "summon", "card": "Swindler Troupe", "at": "17", "id": "troupe2"})
    assert at(g, "troll") == "8" and not g.state.units["troll"].tapped
