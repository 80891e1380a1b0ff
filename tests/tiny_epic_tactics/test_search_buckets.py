"""The legal moves' search with a bucket per whole-number cost (``moves._by_buckets``) gives what
the Dial loop with a heap of costs gives (``moves._by_heap``, the engine's order): the same cost
and cheapest way into each space, met in the same order, on random graphs whose steps cost 0 to
3 (free steps included, which are put in the bucket being worked through), with blocked spaces;
and a cost that is not a whole number is left to the heap.
"""

from __future__ import annotations

import random

import pytest

from domain.rulesets.tinyepic.moves import _by_buckets, _by_heap
from tests.tiny_epic_tactics.support import tet, unit


def _graph(rng: random.Random, size: int) -> dict[str, tuple[tuple[str, float], ...]]:
    spaces = [f"{i},0" for i in range(size)]
    return {
        here: tuple((to, rng.choice((0, 1, 1, 1, 2, 3))) for to in rng.sample(spaces, rng.randint(0, min(6, size))) if to != here)
        for here in spaces
    }


@pytest.mark.parametrize("seed", range(300))
def test_buckets_agree_with_the_heap_in_value_and_order(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.randint(1, 25)
    pairs = _graph(rng, size)
    start = f"{rng.randrange(size)},0"
    blocked = {space for space in pairs if space != start and rng.random() < 0.15}
    allowance = rng.randint(0, 6)
    cost_of, previous = _by_buckets(pairs, start, allowance, blocked)
    heap_cost, heap_previous = _by_heap(pairs, start, allowance, blocked)
    assert list(cost_of.items()) == list(heap_cost.items())
    assert list(previous.items()) == list(heap_previous.items())


def test_a_cost_that_is_not_a_whole_number_is_left_to_the_heap() -> None:
    pairs: dict[str, tuple[tuple[str, float], ...]] = {"a": (("b", 0.5), ("c", 1)), "b": (("c", 0.5),), "c": ()}
    assert _by_buckets(pairs, "a", 2, set()) == _by_heap(pairs, "a", 2, set())
    assert _by_buckets(pairs, "a", 2, set())[1] == {"b": "a", "c": "a"}


@pytest.mark.parametrize("seed", range(300))
def test_a_search_is_the_empty_boards_less_blocked_spaces_that_gave_no_way_in(seed: int) -> None:
    """``moves.unblocked``: blocked spaces the empty board's search did not reach change nothing
    (nor does a blocked start), and blocked spaces that never gave another space its way in are
    simply taken out of it (``moves.without``): the same spaces, ways in (in order) and ends."""
    from domain.rulesets.tinyepic.movement import Searches
    from domain.rulesets.tinyepic.moves import search, unblocked, without

    rng = random.Random(seed)
    size = rng.randint(1, 25)
    pairs = _graph(rng, size)
    start = f"{rng.randrange(size)},0"
    blocked = frozenset(space for space in pairs if (space != start or seed % 5 == 0) and rng.random() < 0.2)
    allowance = rng.randint(0, 6)
    near, relaxers, plain = unblocked(Searches(), pairs, start, allowance)
    assert plain == search(pairs, start, allowance, frozenset())
    full = search(pairs, start, allowance, blocked)
    narrowed = search(pairs, start, allowance, blocked & near)
    assert (narrowed[0], list(narrowed[1].items()), narrowed[2]) == (full[0], list(full[1].items()), full[2])
    if (blocked & near).isdisjoint(relaxers):
        derived = without(plain, blocked & near)
        assert (derived[0], list(derived[1].items()), derived[2]) == (full[0], list(full[1].items()), full[2])


@pytest.mark.parametrize("seed", range(300))
def test_with_no_free_step_the_last_bucket_left_unworked_changes_nothing_read(seed: int) -> None:
    """``least=1`` (every step of the board costs 1 or more: ``BoardSteps.least``): the costs
    within the allowance in the order met, the ways in in order, and the spaces that ever gave
    one (``unblocked``'s) are those of the whole loop; only costs beyond the allowance go."""
    from domain.rulesets.tinyepic.moves import _WaysIn

    rng = random.Random(seed)
    size = rng.randint(1, 25)
    spaces = [f"{i},0" for i in range(size)]
    pairs = {
        here: tuple((to, rng.choice((1, 1, 1, 2, 3))) for to in rng.sample(spaces, rng.randint(0, min(6, size))) if to != here)
        for here in spaces
    }
    start = rng.choice(spaces)
    blocked = {space for space in pairs if space != start and rng.random() < 0.15}
    allowance = rng.randint(0, 6)
    whole_ways, cut_ways = _WaysIn(), _WaysIn()
    whole_cost, whole_previous = _by_buckets(pairs, start, allowance, blocked, whole_ways)
    cut_cost, cut_previous = _by_buckets(pairs, start, allowance, blocked, cut_ways, least=1)

    def within(costs: dict[str, float]) -> list[tuple[str, float]]:
        return [(space, cost) for space, cost in costs.items() if cost <= allowance]

    assert within(cut_cost) == within(whole_cost)
    assert list(cut_previous.items()) == list(whole_previous.items())
    assert cut_ways.ever == whole_ways.ever


@pytest.mark.parametrize("seed", range(100))
def test_a_movement_far_beyond_the_board_makes_no_more_buckets_and_the_same_answer(seed: int) -> None:
    """A unit's Movement has no upper limit (the setup takes any whole number): 10**8 made as many
    buckets and ran out of memory listing legal commands on a 4x2 board. No cheapest way costs
    more than each space's dearest step, so the buckets stop there and the answer is the heap's."""
    rng = random.Random(seed)
    size = rng.randint(1, 25)
    pairs = _graph(rng, size)
    start = f"{rng.randrange(size)},0"
    blocked = {space for space in pairs if space != start and rng.random() < 0.15}
    cost_of, previous = _by_buckets(pairs, start, 10**8, blocked, least=rng.choice((0, 1)))
    heap_cost, heap_previous = _by_heap(pairs, start, 10**8, blocked)
    assert list(cost_of.items()) == list(heap_cost.items())
    assert list(previous.items()) == list(heap_previous.items())


def test_legal_commands_of_a_unit_with_a_huge_movement_are_listed_at_once() -> None:
    def moves(movement: int) -> list[object]:
        played = tet([". . . .", ". . . ."], units=[unit("a", "p1", "0,0", movement=movement), unit("e", "p2", "3,1")])
        return [c for c in played.game.legal_commands() if getattr(c, "command", None) == "move"]

    assert moves(10**8) == moves(20)  # 20: more than any way on the board costs
