"""Cards that flood sites or dry them (issue 9): one test per rule, each failing if its ability
(or the flooding rules of flood.py) is removed."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.view import RealmView
from tests.helpers import game, reach

SITES = "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in (6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 18))


def realm(units: str, extra: str = "", script: str = "", sites: str = SITES) -> Any:
    text = "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n" + sites + "  units:" + ("\n" + units if units else " []\n") + extra
    if script:
        text += "script:\n" + script
    return game(text)


def view(g: Any) -> RealmView:
    return RealmView.of(g.state)


def alive(g: Any, unit: str) -> bool:
    return bool(g.state.units[unit].alive)


def where(g: Any, unit: str) -> str:
    return str(g.state.units[unit].location)


FLOOD_AT_7 = "  auras:\n    - {id: flood, card: Flood, controller: p1, at: 7}\n"  # 7, 8, 12, 13


# --- the water test (codex: Flooded, Water Site) -----------------------------------------------


def test_flood_affected_sites_are_water_sites() -> None:
    g = realm("    - {id: serpent, card: Sea Serpent, owner: p2, at: 8}\n", FLOOD_AT_7)
    v = view(g)
    assert [sq for sq in (6, 7, 8, 12, 13, 14) if v.is_water(sq)] == [7, 8, 12, 13]
    assert v.body_of_water(7) == {7, 8, 12, 13}
    assert v.disabled("serpent") is None  # Waterbound, on a water site now


def test_flooded_site_disables_landbound_and_frees_moves_freely_on_water() -> None:
    g = realm(
        "    - {id: worm, card: Sand Worm, owner: p2, at: 12}\n"
        "    - {id: pelleas, card: Sir Pelleas, owner: p1, at: 7}\n",
        FLOOD_AT_7,
    )
    assert view(g).disabled("worm") is not None  # codex: Landbound
    assert "14" in reach(g, "pelleas")  # 7 -> 8 -> 13 free, then one step


def test_submerge_steps_into_a_flooded_land_site() -> None:
    g = realm("    - {id: kelpie, card: Coral-Reef Kelpie, owner: p1, at: 12}\n", FLOOD_AT_7,
              "  - {command: move_and_attack, unit: kelpie, path: [12/underwater]}\n")
    assert where(g, "kelpie") == "12/underwater"


# --- what is under a site whose kind changed (codex: Subsurface; digest 1.6) ----------------------


def test_flooding_a_site_drowns_the_minions_under_it_without_submerge() -> None:
    g = realm(
        "    - {id: under, card: Cave Trolls, owner: p2, at: 12/underground}\n"
        "    - {id: dry, card: Cave Trolls, owner: p2, at: 9/underground}\n",
        script="  - {command: conjure, card: Flood, id: flood, at: 7}\n",
    )
    assert not alive(g, "under")
    assert any(type(e).__name__ == "SubsurfaceChanged" and e.units == ["under"] and e.region == "underwater" for e in g.pending_events)
    assert alive(g, "dry") and where(g, "dry") == "9/underground"


def test_a_flood_ending_leaves_submerged_minions_underground_to_die() -> None:
    g = realm(
        "    - {id: kelpie, card: Coral-Reef Kelpie, owner: p1, at: 12}\n",
        script="  - {command: cast, card: Geyser, targets: [12]}\n"
        "  - {command: move_and_attack, unit: kelpie, path: [12/underwater]}\n",
    )
    assert alive(g, "kelpie") and where(g, "kelpie") == "12/underwater"
    g.issue({"command": "end_turn"})  # Geyser: "This turn"
    assert not alive(g, "kelpie")
    assert any(type(e).__name__ == "SubsurfaceChanged" and e.units == ["kelpie"] and e.region == "underground" for e in g.pending_events)


def test_set_up_names_the_subsurface_of_the_final_realm() -> None:
    g = realm("    - {id: kelpie, card: Coral-Reef Kelpie, owner: p1, at: 12/underwater}\n", FLOOD_AT_7)
    assert alive(g, "kelpie") and where(g, "kelpie") == "12/underwater"
    with pytest.raises(BadInput, match="12/underground does not exist: the site there is a water site"):
        realm("    - {id: trolls, card: Cave Trolls, owner: p1, at: 12/underground}\n", FLOOD_AT_7)
    with pytest.raises(BadInput, match="14/underwater does not exist"):
        realm("    - {id: kelpie, card: Coral-Reef Kelpie, owner: p1, at: 14/underwater}\n", FLOOD_AT_7)


# --- Flood vs. Drought: timestamps (codex: Example - Flood vs. Drought) ----------------------------


def test_drought_after_flood_wins_and_flood_after_drought_wins() -> None:
    drought_last = realm("", FLOOD_AT_7 + "    - {id: drought, card: Drought, controller: p1, at: 8}\n")
    assert [sq for sq in (7, 8, 12, 13, 14) if view(drought_last).is_water(sq)] == [7, 12]
    flood_last = realm("", "  auras:\n    - {id: drought, card: Drought, controller: p1, at: 8}\n"
                       "    - {id: flood, card: Flood, controller: p1, at: 7}\n")
    assert [sq for sq in (7, 8, 12, 13, 14) if view(flood_last).is_water(sq)] == [7, 8, 12, 13]


def test_drought_affected_sites_are_not_water_sites() -> None:
    sites = SITES + "    - {at: 19, card: Stream, controller: p1}\n"
    g = realm("", "  auras:\n    - {id: drought, card: Drought, controller: p1, at: 13}\n", sites=sites)
    assert not view(g).is_water(19)


# --- Tide Naiads, Atlantean Fate, Bedrock, a site without abilities ---------------------------------


def test_tide_naiads_flood_the_site_they_occupy_as_they_move() -> None:
    g = realm(
        "    - {id: naiads, card: Tide Naiads, owner: p1, at: 7}\n"
        "    - {id: under, card: Cave Trolls, owner: p2, at: 8/underground}\n",
    )
    assert view(g).is_water(7) and not view(g).is_water(8)
    g.issue({"command": "move_and_attack", "unit": "naiads", "path": ["8"]})
    assert view(g).is_water(8) and not view(g).is_water(7)
    assert not alive(g, "under")


def test_atlantean_fate_floods_only_non_ordinary_sites() -> None:
    sites = SITES.replace("{at: 13, card: Valley", "{at: 13, card: Steppe")
    g = realm("", "  auras:\n    - {id: fate, card: Atlantean Fate, controller: p1, at: 12}\n", sites=sites)
    assert view(g).is_water(13)  # Steppe: Exceptional
    assert not view(g).is_water(12)  # Valley: Ordinary


def test_bedrock_cant_be_modified_so_is_not_flooded() -> None:
    sites = SITES.replace("{at: 8, card: Valley", "{at: 8, card: Bedrock")
    g = realm("", FLOOD_AT_7, sites=sites)
    assert view(g).is_water(7) and not view(g).is_water(8)


def test_a_site_that_lost_its_abilities_loses_flooded() -> None:
    sites = SITES.replace("{at: 6, card: Valley", "{at: 6, card: Smokestacks of Gnaak")
    g = realm("", FLOOD_AT_7, sites=sites)
    assert not view(g).is_water(7)  # nearby the Smokestacks: its Flooded is an ability it lost
    assert view(g).is_water(13)


# --- spells -----------------------------------------------------------------------------------------


def test_geyser_floods_target_site_this_turn() -> None:
    g = realm("", script="  - {command: cast, card: Geyser, targets: [12]}\n")
    assert view(g).is_water(12) and not view(g).is_water(13)
    g.issue({"command": "end_turn"})
    assert not view(g).is_water(12)


def test_wrath_of_the_sea_floods_sites_adjacent_to_water_then_submerges_minions_on_water() -> None:
    sites = SITES + "    - {at: 19, card: Stream, controller: p1}\n"
    g = realm(
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 14}\n"
        "    - {id: kelpie, card: Coral-Reef Kelpie, owner: p1, at: 18}\n"
        "    - {id: far, card: Bosk Troll, owner: p2, at: 6}\n",
        script="  - {command: cast, card: Wrath of the Sea}\n", sites=sites,
    )
    assert [sq for sq in (6, 13, 14, 18, 19) if view(g).is_water(sq)] == [14, 18, 19]
    assert not alive(g, "troll") and where(g, "kelpie") == "18/underwater" and where(g, "far") == "6"
    with pytest.raises(BadInput, match="needs 0 target"):
        g.issue({"command": "cast", "card": "Wrath of the Sea", "targets": ["14"]})


# --- activated abilities ------------------------------------------------------------------------------


def test_floodplain_floods_an_adjacent_site_once_on_your_turn() -> None:
    sites = SITES + "    - {at: 3, card: Floodplain, controller: p1}\n    - {at: 4, card: Valley, controller: p1}\n"
    g = realm("", sites=sites, script="  - {command: activate, source: floodplain, targets: [4]}\n")
    assert view(g).is_water(4)
    with pytest.raises(IllegalCommand, match="Activated Ability"):
        g.issue({"command": "activate", "source": "floodplain", "targets": ["8"]})
    fresh = realm("", sites=sites)
    with pytest.raises(IllegalCommand, match="Floodplain"):
        fresh.issue({"command": "activate", "source": "floodplain", "targets": ["9"]})  # diagonal: not adjacent
    g.issue({"command": "end_turn"})
    assert not view(g).is_water(4)


AVATAR_SITES = SITES + "    - {at: 19, card: Stream, controller: p1}\n"


def test_avatar_of_water_floods_a_site_adjacent_to_its_body_until_used_again() -> None:
    g = realm("    - {id: avatar, card: Avatar of Water, owner: p1, at: 19}\n", sites=AVATAR_SITES,
              script="  - {command: activate, source: avatar, targets: [18]}\n")
    assert view(g).is_water(18) and where(g, "avatar") == "19"  # no teleport chosen
    g.issue({"command": "end_turn"})
    g.issue({"command": "end_turn"})
    assert view(g).is_water(18)  # until it does so again
    g.issue({"command": "activate", "source": "avatar", "targets": ["17", "teleport"]})  # adjacent to 18 now
    assert view(g).is_water(17) and not view(g).is_water(18)
    assert where(g, "avatar") == "17"


def test_avatar_of_water_needs_a_body_of_water_and_an_adjacent_site() -> None:
    ashore = realm("    - {id: avatar, card: Avatar of Water, owner: p1, at: 18}\n", sites=AVATAR_SITES)
    with pytest.raises(IllegalCommand, match="Avatar of Water FAQ"):
        ashore.issue({"command": "activate", "source": "avatar", "targets": ["17"]})
    afloat = realm("    - {id: avatar, card: Avatar of Water, owner: p1, at: 19}\n", sites=AVATAR_SITES)
    with pytest.raises(IllegalCommand, match="Avatar of Water"):
        afloat.issue({"command": "activate", "source": "avatar", "targets": ["17"]})  # two squares from 19
    with pytest.raises(BadInput, match="'teleport'"):
        afloat.issue({"command": "activate", "source": "avatar", "targets": ["18", "swim"]})


def test_waveshaper_floods_a_site_near_its_body_and_taps_minions_without_submerge() -> None:
    g = realm(
        "    - {id: shaper, card: Waveshaper, owner: p1, at: 19}\n"
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 13}\n"
        "    - {id: kelpie, card: Coral-Reef Kelpie, owner: p2, at: 13}\n",
        sites=AVATAR_SITES, script="  - {command: activate, source: shaper, targets: [13]}\n",  # diagonal: nearby
    )
    assert view(g).is_water(13)
    assert g.state.units["troll"].tapped and not g.state.units["kelpie"].tapped
    g.issue({"command": "end_turn"})  # p2's turn: the troll doesn't untap this once
    assert g.state.units["troll"].tapped
    g.issue({"command": "end_turn"})
    g.issue({"command": "end_turn"})  # p2's next turn: it untaps as usual
    assert not g.state.units["troll"].tapped


# --- the entire realm, for good -----------------------------------------------------------------------


def test_the_flood_floods_every_site_for_good_and_submerges_all_but_one_minion_of_each_type() -> None:
    g = realm(
        "    - {id: wyvern, card: Wyvern, owner: p1, at: 6}\n"
        "    - {id: dragon, card: East-West Dragon, owner: p2, at: 7}\n"
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 8}\n"
        "    - {id: crone, card: \"Maiden, Mother, Crone\", owner: p1, at: 9}\n",
    )
    with pytest.raises(IllegalCommand, match="no type"):
        g.issue({"command": "cast", "card": "The Flood", "targets": ["crone", "wyvern", "troll"]})
    with pytest.raises(IllegalCommand, match="both Dragons"):
        g.issue({"command": "cast", "card": "The Flood", "targets": ["wyvern", "dragon", "troll"]})
    with pytest.raises(IllegalCommand, match="shares no type"):
        g.issue({"command": "cast", "card": "The Flood", "targets": ["wyvern"]})
    g.issue({"command": "cast", "card": "The Flood", "targets": ["wyvern", "troll"]})
    assert all(view(g).is_water(sq) for sq in (6, 7, 8, 9, 18))
    assert alive(g, "wyvern") and alive(g, "troll") and not alive(g, "dragon") and not alive(g, "crone")
    for _ in range(4):
        g.issue({"command": "end_turn"})
    assert view(g).is_water(6)  # permanently


def test_great_old_one_genesis_floods_the_entire_realm_later_sites_too() -> None:
    g = realm("    - {id: cave, card: Cave Trolls, owner: p2, at: 12/underground}\n",
              script="  - {command: summon, card: Great Old One, id: goo, at: 7}\n")
    assert all(view(g).is_water(sq) for sq in (6, 7, 12, 18)) and not alive(g, "cave")
    g.issue({"command": "play_site", "card": "Valley", "at": "19", "id": "late"})
    assert view(g).is_water(19)


def test_the_great_drowning_of_men_destroys_its_sites_floods_the_rubble_and_submerges_what_is_atop() -> None:
    g = game(
        "title: t\nruleset: sorcery\nactive_player: p2\nsetup:\n  sites:\n" + SITES
        + "  units:\n    - {id: troll, card: Bosk Troll, owner: p2, at: 7}\n    - {id: kelpie, card: Coral-Reef Kelpie, owner: p1, at: 8}\n"
        + "  auras:\n    - {id: drowning, card: The Great Drowning of Men, controller: p1, at: 7}\n"
    )
    assert not view(g).is_water(7)
    g.issue({"command": "end_turn"})  # p1's turn begins
    assert [view(g).site_at(sq).card for sq in (7, 8, 12, 13)] == ["Rubble"] * 4  # type: ignore[union-attr]
    assert all(view(g).is_water(sq) for sq in (7, 8, 12, 13)) and not view(g).is_water(9)
    assert not alive(g, "troll") and where(g, "kelpie") == "8/underwater"
    assert "drowning" not in g.state.features


def test_wave_of_eviction_floods_its_line_and_carries_enemies_to_the_edge() -> None:
    sites = "".join(f"    - {{at: {sq}, card: Valley, controller: p2}}\n" for sq in (12, 13, 14, 15))
    sites += "    - {at: 11, card: Stream, controller: p1}\n"
    g = realm(
        "    - {id: foe, card: Bosk Troll, owner: p2, at: 11}\n"
        "    - {id: ally, card: Bosk Troll, owner: p1, at: 11}\n"
        "    - {id: swimmer, card: Coral-Reef Kelpie, owner: p2, at: 11/underwater}\n",
        sites=sites, script="  - {command: cast, card: Wave of Eviction, targets: [11, east]}\n",
    )
    assert all(view(g).is_water(sq) for sq in (12, 13, 14, 15))
    assert where(g, "foe") == "15" and where(g, "swimmer") == "15/underwater" and where(g, "ally") == "11"
    with pytest.raises(IllegalCommand, match="not a water site of p1's"):
        g.issue({"command": "cast", "card": "Wave of Eviction", "targets": ["12", "west"]})
    with pytest.raises(BadInput, match="a direction"):
        g.issue({"command": "cast", "card": "Wave of Eviction", "targets": ["11", "up"]})
    g.issue({"command": "end_turn"})
    assert not view(g).is_water(12)
