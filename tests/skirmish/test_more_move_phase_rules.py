"""More of the skirmish Move Phase (seed 004), one test per rule or reading: what follows a Jump
Across, leaving a melee, ladders and climbs that can't be finished, jumping down over terrain and
units, moving through held allies, the ledge check, and how a fall changes a unit's state."""

from __future__ import annotations

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.skirmish.table import parse_spot
from tests.helpers import game, names, reach
from tests.skirmish.tables import first_roll, scenario, seed_where
from tests.skirmish.test_move_phase import table


def test_after_a_jump_across_the_move_goes_on_only_with_the_movement_left() -> None:
    short = table("    - {id: a, side: p1, at: '9.9,5.9@tower', move: 4}")
    path = [{"to": "10.6,6.3@near", "via": "jump_across"}, {"to": "13.4,9@near"}]  # 0.81" + 3.89"
    events = short.issue({"command": "move", "unit": "a", "path": path})
    cancelled = next(e for e in events if e.name == "StepsCancelled")
    assert "too far" in cancelled.reason and cancelled.steps == 1
    assert short.state.units["a"].location == "10.6,6.3@near"
    enough = table("    - {id: a, side: p1, at: '9.9,5.9@tower', move: 4}")
    enough.issue({"command": "move", "unit": "a", "path": [path[0], {"to": "12,7@near"}]})  # 0.81" + 1.57"
    assert enough.state.units["a"].location == "12,7@near"


def test_a_jump_across_longer_than_the_movement_left_fails_outright() -> None:
    g = table("    - {id: a, side: p1, at: '8.5,5.5@tower', move: 2}")
    path = ["9.9,5.5@tower", {"to": "11,7@near", "via": "jump_across"}]  # 1.4" walked, then a 1.86" jump
    events = g.issue({"command": "move", "unit": "a", "path": path})
    assert next(e for e in events if e.name == "JumpMeasured").outcome == "automatic failure"
    assert "CheckMade" not in names(events)
    fell = next(e for e in events if e.name == "UnitFell")
    assert fell.frm == "9.9,5.5@tower" and "only 0.60\" are left" in fell.reason
    assert events[-1].name == "MoveEnded" and events[-1].steps_taken == 1


def test_leaving_a_melee_whose_enemies_are_all_stunned_or_dazed_ends_the_engagement() -> None:
    units = (
        "    - {id: a, side: p1, at: '25,10', engaged_with: [f, g]}\n"
        "    - {id: f, side: p2, at: '26,10', states: [dazed], engaged_with: [a]}\n"
        "    - {id: g, side: p2, at: '25,11', states: [stunned], engaged_with: [a]}"
    )
    g = table(units)
    events = g.issue({"command": "move", "unit": "a", "path": ["23,8"]})
    left = next(e for e in events if e.name == "MeleeLeft")
    assert left.enemies == ["f", "g"]
    assert [g.state.units[u].engaged_with for u in ("a", "f", "g")] == [[], [], []]


def test_no_ending_half_way_up_a_ladder() -> None:
    """Move Phase, Ladders: a unit may not end its movement halfway up a ladder. The refusal
    names that rule; it said "a climb it can't finish this turn", as if the ladder were a climb
    (which needs a check a ladder does not)."""
    g = table("    - {id: a, side: p1, at: '5.5,4', move: 3}")  # the ladder needs 3" up and 1" across
    with pytest.raises(IllegalCommand, match="Move Phase, Ladders: too far: a unit may not end its movement halfway up a ladder") as refused:
        g.issue({"command": "move", "unit": "a", "path": [{"to": "6.5,4@tower", "via": "ladder"}]})
    assert "climb" not in str(refused.value)
    assert g.state.units["a"].location == "5.5,4"


def test_ladders_the_lookahead_names_the_ladders_rule_as_the_move_command_does() -> None:
    """Move Phase, Ladders: ``sim why`` for a ladder the unit can't finish (example 51's porter)
    named plain "Move Phase" while the move command refuses it under "Move Phase, Ladders": the
    lookahead's too-far reason cites the same rule and text."""
    g = table("    - {id: a, side: p1, at: '5.5,4', move: 3}")  # the ladder needs 3" up and 1" across
    found = reach(g, "a").answer("6.5,4@tower")  # type: ignore[attr-defined]
    assert not found.reachable
    texts = [str(r) for r in found.reasons]
    assert any(t.startswith("Move Phase, Ladders: too far: a unit may not end its movement halfway up a ladder") for t in texts), texts


def test_ladders_the_lookahead_names_the_rule_of_the_leg_where_the_allowance_runs_out() -> None:
    """Move Phase, Ladders: ``sim why`` for a point past the top of a ladder the unit can't finish
    (example 51, ``--unit porter --to 7.5,4@tower``) said "Move Phase: too far", naming the walk
    on the roof, its last leg, while the move command refuses the ladder under "Move Phase,
    Ladders": the allowance runs out on the ladder, and its rule is named."""
    g = table("    - {id: a, side: p1, at: '5.5,4', move: 3}")
    found = reach(g, "a").answer("7.5,4@tower")  # type: ignore[attr-defined]
    assert not found.reachable
    texts = [str(r) for r in found.reasons]
    assert any(t.startswith("Move Phase, Ladders: too far: a unit may not end its movement halfway up a ladder") for t in texts), texts


