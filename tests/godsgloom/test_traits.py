"""The twelve movement traits of GODSGLOOM §18.2 (seed 001), each with its timing kind."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from domain.rulesets.godsgloom.catalog import TRAITS
from tests.godsgloom.test_movement_rules import activated, mat
from tests.helpers import game, names, reach

SEED_TIMING = {
    "Breakaway": "action",
    "Combat Shift": "triggered",
    "Flying": "active",
    "Ignore Difficult": "passive",
    "Immovable": "passive",
    "Lockdown": "passive",
    "Nimble": "active",
    "Scout Deploy": "active",
    "Skirmish": "passive",
    "Tireless": "triggered",
    "Trample": "active",
    "Unstoppable": "passive",
}


def test_every_trait_keeps_the_seeds_timing_kind() -> None:
    for name, timing in SEED_TIMING.items():
        assert TRAITS[name].timing == timing


def test_breakaway_leaves_an_engagement_with_the_full_move() -> None:
    units = "    - {id: a, owner: p1, at: '2,5', speed: 4, traits: [Breakaway]}\n    - {id: e, owner: p2, at: '2,4', facing: S}"
    g = activated(mat(units), "a")
    g.issue({"command": "move", "unit": "a", "use": "Breakaway", "path": ["2,6", "2,7", "3,6"]})
    assert g.state.units["a"].location == "3,6"


def test_without_breakaway_an_engaged_unit_moves_one_hex() -> None:
    units = "    - {id: a, owner: p1, at: '2,5', speed: 4}\n    - {id: e, owner: p2, at: '2,4', facing: S}"
    g = activated(mat(units), "a")
    with pytest.raises(IllegalCommand, match="at most 1 hex"):
        g.issue({"command": "move", "unit": "a", "path": ["2,6", "2,7"]})


def test_flying_teleports_up_to_speed_over_units_and_terrain() -> None:
    units = "    - {id: a, owner: p1, at: '2,6', speed: 3, traits: [Flying]}\n    - {id: e, owner: p2, at: '2,5', facing: N}"
    g = activated(mat(units, "{at: '2,4', type: Cliffs}"), "a")
    events = g.issue({"command": "move", "unit": "a", "use": "Flying", "path": ["2,3"]})
    assert "UnitTeleported" in names(events) and "StepTaken" not in names(events)
    assert g.state.units["a"].location == "2,3"


def test_flying_is_limited_to_speed_hexes() -> None:
    g = activated(mat("    - {id: a, owner: p1, at: '2,6', speed: 3, traits: [Flying]}"), "a")
    with pytest.raises(IllegalCommand, match="at most Speed"):
        g.issue({"command": "move", "unit": "a", "use": "Flying", "path": ["2,2"]})


def test_flying_cannot_be_used_while_engaged() -> None:
    units = "    - {id: a, owner: p1, at: '2,5', speed: 3, traits: [Flying]}\n    - {id: e, owner: p2, at: '2,4', facing: S}"
    g = activated(mat(units), "a")
    with pytest.raises(IllegalCommand, match="while Engaged"):
        g.issue({"command": "move", "unit": "a", "use": "Flying", "path": ["2,7"]})


def test_ignore_difficult_pays_one_mp_for_difficult_hexes() -> None:
    terrain = "{at: '2,5', type: Swamp}, {at: '2,4', type: Swamp}"
    g = activated(mat("    - {id: a, owner: p1, at: '2,6', speed: 2, traits: [Ignore Difficult]}", terrain), "a")
    assert reach(g, "a").path_to("2,4") == ["2,6", "2,5", "2,4"]


def test_immovable_units_cannot_be_displaced_by_enemies() -> None:
    units = "    - {id: a, owner: p1, at: '2,5', traits: [Immovable]}\n    - {id: e, owner: p2, at: '2,4', facing: S}\n    - {id: f, owner: p1, at: '1,6'}"
    g = game(mat(units))
    with pytest.raises(IllegalCommand, match="Immovable"):
        g.issue({"command": "displace", "unit": "a", "by": "e", "to": "2,6"})
    g.issue({"command": "displace", "unit": "a", "by": "f", "to": "2,6"})
    assert g.state.units["a"].location == "2,6"


def test_lockdown_forbids_the_move_action_of_units_it_engages() -> None:
    units = "    - {id: a, owner: p1, at: '2,5', traits: [Breakaway, Unstoppable]}\n    - {id: e, owner: p2, at: '2,4', facing: S, traits: [Lockdown]}"
    g = activated(mat(units), "a")
    assert reach(g, "a").reachable == []
    for use in (None, "Breakaway"):
        with pytest.raises(IllegalCommand, match="Lockdown"):
            g.issue({"command": "move", "unit": "a", "path": ["2,6"], "use": use})


def test_lockdown_negates_nimble() -> None:
    units = "    - {id: a, owner: p1, at: '2,7', speed: 5, traits: [Nimble]}\n    - {id: e, owner: p2, at: '2,3', facing: S, traits: [Lockdown]}"
    g = activated(mat(units), "a")
    g.issue({"command": "move", "unit": "a", "use": "Nimble", "path": ["2,6", "2,5", "2,4", "1,4"]})
    assert g.state.units["a"].location == "2,4"


def test_nimble_passes_through_zones_and_then_cannot_melee() -> None:
    units = "    - {id: a, owner: p1, at: '2,7', speed: 5, traits: [Nimble]}\n    - {id: e, owner: p2, at: '3,3', facing: SW}"
    g = activated(mat(units), "a")
    g.issue({"command": "move", "unit": "a", "use": "Nimble", "path": ["2,6", "2,5", "2,4", "2,3", "2,2"]})
    assert g.state.units["a"].location == "2,2"
    with pytest.raises(IllegalCommand, match="Nimble"):
        g.issue({"command": "melee_attack", "unit": "a", "target": "e"})


def test_nimble_does_not_work_for_a_unit_that_starts_engaged() -> None:
    units = "    - {id: a, owner: p1, at: '2,5', speed: 5, traits: [Nimble]}\n    - {id: e, owner: p2, at: '2,4', facing: S}"
    g = activated(mat(units), "a")
    with pytest.raises(IllegalCommand, match="at most 1 hex"):
        g.issue({"command": "move", "unit": "a", "use": "Nimble", "path": ["2,6", "2,7"]})


def test_scout_deploy_moves_before_the_game_but_not_into_an_engagement() -> None:
    units = "    - {id: a, owner: p1, at: '2,7', speed: 4, traits: [Scout Deploy]}\n    - {id: e, owner: p2, at: '2,3', facing: S}"
    g = game(mat(units).replace("  width: 7", "  phase: pregame\n  width: 7"))
    with pytest.raises(IllegalCommand, match="Engaged"):
        g.issue({"command": "scout_move", "unit": "a", "path": ["2,6", "2,5", "2,4"]})
    g.issue({"command": "scout_move", "unit": "a", "path": ["2,6", "2,5"]})
    assert g.state.units["a"].location == "2,5"


def test_skirmish_lets_friends_through_in_both_directions() -> None:
    units = "    - {id: a, owner: p1, at: '2,7'}\n    - {id: s, owner: p1, at: '2,6', traits: [Skirmish]}"
    g = activated(mat(units), "a")
    g.issue({"command": "move", "unit": "a", "path": ["2,6", "2,5"]})
    assert g.state.units["a"].location == "2,5"


def gods_push(units: str):  # type: ignore[no-untyped-def]
    g = game(mat(units))
    g.issue({"command": "end_round"})
    return g


def test_combat_shift_makes_an_engaged_unit_eligible_in_the_gods_push() -> None:
    units = "    - {id: a, owner: p1, at: '2,5', traits: [Combat Shift]}\n    - {id: b, owner: p1, at: '1,5'}\n    - {id: e, owner: p2, at: '2,4', facing: S}"
    g = gods_push(units)
    with pytest.raises(IllegalCommand, match="Engaged unit is not eligible"):
        g.issue({"command": "gods_push_move", "unit": "b", "to": "1,6"})
    events = g.issue({"command": "gods_push_move", "unit": "a", "to": "2,6"})
    assert events[1].eligible_because == "Combat Shift"


def test_combat_shift_needs_the_unit_unactivated_this_round_even_with_tireless() -> None:
    """Seed 001, Combat Shift: eligible though Engaged, the unit still unactivated this round;
    Tireless lifts "unactivated" only. An activated, Engaged unit with both is not eligible:
    refused, and not among the legal commands."""
    units = "    - {id: a, owner: p1, at: '2,5', activated: true, traits: [Combat Shift, Tireless]}\n    - {id: e, owner: p2, at: '2,4', facing: S}"
    g = gods_push(units)
    with pytest.raises(IllegalCommand, match="Combat Shift.*unactivated"):
        g.issue({"command": "gods_push_move", "unit": "a", "to": "2,6"})
    assert not [c for c in g.legal_commands() if getattr(c, "unit", None) == "a"]


def test_tireless_moves_one_hex_in_the_gods_push_though_activated() -> None:
    units = "    - {id: a, owner: p1, at: '2,6', activated: true, traits: [Tireless]}\n    - {id: b, owner: p1, at: '4,4', activated: true}"
    g = gods_push(units)
    with pytest.raises(IllegalCommand, match="Tireless lifts this"):
        g.issue({"command": "gods_push_move", "unit": "b", "to": "4,3"})
    with pytest.raises(IllegalCommand, match="not adjacent"):
        g.issue({"command": "gods_push_move", "unit": "a", "to": "2,4"})
    g.issue({"command": "gods_push_move", "unit": "a", "to": "2,5"})
    assert g.state.units["a"].location == "2,5"


def test_triggered_traits_play_no_part_in_the_lookahead() -> None:
    units = "    - {id: a, owner: p1, at: '2,5', traits: [Combat Shift, Tireless]}\n    - {id: e, owner: p2, at: '2,4', facing: S}"
    plain = "    - {id: a, owner: p1, at: '2,5'}\n    - {id: e, owner: p2, at: '2,4', facing: S}"
    assert reach(game(mat(units)), "a").reachable == reach(game(mat(plain)), "a").reachable


def test_trample_moves_through_infantry_and_swarm_and_rolls_per_enemy_passed() -> None:
    units = (
        "    - {id: k, owner: p1, type: Cavalry, at: '2,7', speed: 5, traits: [Trample]}\n"
        "    - {id: swarm, owner: p1, type: Swarm, at: '2,6'}\n"
        "    - {id: foot, owner: p2, type: Infantry, at: '2,5', facing: S, wounds: 1}\n"
        "    - {id: foot2, owner: p2, type: Infantry, at: '2,4', facing: S, wounds: 1}"
    )
    g = activated(mat(units), "k")
    events = g.issue({"command": "move", "unit": "k", "use": "Trample", "path": ["2,6", "2,5", "2,4", "2,3"]})
    rolls = [e for e in events if e.name == "DiceRolled"]
    assert [e.purpose for e in rolls] == ["Trample: k through foot", "Trample: k through foot2"]
    successes = sum(1 for e in rolls if e.results[0] >= 4)
    assert sum(e.wounds for e in events if e.name == "WoundsSuffered") == successes
    assert names(events).index("DiceRolled") > names(events).index("MoveEnded")  # rolled at the end


def test_trample_rolls_once_for_an_enemy_hex_however_often_the_path_passes_it() -> None:
    """Seed 001, Trample: one Attack Die for each hex moved through occupied by an enemy; a path
    through the pikemen, away and back through them rolls one die, not two."""
    units = (
        "    - {id: k, owner: p1, type: Cavalry, at: '2,5', speed: 5, traits: [Trample]}\n"
        "    - {id: foot, owner: p2, type: Infantry, at: '2,4', facing: NE, wounds: 9}"
    )
    g = activated(mat(units), "k")
    events = g.issue({"command": "move", "unit": "k", "use": "Trample", "path": ["2,4", "1,4", "2,4", "2,5"]})
    assert [e.purpose for e in events if e.name == "DiceRolled"] == ["Trample: k through foot"]


def test_trample_cannot_pass_a_monster() -> None:
    units = "    - {id: k, owner: p1, type: Cavalry, at: '2,7', speed: 5, traits: [Trample]}\n    - {id: m, owner: p2, type: Monster, at: '2,6', facing: N}"
    g = activated(mat(units), "k")
    with pytest.raises(IllegalCommand, match="Trample passes only"):
        g.issue({"command": "move", "unit": "k", "use": "Trample", "path": ["2,6", "2,5"]})


def test_trample_rolls_are_recorded_so_replays_never_roll_again() -> None:
    from projections.state_hash import fold

    units = "    - {id: k, owner: p1, type: Cavalry, at: '2,7', speed: 5, traits: [Trample]}\n    - {id: foot, owner: p2, type: Infantry, at: '2,6', facing: N, wounds: 1}"
    g = activated(mat(units), "k")
    g.issue({"command": "move", "unit": "k", "use": "Trample", "path": ["2,6", "2,5"]})
    assert fold(g.pending_events).units["foot"].alive == g.state.units["foot"].alive  # type: ignore[arg-type]


def test_unstoppable_moves_while_engaged_through_zones_then_cannot_melee() -> None:
    units = (
        "    - {id: a, owner: p1, at: '2,5', speed: 4, traits: [Unstoppable]}\n"
        "    - {id: e, owner: p2, at: '2,4', facing: S}\n"
        "    - {id: f, owner: p2, at: '1,7', facing: NE}"
    )
    g = activated(mat(units), "a")
    g.issue({"command": "move", "unit": "a", "path": ["2,6", "2,7", "3,6"]})
    assert g.state.units["a"].location == "3,6"
    with pytest.raises(IllegalCommand, match="Unstoppable"):
        g.issue({"command": "melee_attack", "unit": "a", "target": "f"})


#: a has Unstoppable and Breakaway and stands in e's zone (Engaged); f's zone covers 2,7, 3,6 and 4,6
UNSTOPPABLE_BREAKAWAY = (
    "    - {id: a, owner: p1, at: '3,5', facing: N, speed: 4, traits: [Unstoppable, Breakaway]}\n"
    "    - {id: e, owner: p2, at: '3,4', facing: S}\n"
    "    - {id: f, owner: p2, at: '3,7', facing: N}"
)


def test_unstoppable_melee_ban_when_used_spares_a_breakaway_move_that_passed_no_zone() -> None:
    """Seed 001: Unstoppable costs the Melee Attack, Breakaway costs nothing. Under the default
    unstoppable_melee_ban: when_used, a unit that starts Engaged and leaves by Breakaway has not
    used Unstoppable unless it moved on through a zone (which only Unstoppable lets it do)."""
    g = activated(mat(UNSTOPPABLE_BREAKAWAY), "a")
    events = g.issue({"command": "move", "unit": "a", "use": "Breakaway", "path": ["3,6"]})
    assert g.state.units["a"].location == "3,6" and "MeleeBarred" not in names(events)
    g.issue({"command": "melee_attack", "unit": "a", "target": "f"})


def test_unstoppable_melee_ban_when_used_holds_a_breakaway_move_that_passed_a_zone() -> None:
    g = activated(mat(UNSTOPPABLE_BREAKAWAY), "a")
    events = g.issue({"command": "move", "unit": "a", "use": "Breakaway", "path": ["3,6", "4,6", "5,5"]})
    assert g.state.units["a"].location == "5,5"
    assert [e.rule for e in events if e.name == "MeleeBarred"] == ["Unstoppable: it used the trait to move"]


def test_unstoppable_melee_ban_when_used_holds_the_move_unstoppable_gave_an_engaged_unit() -> None:
    g = activated(mat(UNSTOPPABLE_BREAKAWAY), "a")
    events = g.issue({"command": "move", "unit": "a", "path": ["3,6"]})
    assert "MeleeBarred" in names(events)
    with pytest.raises(IllegalCommand, match="Unstoppable"):
        g.issue({"command": "melee_attack", "unit": "a", "target": "f"})
