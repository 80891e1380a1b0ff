"""Option harass: Harass is named only by seed 001 Lockdown; by default (``alias_of_nimble``) it
acts as Nimble, and ``disabled`` turns that off: a move using Harass is refused, citing the
option, and neither the legal moves nor the lookahead offer it."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from tests.godsgloom.test_movement_rules import activated, mat
from tests.helpers import reach

#: the rangers' straight way north passes the ogres' zone (2,2 and 2,1)
RANGERS = (
    "    - {id: rangers, owner: p1, at: '2,4', facing: N, speed: 4, traits: [Harass]}\n"
    "    - {id: ogres, owner: p2, type: Monster, at: '3,1', facing: SW, speed: 3}"
)
PATH = ["2,3", "2,2", "2,1", "2,0"]


def test_harass_acts_as_nimble_by_default() -> None:
    g = activated(mat(RANGERS), "rangers")
    assert any(c.use == "Harass" for c in g.legal_commands() if c.command == "move")
    assert "2,0" in reach(g, "rangers").extra["with_traits"]["Nimble"]  # the lookahead names the trait Harass stands for
    g.issue({"command": "move", "unit": "rangers", "use": "Harass", "path": PATH})
    assert g.state.units["rangers"].location == "2,0"


def test_option_harass_disabled_refuses_a_move_using_harass() -> None:
    g = activated(mat(RANGERS, options="{harass: disabled}"), "rangers")
    with pytest.raises(IllegalCommand, match="option harass: disabled") as refused:
        g.issue({"command": "move", "unit": "rangers", "use": "Harass", "path": PATH})
    assert "\n" not in str(refused.value)
    assert not any(c.use for c in g.legal_commands() if c.command == "move")
    answer = reach(g, "rangers")
    assert answer.extra["with_traits"] == {}
    assert "Harass" not in " ".join(str(r) for r in answer.why_not("2,0"))