def test_running_up_a_ladder_needs_no_check() -> None:
    g = table("    - {id: a, side: p1, at: '3,4', move: 6}")  # 2.5" + 3" up and 1" across + 2": 8.5" of 9"
    events = g.issue({"command": "run", "unit": "a", "path": ["5.5,4", {"to": "6.5,4@tower", "via": "ladder"}, "8.5,4@tower"]})
    assert "CheckMade" not in names(events) and g.state.units["a"].location == "8.5,4@tower"


YARD = scenario("yard", width=20, depth=10, seed=None, body="""
  surfaces:
    - {id: roof, rect: [6, 0, 4, 8], height: 3}
  obstacles:
    - {rect: [10.5, 2, 0.5, 1], height: 4}
    - {rect: [10.5, 5, 0.5, 1], height: 2}
  units:
    - {id: a, side: p1, at: "9.8,2.5@roof"}
    - {id: b, side: p1, at: "9.8,5.5@roof"}
""")


def test_jump_down_only_over_terrain_no_higher_than_the_start() -> None:
    g = game(YARD)
    with pytest.raises(IllegalCommand, match="no higher than where it starts"):
        g.issue({"command": "move", "unit": "a", "path": [{"to": "12,2.5", "via": "jump_down"}]})  # over a 4" statue
    events = g.issue({"command": "move", "unit": "b", "path": [{"to": "12,5.5", "via": "jump_down"}]})  # a 2" crate
    assert next(e for e in events if e.name == "StepTaken").to == "12,5.5"


def test_jumping_down_over_an_enemy() -> None:
    seed = seed_where(lambda s: first_roll(s) >= 10)
    g = table("    - {id: a, side: p1, at: '9.5,2@tower', agility: 10}\n    - {id: e, side: p2, at: '10.8,2'}", seed)
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "12.3,2", "via": "jump_down"}]})
    assert g.state.units["a"].location == "12.3,2" and "UnitFell" not in names(events)
    walker = table("    - {id: a, side: p1, at: '12.3,4'}\n    - {id: e, side: p2, at: '12.3,2'}")
    with pytest.raises(IllegalCommand, match="never through enemies"):
        walker.issue({"command": "move", "unit": "a", "path": ["12.3,0.2"]})


@pytest.mark.parametrize("state", ["engaged_with: [foe]", "states: [dazed]", "states: [stunned]"])
def test_no_moving_through_an_ally_that_is_engaged_stunned_or_dazed(state: str) -> None:
    units = (
        "    - {id: a, side: p1, at: '1,18'}\n"
        f"    - {{id: ally, side: p1, at: '3,18', {state}}}\n"
        f"    - {{id: foe, side: p2, at: '3,19.5'{', engaged_with: [ally]' if 'engaged' in state else ''}}}"  # (mutual)
    )
    g = table(units)
    with pytest.raises(IllegalCommand, match="through allies only when they are not Engaged, Stunned or Dazed"):
        g.issue({"command": "move", "unit": "a", "path": ["5,18"]})


def test_an_incapacitated_ally_may_be_moved_through_unless_the_option_forbids_it() -> None:
    """Seed 004 lists Engaged, Stunned and Dazed allies as the ones a unit can't move through;
    Incapacitated is not among them, so by default the move is allowed. The option
    ``through_incapacitated_allies: forbidden`` reads it the other way."""
    from tests.skirmish.test_move_phase import TABLE

    units = "    - {id: a, side: p1, at: '1,18'}\n    - {id: ally, side: p1, at: '3,18', states: [incapacitated]}"
    allowed = table(units)
    allowed.issue({"command": "move", "unit": "a", "path": ["5,18"]})
    assert allowed.state.units["a"].location == "5,18"
    forbidding = game(TABLE.format(units=units, seed=0).replace("setup:", "options: {through_incapacitated_allies: forbidden}\nsetup:"))
    with pytest.raises(IllegalCommand, match="option through_incapacitated_allies: forbidden") as refused:
        forbidding.issue({"command": "move", "unit": "a", "path": ["5,18"]})
    assert "ally is in the way" in str(refused.value)
    assert forbidding.state.units["a"].location == "1,18"


def test_a_unit_stunned_within_an_inch_of_an_edge_makes_a_ledge_check_or_falls() -> None:
    seed = seed_where(lambda s: first_roll(s) < 10)
    g = table("    - {id: a, side: p1, at: '6.3,12.5@keep', agility: 10}\n    - {id: b, side: p1, at: '8,13@keep'}", seed)
    quiet = g.issue({"command": "set_state", "unit": "b", "states": ["stunned"]})  # 2" from every edge
    assert "CheckMade" not in names(quiet)
    events = g.issue({"command": "set_state", "unit": "a", "states": ["dazed"]})
    check = next(e for e in events if e.name == "CheckMade")
    assert check.check == "ledge" and not check.passed
    fell = next(e for e in events if e.name == "UnitFell")
    assert fell.frm == "6.3,12.5@keep" and fell.height == 5.0 and "@" not in fell.to
    assert g.state.units["a"].location == fell.to


