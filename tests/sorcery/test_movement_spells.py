"""Spells of the pool that move units, force them down or up, or make them take steps (issue 9):
one test per rule, each failing if its spell is removed."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.view import RealmView
from tests.helpers import game, reach

#: Valleys (land) everywhere but 12 and 13, which are Bogs (water)
SITES = "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in (6, 7, 8, 9, 11, 14, 16, 17, 18)) + (
    "    - {at: 12, card: Bog, controller: p1}\n    - {at: 13, card: Bog, controller: p1}\n"
)


def realm(units: str, script: str = "", extra: str = "", sites: str = SITES) -> Any:
    text = "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n" + sites + extra + "  units:\n" + units
    if script:
        text += "script:\n" + script
    return game(text)


def at(g: Any, unit: str) -> str | None:
    u = g.state.units[unit]
    return u.location if u.alive else None


# --- forced burrow and submerge --------------------------------------------------------------


def test_bury_burrows_a_minion_atop_a_land_site_if_able() -> None:
    g = realm(
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 8}\n"
        "    - {id: trolls, card: Cave Trolls, owner: p2, at: 7}\n"
        "    - {id: wet, card: Bosk Troll, owner: p2, at: 12}\n",
        "  - {command: cast, card: Bury, targets: [troll]}\n"
        "  - {command: cast, card: Bury, targets: [trolls]}\n"
        "  - {command: cast, card: Bury, targets: [wet]}\n",
    )
    assert at(g, "troll") is None  # forced down without Burrowing: it dies (digest 1.6)
    assert at(g, "trolls") == "7/underground"  # Burrowing: it lives there
    assert at(g, "wet") == "12"  # a water site: not able, nothing happens


def test_a_minion_a_forced_burrow_cannot_move_is_named_in_the_spell_event_with_why() -> None:
    """A spell does what it can; the minion it can't move is said, not silently left."""
    g = realm(
        "    - {id: wet, card: Bosk Troll, owner: p2, at: 12}\n"
        "    - {id: deep, card: Cave Trolls, owner: p2, at: 7/underground}\n",
        "  - {command: cast, card: Bury, targets: [wet]}\n  - {command: cast, card: Bury, targets: [deep]}\n",
    )
    cast = [e for e in g.pending_events if type(e).__name__ == "SpellCast"]
    assert [sorted(e.unaffected) for e in cast] == [["wet"], ["deep"]]
    assert "does not exist" in cast[0].unaffected["wet"] and "not on a surface" in cast[1].unaffected["deep"]
    assert "wet is not moved" in cast[0].describe(str)


def test_drown_submerges_a_minion_atop_a_water_site_if_able() -> None:
    g = realm(
        "    - {id: kelpie, card: Coral-Reef Kelpie, owner: p2, at: 12}\n"
        "    - {id: dry, card: Bosk Troll, owner: p2, at: 8}\n",
        "  - {command: cast, card: Drown, targets: [kelpie]}\n  - {command: cast, card: Drown, targets: [dry]}\n",
    )
    assert at(g, "kelpie") == "12/underwater" and at(g, "dry") == "8"


def test_stormy_seas_submerges_every_minion_atop_the_target_water_site() -> None:
    g = realm(
        "    - {id: a, card: Bosk Troll, owner: p2, at: 12}\n"
        "    - {id: b, card: Coral-Reef Kelpie, owner: p1, at: 12}\n"
        "    - {id: next, card: Coral-Reef Kelpie, owner: p2, at: 13}\n",
        "  - {command: cast, card: Stormy Seas, targets: [12]}\n",
    )
    assert at(g, "a") is None and at(g, "b") == "12/underwater" and at(g, "next") == "13"
    with pytest.raises(IllegalCommand, match="not a water site"):
        g.issue({"command": "cast", "card": "Stormy Seas", "targets": ["8"]})


def test_cave_in_burrows_every_minion_atop_the_target_land_site() -> None:
    g = realm(
        "    - {id: a, card: Bosk Troll, owner: p2, at: 8}\n"
        "    - {id: b, card: Cave Trolls, owner: p1, at: 8}\n"
        "    - {id: next, card: Cave Trolls, owner: p2, at: 9}\n",
        "  - {command: cast, card: Cave-In, targets: [8]}\n",
    )
    assert at(g, "a") is None and at(g, "b") == "8/underground" and at(g, "next") == "9"
    with pytest.raises(IllegalCommand, match="not a land site"):
        g.issue({"command": "cast", "card": "Cave-In", "targets": ["12"]})


def test_buried_alive_any_ally_burrows_an_adjacent_minion() -> None:
    g = realm(
        "    - {id: boars, card: Wild Boars, owner: p1, at: 7}\n"
        "    - {id: near, card: Cave Trolls, owner: p2, at: 8}\n"
        "    - {id: diagonal, card: Cave Trolls, owner: p2, at: 13}\n",
        "  - {command: cast, card: Buried Alive, targets: [boars, near]}\n",
    )
    assert at(g, "near") == "8/underground"
    with pytest.raises(IllegalCommand, match="not adjacent"):  # nearby, not adjacent
        g.issue({"command": "cast", "card": "Buried Alive", "targets": ["boars", "diagonal"]})
    with pytest.raises(IllegalCommand, match="not an ally"):
        g.issue({"command": "cast", "card": "Buried Alive", "targets": ["diagonal", "boars"]})


