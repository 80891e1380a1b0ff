"""The skirmish ruleset's rule options (digest section 5): their names and defaults, what each
non-default choice changes, and bad option values refused as bad input."""

from __future__ import annotations

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.game import Game
from domain.rulesets.skirmish import RULESET
from domain.rulesets.skirmish.options import SkirmishOptions
from tests.helpers import game, names
from tests.skirmish.tables import first_roll, scenario, seed_where

#: the digest's open points, with the defaults it suggests
DIGEST_DEFAULTS = {
    "run_multiplier": 1.5,
    "run_enemy_range": 8.0,
    "run_enemy_range_measured": "start_of_move",
    "difficult_penalty": 2.0,
    "climb_check_per": "surface",
    "climb_horizontal_leeway": 1.0,
    "jump_down_max_horizontal": 3.0,
    "jump_down_target": "ground_only",
    "jump_down_disadvantage_height": 4.0,
    "jump_across_free_gap": 1.0,
    "jump_across_max_gap": 3.0,
    "jump_across_max_rise": 1.0,
    "jump_across_distance_cost": "deducted",
    # the digest suggests allowed ("not stated"); seed 004's Jumping Down settles it: from a
    # higher point onto the ground is a Jump Down (the seed wins)
    "jump_across_lower_landing": "not_to_the_ground",
    "fall_height_from": "take_off_surface",
    "fall_injury_modifier": 2,
    "fall_always_injures": True,
    "disadvantage": "two_d20_keep_worse",
    "ledge_check": "on",
    "wall_running": "forbidden",
    "ladder_users": "not_animals",
    "fall_scatter": "random_direction",
    "declare_before_measure": True,
    # not a digest point: seed 004 is silent on a fall with no room beyond the edge; a LATER
    # option whose absence means stays (older logs), so a new game's defaults name it
    "fall_without_room": "nearest_fit",
}

ROOFS = scenario("roofs", width=30, depth=20, seed="{seed}", options="{options}", body="""
  surfaces:
    - {{id: tower, rect: [6, 0, 4, 6], height: 3}}
    - {{id: near, rect: [10.5, 6.2, 3, 3], height: 3}}
  units:
{units}
""")


def roofs(units: str, options: str = "{}", seed: int = 0) -> Game:
    return game(ROOFS.format(units=units, options=options, seed=seed))


def test_every_open_point_of_the_digest_is_an_option_with_its_suggested_default() -> None:
    assert RULESET.default_options == DIGEST_DEFAULTS
    assert all(field.description for field in SkirmishOptions.model_fields.values())


def test_inch_options_accept_whole_numbers_and_refuse_negative_ones() -> None:
    assert RULESET.check_options({"run_enemy_range": 6})["run_enemy_range"] == 6.0
    with pytest.raises(BadInput, match="must not be negative") as refused:
        RULESET.check_options({"difficult_penalty": -2})
    assert refused.value.where == "options.difficult_penalty"
    with pytest.raises(BadInput, match="must be one of"):
        RULESET.check_options({"ledge_check": "sometimes"})


def test_an_on_off_option_written_bare_in_yaml_reads_as_written() -> None:
    """YAML 1.1 reads a bare ``off`` as false: ``options: {ledge_check: off}`` means "off"."""
    import yaml

    given = yaml.safe_load("{ledge_check: off}")
    assert given == {"ledge_check": False}
    assert RULESET.check_options(given)["ledge_check"] == "off"
    assert RULESET.check_options(yaml.safe_load("{ledge_check: on}"))["ledge_check"] == "on"
    with pytest.raises(BadInput, match="wall_running must be one of forbidden, allowed, not true"):
        RULESET.check_options({"wall_running": True})  # only on/off options read a bool so


