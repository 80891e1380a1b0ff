"""Projectiles that deal damage (codex: Projectile, Storyline's "one at a time"; issue 22): the
projectile's path decides who is hit (rules/projectiles.py), then the card's damage is dealt.
Fireball (4 on impact, 2 to each other unit there), Firebolts and Magic Missiles (three, one at
a time), Heat Ray (piercing), Ghostfire, Cherubim. One test per rule."""

from __future__ import annotations

from typing import Any

from tests.helpers import game

ROW = (11, 12, 13, 14)


def realm(units: str) -> Any:
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in ROW)
        + "  units:\n    - {id: av, card: Avatar of Earth, owner: p1, at: 11}\n" + units
    )
    return game(text)


def damage(g: Any, unit: str) -> int:
    return int(g.state.units[unit].damage)


def alive(g: Any, unit: str) -> bool:
    return bool(g.state.units[unit].alive)


BOARS_AND_TROLL = "    - {id: boars, card: Wild Boars, owner: p2, at: 12}\n    - {id: troll, card: Bosk Troll, owner: p2, at: 13}\n"


def test_fireball_deals_4_on_impact_and_2_to_each_other_unit_there() -> None:
    g = realm("    - {id: troll, card: Bosk Troll, owner: p2, at: 13}\n    - {id: boars, card: Wild Boars, owner: p2, at: 13}\n"
              "    - {id: far, card: Bosk Troll, owner: p2, at: 14}\n")
    g.issue({"command": "cast", "card": "Fireball", "targets": ["av", "east", "troll"]})
    assert not alive(g, "troll") and not alive(g, "boars")  # 4 to the troll, 2 to the boars (power 2)
    assert damage(g, "far") == 0


def test_firebolts_shoot_three_projectiles_one_at_a_time() -> None:
    """The boars die of the second bolt; the third flies on to the troll."""
    g = realm(BOARS_AND_TROLL)
    g.issue({"command": "cast", "card": "Firebolts", "targets": ["av", "east"]})
    assert not alive(g, "boars") and damage(g, "troll") == 1
    shots = [e.hit for e in g.pending_events if type(e).__name__ == "ProjectileShot"]
    assert shots == ["boars", "boars", "troll"]


def test_heat_ray_pierces_and_hits_one_unit_at_each_location() -> None:
    g = realm(BOARS_AND_TROLL + "    - {id: other, card: Bosk Troll, owner: p2, at: 13}\n")
    g.issue({"command": "cast", "card": "Heat Ray", "targets": ["av", "east", "other"]})
    assert damage(g, "boars") == 2 or not alive(g, "boars")
    assert damage(g, "other") == 2 and damage(g, "troll") == 0  # one unit at each location: the one named


def test_ghostfire_deals_1() -> None:
    g = realm(BOARS_AND_TROLL)
    g.issue({"command": "cast", "card": "Ghostfire", "targets": ["av", "east"]})
    assert damage(g, "boars") == 1 and damage(g, "troll") == 0


def test_a_projectile_that_hits_no_unit_deals_no_damage() -> None:
    g = realm(BOARS_AND_TROLL)
    g.issue({"command": "cast", "card": "Ghostfire", "targets": ["av", "west"]})
    assert damage(g, "boars") == 0
    assert [e.hit for e in g.pending_events if type(e).__name__ == "ProjectileShot"] == [None]


def test_cherubim_taps_to_shoot_a_4_damage_projectile() -> None:
    g = realm("    - {id: angel, card: Cherubim, owner: p1, at: 11}\n" + BOARS_AND_TROLL)
    g.issue({"command": "activate", "source": "angel", "targets": ["east"]})
    assert not alive(g, "boars") and g.state.units["angel"].tapped


def test_ice_lance_deals_3_then_2_then_1_at_the_first_three_locations_of_its_path() -> None:
    """The path starts at the caster's location: 11 (3), 12 (2), 13 (1); 14 is past the third."""
    g = realm(
        "    - {id: here, card: Bosk Troll, owner: p2, at: 11}\n" + BOARS_AND_TROLL
        + "    - {id: past, card: Bosk Troll, owner: p2, at: 14}\n"
    )
    g.issue({"command": "cast", "card": "Ice Lance", "targets": ["av", "east"]})
    assert not alive(g, "here") and not alive(g, "boars") and damage(g, "troll") == 1 and damage(g, "past") == 0
