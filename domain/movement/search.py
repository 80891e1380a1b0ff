"""The reach search: costs and cheapest paths over a model's steps, bounded by the allowance
(Dial's queue, ``_dijkstra``), "why not" left for when first asked (``Reach``, ``_explain``);
``search_within`` and ``cheapest_ways`` for questions that need no ``Reach`` (legal moves).
Every step is judged by ``domain.movement.judging``: the search does no budget arithmetic.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from domain.movement.judging import StepJudge
from domain.movement.steps import NO_PATH, MovementModel, SharedSteps, StepOption, StepsFrom, steps_from
from domain.rules import RuleRef

INFINITY = math.inf


class Reach:
    """A unit's range of motion: each reachable location with its cost and a cheapest path.

    ``blocked`` keeps, for locations that are not reachable, the rules that stopped the steps
    that tried to enter them; ``too_far`` keeps those that need more than the allowance.

    A search answers the question it was asked, costs and paths, and nothing more: the rules
    that refused steps (``blocked``) and the stops that cut places off (``stopped_before``) are
    worked out when first read, from the same model, so a reach is read before the state it was
    asked of changes, or settled (``settle``) before that.
    """

    def __init__(
        self, unit: str, start: str, allowance: float, allowance_rule: RuleRef | None = None, bounded: bool = False
    ) -> None:
        self.unit = unit
        self.start = start
        self.allowance = allowance
        self.allowance_rule = allowance_rule
        self.bounded = bounded
        self.cost: dict[str, float] = {}
        self.previous: dict[str, str] = {}
        self._too_far: dict[str, float] = {}
        self.denied: RuleRef | None = None
        #: locations the unit may cross but not end in, with the rule
        self.pass_only: dict[str, RuleRef] = {}
        #: the search stopped at the allowance; asked about a location it never saw, the reach
        #: runs the unbounded search once (``unbounded``) to say what that location would need
        self.unbounded: Callable[[], Reach] | None = None
        self._blocked: dict[str, list[RuleRef]] | None = {}
        self._stopped_before: dict[str, RuleRef] | None = {}
        self._explain: Callable[[Reach], None] | None = None

    @property
    def blocked(self) -> dict[str, list[RuleRef]]:
        if self._blocked is None:
            self.settle()
        assert self._blocked is not None
        return self._blocked

    @blocked.setter
    def blocked(self, value: dict[str, list[RuleRef]]) -> None:
        self._blocked = value

    @property
    def too_far(self) -> dict[str, float]:
        """Locations that need more than the allowance, with what they would cost (those a stop
        cuts off are in ``stopped_before`` instead)."""
        self.settle()
        return self._too_far

    @property
    def stopped_before(self) -> dict[str, RuleRef]:
        """Locations cut off by a stop: the stop rule met first on the way there."""
        if self._stopped_before is None:
            self.settle()
        assert self._stopped_before is not None
        return self._stopped_before

    def settle(self) -> None:
        """Work out what the search left for later (see the class docstring)."""
        explain, self._explain = self._explain, None
        if explain is not None:
            explain(self)

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
        found: list[RuleRef] = []
        for refusal in self.blocked.get(location, ()):  # the same rule often refuses every way in
            if not any(refusal is known or refusal == known for known in found):
                found.append(refusal)
        if location in self.pass_only:
            found.append(self.pass_only[location])
        if location in self.stopped_before:
            found.append(self.stopped_before[location])
        if location in self.too_far:
            found.append(self._too_far_rule(self.too_far[location]))
        return found or [NO_PATH]

    def _too_far_rule(self, needed: float) -> RuleRef:
        """The allowance rule with what ``needed`` lacks. A location that costs no more than the
        allowance at the start is out of reach because the allowance is smaller where a step on
        the way starts (Sorcery's Movement +X lost in a Silence aura): said so, not "needs 2,
        has 8"."""
        base = self.allowance_rule or NO_PATH
        if needed <= self.allowance:
            detail = f"needs {needed}, more than the allowance where a step on the way starts (has {self.allowance} at the start)"
        else:
            detail = f"needs {needed}, has {self.allowance}"
        return base.model_copy(update={"message": f"{base.message}: {detail}"})

    def path_to(self, location: str) -> list[str] | None:
        """The cheapest path from the start, both ends included; None when unreachable."""
        if location not in self.cost:
            return None
        return walk_back(self.previous, self.start, location)


def walk_back(previous: dict[str, str], start: str, location: str) -> list[str]:
    """The path a search's ``previous`` links (each location's cheapest way in) lead along from
    ``start`` to ``location``, both ends included: every search keeps its ways so."""
    path = [location]
    while path[-1] != start:
        path.append(previous[path[-1]])
    path.reverse()
    return path


def search_reach(model: MovementModel, unit_id: str, start: str, bounded: bool = True) -> Reach:
    """Dijkstra over the model's step options; locations within the allowance are reachable.

    The search expands no location beyond the allowance: the ring just past it is kept with
    what it would cost (``too_far``), and a question about a location further away runs the
    unbounded search (``bounded=False``) once, on demand, to say what it would need. A location
    entered through a stopping step is reached but not expanded; for what lies beyond, a second
    pass that ignores stops finds the stop that cuts it off, when first asked. Ties resolve by
    the order the model lists its options, which keeps chosen paths deterministic.
    """
    allowance = model.allowance(unit_id)
    reach = Reach(unit_id, start, allowance, getattr(model, "allowance_rule", None), bounded)
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
    varying = _allowance_at(model, unit_id) is not None
    most = getattr(model, "max_allowance", None)
    bound = (most(unit_id) if varying and most is not None else None if varying else allowance) if bounded else None
    found = _searched(model, unit_id, start, allowance, bound)
    reach.previous = found.previous
    reach.pass_only = dict(found.pass_only)  # a kept search's own stays as it was found
    within = found.within
    if within is None:
        reach.cost = {location: cost for location, cost in found.cost.items() if cost <= allowance}
    else:
        reach.cost = {location: cost for location, cost in found.cost.items() if location in within}
    for location in found.pass_only:
        reach.cost.pop(location, None)
    reach.cost[start] = 0
    reach.pass_only.pop(start, None)
    reach._blocked = reach._stopped_before = None
    reach._explain = lambda r: _explain(model, unit_id, start, allowance, bound, found, r)
    return reach


def search_within(model: MovementModel, unit_id: str, start: str, bound: float) -> Found:
    """What the search finds when it expands no location costing more than ``bound``: the costs,
    the cheapest way to each and the pass-only locations, with no ``Reach`` made around them (no
    "why not" to answer later). For a ruleset's legal moves, which ask only where a move may end:
    when every step costs at least 1, the ring that costs the whole allowance leads only past it,
    so ``bound`` may be the allowance less 1 (GODSGLOOM, ``legal._within``). Kept by the model
    as ``search_reach``'s searches are."""
    return _searched(model, unit_id, start, model.allowance(unit_id), bound)


def _searched(model: MovementModel, unit_id: str, start: str, allowance: float, bound: float | None) -> Found:
    """The bounded search of ``search_reach``, or the one the model kept (``kept_search``)
    from an earlier state in which everything this search read was as it is now.

    A model may keep searches across states (GODSGLOOM: a unit's steps out of a hex read only
    the hexes around it, so a search none of whose expanded hexes is next to a hex a step
    changed finds what it found before). It is told the unit, what the search is asked (start,
    allowance, bound) and how to search; it answers with a search of this state. A kept
    search is only read: its ``expanded`` say which locations' steps it read."""
    def search() -> Found:
        return _dijkstra(model, unit_id, start, allowance, True, bound)

    keep: Callable[[str, tuple[str, float, float | None], Callable[[], Found]], Found] | None = getattr(
        model, "kept_search", None
    )
    if keep is None:
        return search()
    return keep(unit_id, (start, allowance, bound), search)


def _allowance_at(model: MovementModel, unit_id: str) -> Callable[[str, str], float] | None:
    """The model's allowance by where a step starts, when it has one and it is not the same
    everywhere for this unit (``allowance_varies``): otherwise every step is judged against the
    one allowance."""
    allowance_at: Callable[[str, str], float] | None = getattr(model, "allowance_at", None)
    varies = getattr(model, "allowance_varies", None)
    if allowance_at is not None and varies is not None and not varies(unit_id):
        return None
    return allowance_at


@dataclass
class Found:
    """What one Dijkstra pass found: costs, a cheapest way to each, the stops met, and the
    locations it expanded in the order it expanded them (to say later which steps it refused)."""

    cost: dict[str, float]
    previous: dict[str, str]
    stops: dict[str, RuleRef]
    within: set[str] | None
    pass_only: dict[str, RuleRef]
    expanded: list[str]
    steps: StepsFrom


def _explain(model: MovementModel, unit_id: str, start: str, allowance: float, bound: float | None, found: Found, reach: Reach) -> None:
    """The rules that refused steps out of each expanded location, and what each stop cut off:
    the two things a range-of-motion answer needs only when someone asks why not."""
    judge = StepJudge.of(model)
    reach._too_far = {
        location: cost for location, cost in found.cost.items() if location not in reach.cost and location not in found.pass_only
    }
    blocked: dict[str, list[RuleRef]] = {}
    refusal, steps = judge.refusal, found.steps
    for here in found.expanded:
        for option in steps.blocked(here):  # the only steps it refuses whatever was spent
            refused = refusal(option)
            if refused is not None:
                blocked.setdefault(option.to, []).append(refused)
    for location in list(blocked):
        if location in reach.cost:
            del blocked[location]
    stopped: dict[str, RuleRef] = {}
    if found.stops:
        free = _dijkstra(model, unit_id, start, allowance, False, bound)
        for location, cost in free.cost.items():
            if location in reach.cost or cost > allowance:
                continue
            node: str | None = location
            while node is not None and node != start:
                # a location reached only past a smaller allowance met on the way (Movement +X
                # lost in a Silence aura) has no way kept within the allowances: no stop cut it off
                node = free.previous.get(node)
                if node in found.stops:
                    # kept beside what the way round would need (``too_far``): each way is told
                    stopped[location] = found.stops[node]
                    break
    reach._blocked, reach._stopped_before = blocked, stopped


def _dijkstra(
    model: MovementModel, unit_id: str, start: str, allowance: float, honour_stops: bool, bound: float | None,
) -> Found:
    """Cheapest costs from ``start``, expanding nothing that costs more than ``bound`` (None: no
    bound). A model whose allowance depends on where the unit is (``allowance_at``: Sorcery's
    Movement +X, lost inside a Silence aura) has each step judged against the allowance where it
    starts; ``within`` are the locations reached by steps each within its allowance (for other
    models, every location that costs no more than the allowance, and ``within`` is left None).

    Where a first step may be guaranteed (``StepJudge.guarantee``), the steps out of the start
    are judged one by one (``StepJudge.judge``); every other step that is not blocked is relaxed
    against the judge's limit (``StepJudge.limit``), which is all the judge asks of such a step.
    Refused steps are not recorded here: ``_explain`` asks the judge about them when someone
    wants to know why. The step that last made a location cheaper is kept (``via``): whether it
    stops the move there or only lets the unit pass is read from it.

    Locations wait in buckets by cost, expanded cheapest first and, within a cost, in the order
    they were reached (Dial's queue: few distinct costs, no heap of every location); the order
    makes ties, and so the paths chosen, deterministic."""
    judge = StepJudge.of(model)
    allowance_at = _allowance_at(model, unit_id)
    varying = allowance_at is not None
    steps = steps_from(model, unit_id)
    cost_of: dict[str, float] = {start: 0}
    previous: dict[str, str] = {}
    via: dict[str, StepOption] = {}
    marked: list[str] = []  # locations entered by a step that stops or only lets the unit pass
    within: set[str] = {start}
    expanded: list[str] = []
    waiting: dict[float, list[str]] = {}
    costs: list[float] = []  # the costs that have a bucket, as a heap
    # with one allowance, a step past it is never expanded: it is kept for "why not" only
    beyond = math.inf if varying or bound is None else bound
    via[start] = StepOption(start, "start")
    if judge.guarantee is None:  # the start's steps are judged like any other's
        waiting[0], costs = [start], [0]
    else:
        expanded.append(start)
        first_allowance = allowance_at(unit_id, start) if varying else allowance  # type: ignore[misc]  # varying: not None
        _first_steps(
            judge, steps[start], start, first_allowance, beyond, cost_of, previous, via, marked, within, waiting, costs
        )
    if allowance_at is not None:
        _relax_varying(
            judge, allowance_at, unit_id, steps, cost_of, previous, via, marked, within, expanded, waiting, costs, bound,
            honour_stops,
        )
    else:
        _relax_fixed(
            steps, cost_of, previous, via, marked, expanded, waiting, costs, judge.limit(allowance), beyond, bound,
            honour_stops,
        )
    stops: dict[str, RuleRef] = {}
    pass_only: dict[str, RuleRef] = {}
    for location in marked:
        option = via[location]
        if option.pass_only is not None:
            pass_only[location] = option.pass_only
        elif option.stops is not None:
            stops[location] = option.stops
    return Found(cost_of, previous, stops, within if varying else None, pass_only, expanded, steps)


def cheapest_ways(
    steps: StepsFrom, judge: StepJudge, start: str, allowance: float, bound: float | None,
) -> tuple[dict[str, float], dict[str, str], dict[str, StepOption]]:
    """``_dijkstra`` for one allowance everywhere, honouring stops, with nothing kept for "why
    not" (no ``Found``, no ``Reach``): each location's cost, the cheapest way into it within the
    allowance (``previous``) and the step that last made it cheaper (``via``: whether it stops
    the move or only passes). The same first steps and the same loop (``_first_steps``,
    ``_relax_fixed``), for a ruleset that reads its steps itself and asks only where a move may
    end (GODSGLOOM's small mats: ``GloomMovement.ends_within``)."""
    cost_of: dict[str, float] = {start: 0}
    previous: dict[str, str] = {}
    via: dict[str, StepOption] = {start: StepOption(start, "start")}
    marked: list[str] = []
    expanded: list[str] = []
    waiting: dict[float, list[str]] = {}
    costs: list[float] = []
    beyond = math.inf if bound is None else bound
    if judge.guarantee is None:
        waiting[0], costs = [start], [0]
    else:
        expanded.append(start)
        _first_steps(judge, steps[start], start, allowance, beyond, cost_of, previous, via, marked, set(), waiting, costs)
    _relax_fixed(steps, cost_of, previous, via, marked, expanded, waiting, costs, judge.limit(allowance), beyond, bound, True)
    return cost_of, previous, via


def _relax_varying(
    judge: StepJudge, allowance_at: Callable[[str, str], float], unit_id: str, steps: StepsFrom,
    cost_of: dict[str, float], previous: dict[str, str], via: dict[str, StepOption], marked: list[str], within: set[str],
    expanded: list[str], waiting: dict[float, list[str]], costs: list[float], bound: float | None, honour_stops: bool,
) -> None:
    """``_dijkstra``'s loop for a model whose allowance depends on where a step starts: each
    location's steps are judged against its own allowance, and a location is ``within`` only
    when a way inside every allowance on it reaches it (an equally cheap way that is within
    one is taken, and looked on from again)."""
    pop = heapq.heappop
    while costs:
        cost = pop(costs)
        if bound is not None and cost > bound:
            break  # every location left costs more than the allowance: the question is answered
        for here in waiting.pop(cost):
            if cost > cost_of[here]:
                continue  # reached more cheaply since
            if honour_stops:
                entered = via[here]
                if entered.stops is not None and entered.pass_only is None:
                    continue  # the move ends on entering: nothing beyond through here
            expanded.append(here)
            limit = judge.limit(allowance_at(unit_id, here))
            ok_here = here in within
            for option in steps[here]:
                to, _, step_cost, blocked, stopping, passing = option
                if blocked is not None:
                    continue
                new_cost = cost + step_cost
                known = cost_of.get(to, INFINITY)
                if new_cost < known:
                    cost_of[to] = new_cost
                    via[to] = option
                    if stopping is not None or passing is not None:
                        marked.append(to)
                    if new_cost <= limit and ok_here:  # the first ring past the allowance is kept for "why not"
                        previous[to] = here
                        within.add(to)
                    else:
                        within.discard(to)
                    _wait(waiting, costs, new_cost, to)
                elif ok_here and new_cost == known and new_cost <= limit and to not in within:
                    # as cheap, and this way within the allowance: take it, and look on from there again
                    within.add(to)
                    previous[to] = here
                    _wait(waiting, costs, new_cost, to)


def _relax_fixed(
    steps: StepsFrom, cost_of: dict[str, float], previous: dict[str, str], via: dict[str, StepOption], marked: list[str],
    expanded: list[str], waiting: dict[float, list[str]], costs: list[float], limit: float, beyond: float,
    bound: float | None, honour_stops: bool,
) -> None:
    """``_dijkstra``'s loop for a model with one allowance everywhere (no ``allowance_at``):
    the same buckets, the same order and the same updates, without the per-step questions
    that only a varying allowance asks (most searches of every grid ruleset are these)."""
    pop, push, get = heapq.heappop, heapq.heappush, cost_of.get
    infinity = INFINITY
    groups: set[int] = set()  # the groups whose shared ways were relaxed (``SharedSteps``)
    while costs:
        cost = pop(costs)
        if bound is not None and cost > bound:
            break  # every location left costs more than the allowance: the question is answered
        for here in waiting.pop(cost):
            if cost > cost_of[here]:
                continue  # reached more cheaply since
            if honour_stops:
                entered = via[here]
                if entered.stops is not None and entered.pass_only is None:
                    continue  # the move ends on entering: nothing beyond through here
            expanded.append(here)
            options = steps[here]
            if type(options) is SharedSteps:  # a later member's shared ways change nothing
                if id(options.group) in groups:
                    options = options.own
                else:
                    groups.add(id(options.group))
            for option in options:
                to, _, step_cost, blocked, stopping, passing = option
                if blocked is not None:
                    continue
                new_cost = cost + step_cost
                if new_cost < get(to, infinity):
                    cost_of[to] = new_cost
                    via[to] = option
                    if stopping is not None or passing is not None:
                        marked.append(to)
                    if new_cost <= limit:  # the first ring past the allowance is kept for "why not"
                        previous[to] = here
                    if new_cost <= beyond:
                        bucket = waiting.get(new_cost)
                        if bucket is None:
                            waiting[new_cost] = [to]
                            push(costs, new_cost)
                        else:
                            bucket.append(to)


def _wait(waiting: dict[float, list[str]], costs: list[float], cost: float, location: str) -> None:
    """Put ``location`` in the bucket of its cost, after those already there."""
    bucket = waiting.get(cost)
    if bucket is None:
        waiting[cost] = [location]
        heapq.heappush(costs, cost)
    else:
        bucket.append(location)


def _first_steps(
    judge: StepJudge, options: Sequence[StepOption], start: str, allowance: float, beyond: float,
    cost_of: dict[str, float], previous: dict[str, str], via: dict[str, StepOption], marked: list[str],
    within: set[str], waiting: dict[float, list[str]], costs: list[float],
) -> None:
    """The steps out of the start, each judged by the judge, where a first step may be
    guaranteed whatever it costs (it then uses the whole allowance: GODSGLOOM §8.3)."""
    for option in options:
        verdict = judge.judge(option, 0, allowance, True)
        if verdict.refusal is not None and not verdict.over_allowance:
            continue
        to, new_cost = option.to, verdict.spent
        if new_cost < cost_of.get(to, INFINITY):
            cost_of[to] = new_cost
            via[to] = option
            if option.stops is not None or option.pass_only is not None:
                marked.append(to)
            if not verdict.over_allowance:
                previous[to] = start
                within.add(to)
            if new_cost <= beyond:
                _wait(waiting, costs, new_cost, to)
