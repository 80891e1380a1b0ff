"""Range of motion on the table: any point answered, with the path, its checks and their chance,
the reachable area per surface, and the rule that stops an unreachable point. No dice rolled."""

from __future__ import annotations

import json
from pathlib import Path

from domain.rulesets.skirmish.table import parse_spot
from tests.helpers import EXAMPLES, game, names, reach
from tests.skirmish.tables import scenario
from tests.skirmish.test_move_phase import TABLE, table
from tests.test_cli import assert_nothing_stored, one_line_error, sim

SKIRMISH = EXAMPLES / "skirmish"


def test_the_lookahead_answers_any_point_with_its_checks_and_chance_and_rolls_nothing() -> None:
    g = table("    - {id: a, side: p1, at: '5.5,2', agility: 10}")
    before = len(g.pending_events)
    answer = reach(g, "a")
    found = answer.answer("7,2@tower")  # type: ignore[attr-defined]
    assert found.reachable and found.path[-1] == "7,2@tower"
    assert [c["check"] for c in found.checks] == ["climb"] and found.chance == 0.55
    assert len(g.pending_events) == before  # nothing rolled, nothing recorded


def test_a_jump_down_path_reports_its_disadvantage() -> None:
    g = table("    - {id: a, side: p1, at: '9.5,12@keep', agility: 10}")
    found = reach(g, "a").answer("11,12")  # type: ignore[attr-defined]
    assert found.reachable and found.checks[0]["disadvantage"] and found.chance == 0.3025


def test_why_names_the_rule_that_stops_a_point() -> None:
    g = table("    - {id: a, side: p1, at: '1,18', move: 4}\n    - {id: foe, side: p2, at: '1,14.5', base: 3}")
    reasons = " ".join(str(r) for r in reach(g, "a").why_not("1,5"))
    assert "never through enemies: foe is in the way" in reasons and "too far" in reasons
    walled = table("    - {id: a, side: p1, at: '5.5,12', move: 4}")
    assert "too high to climb in one move" in str(reach(walled, "a").why_not("7,12@keep")[0])


def test_why_names_a_gap_too_wide(tmp_path: Path) -> None:
    scenario = tmp_path / "roofs.yaml"
    scenario.write_text(
        "title: roofs\nruleset: skirmish\nsetup:\n  width: 24\n  depth: 10\n  surfaces:\n"
        "    - {id: west, rect: [6, 0, 4, 6], height: 9}\n    - {id: east, rect: [14, 0, 4, 6], height: 9}\n"
        "  units:\n    - {id: a, side: p1, at: '9,2@west'}\n"
    )
    out = sim("why", str(scenario), "--unit", "a", "--to", "15,2@east").output
    assert "the gap is 4.00\": more than 3\" can't be jumped" in out


def test_why_names_the_ally_that_can_not_be_ended_on(tmp_path: Path) -> None:
    out = sim("why", str(SKIRMISH / "10-moving-through-units.yaml"), "--unit", "medic", "--to", "4,8").output
    assert "may not end its move on another unit (patient)" in out


def test_reach_json_gives_reachable_areas_per_surface_and_sample_points() -> None:
    data = json.loads(sim("reach", str(SKIRMISH / "03-climb-succeeds.yaml"), "--unit", "climber", "--json").output)
    assert set(data) >= {"unit", "reachable", "paths", "areas", "samples"}
    assert "ground" in data["areas"] and data["samples"]
    assert all("@spire" not in s for s in data["samples"])  # the 7" wall can't be climbed


def test_the_lookahead_rebuilt_from_events_answers_like_the_live_game() -> None:
    from projections.lookahead import Lookahead

    g = table("    - {id: a, side: p1, at: '5.5,2', agility: 10}")
    live = reach(g, "a").answer("8,3@tower")  # type: ignore[attr-defined]
    rebuilt = Lookahead.from_events(list(g.pending_events)).range_of_motion("a").answer("8,3@tower")  # type: ignore[attr-defined]
    assert (live.reachable, live.path, live.chance) == (rebuilt.reachable, rebuilt.path, rebuilt.chance)


