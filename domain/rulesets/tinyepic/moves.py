"""A unit's Move commands searched for the legal commands, over the board's steps directly.

The random policy counts every legal command, so every unit of the player to act is searched
in nearly every state (on a small board each search reads nearly every space, and any step
changes what the others read). The engine's ``search_reach`` answers range-of-motion questions
too (why not, what lies beyond the allowance), and pays for that generality on every call: a
reach object, the judge read from the model, each unit's steps kept as a lasting index and
brought up to date per event. The moves need only the costs and a cheapest way into each space,
so this search is the engine's Dial loop (``domain.movement.search._relax_fixed``: the same buckets, the same
order, the same updates, so the same paths) over ``board_steps``' (space, cost) pairs, with who
stands where read once per side and state as the spaces it may not enter and those it may only cross
(as ``TetMovement.step_options`` judges each step).

``tests/tiny_epic_tactics/test_kept_moves.py`` compares its moves, after every event of every
example and of random self-play, with ``legal.moves_of`` over the plain reading of the rules.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet

from domain.movement import SharedSteps, walk_back
from domain.rulesets.tinyepic.combat import shot_gained_by_moving_back
from domain.rulesets.tinyepic.kept import READING, UnitMoves
from domain.rulesets.tinyepic.movement import BoardSteps, Search, Searches, SearchKey, Unblocked, board_steps
from domain.rulesets.tinyepic.state import TetUnit, reentry_bars
from domain.rulesets.tinyepic.view import GridView
from domain.rulesets.tinyepic.villages import village_spaces


def searched_moves(view: GridView, unit: TetUnit) -> UnitMoves:
    """The unit's moves as ``legal.moves_of`` finds them with ``TetMovement`` (no stops, no
    first-step guarantee, one allowance: its Movement), and the spaces the search read. The
    search is the board's kept one when the same start, Movement and blocked spaces within its
    reach were searched before on this board (``keep_search``, ``unblocked``); the spaces it may only cross (its allies'
    spaces) are then left out of the ends. Who blocks and who is crossed is read once per side
    and view (``_side_occupied``), not once per unit searched."""
    start = unit.location
    if not unit.alive or start is None:  # no range of motion at all (``TetMovement.no_movement``)
        return UnitMoves(frozenset(), unit.owner, unit.id, "", {}, [])
    allowance = unit.movement
    known = view.__dict__  # what the view keeps, looked up here first: every unit counted asks
    steps: BoardSteps = known["board_steps"] if "board_steps" in known else board_steps(view)
    sides = known.get(SIDE_OCCUPIED)
    side = sides.get(unit.owner) if sides is not None else None
    blocked, crossing = side if side is not None else _side_occupied(view, unit.owner)
    # none barred (``reentry_bars`` is empty without a unit that started on a Ballista) and
    # allies passed through, on most turns
    if (view.state.ballista_starters and reentry_bars(view.state)) or not view.options.ally_pass_through:
        blocked = _blocked_for(view, unit, blocked)
    kept = steps.searches
    # the search from here on an empty board (``unblocked``): only the blocked spaces it
    # reached are read, and when none of them gave a space its way in, it is that search
    # less them (``without``)
    free = kept.reachable.get((start, allowance))
    if free is None:
        free = unblocked(kept, steps.pairs, start, allowance, steps.least)
    near, relaxers, plain = free
    blocked = blocked & near
    key = (start, allowance, blocked)
    found = kept.get(key)
    if found is None:
        found = without(plain, blocked) if blocked.isdisjoint(relaxers) else search(steps.pairs, start, allowance, blocked, steps.least)
        keep_search(kept, key, found)
    left, previous, in_order = found
    # ``back_counts(view, unit)``, off the board's steps (its Villages, whether it has a
    # Ballista: a unit off both, most of them, asks nothing more)
    if start in steps.villages:
        counts = start not in unit.villages_used
    else:
        counts = steps.has_ballista and shot_gained_by_moving_back(view, unit)
    home = way_home(steps.pairs, previous, left, start, allowance) if counts else None
    # its ends: the start (unless ``home``) and ``crossing`` left out
    return UnitMoves(left, unit.owner, unit.id, start, previous, in_order, crossed=crossing, home=home)


def back_counts(view: GridView, unit: TetUnit) -> bool:
    """Whether a Move out and back to where the unit stands changes anything: on a Village it
    has not used this turn, which ending the move there uses (seed 003, Villages; starting
    the turn there does not); on a Ballista it was knocked onto, when moving in lets it fire
    there this turn (seed 003, Ballista: ``combat.shot_gained_by_moving_back``). Anywhere else
    it would spend an action and leave all as it was, so the legal commands, one Move to each
    end, list none (docs/tiny-epic-tactics.md)."""
    start = unit.location
    if start is None:
        return False
    if start in village_spaces(view.state):
        return start not in unit.villages_used
    return shot_gained_by_moving_back(view, unit)


def way_home(
    pairs: Mapping[str, Sequence[tuple[str, float]]], previous: dict[str, str], left: AbstractSet[str], start: str,
    allowance: float,
) -> list[str] | None:
    """The cheapest way out of ``start`` and back within ``allowance``, the start left out of its
    head and ending on it: the search's cheapest path to a space of ``left`` one step from the
    start, then that step back (the first such space in reading order among the cheapest). None
    when no way back is affordable. A closed walk leaves the start and re-enters it from some
    space; the cheapest way to that space is the search's, so no longer walk through it is
    cheaper. The way may turn on a space the unit may only cross (an ally's: seed 003, Allies,
    a unit may pass through it), as the move ends on the start, not there."""
    best: tuple[float, tuple[int, int], str] | None = None
    for near, _ in pairs[start]:
        if near not in left or near == start:
            continue  # never reached within the Movement (an enemy's space is never entered)
        back = min((cost for to, cost in pairs[near] if to == start), default=None)
        if back is None:
            continue
        total = _cost_of(pairs, walk_back(previous, start, near)) + back
        if total <= allowance and (best is None or (total, READING[near]) < best[:2]):
            best = (total, READING[near], near)
    if best is None:
        return None
    return [*walk_back(previous, start, best[2])[1:], start]


def _cost_of(pairs: Mapping[str, Sequence[tuple[str, float]]], path: list[str]) -> float:
    """What the steps of ``path`` cost, each the cheapest board step between its two spaces."""
    return sum(min(cost for to, cost in pairs[a] if to == b) for a, b in zip(path, path[1:], strict=False))


def search(
    pairs: Mapping[str, Sequence[tuple[str, float]]], start: str, allowance: int, blocked: AbstractSet[str], least: int = 0,
) -> Search:
    """One search from scratch: the spaces it could afford to leave (those within the
    Movement), its cheapest way into each space, and the spaces it could afford to leave in
    reading order (row, then column). ``least``: the least a step costs (``_by_buckets``)."""
    return _found(*_by_buckets(pairs, start, allowance, blocked, least=least), allowance)


def _found(cost_of: dict[str, float], previous: dict[str, str], allowance: int) -> Search:
    """What a search keeps of its costs and ways in."""
    # every space within the Movement was expanded: its steps, and where they lead, were read
    left = [space for space, cost in cost_of.items() if cost <= allowance]
    return frozenset(left), previous, sorted(left, key=READING.__getitem__)  # ``reading_order``


def unblocked(
    kept: Searches, pairs: Mapping[str, Sequence[tuple[str, float]]], start: str, allowance: int, least: int = 0,
) -> Unblocked:
    """The search from ``start`` with ``allowance`` were no space blocked, kept with the board's
    searches: the spaces it could afford to enter but the start, the spaces that ever gave
    another its way in (for a while or for good), and the search.

    A blocked space outside the first changes nothing in a search: blocking only makes costs
    higher, so the search never reaches it within the allowance, and a space reached beyond
    the allowance is put in no bucket and given no way in (``_by_buckets``); nor does the
    start, which the search leaves whatever blocks it. A search is therefore keyed on the
    blocked spaces among the first alone. And when none of those ever gave another space its
    way in, blocking them takes them out of the search and changes nothing else: every other
    space is put in the same buckets in the same order and given the same way in
    (``without``). The kept searches' test compares every kept search with one from scratch,
    and the buckets' test does so on random graphs."""
    table = kept.reachable
    if len(table) >= SEARCHES_KEPT:
        table.clear()  # starts and Movements of one board: a few hundred are kept
    cost_of, ways = _by_buckets(pairs, start, allowance, frozenset(), _WaysIn(), least)
    plain = _found(cost_of, dict(ways), allowance)
    relaxers = ways.ever if isinstance(ways, _WaysIn) else frozenset(cost_of)  # every space, to be safe
    found = table[(start, allowance)] = (plain[0] - {start}, frozenset(relaxers), plain)
    return found


