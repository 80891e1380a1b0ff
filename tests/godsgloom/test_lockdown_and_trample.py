"""Seed 001, Lockdown: the trait stops the Move Action of an enemy it Engages, but it "does not
restrict movement from other sources", Trample named among them. A unit that starts its
activation Engaged is still held to the §8.2 step (seed 002) when it uses Trample: Trample lifts
§8.1 for Infantry and Swarm, not §8.2."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from tests.godsgloom.test_movement_rules import activated, mat
from tests.helpers import game, names, reach

#: a Trample unit k Engaged by a Lockdown unit w (w faces S; k stands across its front edge)
LOCKED = (
    "    - {id: k, owner: p1, type: Cavalry, at: '2,5', speed: 5, traits: [Trample]}\n"
    "    - {id: w, owner: p2, at: '2,4', facing: S, traits: [Lockdown]}"
)


def test_lockdown_does_not_restrict_a_trample_move() -> None:
    g = activated(mat(LOCKED), "k")
    with pytest.raises(IllegalCommand, match="Lockdown"):
        g.issue({"command": "move", "unit": "k", "path": ["2,6"]})
    events = g.issue({"command": "move", "unit": "k", "use": "Trample", "path": ["2,6"]})
    assert g.state.units["k"].location == "2,6"
    started = next(e for e in events if e.name == "MoveActionStarted")
    assert started.mode == "engaged_trample"


def test_trample_while_engaged_is_still_the_one_hex_step_of_section_8_2() -> None:
    g = activated(mat(LOCKED), "k")
    with pytest.raises(IllegalCommand, match="at most 1 hex"):
        g.issue({"command": "move", "unit": "k", "use": "Trample", "path": ["2,6", "2,7"]})


def test_trample_while_engaged_costs_the_melee_attack_as_section_8_2_says() -> None:
    g = activated(mat(LOCKED), "k")
    events = g.issue({"command": "move", "unit": "k", "use": "Trample", "path": ["1,5"]})
    assert "MeleeBarred" in names(events)
    with pytest.raises(IllegalCommand, match="8.2"):
        g.issue({"command": "melee_attack", "unit": "k", "target": "w"})


def test_trample_while_engaged_passes_infantry_when_the_step_is_longer() -> None:
    units = LOCKED + "\n    - {id: foot, owner: p2, type: Infantry, at: '2,6', facing: N, wounds: 3}"
    g = activated(mat(units, options="{engaged_step_hexes: 2}"), "k")
    events = g.issue({"command": "move", "unit": "k", "use": "Trample", "path": ["2,6", "2,7"]})
    assert [e.kind for e in events if e.name == "StepTaken"] == ["through (Trample)", "hex"]
    assert [e.purpose for e in events if e.name == "DiceRolled"] == ["Trample: k through foot"]


def test_the_lookahead_offers_the_trample_step_past_lockdown() -> None:
    g = activated(mat(LOCKED), "k")
    answer = reach(g, "k")
    assert answer.reachable == []
    assert "2,6" in answer.extra["with_traits"]["Trample"]
    assert "2,7" not in answer.extra["with_traits"]["Trample"]


def test_option_engaged_trample_full_move_lets_an_engaged_trampler_move_its_speed() -> None:
    """The other reading of seed 001 Trample for a unit that starts Engaged (option
    engaged_trample: full_move): Trample is a movement of its own, §8.2 does not hold it."""
    from domain.rulesets.godsgloom.movement import choose_mode
    from domain.rulesets.godsgloom.view import MatView
    from tests.helpers import game as make_game

    text = """
title: engaged trampler
ruleset: godsgloom
options: {engaged_trample: %s}
setup:
  width: 7
  height: 8
  units:
    - {id: knights, owner: p1, type: Cavalry, at: "2,5", facing: N, speed: 4, traits: [Trample]}
    - {id: foe, owner: p2, type: Infantry, at: "2,4", facing: S, speed: 3}