def bad(tmp_path: Path, setup: str, script: str = "[]") -> str:
    scenario = tmp_path / "bad.yaml"
    scenario.write_text(f"title: bad\nruleset: skirmish\nsetup:\n{setup}\nscript: {script}\n")
    db = tmp_path / "g.sqlite"
    line = one_line_error(sim("run", str(scenario), "--db", str(db)))
    assert_nothing_stored(db)
    assert "bad.yaml:" in line
    return line


def test_bad_table_input_is_one_line_exit_2_and_nothing_stored(tmp_path: Path) -> None:
    units = "  units:\n    - {id: a, side: p1, at: '2,2'}\n"
    walls = "  surfaces:\n    - {id: roof, rect: [6, 0, 4, 6], height: 3}\n"
    assert "off the" in bad(tmp_path, "  width: 10\n  depth: 10\n  units:\n    - {id: a, side: p1, at: '12,2'}")
    assert "inside a wall" in bad(tmp_path, walls + "  units:\n    - {id: a, side: p1, at: '7,2'}")
    assert "greater than or equal to 0" in bad(tmp_path, "  units:\n    - {id: a, side: p1, at: '2,2', move: -3}")
    assert "valid number" in bad(tmp_path, "  units:\n    - {id: a, side: p1, at: '2,2', move: six}")
    assert "overlaps" in bad(tmp_path, "  units:\n    - {id: a, side: p1, at: '2,2'}\n    - {id: b, side: p2, at: '2.5,2'}")
    assert "unknown point" in bad(tmp_path, units, "[{command: move, unit: a, path: ['two,3']}]")
    assert "off the" in bad(tmp_path, units, "[{command: move, unit: a, path: ['30,3']}]")


#: a 3" roof (x 6 to 10) and, across a 4" gap, another; a strip of difficult terrain west of it
CLIMBS = scenario("climbs at the allowance", width=30, depth=20, seed=None, body="""
  surfaces:
    - {id: t, rect: [6, 0, 4, 6], height: 3}
    - {id: u, rect: [14, 0, 4, 6], height: 3}
  difficult:
    - {rect: [0, 8, 6, 4]}
  units:
""")


def test_too_far_names_the_allowance_left_after_difficult_terrain_not_the_move() -> None:
    """A unit starting in difficult terrain has 2" less (seed 004, Difficult Terrain): "too far"
    says what it needs against that allowance, with the Move beside it."""
    from tests.helpers import game

    g = game(CLIMBS + "    - {id: a, side: p1, at: '2,10', move: 6}\n")
    reasons = [str(r) for r in reach(g, "a").why_not("2,19")]
    assert any('too far: needs 9.00", the allowance is 4.00" (Move 6")' in r for r in reasons), reasons


def test_a_unit_on_the_ground_is_not_told_of_a_gap_it_could_not_jump_anyway() -> None:
    """Jumping Across starts on a raised surface: for a unit on the ground the gap beside the
    roof is not what stops it (it was named: "the gap is 4.00\\"")."""
    from tests.helpers import game

    g = game(CLIMBS + "    - {id: a, side: p1, at: '5.5,2', move: 4}\n")
    reasons = " ".join(str(r) for r in reach(g, "a").why_not("9,2@t"))
    assert "gap" not in reasons and "too far" in reasons


def test_a_point_a_straight_climb_reaches_is_in_reach_and_the_move_declared_straight_takes_it() -> None:
    """Seed 004, Climbing: the rise and up to 1" across count against the Move. From 5.5,2 a
    straight climb to 6.5,2@t costs 1 + 3 = 4", exactly a Move of 4: the lookahead finds it
    (it read 4.03" and added a Climbing note when it climbed only between points 1" apart along
    the edge), and the move declared as it answers is accepted. With Move 3.9 it is too far by
    what the straight climb needs, and no note is given (tests/skirmish/test_exact_climbs.py)."""
    from tests.helpers import game

    g = game(CLIMBS + "    - {id: a, side: p1, at: '5.5,2', move: 4}\n")
    found = reach(g, "a").answer("6.5,2@t")  # type: ignore[attr-defined]
    assert found.reachable and found.cost == 4.0 and found.path == ["5.5,2", "6.5,2@t"]
    g.issue({"command": "move", "unit": "a", "path": [{"to": "6.5,2@t", "via": "climb"}]})
    assert g.state.units["a"].location == "6.5,2@t"
    short = game(CLIMBS + "    - {id: a, side: p1, at: '5.5,2', move: 3.9}\n")
    reasons = [str(r) for r in reach(short, "a").why_not("6.5,2@t")]
    assert any('too far: needs 4.00"' in r for r in reasons) and not any("climbing straight" in r for r in reasons), reasons



