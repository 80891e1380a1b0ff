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

from domain.errors import BadInput, suggest
from domain.event_base import EVENT_TYPES, GameEvent
from domain.events import GameStarted
from domain.movement import RangeOfMotion
from domain.rules import RuleRef
from domain.ruleset import get_ruleset, load_all_rulesets
from domain.state import GameState


def fact_topics() -> tuple[str, ...]:
    """The topics this projection reads: the events flagged LOOKAHEAD, of every ruleset."""
    load_all_rulesets()
    return tuple(topic for topic, cls in EVENT_TYPES.items() if cls.LOOKAHEAD)


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
        if not event.LOOKAHEAD:
            return
        if isinstance(event, GameStarted):
            self.view = event.initial_state()
        elif self.view is not None:
            event.fold_into(self.view)

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

    def range_of_motion(self, unit_id: str) -> RangeOfMotion:
        """Where ``unit_id`` could get with its basic move, applying ongoing effects only."""
        state = self._state()
        if unit_id not in state.units:
            raise BadInput(f"unknown unit {unit_id!r}{suggest(unit_id, state.units, 'units')}", "unit")
        answer = get_ruleset(state.ruleset).range_of_motion(state, unit_id)
        state.keep_settled(answer)  # parts worked out when read are of this state, not a later one
        return answer

    def why_not(self, unit_id: str, location: str) -> list[RuleRef]:
        """Why ``location`` is out of range (empty when it is reachable)."""
        return self.range_of_motion(unit_id).why_not(self.label(self.parse(location)))
