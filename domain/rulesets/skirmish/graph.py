"""The graph the table's searches walk, for one unit, one allowance and one way of treating
difficult terrain: its nodes are the key points (``keypoints.py``), its edges the legs between
them as ``legs.plan`` plans them (the engine's own planner), worked out when a search first
needs them and kept for the state they were asked of.

A search mostly needs a leg's way and cost only (``TableGraph.step``, ``TableGraph.join_cost``):
those come from the leg's shape on the table, kept per table (``keypoints.way_and_shape``), and
the units in its way in this state; the ``Leg`` itself is built for the ways found.
"""

from __future__ import annotations

import bisect
import math

from domain.movement import StepOption
from domain.rules import RuleRef
from domain.rulesets.skirmish.climbs import highest_stage, straight_climb, straight_over
from domain.rulesets.skirmish.keypoints import KeyPoints, way, way_and_shape
from domain.rulesets.skirmish.legs import Leg, fitted, may_move, plan, through_units
from domain.rulesets.skirmish.table import EPSILON, GROUND, LOW_OBSTACLE, Spot
from domain.rulesets.skirmish.view import TableView, rule

DIFFICULT = rule("Move Phase, Difficult Terrain", "crosses difficult terrain (2\" less to move)")


class TableGraph:
    """``MovementModel`` over key points of the table, for one unit, one allowance and one way
    of treating difficult terrain (avoiding it, or crossing it).

    Legs are planned when a search first needs them and kept: ``planned`` may be shared by the
    graphs of one question, as a leg's plan doesn't depend on the allowance.
    """

    def __init__(
        self,
        view: TableView,
        unit_id: str,
        budget: float,
        avoid_difficult: bool,
        extra: tuple[Spot, ...] = (),
        points: KeyPoints | None = None,
        planned: dict[tuple[str, object], Leg | None] | None = None,
        joined: dict[tuple[str, Spot], tuple[float, bool] | None] | None = None,
        stepped: dict[tuple[str, str], tuple[str, float, bool] | None] | None = None,
        climbed: dict[tuple[str, Spot] | tuple[str, Spot, str], tuple[float, bool, tuple[Leg, ...]] | None] | None = None,
    ) -> None:
        self.view = view
        self.unit_id = unit_id
        self.budget = budget
        self.avoid_difficult = avoid_difficult
        self.allowance_rule = rule("Move Phase", "a unit moves up to its Move in inches")
        #: the step judge compares inches with this tolerance, as for a declared move (LegModel)
        self.tolerance = EPSILON
        self.points = points if points is not None else KeyPoints(view, unit_id, tuple(extra))
        self.nodes: dict[str, Spot] = self.points.nodes
        self.climb_pairs = self.points.climb_pairs
        #: the legs the searches took, by (from, to): built when read (``_Legs``), as a search
        #: needs only each leg's way and cost (``step``)
        self.legs: dict[tuple[str, str], Leg] = _Legs(self)
        self.planned: dict[tuple[str, object], Leg | None] = planned if planned is not None else {}
        self.joined: dict[tuple[str, Spot], tuple[float, bool] | None] = joined if joined is not None else {}
        self.stepped: dict[tuple[str, str], tuple[str, float, bool] | None] = stepped if stepped is not None else {}
        #: the straight climbs and ways over walls from key points to points asked about
        #: (``straight``, ``over``), shared like ``planned``
        self.climbed: dict[tuple[str, Spot] | tuple[str, Spot, str], tuple[float, bool, tuple[Leg, ...]] | None] = climbed if climbed is not None else {}
        self._leeway = view.options.climb_horizontal_leeway
        #: the heights of the table's surfaces, lowest first (``over_floor``)
        self._heights = sorted(surface.height for surface in view.table.surfaces.values())
        #: the units that could stop this one moving through their bases (``TableView.obstacles``)
        self.obstacles = view.obstacles(unit_id)
        #: whether every leg costs at least its horizontal length (see ``search.py``)
        self.paid = view.options.jump_across_distance_cost == "deducted"
        self._max_gap = view.options.jump_across_max_gap
        #: with free jumps, how long a usable leg costing nothing may be: a jump across at most
        #: its longest gap (a longer one fails outright); every other leg costs its length or more
        self.longest_free_leg = self._max_gap + EPSILON

    # --- legs ----------------------------------------------------------------------------------

    def raw_leg(self, a_key: str, b_key: str) -> Leg | None:
        """The planned leg between two key points (refused or not); None if no way joins them."""
        key = (a_key, b_key)
        planned = self.planned
        if key not in planned:
            a, b = self.nodes[a_key], self.nodes[b_key]
            found = way_and_shape(self.view, self.points, a_key, b_key, a, b)
            planned[key] = None if found is None else fitted(self.view, self.unit_id, a, b, *found)
        return planned[key]

    def raw_join(self, a_key: str, target: Spot) -> Leg | None:
        """The planned last leg from a key point to a point asked about; None if no way joins them."""
        key = (a_key, target)
        planned = self.planned
        if key not in planned:
            a = self.nodes[a_key]
            found = way_and_shape(self.view, self.points, a_key, target.text, a, target)
            planned[key] = None if found is None else fitted(self.view, self.unit_id, a, target, *found)
        return planned[key]

    def join_cost(self, a_key: str, target: Spot, spare: float = math.inf) -> float | None:
        """What the cheapest last leg(s) from a key point to a point asked about cost
        (``join_legs``), or None where there are none, without building the direct leg:
        whether a point is reached needs only that (``areas.reached`` asks it of every centre of
        the area grid). A way over a wall is looked for only where it could cost less than
        ``spare`` and than the other ways (``over``)."""
        direct = self.direct_cost(a_key, target)
        straight = self.straight(a_key, target)
        found = min((c for c in (direct, None if straight is None else straight[0]) if c is not None), default=None)
        if direct is None and self.over_floor(a_key, target) < min(spare, math.inf if found is None else found):
            over = self.over(a_key, target)
            if over is not None and (found is None or over[0] < found):
                return over[0]
        return found

    def joins_within(self, reached: list[tuple[str, float]], target: Spot, limit: float) -> bool:
        """Whether a last leg (or a straight way: a walk and a climb, or over a wall) from one
        of the ``reached`` key points (with what reaching each cost, the most promising first)
        reaches ``target`` within ``limit``: the direct legs of them all before any straight
        climb, and those before any way over a wall. Which key point joins does not change the
        answer, and most points asked about are joined directly, so their straight ways (a line
        cut against the surfaces, then legs planned) are never worked out."""
        for key, cost in reached:
            leg = self.direct_cost(key, target)
            if leg is not None and cost + leg <= limit:
                return True
        for key, cost in reached:
            way = self.straight(key, target)
            if way is not None and cost + way[0] <= limit:
                return True
        for key, cost in reached:
            if self.over_floor(key, target) <= limit - cost and self.direct_cost(key, target) is None:
                way = self.over(key, target)
                if way is not None and cost + way[0] <= limit:
                    return True
        return False

    def direct_cost(self, a_key: str, target: Spot) -> float | None:
        """``join(a_key, target).cost``, or None where ``join`` gives None, without building the
        leg. What the leg is for the unit is kept in ``joined``, shared like ``planned``: (its
        cost, whether it crosses difficult terrain), None if unusable."""
        key = (a_key, target)
        joined = self.joined
        if key in joined:
            found = joined[key]
        else:
            a = self.nodes[a_key]
            shaped = way_and_shape(self.view, self.points, a_key, target.text, a, target)
            found = None
            if shaped is not None:
                via, shape = shaped
                usable = shape.refusal is None and shape.automatic_fail is None
                if usable and through_units(self.view, a, target, via) and self.view.blocker_among(self.obstacles, a, target, via == "jump_across") is not None:
                    usable = False
                found = (shape.cost, shape.difficult) if usable else None
            joined[key] = found
        if found is None or (self.avoid_difficult and found[1]):
            return None
        return found[0]

    def straight(self, a_key: str, target: Spot) -> tuple[float, bool, tuple[Leg, ...]] | None:
        """The way from a key point straight to a point asked about on a surface more than 1"
        higher or lower, further away than the climb's leeway: a walk to the wall, a climb
        within the leeway and a walk on, as a declared move may make it (``climbs.py``): its
        cost, whether it crosses difficult terrain, and its legs; None if there is none, or if
        this search may not take it. (Nearer, the direct leg is that climb: ``keypoints.way``.)"""
        key = (a_key, target)
        climbed = self.climbed
        if key in climbed:
            found = climbed[key]
        else:
            found = None
            a = self.nodes[a_key]
            view = self.view
            table = view.table
            if (
                a.surface != target.surface
                and abs(table.height(a.surface) - table.height(target.surface)) > LOW_OBSTACLE + EPSILON
                and a.flat_distance(target) > self._leeway + EPSILON
            ):
                ends = straight_climb(table, self._leeway, a, target)
                if ends is not None:
                    found = self._legs_through(a, target, ends)
            climbed[key] = found
        if found is None or (self.avoid_difficult and found[1]):
            return None
        return found

    def _legs_through(self, a: Spot, target: Spot, ends: tuple[Spot, Spot]) -> tuple[float, bool, tuple[Leg, ...]] | None:
        """The legs of a walk from ``a`` to the climb's start, the climb (up or down) and a walk
        on to the target (``_legs_along``)."""
        return self._legs_along([a, *ends, target], down=("climb",))

    def over_floor(self, a_key: str, target: Spot) -> float:
        """Less than any way over a wall from a key point to ``target`` costs (``over``): the
        climb onto the lowest surface more than 1" above both ends (none from the top itself),
        and the rest at least the line's length (but a free jump's); infinite where no surface
        is so high."""
        a = self.nodes[a_key]
        table = self.view.table
        low, high = table.height(a.surface), table.height(target.surface)
        flat = a.flat_distance(target)
        rest = flat if self.paid else max(0.0, flat - self.longest_free_leg)
        if low > high + LOW_OBSTACLE + EPSILON:
            return rest  # from the top itself: no climb
        above = self._heights[bisect.bisect_right(self._heights, max(low, high) + LOW_OBSTACLE + EPSILON) :]
        if not above:
            return math.inf
        if a.surface == GROUND:
            low = highest_stage(table)  # the climb's foot may stand on a low stage (``climbs._stage``)
        return above[0] - low + rest

    def over(self, a_key: str, target: Spot) -> tuple[float, bool, tuple[Leg, ...]] | None:
        """The way from a key point straight to a point asked about over the one surface between
        them, higher than both: a walk to its wall, a climb within the leeway, a walk across, a
        jump down (or across, onto a roof a jump down may not land on) and a walk on, as a
        declared move may make it (``climbs.straight_over``): its cost, whether it crosses
        difficult terrain, and its legs; None if there is none, or if this search may not take
        it. Kept with the straight climbs."""
        key = (a_key, target, "over")
        climbed = self.climbed
        if key in climbed:
            found = climbed[key]
        else:
            a = self.nodes[a_key]
            table, reach = self.view.table, self._jump_reach(target)
            ends = straight_over(table, self._leeway, reach, a, target)
            found = None if ends is None else self._legs_along([a, *ends, target])
            if found is not None and found[1]:
                # landing further on, the jump may pass over the difficult terrain the middle
                # landing is in (Jumping Down: over terrain); the way costs the same
                further = straight_over(table, self._leeway, reach, a, target, far=True)
                other = None if further is None or further == ends else self._legs_along([a, *further, target])
                if other is not None and not other[1]:
                    found = other
            climbed[key] = found
        if found is None or (self.avoid_difficult and found[1]):
            return None
        return found

    def _jump_reach(self, target: Spot) -> float:
        """How far from its take-off a jump down to ``target``'s surface may land: a Jump Down's
        reach where one may land there, else a Jump Across's longest gap."""
        options = self.view.options
        if self.view.table.height(target.surface) <= LOW_OBSTACLE + EPSILON or options.jump_down_target != "ground_only":
            return options.jump_down_max_horizontal
        return options.jump_across_max_gap

    def _legs_along(self, points: list[Spot], down: tuple[str, ...] = ("jump_down", "jump_across")) -> tuple[float, bool, tuple[Leg, ...]] | None:
        """The legs through ``points`` (one left out where it repeats the last), each a walk on
        one surface (or between two within 1" of height), a climb up and, to a lower surface, the first of the ways ``down`` that
        is not refused, planned by ``legs.plan`` for this unit (as a declared move's legs);
        None if every way of one leg is refused or fails outright, or a point between is not
        one a unit may stand on."""
        view, table = self.view, self.view.table
        kept = [points[0]]
        for p in points[1:]:
            if p != kept[-1]:
                kept.append(p)
        if not all(table.stands(p) for p in kept[1:-1]):
            return None
        legs: list[Leg] = []
        for p, q in zip(kept[:-1], kept[1:], strict=True):
            rise = table.height(q.surface) - table.height(p.surface)
            # onto or off a surface up to 1" high (a climb's end on a low stage): a walk
            vias = ("walk",) if table.one_level(p.surface, q.surface) else ("climb",) if rise > 0 else down
            leg = next(
                (found for via in vias if (found := plan(view, self.unit_id, p, q, via)).refusal is None and found.automatic_fail is None),
                None,
            )
            if leg is None:
                return None
            legs.append(leg)
        return sum(leg.cost for leg in legs), any(leg.difficult for leg in legs), tuple(legs)

    def join_legs(self, a_key: str, target: Spot) -> list[Leg] | None:
        """The cheapest usable last legs from a key point to a point asked about: the direct
        leg (``join``), or the straight walk and climb (``straight``) or the way over a wall
        (``over``) where it costs less."""
        direct = self.join(a_key, target)
        straight = self.straight(a_key, target)
        if straight is not None and (direct is None or straight[0] < direct.cost):
            direct_or_straight: list[Leg] | None = list(straight[2])
        else:
            direct_or_straight = None if direct is None else [direct]
        if direct is None:
            over = self.over(a_key, target)
            if over is not None and (straight is None or over[0] < straight[0]):
                return list(over[2])
        return direct_or_straight

    def step(self, a_key: str, b_key: str) -> tuple[str, float] | None:
        """The way and cost of ``leg(a_key, b_key)``, or None where it is None, without building
        the leg (the searches need only these; ``legs`` builds the legs of the ways found).
        Kept in ``stepped``, shared like ``planned``: (way, cost, crosses difficult terrain),
        None if no usable leg."""
        key = (a_key, b_key)
        stepped = self.stepped
        if key in stepped:
            found = stepped[key]
        else:
            found = None
            if key in self.planned:
                leg = self.planned[key]
                if leg is not None and leg.refusal is None and leg.automatic_fail is None:
                    found = (leg.via, leg.cost, leg.difficult)
            else:
                a, b = self.nodes[a_key], self.nodes[b_key]
                shaped = way_and_shape(self.view, self.points, a_key, b_key, a, b)
                if shaped is not None:
                    via, shape = shaped
                    usable = shape.refusal is None and shape.automatic_fail is None
                    if usable and through_units(self.view, a, b, via) and self.view.blocker_among(self.obstacles, a, b, via == "jump_across") is not None:
                        usable = False
                    found = (via, shape.cost, shape.difficult) if usable else None
            stepped[key] = found
        if found is None or (self.avoid_difficult and found[2]):
            return None
        return found[0], found[1]

    def usable(self, leg: Leg | None) -> Leg | None:
        """``leg`` if a move may take it in this search: legal, not failing outright, and not on
        difficult terrain when the search avoids it."""
        if leg is None or leg.refusal is not None or leg.automatic_fail is not None:
            return None
        if self.avoid_difficult and leg.difficult:
            return None
        return leg

    def leg(self, a_key: str, b_key: str) -> Leg | None:
        return self.usable(self.raw_leg(a_key, b_key))

    def join(self, a_key: str, target: Spot) -> Leg | None:
        return self.usable(self.raw_join(a_key, target))

    def reach_from(self, cost: float) -> float:
        """How long a leg from a point reached at ``cost`` may be and still end within the
        allowance: what is left, or (free jumps) a jump's length; never more than the whole
        allowance, as no leg longer than that is part of a move."""
        left = self.budget - cost
        return left if self.paid else min(self.budget, max(left, self._max_gap))

    # --- MovementModel ------------------------------------------------------------------------------

    def no_movement(self, unit_id: str) -> RuleRef | None:
        return may_move(self.view, unit_id, ignore_moved=True)

    def allowance(self, unit_id: str) -> float:
        return self.budget

    def step_options(self, unit_id: str, frm: str) -> list[StepOption]:
        """Every leg from ``frm`` to a key point within the allowance, refused ones with their
        rule (walls between two points are geometry, not worth naming)."""
        here = self.nodes[frm]
        table = self.view.table
        options: list[StepOption] = []
        for key in self.points.within(here, self.budget):
            if key == frm:
                continue
            leg = self.raw_leg(frm, key)
            if leg is None:
                continue
            blocked = leg.refusal
            if blocked is None and leg.automatic_fail is None and self.avoid_difficult and leg.difficult:
                blocked = DIFFICULT
            blocked = blocked or leg.automatic_fail
            if blocked is not None and leg.via == "walk" and not table.walkable(here, self.nodes[key]):
                continue
            if blocked is None:
                self.legs[(frm, key)] = leg
            options.append(StepOption(to=key, kind=leg.via, cost=leg.cost, blocked=blocked))
        return options

    def way(self, a_key: str, b_key: str, a: Spot, b: Spot) -> str | None:
        """Which way of moving could join two key points, if any (the leg planner then says
        whether it is legal)."""
        return way(self.view, self.points, a_key, b_key, a, b)


