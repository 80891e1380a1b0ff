"""A range-of-motion answer works parts out when they are read, and board indexes outlive
events: neither may ever give an answer that belongs to another state than the one asked.

- An answer the lookahead gave before an event is read after it: it must still be the answer of
  the state it was asked of (``GameState.keep_settled``), compared with one worked out on a copy
  of that state that nothing changes afterwards.
- Board indexes (``GameState.board_index``) are kept through every event not flagged
  ``CHANGES_BOARD``: every example's events are checked to leave the state's ``BOARD_FIELDS``
  as they were unless flagged.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.ruleset import get_ruleset
from projections.lookahead import Lookahead
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES

GRID_EXAMPLES = sorted(p for p in EXAMPLES.glob("*/*.yaml") if p.parent.name != "skirmish")


def _read(answer: object) -> tuple[object, ...]:
    return (answer.paths, answer.costs, answer.reasons, answer.denied)  # type: ignore[attr-defined]


@pytest.mark.parametrize("path", GRID_EXAMPLES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_an_answer_read_after_the_next_event_is_the_answer_of_its_own_state(path: Path) -> None:
    played = play(load_scenario(path), strict=False)
    lookahead = Lookahead()
    held: list[tuple[int, str, object, tuple[object, ...]]] = []
    for n, event in enumerate(played.events, start=1):
        lookahead.process(event)
        view = lookahead.view
        if view is None or not event.LOOKAHEAD:
            continue
        rules = get_ruleset(view.ruleset)
        frozen = view.model_copy(deep=True)  # nothing folds into this copy
        for unit_id, unit in view.units.items():
            if unit.alive and unit.location is not None:
                expected = rules.range_of_motion(frozen, unit_id)
                held.append((n, unit_id, lookahead.range_of_motion(unit_id), _read(expected)))
        if len(held) > 40:
            break
    for n, unit_id, answer, expected in held:
        assert _read(answer) == expected, f"answer for {unit_id} asked after e{n}, read later"


def test_a_far_place_asked_later_is_explained_as_it_was_when_asked() -> None:
    """A place beyond what the bounded search saw is explained by a search past the allowance:
    asked after the unit moved, it still says what it would have needed from where it stood."""
    path = EXAMPLES / "godsgloom" / "19-a-whole-round.yaml"
    played = play(load_scenario(path), strict=False)
    lookahead = Lookahead()
    events = iter(played.events)
    for event in events:
        lookahead.process(event)
        view = lookahead.view
        if view is not None and view.units and event.name == "UnitPlaced" and len(view.units) >= 2:
            break
    assert lookahead.view is not None
    unit_id = next(iter(lookahead.view.units))
    frozen = lookahead.view.model_copy(deep=True)
    far = "0,0" if lookahead.view.units[unit_id].location != "0,0" else "1,0"
    answer = lookahead.range_of_motion(unit_id)
    expected = get_ruleset("godsgloom").range_of_motion(frozen, unit_id).why_not(far)
    for event in events:
        lookahead.process(event)
    assert answer.why_not(far) == expected


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_board_changes_only_by_events_flagged_changes_board(path: Path) -> None:
    played = play(load_scenario(path), strict=False)
    state = None
    for event in played.events:
        if state is None:
            state = event.initial_state()  # type: ignore[attr-defined]
            continue
        fields = type(state).BOARD_FIELDS
        before = state.model_dump(mode="json", include=set(fields))
        event.fold_into(state)
        after = state.model_dump(mode="json", include=set(fields))
        if before != after:
            assert event.CHANGES_BOARD, f"{event.name} changed the board ({', '.join(fields)}) without CHANGES_BOARD"


def test_a_board_index_survives_a_unit_moving_and_a_copy_keeps_its_own_board() -> None:
    path = EXAMPLES / "godsgloom" / "19-a-whole-round.yaml"
    played = play(load_scenario(path), strict=False)
    state = played.game.state
    built = state.board_index("test.marker", object)
    assert state.board_index("test.marker", object) is built
    copy = state.model_copy(deep=True)
    assert copy.board_index("test.marker", object) is built  # a copy shares the board's indexes
    copy.board_changed()
    assert copy.board_index("test.marker", object) is not built
    assert state.board_index("test.marker", object) is built  # the original keeps its own
