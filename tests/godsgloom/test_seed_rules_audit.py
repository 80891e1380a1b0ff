"""Rules of seeds 001 (§18.2 Movement Traits) and 002 (§8 Movement mechanic) that no test held
before an audit against tests/godsgloom/: each test fails if its rule is broken. Mat: 7x10
(``tests.godsgloom.test_movement_rules.mat``); a zone is the three hexes across the Front Arc."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from tests.godsgloom.test_movement_rules import activated, mat
from tests.helpers import game, names

#: an enemy facing S at 2,2: its Engagement Zone is 2,3, 3,2 and 1,3
ENEMY_SOUTH = "    - {id: e, owner: p2, at: '2,2', facing: S}"


@pytest.mark.parametrize(("ban", "barred"), [("if_passed_through_zone", False), ("if_entered_zone", True)])
def test_nimble_melee_ban_option_decides_a_move_that_ends_in_the_first_zone_hex(ban: str, barred: bool) -> None:
    # seed 001 Nimble: the Melee Attack is lost "if it moves through" enemy zones; a Nimble move
    # that ends in the first zone hex it enters passed none (option nimble_melee_ban, default
    # if_passed_through_zone keeps the attack; if_entered_zone takes it)
    units = "    - {id: a, owner: p1, at: '2,6', speed: 5, traits: [Nimble]}\n" + ENEMY_SOUTH
    g = activated(mat(units, options="{nimble_melee_ban: " + ban + "}"), "a")
    events = g.issue({"command": "move", "unit": "a", "use": "Nimble", "path": ["2,5", "2,4", "2,3"]})
    assert ("MeleeBarred" in names(events)) == barred
    if barred:
        with pytest.raises(IllegalCommand, match="Nimble"):
            g.issue({"command": "melee_attack", "unit": "a", "target": "e"})
    else:
        g.issue({"command": "melee_attack", "unit": "a", "target": "e"})


@pytest.mark.parametrize("ban", ["if_passed_through_zone", "if_entered_zone"])
def test_nimble_through_a_zone_and_on_loses_the_melee_attack_under_either_option(ban: str) -> None:
    # seed 001 Nimble: moving through an enemy zone costs the Melee Attack, whatever the option
    units = "    - {id: a, owner: p1, at: '2,6', speed: 5, traits: [Nimble]}\n    - {id: e, owner: p2, at: '3,2', facing: SW}"
    g = activated(mat(units, options="{nimble_melee_ban: " + ban + "}"), "a")
    events = g.issue({"command": "move", "unit": "a", "use": "Nimble", "path": ["2,5", "2,4", "2,3", "2,2"]})
    assert g.state.units["a"].location == "2,2" and "MeleeBarred" in names(events)


def test_lockdown_cancels_harass() -> None:
    # seed 001 Lockdown: "this trait cancels Harass" (Harass read as Nimble, option harass)
    units = "    - {id: a, owner: p1, at: '2,6', speed: 5, traits: [Harass]}\n    - {id: e, owner: p2, at: '2,2', facing: S, traits: [Lockdown]}"
    g = activated(mat(units), "a")
    g.issue({"command": "move", "unit": "a", "use": "Harass", "path": ["2,5", "2,4", "2,3", "1,3"]})
    assert g.state.units["a"].location == "2,3"
    plain = activated(mat(units.replace(", traits: [Lockdown]", "")), "a")
    plain.issue({"command": "move", "unit": "a", "use": "Harass", "path": ["2,5", "2,4", "2,3", "1,3"]})
    assert plain.state.units["a"].location == "1,3"


def test_lockdown_restricts_only_the_units_it_engages() -> None:
    # seed 001 Lockdown: "An enemy unit that is Engaged by this unit cannot perform a Move
    # Action": a unit beside it but outside its zone (behind it) moves its full Speed
    units = "    - {id: a, owner: p1, at: '2,5', speed: 3}\n    - {id: e, owner: p2, at: '2,4', facing: N, traits: [Lockdown]}"
    g = activated(mat(units), "a")
    g.issue({"command": "move", "unit": "a", "path": ["2,6", "2,7", "2,8"]})
    assert g.state.units["a"].location == "2,8"


def test_lockdown_does_not_restrict_displacement() -> None:
    # seed 001 Lockdown: no restriction on movement from other sources, such as Displacement
    units = (
        "    - {id: a, owner: p1, at: '2,5', speed: 3}\n    - {id: f, owner: p1, at: '4,4'}\n"
        "    - {id: e, owner: p2, at: '2,4', facing: S, traits: [Lockdown]}"
    )
    g = game(mat(units))
    g.issue({"command": "displace", "unit": "a", "by": "f", "to": "2,6"})
    assert g.state.units["a"].location == "2,6"


def test_trample_rolls_no_die_for_a_friend_it_passes() -> None:
    # seed 001 Trample: a die "for each hex it moves through occupied by an enemy"; a friendly
    # Infantry hex is passed without one
    units = (
        "    - {id: k, owner: p1, type: Cavalry, at: '2,7', facing: N, speed: 5, traits: [Trample]}\n"
        "    - {id: f, owner: p1, type: Infantry, at: '2,6'}\n"
        "    - {id: e, owner: p2, type: Infantry, at: '2,4', facing: N}"
    )
    g = activated(mat(units), "k")
    events = g.issue({"command": "move", "unit": "k", "use": "Trample", "path": ["2,6", "2,5", "2,4", "2,3"]})
    rolled = [e for e in events if e.name == "DiceRolled"]
    assert [e.purpose for e in rolled] == ["Trample: k through e"]


def test_trample_dice_are_rolled_at_the_end_of_the_movement() -> None:
    # seed 001 Trample: the dice are rolled at the end of the movement: every die after the
    # last step taken
    units = (
        "    - {id: k, owner: p1, type: Cavalry, at: '2,7', facing: N, speed: 5, traits: [Trample]}\n"
        "    - {id: e1, owner: p2, type: Infantry, at: '2,6', facing: N}\n"
        "    - {id: e2, owner: p2, type: Swarm, at: '2,5', facing: N}"
    )
    g = activated(mat(units), "k")
    kinds = names(g.issue({"command": "move", "unit": "k", "use": "Trample", "path": ["2,6", "2,5", "2,4"]}))
    steps = [i for i, kind in enumerate(kinds) if kind == "StepTaken"]
    dice = [i for i, kind in enumerate(kinds) if kind == "DiceRolled"]
    assert len(dice) == 2 and len(steps) == 3 and min(dice) > max(steps)


def test_scout_deploy_is_one_free_move_action() -> None:
    # seed 001 Scout Deploy: "a free Move Action" in the pre-game: one, not one per step
    units = "    - {id: a, owner: p1, at: '2,8', speed: 2, traits: [Scout Deploy]}"
    g = game(mat(units).replace("  width: 7", "  phase: pregame\n  width: 7"))
    g.issue({"command": "scout_move", "unit": "a", "path": ["2,7"]})
    with pytest.raises(IllegalCommand, match="Scout Deploy"):
        g.issue({"command": "scout_move", "unit": "a", "path": ["2,6"]})
    assert g.state.units["a"].location == "2,7"
    assert not [c for c in g.legal_commands() if getattr(c, "command", None) == "scout_move"]


@pytest.mark.parametrize(("to", "why"), [("2,5", "Impassable"), ("3,5", "occupied|through|another unit")])
def test_minimum_move_guarantee_never_opens_an_impassable_or_occupied_hex(to: str, why: str) -> None:
    # seed 002 §8.3: the guarantee lifts Speed and Cost, not §8.1 or Impassable terrain; a
    # unit slowed to Speed 0 still enters the Difficult hex 2,7 (the seed's own example)
    units = "    - {id: a, owner: p1, at: '2,6', speed: 1, tokens: {slow: 1}}\n    - {id: f, owner: p1, at: '3,5'}"
    terrain = "{at: '2,5', type: Lake}, {at: '2,7', type: River}"
    g = activated(mat(units, terrain), "a")
    with pytest.raises(IllegalCommand, match=why):
        g.issue({"command": "move", "unit": "a", "path": [to]})
    g.issue({"command": "move", "unit": "a", "path": ["2,7"]})
    assert g.state.units["a"].location == "2,7"


@pytest.mark.parametrize(("to", "why"), [("2,4", "Impassable"), ("2,5", "occupied")])
def test_flying_never_ends_on_an_impassable_or_occupied_hex(to: str, why: str) -> None:
    # seed 001 Flying (the Teleport mechanic) and seed 002 §8.1: never ending in an occupied hex
    units = "    - {id: a, owner: p1, at: '2,6', speed: 3, traits: [Flying]}\n    - {id: f, owner: p1, at: '2,5'}"
    g = activated(mat(units, "{at: '2,4', type: Lake}"), "a")
    with pytest.raises(IllegalCommand, match=why):
        g.issue({"command": "move", "unit": "a", "use": "Flying", "path": [to]})
    assert g.state.units["a"].location == "2,6"


def test_a_zone_stop_still_allows_the_final_pivot() -> None:
    # seed 002 §8.3: the unit stops in the zone hex "but can still make its final Pivot"
    units = "    - {id: a, owner: p1, at: '2,6', facing: N, speed: 5}\n" + ENEMY_SOUTH
    g = activated(mat(units), "a")
    kinds = names(g.issue({"command": "move", "unit": "a", "path": ["2,5", "2,4", "2,3", "1,3"], "face": "NE"}))
    assert g.state.units["a"].location == "2,3" and g.state.units["a"].facing == "NE"
    assert kinds.index("StepsCancelled") < kinds.index("UnitPivoted")


def test_unstoppable_gives_a_unit_that_starts_engaged_its_full_speed() -> None:
    # seed 001 Unstoppable: a Move Action though it starts Engaged (§8.2's one hex does not hold)
    units = "    - {id: a, owner: p1, at: '2,3', facing: N, speed: 4, traits: [Unstoppable]}\n" + ENEMY_SOUTH
    g = activated(mat(units), "a")
    g.issue({"command": "move", "unit": "a", "path": ["2,4", "2,5", "2,6", "2,7"]})
    assert g.state.units["a"].location == "2,7"


def test_combat_shift_god_s_push_is_not_stopped_by_lockdown() -> None:
    # seed 001 Combat Shift (eligible while Engaged) and Lockdown (only the Move Action): the
    # God's Push hex is no Move Action (docs/godsgloom.md), so a Lockdown enemy does not stop it
    units = "    - {id: a, owner: p1, at: '2,3', traits: [Combat Shift]}\n" + ENEMY_SOUTH.replace("}", ", traits: [Lockdown]}")
    g = game(mat(units))
    g.issue({"command": "end_round"})
    g.issue({"command": "gods_push_move", "unit": "a", "to": "2,4"})
    assert g.state.units["a"].location == "2,4"


def test_scout_deploy_moves_only_in_the_pre_game_and_only_units_with_the_trait() -> None:
    # seed 001 Scout Deploy: a free Move Action "during the Pre-Game Sequence", for a unit with it
    units = "    - {id: a, owner: p1, at: '2,8', speed: 2, traits: [Scout Deploy]}\n    - {id: b, owner: p1, at: '4,6', speed: 2}"
    pre = game(mat(units).replace("  width: 7", "  phase: pregame\n  width: 7"))
    with pytest.raises(IllegalCommand, match="Scout Deploy"):
        pre.issue({"command": "scout_move", "unit": "b", "path": ["4,5"]})
    in_round = game(mat(units))
    with pytest.raises(IllegalCommand, match="pregame"):
        in_round.issue({"command": "scout_move", "unit": "a", "path": ["2,7"]})
    assert pre.state.units["b"].location == "4,6" and in_round.state.units["a"].location == "2,8"


def test_an_occupied_zone_hex_passed_by_skirmish_does_not_end_the_move() -> None:
    # seed 002 §8.3 stops a unit that enters an *Empty* hex of an enemy zone; a friend's hex in
    # the zone, passed by Skirmish (§8.1 exception II), is not one
    units = (
        "    - {id: a, owner: p1, at: '2,6', facing: N, speed: 5}\n"
        "    - {id: s, owner: p1, at: '3,2', traits: [Skirmish]}\n" + ENEMY_SOUTH
    )
    g = activated(mat(units), "a")
    g.issue({"command": "move", "unit": "a", "path": ["2,5", "3,4", "3,3", "3,2", "4,1"]})
    assert g.state.units["a"].location == "4,1"
