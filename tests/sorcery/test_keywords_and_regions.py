"""Keywords and regions (digest 2.4; codex: Airborne, Lose, Landbound, Waterbound, Burrowing,
Submerge), checked on every card of the pool that has them."""

from __future__ import annotations

import pytest

from domain.rulesets.sorcery.catalog import card_pool
from tests.helpers import game, reach

BOUND = sorted(name for name, c in card_pool().items() if {"Landbound", "Waterbound"} & set(c.keywords))


def test_the_pool_has_landbound_and_waterbound_cards() -> None:
    assert "Sand Worm" in BOUND and "Giant Shark" in BOUND and len(BOUND) == 6


@pytest.mark.parametrize("name", BOUND)
def test_every_landbound_or_waterbound_card_is_disabled_off_its_element(name: str) -> None:
    waterbound = "Waterbound" in card_pool()[name].keywords
    home, away = ("Stream", "Valley") if waterbound else ("Valley", "Stream")
    g = game(
        f"""
        title: bound
        ruleset: sorcery
        setup:
          sites:
            - {{at: 11, card: {home}, controller: p1}}
            - {{at: 12, card: {away}, controller: p1}}
            - {{at: 13, card: {home}, controller: p1}}
          units:
            - {{id: home, card: {name}, owner: p1, at: 11}}
            - {{id: away, card: {name}, owner: p1, at: 12}}
        """
    )
    assert reach(g, "home").reachable != ["11"] or name == "Salmon of Knowledge"
    denied = reach(g, "away").denied
    assert denied is not None and ("Waterbound" if waterbound else "Landbound") in denied.source


SKY = """
title: sky baron
ruleset: sorcery
setup:
  sites:
    - {at: 7, card: Valley, controller: p1}
    - {at: 13, card: Steppe, controller: p1}
  units:
    - {id: pegasus, card: Plumed Pegasus, owner: p1, at: 7}
%s
  artifacts:
    - {id: wings, card: Wings of Invention, bearer: troll}
"""


def test_lose_beats_a_grant_whatever_its_timestamp() -> None:
    """codex: Lose: Sky Baron wins over Wings of Invention given later."""
    with_baron = game(SKY % "    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n    - {id: baron, card: Sky Baron, owner: p2, at: 13}")
    for unit in ("troll", "pegasus"):
        answer = reach(with_baron, unit)
        assert "13" not in answer
        assert "Sky Baron" in str(answer.why_not("13")[0])
    without = game(SKY % "    - {id: troll, card: Bosk Troll, owner: p1, at: 7}")
    assert reach(without, "troll").path_to("13") == ["7", "13"]


def test_sky_baron_keeps_its_own_airborne() -> None:
    g = game(SKY % "    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n    - {id: baron, card: Sky Baron, owner: p2, at: 13}")
    assert reach(g, "baron").path_to("7") == ["13", "7"]


def test_a_flooded_site_is_water_for_movement() -> None:
    """codex: Flooded, Submerge: a Submerge minion may submerge in Mismanaged Mortuary (no
    water threshold, but Flooded); a Waterbound one is not disabled there."""
    g = game(
        """
        title: flooded
        ruleset: sorcery
        setup:
          sites:
            - {at: 11, card: Mismanaged Mortuary, controller: p1}
            - {at: 12, card: Valley, controller: p1}
          units:
            - {id: kelpie, card: Coral-Reef Kelpie, owner: p1, at: 11}
            - {id: ship, card: Pirate Ship, owner: p1, at: 11}
            - {id: dry, card: Coral-Reef Kelpie, owner: p1, at: 12}
        """
    )
    assert "11/underwater" in reach(g, "kelpie")
    assert reach(g, "ship").denied is None
    assert "12/underwater" not in reach(g, "dry")


SILENCED_BEARERS = """
title: silenced bearers
ruleset: sorcery
active_player: p1
setup:
  sites:
%s
  units:
    - {id: winged, card: Bosk Troll, owner: p1, at: 6}
    - {id: booted, card: Bosk Troll, owner: p1, at: 12}
  artifacts:
    - {id: wings, card: Wings of Invention, bearer: winged}
    - {id: boots, card: Seven-League Boots, bearer: booted}
%s
"""


def test_silence_takes_the_keywords_a_bearer_s_artifacts_grant_as_a_lose_does() -> None:
    """The reading docs/sorcery.md states ("Silenced and granted abilities"; the sources are not
    explicit): silenced = "loses every special ability" (digest 2.4), printed or granted (4.1), and
    a lose beats grants whatever their timestamps (4.3). Inside Silence's 2x2 (6, 7, 11, 12) the
    Wings' Airborne and Movement +1 and the Boots' Movement +7 are off; outside it they work."""
    sites = "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in (6, 7, 8, 9, 11, 12, 13, 14))
    hushed = game(SILENCED_BEARERS % (sites.rstrip("\n"), "  auras:\n    - {id: silence, card: Silence, controller: p2, at: 6}"))
    assert reach(hushed, "winged").path_to("12") is None  # a diagonal step needs Airborne
    assert "6" not in reach(hushed, "booted")  # 12 -> 11 -> 6, both steps inside Silence: no Movement +X
    free = game(SILENCED_BEARERS % (sites.rstrip("\n"), ""))
    assert reach(free, "winged").path_to("12") == ["6", "12"]
    assert len(reach(free, "booted").path_to("6") or []) == 3
