"""GODSGLOOM §8 movement mechanic: moving through units, Engaged, Engagement Zones, the Minimum
Move Guarantee (seed 002)."""

from __future__ import annotations

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.godsgloom.hexgrid import Hex, distance, front_arc, rectangle
from tests.helpers import game, names, reach

MAT = """
title: mat
ruleset: godsgloom
options: {options}
setup:
  width: 7
  height: 10
  terrain: [{terrain}]
  units:
{units}
"""


def mat(units: str, terrain: str = "", options: str = "{}") -> str:
    return MAT.format(units=units, terrain=terrain, options=options)


def activated(text: str, unit: str):  # type: ignore[no-untyped-def]
    g = game(text)
    g.issue({"command": "activate", "unit": unit})
    return g


def test_front_arc_is_the_faced_edge_and_its_two_neighbours() -> None:
    assert front_arc(0) == (5, 0, 1)
    assert front_arc(3) == (2, 3, 4)


def test_hex_distance_and_the_rectangular_mat() -> None:
    assert distance(Hex(0, 0), Hex(2, -1)) == 2
    assert len(rectangle(10, 9)) == 90


def test_moving_costs_one_mp_per_clear_hex_up_to_speed() -> None:
    g = activated(mat("    - {id: a, owner: p1, at: '2,6', speed: 3}"), "a")
    answer = reach(g, "a")
    assert "2,3" in answer and "2,2" not in answer


def test_difficult_hex_costs_two_mp() -> None:
    g = activated(mat("    - {id: a, owner: p1, at: '2,6', speed: 3}", "{at: '2,5', type: River}"), "a")
    assert reach(g, "a").costs["2,5"] == 2
    with pytest.raises(IllegalCommand, match="needs 4 MP"):
        g.issue({"command": "move", "unit": "a", "path": ["2,5", "2,4", "2,3"]})


def test_impassable_hexes_cannot_be_entered() -> None:
    g = activated(mat("    - {id: a, owner: p1, at: '2,6', speed: 3}", "{at: '2,5', type: Lake}"), "a")
    with pytest.raises(IllegalCommand, match="Impassable"):
        g.issue({"command": "move", "unit": "a", "path": ["2,5"]})


def test_minimum_move_guarantee_lets_a_slowed_unit_enter_a_difficult_hex() -> None:
    text = mat("    - {id: a, owner: p1, at: '2,6', speed: 2, tokens: {slow: 1}}", "{at: '2,5', type: River}")
    g = activated(text, "a")
    events = g.issue({"command": "move", "unit": "a", "path": ["2,5"]})
    assert [e.to for e in events if e.name == "StepTaken"] == ["2,5"]
    assert next(e for e in events if e.name == "MoveActionStarted").movement_points == 1


def test_minimum_move_guarantee_is_only_one_hex() -> None:
    text = mat("    - {id: a, owner: p1, at: '2,6', speed: 2, tokens: {slow: 1}}", "{at: '2,5', type: River}")
    g = activated(text, "a")
    with pytest.raises(IllegalCommand, match="Movement Points"):
        g.issue({"command": "move", "unit": "a", "path": ["2,5", "2,4"]})


def test_a_unit_may_not_move_through_another_unit() -> None:
    units = "    - {id: a, owner: p1, at: '2,6'}\n    - {id: b, owner: p2, at: '2,5', facing: S}"
    g = activated(mat(units), "a")
    with pytest.raises(IllegalCommand, match="§8.1"):
        g.issue({"command": "move", "unit": "a", "path": ["2,5", "2,4"]})


def test_a_unit_never_ends_its_move_in_an_occupied_hex() -> None:
    units = "    - {id: a, owner: p1, at: '2,6', traits: [Skirmish]}\n    - {id: b, owner: p1, at: '2,5'}"
    g = activated(mat(units), "a")
    with pytest.raises(IllegalCommand, match="never end"):
        g.issue({"command": "move", "unit": "a", "path": ["2,5"]})
    assert "2,5" not in reach(g, "a") and "2,4" in reach(g, "a")


