"""A kept view whose units moved since it was last found reads anew only the unit every place
written since was (``PlacesWritten.run``, ``MatView.entries_now``), and every unit otherwise:
either way its successor's placement key is the units' as they stand. Units of two states
moved in turn, one unit moved twice, two units of one state moved, a unit turned back to
where it was: the view found is the one a fresh view gives."""

from __future__ import annotations

from pathlib import Path

from domain.rulesets.godsgloom.placement import UNIT_PLACE
from domain.rulesets.godsgloom.state import GloomState, PlacesWritten
from domain.rulesets.godsgloom.view import MatView
from sim.scenario import load_scenario
from sim.selfplay import self_play

ROUND = Path(__file__).resolve().parents[2] / "examples" / "godsgloom" / "19-a-whole-round.yaml"


def _state(seed: int) -> GloomState:
    state = self_play(load_scenario(ROUND), 1, "random", seed).game.state
    assert isinstance(state, GloomState)
    return state


def _found_again(state: GloomState) -> MatView:
    """The view ``MatView.of`` finds after an event (the state's own indexes dropped, as an
    event drops them), checked against the units as they stand."""
    state.__pydantic_private__["_indexes"].clear()  # type: ignore[index]  # set by PrivateAttr
    view = MatView.of(state)
    assert view.placing.key[1] == tuple(map(UNIT_PLACE, state.units.values()))
    assert view.placing is MatView(state).placing
    return view


def test_the_run_names_the_unit_last_written_from_its_first_mark() -> None:
    state = _state(1)
    first, second = [u for u in state.units.values() if u.alive][:2]
    first.facing = "S"
    start = PlacesWritten.count
    assert PlacesWritten.run == (first, start)
    first.facing = "N"
    assert PlacesWritten.run == (first, start)
    second.facing = "S"
    assert PlacesWritten.run == (second, PlacesWritten.count)


def test_a_kept_view_follows_one_unit_two_units_and_another_states_units() -> None:
    state, other = _state(1), _state(2)
    _found_again(state)
    _found_again(other)
    units = [u for u in state.units.values() if u.alive]
    others = [u for u in other.units.values() if u.alive]
    units[0].facing = "SE"  # one unit: its entry read anew
    _found_again(state)
    units[0].facing = "NW"
    units[0].facing = "SW"  # the same unit twice
    _found_again(state)
    units[0].facing = "N"
    units[1].facing = "S"  # two units: every unit read
    _found_again(state)
    others[0].facing = "NE"  # another state's unit last: this state's units all read
    units[1].facing = "N"
    others[1].facing = "SE"
    _found_again(state)
    _found_again(other)
    units[2].facing = units[2].facing  # written, unchanged: the kept view found again
    _found_again(state)
