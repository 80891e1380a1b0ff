"""A unit disabled where its Move and Attack ends declares no attack (digest 2.4: Disabled, no
abilities, basic ones included; no strikes, no damage; Landbound / Waterbound: disabled off land
/ water). Its attack, the last part of its Move and Attack, is refused as its steps would be; it
used Move and Attack and didn't attack, so enemies there may intercept it (digest 3.4)."""

from __future__ import annotations

import pytest

from tests.helpers import game, names

SHIP = """
title: waterbound ship onto land
ruleset: sorcery
active_player: p1
aliases: {W: 11, L: 12}
setup:
  sites:
    - {at: W, card: Stream, controller: p1}
    - {at: L, card: Valley, controller: p2}
  units:
    - {id: ship, card: Pirate Ship, owner: p1, at: W}
    - {id: troll, card: Bosk Troll, owner: p2, at: L}
"""

WORM = """
title: landbound worm onto water
ruleset: sorcery
active_player: p1
aliases: {L: 11, W: 12}
setup:
  sites:
    - {at: L, card: Valley, controller: p1}
    - {at: W, card: Stream, controller: p2}
  units:
    - {id: worm, card: Sand Worm, owner: p1, at: L}
"""


def _life(g: object, player: str) -> int:
    return g.state.life.get(player, 20)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("text", "unit", "path"), [(SHIP, "ship", ["L"]), (WORM, "worm", ["W"])])
def test_disabled_unit_declares_no_attack_on_a_site_and_deals_no_damage(text: str, unit: str, path: list[str]) -> None:
    g = game(text)
    events = g.issue({"command": "move_and_attack", "unit": unit, "path": path, "attack": "site"})
    kinds = names(events)
    assert "AttackRefused" in kinds and "AttackDeclared" not in kinds
    refused = next(e for e in events if e.name == "AttackRefused")
    assert "Disabled" in str(refused.rule)
    assert "SiteStruck" not in names(g.pending_events)  # type: ignore[attr-defined]
    assert _life(g, "p2") == 20


def test_disabled_unit_declares_no_attack_on_a_unit_and_may_be_intercepted() -> None:
    g = game(SHIP)
    events = g.issue({"command": "move_and_attack", "unit": "ship", "path": ["L"], "attack": "troll"})
    kinds = names(events)
    assert "AttackRefused" in kinds and "AttackDeclared" not in kinds
    assert "InterceptOffered" in kinds
    g.issue({"command": "intercept", "player": "p2", "unit": "troll"})
    fought = g.issue({"command": "pass", "player": "p2"})
    strikes = [e for e in fought if e.name == "StrikeDealt"]
    assert [(s.striker, s.target) for s in strikes] == [("troll", "ship")]  # the disabled ship doesn't strike
    # no event of its own says so (logged games must verify as logged): none is added
    assert not [e for e in fought if e.name == "StrikeWithheld"]


BASILISK = """
title: attacker stops beside an enemy basilisk
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 7, card: Valley, controller: p2}
    - {at: 12, card: Valley, controller: p2}
    - {at: 13, card: Valley, controller: p1}
  units:
    - {id: basilisk, card: Hillock Basilisk, owner: p2, at: 7}
    - {id: troll, card: Bosk Troll, owner: p2, at: 12}
    - {id: boars, card: Wild Boars, owner: p1, at: 13}
"""


def test_a_unit_stopping_where_minions_at_rest_are_disabled_still_declares_its_attack() -> None:
    """Its Move and Attack is not over when it stops: it is not at rest (codex: At Rest)."""
    g = game(BASILISK)
    events = g.issue({"command": "move_and_attack", "unit": "boars", "path": ["12"], "attack": "troll"})
    assert "AttackDeclared" in names(events) and "AttackRefused" not in names(events)
    fought = g.issue({"command": "pass", "player": "p2"})
    assert [(s.striker, s.target) for s in fought if s.name == "StrikeDealt"] == [("boars", "troll")]


def test_legal_commands_list_no_attack_by_a_unit_disabled_where_it_ends() -> None:
    g = game(SHIP)
    moves = [c for c in g.legal_commands() if getattr(c, "unit", None) == "ship"]
    assert any(list(c.path) == ["12"] and c.attack is None for c in moves)  # it may still move there
    assert not [c for c in moves if c.attack is not None and list(c.path) == ["12"]]
