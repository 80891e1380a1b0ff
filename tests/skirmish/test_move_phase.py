"""The skirmish ruleset's Move Phase (seed 004), one test per rule."""

from __future__ import annotations

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.skirmish.table import parse_spot
from domain.rulesets.skirmish.view import TableView, chance, full_inches_above
from projections.state_hash import fold
from tests.helpers import game, names, reach
from tests.skirmish.tables import first_roll, scenario, seed_where

TABLE = scenario("table", width=30, depth=20, seed="{seed}", body="""
  surfaces:
    - {{id: tower, rect: [6, 0, 4, 6], height: 3}}
    - {{id: keep, rect: [6, 10, 4, 6], height: 5}}
    - {{id: wall, rect: [13, 0, 4, 6], height: 3}}
    - {{id: high, rect: [13, 10, 4, 6], height: 4.5}}
    - {{id: near, rect: [10.5, 6.2, 3, 3], height: 3}}
  ladders:
    - {{id: ladder, bottom: "5.5,4", top: "6.5,4@tower"}}
  difficult:
    - {{rect: [20, 0, 2, 20]}}
  units:
{units}
""")


def table(units: str, seed: int = 0):  # type: ignore[no-untyped-def]
    return game(TABLE.format(units=units, seed=seed))


def test_difficult_terrain_costs_two_inches_after_running() -> None:
    g = table("    - {id: a, side: p1, at: '19,2', move: 6}\n    - {id: b, side: p1, at: '19,8', move: 6}")
    with pytest.raises(IllegalCommand, match="allowance is 4.00"):
        g.issue({"command": "move", "unit": "a", "path": ["23.5,2"]})
    events = g.issue({"command": "move", "unit": "a", "path": ["23,2"]})
    assert events[1].allowance == 4.0  # 6" - 2"
    events = g.issue({"command": "run", "unit": "b", "path": ["26,8"]})
    assert events[1].allowance == 7.0  # 9" - 2"


def test_difficult_penalty_is_flat_however_much_is_crossed() -> None:
    g = table("    - {id: a, side: p1, at: '20.5,2', move: 6}")
    events = g.issue({"command": "move", "unit": "a", "path": ["20.5,6"]})  # 4" inside the rubble
    assert events[1].allowance == 4.0


DIFFICULT_STAGE = scenario("difficult terrain on a low stage", seed=None, body="""
  surfaces:
    - {id: stage, rect: [4, 0, 2, 8], height: 0.5}
  difficult:
    - {rect: [4, 0, 2, 8], surface: stage}
  units:
    - {id: a, side: p1, at: '2,1', move: 6}
    - {id: b, side: p1, at: '2,5', move: 6}
    - {id: c, side: p1, at: '2,7', move: 7}
""")


def test_difficult_terrain_on_a_low_surface_counts_for_a_walk_over_it() -> None:
    """Move Phase, Difficult Terrain: moving through difficult terrain at any point costs 2" of
    the move. A 0.5" stage is walked over freely (Move Phase), so a walk on the ground across it
    moves through the difficult terrain on it: 6" becomes 4". It counted only when the walk
    stepped onto the stage as a leg of its own; in one leg it went 6" and the lookahead agreed."""
    g = game(DIFFICULT_STAGE)
    with pytest.raises(IllegalCommand, match="allowance is 4.00"):
        g.issue({"command": "move", "unit": "a", "path": ["8,1"]})
    assert not reach(g, "b").answer("8,5").reachable  # type: ignore[attr-defined]
    found = reach(g, "b").answer("6,5")  # type: ignore[attr-defined]
    assert found.reachable and found.allowance == 4.0
    events = g.issue({"command": "move", "unit": "a", "path": ["6,1"]})
    assert next(e for e in events if e.name == "MoveStarted").difficult
    # round the stage's end on the ground, 6.5" of the full 7": the searches bend at the
    # area's corners on the ground beside the stage, and the move command takes the way
    found = reach(g, "c").answer("8,7")  # type: ignore[attr-defined]
    assert found.reachable and found.allowance == 7.0, [str(r) for r in found.reasons]
    g.issue({"command": "move", "unit": "c", "path": [{"to": to, "via": via} for to, via in zip(found.path[1:], found.ways, strict=True)]})
    assert g.state.units["c"].location == "8,7"


def test_running_moves_one_and_a_half_times_the_move() -> None:
    g = table("    - {id: a, side: p1, at: '1,18', move: 6}")
    with pytest.raises(IllegalCommand, match="allowance is 6.00"):
        g.issue({"command": "move", "unit": "a", "path": ["10,18"]})
    events = g.issue({"command": "run", "unit": "a", "path": ["10,18"]})
    assert events[1].allowance == 9.0 and "UnitRan" in names(events)


