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


def walled(units: str, aura: str = "Wall of Ice", border: tuple[int, int] = (7, 12), sites: dict[int, str] | None = None) -> Any:
    """``realm`` with a border aura of p1's (Wall of Ice by default) atop the border of 7 and 12."""
    placed = {sq: "Valley" for sq in (6, 7, 8, 11, 12, 13)}
    placed.update(sites or {})
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: {name}, controller: p1}}\n" for sq, name in sorted(placed.items()))
        + "  units:\n" + units
        + f"  auras:\n    - {{id: wall, card: {aura}, controller: p1, border: [{border[0]}, {border[1]}]}}\n"
    )
    return game(text)


def refused_step(events: list[Any], unit: str) -> Any:
    return next(e for e in events if e.name == "StepRefused" and e.unit == unit)


def test_on_the_ground_border_bans_stop_drags_of_non_airborne_units() -> None:
    """Digest 2.7 (on-the-ground border bans stop forced movement of non-Airborne units) and 5
    (Wall of Ice: pushes and pulls included): the Toads' drag of a troll across the wall is
    refused, as a push is; an Airborne unit is not on the ground and is dragged across."""
    g = walled("    - {id: toads, card: Gloam Toads, owner: p1, at: 7}\n"
               "    - {id: foe, card: Bosk Troll, owner: p2, at: 12}\n    - {id: bird, card: Plumed Pegasus, owner: p2, at: 8}\n")
    events = g.issue({"command": "activate", "source": "toads", "targets": ["foe"]})
    assert refused_step(events, "foe").rule.source == "Wall of Ice"
    assert g.state.units["foe"].location == "12"
    g2 = walled("    - {id: toads, card: Gloam Toads, owner: p1, at: 7}\n    - {id: bird, card: Plumed Pegasus, owner: p2, at: 12}\n")
    g2.issue({"command": "activate", "source": "toads", "targets": ["bird"]})
    assert g2.state.units["bird"].location == "7"


def test_on_the_ground_border_bans_stop_pulls_of_non_airborne_units() -> None:
    """Riptide pulls a troll toward its water site across a Wall of Ice: refused (digest 5)."""
    g = walled("    - {id: foe, card: Bosk Troll, owner: p2, at: 12}\n", sites={7: "Spring River"})
    events = g.issue({"command": "cast", "card": "Riptide", "targets": ["7", "foe"]})
    assert refused_step(events, "foe").rule.source == "Wall of Ice"
    assert g.state.units["foe"].location == "12"


def test_a_drag_stopped_by_a_border_stops_before_it_and_the_rest_is_lost() -> None:
    """Pudge Butcher drags the troll 13 -> 12 -> 11 along its projectile's path; a Wall of Ice on
    11|12 refuses the second step (as a push is refused): the troll stays at 12."""
    g = walled("    - {id: pudge, card: Pudge Butcher, owner: p1, at: 11}\n    - {id: foe, card: Bosk Troll, owner: p2, at: 13}\n",
               border=(11, 12))
    events = g.issue({"command": "activate", "source": "pudge", "targets": ["east"]})
    assert [(e.frm, e.to) for e in events if e.name == "StepTaken" and e.unit == "foe"] == [("13", "12")]
    assert refused_step(events, "foe").rule.source == "Wall of Ice"
    assert g.state.units["foe"].location == "12"


def test_great_wall_top_border_stops_drags_of_its_enemies() -> None:
    """Great Wall FAQ (digest 5.1): teleport, as-if-adjacent and Airborne movement pass its top
    border; other surface movement (drag, pull) doesn't. p2's Great Wall at 12: its top border
    (p2's) is the one with 17."""
    text = """
title: t
ruleset: sorcery
active_player: p2
setup:
  sites:
    - {at: 12, card: Great Wall, controller: p2}
    - {at: 17, card: Valley, controller: p1}
  units:
    - {id: toads, card: Gloam Toads, owner: p2, at: 12}
    - {id: troll, card: Bosk Troll, owner: p1, at: 17}
"""
    g = game(text)
    events = g.issue({"command": "activate", "source": "toads", "targets": ["troll"]})
    assert refused_step(events, "troll").rule.source == "Great Wall"
    assert g.state.units["troll"].location == "17"


def test_wall_of_air_stops_pulls_of_weak_minions_as_it_stops_pushes() -> None:
    """Wall of Air: "Minions with Airborne or 2 or less power can't traverse" it, pulled or pushed."""
    g = walled("    - {id: toads, card: Gloam Toads, owner: p1, at: 7}\n    - {id: boars, card: Wild Boars, owner: p2, at: 12}\n",
               aura="Wall of Air")
    events = g.issue({"command": "activate", "source": "toads", "targets": ["boars"]})
    assert refused_step(events, "boars").rule.source == "Wall of Air"
    assert g.state.units["boars"].location == "12"


def test_a_pull_traverses_the_border_it_crosses_so_wall_of_fire_burns_it_as_a_push() -> None:
    """Codex: Traverse (a step entering a location on one side after occupying one on the other,
    digest 2.10): a dragged troll passing through Wall of Fire takes its 3 damage."""
    g = walled("    - {id: toads, card: Gloam Toads, owner: p1, at: 7}\n    - {id: foe, card: Bosk Troll, owner: p2, at: 12}\n",
               aura="Wall of Fire")
    events = g.issue({"command": "activate", "source": "toads", "targets": ["foe"]})
    assert any(e.name == "DamageTaken" and e.unit == "foe" and e.amount == 3 for e in events)
