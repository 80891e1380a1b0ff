"""A Move and Attack that can't be carried out as declared is refused before anything changes
(README: illegal commands), rather than tapping the attacker and failing later."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from tests.helpers import game

REALM = """
title: t
ruleset: sorcery
active_player: p1
aliases: {A: 11, B: 12}
setup:
  sites:
    - {at: A, card: Valley, controller: p2}
    - {at: B, card: Steppe, controller: p2}
  units:
    - {id: troll, card: Bosk Troll, owner: p1, at: A}
    - {id: pegasus, card: Plumed Pegasus, owner: p1, at: A}
    - {id: spirit, card: Cloud Spirit, owner: p2, at: B}
"""


def test_only_an_airborne_attacker_may_even_declare_an_attack_on_an_airborne_unit() -> None:
    """codex: Airborne: an Airborne unit is targeted by attacks only from Airborne units."""
    g = game(REALM)
    before = g.version
    with pytest.raises(IllegalCommand, match="only from Airborne units"):
        g.issue({"command": "move_and_attack", "unit": "troll", "path": ["B"], "attack": "spirit"})
    assert g.version == before
    assert not g.state.units["troll"].tapped and g.state.units["troll"].location == "11"
    g.issue({"command": "move_and_attack", "unit": "pegasus", "path": ["B"], "attack": "spirit"})
    assert g.state.units["pegasus"].tapped


def test_legal_commands_never_offer_an_attack_the_rules_refuse_at_declaration() -> None:
    g = game(REALM)
    attacks = [c for c in g.legal_commands() if getattr(c, "attack", None) == "spirit"]
    assert {c.unit for c in attacks} <= {"pegasus"}  # type: ignore[attr-defined]