def test_no_running_within_8_inches_of_an_enemy() -> None:
    g = table("    - {id: a, side: p1, at: '1,18'}\n    - {id: e, side: p2, at: '9.9,18'}")
    with pytest.raises(IllegalCommand, match="within 8"):
        g.issue({"command": "run", "unit": "a", "path": ["1,12"]})
    far = table("    - {id: a, side: p1, at: '1,18'}\n    - {id: e, side: p2, at: '10.1,18'}")
    far.issue({"command": "run", "unit": "a", "path": ["1,12"]})  # 8.1" base to base


def test_no_running_with_an_enemy_exactly_8_inches_away() -> None:
    """Move Phase, Running: no Running "within 8\"" of an enemy; an enemy exactly 8" away (base to
    base) is within 8" (docs: Running). 7.9" and 8.1" were tested; reading "within" as "closer
    than" broke no test."""
    g = table("    - {id: a, side: p1, at: '1,18'}\n    - {id: e, side: p2, at: '10,18'}")  # 9" apart, 8" base to base
    with pytest.raises(IllegalCommand, match="e is 8.00\" away: no Running within 8"):
        g.issue({"command": "run", "unit": "a", "path": ["1,12"]})


def test_no_running_while_carrying_treasure() -> None:
    g = table("    - {id: a, side: p1, at: '1,18', treasure: true}")
    with pytest.raises(IllegalCommand, match="Treasure"):
        g.issue({"command": "run", "unit": "a", "path": ["1,12"]})


def test_a_unit_that_ran_is_marked_as_unable_to_shoot() -> None:
    g = table("    - {id: a, side: p1, at: '1,18'}")
    events = g.issue({"command": "run", "unit": "a", "path": ["1,12"]})
    ran = next(e for e in events if e.name == "UnitRan")
    assert ran.may_not_shoot and g.state.units["a"].ran


def test_climbing_counts_the_vertical_distance_and_needs_an_agility_check() -> None:
    seed = seed_where(lambda s: first_roll(s) >= 10)
    g = table("    - {id: a, side: p1, at: '5.5,2', agility: 10}", seed)
    with pytest.raises(IllegalCommand, match="needs 7.00"):
        g.issue({"command": "move", "unit": "a", "path": [{"to": "6.5,2@tower", "via": "climb"}, {"to": "9.5,2@tower"}]})
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "6.5,2@tower", "via": "climb"}, {"to": "8.5,2@tower"}]})
    assert [e.name for e in events if e.name in ("CheckMade", "StepTaken")] == ["CheckMade", "StepTaken", "StepTaken"]


def test_an_agility_check_passes_on_a_roll_equal_to_the_agility() -> None:
    """Checks (reference digest, Stats, Checks & Rolls: a check succeeds on a d20 roll equal to or
    above the stat): a Climb Check at Agility 10 passes on a 10 and fails on a 9. Only the
    examples held a roll equal to the Agility; no test did."""
    for rolled, passes in ((10, True), (9, False)):
        g = table("    - {id: a, side: p1, at: '10.5,2', move: 6, agility: 10}", seed_where(lambda s, r=rolled: first_roll(s) == r))
        events = g.issue({"command": "move", "unit": "a", "path": [{"to": "9.5,2@tower", "via": "climb"}]})
        check = next(e for e in events if e.name == "CheckMade")
        assert (check.kept, check.passed) == (rolled, passes)
        assert g.state.units["a"].location == ("9.5,2@tower" if passes else "10.5,2")


def test_a_failed_climb_leaves_the_unit_at_the_foot_and_does_not_fall() -> None:
    seed = seed_where(lambda s: first_roll(s) < 10)
    g = table("    - {id: a, side: p1, at: '5.5,2', agility: 10}", seed)
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "6.5,2@tower", "via": "climb"}, {"to": "8.5,2@tower"}]})
    assert g.state.units["a"].location == "5.5,2"
    assert "UnitFell" not in names(events) and "InjuryRolled" not in names(events)
    assert names(events)[-2:] == ["StepsCancelled", "MoveEnded"]


def test_no_climb_that_cannot_be_finished_this_turn() -> None:
    g = table("    - {id: a, side: p1, at: '5.5,12', move: 5}")
    with pytest.raises(IllegalCommand, match="can't finish this turn"):
        g.issue({"command": "move", "unit": "a", "path": [{"to": "6.5,12@keep", "via": "climb"}]})


def test_climbs_allow_one_inch_of_horizontal_movement() -> None:
    g = table("    - {id: a, side: p1, at: '5,2'}")
    with pytest.raises(IllegalCommand, match="1\" of horizontal movement"):
        g.issue({"command": "move", "unit": "a", "path": [{"to": "6.5,2@tower", "via": "climb"}]})