def test_a_passed_ledge_check_keeps_the_unit_where_it_is() -> None:
    seed = seed_where(lambda s: first_roll(s) >= 10)
    g = table("    - {id: a, side: p1, at: '6.3,12.5@keep', agility: 10}", seed)
    events = g.issue({"command": "set_state", "unit": "a", "states": ["stunned"]})
    assert next(e for e in events if e.name == "CheckMade").passed and "UnitFell" not in names(events)
    assert g.state.units["a"].location == "6.3,12.5@keep"


def test_a_fall_never_makes_a_unit_better_off() -> None:
    # a Stunned unit fails its ledge check and the fall's Injury Roll reads Dazed: it stays Stunned
    seed = seed_where(lambda s: first_roll(s) < 10 and first_roll(s, 0, 2) + 2 <= 14)
    g = table("    - {id: a, side: p1, at: '9.8,3@tower', agility: 10}", seed)
    events = g.issue({"command": "set_state", "unit": "a", "states": ["stunned"]})
    assert next(e for e in events if e.name == "InjuryRolled").result == "dazed"
    assert g.state.units["a"].states == ["stunned"]


def test_set_state_records_states_from_other_phases_as_events() -> None:
    g = table("    - {id: a, side: p1, at: '1,18', wounds: 3}")
    events = g.issue({"command": "set_state", "unit": "a", "states": ["dazed"], "wounds": 2})
    assert names(events)[-1] == "UnitStateChanged"
    assert g.state.units["a"].states == ["dazed"] and g.state.units["a"].wounds == 2
    with pytest.raises(IllegalCommand, match="Dazed unit may not Move"):
        g.issue({"command": "move", "unit": "a", "path": ["1,16"]})


def test_a_failed_climb_down_stays_on_top_and_does_not_fall() -> None:
    seed = seed_where(lambda s: first_roll(s) < 10)
    g = table("    - {id: a, side: p1, at: '9.5,2@tower', agility: 10}", seed)
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "10.5,2", "via": "climb"}, "12,2"]})
    assert not next(e for e in events if e.name == "CheckMade").passed
    assert g.state.units["a"].location == "9.5,2@tower"
    assert "UnitFell" not in names(events) and "InjuryRolled" not in names(events)


def test_what_a_failed_check_sets_off_names_it_as_its_cause() -> None:
    seed = seed_where(lambda s: min(first_roll(s), first_roll(s, 1)) < 10)
    g = table("    - {id: a, side: p1, at: '9.5,12@keep', agility: 10}", seed)
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "11.5,12", "via": "jump_down"}]})
    by_name = {e.name: e for e in events}
    assert by_name["CheckMade"].cause == events[0].command_id  # the check: the command
    assert by_name["UnitFell"].cause == by_name["CheckMade"].event_id
    assert by_name["InjuryRolled"].cause == by_name["UnitFell"].event_id
    assert by_name["UnitStateChanged"].cause == by_name["InjuryRolled"].event_id


LOW_PLATFORM = scenario("a low platform beside open ground", width=20, depth=20, seed=3, body="""
  surfaces:
    - {{id: roof, rect: [0, 0, 3, 20], height: 3}}
    - {{id: plat, rect: [5, 0, 5, 20], height: 0.5}}
  units:
{units}
""")


def test_no_ending_a_move_on_a_unit_standing_on_terrain_an_inch_high_or_less() -> None:
    """Moving Through Other Units: a Move may not end in the same position as another unit. Terrain
    up to 1" high is walked over freely (Move Phase), so a unit on a 0.5" platform stands on
    the same level as the ground beside it: a base on the ground overlapping its base is on it,
    by a walk or by a Jump Down landing (the move through it was already refused)."""
    g = game(LOW_PLATFORM.format(units=(
        "    - {id: u, side: p1, at: '1,5@roof', move: 6}\n    - {id: w, side: p1, at: '4,9', move: 6}\n"
        "    - {id: ally, side: p1, at: '5.2,9@plat'}\n    - {id: foe, side: p2, at: '5.2,5@plat'}"
    )))
    with pytest.raises(IllegalCommand, match=r"ally stands at 4.8,9 .*may not end its move on another unit"):
        g.issue({"command": "move", "unit": "w", "path": ["4.8,9"]})
    with pytest.raises(IllegalCommand, match=r"foe stands at 4.9,5 .*may not end its move on another unit"):
        g.issue({"command": "move", "unit": "u", "path": ["2.9,5@roof", {"to": "4.9,5", "via": "jump_down"}]})
    g.issue({"command": "move", "unit": "w", "path": ["4.1,9"]})  # 1.1" apart: the bases touch no more


def test_no_setting_up_a_unit_on_one_standing_on_terrain_an_inch_high_or_less() -> None:
    with pytest.raises(Exception, match="ally"):
        game(LOW_PLATFORM.format(units="    - {id: w, side: p1, at: '4.8,9'}\n    - {id: ally, side: p1, at: '5.2,9@plat'}"))


