"""A top border on the realm's far edge (codex: Top Border; digest gap 1: p1's home row is the
bottom one). While nothing joins the edges it bars nothing, as there is no step across it; with
Magellan Globe the edge joins the opposite row "for everything: movement" (digest 1.5), and the
step across it crosses that site's top border."""

from __future__ import annotations

from typing import Any

import pytest

from tests.helpers import game, reach


def realm(site: str, controller: str, globe: bool) -> Any:
    artifacts = "  artifacts:\n    - {id: globe, card: Magellan Globe, at: 2}\n" if globe else ""
    return game(
        "title: t\nruleset: sorcery\nactive_player: p2\nsetup:\n  sites:\n"
        f"    - {{at: 3, card: {site}, controller: {controller}}}\n"
        "    - {at: 18, card: Valley, controller: p2}\n"
        "    - {at: 2, card: Valley, controller: p2}\n"
        "    - {at: 8, card: Valley, controller: p2}\n"
        "  units:\n"
        "    - {id: enemy, card: Bosk Troll, owner: p2, at: 18}\n"
        "    - {id: below, card: Bosk Troll, owner: p2, at: 8}\n"
        + artifacts
    )


@pytest.mark.parametrize("site", ["Great Wall", "Perilous Bridge"])
def test_a_top_border_on_the_edge_bars_the_step_across_a_joined_edge_on_the_ground(site: str) -> None:
    g = realm(site, "p1", globe=True)
    assert "3" not in reach(g, "enemy")  # 18 -> 3 crosses the edge: the site's top border
    assert "3" in reach(g, "below")  # 8 -> 3 crosses its bottom border


def test_without_the_globe_the_edge_joins_nothing_and_the_site_is_entered_from_below() -> None:
    g = realm("Great Wall", "p1", globe=False)
    assert "3" not in reach(g, "enemy")  # not adjacent: 18 and 3 are a realm apart
    assert "3" in reach(g, "below")


def test_a_top_border_inside_the_realm_is_not_the_edge_s() -> None:
    """p2's top border faces down: the Great Wall at 3 bars 3-8, not the step across the edge."""
    g = realm("Great Wall", "p2", globe=True)
    assert "3" in reach(g, "enemy")  # p2's own units anyway; the edge is its bottom border
    g1 = realm("Perilous Bridge", "p2", globe=True)
    assert "3" in reach(g1, "enemy") and "3" not in reach(g1, "below")