def test_a_unit_never_stands_half_way_up_a_wall() -> None:
    g = table("    - {id: a, side: p1, at: '5.5,2'}")
    with pytest.raises(BadInput, match="inside a wall"):
        g.issue({"command": "move", "unit": "a", "path": ["7,2"]})


def test_ladders_need_no_check_and_count_their_height() -> None:
    g = table("    - {id: a, side: p1, at: '5.5,4', move: 6}")
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "6.5,4@tower", "via": "ladder"}, {"to": "8.5,4@tower"}]})
    assert "CheckMade" not in names(events)
    with pytest.raises(IllegalCommand, match="needs 6.50"):
        table("    - {id: a, side: p1, at: '5.5,4', move: 6}").issue(
            {"command": "move", "unit": "a", "path": [{"to": "6.5,4@tower", "via": "ladder"}, {"to": "9,4@tower"}]}
        )


def test_animals_must_make_a_climb_check_on_a_ladder() -> None:
    g = table("    - {id: a, side: p1, at: '5.5,4', animal: true}")
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "6.5,4@tower", "via": "ladder"}]})
    assert next(e for e in events if e.name == "CheckMade").check == "climb (animal on a ladder)"


def test_jump_down_pays_only_the_horizontal_distance() -> None:
    seed = seed_where(lambda s: first_roll(s) >= 10)
    g = table("    - {id: a, side: p1, at: '9.5,2@tower', move: 3, agility: 10}", seed)
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "12.5,2", "via": "jump_down"}]})
    assert g.state.units["a"].location == "12.5,2" and events[1].allowance == 3.0  # 3" across, 3" drop free


def test_jump_down_lands_within_three_inches() -> None:
    g = table("    - {id: a, side: p1, at: '9.5,2@tower', move: 6}")
    with pytest.raises(IllegalCommand, match="within 3"):
        g.issue({"command": "move", "unit": "a", "path": [{"to": "12.6,2", "via": "jump_down"}]})


def test_jump_down_from_four_inches_or_more_is_checked_with_disadvantage() -> None:
    g = table("    - {id: a, side: p1, at: '9.5,12@keep', agility: 10}")
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "11.5,12", "via": "jump_down"}]})
    check = next(e for e in events if e.name == "CheckMade")
    assert check.disadvantage and len(check.rolls) == 2 and check.kept == min(check.rolls)
    low = table("    - {id: a, side: p1, at: '9.5,2@tower', agility: 10}")
    events = low.issue({"command": "move", "unit": "a", "path": [{"to": "11.5,2", "via": "jump_down"}]})
    assert not next(e for e in events if e.name == "CheckMade").disadvantage  # 3" drop


FOUR_INCH_ROOF = scenario("a 4in roof beside a 3.99in one", body="""
  surfaces:
    - {id: four, rect: [2, 0, 4, 6], height: 4}
    - {id: under, rect: [12, 0, 4, 6], height: 3.99}
  units:
    - {id: a, side: p1, at: '5.5,3@four', agility: 10}
    - {id: b, side: p1, at: '15.5,3@under', agility: 10}
""")


def test_a_jump_down_of_exactly_four_inches_is_checked_with_disadvantage() -> None:
    """Move Phase, Jumping Down: "If the distance being jumped is 4\" or more vertically", the
    check has Disadvantage: at exactly 4" too, and not at 3.99". Only 5" and 3" drops were tested:
    reading 4" as "more than 4"" broke no test."""
    g = game(FOUR_INCH_ROOF)
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "7.5,3", "via": "jump_down"}]})
    check = next(e for e in events if e.name == "CheckMade")
    assert check.check == "jump down" and check.disadvantage and len(check.rolls) == 2
    g.issue({"command": "end_turn"})
    g.issue({"command": "end_turn"})
    events = g.issue({"command": "move", "unit": "b", "path": [{"to": "17.5,3", "via": "jump_down"}]})
    check = next(e for e in events if e.name == "CheckMade")
    assert not check.disadvantage and len(check.rolls) == 1


def test_a_failed_jump_down_falls_where_it_landed() -> None:
    seed = seed_where(lambda s: min(first_roll(s), first_roll(s, 1)) < 10)
    g = table("    - {id: a, side: p1, at: '9.5,12@keep', agility: 10}", seed)
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "11.5,12", "via": "jump_down"}, {"to": "12.5,12"}]})
    fell = next(e for e in events if e.name == "UnitFell")
    assert fell.to == "11.5,12" and fell.height == 5.0
    assert g.state.units["a"].location == "11.5,12"


def test_jump_across_up_to_one_inch_needs_no_check() -> None:
    g = table("    - {id: a, side: p1, at: '9.9,5.9@tower'}")
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "10.6,6.3@near", "via": "jump_across"}]})
    assert "CheckMade" not in names(events) and g.state.units["a"].location == "10.6,6.3@near"


