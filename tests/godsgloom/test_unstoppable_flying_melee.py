"""Seed 001 Unstoppable ("it loses the possibility to perform a Melee Attack Action for the rest
of its activation") for a Flying Move Action (seed 001 Flying: a Move Action, by teleport).
Option unstoppable_melee_ban: ``always_after_move`` bars the Melee Attack after any move of a hex
or more, a Flying one too; ``when_used`` (default) does not for a flyer that started free, which
relied on no Unstoppable."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from tests.godsgloom.test_movement_rules import activated, mat
from tests.helpers import names

#: the harpy (Flying, Unstoppable) free, the ogres two hexes ahead of where it flies
HARPY = (
    "    - {id: harpy, owner: p1, type: Monster, at: '3,5', facing: N, speed: 4, traits: [Flying, Unstoppable]}\n"
    "    - {id: ogres, owner: p2, type: Monster, at: '3,1', facing: N, speed: 3}"
)


def fly(g, to: str) -> list:  # type: ignore[no-untyped-def, type-arg]
    return g.issue({"command": "move", "unit": "harpy", "use": "Flying", "path": [to]})


def test_an_unstoppable_unit_that_flies_loses_its_melee_attack_under_always_after_move() -> None:
    # seed 001 Unstoppable, option unstoppable_melee_ban: always_after_move: after any move of a
    # hex or more, and a Flying Move Action is one
    g = activated(mat(HARPY, options="{unstoppable_melee_ban: always_after_move}"), "harpy")
    events = fly(g, "3,2")
    assert "MeleeBarred" in names(events)
    assert not any(c.command == "melee_attack" for c in g.legal_commands())
    with pytest.raises(IllegalCommand, match="Unstoppable"):
        g.issue({"command": "melee_attack", "unit": "harpy", "target": "ogres"})


def test_a_flying_move_keeps_the_melee_attack_by_default() -> None:
    # unstoppable_melee_ban: when_used: a flyer that started free used no Unstoppable
    g = activated(mat(HARPY), "harpy")
    assert "MeleeBarred" not in names(fly(g, "3,2"))
