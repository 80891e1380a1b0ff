"""A declared step is judged (``TetMovement.step_option``) as the plain reading of the rules lists
it (``plain_step_options``): after every event of every example and of random self-play, for
every living unit and every step out of every space, on a view that has built its occupancy
index and on one that has not (one reads the index, the other the units); a space no step
leads to has no option."""

from __future__ import annotations

import pytest

from domain.event_base import GameEvent
from domain.rulesets.tinyepic.movement import TetMovement
from domain.rulesets.tinyepic.state import TetState
from tests.tiny_epic_tactics.support import example_events, self_play_events, states_after_each_event


def _check(state: TetState, where: str) -> None:
    plain = TetMovement(state.model_copy(deep=True))
    for unit in [u for u in state.units.values() if u.alive and u.location is not None]:
        for y in range(state.height):
            for x in range(state.width):
                frm = f"{x},{y}"
                expected = {option.to: option for option in plain.plain_step_options(unit.id, frm)}
                for built in (False, True):
                    model = TetMovement(state)
                    if built:
                        assert model.view.occupant_at is not None
                    for to, option in expected.items():
                        said = f"{where}: {unit.id} {frm} -> {to}, occupancy index built: {built}"
                        assert model.step_option(unit.id, frm, to) == option, said
                        assert model.step_option(unit.id, frm, to, option.kind) == option, said
                    far = f"{x + 3},{y}"
                    if far not in expected:
                        assert model.step_option(unit.id, frm, far) is None


def _check_all(events: list[GameEvent], name: str) -> None:
    for state, when in states_after_each_event(events):
        _check(state, f"{name}, {when}")


@pytest.mark.parametrize("name, events", list(example_events()), ids=lambda v: v if isinstance(v, str) else "")
def test_a_declared_step_is_judged_as_the_plain_rules_list_it_after_every_event_of_every_example(
    name: str, events: list[GameEvent]
) -> None:
    _check_all(events, name)


@pytest.mark.parametrize("name, events", list(self_play_events(range(2))), ids=lambda v: v if isinstance(v, str) else "")
def test_a_declared_step_is_judged_as_the_plain_rules_list_it_along_random_self_play(name: str, events: list[GameEvent]) -> None:
    _check_all(events, name)