def test_why_measures_a_way_through_difficult_terrain_against_the_move_less_two_inches(tmp_path: Path) -> None:
    """Move Phase, Difficult Terrain: a way through it has 2" less of the Move. The headline and
    the JSON answer say what the way is measured against (4"), not the unit's whole Move (6")."""
    scenario = tmp_path / "rubble.yaml"
    scenario.write_text(
        "title: rubble\nruleset: skirmish\nsetup:\n  width: 20\n  depth: 12\n  difficult:\n    - {rect: [4, 0, 2, 8]}\n"
        "  units:\n    - {id: footman, side: p1, at: '2,1', move: 6}\n"
    )
    out = sim("why", str(scenario), "--unit", "footman", "--to", "6,1").output
    assert "costing 4 of 4:" in out
    data = json.loads(sim("why", str(scenario), "--unit", "footman", "--to", "6,1", "--json").output)
    assert data["cost"] == 4.0 and data["allowance"] == 4.0
    clear = json.loads(sim("why", str(scenario), "--unit", "footman", "--to", "2,7", "--json").output)
    assert clear["allowance"] == 6.0


def test_a_wall_too_high_or_a_gap_too_wide_is_named_only_when_no_way_gets_onto_the_surface() -> None:
    """Climbing and Jumping Across stop a point only when the unit gets onto none of its surface.
    A unit on a 7" roof jumps the 1" gap to a roof as high: a point too far on it is too far,
    not behind a 7" wall. A unit on a 4" roof jumps down across 1.5" onto a 2" roof: a point too
    far on it is too far, not across the 9" gap between that roof and a third one."""
    walls = game(
        "title: roofs\nruleset: skirmish\nsetup:\n  width: 30\n  depth: 20\n  surfaces:\n"
        "    - {id: A, rect: [0, 0, 6, 10], height: 7}\n    - {id: B, rect: [7, 0, 10, 10], height: 7}\n"
        "    - {id: C, rect: [0, 12, 6, 6], height: 4}\n    - {id: E, rect: [7.5, 12, 6, 6], height: 2}\n"
        "    - {id: G, rect: [22.5, 12, 4, 6], height: 2.5}\n"
        "  units:\n    - {id: r, side: p1, at: '5,5@A', agility: 9}\n    - {id: s, side: p1, at: '5,15@C', agility: 9}\n"
    )
    for unit, far, near in (("r", "14,5@B", "8,5@B"), ("s", "12,15@E", "8,15@E")):
        answer = reach(walls, unit)
        assert answer.path_to(near) is not None
        reasons = [str(r) for r in answer.why_not(far)]
        assert len(reasons) == 1 and "too far" in reasons[0], reasons


def test_of_two_ways_as_cheap_the_answer_takes_the_one_likelier_to_pass_its_checks() -> None:
    """Ladders need no Climb Check (Move Phase, Ladders): a ladder and a climb of the same inches
    up the same wall are equally cheap, and the answer is the ladder's way (no check, certain),
    not the climb's (45% for Agility 12)."""
    played = game((SKIRMISH / "08-ladders.yaml").read_text().split("\nscript:")[0] + "\nscript: []\n")
    found = reach(played, "militiaman").answer("8.5,3@granary")  # type: ignore[attr-defined]
    assert found.reachable and found.cost == 6.0
    assert found.ways[0] == "ladder" and found.checks == [] and found.chance == 1.0