def test_jump_across_is_declared_before_it_is_measured() -> None:
    g = table("    - {id: a, side: p1, at: '9.5,4@tower'}")
    events = names(g.issue({"command": "move", "unit": "a", "path": [{"to": "13.5,4@wall", "via": "jump_across"}]}))
    assert events.index("JumpDeclared") < events.index("JumpMeasured")


def test_jump_across_longer_than_three_inches_fails_outright_and_falls_from_the_take_off() -> None:
    g = table("    - {id: a, side: p1, at: '9.75,2@tower'}")
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "13.25,2@wall", "via": "jump_across"}]})
    measured = next(e for e in events if e.name == "JumpMeasured")
    assert measured.distance == 3.5 and measured.outcome == "automatic failure"
    assert "CheckMade" not in names(events)
    fell = next(e for e in events if e.name == "UnitFell")
    assert fell.frm == "9.75,2@tower" and fell.to.endswith(",2") and "@" not in fell.to and fell.height == 3.0


def test_jump_across_landing_more_than_one_inch_higher_fails_outright() -> None:
    g = table("    - {id: b, side: p1, at: '13.4,9@near'}")
    events = g.issue({"command": "move", "unit": "b", "path": [{"to": "13.5,10.5@high", "via": "jump_across"}]})
    assert "more than 1\"" in next(e for e in events if e.name == "UnitFell").reason
    measured = next(e for e in events if e.name == "JumpMeasured")
    assert measured.outcome == "automatic failure" and measured.rise == 1.5


JUMPS = scenario("jumps", width=30, depth=20, seed=None, body="""
  surfaces:
    - {id: east, rect: [4, 0, 2, 8], height: 3}
    - {id: spire, rect: [6.5, 0, 1, 8], height: 10}
    - {id: west, rect: [8, 0, 2, 8], height: 3}
    - {id: keep, rect: [14, 10, 1, 8], height: 10}
  units:
""")


def test_a_jump_across_clears_a_gap_not_terrain_taller_than_its_take_off_and_landing() -> None:
    """Seed 004: a Jump Across crosses a gap "such as between two buildings", and a move passes
    freely over terrain up to 1" high only: a 10" spire or wall between take-off and landing is in
    the way, from roof to roof and on the ground alike (both were taken, 2.5" and 3" jumps)."""
    g = game(JUMPS + "    - {id: a, side: p1, at: '5.5,4@east', agility: 1}\n    - {id: b, side: p1, at: '13.5,14', agility: 1}")
    with pytest.raises(IllegalCommand, match="Jumping Across: terrain 10\" high is in the way"):
        g.issue({"command": "move", "unit": "a", "path": [{"to": "8.5,4@west", "via": "jump_across"}]})
    with pytest.raises(IllegalCommand, match="Jumping Across: both ends are on one surface: no gap"):  # on the ground: no gap at all
        g.issue({"command": "move", "unit": "b", "path": [{"to": "16.5,14", "via": "jump_across"}]})
    assert "8.5,4@west" not in reach(g, "a")


def test_a_jump_across_along_a_level_does_not_go_through_an_enemy() -> None:
    """Seed 004, Moving Through Other Units: never through enemies; a Jump Down is the one move
    the seed lets pass over units. A Jump Across on one level (here the ground) went through; on
    the ground it is no Jump Across at all (no gap), and the walk is stopped by the enemy."""
    g = game(JUMPS + "    - {id: a, side: p1, at: '20,4', agility: 1}\n    - {id: e, side: p2, at: '21.5,4'}")
    with pytest.raises(IllegalCommand, match="no gap to jump across"):
        g.issue({"command": "move", "unit": "a", "path": [{"to": "23,4", "via": "jump_across"}]})
    with pytest.raises(IllegalCommand, match="never through enemies"):
        g.issue({"command": "move", "unit": "a", "path": ["23,4"]})


def test_a_jump_across_from_roof_to_roof_passes_over_an_enemy_on_the_ground_below() -> None:
    """The jump is in the air above the ground between two roofs, a level neither take-off nor
    landing is on: not a move through the enemy standing there."""
    two_roofs = JUMPS.replace("    - {id: keep, rect: [14, 10, 1, 8], height: 10}", "    - {id: far, rect: [12, 0, 2, 8], height: 3}")
    g = game(two_roofs + "    - {id: a, side: p1, at: '9.9,4@west', agility: 1}\n    - {id: e, side: p2, at: '11,4'}")
    events = names(g.issue({"command": "move", "unit": "a", "path": [{"to": "12.1,4@far", "via": "jump_across"}]}))
    assert "JumpMeasured" in events and "CheckMade" in events  # taken, and judged as a 2.2" jump


TWO_ROOFS = scenario("a 4\" roof beside a 2\" one", width=20, depth=10, body="""
  surfaces:
    - {id: high, rect: [0, 0, 6, 10], height: 4}
    - {id: low, rect: [7, 0, 6, 10], height: 2}
  units:
""")


