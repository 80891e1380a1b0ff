"""The movement engine shared by every ruleset: step options and the reach search.

A ruleset describes movement as a ``MovementModel``: from a location, which steps a unit could
take, what each costs, and which rule blocks it. The aggregate uses the model to decide each
declared step as it is about to happen; the lookahead runs ``search_reach`` over the same model
to answer range-of-motion questions. Movement logic is therefore written once, per ruleset, in
the model (DESIGN.md, principle 1).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from domain.rules import RuleRef

NO_PATH = RuleRef(ruleset="engine", source="range of motion", message="no path of legal steps leads there")


@dataclass(frozen=True, slots=True)
class StepOption:
    """One step a unit could take from a location.

    ``cost`` is what the step uses of the allowance (0 for a free step). ``blocked`` is the rule
    that forbids the step, if any; a blocked option is still listed so that "why not" can name
    the rule. ``stops`` is a rule that ends the move on entering (the step itself is legal).
    ``pass_only`` is a rule that lets the unit move through the location but never end there
    (an occupied hex it may cross).
    """

    to: str
    kind: str
    cost: float = 1
    blocked: RuleRef | None = None
    stops: RuleRef | None = None
    pass_only: RuleRef | None = None


class MovementModel(Protocol):
    """What a ruleset tells the engine about one unit's movement in one game state."""

    def no_movement(self, unit_id: str) -> RuleRef | None:
        """The rule that denies this unit any range of motion at all (e.g. Disabled), if any."""

    def allowance(self, unit_id: str) -> float:
        """How much of the step budget the unit's basic move has (steps, MP or inches)."""

    def step_options(self, unit_id: str, frm: str) -> Sequence[StepOption]:
        """Every step geometry allows from ``frm``, with its cost and any rule blocking it."""


# A model may also define, and the search reads them with getattr:
#   allowance_rule: RuleRef        the rule named when a location needs more than the allowance
#   first_step_guarantee: RuleRef  a first step is always allowed, whatever it costs (it then
#                                  uses the whole allowance): GODSGLOOM's Minimum Move Guarantee


@dataclass
class Reach:
    """A unit's range of motion: each reachable location with its cost and a cheapest path.

    ``blocked`` keeps, for locations that are not reachable, the rules that stopped the steps
    that tried to enter them; ``too_far`` keeps those that need more than the allowance.
    """

    unit: str
    start: str
    allowance: float
    cost: dict[str, float] = field(default_factory=dict)
    previous: dict[str, str] = field(default_factory=dict)
    blocked: dict[str, list[RuleRef]] = field(default_factory=dict)
    too_far: dict[str, float] = field(default_factory=dict)
    denied: RuleRef | None = None
    allowance_rule: RuleRef | None = None
    #: locations the unit may cross but not end in, with the rule
    pass_only: dict[str, RuleRef] = field(default_factory=dict)
    #: locations cut off by a stop: the stop rule met first on the way there
    stopped_before: dict[str, RuleRef] = field(default_factory=dict)
    #: the search stopped at the allowance; asked about a location it never saw, the reach
    #: runs the unbounded search once (``unbounded``) to say what that location would need
    bounded: bool = False
    unbounded: Callable[[], Reach] | None = field(default=None, repr=False, compare=False)

    def seen(self, location: str) -> bool:
        return any(location in d for d in (self.cost, self.blocked, self.too_far, self.pass_only, self.stopped_before))

    def __contains__(self, location: object) -> bool:
        return location in self.cost

    @property
    def locations(self) -> list[str]:
        return list(self.cost)

    def why_not(self, location: str) -> list[RuleRef]:
        """The rules that keep ``location`` out of reach; empty when it is reachable."""
        if location in self.cost:
            return []
        if self.denied is not None:
            return [self.denied]
        if self.bounded and self.unbounded is not None and not self.seen(location):
            return self.unbounded().why_not(location)
        found: list[RuleRef] = list(dict.fromkeys(self.blocked.get(location, [])))
        if location in self.pass_only:
            found.append(self.pass_only[location])
        if location in self.stopped_before:
            found.append(self.stopped_before[location])
        if location in self.too_far:
            base = self.allowance_rule or NO_PATH
            found.append(
                base.model_copy(
                    update={"message": f"{base.message}: needs {self.too_far[location]}, has {self.allowance}"}
                )
            )
        return found or [NO_PATH]

    def path_to(self, location: str) -> list[str] | None:
        """The cheapest path from the start, both ends included; None when unreachable."""
        if location not in self.cost:
            return None
        path = [location]
        while path[-1] != self.start:
            path.append(self.previous[path[-1]])
        return path[::-1]


