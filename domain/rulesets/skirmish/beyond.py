"""What the cheapest way to a point out of reach would cost ("too far: needs N"), for the
points asked about in one state.

Past the allowance the graph a search walks does not depend on the point asked about: from
every key point, the legs to the key points within the allowance (no leg longer than that is
part of a move), each costing what ``legs.plan`` says and judged by the engine's step judge.
``Beyond`` keeps what every question about one graph shares, and answers each with an A*
search towards its point (the straight-line distance is a lower bound of what is left when
jumps are paid, as in ``search.py``), as each question did before, but with less work per
point:

- which two key points a leg could join is worked out once per key point a search leaves,
  for all key points at once with numpy, and kept for the next question: within the allowance
  (``KeyPoints.within``'s test) and joined by some way at all (``longest_way``, or the two ends
  of a climb or a ladder), so no leg is planned between a roof and a point of the ground too
  far below it to jump down to;
- a leg is planned only when it could still matter. Leaving a point queues the legs out of it
  under the least they could cost (the cost so far plus the leg's length, when jumps are paid);
  a leg is planned when it comes first in the queue and could still improve on its end's best
  known cost. Most legs are never planned: their end is reached first by a straighter way. A
  queued leg's key is never above its true cost, so the search leaves the same points at the
  same costs as one that planned every leg on the spot.

Wherever numpy's rounding of a distance could differ from the one-point test the searches make
(``Spot.flat_distance``, ``math.hypot``), bounds are loosened by ``_SLACK``, so they can only let
more be tried, never less; the tests that decide an answer are the one-point ones. A point
whose cost improves after it was left is searched again, as before. The totals are the floats
the search per point gave (tests/skirmish/test_nearest_totals.py compares them with that
search, kept in the test, and with a plain Dijkstra on random tables).
"""

from __future__ import annotations

import heapq
import math
from typing import TYPE_CHECKING

import numpy

from domain.movement import StepJudge, StepOption
from domain.rulesets.skirmish.table import EPSILON, GROUND, LOW_OBSTACLE, Spot

if TYPE_CHECKING:
    from domain.rulesets.skirmish.graph import TableGraph
    from domain.rulesets.skirmish.view import TableView

#: more than numpy's and ``math.hypot``'s roundings of one distance can differ by
_SLACK = 1e-9

#: a queued key point (cost + heuristic, order, point, -1, cost, cost) or leg (least cost +
#: heuristic, order, to, from, cost at from, least cost)
_Queued = tuple[float, int, int, int, float, float]