def test_skirmish_never_lets_a_unit_through_an_enemy() -> None:
    units = "    - {id: a, owner: p1, at: '2,6', traits: [Skirmish]}\n    - {id: b, owner: p2, at: '2,5', facing: S}"
    g = activated(mat(units), "a")
    with pytest.raises(IllegalCommand, match="§8.1"):
        g.issue({"command": "move", "unit": "a", "path": ["2,5", "2,4"]})


def test_a_unit_that_starts_engaged_moves_at_most_one_hex_and_cannot_melee() -> None:
    units = "    - {id: a, owner: p1, at: '2,5'}\n    - {id: e, owner: p2, at: '2,4', facing: S}"
    g = activated(mat(units), "a")
    assert sorted(reach(g, "a").reachable) == ["1,5", "1,6", "2,5", "2,6", "3,4", "3,5"]
    g.issue({"command": "move", "unit": "a", "path": ["2,6"]})
    with pytest.raises(IllegalCommand, match="§8.2"):
        g.issue({"command": "melee_attack", "unit": "a", "target": "e"})


def test_a_unit_not_engaged_may_melee_after_moving() -> None:
    units = "    - {id: a, owner: p1, at: '2,6'}\n    - {id: e, owner: p2, at: '2,4', facing: N}"
    g = activated(mat(units), "a")
    g.issue({"command": "move", "unit": "a", "path": ["2,5"]})
    events = g.issue({"command": "melee_attack", "unit": "a", "target": "e"})
    assert names(events)[-1] == "MeleeAttackDeclared"


def test_entering_an_enemy_engagement_zone_ends_the_move_and_engages() -> None:
    units = "    - {id: a, owner: p1, at: '2,6', speed: 6}\n    - {id: e, owner: p2, at: '2,2', facing: S}"
    g = activated(mat(units), "a")
    events = g.issue({"command": "move", "unit": "a", "path": ["2,5", "2,4", "2,3", "3,2"], "face": "NE"})
    assert g.state.units["a"].location == "2,3"
    assert next(e for e in events if e.name == "UnitEngaged").by == ["e"]
    assert next(e for e in events if e.name == "StepsCancelled").steps == 1
    assert names(events)[-1] == "UnitPivoted"  # the final pivot is still allowed


def test_hexes_outside_the_front_arc_are_not_in_the_engagement_zone() -> None:
    units = "    - {id: a, owner: p1, at: '2,6', speed: 6}\n    - {id: e, owner: p2, at: '2,2', facing: N}"
    g = activated(mat(units), "a")
    g.issue({"command": "move", "unit": "a", "path": ["2,5", "2,4", "2,3"]})
    assert g.state.units["a"].location == "2,3"  # behind e: no stop, no engagement


def test_all_adjacent_engagement_zone_option() -> None:
    units = "    - {id: a, owner: p1, at: '2,6', speed: 6}\n    - {id: e, owner: p2, at: '2,2', facing: N}"
    g = activated(mat(units, options="{engagement_zone: all_adjacent}"), "a")
    events = g.issue({"command": "move", "unit": "a", "path": ["2,5", "2,4", "2,3", "3,2"]})
    assert g.state.units["a"].location == "2,3" and "UnitEngaged" in names(events)


def test_why_names_the_hex_where_the_zone_stops_the_move() -> None:
    units = "    - {id: a, owner: p1, at: '2,6', speed: 6, traits: [Nimble]}\n    - {id: e, owner: p2, at: '2,2', facing: S}"
    g = activated(mat(units), "a")
    reasons = " ".join(str(r) for r in reach(g, "a").why_not("2,1"))
    assert "in the Engagement Zone of e, ends the move" in reasons
    assert "Nimble would let it through" in reasons