def test_a_way_between_an_enemy_and_the_table_edge_is_found_as_a_declared_move_takes_it() -> None:
    """A unit's place is its base's centre, which may stand on the table's edge (docs/skirmish.md):
    a move along the edge past an enemy whose base leaves just room for the centre is taken, and
    the lookahead finds that way too (it read "never through enemies" and 10.79" round the house)."""
    text = (
        "title: squeeze\nruleset: skirmish\nsetup:\n  width: 20\n  depth: 20\n  surfaces:\n"
        "    - {id: H, rect: [2, 5, 6, 6], height: 4}\n"
        "  units:\n    - {id: r, side: p1, at: '1,3', move: 10}\n    - {id: foe, side: p2, at: '1,8'}\n"
    )
    found = reach(game(text), "r").answer("0,8.5")  # type: ignore[attr-defined]
    assert found.reachable and found.cost < 5.7
    moved = game(text)
    moved.issue({"command": "move", "unit": "r", "path": found.path[1:]})
    assert moved.state.units["r"].location == "0,8.5"


def test_too_far_says_figures_that_differ() -> None:
    """A way that needs 6.003" against a Move of 6" was refused as "needs 6.00", the allowance is
    6.00"": the figures are printed to as many places as tell them apart (the jump across starts
    at a key point a little behind the roof's edge: docs, "jumps start from key points")."""
    from domain.rulesets.skirmish.table import short_of

    assert short_of(6.003, 6.0) == 'needs 6.003", the allowance is 6.000"'
    assert short_of(7.5, 6.0) == 'needs 7.50", the allowance is 6.00"'
    g = game(
        "title: t\nruleset: skirmish\nsetup:\n  width: 30\n  depth: 24\n  surfaces:\n"
        "    - {id: roof, rect: [10, 8, 4, 4], height: 3}\n    - {id: east, rect: [16, 8, 4, 4], height: 3}\n"
        "  difficult:\n    - {rect: [14.2, 8, 1.6, 4]}\n"
        "  units:\n    - {id: j, owner: p1, at: '13.5,9@roof', move: 6, agility: 2}\n"
    )
    why = [str(r) for r in reach(g, "j").why_not("19.5,9@east")]
    too_far = next(r for r in why if "too far" in r)
    needs, allowance = too_far.split("needs ")[1].split('", the allowance is ')
    assert needs != allowance.rstrip('"')


def test_the_reach_header_says_every_way_has_two_inches_less_for_a_unit_standing_in_difficult_terrain(tmp_path: Path) -> None:
    """Move Phase, Difficult Terrain: a unit that starts its move in difficult terrain moves
    through it whatever way it goes, so every way has 2" less. `sim reach` printed "(allowance 6)"
    in its header for such a unit, though no way may cost more than 4 (the JSON's
    allowance_through_difficult said so); the header says the limit too. A unit standing clear
    of it keeps the plain header."""
    scenario = tmp_path / "rubble.yaml"
    scenario.write_text(
        "title: rubble\nruleset: skirmish\nsetup:\n  width: 20\n  depth: 14\n  difficult:\n    - {rect: [2, 2, 2, 2]}\n"
        "  units:\n    - {id: w, side: p1, at: '3,3', move: 6}\n    - {id: c, side: p1, at: '10,10', move: 6}\n"
    )
    out = sim("reach", str(scenario), "--unit", "w").output
    assert "(allowance 6; 4 as it stands in difficult terrain)" in out, out.splitlines()[0]
    data = json.loads(sim("reach", str(scenario), "--unit", "w", "--json").output)
    assert data["allowance"] == 6.0 and data["allowance_through_difficult"] == 4.0  # the JSON as it was
    clear = sim("reach", str(scenario), "--unit", "c").output
    assert "(allowance 6)" in clear, clear.splitlines()[0]


