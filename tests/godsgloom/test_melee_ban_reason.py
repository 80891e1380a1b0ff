"""The reason a Melee Attack is lost names the rule that takes it (seed 001 Nimble, Unstoppable):
a unit with both traits that uses Nimble and moves on through an enemy Engagement Zone is passed
through it by Unstoppable (passive) as well, and each trait takes the Melee Attack for it, so
the reason names both; with Nimble alone it names Nimble."""

from __future__ import annotations

from tests.godsgloom.test_movement_rules import activated, mat

#: e (facing S) covers 2,6, 3,6 and 4,5; a walks north through 3,6
UNITS = "    - {id: a, owner: p1, at: '3,8', facing: N, speed: 5, traits: [TRAITS]}\n    - {id: e, owner: p2, at: '3,5', facing: S, speed: 3}"
PATH = ["3,7", "3,6", "2,6", "2,5", "2,4"]


def barred(traits: str) -> list[str]:
    g = activated(mat(UNITS.replace("TRAITS", traits)), "a")
    events = g.issue({"command": "move", "unit": "a", "use": "Nimble", "path": PATH})
    assert g.state.units["a"].location == "2,4"
    return [e.rule for e in events if e.name == "MeleeBarred"]


def test_nimble_and_unstoppable_melee_ban_names_both_traits() -> None:
    (reason,) = barred("Nimble, Unstoppable")
    assert "Nimble" in reason and "Unstoppable" in reason


def test_nimble_melee_ban_alone_names_nimble() -> None:
    assert barred("Nimble") == ["Nimble: it moved through an enemy Engagement Zone"]