def without(plain: Search, blocked: frozenset[str]) -> Search:
    """The search ``plain`` (with nothing blocked) with the ``blocked`` spaces taken out: the
    search with them blocked when none of them ever gave another space its way in and the
    start is not among them (``unblocked``)."""
    if not blocked:
        return plain
    left, previous, in_order = plain
    return (
        left - blocked, {to: frm for to, frm in previous.items() if to not in blocked},
        [space for space in in_order if space not in blocked],
    )


class _WaysIn(dict[str, str]):
    """A search's ways in (``previous``) that remember every space that gave one, even one
    bettered later (``unblocked``)."""

    def __init__(self) -> None:
        super().__init__()
        self.ever: set[str] = set()

    def __setitem__(self, to: str, frm: str) -> None:
        self.ever.add(frm)
        super().__setitem__(to, frm)


#: the most searches a board keeps (``keep_search``), the oldest dropped first
SEARCHES_KEPT = 4_096
#: the most spaces (each search's spaces left, summed) a board's kept searches hold: a big
#: board's searches are big, and a process keeps a few boards' (``movement._SHARED_BOARDS``)
SEARCH_SPACES_KEPT = 50_000


def keep_search(kept: Searches, key: SearchKey, found: Search) -> None:
    """Keep a search with the board's steps (``BoardSteps.searches``): self-play plays many
    games on one scenario's board, and their units stand again and again where they stood in
    another game (a search of the benchmark's whole-turn board is met again more often than
    not). A search reads the board's steps (whose table this is), where the unit starts, its
    Movement and the spaces it may not enter: its key is all of that. What is kept is never
    changed (``UnitMoves`` only reads it). The oldest are dropped first while the table holds
    ``SEARCHES_KEPT`` searches or ``SEARCH_SPACES_KEPT`` spaces."""
    size = len(found[0])
    while kept and (len(kept) >= SEARCHES_KEPT or kept.spaces + size > SEARCH_SPACES_KEPT):
        try:
            dropped = kept.pop(next(iter(kept)), None)
        except (StopIteration, RuntimeError):  # emptied or changed by another thread meanwhile
            break
        if dropped is not None:
            kept.spaces -= len(dropped[0])
    kept[key] = found
    kept.spaces += size


