"""A unit's Move commands searched for the legal commands, over the board's steps directly.

The random policy counts every legal command, so every unit of the player to act is searched
in nearly every state (on a small board each search reads nearly every space, and any step
changes what the others read). The engine's ``search_reach`` answers range-of-motion questions
too (why not, what lies beyond the allowance), and pays for that generality on every call: a
reach object, the judge read from the model, each unit's steps kept as a lasting index and
brought up to date per event. The moves need only the costs and a cheapest way into each space,
so this search is the engine's Dial loop (``movement._relax_fixed``: the same buckets, the same
order, the same updates, so the same paths) over ``board_steps``, judging who stands where a
step leads as ``TetMovement.step_options`` does, inline.

``tests/tiny_epic_tactics/test_kept_moves.py`` compares its moves, after every event of every
example and of random self-play, with ``legal.moves_of`` over the plain reading of the rules.
"""

from __future__ import annotations

import heapq
import math

from domain.rulesets.tinyepic.kept import UnitMoves, unit_facts
from domain.rulesets.tinyepic.movement import board_steps
from domain.rulesets.tinyepic.state import TetUnit
from domain.rulesets.tinyepic.view import GridView


def searched_moves(view: GridView, unit: TetUnit) -> UnitMoves:
    """The unit's moves as ``legal.moves_of`` finds them with ``TetMovement`` (no stops, no
    first-step guarantee, one allowance: its Movement), and the spaces the search read."""
    start = unit.location
    if not unit.alive or start is None:  # no range of motion at all (``TetMovement.no_movement``)
        return UnitMoves(unit_facts(view.state, unit), frozenset(), unit.owner, unit.id, "", {}, [])
    allowance = unit.movement
    steps = board_steps(view)
    occupant_at = view.occupant_at
    started_on = view.state.ballista_starters.get(unit.id)
    ally_pass = view.options.ally_pass_through
    me, side = unit.id, unit.owner
    cost_of: dict[str, float] = {start: 0}
    previous: dict[str, str] = {}
    passing: set[str] = set()  # spaces with an ally: crossed, never ended on
    waiting: dict[float, list[str]] = {0: [start]}
    costs: list[float] = [0]
    pop, push, get, infinity = heapq.heappop, heapq.heappush, cost_of.get, math.inf
    while costs:
        cost = pop(costs)
        if cost > allowance:
            break  # every space left costs more than the Movement
        for here in waiting.pop(cost):
            if cost > cost_of[here]:
                continue  # reached more cheaply since
            for option in steps[here]:
                to = option.to
                occupant = occupant_at.get(to)
                if occupant is not None and occupant.id != me:
                    if occupant.owner != side or not ally_pass:
                        continue  # an enemy, or an ally that may not be passed: blocked
                    crossing = True
                elif started_on == to:
                    continue  # back into the Ballista it started on
                else:
                    crossing = False
                new_cost = cost + option.cost
                if new_cost < get(to, infinity):
                    cost_of[to] = new_cost
                    if crossing:
                        passing.add(to)
                    if new_cost <= allowance:
                        previous[to] = here
                        bucket = waiting.get(new_cost)
                        if bucket is None:
                            waiting[new_cost] = [to]
                            push(costs, new_cost)
                        else:
                            bucket.append(to)
    reached = [space for space, cost in cost_of.items() if cost <= allowance and space not in passing]
    left = {start, *previous, *reached}
    reads = frozenset(left).union(*([option.to for option in steps[frm]] for frm in left))
    ends = [space for space in reached if space != start]
    return UnitMoves(unit_facts(view.state, unit), reads, unit.owner, unit.id, start, previous, ends)
