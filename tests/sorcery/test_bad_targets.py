"""Bad input names the field that holds it (common brief: a one-line message naming the problem
and the field): an unknown unit among a spell's targets is reported on ``targets``, not on
``unit`` (a field ``cast`` does not have) nor on ``card.targets``."""

from __future__ import annotations

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.cards import SPELLS
from tests.helpers import game

REALM = """
title: a realm to cast in
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 6, card: Valley, controller: p1}
    - {at: 7, card: Stream, controller: p1}
    - {at: 16, card: Valley, controller: p1}
  units:
    - {id: troll, card: Bosk Troll, owner: p1, at: 6}
    - {id: avatar, card: Sorcerer, owner: p1, at: 16}
"""


@pytest.mark.parametrize("card", ["Mad Dash", "Power of Flight", "Blink", "Recall", "Flanking Maneuver", "Bury"])
def test_an_unknown_unit_a_cast_targets_is_bad_input_on_targets(card: str) -> None:
    # "Recall" names its caster first, "Flanking Maneuver" a location first: the unknown unit
    # comes after a good first target
    first = {"Recall": ["avatar"], "Flanking Maneuver": ["7"]}.get(card, [])
    targets = [*first, "trol", "7"][: max(len(first) + 1, 2 if card == "Blink" else 1)]
    with pytest.raises(BadInput, match="unknown unit 'trol'") as caught:
        game(REALM).issue({"command": "cast", "card": card, "targets": targets})
    assert caught.value.where == "targets"


@pytest.mark.parametrize("card", sorted(SPELLS))
def test_no_spell_reports_an_unknown_target_on_another_field(card: str) -> None:
    # every modelled spell, its targets all one unknown name: if the name is read as a unit, the
    # error is on targets (a location read first, a caster asked for first, are other errors)
    for count in (1, 2, 3):
        try:
            game(REALM).issue({"command": "cast", "card": card, "targets": ["nobody"] * count})
        except BadInput as exc:
            if "unknown unit" in exc.message:
                assert exc.where == "targets", (card, exc.where, exc.message)
        except IllegalCommand:
            pass
