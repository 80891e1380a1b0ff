"""The lookahead: range of motion as a projection of the event stream.

It folds only the events that change where things are and which ongoing effects are in force
(units, sites, artifacts, steps, deaths, effects) into its own view, and asks the ruleset's
movement model, the same one the aggregate uses, which locations a unit could reach. It never
sees a trigger: no triggered-ability event is among its topics, and the movement model does not
consult triggered abilities (codex: Range of Motion). Because it needs nothing but events, a
lookahead rebuilt from an exported log answers exactly as the live one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from domain.errors import BadInput
from domain.event_base import GameEvent
from domain.events import (
    EffectEnded,
    EffectStarted,
    FeaturePlaced,
    GameStarted,
    StepTaken,
    TurnStarted,
    UnitDied,
    UnitDropped,
    UnitPlaced,
)
from domain.movement import NO_PATH, Reach, search_reach
from domain.rules import RuleRef
from domain.ruleset import get_ruleset
from domain.state import GameState

#: The events this projection reads; everything else in the stream is skipped.
FACT_EVENTS: tuple[type[GameEvent], ...] = (
    GameStarted,
    UnitPlaced,
    FeaturePlaced,
    StepTaken,
    UnitDied,
    UnitDropped,
    EffectStarted,
    EffectEnded,
    TurnStarted,
)
TOPICS = tuple(cls.TOPIC for cls in FACT_EVENTS)


@dataclass
class RangeOfMotion:
    """The answer for one unit, with locations written as in scenario files."""

    unit: str
    start: str
    reachable: list[str]
    paths: dict[str, list[str]]
    costs: dict[str, int]
    allowance: int
    reasons: dict[str, list[RuleRef]] = field(default_factory=dict)
    denied: RuleRef | None = None

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
        return self.reasons.get(location) or [NO_PATH]

    def as_json(self) -> dict[str, object]:
        return {"unit": self.unit, "reachable": self.reachable, "paths": self.paths}


class Lookahead:
    """Folds fact events into a view; answers range-of-motion questions about it."""

    def __init__(self) -> None:
        self.view: GameState | None = None
        self.position = 0

    @classmethod
    def from_events(cls, events: Iterable[GameEvent]) -> Lookahead:
        lookahead = cls()
        for event in events:
            lookahead.process(event)
        return lookahead

    def process(self, event: GameEvent) -> None:
        self.position = event.originator_version
        if not isinstance(event, FACT_EVENTS):
            return
        if isinstance(event, GameStarted):
            self.view = event.initial_state()
        elif self.view is not None:
            event.apply_to(self.view)

    def _state(self) -> GameState:
        if self.view is None:
            raise BadInput("the lookahead has seen no GameStarted event")
        return self.view

    def parse(self, location: str) -> str:
        state = self._state()
        return get_ruleset(state.ruleset).parse_location(state, location)

    def label(self, location: str) -> str:
        state = self._state()
        return get_ruleset(state.ruleset).label(state, location)

    def reach(self, unit_id: str) -> Reach:
        state = self._state()
        unit = state.units.get(unit_id)
        if unit is None:
            raise BadInput(f"unknown unit {unit_id!r}", "unit")
        rules = get_ruleset(state.ruleset)
        return search_reach(rules.movement(state), unit_id, unit.location or "")

    def range_of_motion(self, unit_id: str) -> RangeOfMotion:
        reach = self.reach(unit_id)
        label = self.label
        paths = {label(loc): [label(step) for step in reach.path_to(loc) or []] for loc in sorted(reach.cost, key=_order)}
        candidates = set(reach.blocked) | set(reach.too_far)
        reasons = {label(loc): reach.why_not(loc) for loc in candidates}
        return RangeOfMotion(
            unit=unit_id,
            start=label(reach.start) if reach.start else "nowhere",
            reachable=list(paths),
            paths=paths,
            costs={label(loc): cost for loc, cost in reach.cost.items()},
            allowance=reach.allowance,
            reasons=reasons,
            denied=reach.denied,
        )

    def why_not(self, unit_id: str, location: str) -> list[RuleRef]:
        """Why ``location`` is out of range (empty when it is reachable)."""
        return self.reach(unit_id).why_not(self.parse(location))


def _order(location: str) -> tuple[int, str]:
    head = location.split("/")[0]
    return (int(head) if head.isdigit() else 0, location)