def _taken_as_the_lookahead_says(text: str, unit: str, to: str) -> None:
    """The lookahead's way to ``to``, if it finds one, is a move the command takes."""
    found = reach(game(text), unit).answer(to)  # type: ignore[attr-defined]
    if found.reachable:
        legs = [{"to": point, "via": via} for point, via in zip(found.path[1:], found.ways, strict=True)]
        game(text).issue({"command": "move", "unit": unit, "path": legs})


def test_a_jump_across_onto_a_lower_roof_does_not_go_through_enemies_on_either_roof() -> None:
    """Seed 004, Moving Through Other Units: never through enemies, whatever their state; only a
    Jump Down may jump over units. A Jump Across from a 4" roof to a 2" one whose line passed
    0.35" from an enemy on the take-off roof, or straight over one on the landing roof, was taken
    (units were looked at only when both ends were within 1" in height), and the lookahead
    offered it. The command, the lookahead and the legal moves now all refuse it."""
    units = (
        "    - {id: j, side: p1, at: '4.5,5@high', move: 6, agility: 1}\n"
        "    - {id: e1, side: p2, at: '5.5,5@high'}\n"
        "    - {id: e2, side: p2, at: '7.4,5@low'}\n"
    )
    g = game(TWO_ROOFS + units)
    with pytest.raises(IllegalCommand, match="never through enemies: e1 is in the way"):
        g.issue({"command": "move", "unit": "j", "path": [{"to": "7.2,6@low", "via": "jump_across"}]})
    _taken_as_the_lookahead_says(TWO_ROOFS + units, "j", "7.2,6@low")
    over = TWO_ROOFS + "    - {id: j, side: p1, at: '5.9,5@high', move: 6, agility: 1}\n    - {id: e2, side: p2, at: '7.5,5@low'}\n"
    with pytest.raises(IllegalCommand, match="never through enemies: e2 is in the way"):
        game(over).issue({"command": "move", "unit": "j", "path": [{"to": "8.7,5@low", "via": "jump_across"}]})
    _taken_as_the_lookahead_says(over, "j", "8.7,5@low")
    jumps = [c for c in game(over).legal_commands() if any(getattr(leg, "via", "") == "jump_across" for leg in getattr(c, "path", []))]
    for command in jumps:  # every jump the legal moves list is taken
        game(over).issue(command.model_dump(exclude={"player"}))
    # the ground between the roofs is another level: the jump is in the air above a unit there
    gap = game(TWO_ROOFS + "    - {id: j, side: p1, at: '5.9,5@high', move: 6, agility: 1}\n    - {id: e3, side: p2, at: '6.5,5'}\n")
    gap.issue({"command": "move", "unit": "j", "path": [{"to": "7.2,5@low", "via": "jump_across"}]})
    assert gap.state.units["j"].location == "7.2,5@low"


GAP_ROOFS = scenario("two 3\" roofs 3.5\" apart, a tower between them at one end", body="""
  surfaces:
    - {id: a, rect: [0, 0, 6, 12], height: 3}
    - {id: b, rect: [9.5, 0, 6, 12], height: 3}
    - {id: tower, rect: [7, 0, 1, 3], height: 8}
  units:
""")


def test_a_jump_across_that_fails_outright_never_leaves_its_take_off_so_nothing_on_its_line_stops_it() -> None:
    """Seed 004, Jumping Across: a jump measured longer than 3" (or landing more than 1"
    higher) fails outright and the unit Falls to the ground below from where it attempted the
    jump; it never leaves its take-off, so it moves through nothing on its line (Moving
    Through Other Units). A wall on that line did not refuse it while an enemy did: both now
    let it be declared, measured and failed."""
    past_enemy = GAP_ROOFS + "    - {id: j, side: p1, at: '4.5,5@a', move: 8}\n    - {id: e, side: p2, at: '5.5,5@a'}\n"
    events = game(past_enemy).issue({"command": "move", "unit": "j", "path": [{"to": "10,5@b", "via": "jump_across"}]})
    assert next(e for e in events if e.name == "JumpMeasured").outcome == "automatic failure"
    assert next(e for e in events if e.name == "UnitFell").frm == "4.5,5@a"
    through_wall = GAP_ROOFS + "    - {id: w, side: p1, at: '5.5,1.5@a', move: 8}\n"
    events = game(through_wall).issue({"command": "move", "unit": "w", "path": [{"to": "10,1.5@b", "via": "jump_across"}]})
    assert next(e for e in events if e.name == "JumpMeasured").outcome == "automatic failure"
    # a jump that would be made (3" or less) still goes through neither
    near = GAP_ROOFS.replace("[9.5, 0, 6, 12]", "[7, 0, 6, 12]").replace("[7, 0, 1, 3]", "[6.2, 0, 0.6, 3]")
    with pytest.raises(IllegalCommand, match="never through enemies: e is in the way"):
        game(near + "    - {id: j, side: p1, at: '4.2,5@a', move: 8}\n    - {id: e, side: p2, at: '5.4,5@a'}\n").issue(
            {"command": "move", "unit": "j", "path": [{"to": "7,5@b", "via": "jump_across"}]})
    with pytest.raises(IllegalCommand, match="a jump across clears a gap, not a wall"):
        game(near + "    - {id: w, side: p1, at: '5.5,1.5@a', move: 8}\n").issue(
            {"command": "move", "unit": "w", "path": [{"to": "7.5,1.5@b", "via": "jump_across"}]})


