"""Range of motion on the table, without rolling a die.

The table is continuous, so the lookahead searches a graph of key points: where the unit
stands, the corners of walls and surfaces (shortest walks bend only there), ladder ends, and
points every ``PORTAL_SPACING`` inches along the edges of raised surfaces (where climbs and jumps
start and end). Every edge of the graph is a leg planned by ``legs.plan``, the same function the
engine uses, so the lookahead and the rules never disagree about a leg. For any point asked
about, the point joins the graph and the search answers: reachable or not, the path, the checks
on the way and the chance of passing them all. Difficult terrain is handled by two searches: one
that avoids it with the full allowance, one that may cross it with 2" less.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from shapely.geometry import Point, Polygon
from shapely.ops import unary_union

from domain.movement import NO_PATH, RangeOfMotion, Reach, StepOption, search_reach
from domain.rules import RuleRef
from domain.rulesets.skirmish.legs import Leg, allowance, may_move, may_run, plan
from domain.rulesets.skirmish.table import EPSILON, GROUND, LOW_OBSTACLE, Spot, parse_spot
from domain.rulesets.skirmish.view import TableView, chance, rule

PORTAL_SPACING = 1.0
MARGIN = 0.05
AREA_SPACING = 1.0


def _ring_points(polygon: Polygon, spacing: float) -> list[tuple[float, float]]:
    ring = polygon.exterior
    count = max(4, int(ring.length / spacing))
    points = [ring.interpolate(i * ring.length / count) for i in range(count)]
    return [(p.x, p.y) for p in points] + [tuple(c) for c in list(ring.coords)[:-1]]


class TableGraph:
    """``MovementModel`` over key points of the table, for one unit."""

    def __init__(self, view: TableView, unit_id: str, budget: float, avoid_difficult: bool, extra: list[Spot] = ()) -> None:  # type: ignore[assignment]
        self.view = view
        self.unit_id = unit_id
        self.budget = budget
        self.avoid_difficult = avoid_difficult
        self.allowance_rule = rule("Move Phase", "a unit moves up to its Move in inches")
        self.legs: dict[tuple[str, str], Leg] = {}
        self.nodes: dict[str, Spot] = {}
        self.climb_pairs: set[tuple[str, str]] = set()
        self._build(list(extra))

    def _add(self, spot: Spot) -> str | None:
        try:
            self.view.table.check_spot(spot)
        except Exception:
            return None
        self.nodes.setdefault(spot.text, spot)
        return spot.text

    def _build(self, extra: list[Spot]) -> None:
        table = self.view.table
        self._add(self.view.spot(self.unit_id))
        for spot in extra:
            self._add(spot)
        blocks = table.ground_blocks
        for poly in getattr(blocks, "geoms", [blocks]):
            if not poly.is_empty:
                for x, y in list(poly.buffer(MARGIN, join_style="mitre").exterior.coords)[:-1]:
                    self._add(Spot(round(x, 3), round(y, 3), GROUND))
        for ladder in table.ladders.values():
            self._add(ladder.bottom)
            self._add(ladder.top)
        me = self.view.radius(self.unit_id)
        for other in self.view.others(self.unit_id):
            there = self.view.spot(other.id)
            # an octagon around each other base, wide enough that its sides clear the base:
            # shortest detours around units bend at its corners
            clearance = (me + self.view.radius(other.id) + MARGIN) / math.cos(math.pi / 8)
            for k in range(8):
                angle = math.pi * k / 4
                self._add(Spot(round(there.x + clearance * math.cos(angle), 3), round(there.y + clearance * math.sin(angle), 3), there.surface))
        for surface in table.surfaces.values():
            inner = surface.polygon.buffer(-MARGIN, join_style="mitre")
            if inner.is_empty:
                continue
            for x, y in _ring_points(inner, PORTAL_SPACING):
                top = self._add(Spot(round(x, 3), round(y, 3), surface.id))
                if top is None:
                    continue
                outside = surface.polygon.exterior.interpolate(surface.polygon.exterior.project(Point(x, y)))
                dx, dy = outside.x - x, outside.y - y
                foot_xy = (round(outside.x + dx, 3), round(outside.y + dy, 3))
                below = table.surface_below(Spot(foot_xy[0], foot_xy[1], surface.id))
                foot = self._add(Spot(foot_xy[0], foot_xy[1], below.surface))
                if foot is not None and surface.height - table.height(below.surface) > LOW_OBSTACLE + EPSILON:
                    self.climb_pairs.add((top, foot))
                    self.climb_pairs.add((foot, top))

    # --- MovementModel ------------------------------------------------------------------------------

    def no_movement(self, unit_id: str) -> RuleRef | None:
        return may_move(self.view, unit_id, ignore_moved=True)

    def allowance(self, unit_id: str) -> float:
        return self.budget

    def step_options(self, unit_id: str, frm: str) -> list[StepOption]:
        here = self.nodes[frm]
        table = self.view.table
        options: list[StepOption] = []
        for key, there in self.nodes.items():
            if key == frm or here.flat_distance(there) > self.budget + EPSILON:
                continue  # no leg longer than the whole allowance can be part of a move
            via = self.way(frm, key, here, there)
            if via is None:
                continue
            leg = plan(self.view, unit_id, here, there, via)
            if leg.refusal is None and leg.automatic_fail is None and self.avoid_difficult and leg.difficult:
                leg.refusal = rule("Move Phase, Difficult Terrain", "crosses difficult terrain (2\" less to move)")
            self.legs[(frm, key)] = leg
            blocked = leg.refusal or leg.automatic_fail
            if blocked is not None and via == "walk" and not table.walkable(here, there):
                continue  # walls between two points are geometry, not worth naming
            options.append(StepOption(to=key, kind=via, cost=leg.cost, blocked=blocked))  # type: ignore[arg-type]
        return options

    def way(self, a_key: str, b_key: str, a: Spot, b: Spot) -> str | None:
        """Which way of moving could join two key points, if any (the leg planner then says
        whether it is legal)."""
        table = self.view.table
        if (a_key, b_key) in self.climb_pairs:
            return "climb"
        for ladder in table.ladders.values():
            if {a_key, b_key} == {ladder.bottom.text, ladder.top.text}:
                return "ladder"
        if a.surface == b.surface:
            return "walk"
        ha, hb = table.height(a.surface), table.height(b.surface)
        near = a.flat_distance(b) <= self.view.options.jump_across_max_gap + EPSILON
        if abs(ha - hb) <= LOW_OBSTACLE + EPSILON and table.walkable(a, b):
            return "walk"
        if a.surface != GROUND and b.surface != GROUND and hb - ha <= LOW_OBSTACLE + EPSILON and near:
            return "jump_across"
        if ha > hb and a.surface != GROUND and a.flat_distance(b) <= self.view.options.jump_down_max_horizontal + EPSILON:
            return "jump_down"
        return None


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
    """Both searches for one unit, done once; any point is then answered by joining it to the
    graph through the cheapest legal leg from a key point."""

    def __init__(self, view: TableView, unit_id: str, running: bool = False) -> None:
        self.view = view
        self.unit_id = unit_id
        self.denied = may_move(view, unit_id, ignore_moved=True)
        self.runs: list[tuple[TableGraph, Reach]] = []
        for difficult in (False, True):
            budget = allowance(view, unit_id, running=running, difficult=difficult)
            graph = TableGraph(view, unit_id, budget, avoid_difficult=not difficult)
            self.runs.append((graph, search_reach(graph, unit_id, view.spot(unit_id).text)))

    def answer(self, target: Spot) -> PointAnswer:
        self.view.table.check_spot(target)
        if self.denied is not None:
            return PointAnswer(False, reasons=[self.denied])
        if target != self.view.spot(self.unit_id):
            overlap = self.view.overlap_at(self.unit_id, target)
            if overlap is not None:
                why = rule("Move Phase, Moving Through Other Units", f"a unit may not end its move on another unit ({overlap})")
                return PointAnswer(False, reasons=[why])
        best: tuple[float, TableGraph, Reach, str, Leg | None] | None = None
        nearest_total: float | None = None
        refusals: list[tuple[float, RuleRef]] = []
        for graph, reach in self.runs:
            if target.text in reach.cost:
                total = reach.cost[target.text]
                if best is None or total < best[0]:
                    best = (total, graph, reach, target.text, None)
                continue
            candidates = sorted(
                [*reach.cost.items(), *reach.too_far.items()],
                key=lambda item: item[1] + graph.nodes[item[0]].flat_distance(target),
            )
            for key, cost in candidates:
                node = graph.nodes[key]
                if best is not None and cost + node.flat_distance(target) >= best[0]:
                    break
                via = graph.way(key, target.text, node, target)
                if via is None:
                    continue
                leg = plan(self.view, self.unit_id, node, target, via)
                if leg.refusal is not None or leg.automatic_fail is not None:
                    if key in reach.cost:  # ranked by the shortest such a way could be
                        refusals.append((cost + node.flat_distance(target), leg.refusal or leg.automatic_fail))  # type: ignore[arg-type]
                    continue
                if graph.avoid_difficult and leg.difficult:
                    continue
                total = cost + leg.cost
                if total > graph.budget + EPSILON:
                    nearest_total = total if nearest_total is None else min(nearest_total, total)
                    continue
                if key not in reach.cost:
                    continue
                if best is None or total < best[0]:
                    best = (total, graph, reach, key, leg)
        if best is None:
            ranked = sorted(refusals, key=lambda item: item[0])
            return PointAnswer(False, reasons=_diagnose(self, target, nearest_total, ranked))
        total, graph, reach, key, last = best
        path = reach.path_to(key) or [key]
        legs = [graph.legs[(a, b)] for a, b in zip(path, path[1:], strict=False)]
        if last is not None:
            path = [*path, target.text]
            legs.append(last)
        checks, odds = self.checks_on(legs)
        ways = [leg.via for leg in legs]
        return PointAnswer(True, path, round(total, 3), checks, odds, allowance=graph.budget, ways=ways)

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


def _diagnose(
    search: TableSearch, target: Spot, nearest_total: float | None, ranked: list[tuple[float, RuleRef]]
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
    if target.surface != GROUND:
        height = table.height(target.surface)
        ladders = [lad for lad in table.ladders.values() if lad.top.surface == target.surface]
        rises = [
            height - table.height(graph.nodes[foot].surface)
            for foot, top in graph.climb_pairs
            if graph.nodes[top].surface == target.surface and graph.nodes[foot].surface != target.surface
        ]
        climb = min(rises, default=0.0)
        gap = _nearest_gap(view, target.surface)
        if climb > move + EPSILON and not ladders:
            reasons.append(rule("Move Phase, Climbing", f"the wall is {climb:g}\" high: too high to climb in one move ({move:g}\" Move)"))
        widest = view.options.jump_across_max_gap
        if gap is not None and gap > widest + EPSILON:
            reasons.append(rule("Move Phase, Jumping Across", f"the gap is {gap:.2f}\": more than {widest:g}\" can't be jumped"))
    shortest_open = math.inf if nearest_total is None else nearest_total - EPSILON
    if ranked and "Moving Through Other Units" in ranked[0][1].source and ranked[0][0] < shortest_open:
        reasons.append(ranked[0][1])  # a unit stands in the way of the shortest way there
    if nearest_total is not None:
        reasons.append(rule("Move Phase", f"too far: needs {nearest_total:.2f}\", the Move is {move:g}\""))
    if not reasons:
        reasons.extend(dict.fromkeys(refusals))
    return reasons or [NO_PATH]


def _nearest_gap(view: TableView, surface_id: str) -> float | None:
    table = view.table
    target = table.surfaces[surface_id]
    gaps = [
        target.polygon.distance(other.polygon)
        for other in table.surfaces.values()
        if other.id != surface_id and abs(other.height - target.height) <= 1.0 + EPSILON
    ]
    return min(gaps) if gaps else None


class TableRange(RangeOfMotion):
    """Range of motion that answers for any point of the table (see module docstring)."""

    search: TableSearch

    def answer(self, location: str) -> PointAnswer:
        return self.search.answer(parse_spot(location))

    def __contains__(self, location: object) -> bool:
        return isinstance(location, str) and self.answer(location).reachable

    def path_to(self, location: str) -> list[str] | None:
        return self.answer(location).path

    def why_not(self, location: str) -> list[RuleRef]:
        found = self.answer(location)
        return [] if found.reachable else found.reasons

    def details(self, location: str) -> list[str]:
        found = self.answer(location)
        if not found.reachable:
            return []
        budget = self.allowance if found.allowance is None else found.allowance
        less = self.allowance - budget
        difficult = f" (through difficult terrain: {less:g}\" less)" if less > EPSILON else ""
        lines = [f"{found.cost:g}\" of {budget:g}\"{difficult}"]
        if found.ways:
            lines.append("legs: " + ", ".join(f"{way} to {to}" for way, to in zip(found.ways, (found.path or [])[1:], strict=False)))
        for check in found.checks:
            odds = f"{float(check['chance']):.0%}"  # type: ignore[arg-type]
            extra = ", with disadvantage" if check["disadvantage"] else ""
            failing = "a Fall" if check["fall_on_failure"] else "the move ends"
            lines.append(f"Agility Check ({check['check']}{extra}): {odds} to pass; failing means {failing}")
        if found.checks:
            lines.append(f"chance of passing every check: {found.chance:.0%}")
        return lines

    def as_json(self) -> dict[str, object]:
        data = super().as_json()
        data["checks"] = self.search.key_point_checks(self.paths)
        data["areas"], data["samples"] = reachable_areas(self.search)
        return data


def reachable_areas(search: TableSearch) -> tuple[dict[str, list[list[list[float]]]], list[str]]:
    """The reachable area of each surface, as polygons (lists of [x, y] corners), made of the
    grid cells (``AREA_SPACING`` inches) whose centres are reachable; and those centres."""
    table = search.view.table
    samples: list[str] = []
    cells: dict[str, list[Polygon]] = {}
    half = AREA_SPACING / 2
    start = search.view.spot(search.unit_id)
    # every leg costs at least its horizontal length unless jumps are free, so a cell centre
    # further than the largest allowance in a straight line can't be reached: don't ask
    paid = search.view.options.jump_across_distance_cost == "deducted"
    furthest = max(graph.budget for graph, _ in search.runs) + EPSILON if paid else math.inf
    for surface in [GROUND, *table.surfaces]:
        region = table.region(surface)
        minx, miny, maxx, maxy = region.bounds
        x = minx + half
        while x < maxx:
            y = miny + half
            while y < maxy:
                spot = Spot(round(x, 3), round(y, 3), surface)
                near = spot.flat_distance(start) <= furthest
                if near and region.covers(spot.point) and search.answer(spot).reachable:
                    samples.append(spot.text)
                    square = [(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)]
                    cells.setdefault(surface, []).append(Polygon(square))
                y += AREA_SPACING
            x += AREA_SPACING
    areas: dict[str, list[list[list[float]]]] = {}
    for surface, squares in cells.items():
        merged = unary_union(squares).intersection(table.region(surface))
        parts = getattr(merged, "geoms", [merged])
        areas[surface] = [[[round(px, 3), round(py, 3)] for px, py in part.exterior.coords] for part in parts if isinstance(part, Polygon)]
    return areas, samples


def range_of_motion(view: TableView, unit_id: str) -> TableRange:
    search = TableSearch(view, unit_id)
    paths: dict[str, list[str]] = {}
    costs: dict[str, float] = {}
    start = view.spot(unit_id).text
    if search.denied is None:
        for graph, reach in search.runs:
            for key, cost in reach.cost.items():
                if key in paths or (key != start and view.overlap_at(unit_id, graph.nodes[key]) is not None):
                    continue  # a key point the unit may pass but not end on (another unit's base)
                paths[key] = reach.path_to(key) or [key]
                costs[key] = cost
    answer = TableRange(
        unit=unit_id, start=start, reachable=list(paths), paths=paths, costs=costs,
        allowance=allowance(view, unit_id, running=False, difficult=False), denied=search.denied,
    )
    answer.search = search
    run = may_run(view, unit_id)
    answer.extra = {
        "mode": "move",
        "allowance": answer.allowance,
        "allowance_through_difficult": allowance(view, unit_id, running=False, difficult=True),
        "run": "allowed" if run is None else str(run),
    }
    return answer
