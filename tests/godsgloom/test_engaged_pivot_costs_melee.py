"""Seed 002 §8.2: a unit that starts its activation Engaged cannot make a normal Move Action;
instead it may pivot and move at most 1 hex, and then cannot make a Melee Attack Action for the
rest of the activation. The pivot is named in that restricted move, so a Move Action that only
pivots (``path: []``) is the restricted move and costs the Melee Attack as the 1-hex step does.
A unit that makes no Move Action at all (UAP.30: it may forfeit it) keeps its Melee Attack."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from tests.godsgloom.test_movement_rules import activated, mat

#: a starts Engaged by e, who stands in front of it facing it
UNITS = "    - {id: a, owner: p1, at: '3,5', facing: N, speed: 3}\n    - {id: e, owner: p2, at: '3,4', facing: S, speed: 3}"


def test_section_8_2_a_pivot_only_move_of_a_unit_that_started_engaged_costs_its_melee_attack() -> None:
    g = activated(mat(UNITS), "a")
    events = g.issue({"command": "move", "unit": "a", "path": [], "face": "NE"})
    assert [e.rule for e in events if e.name == "MeleeBarred"] == ["GODSGLOOM §8.2: it started its activation Engaged"]
    attack = {"command": "melee_attack", "unit": "a", "target": "e"}
    assert attack not in g.legal_commands()
    with pytest.raises(IllegalCommand, match="§8.2"):
        g.issue(attack)


def test_section_8_2_a_unit_that_started_engaged_and_makes_no_move_action_keeps_its_melee_attack() -> None:
    g = activated(mat(UNITS), "a")
    attack = {"command": "melee_attack", "unit": "a", "target": "e"}
    assert attack in g.legal_commands()
    assert "MeleeAttackDeclared" in [e.name for e in g.issue(attack)]