def search_reach(model: MovementModel, unit_id: str, start: str, bounded: bool = True) -> Reach:
    """Dijkstra over the model's step options; locations within the allowance are reachable.

    The search expands no location beyond the allowance: the ring just past it is kept with
    what it would cost (``too_far``), and a question about a location further away runs the
    unbounded search (``bounded=False``) once, on demand, to say what it would need. A location
    entered through a stopping step is reached but not expanded; a second pass that ignores
    stops finds, for what lies beyond, the stop that cuts it off. Ties resolve by the order the
    model lists its options, which keeps chosen paths deterministic.
    """
    allowance = model.allowance(unit_id)
    reach = Reach(
        unit=unit_id, start=start, allowance=allowance, allowance_rule=getattr(model, "allowance_rule", None),
        bounded=bounded,
    )
    reach.denied = model.no_movement(unit_id)
    if reach.denied is not None:
        return reach  # no range of motion at all, not even where it stands
    if bounded:
        cache: list[Reach] = []

        def unbounded() -> Reach:
            if not cache:
                cache.append(search_reach(model, unit_id, start, bounded=False))
            return cache[0]

        reach.unbounded = unbounded
    # a model whose allowance depends on where the unit is says the most it can be anywhere
    # (``max_allowance``); without that it is searched whole
    varying = getattr(model, "allowance_at", None) is not None
    most = getattr(model, "max_allowance", None)
    bound = (most(unit_id) if varying and most is not None else None if varying else allowance) if bounded else None
    cost_of, previous, stop_rules, within = _dijkstra(model, unit_id, start, allowance, reach, True, bound)
    reach.previous = previous
    live = getattr(model, "allowance_at", None) is not None
    for location, cost in cost_of.items():
        if location in reach.pass_only:
            continue
        if (location in within) if live else cost <= allowance:
            reach.cost[location] = cost
        else:
            reach.too_far[location] = cost
    reach.cost[start] = 0
    reach.pass_only.pop(start, None)
    for location in list(reach.blocked):
        if location in reach.cost:
            del reach.blocked[location]
    if stop_rules:
        free_cost, free_previous, _, _ = _dijkstra(model, unit_id, start, allowance, None, False, bound)
        for location, cost in free_cost.items():
            if location in reach.cost or cost > allowance:
                continue
            node = location
            while node != start:
                node = free_previous[node]
                if node in stop_rules:
                    reach.stopped_before[location] = stop_rules[node]
                    reach.too_far.pop(location, None)
                    break
    return reach


def _dijkstra(
    model: MovementModel, unit_id: str, start: str, allowance: float, reach: Reach | None, honour_stops: bool,
    bound: float | None,
) -> tuple[dict[str, float], dict[str, str], dict[str, RuleRef], set[str]]:
    """Cheapest costs from ``start``, expanding nothing that costs more than ``bound`` (None: no
    bound). A model whose allowance depends on where the unit is (``allowance_at``: Sorcery's
    Movement +X, lost inside a Silence aura) has each step judged against the allowance where it
    starts; ``within`` are the locations reached by steps each within its allowance (for other
    models: within the one allowance)."""
    allowance_at = getattr(model, "allowance_at", None)
    cost_of: dict[str, float] = {start: 0}
    previous: dict[str, str] = {}
    stop_rules: dict[str, RuleRef] = {}
    within: set[str] = {start}
    counter = 0
    frontier: list[tuple[float, int, str]] = [(0, counter, start)]
    while frontier:
        cost, _, here = heapq.heappop(frontier)
        if cost > cost_of.get(here, cost) or (honour_stops and here in stop_rules):
            continue
        if bound is not None and cost > bound:
            break  # every location left costs more than the allowance: the question is answered
        limit = allowance_at(unit_id, here) if allowance_at is not None else allowance
        for option in model.step_options(unit_id, here):
            verdict = judge_option(model, option, cost, limit, here == start)
            if verdict.refusal is not None and not verdict.over_allowance:
                if reach is not None:
                    reach.blocked.setdefault(option.to, []).append(verdict.refusal)
                continue
            # the first ring past the allowance is kept, so that "why not" can say what it needs
            new_cost = verdict.spent
            ok = here in within and not verdict.over_allowance
            if new_cost < cost_of.get(option.to, new_cost + 1):
                cost_of[option.to] = new_cost
                if ok if allowance_at is not None else new_cost <= allowance:
                    previous[option.to] = here
                if ok:
                    within.add(option.to)
                else:
                    within.discard(option.to)
                if option.stops is not None and option.pass_only is None:
                    stop_rules[option.to] = option.stops
                else:
                    stop_rules.pop(option.to, None)
                if reach is not None:
                    if option.pass_only is not None:
                        reach.pass_only[option.to] = option.pass_only
                    else:
                        reach.pass_only.pop(option.to, None)
                counter += 1
                heapq.heappush(frontier, (new_cost, counter, option.to))
            elif allowance_at is not None and ok and new_cost == cost_of[option.to] and option.to not in within:
                # as cheap, and this way within the allowance: take it, and look on from there again
                within.add(option.to)
                previous[option.to] = here
                counter += 1
                heapq.heappush(frontier, (new_cost, counter, option.to))
    return cost_of, previous, stop_rules, within


