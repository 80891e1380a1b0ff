"""No Charge [IN] / [OUT] (option charge_definition): seed 001 names the keywords only in Ignore
Difficult; the digest infers what they restrict. Not enforced by default, and then said beside
every answer; enforced for every Melee Attack under ``any_melee``."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from domain.rulesets.godsgloom.commands import MeleeAttack
from sim.diagnostics import diagnostics_of
from tests.helpers import game

MAT = """
title: no charge
ruleset: godsgloom
options: {options}
setup:
  width: 8
  height: 8
  terrain:
    - {{at: "2,2", type: Hill}}
    - {{at: "5,5", type: River}}
  units:
    - {{id: knights, owner: p1, type: Cavalry, at: "2,3", facing: N, speed: 5, traits: {traits}}}
    - {{id: archers, owner: p2, at: "2,2", facing: S, speed: 3}}
    - {{id: waders, owner: p1, at: "5,5", facing: N, speed: 3}}
    - {{id: bank, owner: p2, at: "5,4", facing: S, speed: 3}}
"""


def mat(options: str = "{}", traits: str = "[]"):  # type: ignore[no-untyped-def]
    return game(MAT.format(options=options, traits=traits))


def attack(g, unit: str, target: str) -> None:  # type: ignore[no-untyped-def]
    g.issue({"command": "activate", "unit": unit})
    g.issue({"command": "melee_attack", "unit": unit, "target": target})


def test_no_charge_is_not_enforced_by_default_and_every_answer_says_so() -> None:
    g = mat()
    attack(g, "knights", "archers")
    assert g.state.activation.attacked
    warned = " ".join(str(d) for d in diagnostics_of(g.state))
    assert "No Charge [IN] at 2,2" in warned and "No Charge [OUT] at 5,5" in warned and "not enforced" in warned


def test_a_mat_without_no_charge_terrain_has_no_such_warning() -> None:
    g = game(MAT.format(options="{}", traits="[]").replace('type: Hill', 'type: Clear').replace('type: River', 'type: Clear'))
    assert not diagnostics_of(g.state)


def test_option_any_melee_refuses_a_melee_attack_into_a_no_charge_in_hex() -> None:
    g = mat("{charge_definition: any_melee}")
    with pytest.raises(IllegalCommand, match=r"no Melee Attack into a No Charge \[IN\] hex \(2,2"):
        attack(g, "knights", "archers")
    assert MeleeAttack(player="p1", unit="knights", target="archers") not in g.legal_commands()
    assert not diagnostics_of(g.state)


def test_option_any_melee_refuses_a_melee_attack_out_of_a_no_charge_out_hex() -> None:
    g = mat("{charge_definition: any_melee}")
    with pytest.raises(IllegalCommand, match=r"no Melee Attack out of a No Charge \[OUT\] hex \(5,5"):
        attack(g, "waders", "bank")


def test_ignore_difficult_ignores_no_charge_for_its_melee_attacks() -> None:
    """Seed 001, Ignore Difficult: it ignores the No Charge [IN, OUT] effects on its Melee Attacks."""
    g = mat("{charge_definition: any_melee}", traits="[Ignore Difficult]")
    attack(g, "knights", "archers")
    assert g.state.activation.attacked