def test_a_failed_jump_across_check_is_a_fall_from_the_take_off() -> None:
    seed = seed_where(lambda s: first_roll(s) < 10)
    g = table("    - {id: a, side: p1, at: '9.9,5.5@tower', agility: 10}", seed)
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "11,7@near", "via": "jump_across"}]})
    assert next(e for e in events if e.name == "JumpMeasured").outcome == "check"
    fell = next(e for e in events if e.name == "UnitFell")
    assert fell.frm == "9.9,5.5@tower" and "@" not in fell.to


def test_injury_roll_adds_two_per_full_inch_above_two() -> None:
    assert [2 * full_inches_above(h, 2.0) for h in (2.0, 2.9, 3.0, 4.5, 5.0)] == [0, 0, 2, 4, 6]


def test_a_multi_wound_unit_is_stunned_and_loses_a_wound_instead_of_incapacitated() -> None:
    seed = seed_where(lambda s: min(first_roll(s), first_roll(s, 1)) < 10 and first_roll(s, 0, 2) + 6 >= 18)
    g = table("    - {id: a, side: p1, at: '9.5,12@keep', agility: 10, wounds: 3}", seed)
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "11.5,12", "via": "jump_down"}]})
    assert next(e for e in events if e.name == "InjuryRolled").result == "incapacitated"
    assert g.state.units["a"].states == ["stunned"] and g.state.units["a"].wounds == 2
    one = table("    - {id: a, side: p1, at: '9.5,12@keep', agility: 10, wounds: 1}", seed)
    one.issue({"command": "move", "unit": "a", "path": [{"to": "11.5,12", "via": "jump_down"}]})
    assert one.state.units["a"].states == ["incapacitated"]


def test_a_unit_falling_onto_another_is_placed_beside_it_with_a_recorded_direction() -> None:
    g = table("    - {id: a, side: p1, at: '9.75,2@tower'}\n    - {id: b, side: p2, at: '10.5,2'}")
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "13.25,2@wall", "via": "jump_across"}]})
    rolls = [e for e in events if e.name == "DiceRolled"]
    assert rolls[0].dice == "1d12"
    fell = next(e for e in events if e.name == "UnitFell")
    assert fell.to != "10.5,2"
    from domain.rulesets.skirmish.table import parse_spot

    assert parse_spot(fell.to).flat_distance(parse_spot("10.5,2")) >= 1.0


def test_who_may_move() -> None:
    units = (
        "    - {id: s, side: p1, at: '1,18', states: [stunned]}\n"
        "    - {id: d, side: p1, at: '3,18', states: [dazed]}\n"
        "    - {id: e1, side: p1, at: '25,18', engaged_with: [f1]}\n"
        "    - {id: f1, side: p2, at: '26,18', engaged_with: [e1]}\n"
        "    - {id: e2, side: p1, at: '25,10', engaged_with: [f2]}\n"
        "    - {id: f2, side: p2, at: '26,10', states: [dazed], engaged_with: [e2]}"
    )
    g = table(units)
    for unit, reason in (("s", "Stunned"), ("d", "Dazed"), ("e1", "Engaged with f1")):
        with pytest.raises(IllegalCommand, match=reason):
            g.issue({"command": "move", "unit": unit, "path": ["5,14"]})
    g.issue({"command": "move", "unit": "e2", "path": ["23,10"]})  # its only foe is Dazed


def test_no_move_after_an_engage_attempt_and_only_once_per_turn() -> None:
    g = table("    - {id: a, side: p1, at: '1,18'}\n    - {id: b, side: p1, at: '3,18'}")
    g.issue({"command": "attempt_engage", "unit": "a"})
    with pytest.raises(IllegalCommand, match="attempted to Engage"):
        g.issue({"command": "move", "unit": "a", "path": ["1,16"]})
    g.issue({"command": "move", "unit": "b", "path": ["3,16"]})
    with pytest.raises(IllegalCommand, match="once"):
        g.issue({"command": "move", "unit": "b", "path": ["3,14"]})
    g.issue({"command": "end_turn"})
    g.issue({"command": "end_turn"})
    g.issue({"command": "move", "unit": "b", "path": ["3,14"]})