def test_trial_by_water_an_ally_submerges_a_minion_nearby() -> None:
    g = realm(
        "    - {id: boars, card: Wild Boars, owner: p1, at: 7}\n"
        "    - {id: diagonal, card: Coral-Reef Kelpie, owner: p2, at: 13}\n"
        "    - {id: far, card: Coral-Reef Kelpie, owner: p2, at: 14}\n",
        "  - {command: cast, card: Trial by Water, targets: [boars, diagonal]}\n",
    )
    assert at(g, "diagonal") == "13/underwater"
    with pytest.raises(IllegalCommand, match="not nearby"):
        g.issue({"command": "cast", "card": "Trial by Water", "targets": ["boars", "far"]})


def test_into_the_abyss_submerges_or_pulls_into_an_adjacent_void() -> None:
    g = realm(
        "    - {id: kelpie, card: Coral-Reef Kelpie, owner: p2, at: 12}\n"
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 8}\n"
        "    - {id: other, card: Bosk Troll, owner: p2, at: 9}\n",
        "  - {command: cast, card: Into the Abyss, targets: [kelpie]}\n"
        "  - {command: cast, card: Into the Abyss, targets: [troll, 3]}\n",
    )
    assert at(g, "kelpie") == "12/underwater"
    assert at(g, "troll") is None  # pulled into the void at 3 without Voidwalk: banished
    with pytest.raises(IllegalCommand, match="Into the Abyss"):  # 5 is a void, but not adjacent to 9
        g.issue({"command": "cast", "card": "Into the Abyss", "targets": ["other", "5"]})


# --- own steps by effect (digest 2.1) ----------------------------------------------------------

SHACKLED = "  artifacts:\n    - {id: shackles, card: Iron Shackles, bearer: shackled}\n"


def test_second_wind_an_allied_minion_takes_a_step_of_its_own() -> None:
    g = realm(
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n"
        "    - {id: shackled, card: Bosk Troll, owner: p1, at: 9}\n",
        "  - {command: cast, card: Second Wind, targets: [troll, 8]}\n"
        "  - {command: cast, card: Second Wind, targets: [shackled, 14]}\n",
        extra=SHACKLED,
    )
    assert at(g, "troll") == "8"
    assert at(g, "shackled") == "9"  # disabled: it takes no steps of its own (codex: Disabled)
    with pytest.raises(IllegalCommand, match="not one of its steps"):  # a step, not two
        g.issue({"command": "cast", "card": "Second Wind", "targets": ["troll", "6"]})


def test_tactical_move_each_ally_takes_up_to_two_steps_one_at_a_time() -> None:
    g = realm(
        "    - {id: avatar, card: Sorcerer, owner: p1, at: 6}\n"
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n"
        "    - {id: enemy, card: Bosk Troll, owner: p2, at: 16}\n",
        "  - {command: cast, card: Tactical Move, targets: [troll, 8, 9, avatar, 7]}\n",
    )
    assert (at(g, "troll"), at(g, "avatar")) == ("9", "7")
    with pytest.raises(IllegalCommand, match="up to two steps"):
        g.issue({"command": "cast", "card": "Tactical Move", "targets": ["troll", "14", "13", "12"]})
    with pytest.raises(IllegalCommand, match="not an ally"):
        g.issue({"command": "cast", "card": "Tactical Move", "targets": ["enemy", "17"]})


def test_led_astray_chosen_enemies_at_a_location_step_together_to_an_adjacent_one() -> None:
    g = realm(
        "    - {id: a, card: Bosk Troll, owner: p2, at: 8}\n"
        "    - {id: b, card: Wild Boars, owner: p2, at: 8}\n"
        "    - {id: left, card: Wild Boars, owner: p2, at: 8}\n"
        "    - {id: shackled, card: Wild Boars, owner: p2, at: 8}\n",
        "  - {command: cast, card: Led Astray, targets: [8, 9, a, b, shackled]}\n",
        extra=SHACKLED,
    )
    assert (at(g, "a"), at(g, "b"), at(g, "left"), at(g, "shackled")) == ("9", "9", "8", "8")
    with pytest.raises(IllegalCommand, match="not another location adjacent"):
        g.issue({"command": "cast", "card": "Led Astray", "targets": ["9", "13", "a"]})  # diagonal


def test_lure_an_enemy_minion_at_a_nearby_site_takes_a_step_closer_to_the_ally() -> None:
    g = realm(
        "    - {id: boars, card: Wild Boars, owner: p1, at: 7}\n"
        "    - {id: enemy, card: Bosk Troll, owner: p2, at: 14}\n"
        "    - {id: near, card: Bosk Troll, owner: p2, at: 13}\n",
        "  - {command: cast, card: Lure, targets: [boars, near, 8]}\n",
    )
    assert at(g, "near") == "8"
    with pytest.raises(IllegalCommand, match="not closer"):
        g.issue({"command": "cast", "card": "Lure", "targets": ["boars", "near", "9"]})
    with pytest.raises(IllegalCommand, match="nearby"):  # 14 is not nearby 7
        g.issue({"command": "cast", "card": "Lure", "targets": ["boars", "enemy", "13"]})


