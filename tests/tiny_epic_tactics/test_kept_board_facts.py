"""Facts of the board kept per process or per board equal the plain reading of the rows, after
every event of every example and of random self-play.

- whether a space is a Village (``villages.is_village``, kept per text as a board index), for
  every space of the board, every unit's place, and texts that name no space of it; the set of
  Village spaces (``villages.village_spaces``) a step looks its space up in, and that every
  step names its space as that set writes it;
- what each text a path names reads as (``locations.kept_location``, kept per text with the
  board), for the same texts, every path's and every alias;
- whether the board has a Ballista at all (``turns.has_ballista``, a board index that lets a turn's
  start skip looking for units on one; and the board's steps' ``has_ballista``, which the legal
  commands read), and the units ``turns.on_ballista`` finds with it;
- the spaces a unit may Melee from each space (the board's steps' ``melee``, which
  ``combat.in_melee_reach`` reads), for every space of the board.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from domain.errors import BadInput
from domain.event_base import GameEvent
from domain.events import CommandIssued, StepTaken
from domain.rulesets.tinyepic.combat import _melee_reach
from domain.rulesets.tinyepic.grid import Space, parse_space
from domain.rulesets.tinyepic.locations import kept_location, kept_locations, parse_location
from domain.rulesets.tinyepic.movement import state_board_steps
from domain.rulesets.tinyepic.state import TetState
from domain.rulesets.tinyepic.turns import has_ballista, on_ballista
from domain.rulesets.tinyepic.view import GridView
from domain.rulesets.tinyepic.villages import is_village, village_space, village_spaces
from domain.state import GameState
from tests.tiny_epic_tactics.support import example_events, self_play_events, states_after_each_event


def _texts(state: TetState) -> list[str]:
    spaces = [f"{x},{y}" for y in range(state.height) for x in range(state.width)]
    places = [u.location for u in state.units.values() if u.location]
    return [*spaces, *places, f"{state.width},0", "-1,0", " 0,0", "nowhere", "u1"]


def _check_villages(events: list[GameEvent], name: str) -> None:
    for state, when in states_after_each_event(events):
        for text in _texts(state):
            assert is_village(state, text) == village_space(state, text), f"{name}, {when}: {text!r}"
        board = [f"{x},{y}" for y in range(state.height) for x in range(state.width)]
        assert village_spaces(state) == {text for text in board if village_space(state, text)}, f"{name}, {when}"
        # the board's steps' Villages, which the legal moves' search reads (``moves.searched_moves``)
        assert state_board_steps(state).villages == village_spaces(state), f"{name}, {when}"
    for number, event in enumerate(events):
        if isinstance(event, StepTaken):  # ``on_step`` looks its space up as ``Space.text`` writes it
            assert event.to == parse_space(event.to).text, f"{name}, event {number}: {event.to!r}"


def _read(read: Callable[[GameState, str], str], state: TetState, text: str) -> str | None:
    try:
        return read(state, text)
    except BadInput:
        return None


def _check_locations(events: list[GameEvent], name: str) -> None:
    """Each text a path or a test names reads as ``parse_location`` reads it from scratch, kept
    or not, and what the board keeps is what it reads now."""
    paths = [str(t) for e in events if isinstance(e, CommandIssued) for t in e.command.get("path") or []]
    for state, when in states_after_each_event(events):
        for text in [*_texts(state), *paths, *state.aliases]:
            assert _read(kept_location, state, text) == _read(parse_location, state, text), f"{name}, {when}: {text!r}"
        for text, found in kept_locations(state).items():
            assert found == parse_location(state, text), f"{name}, {when}: kept {text!r}"


@pytest.mark.parametrize("name, events", [*example_events(), *self_play_events(range(3))], ids=lambda v: v if isinstance(v, str) else "")
def test_kept_locations_equal_the_plain_reading_after_every_event(name: str, events: list[GameEvent]) -> None:
    _check_locations(events, name)


@pytest.mark.parametrize("name, events", list(example_events()), ids=lambda v: v if isinstance(v, str) else "")
def test_kept_village_spaces_equal_the_boards_rows_after_every_event_of_every_example(name: str, events: list[GameEvent]) -> None:
    _check_villages(events, name)


@pytest.mark.parametrize("name, events", list(self_play_events(range(3))), ids=lambda v: v if isinstance(v, str) else "")
def test_kept_village_spaces_equal_the_boards_rows_along_random_self_play(name: str, events: list[GameEvent]) -> None:
    _check_villages(events, name)


def test_a_board_laid_again_is_asked_afresh() -> None:
    """A space that was not a Village on the board before is one on a board laid after it."""
    from domain.rulesets.tinyepic.events import BoardLaid
    from tests.tiny_epic_tactics.support import tet

    state = tet([". . .", ". . ."]).game.state
    assert isinstance(state, TetState)
    assert not is_village(state, "1,1")
    laid = next(e for e in tet([". . .", ". v ."]).events if isinstance(e, BoardLaid))
    laid.fold_into(state)
    assert is_village(state, "1,1")


def _check_ballista(events: list[GameEvent], name: str) -> None:
    for state, when in states_after_each_event(events):
        plain = any(state.terrain_at(x, y) == "ballista" for y in range(state.height) for x in range(state.width))
        assert has_ballista(state) == plain, f"{name}, {when}"
        if state.width:
            assert state_board_steps(state).has_ballista == plain, f"{name}, {when}: the board's steps"
        for player in state.players:
            on_it = {
                u.id: u.location or "" for u in sorted(state.units.values(), key=lambda u: u.id)
                if u.owner == player and u.alive and u.location is not None
                and state.terrain_at(*parse_space(u.location)) == "ballista"
            }
            assert on_ballista(state, player) == on_it, f"{name}, {when}: {player}"


@pytest.mark.parametrize("name, events", list(example_events()), ids=lambda v: v if isinstance(v, str) else "")
def test_kept_ballista_fact_equals_the_boards_rows_after_every_event_of_every_example(name: str, events: list[GameEvent]) -> None:
    _check_ballista(events, name)


@pytest.mark.parametrize("name, events", list(self_play_events(range(3))), ids=lambda v: v if isinstance(v, str) else "")
def test_kept_ballista_fact_equals_the_boards_rows_along_random_self_play(name: str, events: list[GameEvent]) -> None:
    _check_ballista(events, name)


def test_a_ballista_laid_on_a_board_without_one_is_found() -> None:
    """The fact is of the board laid: a board laid again with a Ballista has one."""
    from domain.rulesets.tinyepic.events import BoardLaid
    from tests.tiny_epic_tactics.support import tet

    state = tet([". . .", ". . ."]).game.state
    assert isinstance(state, TetState)
    assert not has_ballista(state) and not state_board_steps(state).has_ballista
    laid = next(e for e in tet([". . .", ". b ."]).events if isinstance(e, BoardLaid))
    laid.fold_into(state)
    assert has_ballista(state) and state_board_steps(state).has_ballista


def _check_melee_reach(events: list[GameEvent], name: str) -> None:
    """Each space's kept Melee neighbours (``MeleeReach``, with the board's steps) are the spaces
    ``_melee_reach`` accepts from it: orthogonally adjacent, on the board, at the same level."""
    for state, when in states_after_each_event(events):
        if not state.width:
            continue
        view = GridView(state)
        spaces = [Space(x, y) for y in range(state.height) for x in range(state.width)]
        kept = state_board_steps(state).melee
        for here in spaces:
            plain = {there.text for there in spaces if _melee_reach(view, here, there)}
            assert kept[here.text] == plain, f"{name}, {when}: {here.text}"


@pytest.mark.parametrize("name, events", [*example_events(), *self_play_events(range(3))], ids=lambda v: v if isinstance(v, str) else "")
def test_kept_melee_reach_equals_the_boards_levels_after_every_event(name: str, events: list[GameEvent]) -> None:
    _check_melee_reach(events, name)
