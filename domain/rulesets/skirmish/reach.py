"""Range of motion on the table, without rolling a die.

The table is continuous, so the lookahead searches a graph of key points (``keypoints.py``):
where the unit stands, the corners of walls and surfaces (shortest walks bend only there), ladder
ends, and points every ``PORTAL_SPACING`` inches along the edges of raised surfaces (where jumps
start and end, and climbs, which also join any two points within the climb's leeway). Every
edge of the graph is a leg planned by ``legs.plan``, the same function the engine uses, so the
lookahead and the rules never disagree about a leg. For any point asked about, the point joins
the graph (by one leg, or by a straight walk, climb and walk from a key point: ``climbs.py``)
and the search answers: reachable or not, the path, the checks on the way and the chance of
passing them all. Difficult terrain is handled by two
searches: one that avoids it with the full allowance, one that may cross it with 2" less.

Nothing is searched before it is asked for, and each search stops where its question is
answered (``search.py``): one point is an A* search towards it; the key points and the
reachable area need a search up to the allowance; only "too far: needs ..." searches beyond.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy

from domain.cached import cached_property
from domain.movement import NO_PATH, RangeOfMotion, Reach
from domain.rules import RuleRef
from domain.rulesets.skirmish.areas import AREA_SPACING, reachable_areas, reachable_centres
from domain.rulesets.skirmish.beyond import Beyond
from domain.rulesets.skirmish.graph import DIFFICULT, TableGraph, UncheckedGraph
from domain.rulesets.skirmish.keypoints import MARGIN, PORTAL_SPACING, KeyPoints
from domain.rulesets.skirmish.legs import Leg, allowance, may_move, may_run
from domain.rulesets.skirmish.search import Way, bounded_reach, way_to
from domain.rulesets.skirmish.table import EPSILON, GROUND, Spot, parse_spot, short_of
from domain.rulesets.skirmish.view import TableView, chance, inches, rule
from domain.rulesets.skirmish.wordings import LADDER_TOO_FAR

__all__ = [
    "AREA_SPACING", "DIFFICULT", "MARGIN", "PORTAL_SPACING", "PointAnswer", "TableGraph", "TableRange", "TableSearch", "range_of_motion",
    "reachable_areas", "reachable_centres",
]

@dataclass
class PointAnswer:
    reachable: bool
    path: list[str] | None = None
    cost: float | None = None
    checks: list[dict[str, object]] = field(default_factory=list)
    chance: float = 1.0
    #: the allowance the way is measured against (2" less when it crosses difficult terrain)
    allowance: float | None = None
    reasons: list[RuleRef] = field(default_factory=list)
    #: how each leg of ``path`` is taken (walk, climb, ladder, jump_down, jump_across): with the
    #: path, a ``move`` command's legs
    ways: list[str] = field(default_factory=list)


class TableSearch:
    """Both searches for one unit (avoiding difficult terrain with the full Move, crossing it
    with 2" less), on demand: a point is answered by the cheapest way to it in either; the key
    points' ranges (``runs``) are searched once, when first needed."""

    def __init__(self, view: TableView, unit_id: str, running: bool = False) -> None:
        self.view = view
        self.unit_id = unit_id
        self.denied = may_move(view, unit_id, ignore_moved=True)
        self.start = view.spot(unit_id).text
        self.running = running

    @cached_property
    def graphs(self) -> list[TableGraph]:
        view, unit_id = self.view, self.unit_id
        # the same for a Move and a Run, and until the next event: the state's index (a frozen
        # view's copy shares its indexes with the live state, so it builds its own)
        # the same for a Move and a Run, and for every question about this state: the state's
        # indexes (a frozen view never changes, so it keeps its own)
        points = view.kept(f"skirmish.keypoints.{unit_id}", lambda: KeyPoints(view, unit_id))
        planned: dict[tuple[str, object], Leg | None] = view.kept(f"skirmish.planned.{unit_id}", dict)
        joined: dict[tuple[str, Spot], tuple[float, bool] | None] = view.kept(f"skirmish.joined.{unit_id}", dict)
        stepped: dict[tuple[str, str], tuple[str, float, bool] | None] = view.kept(f"skirmish.stepped.{unit_id}", dict)
        climbed: dict[tuple[str, Spot] | tuple[str, Spot, str], tuple[float, bool, tuple[Leg, ...]] | None] = view.kept(f"skirmish.climbed.{unit_id}", dict)
        return [
            TableGraph(
                self.view, self.unit_id, allowance(self.view, self.unit_id, running=self.running, difficult=difficult),
                avoid_difficult=not difficult, points=points, planned=planned, joined=joined, stepped=stepped, climbed=climbed,
            )
            for difficult in (False, True)
        ]

    @cached_property
    def unchecked_graphs(self) -> list[TableGraph]:
        """``graphs`` with only the legs that need no check (``UncheckedGraph``), sharing their
        key points and kept legs."""
        return [
            UncheckedGraph(
                self.view, self.unit_id, graph.budget, avoid_difficult=graph.avoid_difficult, points=graph.points,
                planned=graph.planned, joined=graph.joined, stepped=graph.stepped, climbed=graph.climbed,
            )
            for graph in self.graphs
        ]

    def safer(self, target: Spot) -> PointAnswer | None:
        """The cheapest way to ``target`` that needs no Agility Check, within the allowance;
        None if there is none. ``answer`` gives the cheapest way, which may need a check where a
        dearer one needs none (a Jump Down off a roof beside a ladder: seed 004, Ladders), and
        the legal moves list that one alone; ``TableRange.details`` names this one beside it."""
        if self._refused(target) is not None:
            return None
        if target.text == self.start:
            return self.answer(target)
        best: tuple[TableGraph, Way] | None = None
        for graph in self.unchecked_graphs:
            found = way_to(graph, self.start, target, below=math.inf if best is None else best[1].total)
            if found is not None:
                best = (graph, found)
        if best is None:
            return None
        graph, way_there = best
        ways = [leg.via for leg in way_there.legs]
        return PointAnswer(True, way_there.path, round(way_there.total, 3), [], 1.0, allowance=graph.budget, ways=ways)

    @cached_property
    def runs(self) -> list[tuple[TableGraph, Reach]]:
        """Each graph with its range up to the allowance."""
        return [self._run(i) for i in range(len(self.graphs))]

    def _run(self, index: int) -> tuple[TableGraph, Reach]:
        found = self._searched.get(index)
        if found is None:
            graph = self.graphs[index]
            found = self._searched[index] = (graph, bounded_reach(graph, self.start))
        return found

    @cached_property
    def _searched(self) -> dict[int, tuple[TableGraph, Reach]]:
        return {}

    @cached_property
    def needed_runs(self) -> list[tuple[TableGraph, Reach]]:
        """The runs that can reach a point: both, or the first alone on a table without
        difficult terrain. There no leg crosses any, so the second graph has the first's legs
        with 2" less: every way it finds, the first finds at no more cost (a search allowed
        more relaxes every leg the other does), so it reaches no key point and no point the
        first does not (tests/skirmish/test_kept_across_states.py checks both)."""
        if self.view.table.difficult:
            return self.runs
        return [self._run(0)]

    @cached_property
    def needed_ranges(self) -> list[tuple[list[str], numpy.ndarray, numpy.ndarray, numpy.ndarray]]:
        """``_ranges`` of the ``needed_runs``."""
        return self._ranges[: len(self.needed_runs)] if "_ranges" in self.__dict__ else [_as_arrays(*run) for run in self.needed_runs]

    def _refused(self, target: Spot) -> PointAnswer | None:
        """The answer when the point is ruled out before any search: the unit may not move, or
        another unit stands there."""
        self.view.table.check_spot(target)
        if self.denied is not None:
            return PointAnswer(False, reasons=[self.denied])
        if target != self.view.spot(self.unit_id):
            overlap = self.view.overlap_at(self.unit_id, target)
            if overlap is not None:
                why = rule("Move Phase, Moving Through Other Units", f"a unit may not end its move on another unit ({overlap})")
                return PointAnswer(False, reasons=[why])
        return None

    def answer(self, target: Spot) -> PointAnswer:
        refused = self._refused(target)
        if refused is not None:
            return refused
        first = self.graphs[0]
        if target.text == self.start and self.start in first.nodes:
            return PointAnswer(True, [self.start], 0, [], 1.0, allowance=first.budget, ways=[])
        best: tuple[TableGraph, Way] | None = None
        for graph in self.graphs:  # the second only if strictly cheaper: ties go to the full Move
            found = way_to(graph, self.start, target, below=math.inf if best is None else best[1].total)
            if found is not None:
                best = (graph, found)
        if best is None:
            return self._unreachable(target)
        graph, way_there = best
        checks, odds = self.checks_on(way_there.legs)
        ways = [leg.via for leg in way_there.legs]
        return PointAnswer(True, way_there.path, round(way_there.total, 3), checks, odds, allowance=graph.budget, ways=ways)

    def reachable(self, target: Spot) -> bool:
        """``answer(target).reachable``, without what only an unreachable point's reasons need:
        the cheapest ways to the key points are joined to the target, nearest first, until no
        key point could be close enough. Which key point joins first does not change the answer
        (any one will do), so the bounds are worked out for all the key points at once."""
        if self._refused(target) is not None:
            return False
        for (graph, reach), (keys, cost, xs, ys) in zip(self.needed_runs, self.needed_ranges, strict=True):
            if target.text in reach.cost:
                return True
            target = graph.nodes.get(target.text, target)  # a key point asked about is that key point
            limit = graph.budget + EPSILON
            if not keys:
                continue
            gap = numpy.hypot(xs - target.x, ys - target.y)
            if graph.paid:
                lower = cost + gap
                # a hair over the limit is still tried: the leg's own cost decides, as before
                near = numpy.flatnonzero(lower <= limit + 1e-9)
            else:
                # free jumps: a usable leg is no longer than its cost, or than the longest jump
                lower = cost
                longest = numpy.maximum(limit - cost, graph.longest_free_leg)
                near = numpy.flatnonzero((cost <= limit) & (gap <= longest + 1e-9))
            tried = [(keys[i], float(reach.cost[keys[i]])) for i in near[numpy.argsort(lower[near], kind="stable")].tolist()]
            if graph.joins_within(tried, target, limit):
                return True
        return False

    @cached_property
    def _ranges(self) -> list[tuple[list[str], numpy.ndarray, numpy.ndarray, numpy.ndarray]]:
        """Each run's reached key points as arrays (keys, costs, x, y): what ``reachable``
        reads for every point asked about."""
        return [_as_arrays(graph, reach) for graph, reach in self.runs]

    def _unreachable(self, target: Spot) -> PointAnswer:
        """Why a point is out of reach: the refused last legs from the key points in range
        (ranked by the least a way through them could cost), and what the cheapest way there
        would need."""
        refusals: list[tuple[float, RuleRef]] = []
        #: the cheapest way's total, the allowance of the search it was found in (the one that
        #: falls shortest of the point), the ways of moving of its legs between key points and
        #: the bases it goes round by their octagons (id, both radii), and the way of the leg where
        #: the allowance runs out (the first into a key point beyond it, else the last, into the
        #: point asked about)
        nearest: tuple[float, float, list[str], list[tuple[str, float]], str | None] | None = None
        for index, (graph, reach) in enumerate(self.runs):
            candidates = sorted(reach.cost.items(), key=lambda item: item[1] + graph.nodes[item[0]].flat_distance(target))
            for key, cost in candidates:
                leg = graph.raw_join(key, target)
                if leg is None:
                    continue
                refusal = leg.refusal or leg.automatic_fail
                if refusal is not None:
                    refusals.append((cost + graph.nodes[key].flat_distance(target), refusal))
            if index and not self.view.table.difficult:
                continue  # the second graph's ways are the first's (``needed_runs``): none costs less
            found = self._beyond(index).nearest_way(target)
            if found is not None and (nearest is None or found[0] - graph.budget < nearest[0] - nearest[1]):
                rounded = dict.fromkeys(graph.points.round[key] for key in found[2][1:] if key in graph.points.round)
                # the way of the leg where the allowance runs out: a ladder names the Ladders rule
                # in the too-far reason, as the move command does (it named the last leg's, a walk
                # on the roof past the ladder's top: "Move Phase: too far")
                out = None
                for way, key in zip(found[1], found[2][1:], strict=False):
                    if reach.cost.get(key, math.inf) > graph.budget + EPSILON:
                        out = way
                        break
                if out is None:  # within the allowance at the last key point: in its last legs
                    legs = graph.join_legs(found[2][-1], target) or []
                    spent = found[0] - sum(leg.cost for leg in legs)
                    for leg in legs:
                        spent += leg.cost
                        out = leg.via
                        if spent > graph.budget + EPSILON:
                            break
                if out != "ladder":
                    out = self._ladder_as_cheap(graph, reach.cost, target, found[0]) or out
                nearest = (found[0], graph.budget, found[1], list(rounded), out)
        ranked = sorted(refusals, key=lambda item: item[0])
        return PointAnswer(False, reasons=_diagnose(self, target, nearest, ranked))

    def _ladder_as_cheap(self, graph: TableGraph, costs: dict[str, float], target: Spot, total: float) -> str | None:
        """"ladder" where a way up or down a ladder costs no more than ``total`` (the cheapest way
        found, a climb as dear, say) and the allowance runs out on the ladder: that way needs no
        check, and the move command refuses it under Move Phase, Ladders (example 51: a point
        past the ladder's top, as near by a climb beside it); else None."""
        budget = graph.budget + EPSILON
        for ladder in self.view.table.ladders.values():
            for a, b in ((ladder.bottom.text, ladder.top.text), (ladder.top.text, ladder.bottom.text)):
                before = costs.get(a)
                step = graph.step(a, b) if a in graph.nodes and b in graph.nodes else None
                if before is None or step is None or before > budget or before + step[1] <= budget:
                    continue
                after = 0.0 if b == target.text else graph.join_cost(b, target)
                if after is not None and before + step[1] + after <= total + EPSILON:
                    return "ladder"
        return None

    def _beyond(self, index: int) -> Beyond:
        """The costs past the allowance over the ``index``-th graph, shared by every point
        asked about (``beyond.py``)."""
        found = self._beyonds.get(index)
        if found is None:
            found = self._beyonds[index] = Beyond(self.graphs[index], self.start)
        return found

    @cached_property
    def _beyonds(self) -> dict[int, Beyond]:
        return {}

    def checks_on(self, legs: list[Leg]) -> tuple[list[dict[str, object]], float]:
        """The Agility Checks a way needs, each with its chance, and the chance of passing all."""
        agility = self.view.agility(self.unit_id)
        checks: list[dict[str, object]] = []
        odds = 1.0
        for leg in legs:
            for c in leg.checks:
                p = chance(agility, c.disadvantage)
                odds *= p
                checks.append({"check": c.name, "disadvantage": c.disadvantage, "fall_on_failure": c.fall, "chance": round(p, 4)})
        return checks, round(odds, 4)

    def key_point_checks(self, paths: dict[str, list[str]]) -> dict[str, dict[str, object]]:
        """For each reachable key point whose way needs checks: the checks and their chance."""
        found: dict[str, dict[str, object]] = {}
        for key, path in paths.items():
            graph = next((g for g, r in self.runs if key in r.cost and r.path_to(key) == path), None)
            if graph is None:
                continue
            checks, odds = self.checks_on([graph.legs[(a, b)] for a, b in zip(path, path[1:], strict=False)])
            if checks:
                found[key] = {"checks": checks, "chance": odds}
        return found


def _as_arrays(graph: TableGraph, reach: Reach) -> tuple[list[str], numpy.ndarray, numpy.ndarray, numpy.ndarray]:
    """A run's reached key points as arrays: keys, costs, x, y."""
    keys = list(reach.cost)
    spots = [graph.nodes[k] for k in keys]
    return (
        keys, numpy.array([float(reach.cost[k]) for k in keys]),
        numpy.array([s.x for s in spots]), numpy.array([s.y for s in spots]),
    )


#: the ways of moving a search takes between its key points only, where a declared move may
#: take them anywhere along the wall or edge: a way through one of them may be a little dearer
#: than the cheapest move (docs/skirmish.md, "What is still not exact")
AT_KEY_POINTS = frozenset(("climb", "jump_down", "jump_across"))
#: how close to the allowance a way through those is said to be uncertain: the key points
#: along an edge are 1" apart, so the climb or take-off measured is at most half an inch along
#: the edge from the best, which the legs on either side pay at most twice
CAUTION_MARGIN = 1.0


#: how much longer the octagon round a base (``keypoints.octagon``: its sides ``MARGIN`` clear
#: of both bases) is than the circle a move hugging the base may follow, per inch of the two
#: radii and per inch of margin: a way round a base measured at its corners is dearer than
#: the best declared move by less than the difference of the two perimeters
OCTAGON_EXCESS = (16 * math.tan(math.pi / 8) - 2 * math.pi, 16 * math.tan(math.pi / 8))


def _round_caution(rounded: list[tuple[str, float]]) -> float:
    """The most a way going round these bases by their octagons can be dearer than a move
    declared close round them (the octagons' perimeters less the circles')."""
    per_radius, per_margin = OCTAGON_EXCESS
    return sum(per_radius * radii + per_margin * MARGIN for _, radii in rounded)


def _diagnose(
    search: TableSearch, target: Spot, nearest: tuple[float, float, list[str], list[tuple[str, float]], str | None] | None,
    ranked: list[tuple[float, RuleRef]],
) -> list[RuleRef]:
    """Name the rule that stops a point: a wall too high to climb in one move, a gap too wide to
    jump, a unit in the way of a shorter way than any open one, or simply too far. ``ranked``
    holds the refused last legs with the least a way through them could cost."""
    refusals = [r for _, r in ranked]
    view, unit_id = search.view, search.unit_id
    graph = search.runs[1][0]
    table = view.table
    move = view.move_inches(unit_id)
    reasons: list[RuleRef] = []
    # a wall too high or a gap too wide stops the point only when the unit gets onto none of its
    # surface; where it does (a unit on a roof as high jumps across onto it), "too far" is the
    # reason, and the wall or a gap elsewhere on the table is not (it was told of a 7" wall, or
    # of the gap between that surface and another roof)
    onto = any(g.nodes[key].surface == target.surface for g, reached in search.runs for key in reached.cost)
    if target.surface != GROUND and not onto:
        height = table.height(target.surface)
        ladders = [lad for lad in table.ladders.values() if lad.top.surface == target.surface]
        rises = [
            height - table.height(graph.nodes[foot].surface)
            for foot, top in graph.climb_pairs
            if graph.nodes[top].surface == target.surface and graph.nodes[foot].surface != target.surface
        ]
        climb = min(rises, default=0.0)
        # a jump across starts on a raised surface: a unit on the ground is not stopped by a gap
        gap = _nearest_gap(view, target.surface) if view.spot(unit_id).surface != GROUND else None
        if climb > move + EPSILON and not ladders:
            reasons.append(rule("Move Phase, Climbing", f"the wall is {climb:g}\" high: too high to climb in one move ({move:g}\" Move)"))
        widest = view.options.jump_across_max_gap
        if gap is not None and gap > widest + EPSILON:
            reasons.append(rule("Move Phase, Jumping Across", f"the gap is {gap:.2f}\": more than {widest:g}\" can't be jumped"))
    shortest_open = math.inf if nearest is None else nearest[0] - EPSILON
    if ranked and "Moving Through Other Units" in ranked[0][1].source and ranked[0][0] < shortest_open:
        reasons.append(ranked[0][1])  # a unit stands in the way of the shortest way there
    if nearest is not None:
        total, allowance, ways, rounded, last_way = nearest
        of_move = "" if abs(allowance - move) <= EPSILON else f" (Move {move:g}\")"
        if last_way == "ladder":  # seed 004, Ladders: the command's rule and text
            reasons.append(rule(LADDER_TOO_FAR[0], LADDER_TOO_FAR[1].format(short=short_of(total, allowance)) + of_move))
        else:
            reasons.append(rule("Move Phase", f"too far: {short_of(total, allowance)}{of_move}"))
        if rounded and total - allowance <= _round_caution(rounded) + EPSILON:
            names = ", ".join(unit for unit, _ in rounded)
            reasons.append(rule(
                "Move Phase, Moving Through Other Units",
                f"caution: the way measured goes round {names} at fixed points (an octagon clear of each base), and a "
                "move declared closer round the base may need a little less; declare it to have it judged",
            ))
        fixed = sorted({w.replace("_", " ") for w in ways if w in AT_KEY_POINTS})
        if fixed and total - allowance <= CAUTION_MARGIN + EPSILON:
            reasons.append(rule(
                "Move Phase, Climbing and Jumping",
                f"caution: the way measured takes its {' and '.join(fixed)} between fixed points (corners, and 1\" apart "
                "along walls' edges), and a move declared to climb or jump elsewhere along the wall may need a little "
                "less; declare it to have it judged",
            ))
    if not reasons:
        reasons.extend(dict.fromkeys(refusals))
    return reasons or [NO_PATH]


def _nearest_gap(view: TableView, surface_id: str) -> float | None:
    table = view.table
    target = table.surfaces[surface_id]
    gaps = [
        target.polygon.distance(other.polygon)
        for other in table.surfaces.values()
        # a surface a jump across may start from: no more than 1" lower, or higher (a jump may land lower)
        if other.id != surface_id and other.height >= target.height - 1.0 - EPSILON
    ]
    return min(gaps) if gaps else None


def _table_order(spot: Spot) -> tuple[bool, str, float, float]:
    """Points in reading order, the ground's first, then each raised surface's."""
    return (spot.surface != GROUND, spot.surface, spot.y, spot.x)


class TableRange(RangeOfMotion):
    """Range of motion that answers for any point of the table (see module docstring).

    The key points in range (``reachable``, ``paths``, ``costs``) are searched when first read:
    a question about one point doesn't need them.
    """

    def __init__(self, search: TableSearch, allowance: float, extra: dict[str, object]) -> None:
        self.search = search
        self.unit = search.unit_id
        self.start = search.start
        self.allowance = allowance
        self.reasons: dict[str, list[RuleRef]] = {}
        self.denied = search.denied
        self.extra = extra

    @cached_property
    def _key_points(self) -> tuple[dict[str, list[str]], dict[str, float]]:
        search = self.search
        paths: dict[str, list[str]] = {}
        costs: dict[str, float] = {}
        if search.denied is None:
            for graph, reach in search.runs:
                for key, cost in reach.cost.items():
                    if key in paths or (key != self.start and search.view.overlap_at(self.unit, graph.nodes[key]) is not None):
                        continue  # a key point the unit may pass but not end on (another unit's base)
                    paths[key] = reach.path_to(key) or [key]
                    costs[key] = cost
        ground_first = sorted(paths, key=lambda key: _table_order(parse_spot(key)))
        return {key: paths[key] for key in ground_first}, {key: costs[key] for key in ground_first}

    @property
    def paths(self) -> dict[str, list[str]]:  # type: ignore[override]  # worked out when read
        return self._key_points[0]

    @property
    def costs(self) -> dict[str, float]:  # type: ignore[override]  # worked out when read
        return self._key_points[1]

    @property
    def reachable(self) -> list[str]:  # type: ignore[override]  # worked out when read
        return list(self._key_points[0])

    def answer(self, location: str) -> PointAnswer:
        return self.search.answer(parse_spot(location))

    def __contains__(self, location: object) -> bool:
        return isinstance(location, str) and self.answer(location).reachable

    def path_to(self, location: str) -> list[str] | None:
        return self.answer(location).path

    def cost_to(self, location: str) -> float | None:
        found = self.answer(location)
        return found.cost if found.reachable else None

    def allowance_to(self, location: str) -> float:
        found = self.answer(location)
        return self.allowance if found.allowance is None else found.allowance

    def how(self, location: str) -> str:
        found = self.answer(location)
        ways = [way.replace("_", " ") for way in dict.fromkeys(found.ways) if way != "walk"] if found.reachable else []
        if not ways:
            return ""
        odds = f", {found.chance:.0%} to pass {'its check' if len(found.checks) == 1 else 'its checks'}" if found.checks else ""
        return " and ".join(ways) + odds

    def why_not(self, location: str) -> list[RuleRef]:
        found = self.answer(location)
        return [] if found.reachable else found.reasons

    def allowance_note(self) -> str:
        """Move Phase, Difficult Terrain: a unit standing in it moves through it whatever way it
        goes, so every way has the allowance less 2" (the header read the whole Move)."""
        search = self.search
        if search.denied is not None or not search.view.table.crosses_difficult(parse_spot(self.start), parse_spot(self.start)):
            return ""
        limit = allowance(search.view, self.unit, running=search.running, difficult=True)
        return f"; {round(limit, 1):g} as it stands in difficult terrain" if limit < self.allowance - EPSILON else ""

    def details(self, location: str) -> list[str]:
        found = self.answer(location)
        if not found.reachable or found.cost is None:
            return []
        budget = self.allowance if found.allowance is None else found.allowance
        less = self.allowance - budget
        difficult = f" (through difficult terrain: {inches(less)} less)" if less > EPSILON else ""
        lines = [f"{inches(found.cost)} of {inches(budget)}{difficult}"]
        if found.ways:
            lines.append("legs: " + ", ".join(f"{way} to {to}" for way, to in zip(found.ways, (found.path or [])[1:], strict=False)))
        for check in found.checks:
            odds = f"{float(check['chance']):.0%}"  # type: ignore[arg-type]  # a check's chance is always a number
            extra = ", with disadvantage" if check["disadvantage"] else ""
            failing = "a Fall" if check["fall_on_failure"] else "the move ends"
            lines.append(f"Agility Check ({check['check']}{extra}): {odds} to pass; failing means {failing}")
        if found.checks:
            lines.append(f"chance of passing every check: {found.chance:.0%}")
            lines.append(self._unchecked_way(location))
        return lines

    def _unchecked_way(self, location: str) -> str:
        """The way with no check, where the cheapest needs one: the legal moves and the path
        above take the cheapest way alone, and a dearer safe one (a ladder beside a Jump Down)
        is a move the command accepts too (seed 004, Ladders)."""
        safe = self.search.safer(parse_spot(location))
        if safe is None or safe.cost is None:
            return f"every way within {inches(self.allowance)} needs a check"
        budget = self.allowance if safe.allowance is None else safe.allowance
        less = self.allowance - budget
        difficult = f" (through difficult terrain: {inches(less)} less)" if less > EPSILON else ""
        legs = ", ".join(f"{way} to {to}" for way, to in zip(safe.ways, (safe.path or [])[1:], strict=False))
        return f"a way with no check: {legs}, costing {inches(safe.cost)} of {inches(budget)}{difficult}"

    def as_json(self) -> dict[str, object]:
        data = super().as_json()
        data["checks"] = self.search.key_point_checks(self.paths)
        data["areas"], data["samples"] = reachable_areas(self.search)
        return data


def range_of_motion(view: TableView, unit_id: str) -> TableRange:
    search = TableSearch(view, unit_id)
    run = may_run(view, unit_id)
    base = allowance(view, unit_id, running=False, difficult=False)
    extra: dict[str, object] = {
        "mode": "move",
        "allowance": base,
        "allowance_through_difficult": allowance(view, unit_id, running=False, difficult=True),
        "run": "allowed" if run is None else str(run),
    }
    return TableRange(search, base, extra)

