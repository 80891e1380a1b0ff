"""Two shortcuts of Tiny Epic Tactics' per-event work give the plain reading's answers.

``match_triggers`` tells a step by its class (``type(event) is StepTaken``) rather than by
``isinstance``: the same answer only while no event class extends ``StepTaken``. A turn's start
empties each unit's marks (its actions, the Villages it used), and it and an action set the
state's count of actions, by writing the fields directly: the state and its units must come out
as plain assignments (``unit.actions = []``) leave them, the fields set included, at every
turn's start and action of every example and of random self-play.
"""

from __future__ import annotations

import copy

import pytest

import domain.rulesets.godsgloom  # noqa: F401  # every ruleset's events, so that every subclass is known
import domain.rulesets.skirmish  # noqa: F401
import domain.rulesets.sorcery  # noqa: F401
from domain.event_base import GameEvent
from domain.events import GameStarted, StepTaken
from domain.rulesets.tinyepic.events import ActionTaken, TurnStarted
from domain.rulesets.tinyepic.state import TetState
from tests.tiny_epic_tactics.support import example_events, self_play_events


def _subclasses(kind: type) -> set[type]:
    found: set[type] = set()
    subclasses: list[type] = kind.__subclasses__()
    for sub in subclasses:
        found |= {sub, *_subclasses(sub)}
    return found


def test_a_village_matches_steps_told_by_class_and_no_event_class_extends_step_taken() -> None:
    assert _subclasses(GameEvent), "the event classes are loaded"
    assert not _subclasses(StepTaken)


def _plain_fold(state: TetState, event: GameEvent) -> None:
    """``TurnStarted.apply_to`` and ``ActionTaken.apply_to`` as plain assignments."""
    if isinstance(event, ActionTaken):
        state.actions_taken = event.number
        state.units[event.unit].actions.append(event.action)
        return
    assert isinstance(event, TurnStarted)
    state.new_turn(event.player, event.turn)
    state.actions_taken = 0
    state.ballista_starters = dict(event.on_ballista)
    state.ballista_lifted = []
    state.move_ends = {}
    for unit in state.units.values():
        unit.actions = []
        unit.villages_used = []


@pytest.mark.parametrize(
    "name, events", [*example_events(), *self_play_events(range(3))], ids=lambda v: v if isinstance(v, str) else ""
)
def test_a_turns_start_and_an_action_leave_the_state_as_plain_assignments_do(name: str, events: list[GameEvent]) -> None:
    start = events[0]
    assert isinstance(start, GameStarted)
    state = start.initial_state()
    assert isinstance(state, TetState)
    for number, event in enumerate(events[1:], start=1):
        if isinstance(event, TurnStarted | ActionTaken):
            plain = copy.deepcopy(state)
            _plain_fold(plain, event)
            event.fold_into(state)
            where = f"{name}, event {number}"
            assert state.model_dump() == plain.model_dump(), where
            assert state.model_fields_set == plain.model_fields_set, where
            for mine, theirs in zip(state.units.values(), plain.units.values(), strict=True):
                assert mine.model_fields_set == theirs.model_fields_set, f"{where}: {mine.id}"
                assert mine.actions is not theirs.actions, where
                if isinstance(event, TurnStarted):
                    assert not mine.actions and not mine.villages_used, where
        else:
            event.fold_into(state)