def _side_occupied(view: GridView, side: str) -> tuple[frozenset[str], frozenset[str]]:
    """``_occupied`` for every unit of ``side`` at once, worked out once per view (a view is of
    one state: the legal commands search each unit of the player to act in the same state):
    the spaces its units may not enter (another side's units; every unit's when allies block),
    as the kept searches' key holds them, and the spaces they may cross but not end on (their
    side's, when allies may be passed through). Two differences from a unit's own reading,
    which its search can't tell apart: a unit's own space is among the side's crossed spaces
    (a move never ends where it starts), and when allies block, the side's blocked spaces are
    everyone's, less the unit's own (``_blocked_for``). The Ballista start is the unit's
    (``_with_ballista_start``). A test compares the two for every unit after every event."""
    known = view.__dict__
    sides: dict[str, tuple[frozenset[str], frozenset[str]]] | None = known.get(SIDE_OCCUPIED)
    if sides is None:
        sides = known[SIDE_OCCUPIED] = {}
    found = sides.get(side)
    if found is None:
        # the living units' spaces, read off the view's living units (which the legal commands
        # have read already) rather than a map of who stands where built for them: no two
        # living units stand on one space, so each space is its one occupant's
        living = view.living
        if view.options.ally_pass_through:
            found = (
                frozenset([u.location for u in living if u.owner != side]),  # type: ignore[misc]  # living: on the board
                frozenset([u.location for u in living if u.owner == side]),  # type: ignore[misc]  # living: on the board
            )
        else:
            found = (frozenset([u.location for u in living]), frozenset())  # type: ignore[misc]  # living: on the board
        sides[side] = found
    return found


