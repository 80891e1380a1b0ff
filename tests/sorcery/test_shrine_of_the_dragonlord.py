"""Shrine of the Dragonlord: "Genesis → Teleport all Dragons here." (codex: Teleport, Genesis;
issue 22): every Dragon minion in the realm, anyone's, teleports to the Shrine's location; one
that can't enter there stays, and the outcome says so."""

from __future__ import annotations

from typing import Any

from tests.helpers import game


def realm(units: str, sites: dict[int, str] | None = None) -> Any:
    placed = {sq: "Valley" for sq in (7, 12, 13, 18)}
    placed.update(sites or {})
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: {name}, controller: p1}}\n" for sq, name in sorted(placed.items()))
        + "  units:\n" + units
    )
    return game(text)


def test_the_shrine_s_genesis_teleports_every_dragon_to_it() -> None:
    g = realm(
        "    - {id: wyrm, card: Ignis Rex, owner: p2, at: 18}\n    - {id: troll, card: Bosk Troll, owner: p1, at: 13}\n"
    )
    g.issue({"command": "conjure", "card": "Shrine of the Dragonlord", "id": "shrine", "at": "7"})
    assert g.state.units["wyrm"].location == "7"
    assert g.state.units["troll"].location == "13"