def test_run_enemy_range_measured_over_the_whole_path() -> None:
    units = "    - {id: a, side: p1, at: '1,18'}\n    - {id: e, side: p2, at: '14,18'}"  # 12" apart
    start_only = roofs(units)
    start_only.issue({"command": "run", "unit": "a", "path": ["9,18"]})  # ends 4" from e: allowed
    whole = roofs(units, "{run_enemy_range_measured: whole_path}")
    with pytest.raises(IllegalCommand, match="the run passes 4.00\" from e"):
        whole.issue({"command": "run", "unit": "a", "path": ["9,18"]})
    whole.issue({"command": "run", "unit": "a", "path": ["1,10"]})


def test_wall_running_allowed_lets_a_climb_go_along_the_wall() -> None:
    units = "    - {id: a, side: p1, at: '5.5,1'}"
    climb = {"command": "move", "unit": "a", "path": [{"to": "6.5,3@tower", "via": "climb"}]}  # 2.24" across
    with pytest.raises(IllegalCommand, match="1\" of horizontal movement"):
        roofs(units).issue(climb)
    events = roofs(units, "{wall_running: allowed}", seed_where(lambda s: first_roll(s) >= 10)).issue(climb)
    assert events[1].allowance == 6.0 and "StepTaken" in names(events)


def test_jump_across_distance_cost_free_leaves_the_movement_for_after_the_jump() -> None:
    units = "    - {id: a, side: p1, at: '8.5,5.5@tower', move: 2}"
    path = ["9.9,5.5@tower", {"to": "11,7@near", "via": "jump_across"}, "12.5,7@near"]  # 1.4" + 1.86" + 1.5"
    deducted = roofs(units).issue({"command": "move", "unit": "a", "path": path})
    assert next(e for e in deducted if e.name == "JumpMeasured").outcome == "automatic failure"
    seed = seed_where(lambda s: first_roll(s) >= 10)
    free = roofs(units, "{jump_across_distance_cost: free}", seed)
    events = free.issue({"command": "move", "unit": "a", "path": path[:2]})
    assert next(e for e in events if e.name == "JumpMeasured").outcome == "check"
    assert free.state.units["a"].location == "11,7@near"


def test_fall_always_injures_false_lets_a_dazed_result_leave_the_unit_unhurt() -> None:
    seed = seed_where(lambda s: first_roll(s) < 10 and first_roll(s, 0, 2) + 2 <= 14)  # fails, then Dazed
    units = "    - {id: a, side: p1, at: '9.8,3@tower', agility: 10}"
    hurt = roofs(units, "{}", seed)
    hurt.issue({"command": "move", "unit": "a", "path": [{"to": "11.5,3", "via": "jump_down"}]})
    assert hurt.state.units["a"].states == ["dazed"]
    unhurt = roofs(units, "{fall_always_injures: false}", seed)
    events = unhurt.issue({"command": "move", "unit": "a", "path": [{"to": "11.5,3", "via": "jump_down"}]})
    assert next(e for e in events if e.name == "InjuryRolled").result == "unhurt"
    assert unhurt.state.units["a"].states == []


def test_ledge_check_off_means_no_check_near_an_edge() -> None:
    units = "    - {id: a, side: p1, at: '9.8,3@tower'}"
    on = roofs(units).issue({"command": "set_state", "unit": "a", "states": ["stunned"]})
    off = roofs(units, "{ledge_check: 'off'}").issue({"command": "set_state", "unit": "a", "states": ["stunned"]})
    assert "CheckMade" in names(on) and "CheckMade" not in names(off)


def test_fall_injury_modifier_is_per_full_inch_above_two() -> None:
    seed = seed_where(lambda s: first_roll(s) < 10)
    units = "    - {id: a, side: p1, at: '9.8,3@tower', agility: 10}"
    events = roofs(units, "{fall_injury_modifier: 3}", seed).issue(
        {"command": "move", "unit": "a", "path": [{"to": "11.5,3", "via": "jump_down"}]}
    )
    assert next(e for e in events if e.name == "InjuryRolled").modifier == 3  # 3" drop: one full inch above 2"


