"""Gravedigger: "Genesis → Burrow target adjacent Undead." (codex: Genesis, Adjacent, Burrowing,
Forced Movement; issue 22): an Undead minion at the Gravedigger's location or an orthogonally
neighbouring one, anyone's, is burrowed below its site; one without Burrowing dies there
(digest 1.6), as every forced burrow."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalCommand
from tests.helpers import game


def realm(units: str) -> Any:
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in (7, 12, 13))
        + "  units:\n" + units
    )
    return game(text)


UNITS = (
    "    - {id: wight, card: Barrow Wight, owner: p2, at: 12}\n    - {id: zombies, card: Scourge Zombies, owner: p2, at: 13}\n"
    "    - {id: troll, card: Bosk Troll, owner: p2, at: 12}\n"
)


def test_gravedigger_burrows_an_adjacent_undead() -> None:
    g = realm(UNITS)
    g.issue({"command": "summon", "card": "Gravedigger", "at": "7", "id": "digger", "targets": ["wight"]})
    assert g.state.units["wight"].location == "12/underground"


def test_gravedigger_burrows_only_an_adjacent_undead() -> None:
    g = realm(UNITS)
    with pytest.raises(IllegalCommand, match="not an adjacent Undead"):
        g.issue({"command": "summon", "card": "Gravedigger", "at": "7", "id": "digger", "targets": ["troll"]})
    with pytest.raises(IllegalCommand, match="not an adjacent Undead"):
        g.issue({"command": "summon", "card": "Gravedigger", "at": "7", "id": "digger", "targets": ["zombies"]})  # diagonal
