"""The movement engine shared by every ruleset: step options and the reach search.

A ruleset describes movement as a ``MovementModel``: from a location, which steps a unit could
take, what each costs, and which rule blocks it. The aggregate uses the model to decide each
declared step as it is about to happen; the lookahead runs ``search_reach`` over the same model
to answer range-of-motion questions. Movement logic is therefore written once, per ruleset, in
the model (DESIGN.md, principle 1).
"""

from __future__ import annotations

import functools
import heapq
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from domain.cached import cached_property
from domain.rules import RuleRef

INFINITY = math.inf
NO_PATH = RuleRef(ruleset="engine", source="range of motion", message="no path of legal steps leads there")


class StepOption(NamedTuple):
    """One step a unit could take from a location (a named tuple: searches build and read
    many, and a tuple is built and read in C).

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
#   tolerance: float               how far over the allowance a move may still be (rounding)
#   kept_search(unit, asked, search)  a bounded search kept from an earlier state where nothing
#                                  it read has changed (``_searched``), else ``search()``
# The first three are fixed when the model is made: its judge is made once and kept on it
# (``StepJudge.of``).


class StepGroup:
    """A group of locations each of which reaches every other by the same step (Tiny Epic
    Tactics' portals, seed 003: every portal is one step from every other): ``ways`` holds the
    one way into each member, in the group's order, whatever member it is taken from. Kept once
    per board (or per unit and state, once judged), so that P members cost P steps, not P*P.
    A way is a ``StepOption`` or any tuple whose first item is where it leads (the legal moves'
    (location, cost) pairs)."""

    __slots__ = ("ways", "_blocked")

    def __init__(self, ways: tuple[Any, ...]) -> None:
        self.ways = ways
        self._blocked: list[Any] | None = None

    def blocked(self) -> list[Any]:
        """The ways a rule blocks (``StepsFrom.blocked``), worked out once."""
        if self._blocked is None:
            self._blocked = [way for way in self.ways if way.blocked is not None]
        return self._blocked


class SharedSteps(Sequence[Any]):
    """The steps out of a member of a ``StepGroup``: its own steps (``own``), then the group's
    way into every other member that its own steps do not already lead to (``skip``: itself and
    the ends of its own steps), in the group's order: the very list a ruleset would write out in
    full, held as the member's few steps and the group shared by all.

    A cheapest-cost search need relax the group's ways from the first member it expands only
    (``_relax_fixed``, and Tiny Epic Tactics' legal moves' search): every member's way into a
    member costs the same and is blocked the same (it depends on where it leads alone), a
    member's own step into a member never costs more than the group's way, and members are
    expanded cheapest first, so a later member's ways are never strictly cheaper than the first
    one's and change nothing (no cost, no way in, no bucket). Read whole, it is the full list."""

    __slots__ = ("own", "group", "skip")

    def __init__(self, own: tuple[Any, ...], group: StepGroup, skip: frozenset[str]) -> None:
        self.own = own
        self.group = group
        self.skip = skip

    def __iter__(self) -> Any:
        yield from self.own
        skip = self.skip
        for way in self.group.ways:
            if way[0] not in skip:
                yield way

    def __len__(self) -> int:
        return len(self.own) + len(self.group.ways) - sum(1 for way in self.group.ways if way[0] in self.skip)

    def __getitem__(self, index: Any) -> Any:
        return tuple(self)[index]  # for a test's random choice: searches iterate

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # compared as a list

    def blocked(self) -> list[Any]:
        """The steps a rule blocks, in this list's order, without reading the group's others."""
        skip = self.skip
        return [way for way in self.own if way.blocked is not None] + [
            way for way in self.group.blocked() if way[0] not in skip
        ]

    def __repr__(self) -> str:
        return f"SharedSteps(own={self.own!r}, {len(self.group.ways)} shared)"


class StepsFrom(dict[str, Sequence[StepOption]]):
    """The steps out of each location for one unit, each location asked of the model once: a
    search reads it for every location it expands, and explaining a refusal reads it again.
    Read as a dict (``steps[location]``), so a location already asked costs one look-up."""

    def __init__(self, ask: Callable[[str], Sequence[StepOption]]) -> None:
        super().__init__()
        self._ask = ask

    def __missing__(self, location: str) -> Sequence[StepOption]:
        found = self[location] = self._ask(location)
        return found

    def blocked(self, location: str) -> list[StepOption]:
        """The steps out of ``location`` that are blocked whatever the move has spent (what
        explaining "why not" looks at), kept with the steps."""
        known: dict[str, list[StepOption]] = self.__dict__.setdefault("_blocked", {})
        found = known.get(location)
        if found is None:
            options = self[location]
            found = known[location] = (
                options.blocked() if type(options) is SharedSteps else [o for o in options if o.blocked is not None]
            )
        return found


def steps_from(model: MovementModel, unit_id: str) -> StepsFrom:
    """The unit's steps under ``model``: the model's own (``steps_from``, kept as long as its
    state lasts) when it has them, else asked of ``step_options`` for this search."""
    own = getattr(model, "steps_from", None)
    if own is not None:
        return own(unit_id)
    return StepsFrom(functools.partial(model.step_options, unit_id))


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


class Judgement(NamedTuple):
    """The step judge's verdict on one step: the option it takes (None when no step leads
    there), what the move has spent once it is taken, and the rule that refuses it, if any.
    ``over_allowance`` marks a refusal by the allowance alone (the step itself is legal).
    Immutable as ``StepOption`` is, and made as cheaply: one is made for every step judged,
    in a game and again in its verification (a frozen dataclass sets each field through
    ``object.__setattr__``, twice the time)."""

    option: StepOption | None
    spent: float
    refusal: RuleRef | None = None
    over_allowance: bool = False

    @property
    def ok(self) -> bool:
        return self.option is not None and self.refusal is None


@dataclass(frozen=True, slots=True)
class StepJudge:
    """The one judge of a step's legality and cost, given what the move has spent so far.

    The lookahead's search, declared paths resolving on the storyline and forced movement all
    call it, so no ruleset does budget arithmetic of its own: a blocked option is refused by its
    rule; a step that would spend more than the allowance is refused by the model's allowance
    rule, except a first step under a first-step guarantee (it is always allowed, and uses the
    whole allowance: GODSGLOOM §8.3). An allowance of None means no cap ("moves to" effects).
    A search asks the judge about the steps out of its start, where a guarantee may apply, and
    relaxes every later step against ``limit``: a step that is not blocked is within the
    allowance exactly when what the move has spent with it is no more than the limit.
    """

    tolerance: float = 0.0
    guarantee: RuleRef | None = None
    rule: RuleRef = NO_PATH

    @staticmethod
    def of(model: object) -> StepJudge:
        """The model's judge, made once per model and kept on it: a model's tolerance,
        first-step guarantee and allowance rule are fixed when it is made (``MovementModel``),
        and every step judged and every search asks for its judge."""
        kept = getattr(model, "__dict__", None)
        if kept is not None:
            found: StepJudge | None = kept.get("_step_judge")
            if found is None:
                found = kept["_step_judge"] = StepJudge._made(model)
            return found
        return StepJudge._made(model)

    @staticmethod
    def _made(model: object) -> StepJudge:
        return StepJudge(
            getattr(model, "tolerance", 0.0), getattr(model, "first_step_guarantee", None),
            getattr(model, "allowance_rule", None) or NO_PATH,
        )

    def limit(self, allowance: float | None) -> float:
        """The most a move may have spent after a step, for an allowance (None: no cap)."""
        return math.inf if allowance is None else allowance + self.tolerance

    @staticmethod
    def refusal(option: StepOption) -> RuleRef | None:
        """The rule refusing a step whatever the move has spent: the one blocking it."""
        return option.blocked

    def judge(self, option: StepOption, spent: float, allowance: float | None, first: bool) -> Judgement:
        refusal = self.refusal(option)
        if refusal is not None:
            return Judgement(option, spent, refusal)
        total = spent + option.cost
        if total <= self.limit(allowance):
            return Judgement(option, total)
        if first and self.guarantee is not None and allowance is not None:
            return Judgement(option, allowance)  # the whole allowance is used
        return Judgement(option, total, self.rule, over_allowance=True)


def judge_option(model: MovementModel, option: StepOption, spent: float, allowance: float | None, first: bool) -> Judgement:
    """The step judge (``StepJudge``) of ``model`` on one step."""
    return StepJudge.of(model).judge(option, spent, allowance, first)


def find_option(model: MovementModel, unit_id: str, frm: str, to: str, kind: str | None = None) -> StepOption | None:
    """The step from ``frm`` to ``to`` (of the declared ``kind`` when given), if geometry has one.
    A model on continuous space plans that one step directly (``step_option``)."""
    direct = getattr(model, "step_option", None)
    if direct is not None:
        return direct(unit_id, frm, to, kind)
    return next((o for o in model.step_options(unit_id, frm) if o.to == to and (kind is None or o.kind == kind)), None)


def judge_step(
    model: MovementModel, unit_id: str, frm: str, to: str, spent: float, allowance: float | None, first: bool,
    kind: str | None = None,
) -> Judgement:
    """``find_option`` then ``judge_option``, with a direct model's step asked of it here and
    the judge taken off the model here: every declared step of every ruleset is judged so, and
    the two calls saved are half a percent of a Tiny Epic Tactics game's instructions."""
    direct = getattr(model, "step_option", None)
    option = direct(unit_id, frm, to, kind) if direct is not None else find_option(model, unit_id, frm, to, kind)
    if option is None:
        return Judgement(None, spent)
    return StepJudge.of(model).judge(option, spent, allowance, first)


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
    judge = StepJudge.of(model)  # the model's judge, read once for the whole path
    here = start
    for number, to in enumerate(steps, start=1):
        kind = kinds[number - 1] if kinds is not None else None
        option = find_option(model, unit_id, here, to, kind)
        if option is not None and until is not None and until(option):
            return walk
        # ``judge_step`` on the option just found: the step is looked up once, not again
        verdict = Judgement(None, walk.spent) if option is None else judge.judge(option, walk.spent, allowance, number == 1)
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

    def cost_to(self, location: str) -> float | None:
        """What the cheapest way to ``location`` costs of the allowance; None when unreachable."""
        return self.costs.get(location)

    def allowance_to(self, location: str) -> float:
        """The allowance the way to ``location`` is measured against: the unit's, unless the way
        itself lowers it (a skirmish way through difficult terrain has 2" less), so that "costing
        4 of 6" is never printed for a way that may cost at most 4."""
        return self.allowance

    def how(self, location: str) -> str:
        """A few words on how the way to a reachable location is taken, when it is more than
        plain steps (a skirmish climb and the chance of passing its check); empty otherwise."""
        return ""

    def allowance_note(self) -> str:
        """What limits every way below ``allowance``, for the header beside it (a skirmish unit
        standing in difficult terrain: 2" less whatever way it goes); empty otherwise."""
        return ""

    def why_not(self, location: str) -> list[RuleRef]:
        """The rules that keep ``location`` out of range; empty when it is reachable."""
        if location in self.paths:
            return []
        if self.denied is not None:  # the ruleset's reasons, when it gave some (another way there)
            return self.reasons.get(location) or [self.denied]
        if location not in self.reasons and self.fallback is not None:
            return self.fallback(location)
        return self.reasons.get(location) or [NO_PATH]

    def details(self, location: str) -> list[str]:
        """Extra lines about the way to a reachable location (the checks it needs, say)."""
        return []

    def settle(self) -> None:
        """Work out now whatever the answer would work out when read: the state it was asked of
        is about to change (``GameState.keep_settled``)."""

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


class GridRange(RangeOfMotion):
    """A grid ruleset's answer, drawn from a ``Reach`` as it is read: every reachable location
    with its cheapest path (``paths``, in the ruleset's order), and the reasons for the
    locations the search tried and could not reach (``reasons``, with what the ruleset adds
    through ``explain``). Nothing is labelled or explained before someone asks; the reach
    beneath settles before its state changes, so the answer stays that of its moment."""

    def __init__(
        self, reach: Reach, label: Callable[[str], str] | None, order: Callable[[str], Any],
        explain: Callable[[dict[str, list[RuleRef]]], None] | None = None,
    ) -> None:
        self.reach = reach
        #: None when every location is shown as it is written (a game without aliases)
        self.label = _memo(label) if label is not None else _same
        self.order = order
        self.explain = explain
        self.unit = reach.unit
        self.start = self.label(reach.start) if reach.start else "nowhere"
        self.allowance = reach.allowance
        self.denied = reach.denied
        self.extra = {}
        self.fallback = None
        if reach.bounded and reach.unbounded is not None:
            unbounded = reach.unbounded
            full: list[RangeOfMotion] = []

            def fallback(location: str) -> list[RuleRef]:
                if not full:
                    found = GridRange(unbounded(), self.label, order, explain)
                    found.settle()
                    full.append(found)
                return full[0].reasons.get(location) or [NO_PATH]

            self.fallback = fallback

    @cached_property
    def _by_label(self) -> dict[str, str]:
        return {name: location for location, name in self._names.items()}

    def settle(self) -> None:
        self.reach.settle()
        self.paths, self.reasons  # noqa: B018  # worked out now, from the state as it is
        if self.fallback is not None:
            self.fallback("")  # the search past the allowance, for places it never saw

    @cached_property
    def _names(self) -> dict[str, str]:
        """Each reachable location's label, worked out once."""
        label = self.label
        if label is _same:
            return {location: location for location in self.reach.cost}
        return {location: label(location) for location in self.reach.cost}

    @cached_property
    def paths(self) -> dict[str, list[str]]:  # worked out when read
        """Each path is its last step's path plus one location: a shared beginning is labelled
        and walked once."""
        reach, names, label = self.reach, self._names, self.label
        if not reach.cost:
            return {}  # no range of motion (``denied``)
        previous = reach.previous
        built: dict[str, list[str]] = {reach.start: [names[reach.start]]}

        def path(location: str) -> list[str]:
            found = built.get(location)
            if found is None:  # a location it only passes through has no name yet
                name = names.get(location) or label(location)
                found = built[location] = [*path(previous[location]), name]
            return found

        return {names[location]: path(location) for location in sorted(reach.cost, key=self.order)}

    @property
    def reachable(self) -> list[str]:  # type: ignore[override]  # worked out when read
        return list(self.paths)

    @cached_property
    def costs(self) -> dict[str, float]:  # worked out when read
        names = self._names
        return {names[location]: cost for location, cost in self.reach.cost.items()}

    @cached_property
    def reasons(self) -> dict[str, list[RuleRef]]:  # worked out when read
        reach, label = self.reach, self.label
        candidates = set(reach.blocked) | set(reach.too_far) | set(reach.pass_only) | set(reach.stopped_before)
        # in the ruleset's order, not the set's: a set of strings iterates by hash, which
        # changes with PYTHONHASHSEED, and an oversized unit's reasons merge in this order
        found = {label(loc): reach.why_not(loc) for loc in sorted(candidates, key=self.order)}
        if self.explain is not None:
            self.explain(found)
        return found

    def __contains__(self, location: object) -> bool:
        return location in self._by_label

    def path_to(self, location: str) -> list[str] | None:
        found = self._by_label.get(location)
        if found is None:
            return None
        return [self.label(step) for step in self.reach.path_to(found) or []]

    def why_not(self, location: str) -> list[RuleRef]:
        if location in self._by_label:
            return []
        if self.denied is not None:  # the ruleset's reasons, when it gave some (another way there)
            return self.reasons.get(location) or [self.denied]
        reasons = self.reasons
        if location not in reasons and self.fallback is not None:
            return self.fallback(location)
        return reasons.get(location) or [NO_PATH]


def _same(location: str) -> str:
    return location


def range_from_reach(
    reach: Reach, label: Callable[[str], str] | None, order: Callable[[str], Any] = str,
    explain: Callable[[dict[str, list[RuleRef]]], None] | None = None,
) -> RangeOfMotion:
    """A grid ruleset's answer from its reach (``GridRange``); ``explain`` adds the ruleset's
    own reasons, by location label, when the reasons are first read."""
    return GridRange(reach, label, order, explain)