def test_jump_down_target_any_lower_surface() -> None:
    units = "    - {id: a, side: p1, at: '9.8,5.5@tower'}"  # the tower is 5" here, 'near' 3"
    text = ROOFS.replace("height: 3}}\n    - {{id: near", "height: 5}}\n    - {{id: near")
    jump = {"command": "move", "unit": "a", "path": [{"to": "11,6.5@near", "via": "jump_down"}]}
    with pytest.raises(IllegalCommand, match="lands on the ground"):
        game(text.format(units=units, options="{}", seed=0)).issue(jump)
    events = game(text.format(units=units, options="{jump_down_target: any_lower_surface}", seed=0)).issue(jump)
    assert "JumpMeasured" not in names(events) and any(e.name == "CheckMade" for e in events)


def test_a_failed_jump_across_from_the_ground_falls_zero_inches_with_an_injury_roll_or_stops_under_the_option() -> None:
    """Seed 004, Jumping Across: a jump landing more than 1" higher than its take-off fails
    outright and the unit "Falls to the ground below" its take-off; Falling: "Make an Injury
    Roll". From the ground there is no ground below: the seed does not say whether a unit that
    never left the ground falls. Default (option failed_jump_from_the_ground: injury_roll): read
    literally, a 0" fall with its Injury Roll (+0), as before. ``no_fall``: the jump fails and the
    move ends where the unit stands, no fall and no Injury Roll (the stop says why)."""
    units = "    - {id: a, side: p1, at: '5.5,2', agility: 10}"
    jump = {"command": "move", "unit": "a", "path": [{"to": "6.5,2@tower", "via": "jump_across"}]}
    literal = roofs(units).issue(jump)
    fell = next(e for e in literal if e.name == "UnitFell")
    assert fell.height == 0 and fell.to == "5.5,2" and "InjuryRolled" in names(literal)
    stopped = roofs(units, "{failed_jump_from_the_ground: no_fall}")
    events = stopped.issue(jump)
    assert next(e for e in events if e.name == "JumpMeasured").outcome == "automatic failure"
    assert "UnitFell" not in names(events) and "InjuryRolled" not in names(events)
    assert stopped.state.units["a"].location == "5.5,2" and stopped.state.units["a"].states == []
    said = " ".join(str(getattr(e, "reason", "")) for e in events)
    assert "no fall" in said and "failed_jump_from_the_ground" in said, said
    # a checked jump from the ground (a higher max rise) that fails stops the same way
    seed = seed_where(lambda s: first_roll(s) < 10)
    checked = roofs(units, "{failed_jump_from_the_ground: no_fall, jump_across_max_rise: 3}", seed)
    events = checked.issue({"command": "move", "unit": "a", "path": [{"to": "7,2@tower", "via": "jump_across"}]})
    assert "CheckMade" in names(events) and "UnitFell" not in names(events)
    assert checked.state.units["a"].location == "5.5,2"
    # from a roof the option changes nothing: the fall is a real one
    roof = roofs("    - {id: a, side: p1, at: '9.9,5.9@tower'}", "{failed_jump_from_the_ground: no_fall}")
    assert "UnitFell" in names(roof.issue({"command": "move", "unit": "a", "path": [{"to": "13,8@near", "via": "jump_across"}]}))


PLAZA = scenario("a plaza", width=16, depth=14, seed="{seed}", options="{options}", body="""
  surfaces:
    - {{id: plaza, rect: [2, 2, 10, 10], height: 0.5}}
    - {{id: chapel, rect: [6, 6, 2, 2], height: 3}}
  units:
    - {{id: a, side: p1, at: '5.5,7@plaza', agility: 10}}
""")