@dataclass(frozen=True, slots=True)
class Judgement:
    """The step judge's verdict on one step: the option it takes (None when no step leads
    there), what the move has spent once it is taken, and the rule that refuses it, if any.
    ``over_allowance`` marks a refusal by the allowance alone (the step itself is legal)."""

    option: StepOption | None
    spent: float
    refusal: RuleRef | None = None
    over_allowance: bool = False

    @property
    def ok(self) -> bool:
        return self.option is not None and self.refusal is None


def judge_option(model: MovementModel, option: StepOption, spent: float, allowance: float | None, first: bool) -> Judgement:
    """The one judge of a step's legality and cost, given what the move has spent so far.

    The lookahead's search, declared paths resolving on the storyline and forced movement all
    call it, so no ruleset does budget arithmetic of its own: a blocked option is refused by its
    rule; a step that would spend more than the allowance is refused by the model's allowance
    rule, except a first step under a first-step guarantee (it is always allowed, and uses the
    whole allowance: GODSGLOOM §8.3). ``allowance`` None means no cap ("moves to" effects).
    """
    if option.blocked is not None:
        return Judgement(option, spent, option.blocked)
    total = spent + option.cost
    if allowance is not None and total > allowance + getattr(model, "tolerance", 0.0):
        if first and getattr(model, "first_step_guarantee", None) is not None:
            return Judgement(option, allowance)
        rule = getattr(model, "allowance_rule", None) or NO_PATH
        return Judgement(option, total, rule, over_allowance=True)
    return Judgement(option, total)


def find_option(model: MovementModel, unit_id: str, frm: str, to: str, kind: str | None = None) -> StepOption | None:
    """The step from ``frm`` to ``to`` (of the declared ``kind`` when given), if geometry has one.
    A model on continuous space plans that one step directly (``step_option``)."""
    direct = getattr(model, "step_option", None)
    if direct is not None:
        return direct(unit_id, frm, to, kind)  # type: ignore[no-any-return]
    return next((o for o in model.step_options(unit_id, frm) if o.to == to and (kind is None or o.kind == kind)), None)


def judge_step(
    model: MovementModel, unit_id: str, frm: str, to: str, spent: float, allowance: float | None, first: bool,
    kind: str | None = None,
) -> Judgement:
    option = find_option(model, unit_id, frm, to, kind)
    if option is None:
        return Judgement(None, spent)
    return judge_option(model, option, spent, allowance, first)


@dataclass
class PathWalk:
    """A declared path followed over a model: the steps it takes, the stop that ends it early,
    or the first step it can't take (its 1-based number and the rule)."""

    taken: list[tuple[str, str, StepOption]] = field(default_factory=list)
    spent: float = 0
    stop: RuleRef | None = None
    refused_at: int | None = None
    refusal: RuleRef | None = None
    detail: str = ""
    #: when the allowance refused a step: what the path needed up to it
    needed: float | None = None

    @property
    def end(self) -> StepOption | None:
        return self.taken[-1][2] if self.taken else None


def walk_path(
    model: MovementModel, unit_id: str, start: str, steps: Sequence[str], kinds: Sequence[str | None] | None = None,
    until: Callable[[StepOption], bool] | None = None,
) -> PathWalk:
    """Follow ``steps`` from ``start`` with the step judge: each step must be a legal option
    within the allowance, a stopping step ends the walk, and a walk may not end on a pass-only
    location. ``until`` ends the walk, unchecked from there on, before the first step it
    accepts (a skirmish Jump Across is measured only when it is made)."""
    walk = PathWalk()
    allowance = model.allowance(unit_id)
    here = start
    for number, to in enumerate(steps, start=1):
        kind = kinds[number - 1] if kinds is not None else None
        option = find_option(model, unit_id, here, to, kind)
        if option is not None and until is not None and until(option):
            return walk
        verdict = judge_step(model, unit_id, here, to, walk.spent, allowance, number == 1, kind)
        if verdict.option is None or (verdict.refusal is not None and not verdict.over_allowance):
            walk.refused_at, walk.refusal = number, verdict.refusal
            walk.detail = f"{here} -> {to}"
            return walk
        if verdict.over_allowance:
            walk.refused_at, walk.needed, walk.refusal = number, verdict.spent, verdict.refusal
            walk.detail = f"needs {walk.needed:g} to reach {to}, has {allowance:g}"
            return walk
        walk.spent = verdict.spent
        walk.taken.append((here, to, verdict.option))
        here = to
        if verdict.option.stops is not None and verdict.option.pass_only is None:
            walk.stop = verdict.option.stops
            break
    end = walk.end
    if end is not None and end.pass_only is not None:
        walk.refused_at, walk.refusal, walk.detail = len(walk.taken), end.pass_only, f"it would end at {here}"
    return walk


