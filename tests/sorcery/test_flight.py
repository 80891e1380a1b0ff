"""Flight (codex: Fly; issue 22): a unit flown somewhere is treated as Airborne while crossing
borders, whatever its own keywords (Perilous Bridge, Great Wall, Wall of Brambles, Wall of
Air), but not when entering a site: Bottomless Pit still kills a non-Airborne minion flown
there. Avatar of Air flies a unit atop its Air site to a nearby site, once on its turn;
Wuthering Heights flies a minion atop it. One test per rule, each failing if it is broken."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalCommand
from tests.helpers import game

#: 12 is p1's Spire (an Air site); around it Valleys unless named
AROUND = (6, 7, 8, 11, 13, 16, 17, 18)


def realm(units: str, sites: dict[int, tuple[str, str]] | None = None, auras: str = "", script: str = "") -> Any:
    placed: dict[int, tuple[str, str]] = {sq: ("Valley", "p1") for sq in AROUND}
    placed[12] = ("Spire", "p1")
    placed.update(sites or {})
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: {name}, controller: {who}}}\n" for sq, (name, who) in sorted(placed.items()))
        + "  units:\n    - {id: air, card: Avatar of Air, owner: p1, at: 12}\n" + units
        + ("  auras:\n" + auras if auras else "")
    )
    return game(text + ("script:\n" + script if script else ""))


TROLL = "    - {id: troll, card: Bosk Troll, owner: p1, at: 12}\n"


def fly(g: Any, unit: str, to: str) -> None:
    g.issue({"command": "activate", "source": "air", "ability": "Avatar of Air", "targets": [unit, to]})


def at(g: Any, unit: str) -> str:
    return str(g.state.units[unit].location)


def test_a_flown_unit_crosses_a_perilous_bridge_s_top_border() -> None:
    """p1's Perilous Bridge at 17: its top border is 17-12. The troll can't walk it, but flown it crosses."""
    g = realm(TROLL, {17: ("Perilous Bridge", "p1")})
    g.issue({"command": "move_and_attack", "unit": "troll", "path": ["17"]})
    assert at(g, "troll") == "12"  # its step is refused on the ground
    fly(g, "troll", "17")
    assert at(g, "troll") == "17"


def test_a_flown_enemy_crosses_a_great_wall_s_top_border() -> None:
    """p2's Great Wall at 7 (p2 sits at the top: its top border is 7-12) bars enemies on the ground."""
    g = realm(TROLL, {7: ("Great Wall", "p2")})
    fly(g, "troll", "7")
    assert at(g, "troll") == "7"


def test_a_flown_unit_takes_no_damage_from_wall_of_brambles() -> None:
    g = realm(TROLL, {13: ("Valley", "p2")}, auras="    - {id: brambles, card: Wall of Brambles, controller: p2, border: [12, 13]}\n")
    fly(g, "troll", "13")
    assert at(g, "troll") == "13" and g.state.units["troll"].damage == 0


def test_a_flown_unit_counts_as_airborne_at_a_wall_of_air() -> None:
    """Wall of Air bars minions with Airborne: the flown troll is treated as Airborne at the border."""
    g = realm(TROLL, auras="    - {id: wall, card: Wall of Air, controller: p1, border: [12, 13]}\n")
    fly(g, "troll", "13")
    assert at(g, "troll") == "12"
    refused = [e for e in g.pending_events if type(e).__name__ == "StepRefused"]
    assert refused and "Wall of Air" in str(refused[0].rule)


def test_a_non_airborne_minion_flown_into_bottomless_pit_dies() -> None:
    """Flying is about borders, not entering: the Pit's "non-Airborne minion enters" still holds."""
    g = realm(TROLL, {11: ("Bottomless Pit", "p1")})
    fly(g, "troll", "11")
    assert not g.state.units["troll"].alive


def test_avatar_of_air_flies_to_a_nearby_site_only_diagonal_included() -> None:
    g = realm(TROLL)
    with pytest.raises(IllegalCommand, match="not a site nearby"):
        fly(g, "troll", "14")
    fly(g, "troll", "6")
    assert at(g, "troll") == "6"


def test_avatar_of_air_must_occupy_an_air_site() -> None:
    g = realm(TROLL, {12: ("Valley", "p1")})
    with pytest.raises(IllegalCommand, match="Air site"):
        fly(g, "troll", "13")


def test_avatar_of_air_flies_only_a_unit_atop_its_site() -> None:
    g = realm("    - {id: troll, card: Bosk Troll, owner: p1, at: 13}\n")
    with pytest.raises(IllegalCommand, match="not a unit atop"):
        fly(g, "troll", "8")


def test_avatar_of_air_flies_once_on_your_turn() -> None:
    g = realm(TROLL + "    - {id: boars, card: Wild Boars, owner: p2, at: 12}\n")
    fly(g, "troll", "13")
    with pytest.raises(IllegalCommand, match="once"):
        fly(g, "boars", "13")


def test_wuthering_heights_flies_a_minion_atop_it_to_a_nearby_site() -> None:
    g = realm(
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 17}\n",
        {17: ("Wuthering Heights", "p1"), 16: ("Perilous Bridge", "p2")},
    )
    g.issue({"command": "activate", "source": "wuthering-heights", "targets": ["troll", "12"]})
    assert at(g, "troll") == "12"