"""
    for option, mode in (("engaged_step", "engaged_trample"), ("full_move", "trample")):
        g = make_game(text % option)
        assert choose_mode(MatView(g.state), "knights", "Trample")[0] == mode


#: s04 of the audit: a Monster with Trample Engaged by a Lockdown unit
OGRE = (
    "    - {id: ogre, owner: p1, type: Monster, at: '2,3', facing: N, speed: 3, traits: [Trample]}\n"
    "    - {id: wardens, owner: p2, type: Cavalry, at: '2,2', facing: S, speed: 3, traits: [Lockdown]}"
)


def test_lockdown_leaves_trample_so_why_says_the_trample_step_reaches_the_hex() -> None:
    g = activated(mat(OGRE), "ogre")
    assert any(c.use == "Trample" and c.path == ["1,3"] for c in g.legal_commands() if c.command == "move")
    reasons = " ".join(str(r) for r in reach(g, "ogre").why_not("1,3"))
    assert "Lockdown" in reasons and "reachable if ogre uses Trample" in reasons


def test_lockdown_leaves_trample_so_the_reach_text_names_the_trample_hexes(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from tests.test_cli import sim

    scenario = tmp_path / "s.yaml"
    scenario.write_text(mat(OGRE) + "script:\n  - {command: activate, unit: ogre}\n")
    out = sim("reach", str(scenario), "--unit", "ogre").output
    assert "Lockdown" in out and "reachable if ogre uses Trample" in out
    why = sim("why", str(scenario), "--unit", "ogre", "--to", "1,3").output
    assert "reachable if ogre uses Trample" in why


def test_a_trait_never_reaches_the_hex_the_unit_stands_in() -> None:
    g = activated(mat(OGRE), "ogre")
    with_traits = reach(g, "ogre").extra["with_traits"]
    assert "1,3" in with_traits["Trample"] and "2,3" not in with_traits["Trample"]


#: scouts (Trample, Nimble, Scout Deploy) in the pre-game, standing in the zone of the wardens
#: (Lockdown); the pikes' zone (2,6 among it) lies behind them, and lacks Lockdown
SCOUTS = (
    "    - {id: k, owner: p1, type: Cavalry, at: '2,5', speed: 4, traits: [Trample, Nimble, Scout Deploy]}\n"
    "    - {id: w, owner: p2, at: '2,4', facing: S, traits: [Lockdown]}\n"
    "    - {id: pikes, owner: p2, at: '3,6', facing: SW}"
)


def test_lockdown_does_not_restrict_a_move_using_trample_when_nimble_is_used_with_it() -> None:
    """Seed 001 Lockdown: no Move Action for a unit it Engages, but "does not restrict movement
    from other sources ... like Trample". A move using Trample is left alone whatever else it
    uses: Nimble with it (negated only where a Lockdown unit's zone is) must not turn the move
    Lockdown lets Trample make into none. Here Scout Deploy's free move, which is no activation
    (§8.2 does not hold the scouts to a step): with Trample alone it was allowed, with Nimble
    and Trample refused citing Lockdown."""
    text = mat(SCOUTS).replace("height: 10", "height: 10\n  phase: pregame")
    g = game(text)
    g.issue({"command": "scout_move", "unit": "k", "use": "Trample", "path": ["1,6", "1,7"]})
    assert g.state.units["k"].location == "1,7"
    g = game(text)
    events = g.issue({"command": "scout_move", "unit": "k", "use": ["Nimble", "Trample"], "path": ["2,6", "2,7", "2,8"]})
    assert "StepsCancelled" not in names(events)  # Nimble takes them on through the pikes' zone
    assert g.state.units["k"].location == "2,8"
    assert any(c.command == "scout_move" and c.use == ["Nimble", "Trample"] and c.path[-1] == "2,8" for c in game(text).legal_commands())


def test_lockdown_leaves_nimble_and_trample_alone_for_a_unit_reached_after_its_activation() -> None:
    """Seed 001 Lockdown read where the unit stands: knights free when activated, then
    teleported in front of the wardens, use Nimble and Trample together: a move using Trample,
    which Lockdown does not restrict (it was refused citing Lockdown)."""
    units = SCOUTS.replace("at: '2,5'", "at: '5,5'")
    g = activated(mat(units), "k")
    g.issue({"command": "teleport", "unit": "k", "by": "k", "to": "2,5"})
    listed = [c for c in g.legal_commands() if c.command == "move" and c.use == ["Nimble", "Trample"]]
    assert any(c.path[-1] == "2,8" for c in listed)
    events = g.issue({"command": "move", "unit": "k", "use": ["Nimble", "Trample"], "path": ["2,6", "2,7"]})
    assert [e.mode for e in events if e.name == "MoveActionStarted"] == ["trample_nimble"]
    assert g.state.units["k"].location == "2,7"