def test_where_the_cheapest_way_needs_a_check_why_names_the_way_with_none(tmp_path: Path) -> None:
    """Seed 004, Ladders (no Climb Check, the height counts) against Jumping Down (no cost for
    the drop, an Agility Check, a Fall on failure): from a roof beside a ladder the cheapest way
    down is a risky Jump Down, and the answer named it alone, while the ladder, dearer and with
    no check, is a move the command accepts. The answer names the way with no check too, or
    says there is none within the allowance."""
    g = table("    - {id: a, side: p1, at: '6.5,4@tower', agility: 10}")
    answer = reach(g, "a")
    found = answer.answer("5.5,4")  # type: ignore[attr-defined]
    assert "jump_down" in found.ways and found.chance < 1
    safer = answer.search.safer(parse_spot("5.5,4"))  # type: ignore[attr-defined]
    assert safer is not None and safer.ways == ["ladder"] and safer.cost == 4 and safer.chance == 1.0
    lines = answer.details("5.5,4")
    assert "a way with no check: ladder to 5.5,4, costing 4\" of 6\"" in lines
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": "5.5,4", "via": "ladder"}]})
    assert "CheckMade" not in names(events)
    # the way on from the ladder's foot is a ladder and a walk
    assert reach(table("    - {id: a, side: p1, at: '6.5,4@tower', agility: 10}"), "a").search.safer(  # type: ignore[attr-defined]
        parse_spot("4,4")).ways == ["ladder", "walk"]
    # from the keep (no ladder) every way down needs a check
    keep = reach(table("    - {id: a, side: p1, at: '9.5,12@keep', agility: 10}"), "a")
    assert "every way within 6\" needs a check" in keep.details("11,12")
    # a way with no check at all is answered as before, with nothing added
    assert not any("no check" in line for line in reach(g, "a").details("3,4"))
    scenario = tmp_path / "ladder.yaml"
    scenario.write_text(TABLE.format(seed=0, units="    - {id: a, side: p1, at: '6.5,4@tower', agility: 10}"))
    out = sim("why", str(scenario), "--unit", "a", "--to", "5.5,4").output
    assert "a way with no check: ladder to 5.5,4" in out


GAP_BETWEEN_ENEMIES = scenario("two enemies 0.99\" apart, too close for a 1\" base to pass between", seed=None, body="""
  units:
    - {id: m, side: p1, at: '2,5', move: 6}
    - {id: e1, side: p2, at: '4,4.005'}
    - {id: e2, side: p2, at: '4,5.995'}
""")


def test_too_far_round_a_base_is_said_with_a_caution_as_the_way_measured_bends_at_an_octagon() -> None:
    """Seed 004, Moving Through Other Units: never through enemies; the lookahead goes round a
    base by the corners of an octagon around it, which a move hugging the base beats. Round
    the enemies to 6,5 the lookahead measured 6.06" and answered "too far" for a 6" Move while
    the move declared close round e1's base (5.85") is taken: the answer now says the way
    measured bends round a base at fixed points and asks for the move to be declared."""
    g = game(GAP_BETWEEN_ENEMIES)
    reasons = [str(r) for r in reach(g, "m").why_not("6,5")]
    assert any("too far" in r for r in reasons)
    assert any("caution" in r and "round e1" in r for r in reasons), reasons
    # the move round e1's base, 0.002" clear of it, is taken
    import math

    centre, clear = (4.0, 4.005), 1.002
    first = math.atan2(5 - centre[1], 2 - centre[0]) + math.acos(1 / math.dist((2, 5), centre))
    last = math.atan2(5 - centre[1], 6 - centre[0]) - math.acos(1 / math.dist((6, 5), centre)) + 2 * math.pi
    step = (last - first) / 12
    radius = clear / math.cos(step / 2)
    bends = [
        f"{centre[0] + radius * math.cos(first + step * i):.3f},{centre[1] + radius * math.sin(first + step * i):.3f}"
        for i in range(13)
    ]
    g.issue({"command": "move", "unit": "m", "path": [*bends, "6,5"]})
    assert g.state.units["m"].location == "6,5"
    # far beyond the allowance, no caution
    assert not any("caution" in str(r) for r in reach(game(GAP_BETWEEN_ENEMIES), "m").why_not("9,5"))