def test_an_obstacle_higher_than_an_inch_is_not_crossed_and_the_refusal_says_why() -> None:
    """Move Phase: terrain up to 1" high is moved over freely; a taller obstacle blocks the ground
    and has no top to climb onto, so the refusal names it rather than sending the user to climb
    or jump (each refused in turn); the same hedge at 1" is walked over."""
    hedge = (
        "title: a hedge\nruleset: skirmish\nsetup:\n  width: 20\n  depth: 20\n  obstacles:\n"
        "    - {{rect: [0, 10, 20, 0.5], height: {height}}}\n  units:\n    - {{id: u, side: p1, at: '5,9'}}\n"
    )
    tall = game(hedge.format(height=1.5))
    with pytest.raises(IllegalCommand, match=r"an obstacle 1.5\" high is in the way: obstacles higher than 1\" are not crossed"):
        tall.issue({"command": "move", "unit": "u", "path": ["5,12"]})
    low = game(hedge.format(height=1))
    low.issue({"command": "move", "unit": "u", "path": ["5,12"]})
    assert low.state.units["u"].location == "5,12"


def test_a_point_inside_terrain_an_inch_high_or_less_is_on_it_not_on_the_ground() -> None:
    """Terrain up to 1" high is moved over freely (Move Phase), but a unit whose centre is inside
    a 0.8" platform stands on it: the point is written on the platform, and a Jump Down there
    drops 3.7" from a 4.5" roof (no disadvantage, Jumping Down: 4" or more), not the 4.5" to the
    ground under it. A walk on the ground still crosses the platform."""
    scenario = (
        "title: a roof over a low platform\nruleset: skirmish\noptions: {{jump_down_target: any_lower_surface}}\n"
        "setup:\n  width: 20\n  depth: 20\n  surfaces:\n"
        "    - {{id: roof, rect: [0, 0, 4, 20], height: 4.5}}\n    - {{id: plat, rect: [4, 0, 2, 10], height: 0.8}}\n"
        "  units:\n    - {{id: u, side: p1, at: '3.5,5@roof', agility: 10}}\n    - {{id: w, side: p1, at: '{w}'}}\n"
    )
    with pytest.raises(BadInput, match=r"point 5,9 is on plat \(0.8\" high\), not the ground: .* write 5,9@plat"):
        game(scenario.format(w="5,9"))
    g = game(scenario.format(w="7,5"))
    with pytest.raises(BadInput, match=r"point 5,5 is on plat"):
        g.issue({"command": "move", "unit": "u", "path": [{"to": "5,5", "via": "jump_down"}]})
    events = g.issue({"command": "move", "unit": "u", "path": [{"to": "5,5@plat", "via": "jump_down"}]})
    check = next(e for e in events if e.name == "CheckMade")
    assert check.check == "jump down" and not check.disadvantage
    g.issue({"command": "move", "unit": "w", "path": ["5.5,10.5"]})  # on the ground, across the platform
    assert g.state.units["w"].location == "5.5,10.5"


ROOF_BY_A_STAGE = scenario("a roof beside a low stage", body="""
  surfaces:
    - {id: roof, rect: [6, 0, 4, 6], height: 5}
    - {id: shop, rect: [6, 7, 4, 4], height: 4.3}
    - {id: stage, rect: [10, 0, 4, 11], height: 0.5}
    - {id: loft, rect: [14, 0, 2, 6], height: 2}
  units:
    - {id: a, side: p1, at: '9.5,3@roof', move: 6, agility: 2}
    - {id: b, side: p1, at: '9.5,9@shop', move: 6, agility: 2}
""")


def test_a_jump_down_onto_a_surface_an_inch_high_or_less_lands_at_ground_level() -> None:
    """Jumping Down: the unit is placed on the ground; terrain up to 1" high is one level with it
    (Move Phase: moved over freely), so under the default jump_down_target (ground_only) a
    landing on a 0.5" stage is a landing at ground level, the drop measured to the stage: 4.5"
    from a 5" roof, with disadvantage (4" or more), 3.8" from a 4.3" one, without. It was refused
    ("the unit lands on the ground") and the lookahead answered with a Jump Across off the 5" roof,
    unchecked. A 2" loft is no ground: a Jump Down onto it is still refused."""
    g = game(ROOF_BY_A_STAGE)
    for unit, to, disadvantage in (("a", "11,3@stage", True), ("b", "11,9@stage", False)):
        found = reach(g, unit).answer(to)  # type: ignore[attr-defined]
        assert found.reachable and found.ways == ["jump_down"], (found.path, found.ways)
        assert [(c["check"], c["disadvantage"]) for c in found.checks] == [("jump down", disadvantage)]
        events = g.issue({"command": "move", "unit": unit, "path": [{"to": to, "via": "jump_down"}]})
        check = next(e for e in events if e.name == "CheckMade")
        assert (check.check, check.disadvantage) == ("jump down", disadvantage)
    with pytest.raises(IllegalCommand, match=r"lands on the ground \(option jump_down_target\)"):
        game(ROOF_BY_A_STAGE).issue({"command": "move", "unit": "a", "path": ["9.9,3@roof", {"to": "14.5,3@loft", "via": "jump_down"}]})