class Beyond:
    """The searches past the allowance over one graph from ``start``: what they share (the
    key points by index, which legs could join them, the legs planned) and ``nearest_total``."""

    def __init__(self, graph: TableGraph, start: str) -> None:
        self.graph = graph
        points = graph.points
        self.keys = points.keys
        self.xs, self.ys = points.xs, points.ys
        self.judge = StepJudge.of(graph).judge  # the engine's one step judge
        index = {key: i for i, key in enumerate(self.keys)}
        self.start = index[start]
        surfaces = sorted({spot.surface for spot in graph.nodes.values()})
        code = {surface: i for i, surface in enumerate(surfaces)}
        #: how far apart two points on each two surfaces a way may join (``longest_way``)
        self.longest = numpy.array([[longest_way(graph.view, a, b) for b in surfaces] for a in surfaces])
        self.surface = numpy.array([code[graph.nodes[key].surface] for key in self.keys], dtype=int)
        #: the other ends of each key point's climbs and ladders (``keypoints.way``'s first cases)
        self.partners: dict[int, list[int]] = {}
        ladders = [tuple(ends) for ends in points.ladders]
        for a, b in [*points.climb_pairs, *ladders, *((b, a) for a, b in ladders)]:
            if a in index and b in index:
                self.partners.setdefault(index[a], []).append(index[b])
        self.rows: dict[int, tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray]] = {}

    def row(self, here: int) -> tuple[numpy.ndarray, numpy.ndarray, numpy.ndarray]:
        """For the key point ``here``, kept: which key points a leg out of it could reach
        (within the allowance, numpy's distance loosened by ``_SLACK``, and joined by some way),
        their distances, and whether numpy alone can tell they are within the allowance (else
        the exact test decides, ``KeyPoints.within``'s)."""
        found = self.rows.get(here)
        if found is None:
            xs, ys = self.xs, self.ys
            gaps = numpy.hypot(xs - xs[here], ys - ys[here])
            reach = self.graph.budget + EPSILON
            joined = gaps <= self.longest[self.surface[here]][self.surface] + _SLACK
            partners = self.partners.get(here)
            if partners:
                joined[partners] = True
            legs = (gaps <= reach + _SLACK) & joined
            legs[here] = False
            found = self.rows[here] = (legs, gaps, gaps <= reach - _SLACK)
        return found

    def nearest_total(self, target: Spot) -> float | None:
        """What the cheapest way to ``target`` costs when it costs more than the allowance (to
        the tolerance): through key points, then one leg to it; None if there is none."""
        found = self.nearest(target)
        return None if found is None else found[0]

    def nearest(self, target: Spot) -> tuple[float, list[str]] | None:
        """``nearest_total`` and the ways of moving (``walk``, ``climb``...) of the legs between
        key points on that way, in order (the last leg to the point not among them)."""
        found = self.nearest_way(target)
        return None if found is None else (found[0], found[1])

    def nearest_way(self, target: Spot) -> tuple[float, list[str], list[str]] | None:
        """``nearest`` and the key points the way passes, the start first. An A*
        search: it stops once no way through the points still open could be cheaper than the
        best found."""
        graph, keys, judge, nodes = self.graph, self.keys, self.judge, self.graph.nodes
        target_key = target.text
        target = nodes.get(target_key, target)  # a key point asked about is that key point
        limit = graph.budget + EPSILON
        reach = graph.budget + EPSILON
        paid = graph.paid
        count = len(keys)
        # the heuristic, loosened: never above the straight-line distance (none with free jumps)
        h = numpy.hypot(self.xs - target.x, self.ys - target.y) - _SLACK if paid else numpy.zeros(count)
        heuristic = h.tolist()
        start = self.start
        cost_of = numpy.full(count, math.inf)  # the best cost known of each key point
        cost_of[start] = 0.0
        known: list[float] = cost_of.tolist()  # the same, read one point at a time
        best = math.inf
        best_from = -1
        came_from: dict[int, int] = {}
        counter = 0
        frontier: list[_Queued] = [(heuristic[start], 0, start, -1, 0.0, 0.0)]
        pop, push = heapq.heappop, heapq.heappush
        while frontier:
            bound, _, there, here, cost, least = pop(frontier)
            if bound >= best:
                break  # every way through what is left costs at least ``bound``
            if here >= 0:  # a leg, its cost not yet known: plan it now
                if least >= known[there]:
                    continue  # a leg costs at least its length: it can't improve on what is known
                leg = graph.step(keys[here], keys[there])
                if leg is None:
                    continue
                verdict = judge(StepOption(to=keys[there], kind=leg[0], cost=leg[1]), cost, None, False)
                spent = verdict.spent
                if not verdict.ok or spent >= known[there]:
                    continue
                known[there] = spent
                cost_of[there] = spent
                came_from[there] = here
                counter += 1
                push(frontier, (spent + heuristic[there], counter, there, -1, spent, spent))
                continue
            if cost > known[there]:
                continue  # reached more cheaply since
            key = keys[there]
            spot = nodes[key]
            if key != target_key and (cost + spot.flat_distance(target) if paid else cost) < best:
                joined = graph.join_cost(key, target, spare=best - cost)
                if joined is not None and limit < cost + joined < best:
                    best, best_from = cost + joined, there
            legs, gaps, sure = self.row(there)
            lower = cost + gaps - _SLACK if paid else numpy.full(count, float(cost))
            near = legs & (lower < cost_of) & (lower + h < best)
            found = numpy.flatnonzero(near)
            x, y = spot.x, spot.y
            for i, low, yes in zip(found.tolist(), lower[found].tolist(), sure[found].tolist(), strict=True):
                if not yes and math.hypot(x - float(self.xs[i]), y - float(self.ys[i])) > reach:
                    continue  # further than the allowance after all, as ``KeyPoints.within`` decides
                counter += 1
                push(frontier, (low + heuristic[i], counter, i, there, cost, low))
        if best == math.inf:
            return None
        path = [best_from]
        while path[-1] != start:
            path.append(came_from[path[-1]])
        path.reverse()
        ways = [self._way(a, b) for a, b in zip(path, path[1:], strict=False)]
        return best, ways, [keys[i] for i in path]

    def _way(self, a: int, b: int) -> str:
        step = self.graph.step(self.keys[a], self.keys[b])
        assert step is not None  # a leg the search took
        return step[0]


def longest_way(view: TableView, a: str, b: str) -> float:
    """How far apart (flat) a point on surface ``a`` and one on ``b`` may be for a way other
    than a portal's climb or a ladder to join them (``keypoints.way``'s cases): any distance
    when a walk may (one surface, or within 1" of height), else the longest jump across or
    down the rule options allow, or the climb's leeway between surfaces more than 1" apart in
    height; -1 when none may. ``way`` gives None for two points further apart, so no leg
    is planned between them (tests/skirmish/test_nearest_totals.py checks this against ``way``)."""
    if a == b:
        return math.inf
    table, options = view.table, view.options
    ha, hb = table.height(a), table.height(b)
    if abs(ha - hb) <= LOW_OBSTACLE + EPSILON:
        return math.inf
    longest = -1.0
    if a != GROUND and b != GROUND and hb - ha <= LOW_OBSTACLE + EPSILON:
        longest = max(longest, options.jump_across_max_gap + EPSILON)
    if ha > hb and a != GROUND:
        longest = max(longest, options.jump_down_max_horizontal + EPSILON)
    if abs(ha - hb) > LOW_OBSTACLE + EPSILON:
        longest = max(longest, options.climb_horizontal_leeway + EPSILON)  # a climb anywhere within the leeway
    return longest
