"""Gloam Toads: "Tap → Drags in target adjacent unit" (codex: Forced Movement, Adjacent; issue
22): the unit at an adjacent location is pulled one step to the Toads' location, a forced move
barred by what bars entering; "may strike it when it arrives" stays listed."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalCommand
from tests.helpers import game


def realm(units: str, sites: dict[int, str] | None = None) -> Any:
    placed = {sq: "Valley" for sq in (6, 7, 8, 12, 13)}
    placed.update(sites or {})
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: {name}, controller: p1}}\n" for sq, name in sorted(placed.items()))
        + "  units:\n    - {id: toads, card: Gloam Toads, owner: p1, at: 7}\n" + units
    )
    return game(text)


def test_gloam_toads_drag_in_an_adjacent_unit() -> None:
    g = realm("    - {id: foe, card: Bosk Troll, owner: p2, at: 12}\n")
    g.issue({"command": "activate", "source": "toads", "targets": ["foe"]})
    assert g.state.units["foe"].location == "7" and g.state.units["toads"].tapped


def test_gloam_toads_drag_in_only_an_adjacent_unit() -> None:
    g = realm("    - {id: foe, card: Bosk Troll, owner: p2, at: 13}\n")  # diagonal: nearby, not adjacent
    with pytest.raises(IllegalCommand, match="not adjacent"):
        g.issue({"command": "activate", "source": "toads", "targets": ["foe"]})


def test_a_unit_that_can_t_enter_the_toads_site_is_not_dragged_in() -> None:
    """p2's Undesirables at the Toads' site: "Allies can't enter this site": the drag of p2's troll is refused as it comes."""
    g = realm("    - {id: foe, card: Bosk Troll, owner: p2, at: 12}\n    - {id: und, card: Undesirables, owner: p2, at: 7}\n")
    g.issue({"command": "activate", "source": "toads", "targets": ["foe"]})
    assert g.state.units["foe"].location == "12"


def test_riptide_pulls_an_aboveground_unit_into_the_adjacent_water_site() -> None:
    g = realm("    - {id: foe, card: Bosk Troll, owner: p2, at: 12}\n    - {id: far, card: Bosk Troll, owner: p2, at: 13}\n", {8: "Spring River"})
    with pytest.raises(IllegalCommand, match="not a water site"):
        g.issue({"command": "cast", "card": "Riptide", "targets": ["12", "foe"]})
    with pytest.raises(IllegalCommand, match="not aboveground and adjacent"):
        g.issue({"command": "cast", "card": "Riptide", "targets": ["8", "foe"]})  # 12 is diagonal to 8
    g.issue({"command": "cast", "card": "Riptide", "targets": ["8", "far"]})
    assert g.state.units["far"].location == "8"


def test_exhume_unburrows_everything_at_a_land_site() -> None:
    g = realm("    - {id: mole, card: Gneissgnath Gnomes, owner: p2, at: 12/underground}\n"
              "    - {id: other, card: Gneissgnath Gnomes, owner: p2, at: 13/underground}\n", {8: "Spring River"})
    with pytest.raises(IllegalCommand, match="not a land site"):
        g.issue({"command": "cast", "card": "Exhume", "targets": ["8"]})
    g.issue({"command": "cast", "card": "Exhume", "targets": ["12"]})
    assert g.state.units["mole"].location == "12" and g.state.units["other"].location == "13/underground"