FREE_JUMP_ONTO_A_STAGE = scenario("a 2-inch roof beside a low stage, jumps across free", width=16, depth=16, options="{jump_across_distance_cost: free, jump_across_lower_landing: allowed}", body="""
  surfaces:
    - {id: roof, rect: [7, 9, 2, 2], height: 2}
    - {id: stage, rect: [4, 8, 3, 2], height: 0.5}
  units:
    - {id: a, side: p1, at: '8.5,9.5@roof', move: 2, agility: 2}
""")


def test_with_free_jumps_across_the_lookahead_jumps_across_onto_a_low_stage() -> None:
    """Jumping Across (option jump_across_distance_cost: free): a jump across from a 2" roof onto
    a 0.5" stage 1.5" below is accepted when declared under jump_across_lower_landing: allowed, and
    costs nothing, while a Jump Down there pays its 3" across. The lookahead offered only the Jump
    Down onto the stage and answered 'out of reach' for a point the command reaches."""
    g = game(FREE_JUMP_ONTO_A_STAGE)
    found = reach(g, "a").answer("5.5,9.5@stage")  # type: ignore[attr-defined]
    assert found.reachable and found.ways == ["jump_across"], (found.path, found.ways)
    assert found.cost == 0
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "5.5,9.5@stage", "via": "jump_across"}]})
    assert next(e for e in events if e.name == "JumpMeasured").outcome != "automatic failure"
    with pytest.raises(IllegalCommand, match="too far"):
        game(FREE_JUMP_ONTO_A_STAGE).issue({"command": "move", "unit": "a", "path": [{"to": "5.5,9.5@stage", "via": "jump_down"}]})


def test_a_jump_across_clears_a_gap_so_none_is_made_across_one_roof_or_on_the_ground() -> None:
    """Jumping Across: for gaps, "such as between two buildings". A jump declared between two
    points of one roof, or on the ground, clears no gap: refused (walk it). It was measured and
    checked, and a failure fell off the roof the unit never left, or 0" from the ground."""
    on_roof = table("    - {id: a, side: p1, at: '9.9,5.9@tower', move: 6}")
    with pytest.raises(IllegalCommand, match="no gap to jump across"):
        on_roof.issue({"command": "move", "unit": "a", "path": [{"to": "7.5,2@tower", "via": "jump_across"}]})
    on_ground = table("    - {id: a, side: p1, at: '2,2', move: 6}")
    with pytest.raises(IllegalCommand, match="no gap to jump across"):
        on_ground.issue({"command": "move", "unit": "a", "path": [{"to": "4,2", "via": "jump_across"}]})
    across = table("    - {id: a, side: p1, at: '9.9,5.9@tower', move: 4}")
    across.issue({"command": "move", "unit": "a", "path": [{"to": "10.6,6.3@near", "via": "jump_across"}]})
    assert across.state.units["a"].location == "10.6,6.3@near"


ROOF_BY_A_PATCH = scenario("a roof beside a patch of rubble", body="""
  surfaces:
    - {id: roof, rect: [6, 0, 4, 6], height: 3}
  difficult:
    - {rect: [10.5, 1, 1, 2]}
  units:
    - {id: w, side: p1, at: "9.5,2@roof", move: 6, agility: 1}
""")


def test_a_jump_down_over_difficult_terrain_does_not_move_through_it() -> None:
    """Jumping Down lets a unit jump over terrain; Difficult Terrain costs 2" when a unit moves
    through it. A jump from a 3" roof landing 2.5" out, beyond a patch on the ground it never
    touches, was counted as moving through it (the allowance fell to 4"); the unit is in the
    air over it. Landing in the patch, or walking through it, still counts. The lookahead agrees."""
    over = game(ROOF_BY_A_PATCH)
    found = reach(over, "w").answer("15.5,2")  # type: ignore[attr-defined]
    assert found.reachable and found.allowance == 6.0 and found.cost == 6.0, (found.path, found.allowance, found.cost)
    events = over.issue({"command": "move", "unit": "w", "path": [{"to": "12.5,2", "via": "jump_down"}, {"to": "15.5,2"}]})
    assert next(e for e in events if e.name == "MoveStarted").allowance == 6.0
    assert over.state.units["w"].location == "15.5,2"
    into = game(ROOF_BY_A_PATCH)
    events = into.issue({"command": "move", "unit": "w", "path": [{"to": "11,2", "via": "jump_down"}]})
    assert next(e for e in events if e.name == "MoveStarted").allowance == 4.0  # landed in it
    through = game(ROOF_BY_A_PATCH)
    events = through.issue({"command": "move", "unit": "w", "path": [{"to": "10.2,2", "via": "jump_down"}, {"to": "12.5,2"}]})
    assert next(e for e in events if e.name == "MoveStarted").allowance == 4.0  # walked through it
    assert reach(game(ROOF_BY_A_PATCH), "w").answer("11,2").allowance == 4.0  # type: ignore[attr-defined]


