"""Ranged strikes (codex: Ranged, Ranged X, and +X Range; Projectile; Strike; issue 22): a unit
with Ranged has "Tap → Shoot a projectile that stops after 1 step (X steps). Strike the hit
unit." The projectile decides who is hit; the strike deals the shooter's power to it. One test
per rule, each failing if the rule is broken."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.coverage import derive
from tests.helpers import game

ROW = (11, 12, 13, 14, 15)


def realm(units: str) -> Any:
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in ROW)
        + "  units:\n" + units
    )
    return game(text)


def events(g: Any, kind: str) -> list[Any]:
    return [e for e in g.pending_events if type(e).__name__ == kind]


def test_a_ranged_unit_strikes_the_unit_its_projectile_hits_one_step_away() -> None:
    g = realm("    - {id: pix, card: Sling Pixies, owner: p1, at: 11}\n    - {id: foe, card: Wild Boars, owner: p2, at: 12}\n")
    g.issue({"command": "activate", "source": "pix", "targets": ["east"]})
    assert [(e.striker, e.target, e.amount) for e in events(g, "StrikeDealt")] == [("pix", "foe", 1)]
    assert g.state.units["foe"].damage == 1 and g.state.units["pix"].tapped


def test_ranged_s_projectile_stops_after_one_step() -> None:
    g = realm("    - {id: pix, card: Sling Pixies, owner: p1, at: 11}\n    - {id: foe, card: Wild Boars, owner: p2, at: 13}\n")
    g.issue({"command": "activate", "source": "pix", "targets": ["east"]})
    assert events(g, "StrikeDealt") == []
    assert [e.path for e in events(g, "ProjectileShot")] == [["11", "12"]]


def test_ranged_x_stops_after_x_steps() -> None:
    """Sir Bors the Younger has Ranged 2: two squares away is in reach; his strike is his attack power."""
    g = realm("    - {id: bors, card: Sir Bors the Younger, owner: p1, at: 11}\n    - {id: foe, card: Bosk Troll, owner: p2, at: 13}\n")
    g.issue({"command": "activate", "source": "bors", "targets": ["east"]})
    assert [(e.target, e.amount) for e in events(g, "StrikeDealt")] == [("foe", 4)]
    assert not g.state.units["foe"].alive  # 4 damage reaches the troll's 3


def test_a_tapped_ranged_unit_can_t_shoot() -> None:
    g = realm("    - {id: pix, card: Sling Pixies, owner: p1, at: 11, tapped: true}\n")
    with pytest.raises(IllegalCommand, match="tapped"):
        g.issue({"command": "activate", "source": "pix", "targets": ["east"]})


def test_the_ranged_keyword_is_modelled_now() -> None:
    assert not any(text.startswith("Ranged") for text in derive("Sling Pixies").unmodelled)
    assert any(m.name == "Ranged" for m in derive("Sling Pixies").modelled)


def realm_with(units: str, artifacts: str = "", sites: dict[int, str] | None = None) -> Any:
    placed = {sq: "Valley" for sq in ROW}
    placed.update(sites or {})
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: {name}, controller: p1}}\n" for sq, name in sorted(placed.items()))
        + "  units:\n" + units + ("  artifacts:\n" + artifacts if artifacts else "")
    )
    return game(text)


def test_fail_not_bow_gives_its_bearer_ranged_3() -> None:
    g = realm_with(
        "    - {id: archer, card: Bosk Troll, owner: p1, at: 11}\n    - {id: foe, card: Wild Boars, owner: p2, at: 14}\n",
        "    - {id: bow, card: Fail-not Bow, controller: p1, bearer: archer}\n",
    )
    g.issue({"command": "activate", "source": "archer", "targets": ["east"]})
    assert [(e.target, e.amount) for e in events(g, "StrikeDealt")] == [("foe", 3)]


def test_truesight_crossbow_gives_its_bearer_ranged() -> None:
    g = realm_with(
        "    - {id: archer, card: Bosk Troll, owner: p1, at: 11}\n    - {id: foe, card: Wild Boars, owner: p2, at: 12}\n",
        "    - {id: bow, card: Truesight Crossbow, controller: p1, bearer: archer}\n",
    )
    g.issue({"command": "activate", "source": "archer", "targets": ["east"]})
    assert [e.target for e in events(g, "StrikeDealt")] == ["foe"]


def test_vantage_hills_give_ranged_units_atop_it_one_more_range() -> None:
    g = realm_with("    - {id: pix, card: Sling Pixies, owner: p1, at: 11}\n    - {id: foe, card: Wild Boars, owner: p2, at: 13}\n", sites={11: "Vantage Hills"})
    g.issue({"command": "activate", "source": "pix", "targets": ["east"]})
    assert [e.target for e in events(g, "StrikeDealt")] == ["foe"]


def test_kite_archer_may_take_a_step_immediately_after_its_ranged_strike() -> None:
    g = realm_with("    - {id: kite, card: Kite Archer, owner: p1, at: 11}\n    - {id: foe, card: Wild Boars, owner: p2, at: 12}\n", sites={6: "Valley"})
    g.issue({"command": "activate", "source": "kite", "targets": ["east", "6"]})
    assert [e.target for e in events(g, "StrikeDealt")] == ["foe"]
    assert g.state.units["kite"].location == "6"
    kinds = [type(e).__name__ for e in g.pending_events]
    assert kinds.index("StrikeDealt") < kinds.index("StepTaken")  # the step comes after the strike
