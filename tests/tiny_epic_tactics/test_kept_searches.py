"""The legal moves' searches a board keeps across states and games (``moves.keep_search``) equal
searches worked out from scratch.

A kept search is keyed on what the search reads besides the board whose table holds it: where the
unit starts, its Movement, the spaces it may not enter among those it could reach on an empty board
(``moves.unblocked``: the others change nothing in a search; checked here too), the spaces it may
only cross taken out of the ends afterwards; a search whose blocked spaces gave no space its way
in on an empty board is the empty board's, less them (checked here too). After every
event of every Tiny Epic Tactics example and of random self-play (folded one event at a time),
each living unit's moves are asked twice (the second answer is the kept one), and both equal a
search from scratch over the same steps (the same spaces left, the same cheapest way into each
space in the same order, the same ends in reading order) and the moves the plain reading of the
rules finds (``legal.moves_of`` over steps worked out from the rules, nothing kept).
"""

from __future__ import annotations

import pytest

from domain.event_base import GameEvent
from domain.rulesets.tinyepic.legal import moves_of
from domain.rulesets.tinyepic.movement import board_steps
from domain.rulesets.tinyepic.moves import _occupied, search, searched_moves, unblocked, without
from domain.rulesets.tinyepic.state import TetState
from domain.rulesets.tinyepic.view import GridView
from tests.tiny_epic_tactics.support import example_events, self_play_events, states_after_each_event
from tests.tiny_epic_tactics.test_kept_moves import PlainMovement


def _check(state: TetState, where: str) -> None:
    fresh = state.model_copy(deep=True)  # a copy keeps no lasting index
    view = GridView(state)
    for unit in [u for u in state.units.values() if u.alive and u.location is not None]:
        first, again = searched_moves(view, unit), searched_moves(view, unit)
        blocked, crossing = _occupied(view, unit)
        steps = board_steps(view)
        left, previous, in_order = search(steps.pairs, unit.location or "", unit.movement, blocked)
        # the key's blocked spaces are those the unit could reach on an empty board: the others
        # change nothing in a search
        near, relaxers, plain = unblocked(steps.searches, steps.pairs, unit.location or "", unit.movement)
        narrowed = search(steps.pairs, unit.location or "", unit.movement, frozenset(blocked) & near)
        assert narrowed[0] == left and narrowed[2] == in_order, f"{where}: {unit.id}'s search, far blocks left out"
        assert list(narrowed[1].items()) == list(previous.items()), f"{where}: {unit.id}'s ways in, far blocks left out"
        if (frozenset(blocked) & near).isdisjoint(relaxers):
            derived = without(plain, frozenset(blocked) & near)
            assert derived[0] == left and derived[2] == in_order, f"{where}: {unit.id}'s search, made from the empty board's"
            assert list(derived[1].items()) == list(previous.items()), f"{where}: {unit.id}'s ways in, from the empty board's"
        plain = moves_of(PlainMovement(fresh), fresh.units[unit.id])
        # the start is an end when the engine's search finds a way out and back that counts (a Village)
        ends = [space for space in in_order if (space != unit.location or plain.home) and space not in crossing]
        for moves in (first, again):
            assert moves.left == left, f"{where}: {unit.id}'s spaces left"
            assert list(moves.previous.items()) == list(previous.items()), f"{where}: {unit.id}'s ways in"
            assert moves.ends == ends, f"{where}: {unit.id}'s ends"
            assert moves.moves() == plain.moves(), f"{where}: {unit.id}'s moves"
        assert again.previous is first.previous, f"{where}: the second search is the kept one"


@pytest.mark.parametrize(
    "name, events", [*example_events(), *self_play_events(range(3))], ids=lambda v: v if isinstance(v, str) else ""
)
def test_kept_searches_equal_searches_from_scratch_after_every_event(name: str, events: list[GameEvent]) -> None:
    for state, when in states_after_each_event(events):
        if state.width:
            _check(state, f"{name}, {when}")


def test_a_boards_kept_searches_drop_the_oldest_beyond_their_count_or_their_spaces(monkeypatch: pytest.MonkeyPatch) -> None:
    """A board keeps at most ``SEARCHES_KEPT`` searches holding at most ``SEARCH_SPACES_KEPT``
    spaces: a big board's searches would otherwise fill the memory of a long run."""
    from domain.rulesets.tinyepic import moves
    from domain.rulesets.tinyepic.movement import Searches

    def found(n: int) -> tuple[frozenset[str], dict[str, str], list[str]]:
        spaces = [f"{i},0" for i in range(n)]
        return frozenset(spaces), {}, spaces

    monkeypatch.setattr(moves, "SEARCHES_KEPT", 3)
    monkeypatch.setattr(moves, "SEARCH_SPACES_KEPT", 10)
    kept = Searches()
    for number, size in enumerate([4, 4, 1, 1]):
        moves.keep_search(kept, (f"{number},0", 1, frozenset()), found(size))
    assert [key[0] for key in kept] == ["1,0", "2,0", "3,0"] and kept.spaces == 6  # the count's bound
    moves.keep_search(kept, ("4,0", 1, frozenset()), found(9))
    assert [key[0] for key in kept] == ["3,0", "4,0"] and kept.spaces == 10  # the spaces' bound