U_ROOF = scenario("a U-shaped roof round a 2\" courtyard", width=20, depth=14, seed="{seed}", body="""
  surfaces:
    - {{id: roof, polygon: [[0,0],[6,0],[6,6],[4,6],[4,2],[2,2],[2,6],[0,6]], height: 3}}
  units:
    - {{id: j, side: p1, at: "1.5,4@roof", move: 4, agility: 10}}
""")


def test_a_jump_across_the_gap_inside_one_non_convex_roof_is_a_jump_across() -> None:
    """Jumping Across clears a gap; one between two arms of one U-shaped roof is a gap as much as
    one between two buildings. A jump from arm to arm over the 2" courtyard was refused ("both
    ends are on one surface: no gap to jump across; walk it"); the refusal holds only where the
    straight line stays on the roof. Off it the jump is measured and checked (over 1"), and a
    failure falls to the ground below the take-off edge, into the courtyard. The lookahead finds
    the jump."""
    passing = seed_where(lambda s: first_roll(s) >= 10)
    g = game(U_ROOF.format(seed=passing))
    found = reach(g, "j").answer("4,4@roof")  # type: ignore[attr-defined]
    assert found.reachable and "jump_across" in found.ways and found.cost <= 2.5 + 1e-6, (found.path, found.ways, found.cost)
    events = g.issue({"command": "move", "unit": "j", "path": ["2,4@roof", {"to": "4,4@roof", "via": "jump_across"}]})
    assert next(e for e in events if e.name == "JumpMeasured").outcome == "check"
    assert g.state.units["j"].location == "4,4@roof"
    failing = seed_where(lambda s: first_roll(s) < 10)
    f = game(U_ROOF.format(seed=failing))
    events = f.issue({"command": "move", "unit": "j", "path": ["2,4@roof", {"to": "4,4@roof", "via": "jump_across"}]})
    fell = next(e for e in events if e.name == "UnitFell")
    landed = parse_spot(fell.to)
    assert fell.frm == "2,4@roof" and landed.surface == "ground" and 2 < landed.x < 4 and 2 < landed.y < 6, fell.to
    on_roof = game(U_ROOF.format(seed=passing))
    with pytest.raises(IllegalCommand, match="no gap to jump across"):  # the line stays on the roof
        on_roof.issue({"command": "move", "unit": "j", "path": [{"to": "1.5,1@roof", "via": "jump_across"}]})


HOUSE_WITH_FLOORS = scenario("a house with an upper floor under its roof, a storey on a wider terrace, a ladder inside", width=30, depth=12, options="{jump_down_target: any_lower_surface}", body="""
  surfaces:
    - {id: roof, rect: [6, 0, 4, 6], height: 6}
    - {id: upstairs, rect: [6, 0, 4, 6], height: 3}
    - {id: storey, rect: [16, 4, 4, 4], height: 6}
    - {id: terrace, rect: [16, 4, 7, 4], height: 2}
  ladders:
    - {id: hatch, bottom: "8,5@upstairs", top: "8,5.5@roof"}
  units:
    - {id: r, side: p1, at: '8,3@roof', move: 8, agility: 1}
    - {id: u, side: p1, at: '7,1@upstairs', move: 8, agility: 1}
    - {id: t, side: p1, at: '19.5,6@terrace', move: 8, agility: 1}
    - {id: o, side: p1, at: '20.6,6@terrace', move: 8, agility: 1}
""")


def test_no_climb_or_jump_goes_through_a_roof_to_the_floor_under_it() -> None:
    """Seed 004, Climbing ("climb up or down a vertical surface"), Jumping Across (a gap, "such
    as between two buildings"), Jumping Down: a floor under a roof lies inside the building's
    walls, the roof above it. A unit on the roof climbed down onto the floor under it 2" from
    any wall, and took a 0" Jump Across straight down through the roof, no check, which the
    lookahead and the legal moves offered; one upstairs climbed up through the ceiling. Each is
    refused now, naming the surface in the way; a ladder between the floors is taken, and a
    climb up the storey's outer wall from the terrace outside it still is."""
    refusals = {
        ("r", "8,2.5@upstairs", "climb"): "upstairs lies under roof",
        ("r", "8.5,2@upstairs", "jump_across"): "upstairs lies under roof",
        ("r", "9,2@upstairs", "jump_down"): "upstairs lies under roof",
        ("u", "7.5,1.5@roof", "climb"): "upstairs lies under roof",
        ("u", "7.7,1.8@roof", "jump_across"): "upstairs lies under roof",
        ("t", "19.5,6.5@storey", "climb"): "terrace lies under storey",
    }
    for (unit, to, via), why in refusals.items():
        with pytest.raises(IllegalCommand, match=why):
            game(HOUSE_WITH_FLOORS).issue({"command": "move", "unit": unit, "path": [{"to": to, "via": via}]})
    g = game(HOUSE_WITH_FLOORS)
    g.issue({"command": "move", "unit": "u", "path": ["8,5@upstairs", {"to": "8,5.5@roof", "via": "ladder"}]})
    g.issue({"command": "move", "unit": "o", "path": [{"to": "19.6,6@storey", "via": "climb"}]})
    assert g.state.units["o"].location == "19.6,6@storey"
    # the lookahead and the legal moves go between roof and floor by the ladder only (or by
    # the ground outside and a climb in at a window), never through the roof
    found = reach(game(HOUSE_WITH_FLOORS), "r").answer("8,2.5@upstairs")  # type: ignore[attr-defined]
    assert found.reachable and found.cost > 2
    start = {"r": "8,3@roof", "u": "7,1@upstairs"}
    commands = game(HOUSE_WITH_FLOORS).legal_commands()
    listed = [commands[i] for i in range(0, len(commands), 5)]  # every fifth move is searched
    moves = [
        ([str(found.path[0]), *found.path[1:]], found.ways),
        *(
            ([start[c.unit], *(leg.to for leg in c.path)], [leg.via for leg in c.path])
            for c in listed if getattr(c, "unit", "") in start and hasattr(c, "path")
        ),
    ]
    assert len(moves) > 10
    for points, ways in moves:
        for a, b, via in zip(points, points[1:], ways, strict=False):
            assert {a.partition("@")[2], b.partition("@")[2]} != {"roof", "upstairs"} or via == "ladder", (a, b, via)


