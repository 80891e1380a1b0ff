"""Hellmouth: "Evil minions nearby or being summoned nearby have Burrowing." (codex: Evil:
Undead, Demon, Monster; Nearby, for a site: occupying nearby sites; Burrowing; issue 22)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.view import RealmView
from tests.helpers import game


def realm(units: str, script: str = "") -> Any:
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        "    - {at: 7, card: Hellmouth, controller: p1}\n    - {at: 8, card: Valley, controller: p1}\n"
        "    - {at: 10, card: Valley, controller: p1}\n"
        "  units:\n" + units
    )
    return game(text + ("script:\n" + script if script else ""))


def test_evil_minions_nearby_hellmouth_have_burrowing_and_others_don_t() -> None:
    g = realm(
        "    - {id: imp, card: Cranky Overseer, owner: p2, at: 8}\n    - {id: troll, card: Bosk Troll, owner: p1, at: 8}\n"
        "    - {id: far, card: Cranky Overseer, owner: p1, at: 10}\n"
    )
    view = RealmView.of(g.state)
    assert "Burrowing" in view.keywords("imp")  # a Demon, anyone's
    assert "Burrowing" not in view.keywords("troll")  # a Troll is not Evil
    assert "Burrowing" not in view.keywords("far")  # 10 is not nearby 7


def test_an_evil_minion_summoned_nearby_may_be_summoned_burrowed() -> None:
    g = realm("    - {id: other, card: Bosk Troll, owner: p1, at: 10}\n")
    g.issue({"command": "summon", "card": "Cranky Overseer", "at": "8/underground", "id": "imp"})
    assert g.state.units["imp"].location == "8/underground" and g.state.units["imp"].alive
    with pytest.raises(IllegalCommand):
        g.issue({"command": "summon", "card": "Cranky Overseer", "at": "10/underground", "id": "imp2"})
