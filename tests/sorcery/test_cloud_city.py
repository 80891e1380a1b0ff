"""Cloud City (codex: Fly: "If you fly a site somewhere, treat all units occupying the site as if
they had Airborne while the site moves"; issue 22): "(A)(A)(A) — Once on your turn, this site
may fly to a nearby void", carrying what is atop it. One test per rule."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.view import RealmView
from tests.helpers import game


def realm(air: bool = True, extra: str = "") -> Any:
    """Cloud City at 12 with two Spires (three air in all), or two Valleys (one air)."""
    other = "Spire" if air else "Valley"
    sites = [(12, "Cloud City"), (11, other), (13, other), (17, "Valley")]
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: {name}, controller: p1}}\n" for sq, name in sites)
        + "  units:\n    - {id: troll, card: Bosk Troll, owner: p1, at: 12}\n    - {id: nomads, card: Rimland Nomads, owner: p2, at: 12}\n"
        "    - {id: other, card: Bosk Troll, owner: p1, at: 17}\n"
        "  artifacts:\n    - {id: boots, card: Seven-League Boots, controller: p1, at: 12}\n" + extra
    )
    return game(text)


def fly(g: Any, to: str) -> None:
    g.issue({"command": "activate", "source": "cloud-city", "targets": [to]})


def test_cloud_city_flies_to_a_nearby_void_carrying_what_is_atop_it() -> None:
    g = realm()
    fly(g, "7")
    assert g.state.features["cloud-city"].location == "7"
    assert g.state.units["troll"].location == "7" and g.state.units["nomads"].location == "7"
    assert g.state.features["boots"].location == "7"
    assert g.state.units["other"].location == "17"
    view = RealmView.of(g.state)
    assert view.site_at(12) is None and view.site_at(7) is not None and view.site_at(7).id == "cloud-city"


def test_cloud_city_needs_three_air() -> None:
    g = realm(air=False)
    with pytest.raises(IllegalCommand, match="air"):
        fly(g, "7")


def test_cloud_city_flies_only_to_a_nearby_void() -> None:
    g = realm()
    with pytest.raises(IllegalCommand, match="not a void nearby"):
        fly(g, "17")  # a site
    with pytest.raises(IllegalCommand, match="not a void nearby"):
        fly(g, "2")  # two rows up


def test_cloud_city_flies_once_on_your_turn() -> None:
    g = realm()
    fly(g, "7")
    with pytest.raises(IllegalCommand, match="once"):
        fly(g, "2")