#: where a view keeps each side's ``_side_occupied`` (the legal commands set the player's own)
SIDE_OCCUPIED = "tinyepic.side_occupied"


def _blocked_for(view: GridView, unit: TetUnit, blocked: frozenset[str]) -> frozenset[str]:
    """The side's blocked spaces (``_side_occupied``) as ``unit`` reads them (``_occupied``):
    without its own space when allies block (every unit's space is the side's then), and with
    the Ballista it started its turn on, an ally standing there or not (seed 003, Ballista:
    passing through the space is entering it)."""
    if not view.options.ally_pass_through:
        here = unit.location or ""
        if here in blocked and view.occupant_at[here].id == unit.id:
            blocked = blocked - {here}
    starters = reentry_bars(view.state)
    started_on = starters.get(unit.id) if starters else None
    return blocked if started_on is None else blocked | {started_on}


def _occupied(view: GridView, unit: TetUnit) -> tuple[set[str], set[str]]:
    """The spaces the unit may not step into, and those it may cross but not end on, as
    ``TetMovement.step_options`` judges each step: another unit's space blocks it, unless an
    ally stands there and allies may be passed through (then it is crossed); the Ballista it
    started its turn on blocks it, whoever stands there (an ally's space it may otherwise cross:
    passing through the Ballista is entering it, seed 003, Ballista)."""
    me, side = unit.id, unit.owner
    occupant_at = view.occupant_at
    if view.options.ally_pass_through:  # two comprehensions: no call per space
        crossing = {space for space, occupant in occupant_at.items() if occupant.owner == side and occupant.id != me}
        blocked = {space for space, occupant in occupant_at.items() if occupant.owner != side}
    else:
        crossing = set()
        blocked = {space for space, occupant in occupant_at.items() if occupant.id != me}
    starters = reentry_bars(view.state)  # empty on most turns: nothing looked up then
    started_on = starters.get(me) if starters else None
    if started_on is not None:
        blocked.add(started_on)
    return blocked, crossing


#: buckets made before a search starts (more are added as its costs reach them)
_BUCKETS_AHEAD = 64


