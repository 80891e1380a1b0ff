"""Seed 001 Lockdown with Unstoppable and Trample: a unit a Lockdown enemy Engages cannot make a
Move Action, and Lockdown "does not restrict movement from other sources", Trample named. So the
unit still moves by Trample, but Unstoppable, whose zone passing and lost Melee Attack belong to
the Move Action it gives a unit that starts Engaged (and which the newer rulebook has Lockdown
cancel, digest §7), does nothing in that movement: an enemy zone ends it (§8.3), and under option
unstoppable_melee_ban: when_used the Melee Attack is not lost to Unstoppable. Under the default
engaged_trample: engaged_step this was already so (Trample's §8.2 step, example 38); under
engaged_trample: full_move (Trample a movement of its own, Speed MP) Unstoppable used to take the
unit on through every zone."""

from __future__ import annotations

from tests.godsgloom.test_movement_rules import activated, mat
from tests.godsgloom.test_unstoppable_trample import KNIGHTS
from tests.helpers import reach

#: the knights (Unstoppable, Trample) start Engaged by the ogres, who have Lockdown; the archers'
#: zone covers 4,4
LOCKED = KNIGHTS.replace("speed: 3}\n    - {id: pikemen", "speed: 3, traits: [Lockdown]}\n    - {id: pikemen")
LOCKED += "\n    - {id: archers, owner: p2, type: Infantry, at: '5,3', facing: SW, speed: 3}"
FULL_MOVE = "{engaged_trample: full_move}"


def test_lockdown_cancels_unstoppable_zone_passing_in_a_full_trample_move() -> None:
    g = activated(mat(LOCKED, options=FULL_MOVE), "knights")
    events = g.issue({"command": "move", "unit": "knights", "use": "Trample", "path": ["4,4", "4,3", "4,2"]})
    assert g.state.units["knights"].location == "4,4"
    reason = next(e.reason for e in events if e.name == "StepsCancelled")
    assert "Engagement Zone of archers" in reason and "Lockdown" in reason
    assert "Unstoppable would let it through" not in reason
    assert [e.by for e in events if e.name == "UnitEngaged"] == [["archers"]]


def test_lockdown_cancels_unstoppable_so_the_full_trample_move_keeps_the_melee_attack() -> None:
    """Under when_used Unstoppable costs the Melee Attack when it gave the move or passed a
    zone: Lockdown leaves it neither, and a Trample move under full_move costs none (as for a
    unit without Unstoppable)."""
    g = activated(mat(LOCKED, options=FULL_MOVE), "knights")
    events = g.issue({"command": "move", "unit": "knights", "use": "Trample", "path": ["4,4"]})
    assert "MeleeBarred" not in [e.name for e in events]


def test_lockdown_cancels_unstoppable_in_the_legal_moves_and_the_lookahead() -> None:
    g = activated(mat(LOCKED, options=FULL_MOVE), "knights")
    trample = [c for c in g.legal_commands() if c.command == "move" and c.use == "Trample"]
    assert trample and not any("4,4" in c.path[:-1] for c in trample)
    with_traits: dict[str, list[str]] = reach(g, "knights").extra["with_traits"]  # type: ignore[assignment]
    assert "4,2" not in with_traits.get("Trample", [])  # every way there enters a zone first


def test_unstoppable_still_passes_zones_in_a_trample_move_when_no_lockdown_enemy_engages_it() -> None:
    units = LOCKED.replace("speed: 3, traits: [Lockdown]}\n    - {id: pikemen", "speed: 3}\n    - {id: pikemen")
    g = activated(mat(units, options=FULL_MOVE), "knights")
    g.issue({"command": "move", "unit": "knights", "use": "Trample", "path": ["4,4", "4,3", "4,2"]})
    assert g.state.units["knights"].location == "4,2"