# --- asleep; sites that lose their abilities ---------------------------------------------------


def test_dream_quest_an_allied_spellcaster_is_disabled_until_hurt() -> None:
    g = realm(
        "    - {id: wizard, card: Apprentice Wizard, owner: p1, at: 7}\n"
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 8}\n"
        "    - {id: enemy, card: Bosk Troll, owner: p2, at: 8}\n",
        "  - {command: cast, card: Dream-Quest, targets: [wizard]}\n",
    )
    assert "Dream-Quest" in str(RealmView.of(g.state).disabled("wizard"))
    g.issue({"command": "end_turn"})
    g.issue({"command": "end_turn"})
    assert "Dream-Quest" in str(RealmView.of(g.state).disabled("wizard"))  # still asleep: the waking is not modelled
    with pytest.raises(IllegalCommand, match="Spellcaster"):
        g.issue({"command": "cast", "card": "Dream-Quest", "targets": ["troll"]})


SMOKE_SITES = (
    "    - {at: 7, card: Smokestacks of Gnaak, controller: p1}\n"
    "    - {at: 8, card: Gnome Hollows, controller: p1}\n"
    "    - {at: 9, card: Valley, controller: p1}\n"
    "    - {at: 10, card: Gnome Hollows, controller: p1}\n"
    "    - {at: 12, card: Bottomless Pit, controller: p1}\n"
    "    - {at: 14, card: Valley, controller: p1}\n"
    "    - {at: 15, card: Gnome Hollows, controller: p1}\n"
    "    - {at: 17, card: Valley, controller: p1}\n"
    "    - {at: 18, card: Valley, controller: p1}\n"
)


def test_smokestacks_of_gnaak_other_nearby_sites_lose_their_abilities() -> None:
    g = realm(
        "    - {id: t9, card: Bosk Troll, owner: p1, at: 9}\n"
        "    - {id: pit_troll, card: Bosk Troll, owner: p1, at: 17}\n"
        "    - {id: bogged, card: Bosk Troll, owner: p1, at: 18}\n",
        "  - {command: move_and_attack, unit: pit_troll, path: [12]}\n"
        "  - {command: play_site, card: Bog, at: 13, target: 18}\n",
        sites=SMOKE_SITES,
    )
    assert "8" in reach(g, "t9")  # Gnome Hollows at 8, nearby: no ban
    assert "10" not in reach(g, "t9")  # Gnome Hollows at 10 is not nearby: it bans the troll
    assert at(g, "pit_troll") == "12"  # Bottomless Pit, nearby: it kills no one
    assert "17" in reach(g, "bogged")  # Bog at 13, nearby: no Genesis


def test_blightstone_disables_the_site_it_is_at() -> None:
    g = realm(
        "    - {id: t14, card: Bosk Troll, owner: p1, at: 14}\n",
        extra="  artifacts:\n    - {id: stone, card: Blightstone, at: 15}\n",
        sites=SMOKE_SITES,
    )
    assert "15" in reach(g, "t14") and "10" not in reach(g, "t14")


def test_a_disabled_smokestacks_of_gnaak_takes_no_abilities_from_the_sites_nearby() -> None:
    """Blightstone on the Smokestacks: a disabled site has no abilities (codex: Disabled), so
    "other nearby sites lose their abilities" is not in force and Gnome Hollows at 8 bars again."""
    g = realm(
        "    - {id: t9, card: Bosk Troll, owner: p1, at: 9}\n",
        extra="  artifacts:\n    - {id: stone, card: Blightstone, at: 7}\n",
        sites=SMOKE_SITES,
    )
    assert "8" not in reach(g, "t9")


def test_of_two_smokestacks_nearby_each_other_the_older_takes_the_newers_abilities_first() -> None:
    """Each takes the other's only ability; the older applies first (digest 4.2, timestamps),
    so the newer at 8 takes nothing: the Gnome Hollows beside it at 9 still bars a troll, while
    the one beside the older at 6 does not."""
    g = realm(
        "    - {id: t10, card: Bosk Troll, owner: p1, at: 10}\n"
        "    - {id: t1, card: Bosk Troll, owner: p1, at: 1}\n"
        "    - {id: avatar, card: Sorcerer, owner: p1, at: 7}\n",
        "  - {command: play_site, player: p1, card: Smokestacks of Gnaak, at: 8, id: newer}\n",
        sites=(
            "    - {at: 7, card: Smokestacks of Gnaak, controller: p1}\n"
            "    - {at: 6, card: Gnome Hollows, controller: p1}\n"
            "    - {at: 1, card: Valley, controller: p1}\n"
            "    - {at: 10, card: Valley, controller: p1}\n"
            "    - {at: 9, card: Gnome Hollows, controller: p1}\n"
        ),
    )
    assert "9" not in reach(g, "t10")
    assert "6" in reach(g, "t1")
