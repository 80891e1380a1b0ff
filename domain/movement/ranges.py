"""Ranges of motion as users see them: locations written as in scenario files, with paths,
costs and the rules that keep the others out of range.

``RangeOfMotion`` is the answer every ruleset gives the lookahead and the CLI; a grid ruleset
draws it from the reach search's ``Reach`` (``range_from_reach``, ``GridRange``), labelling and
explaining nothing before someone asks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from domain.cached import cached_property
from domain.movement.search import Reach
from domain.movement.steps import NO_PATH
from domain.rules import RuleRef


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