def test_a_failed_jump_across_from_a_low_stage_falls_where_it_stands_as_from_the_ground() -> None:
    """Seed 004, Jumping Across: a failed jump "Falls to the ground below from where it attempted
    to Jump Across"; Move Phase: terrain up to 1" high is moved over freely, so a 0.5" plaza is
    the ground's level (as a Jump Down lands "on the ground" on it). From the plaza at the
    chapel's foot, a jump onto its 3" roof fails outright: the unit stays where it jumped from,
    a 0" fall with its Injury Roll (option failed_jump_from_the_ground: injury_roll), or no fall
    (no_fall), as from the ground. It went over the plaza's nearest edge, 3.5" away, and fell
    0.5" to the street at 1.5,7, 4" from where it attempted the jump."""
    jump = {"command": "move", "unit": "a", "path": [{"to": "6.5,7@chapel", "via": "jump_across"}]}
    literal = game(PLAZA.format(seed=0, options="{}"))
    events = literal.issue(jump)
    fell = next(e for e in events if e.name == "UnitFell")
    assert (fell.to, fell.height) == ("5.5,7@plaza", 0), (fell.to, fell.height)
    assert "InjuryRolled" in names(events)
    stopped = game(PLAZA.format(seed=0, options="{failed_jump_from_the_ground: no_fall}"))
    events = stopped.issue(jump)
    assert "UnitFell" not in names(events) and "InjuryRolled" not in names(events)
    assert stopped.state.units["a"].location == "5.5,7@plaza"


STEPS = scenario("roofs of three heights", width=20, depth=10, seed="{seed}", options="{options}", body="""
  surfaces:
    - {{id: high, rect: [2, 2, 4, 4], height: 4}}
    - {{id: low, rect: [8.5, 2, 3, 4], height: 1.5}}
    - {{id: mid, rect: [2, 6.9, 4, 2], height: 3}}
  units:
    - {{id: a, side: p1, at: '5.9,4@high', move: 6, agility: 2}}
    - {{id: b, side: p1, at: '4,5.9@high', move: 6, agility: 2}}
""")


def test_a_jump_across_is_measured_horizontally_or_under_the_option_in_a_straight_line() -> None:
    """Seed 004, Jumping Across: "If the distance between the start and end position is longer
    than 3\"" it fails outright; up to 1" needs no check. Whether that distance is the gap
    across (every distance on the table is horizontal) or the straight line from take-off to
    landing, drop included, the seed does not settle: option jump_across_measured, default
    horizontal (as before). From a 4" roof onto a 1.5" one 2.6" across: a checked jump paying
    2.6", or 3.61" in a straight line, an outright failure. A 1" hop down 1" onto a 3" roof: no
    check, or 1.41" in a straight line, checked."""
    jump = {"command": "move", "unit": "a", "path": [{"to": "8.5,4@low", "via": "jump_across"}]}
    hop = {"command": "move", "unit": "b", "path": [{"to": "4,6.9@mid", "via": "jump_across"}]}
    flat = game(STEPS.format(seed=0, options="{}"))
    measured = next(e for e in flat.issue(jump) if e.name == "JumpMeasured")
    assert (measured.distance, measured.outcome) == (2.6, "check")
    assert next(e for e in flat.issue(hop) if e.name == "JumpMeasured").outcome == "no check needed"
    straight = game(STEPS.format(seed=0, options="{jump_across_measured: straight_line}"))
    measured = next(e for e in straight.issue(jump) if e.name == "JumpMeasured")
    assert (measured.distance, measured.outcome) == (3.607, "automatic failure")
    measured = next(e for e in straight.issue(hop) if e.name == "JumpMeasured")
    assert (measured.distance, measured.outcome) == (1.414, "check")
    # the inches paid: 1.414 of 6 in a straight line, 1 across; then 4.8" of walks
    path = [{"to": "4,6.9@mid", "via": "jump_across"}, "4,8.5@mid", "5.9,8.5@mid", "5.9,7.2@mid"]
    flat = game(STEPS.format(seed=0, options="{}"))
    flat.issue({"command": "move", "unit": "b", "path": path})
    assert flat.state.units["b"].location == "5.9,7.2@mid"
    moved = game(STEPS.format(seed=0, options="{jump_across_measured: straight_line}"))
    try:
        events = moved.issue({"command": "move", "unit": "b", "path": path})
    except IllegalCommand as refused:
        assert "too far" in str(refused)
    else:
        assert moved.state.units["b"].location != "5.9,7.2@mid", names(events)