def _by_buckets(
    pairs: Mapping[str, Sequence[tuple[str, float]]], start: str, allowance: int, blocked: AbstractSet[str],
    ways: dict[str, str] | None = None, least: int = 0,
) -> tuple[dict[str, float], dict[str, str]]:
    """Each space's cheapest cost within the search, and the cheapest way into each space the
    allowance reaches: ``_by_heap``'s answer, with a list of buckets indexed by cost for its
    heap of costs. Every step costs a whole number (the options and levels are whole numbers),
    so the costs up to the allowance are 0, 1, ..., allowance; each bucket is worked through in
    the order spaces were put in it, those put in while it is worked through (a free step) after
    the rest, as ``_by_heap`` works through a cost's bucket and then the new one of that cost.
    A cost that is not a whole number (none is) can't index a bucket: ``_by_heap`` answers.
    ``ways``: the dict to write the ways in into (``unblocked``'s, which remembers them).

    ``least``: the least a step costs. When every step costs 1 or more, the spaces the allowance
    just reaches (the last bucket, most of the spaces a search reaches on an open board) are
    not worked through: each of their steps costs more than the allowance, which gives no space
    a way in and no bucket, and only costs beyond it (which no caller reads: ``_found``, and
    ``unblocked``'s ways in) to spaces met after every space within it. The costs within the
    allowance, their order and the ways in are those of the whole loop (a test compares them)."""
    if type(allowance) is not int:
        return _by_heap(pairs, start, allowance, blocked)
    cost_of: dict[str, float] = {start: 0}
    previous: dict[str, str] = {} if ways is None else ways
    # a bucket per cost up to the allowance, made as costs reach them: no way may cost as much
    # as a Movement of 10**8 (a bucket each ran out of memory listing the legal commands)
    buckets: list[list[str]] = [[] for _ in range(min(allowance, _BUCKETS_AHEAD) + 1)]
    buckets[0].append(start)
    stop = allowance if least >= 1 else allowance + 1
    portals = False  # whether the portals' shared ways were relaxed (``SharedSteps``)
    try:
        for cost, bucket in enumerate(buckets):  # (the list grows as it is worked through)
            if cost == stop:
                break
            for here in bucket:  # a space put in this bucket meanwhile is reached in turn
                if cost > cost_of[here]:
                    continue  # reached more cheaply since
                out = pairs[here]
                if type(out) is SharedSteps:  # a later portal's shared ways change nothing
                    if portals:
                        out = out.own
                    portals = True
                for to, step_cost in out:
                    if to in blocked:
                        continue
                    new_cost = cost + step_cost
                    # ``new_cost < cost_of.get(to, inf)`` with operators alone: no call per step
                    if to not in cost_of or new_cost < cost_of[to]:
                        cost_of[to] = new_cost
                        if new_cost <= allowance:
                            previous[to] = here
                            try:
                                buckets[new_cost].append(to)  # type: ignore[call-overload]  # a whole number
                            except IndexError:
                                buckets.extend([] for _ in range(new_cost + 1 - len(buckets)))  # type: ignore[call-overload]  # a whole number
                                buckets[new_cost].append(to)  # type: ignore[call-overload]  # a whole number
    except TypeError:  # a cost that is not a whole number
        return _by_heap(pairs, start, allowance, blocked)
    return cost_of, previous


def _by_heap(
    pairs: Mapping[str, Sequence[tuple[str, float]]], start: str, allowance: float, blocked: AbstractSet[str]
) -> tuple[dict[str, float], dict[str, str]]:
    """The engine's Dial loop (``domain.movement.search._relax_fixed``) over the board's (space, cost) pairs:
    a heap of the costs met, a bucket of spaces per cost."""
    cost_of: dict[str, float] = {start: 0}
    previous: dict[str, str] = {}
    waiting: dict[float, list[str]] = {0: [start]}
    costs: list[float] = [0]
    pop, push, get, infinity = heapq.heappop, heapq.heappush, cost_of.get, math.inf
    portals = False  # whether the portals' shared ways were relaxed (``SharedSteps``)
    while costs:
        cost = pop(costs)
        if cost > allowance:
            break  # every space left costs more than the Movement
        for here in waiting.pop(cost):
            if cost > cost_of[here]:
                continue  # reached more cheaply since
            out = pairs[here]
            if type(out) is SharedSteps:  # a later portal's shared ways change nothing
                if portals:
                    out = out.own
                portals = True
            for to, step_cost in out:
                if to in blocked:
                    continue
                new_cost = cost + step_cost
                if new_cost < get(to, infinity):
                    cost_of[to] = new_cost
                    if new_cost <= allowance:
                        previous[to] = here
                        bucket = waiting.get(new_cost)
                        if bucket is None:
                            waiting[new_cost] = [to]
                            push(costs, new_cost)
                        else:
                            bucket.append(to)
    return cost_of, previous