ROOF_AGAINST_A_TOWER = scenario("a 3\" roof against the wall of a 6\" tower, and a house with an upper floor", width=30, depth=20, seed="{seed}", body="""
  surfaces:
    - {{id: roof, rect: [4, 4, 6, 8], height: 3}}
    - {{id: tower, rect: [10, 4, 4, 8], height: 6}}
    - {{id: far, rect: [4, 0, 6, 0.5], height: 3}}
    - {{id: attic, rect: [18, 4, 4, 6], height: 6}}
    - {{id: upstairs, rect: [18, 4, 4, 6], height: 3}}
  units:
{units}
""")


def test_a_wall_rising_from_an_edge_is_no_ledge_and_nothing_falls_over_it() -> None:
    """Designers' comment (Dazed or Stunned next to a ledge: one Agility Check) and Jumping
    Across (a failure Falls to the ground below): a ledge is an edge with a drop beyond it. A
    unit Stunned 0.5" from a tower's wall rising from its roof's edge, 4" from any drop, made
    the ledge check and, failing it, "fell 3"" over the tower's wall to the ground 4.5" away;
    one Stunned by the wall of the floor it stands on, under the roof, fell out through the
    house's wall. Neither checks now, nor one by the table's edge. A failed Jump Across by the
    tower's wall falls over the nearest edge that drops (the roof's south edge), not over the
    wall."""
    seed = seed_where(lambda s: first_roll(s) < 20)  # a roll that fails a ledge check at Agility 20
    units = "    - {id: m, side: p1, at: '9.5,8@roof', agility: 20}\n    - {id: u, side: p1, at: '18.5,7@upstairs', agility: 20}\n"
    g = game(ROOF_AGAINST_A_TOWER.format(seed=seed, units=units))
    for unit in ("m", "u"):
        events = g.issue({"command": "set_state", "unit": unit, "states": ["stunned"]})
        assert "CheckMade" not in names(events) and "UnitFell" not in names(events)
    # by the roof's own edge, with the drop beyond, the check is made
    edge = game(ROOF_AGAINST_A_TOWER.format(seed=seed, units="    - {id: m, side: p1, at: '9.5,11.5@roof', agility: 20}\n"))
    events = edge.issue({"command": "set_state", "unit": "m", "states": ["stunned"]})
    fell = next(e for e in events if e.name == "UnitFell")
    assert fell.to.startswith("9.5,12.5")  # over the north edge, not the tower's wall
    # nor is the table's own edge a ledge: nothing lies beyond it (it fell off the table there,
    # landing round the corner)
    flush = ROOF_AGAINST_A_TOWER.replace("[4, 4, 6, 8], height: 3", "[0, 4, 10, 8], height: 3")
    at_the_end = game(flush.format(seed=seed, units="    - {id: m, side: p1, at: '0.3,8@roof', agility: 20}\n"))
    assert "CheckMade" not in names(at_the_end.issue({"command": "set_state", "unit": "m", "states": ["stunned"]}))
    jumper = game(ROOF_AGAINST_A_TOWER.format(seed=seed, units="    - {id: j, side: p1, at: '9.5,6@roof', agility: 20}\n"))
    events = jumper.issue({"command": "move", "unit": "j", "path": [{"to": "9.5,0.3@far", "via": "jump_across"}]})
    fell = next(e for e in events if e.name == "UnitFell")
    assert fell.to == "9.5,3.5"  # at the foot of the south wall, straight out from the take-off


BUILDINGS_ON_STAGES = scenario("buildings standing on a low plaza and on a terrace", width=20, depth=14, seed="{seed}", body="""
  surfaces:
    - {{id: plaza, rect: [2, 2, 12, 10], height: 0.5}}
    - {{id: chapel, rect: [6, 4, 4, 6], height: 4}}
    - {{id: terrace, rect: [14, 2, 5, 10], height: 2}}
    - {{id: tower, rect: [15, 4, 3, 6], height: 6}}
  units:
    - {{id: a, side: p1, at: '9.5,7@chapel', agility: 20, wounds: 2}}
    - {{id: b, side: p1, at: '17.5,7@tower', agility: 20, wounds: 2}}
""")