def test_a_zone_stop_does_not_say_nimble_would_help_a_unit_that_started_engaged() -> None:
    """§18.2 Nimble doesn't work for a unit that started its activation Engaged: the reason a
    Breakaway move of such a unit stopped in another zone must not offer it."""
    units = (
        "    - {id: a, owner: p1, at: '2,2', facing: N, speed: 5, traits: [Breakaway, Nimble]}\n"
        "    - {id: ogres, owner: p2, type: Monster, at: '2,1', facing: S}\n"
        "    - {id: trolls, owner: p2, type: Monster, at: '1,5', facing: SE}"
    )
    g = activated(mat(units), "a")
    events = g.issue({"command": "move", "unit": "a", "use": "Breakaway", "path": ["2,3", "2,4", "2,5"]})
    cancelled = [e for e in events if type(e).__name__ == "StepsCancelled"]
    assert g.state.units["a"].location == "2,4" and cancelled
    assert "Engagement Zone of trolls, ends the move" in cancelled[0].reason
    assert "Nimble" not in cancelled[0].reason


def test_a_second_move_action_is_refused() -> None:
    g = activated(mat("    - {id: a, owner: p1, at: '2,6'}"), "a")
    g.issue({"command": "move", "unit": "a", "path": ["2,5"]})
    with pytest.raises(IllegalCommand, match="one Move Action"):
        g.issue({"command": "move", "unit": "a", "path": ["2,4"]})


def test_an_activated_unit_cannot_move_again_this_round() -> None:
    g = activated(mat("    - {id: a, owner: p1, at: '2,6'}\n    - {id: b, owner: p1, at: '4,4'}"), "a")
    g.issue({"command": "end_activation"})
    with pytest.raises(IllegalCommand, match="already activated"):
        g.issue({"command": "move", "unit": "a", "path": ["2,5"]})
    with pytest.raises(IllegalCommand, match="already activated"):
        g.issue({"command": "activate", "unit": "a"})


def test_players_alternate_activations() -> None:
    units = "    - {id: a, owner: p1, at: '2,6'}\n    - {id: b, owner: p1, at: '4,4'}\n    - {id: c, owner: p2, at: '6,0'}"
    g = activated(mat(units), "a")
    g.issue({"command": "end_activation"})
    with pytest.raises(IllegalCommand, match="p2 nominates next"):
        g.issue({"command": "activate", "unit": "b"})


def test_bad_facing_unknown_trait_and_unknown_hex_are_bad_input() -> None:
    with pytest.raises(BadInput, match="unknown facing 'UP'"):
        game(mat("    - {id: a, owner: p1, at: '2,6', facing: UP}"))
    with pytest.raises(BadInput, match="unknown trait 'Teleport'"):
        game(mat("    - {id: a, owner: p1, at: '2,6', traits: [Teleport]}"))
    with pytest.raises(BadInput, match="off the"):
        game(mat("    - {id: a, owner: p1, at: '40,6'}"))
    g = activated(mat("    - {id: a, owner: p1, at: '2,6'}"), "a")
    with pytest.raises(BadInput, match="unknown facing"):
        g.issue({"command": "move", "unit": "a", "path": ["2,5"], "face": "west"})


def test_the_move_action_comes_before_the_standard_action() -> None:
    """Digest UAP.30: an activation's Move Action, then one Standard Action. After a Melee
    Attack the unit may not move (the command is refused citing UAP.30, and no move is listed);
    before it, it may, and may attack after moving."""
    units = (
        "    - {id: a, owner: p1, at: '3,4', facing: N, speed: 4}\n"
        "    - {id: e, owner: p2, at: '3,3', facing: N}"  # its back to a: a is not Engaged
    )
    attacked = activated(mat(units), "a")
    attacked.issue({"command": "melee_attack", "unit": "a", "target": "e"})
    assert not any(getattr(c, "command", "") == "move" for c in attacked.legal_commands())
    with pytest.raises(IllegalCommand, match="UAP.30") as refused:
        attacked.issue({"command": "move", "unit": "a", "path": ["3,5"]})
    assert "the Move Action comes before the Standard Action" in str(refused.value)
    assert attacked.state.units["a"].location == "3,4"
    moved = activated(mat(units), "a")
    assert any(getattr(c, "command", "") == "move" for c in moved.legal_commands())
    moved.issue({"command": "move", "unit": "a", "path": []})  # pivots only: a Move Action all the same
    moved.issue({"command": "melee_attack", "unit": "a", "target": "e"})
