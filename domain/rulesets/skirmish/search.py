"""Searches over the table's key points, bounded by what each question needs.

The table is a visibility graph: any two key points within the allowance may be joined by a
leg. Listing every such leg from every point, as a grid search lists neighbours, costs a leg
plan per pair. These searches plan only the legs that could still matter, which no answer can
tell apart from planning them all:

- every leg costs at least its horizontal length (walks, climbs, ladders and jumps down pay it;
  jumps across too unless ``jump_across_distance_cost`` is ``free``), so from a point reached at
  cost ``c`` no leg longer than ``allowance - c`` is looked at, nor a leg to a point already
  reached at ``c`` plus the leg's length or less;
- the range search (``bounded_reach``) stops at the allowance: a point beyond it is out of
  range whatever its cost;
- a question about one point (``way_to``) is an A* search towards it, the straight-line
  distance being a lower bound of what is left: it stops once no way through the points still
  open could be cheaper than the best found.
- what a point out of reach would cost ("too far: needs ...") is ``beyond.py``'s: A* searches
  past the allowance that share what one state's questions have in common.

Every leg is planned by ``legs.plan`` and judged against the allowance by the engine's one step
judge (``judge_option``), as the legs of a declared move are. Of equally cheap ways to one point,
``way_to`` answers with the likeliest to pass its checks (a ladder before a climb of the same
inches); other ties resolve by the order the points are listed; the
costs found are the same as a search that plans every leg (tests/skirmish/test_search_properties.py
checks this against a plain search on random tables).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from domain.movement import Reach, StepJudge, StepOption
from domain.rulesets.skirmish.legs import Leg
from domain.rulesets.skirmish.table import EPSILON, LOW_OBSTACLE, Spot
from domain.rulesets.skirmish.view import chance

if TYPE_CHECKING:
    from domain.rulesets.skirmish.graph import TableGraph


def bounded_reach(graph: TableGraph, start: str) -> Reach:
    """Dijkstra from ``start`` over the key points, up to the allowance: each point's cost and a
    cheapest path (``Reach.too_far`` stays empty: nothing beyond the allowance is searched)."""
    unit_id = graph.unit_id
    budget = graph.budget
    reach = Reach(unit=unit_id, start=start, allowance=budget, allowance_rule=graph.allowance_rule)
    reach.denied = graph.no_movement(unit_id)
    if reach.denied is not None:
        return reach
    nodes, points = graph.nodes, graph.points
    paid = graph.paid
    judge = StepJudge.of(graph).judge  # the engine's one step judge, as ``judge_option`` calls it
    hypot, known, step = math.hypot, math.inf, graph.step
    cost_of: dict[str, float] = {start: 0}  # an int, as the shared engine has it (costs print "0")
    frontier: list[tuple[float, int, str]] = [(0.0, 0, start)]
    counter = 0
    while frontier:
        cost, _, here_key = heapq.heappop(frontier)
        if cost > cost_of[here_key]:
            continue
        here = nodes[here_key]
        around = points.within(here, graph.reach_from(cost))
        if here_key == start:  # the legs out of the start are new in every state: its walks in one test
            graph.view.table.learn_walks(here, [nodes[key] for key in around])
        hx, hy = here.x, here.y
        for key in around:
            if key == here_key:
                continue
            if paid:
                there = nodes[key]
                lower = cost + hypot(hx - there.x, hy - there.y)  # Spot.flat_distance
            else:
                lower = cost
            if lower >= cost_of.get(key, known):
                continue  # a leg costs at least its length: it can't improve on what is known
            leg = step(here_key, key)
            if leg is None:
                continue
            verdict = judge(StepOption(to=key, kind=leg[0], cost=leg[1]), cost, budget, False)
            if not verdict.ok or verdict.spent >= cost_of.get(key, known):
                continue
            new_cost = verdict.spent
            cost_of[key] = new_cost
            reach.previous[key] = here_key  # the leg itself is built when read (``graph.legs``)
            counter += 1
            heapq.heappush(frontier, (new_cost, counter, key))
    reach.cost = cost_of
    return reach


def _may_join(graph: TableGraph, here: Spot, target: Spot, left: float) -> bool:
    """With free jumps, whether a last leg from ``here`` could reach ``target`` within what is
    left: a usable leg is no longer than its cost, or (a jump across, free) than the longest
    gap; one further away can't be taken, so it is not planned."""
    # (a way over a wall ending in a free jump across costs its climb and the rest of the line:
    # ``TableGraph.over_floor``)
    return here.flat_distance(target) <= max(left, graph.longest_free_leg, left + graph.longest_free_leg - LOW_OBSTACLE) + 1e-9


#: two ways whose costs differ by no more than this are equally cheap (told apart by their checks)
_TIE = 1e-9


def _path_to(previous: dict[str, str], start: str, key: str) -> list[str]:
    path = [key]
    while path[-1] != start:
        path.append(previous[path[-1]])
    path.reverse()
    return path


def _legs_of(graph: TableGraph, path: list[str]) -> list[Leg]:
    return [graph.legs[(a, b)] for a, b in zip(path, path[1:], strict=False)]