def test_a_ledge_fall_onto_a_stage_lands_beyond_the_edge_not_under_the_building() -> None:
    """Designers' comment of 23-03-25 (Dazed or Stunned next to a ledge: one Agility Check) and
    Move Phase, Falling (place the unit at the spot it has fallen to): a unit failing its ledge
    check goes over the edge to what lies beyond it. Where that is a stage (a 0.5" plaza the
    chapel stands on, a 2" terrace at a tower's foot), it was put on the stage straight under
    where it stood, inside the building's walls (9.5,7@plaza, inside the chapel, a 3.5" fall that
    never left the roof's footprint); it lands on the stage just beyond the edge it went over, as
    a failed Jump Across always did."""
    seed = seed_where(lambda s: first_roll(s) < 20 and first_roll(s, 0, 3) < 20)  # both ledge checks fail
    g = game(BUILDINGS_ON_STAGES.format(seed=seed))
    chapel = g.issue({"command": "set_state", "unit": "a", "states": ["stunned"]})
    fell = next(e for e in chapel if e.name == "UnitFell")
    landing = parse_spot(fell.to)
    assert landing.surface == "plaza" and landing.x > 10, fell.to  # east of the chapel's east wall (x = 10)
    assert fell.height == 3.5
    tower = g.issue({"command": "set_state", "unit": "b", "states": ["stunned"]})
    fell = next(e for e in tower if e.name == "UnitFell")
    landing = parse_spot(fell.to)
    assert landing.surface == "terrace" and landing.x > 18, fell.to  # east of the tower's east wall (x = 18)
    assert fell.height == 4.0


def test_jump_down_passes_over_terrain_exactly_as_high_as_the_start() -> None:
    """Move Phase, Jumping Down: over terrain "assuming they are not higher than the unit that is
    Jumping Down": a 3" wall beside a 3" roof is not higher, and is jumped; a 3.5" one is. A 4"
    statue and a 2" crate were tested; refusing terrain as high as the start broke no test."""
    walls = scenario("a roof with a wall beside it", body="""
  surfaces:
    - {id: roof, rect: [2, 0, 4, 12], height: 3}
  obstacles:
    - {rect: [6.5, 0, 0.5, 5], height: 3}
    - {rect: [6.5, 7, 0.5, 5], height: 3.5}
  units:
    - {id: a, side: p1, at: '5.9,2@roof', agility: 1}
    - {id: b, side: p1, at: '5.9,10@roof', agility: 1}
""")
    g = game(walls)
    g.issue({"command": "move", "unit": "a", "path": [{"to": "7.5,2", "via": "jump_down"}]})
    assert g.state.units["a"].location == "7.5,2"
    with pytest.raises(IllegalCommand, match="no higher than where it starts"):
        g.issue({"command": "move", "unit": "b", "path": [{"to": "7.5,10", "via": "jump_down"}]})


@pytest.mark.parametrize(("rolled", "result"), [(14, "dazed"), (15, "stunned"), (17, "stunned"), (18, "incapacitated")])
def test_the_injury_chart_bands_are_1_to_14_dazed_15_to_17_stunned_18_up_incapacitated(rolled: int, result: str) -> None:
    """Move Phase, Falling (an Injury Roll) read on the Injury chart of the ruleset's other pages
    (reference digest, Injury: 1-14 Dazed, 15-17 Stunned, 18-20 Incapacitated). A fall from a 2"
    roof adds nothing, so the d20 is the total. Moving either band edge by one broke no test (one
    example caught the first)."""
    roofs = scenario("a 2in roof and a far one", body="""
  surfaces:
    - {id: roof, rect: [2, 2, 4, 4], height: 2}
    - {id: far, rect: [14, 2, 2, 2], height: 2}
  units:
    - {id: a, side: p1, at: '5.9,4@roof', move: 6}
""", seed=seed_where(lambda s: first_roll(s) == rolled))
    g = game(roofs)
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "14.5,3@far", "via": "jump_across"}]})  # over 3": fails outright
    injury = next(e for e in events if e.name == "InjuryRolled")
    assert (injury.roll, injury.modifier, injury.result) == (rolled, 0, result)
    assert g.state.units["a"].states == [result]


def test_the_ledge_check_reaches_a_base_exactly_one_inch_from_the_edge() -> None:
    """Designers' comment of 23-03-25 (Dazed or Stunned next to a ledge) with the digest's 1"
    (option ledge_check; docs: a base within 1" of an edge): a 1" base whose centre is 1.5" from
    the edge is 1" from it and checks; at 1.6" it does not. Only bases touching the edge and
    ones 2" away were tested; a reach of 0.9" broke no test."""
    for x, checks in ((8.5, True), (8.4, False)):
        g = table(f"    - {{id: a, side: p1, at: '{x},3@tower', agility: 1}}")  # the tower's east edge is x = 10
        events = g.issue({"command": "set_state", "unit": "a", "states": ["stunned"]})
        assert ("CheckMade" in names(events)) is checks, x