def test_one_engage_attempt_a_turn_not_when_stunned_dazed_engaged_or_after_moving() -> None:
    """Engage phase: every unit may make one Engage attempt unless it is Stunned, Dazed or
    Engaged with an enemy neither Stunned nor Dazed; and none after a Move (the Move Phase forbids
    moving after an attempt, so the attempt comes first). The list offers exactly those allowed."""
    units = (
        "    - {id: a, side: p1, at: '1,18'}\n    - {id: m, side: p1, at: '5,18'}\n"
        "    - {id: s, side: p1, at: '9,18', states: [stunned]}\n    - {id: d, side: p1, at: '13,18', states: [dazed]}\n"
        "    - {id: e, side: p1, at: '25,18', engaged_with: [f]}\n    - {id: f, side: p2, at: '26,18', engaged_with: [e]}"
    )
    g = table(units)
    g.issue({"command": "move", "unit": "m", "path": ["5,16"]})
    g.issue({"command": "attempt_engage", "unit": "a"})
    for unit, reason in (("a", "one Engage attempt"), ("m", "Moved this turn"), ("s", "Stunned"), ("d", "Dazed"),
                         ("e", "Engaged with f")):
        with pytest.raises(IllegalCommand, match=reason):
            g.issue({"command": "attempt_engage", "unit": unit})
    assert not [c for c in g.legal_commands() if getattr(c, "command", None) == "attempt_engage"]


def test_moving_through_free_allies_but_never_enemies_nor_ending_on_anyone() -> None:
    units = "    - {id: a, side: p1, at: '1,18'}\n    - {id: ally, side: p1, at: '3,18'}\n    - {id: foe, side: p2, at: '1,14'}"
    g = table(units)
    with pytest.raises(IllegalCommand, match="never through enemies"):
        g.issue({"command": "move", "unit": "a", "path": ["1,12"]})
    with pytest.raises(IllegalCommand, match="may not end its move on another unit"):
        g.issue({"command": "move", "unit": "a", "path": ["3,18"]})
    g.issue({"command": "move", "unit": "a", "path": ["5,18"]})


STOPPED_ON_AN_ALLY = scenario("a move cut short on an ally", width=24, depth=12, seed="{seed}", body="""
  surfaces:
    - {{id: shed, rect: [6, 0, 4, 6], height: 3}}
    - {{id: west, rect: [12, 0, 4, 8], height: 3}}
    - {{id: east, rect: [16.8, 0, 7, 8], height: 3}}
  units:
    - {{id: climber, side: p1, at: '3,3', move: 8, agility: {agility}}}
    - {{id: ally, side: p1, at: '5.5,3', move: 6}}
    - {{id: j, side: p1, at: '13,3@west', move: 6, agility: 2}}
    - {{id: friend, side: p1, at: '17.3,3@east', move: 6}}
""")


def test_a_move_cut_short_never_ends_on_another_unit() -> None:
    """Moving Through Other Units: a unit may move through a free ally but never ends its move on
    another unit. A failed climb check whose climb started on an ally's spot (Climbing: the unit
    stays next to the wall and its move ends), or a leg after a Jump Across that no longer fits,
    left the unit's base on the ally's. It is put at the nearest point clear of every base, and
    the event says where from and where to."""
    g = game(STOPPED_ON_AN_ALLY.format(seed=seed_where(lambda s: first_roll(s) < 20), agility=20))
    moves = (
        ("climber", ["5.6,3", {"to": "6.5,3@shed", "via": "climb"}], "5.6,3"),
        ("j", ["15.5,3@west", {"to": "17.4,3@east", "via": "jump_across"}, "23,3@east"], "17.4,3@east"),
    )
    for unit, path, stopped in moves:
        events = g.issue({"command": "move", "unit": unit, "path": path})
        cleared = next(e for e in events if e.name == "UnitMovedClear")
        ended = next(e for e in events if e.name == "MoveEnded")
        at = g.state.units[unit].location
        assert (cleared.frm, cleared.to, ended.at) == (stopped, at, at)
        view = TableView(g.state)
        assert view.overlap_at(unit, view.spot(unit)) is None
        assert view.table.base_clear(view.spot(unit), view.radius(unit))
        assert parse_spot(at).flat_distance(parse_spot(stopped)) < 1.1  # as near as allowed


def test_every_check_and_roll_is_recorded_so_a_replay_never_rolls() -> None:
    g = table("    - {id: a, side: p1, at: '9.5,12@keep', agility: 10, wounds: 3}", 1)
    g.issue({"command": "move", "unit": "a", "path": [{"to": "11.5,12", "via": "jump_down"}]})
    rolled = [e for e in g.pending_events if e.name == "DiceRolled"]
    checks = [e for e in g.pending_events if e.name in ("CheckMade", "InjuryRolled")]
    assert rolled and len(checks) == len(rolled)
    assert fold(g.pending_events).units["a"] == g.state.units["a"]  # type: ignore[arg-type]