class _Legs(dict[tuple[str, str], Leg]):
    """A graph's legs by (from, to), each built when first read: the searches record the ways
    they find by their points, and the usable leg between two points is the same whenever it
    is built from one state."""

    def __init__(self, graph: TableGraph) -> None:
        super().__init__()
        self.graph = graph

    def __missing__(self, key: tuple[str, str]) -> Leg:
        leg = self.graph.leg(*key)
        if leg is None:
            raise KeyError(key)
        self[key] = leg
        return leg


class UncheckedGraph(TableGraph):
    """``TableGraph`` with only the legs that need no Agility Check: walks, ladders (not for an
    animal), jumps across of 1" or less. The searches answer with the cheapest way, which may be
    a risky Jump Down where a ladder beside it is dearer and safe (seed 004, Ladders: no Climb
    Check); this graph finds the safe way, so an answer can name it (``TableSearch.safer``).
    It shares the kept legs of the state with the other graphs: they are filtered, not planned
    otherwise."""

    def step(self, a_key: str, b_key: str) -> tuple[str, float] | None:
        found = super().step(a_key, b_key)
        if found is None or found[0] == "walk":
            return found
        return None if _checked(self.raw_leg(a_key, b_key)) else found

    def direct_cost(self, a_key: str, target: Spot) -> float | None:
        found = super().direct_cost(a_key, target)
        if found is None or not _checked(self.raw_join(a_key, target)):
            return found
        return None

    def straight(self, a_key: str, target: Spot) -> tuple[float, bool, tuple[Leg, ...]] | None:
        found = super().straight(a_key, target)
        return None if found is None or any(leg.checks for leg in found[2]) else found

    def over(self, a_key: str, target: Spot) -> tuple[float, bool, tuple[Leg, ...]] | None:
        found = super().over(a_key, target)
        return None if found is None or any(leg.checks for leg in found[2]) else found

    def usable(self, leg: Leg | None) -> Leg | None:
        found = super().usable(leg)
        return None if _checked(found) else found


def _checked(leg: Leg | None) -> bool:
    """Whether a leg needs an Agility Check (a climb, a jump down, a jump across over 1", an
    animal on a ladder)."""
    return leg is not None and bool(leg.checks)
