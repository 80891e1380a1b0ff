"""Seed 001 Unstoppable (passive) with Trample (active): Unstoppable gives a unit that starts its
activation Engaged its Move Action, and Trample only adds passing Infantry and Swarm, so the move
is a full one (Speed MP, through zones, no Melee Attack afterwards), not the §8.2 step that
Trample alone gets. The command, the legal moves and the lookahead agree. Engaged by a Lockdown
enemy the unit has no Move Action (Lockdown), and Trample, which Lockdown leaves alone, still
gives it the §8.2 step."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from tests.godsgloom.test_movement_rules import activated, mat
from tests.helpers import names, reach

#: knights Engaged by the ogres (3,5 is across their front edge), pikemen (Infantry) ahead of them
KNIGHTS = (
    "    - {id: knights, owner: p1, type: Cavalry, at: '3,5', facing: N, speed: 5, traits: [Unstoppable, Trample]}\n"
    "    - {id: ogres, owner: p2, type: Monster, at: '3,6', facing: N, speed: 3}\n"
    "    - {id: pikemen, owner: p2, type: Infantry, at: '3,4', facing: N, speed: 3}"
)
THROUGH = ["3,4", "3,3", "3,2", "3,1", "3,0"]


def test_unstoppable_with_trample_makes_the_full_move_though_it_starts_engaged() -> None:
    g = activated(mat(KNIGHTS), "knights")
    events = g.issue({"command": "move", "unit": "knights", "use": "Trample", "path": THROUGH})
    assert g.state.units["knights"].location == "3,0"
    assert [e.movement_points for e in events if e.name == "MoveActionStarted"] == [5]
    assert [e.purpose for e in events if e.name == "DiceRolled"] == ["Trample: knights through pikemen"]
    assert "MeleeBarred" in names(events)  # Unstoppable: it started Engaged


def test_unstoppable_with_trample_is_offered_by_the_legal_moves_and_the_lookahead() -> None:
    g = activated(mat(KNIGHTS), "knights")
    trample = [c for c in g.legal_commands() if c.command == "move" and c.use == "Trample"]
    assert "3,0" in {c.path[-1] for c in trample}
    answer = reach(g, "knights")
    assert "3,0" not in answer.reachable  # 6 MP round the pikemen
    assert "3,0" in answer.extra["with_traits"]["Trample"]
    assert "reachable if knights uses Trample" in " ".join(str(r) for r in answer.why_not("3,0"))


def test_unstoppable_engaged_by_lockdown_gets_only_the_trample_step() -> None:
    units = KNIGHTS.replace("speed: 3}\n    - {id: pikemen", "speed: 3, traits: [Lockdown]}\n    - {id: pikemen")
    g = activated(mat(units), "knights")
    with pytest.raises(IllegalCommand, match="at most 1 hex"):
        g.issue({"command": "move", "unit": "knights", "use": "Trample", "path": THROUGH})
    assert {len(c.path) for c in g.legal_commands() if c.command == "move" and c.path} == {1}
    events = g.issue({"command": "move", "unit": "knights", "use": "Trample", "path": ["4,4"]})
    assert [e.mode for e in events if e.name == "MoveActionStarted"] == ["engaged_trample"]


def test_lockdown_not_unstoppable_is_named_when_the_trample_step_stops_in_a_zone() -> None:
    """Seed 001 Lockdown and Unstoppable, seed 002 §8.3: Engaged by a Lockdown enemy, the
    Unstoppable knights have no Move Action and Trample gives them only the §8.2 step, in which
    Unstoppable passes no zone. A zone that ends that step must not say "Unstoppable would let it
    through" (it wouldn't): it names Lockdown, the rule that keeps Unstoppable out of it."""
    units = KNIGHTS.replace("speed: 3}\n    - {id: pikemen", "speed: 3, traits: [Lockdown]}\n    - {id: pikemen")
    units += "\n    - {id: archers, owner: p2, type: Infantry, at: '5,3', facing: SW, speed: 3}"  # zone over 4,4
    text = mat(units, options="{engaged_step_hexes: 2}")
    g = activated(text, "knights")
    events = g.issue({"command": "move", "unit": "knights", "use": "Trample", "path": ["4,4", "4,3"]})
    reason = next(e.reason for e in events if e.name == "StepsCancelled")
    assert "Engagement Zone of archers" in reason
    assert "Unstoppable would let it through" not in reason
    assert "Lockdown" in reason
    assert not [c for c in g.legal_commands() if c.command == "move" and c.path == ["4,4", "4,3"]]