def test_agility_check_chance_with_and_without_disadvantage() -> None:
    assert chance(10, False) == 0.55 and chance(10, True) == pytest.approx(0.3025)
    assert chance(1, False) == 1.0 and chance(21, False) == 0.0


ROUND_THE_PATCH = scenario("round the patch", width=40, depth=40, seed=None, body="""
  difficult:
    - {rect: [2, 4, 2, 2]}
  units:
    - {id: a, side: p1, at: '0.5,5', move: 6}
""")


def test_the_lookahead_walks_round_a_difficult_area_rather_than_paying_its_penalty() -> None:
    """Difficult Terrain costs the whole move 2" once crossed: round a 2" patch the far side is
    5.7" away on clear ground, within 6"; through it the allowance is 4". The search bent only at
    walls' corners, so it read "too far: needs 5.00", the allowance is 4.00"" while the move round
    it (a path of three walks) was taken."""
    g = game(ROUND_THE_PATCH)
    answer = reach(g, "a")
    cost, path = answer.cost_to("5.5,5"), answer.path_to("5.5,5")
    assert "5.5,5" in answer and cost is not None and cost <= 5.75
    assert path is not None and len(path) >= 4  # the unit, two corners of the patch, the point
    events = g.issue({"command": "move", "unit": "a", "path": ["1.95,3.95", "4.05,3.95", "5.5,5"]})
    assert "MoveEnded" in names(events) and g.state.units["a"].location == "5.5,5"


def test_a_jump_from_a_higher_point_onto_the_ground_is_a_jump_down_not_a_jump_across() -> None:
    """Seed 004, Jumping Down: from a higher point the unit is placed on the ground within 3",
    with an Agility Check (at disadvantage from 4"); Jumping Across clears gaps "such as between
    two buildings". A 0.6" hop off a 3" roof onto the ground is a Jump Down: declared as a Jump
    Across it is refused, naming jump_down (the default of option jump_across_lower_landing is
    ``not_to_the_ground``). It was taken as a Jump Across of 1" or less, needing no check, so
    no unit ever had to make the Jump Down's check from a roof's edge. The option's ``allowed``
    keeps the old reading (logs record it, so they replay as played)."""
    hop = {"command": "move", "unit": "a", "path": [{"to": "10.5,3", "via": "jump_across"}]}
    strict = table("    - {id: a, side: p1, at: '9.9,3@tower'}")
    with pytest.raises(IllegalCommand, match="is a Jump Down: declare it as jump_down"):
        strict.issue(hop)
    events = names(strict.issue({"command": "move", "unit": "a", "path": [{"to": "10.5,3", "via": "jump_down"}]}))
    assert "CheckMade" in events
    plain = game(TABLE.format(units="    - {id: a, side: p1, at: '9.9,3@tower'}", seed=0).replace(
        "ruleset: skirmish\n", "ruleset: skirmish\noptions: {jump_across_lower_landing: allowed}\n"))
    assert "CheckMade" not in names(plain.issue(hop)) and plain.state.units["a"].location == "10.5,3"
    # a jump onto a lower roof is still a Jump Across (between two buildings)
    down = table("    - {id: a, side: p1, at: '9.9,10.1@keep'}")
    events = names(down.issue({"command": "move", "unit": "a", "path": [{"to": "10.6,9.1@near", "via": "jump_across"}]}))
    assert "JumpMeasured" in events


STAIRS = scenario("stairs", width=30, depth=20, seed=None, body="""
  surfaces:
    - {id: r2, rect: [6, 10, 4, 4], height: 2}
    - {id: r3, rect: [10, 10, 4, 4], height: 3}
    - {id: r4, rect: [14, 10, 4, 4], height: 4}
  units:
    - {id: a, side: p1, at: '15,12@r4', move: 9}
""")


def test_terrain_up_to_one_inch_is_walked_over_a_step_at_a_time_each_step_its_own_leg() -> None:
    """Seed 004: terrain up to 1" high is moved over freely. Down two 1" steps is one leg per
    step; one leg from 4" to 2" is refused, and the refusal says how to walk it."""
    g = game(STAIRS)
    with pytest.raises(IllegalCommand, match='a 2" drop in one walk is more than 1".*in legs of 1" or less'):
        g.issue({"command": "move", "unit": "a", "path": ["7,12@r2"]})
    g.issue({"command": "move", "unit": "a", "path": ["12,12@r3", "7,12@r2"]})
    assert g.state.units["a"].location == "7,12@r2"
