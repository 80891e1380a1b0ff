"""Driftwood Marrows: "Nearby allies can't be submerged." (codex: Submerge, Forced Movement,
Nearby; issue 22): no effect submerges them (Wrath of the Sea, Mariner's Curse, Nelly
Longarms...); "can't be submerged" is passive: their own submerging (the keyword) stays theirs."""

from __future__ import annotations

from typing import Any

from domain.rulesets.sorcery.movement import ForcedMovement, SorceryMovement
from tests.helpers import game


def realm(units: str) -> Any:
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        "    - {at: 7, card: Spring River, controller: p1}\n    - {at: 8, card: Valley, controller: p1}\n"
        "    - {at: 10, card: Spring River, controller: p1}\n"
        "  units:\n" + units
        + "  artifacts:\n    - {id: marrows, card: Driftwood Marrows, controller: p1, at: 8}\n"
    )
    return game(text)


def forced(g: Any, unit: str) -> list[Any]:
    return [o for o in ForcedMovement(g.state, "submerge").step_options(unit, g.state.units[unit].location) if o.to.endswith("underwater")]


def test_nearby_allies_can_t_be_submerged_by_force() -> None:
    g = realm("    - {id: ally, card: Bosk Troll, owner: p1, at: 7}\n    - {id: foe, card: Bosk Troll, owner: p2, at: 7}\n"
              "    - {id: far, card: Bosk Troll, owner: p1, at: 10}\n")
    assert forced(g, "ally")[0].blocked is not None and "Driftwood Marrows" in str(forced(g, "ally")[0].blocked)
    assert forced(g, "foe")[0].blocked is None  # an enemy
    assert forced(g, "far")[0].blocked is None  # not nearby


def test_an_ally_with_submerge_still_submerges_itself() -> None:
    g = realm("    - {id: nelly, card: Nelly Longarms, owner: p1, at: 7}\n")
    own = SorceryMovement(g.state, basic=False).step_options("nelly", "7")
    assert any(o.to == "7/underwater" and o.blocked is None for o in own)