def shortest_path(model: MovementModel, unit_id: str, start: str, goal: str) -> list[str] | None:
    """Fewest steps from ``start`` to ``goal`` through unblocked steps, with no allowance cap.

    Used for effects that move a unit "to" something without a declared path. Ties go to the
    path met first, and the model lists options in a stable order.
    """
    if start == goal:
        return [start]
    previous: dict[str, str] = {start: start}
    layer = [start]
    while layer:
        next_layer: list[str] = []
        for here in layer:
            for option in model.step_options(unit_id, here):
                if option.to in previous or not judge_option(model, option, 0, None, False).ok:
                    continue
                previous[option.to] = here
                if option.to == goal:
                    path = [goal]
                    while path[-1] != start:
                        path.append(previous[path[-1]])
                    return path[::-1]
                if option.stops is None:
                    next_layer.append(option.to)
        layer = next_layer
    return None


@dataclass
class RangeOfMotion:
    """A unit's range of motion as users see it: locations written as in scenario files.

    Grid rulesets fill it from a ``Reach``; a ruleset on continuous space subclasses it and
    answers ``__contains__``, ``path_to`` and ``why_not`` for any point it is asked about.
    ``extra`` adds ruleset-specific fields to the JSON answer (areas, checks, chances).
    """

    unit: str
    start: str
    reachable: list[str]
    paths: dict[str, list[str]]
    costs: dict[str, float]
    allowance: float
    reasons: dict[str, list[RuleRef]] = field(default_factory=dict)
    denied: RuleRef | None = None
    extra: dict[str, object] = field(default_factory=dict)
    #: why a location the (bounded) search never saw is out of range, worked out on demand
    fallback: Callable[[str], list[RuleRef]] | None = field(default=None, repr=False, compare=False)

    def __contains__(self, location: object) -> bool:
        return location in self.paths

    def path_to(self, location: str) -> list[str] | None:
        return self.paths.get(location)

    def why_not(self, location: str) -> list[RuleRef]:
        """The rules that keep ``location`` out of range; empty when it is reachable."""
        if location in self.paths:
            return []
        if self.denied is not None:
            return [self.denied]
        if location not in self.reasons and self.fallback is not None:
            return self.fallback(location)
        return self.reasons.get(location) or [NO_PATH]

    def details(self, location: str) -> list[str]:
        """Extra lines about the way to a reachable location (the checks it needs, say)."""
        return []

    def as_json(self) -> dict[str, object]:
        return {"unit": self.unit, "reachable": self.reachable, "paths": self.paths, **self.extra}


def _memo(label: Callable[[str], str]) -> Callable[[str], str]:
    """A labeler that works each location out once (paths repeat their early steps)."""
    known: dict[str, str] = {}

    def cached(location: str) -> str:
        found = known.get(location)
        if found is None:
            found = known[location] = label(location)
        return found

    return cached


def range_from_reach(reach: Reach, label: Callable[[str], str], order: Callable[[str], Any] = str) -> RangeOfMotion:
    """A grid ruleset's answer: every reachable location with its cheapest path, and the reasons
    for the locations the search tried and could not reach."""
    label = _memo(label)
    paths = {label(loc): [label(step) for step in reach.path_to(loc) or []] for loc in sorted(reach.cost, key=order)}
    candidates = set(reach.blocked) | set(reach.too_far) | set(reach.pass_only) | set(reach.stopped_before)
    answer = RangeOfMotion(
        unit=reach.unit,
        start=label(reach.start) if reach.start else "nowhere",
        reachable=list(paths),
        paths=paths,
        costs={label(loc): cost for loc, cost in reach.cost.items()},
        allowance=reach.allowance,
        reasons={label(loc): reach.why_not(loc) for loc in candidates},
        denied=reach.denied,
    )
    if reach.bounded and reach.unbounded is not None:
        unbounded = reach.unbounded
        full: list[RangeOfMotion] = []

        def fallback(location: str) -> list[RuleRef]:
            if not full:
                full.append(range_from_reach(unbounded(), label, order))
            return full[0].reasons.get(location) or [NO_PATH]

        answer.fallback = fallback
    return answer
