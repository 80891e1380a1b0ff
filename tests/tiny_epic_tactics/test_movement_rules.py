"""Movement on the grid (seed 003): costs, units in the way, climbing and terrain surcharges."""

from __future__ import annotations

import pytest

from domain.errors import BadInput
from tests.tiny_epic_tactics.support import of, reach_of, refused, tet, unit


def test_each_space_costs_one_to_enter() -> None:
    game = tet([". . . . . ."], units=[unit("a", "p1", "0,0", movement=3), unit("e", "p2", "5,0")])
    answer = reach_of(game, "a")
    assert answer.costs == {"0,0": 0, "1,0": 1, "2,0": 2, "3,0": 3}
    assert "needs 4, has 3" in str(answer.why_not("4,0")[0])


def test_one_unit_per_space() -> None:
    with pytest.raises(BadInput) as info:
        tet([". . ."], units=[unit("a", "p1", "0,0"), unit("b", "p2", "0,0")])
    assert "one unit per space" in str(info.value)
    game = tet([". . ."], units=[unit("a", "p1", "0,0"), unit("b", "p1", "1,0"), unit("e", "p2", "2,0")]).game
    refused(game, {"command": "move", "unit": "a", "path": ["1,0"]}, "may not end its move there")


def test_allies_may_be_passed_through_and_the_space_counts() -> None:
    played = tet([". . . ."], units=[unit("a", "p1", "0,0", movement=2), unit("b", "p1", "1,0"), unit("e", "p2", "3,0")])
    answer = reach_of(played, "a")
    assert answer.path_to("2,0") == ["0,0", "1,0", "2,0"] and answer.costs["2,0"] == 2
    assert "1,0" not in answer and "Allies" in str(answer.why_not("1,0"))
    played.game.issue({"command": "move", "unit": "a", "path": ["1,0", "2,0"]})
    assert played.game.state.units["a"].location == "2,0"


def test_option_ally_pass_through_off_blocks_allies() -> None:
    played = tet([". . . ."], units=[unit("a", "p1", "0,0", movement=2), unit("b", "p1", "1,0"), unit("e", "p2", "3,0")],
                 options={"ally_pass_through": False})
    assert "2,0" not in reach_of(played, "a")


def test_enemies_may_be_neither_passed_nor_ended_on() -> None:
    played = tet([". . . ."], units=[unit("a", "p1", "0,0", movement=3), unit("e", "p2", "1,0")])
    answer = reach_of(played, "a")
    assert set(answer.reachable) == {"0,0"}
    assert "enemy in the way" in str(answer.why_not("1,0"))
    assert "enemy in the way" in str(answer.why_not("2,0"))
    refused(played.game, {"command": "move", "unit": "a", "path": ["1,0", "2,0"]}, "enemy in the way")
    refused(played.game, {"command": "move", "unit": "a", "path": ["1,0"]}, "enemy in the way")


def test_climbing_costs_one_more_whatever_the_height() -> None:
    played = tet(levels=["0 1 4", "0 0 0"], units=[unit("a", "p1", "0,0", movement=9), unit("e", "p2", "0,1")])
    costs = reach_of(played, "a").costs
    assert costs["1,0"] == 2  # one level up
    assert costs["2,0"] == 4  # three more levels up: still +1


def test_option_climb_cost_per_level() -> None:
    played = tet(levels=["0 1 4"], units=[unit("a", "p1", "0,0", movement=9), unit("e", "p2", "2,0")],
                 options={"climb_cost_mode": "per_level"})
    assert reach_of(played, "a").costs["1,0"] == 2
    played = tet(levels=["0 1 4", "0 0 0"], units=[unit("a", "p1", "0,0", movement=9), unit("e", "p2", "0,1")],
                 options={"climb_cost_mode": "per_level"})
    assert reach_of(played, "a").costs["2,0"] == 2 + 1 + 3


def test_going_down_costs_nothing_extra() -> None:
    played = tet(levels=["3 0 0"], units=[unit("a", "p1", "0,0", movement=2), unit("e", "p2", "2,0")])
    assert reach_of(played, "a").costs["1,0"] == 1
    played = tet(levels=["3 0 0"], units=[unit("a", "p1", "0,0", movement=2), unit("e", "p2", "2,0")],
                 options={"descend_cost": 1})
    assert reach_of(played, "a").costs["1,0"] == 2


def test_water_peak_and_ballista_cost_one_more_to_enter_and_nothing_to_leave() -> None:
    played = tet(["~ . ^ . b ."], units=[unit("a", "p1", "1,0", movement=9), unit("e", "p2", "5,0")])
    costs = reach_of(played, "a").costs
    assert costs["0,0"] == 2 and costs["2,0"] == 2 and costs["3,0"] == 3 and costs["4,0"] == 5
    walked = tet(["~ . ."], units=[unit("a", "p1", "0,0", movement=9), unit("e", "p2", "2,0")])
    assert reach_of(walked, "a").costs["1,0"] == 1  # leaving Water costs nothing extra