def _odds(graph: TableGraph, legs: list[Leg]) -> float:
    """The chance of passing every Agility Check of ``legs``, as the answer reports it."""
    agility = graph.view.agility(graph.unit_id)
    odds = 1.0
    for leg in legs:
        for check in leg.checks:
            odds *= chance(agility, check.disadvantage)
    return odds


@dataclass
class Way:
    """A way to a point: its cost, the key points it passes (the point itself last) and its legs."""

    total: float
    path: list[str]
    legs: list[Leg]


def way_to(graph: TableGraph, start: str, target: Spot, below: float = math.inf) -> Way | None:
    """The cheapest way from ``start`` to ``target`` within the allowance (to the tolerance) and
    cheaper than ``below``: through key points reached within the allowance, then one leg to
    the target. None when there is none."""
    limit = graph.budget + EPSILON
    return _towards(
        graph, start, target, accept=lambda total: total <= limit and total < below,
        hopeless=lambda bound: bound > limit or bound >= below, ceiling=min(limit, below),
    )


def _towards(
    graph: TableGraph, start: str, target: Spot, accept: Callable[[float], bool], hopeless: Callable[[float], bool],
    ceiling: float = math.inf,
) -> Way | None:
    """A* from ``start`` to ``target`` through points within the allowance. A point is joined
    to the target by ``graph.join_legs`` (one leg, or a straight walk and climb); a way counts if ``accept`` takes its total; the search
    stops when ``hopeless`` says no way costing at least that could count (``ceiling``, the
    most a way that counts may cost, spares looking for ways over walls that could not). (What a way beyond
    the allowance would cost, for "too far", is ``beyond.py``'s.)"""
    nodes, points = graph.nodes, graph.points
    paid = graph.paid
    budget = graph.budget
    target_key = target.text
    as_node = nodes.get(target_key)
    if as_node is not None:
        target = as_node  # a key point asked about is that key point

    def h(spot: Spot) -> float:
        return spot.flat_distance(target) if paid else 0.0

    judge = StepJudge.of(graph).judge  # the engine's one step judge, as ``judge_option`` calls it
    cost_of: dict[str, float] = {start: 0.0}
    previous: dict[str, str] = {}
    best: tuple[float, str] | None = None
    #: the chance of passing every check on the best way, worked out only when a tie could beat it
    best_odds: float | None = None
    counter = 0

    def odds_through(last: str) -> float:
        return _odds(graph, [*_legs_of(graph, _path_to(previous, start, last)), *(graph.join_legs(last, target) or [])])

    def beaten(bound: float) -> bool:
        """No way costing at least ``bound`` can be better than the best: dearer, or (a tie)
        the best needs no check (ways equally cheap are told apart by their chance of passing
        their checks: a ladder's none before a climb's Agility Check)."""
        nonlocal best_odds
        if best is None or bound < best[0]:
            return False
        if bound > best[0] + _TIE:
            return True
        if best_odds is None:
            best_odds = odds_through(best[1])
        return best_odds >= 1.0

    frontier: list[tuple[float, int, float, str]] = [(h(nodes[start]), 0, 0.0, start)]
    while frontier:
        bound, _, cost, here_key = heapq.heappop(frontier)
        if cost > cost_of[here_key]:
            continue
        if beaten(bound) or hopeless(bound):
            break  # every way through what is left costs at least ``bound``
        here = nodes[here_key]
        if here_key != target_key and (paid or _may_join(graph, here, target, budget + EPSILON - cost)):
            if not beaten(cost + h(here)):
                joined = graph.join_cost(here_key, target, spare=(ceiling if best is None else min(ceiling, best[0] + _TIE)) - cost)
                if joined is not None:
                    total = cost + joined
                    if accept(total) and (best is None or total < best[0] - _TIE):
                        best, best_odds = (total, here_key), None
                    elif accept(total) and best is not None and abs(total - best[0]) <= _TIE and not beaten(total):
                        odds = odds_through(here_key)
                        if odds > (best_odds or 0.0):  # (``beaten`` has worked the best's out)
                            best, best_odds = (total, here_key), odds
        for key in points.within(here, graph.reach_from(cost)):
            if key == here_key:
                continue
            there = nodes[key]
            lower = cost + here.flat_distance(there) if paid else cost
            if lower >= cost_of.get(key, math.inf):
                continue
            if beaten(lower + h(there)) or hopeless(lower + h(there)):
                continue
            leg = graph.step(here_key, key)
            if leg is None:
                continue
            option = StepOption(to=key, kind=leg[0], cost=leg[1])
            verdict = judge(option, cost, budget, False)
            if not verdict.ok or verdict.spent >= cost_of.get(key, math.inf):
                continue
            new_cost = verdict.spent
            cost_of[key] = new_cost
            previous[key] = here_key  # the leg itself is built when read (``graph.legs``)
            counter += 1
            heapq.heappush(frontier, (new_cost + h(there), counter, new_cost, key))
    if best is None:
        return None
    total, last = best
    last_legs = graph.join_legs(last, target)
    assert last_legs is not None  # joined above: the same legs, built now
    path = _path_to(previous, start, last)
    legs = _legs_of(graph, path)
    # a straight climb passes points between the key point and the target (``TableGraph.straight``)
    between = [leg.to.text for leg in last_legs[:-1]]
    return Way(total, [*path, *between, target_key], [*legs, *last_legs])
