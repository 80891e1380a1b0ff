"""Seed 002 §8.2 (and seed 001 Nimble, Breakaway, Unstoppable): what a unit may do because it
"starts its Activation Engaged" is read at the start of the activation (``UnitActivated.engaged_by``),
not where the unit stands when it moves. A unit Engaged when activated keeps the §8.2 step though
the enemy was displaced away; a unit free when activated makes its normal Move Action though an
enemy arrived in front of it (the Engagement Zones it enters on the way still stop it, §8.3). The
command, the legal moves and the lookahead read it alike."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from tests.godsgloom.test_movement_rules import activated, mat
from tests.helpers import names, reach

#: the knights stand across the ogres' front edge: Engaged
ENGAGED = (
    "    - {id: knights, owner: p1, type: Cavalry, at: '3,5', facing: N, speed: 5}\n"
    "    - {id: ogres, owner: p2, type: Monster, at: '3,6', facing: N, speed: 3}"
)
#: the same knights, the ogres far off
FREE = (
    "    - {id: knights, owner: p1, type: Cavalry, at: '3,5', facing: N, speed: 5}\n"
    "    - {id: ogres, owner: p2, type: Monster, at: '6,3', facing: N, speed: 3}"
)


def engaged_then_displaced():  # type: ignore[no-untyped-def]
    g = activated(mat(ENGAGED), "knights")
    g.issue({"command": "displace", "unit": "ogres", "by": "knights", "to": "3,7"})
    assert not g.state.units["knights"].location == "3,6"
    return g


def free_then_teleported_in():  # type: ignore[no-untyped-def]
    g = activated(mat(FREE), "knights")
    g.issue({"command": "teleport", "unit": "ogres", "by": "ogres", "to": "3,6"})
    return g


def move_ends(g) -> set[str]:  # type: ignore[no-untyped-def]
    return {c.path[-1] for c in g.legal_commands() if c.command == "move" and c.path}


def test_section_8_2_holds_a_unit_that_started_its_activation_engaged_though_free_now() -> None:
    g = engaged_then_displaced()
    with pytest.raises(IllegalCommand, match="at most 1 hex"):
        g.issue({"command": "move", "unit": "knights", "path": ["3,4", "3,3", "3,2"]})
    assert "3,3" not in move_ends(g) and "3,4" in move_ends(g)
    answer = reach(g, "knights")
    assert answer.extra["mode"] == "engaged_step"
    assert "3,3" not in answer.reachable and "3,4" in answer.reachable
    events = g.issue({"command": "move", "unit": "knights", "path": ["3,6"]})
    assert "MeleeBarred" in names(events)
    with pytest.raises(IllegalCommand, match="8.2"):
        g.issue({"command": "melee_attack", "unit": "knights", "target": "ogres"})


def test_section_8_2_spares_a_unit_that_started_its_activation_free_though_engaged_now() -> None:
    g = free_then_teleported_in()
    assert "3,2" in move_ends(g)
    answer = reach(g, "knights")
    assert answer.extra["mode"] == "normal" and "3,2" in answer.reachable
    events = g.issue({"command": "move", "unit": "knights", "path": ["3,4", "3,3", "3,2"]})
    assert g.state.units["knights"].location == "3,2"
    assert [e.mode for e in events if e.name == "MoveActionStarted"] == ["normal"]
    assert "MeleeBarred" not in names(events)


def test_a_unit_that_started_free_is_still_stopped_by_the_zone_it_enters() -> None:
    """§8.3 still applies to the unit Engaged after its activation began: a step into another
    hex of the ogres' zone ends its move there."""
    g = free_then_teleported_in()
    moves = [c.path for c in g.legal_commands() if c.command == "move" and c.path]
    assert ["4,5"] in moves and not any("4,5" in path[:-1] for path in moves)
    assert not any("4,5" in path[1:-1] for path in reach(g, "knights").paths.values())
    events = g.issue({"command": "move", "unit": "knights", "path": ["4,5", "5,4"]})
    assert g.state.units["knights"].location == "4,5"
    assert "StepsCancelled" in names(events)


#: the same ogres and a Flying harpy across their front edge
FLYING_ENGAGED = (
    "    - {id: harpy, owner: p1, type: Monster, at: '3,5', facing: N, speed: 4, traits: [Flying]}\n"
    "    - {id: ogres, owner: p2, type: Monster, at: '3,6', facing: N, speed: 3}"
)


def test_flying_is_refused_to_a_unit_that_started_its_activation_engaged_though_free_now() -> None:
    """Seed 001 Flying is the unit's Move Action, and Flying can't be used while Engaged; seed 002
    §8.2 gives a unit that starts its activation Engaged only the 1-hex step. Read off the
    activation like the rest: the ogres displaced away leave the harpy no Flying move, in the
    command, the legal moves and the lookahead; its walking step is still its own."""
    g = activated(mat(FLYING_ENGAGED), "harpy")
    g.issue({"command": "displace", "unit": "ogres", "by": "harpy", "to": "3,7"})
    with pytest.raises(IllegalCommand, match="Flying.*activation"):
        g.issue({"command": "move", "unit": "harpy", "use": "Flying", "path": ["3,2"]})
    with pytest.raises(IllegalCommand, match="Flying.*activation"):
        g.issue({"command": "move", "unit": "harpy", "use": "Flying", "path": ["3,4"]})
    assert not any(c.command == "move" and c.use == "Flying" for c in g.legal_commands())
    answer = reach(g, "harpy")
    assert "Flying" not in answer.extra["with_traits"]
    assert answer.extra["mode"] == "engaged_step" and "3,3" not in answer.reachable
    assert not any("Flying" in str(r) for r in answer.why_not("3,2"))
    events = g.issue({"command": "move", "unit": "harpy", "path": ["3,4"]})
    assert "MeleeBarred" in names(events)