def test_climbing_onto_a_peak_one_level_up_costs_three() -> None:
    played = tet([". ^"], levels=["0 1"], units=[unit("a", "p1", "0,0", movement=3)])
    assert reach_of(played, "a").costs["1,0"] == 3
    short = tet([". ^", ". ."], levels=["0 1", "0 0"], units=[unit("a", "p1", "0,0", movement=2), unit("e", "p2", "1,1")])
    reasons = " ".join(str(r) for r in reach_of(short, "a").why_not("1,0"))
    assert "not enough Movement for the climb" in reasons and "1 + peak 1 + climb 1 = 3" in reasons


def test_option_terrain_entry_surcharge_keeps_the_terrains_it_does_not_name() -> None:
    played = tet(["~ . ^"], units=[unit("a", "p1", "1,0", movement=9)], options={"terrain_entry_surcharge": {"water": 3}})
    costs = reach_of(played, "a").costs
    assert costs["0,0"] == 4 and costs["2,0"] == 2


def test_diagonal_steps_only_with_the_king8_option() -> None:
    units = [unit("a", "p1", "0,0", movement=1), unit("e", "p2", "2,2")]
    assert "1,1" not in reach_of(tet(width=3, height=3, units=units), "a")
    diagonal = tet(width=3, height=3, units=units, options={"adjacency": "king8"})
    assert reach_of(diagonal, "a").costs["1,1"] == 1
    diagonal.game.issue({"command": "move", "unit": "a", "path": ["1,1"]})
    assert of(diagonal.game.pending_events, "StepTaken", kind="diagonal")


def test_a_move_is_completed_before_another_action_starts() -> None:
    played = tet(["v . . ."], units=[unit("a", "p1", "1,0", movement=3, health=2, max_health=6), unit("e", "p2", "3,0")])
    events = played.game.issue({"command": "move", "unit": "a", "path": ["0,0", "1,0", "2,0"]})
    assert events[-1].name == "MoveEnded"
    assert played.game.state.storyline == [] and played.game.state.moves == {}


def test_a_path_that_takes_a_step_twice_is_refused_whole_and_records_nothing() -> None:
    """One unit per space, and no Move ends on an ally's space (seed 003): a path that went
    0,0 -> 1,0 -> 2,0 -> 1,0 -> 2,0 was accepted, stopped at its repeated step and left the unit
    on its ally's space. A path takes no step twice (an engine rule: the storyline resolves each
    declared step once); such a path is refused before anything is recorded."""
    game = tet([". . . .", ". . . ."], units=[unit("a", "p1", "0,0", movement=6), unit("b", "p1", "1,0"), unit("e", "p2", "3,1")]).game
    before = len(game.pending_events)
    for path in (["1,0", "2,0", "1,0", "2,0"], ["1,0", "2,0", "2,1", "2,0", "2,1"]):
        refused(game, {"command": "move", "unit": "a", "path": path}, "takes the step")
    assert len(game.pending_events) == before and game.state.units["a"].location == "0,0"
    game.issue({"command": "move", "unit": "a", "path": ["1,0", "2,0", "2,1"]})
    assert game.state.units["a"].location == "2,1"


def test_plains_bridges_forests_villages_and_portals_cost_one_to_enter() -> None:
    """Seed 003: each space costs 1 to enter; Plains/Bridges "no effect", and Forest, Village and
    Portal add nothing to entering (their effects are cover, healing and the portals' adjacency)."""
    played = tet([". = f v o ."], units=[unit("a", "p1", "0,0", movement=9), unit("e", "p2", "5,0")])
    assert reach_of(played, "a").costs == {"0,0": 0, "1,0": 1, "2,0": 2, "3,0": 3, "4,0": 4}


def test_climbing_onto_water_or_the_ballista_pays_the_climb_and_the_surcharge() -> None:
    """Seed 003, Climbing: "climbing onto a Peak, Water, or Ballista space still costs an
    additional 1": 1 + 1 + climb 1 = 3 for each, as for a Peak."""
    for mark in ("~", "b", "^"):
        played = tet([f". {mark}"], levels=["0 1"], units=[unit("a", "p1", "0,0", movement=3)])
        assert reach_of(played, "a").costs["1,0"] == 3, mark


def test_leaving_a_peak_or_the_ballista_costs_nothing_extra() -> None:
    """Seed 003, Peaks and Ballista: "moving out ... costs no additional" Movement."""
    for mark in ("^", "b"):
        played = tet([f". {mark} ."], units=[unit("a", "p1", "1,0", movement=1)])
        assert reach_of(played, "a").costs == {"1,0": 0, "0,0": 1, "2,0": 1}, mark


def test_a_step_down_into_water_costs_its_surcharge_and_no_climb() -> None:
    """Seed 003: moving down a level costs nothing extra; entering Water costs +1."""
    played = tet([". ~"], levels=["2 0"], units=[unit("a", "p1", "0,0", movement=2)])
    assert reach_of(played, "a").costs["1,0"] == 2


def test_a_move_beyond_the_units_movement_is_refused_and_records_nothing() -> None:
    """Seed 003: the costs add up against the unit's Movement; a path that needs more is refused
    whole (climb included in the reason)."""
    game = tet([". . ^"], levels=["0 0 1"], units=[unit("a", "p1", "0,0", movement=3)]).game
    refused(game, {"command": "move", "unit": "a", "path": ["1,0", "2,0"]}, "not enough Movement for the climb")
    assert game.state.units["a"].location == "0,0"
    game.issue({"command": "move", "unit": "a", "path": ["1,0"]})
