"""Counters of movement facts per player, folded from a game's events: a read model.

What a designer asks of a rule change is often about movement: how far units got, how many
steps a rule refused, how often a check failed, how many units fell or died. The tally counts,
per player (the owner of the unit concerned, or the controller of a trigger):

- ``steps``: steps taken (legs, in the skirmish ruleset); ``distance``: the board's measure of
  them (squares, hexes, inches across the table); ``places``: distinct locations entered;
- ``refused``: steps refused, and per rule in ``refusals``;
- ``deaths``: units that died; ``triggers``: triggered abilities resolved;
- what each ruleset's ``OutcomeRules.facts`` adds for its own events (the skirmish ruleset:
  ``checks_passed``, ``checks_failed``, per kind of check, ``falls``...).

It reads only events (and the board, to measure steps), never changes a game, and can be
rebuilt from an exported log; self-play feeds it the events of each command as they happen.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable

from domain.event_base import GameEvent
from domain.events import StepRefused, StepTaken, TriggerQueued, TriggerResolved, UnitDied, UnitPlaced
from domain.outcome import Fact
from domain.ruleset import get_ruleset
from domain.state import GameState

#: the counters every ruleset has, in the order they are shown
CORE_COUNTERS = ("steps", "distance", "places", "refused", "deaths", "triggers")


#: the core events the tally counts itself (their subclasses included)
_CORE = (UnitPlaced, StepTaken, StepRefused, UnitDied, TriggerQueued, TriggerResolved)
#: ruleset -> event class -> what the tally does with its events: the core class it is counted
#: as (or None) and the ruleset's ``facts`` when they may hold some (or None). Worked out once
#: per class: the tally reads every event of every game, and most need neither.
_PLANS: dict[str, dict[type, tuple[type | None, Callable[[GameEvent], Iterable[Fact]] | None]]] = {}


def _plan(ruleset: str, cls: type) -> tuple[type | None, Callable[[GameEvent], Iterable[Fact]] | None]:
    plan = _PLANS.setdefault(ruleset, {})
    found = plan.get(cls)
    if found is None:
        scoring = get_ruleset(ruleset).scoring()
        named = scoring.fact_events
        has_facts = named is None or any(issubclass(cls, fact) for fact in named)
        found = plan[cls] = (next((core for core in _CORE if issubclass(cls, core)), None), scoring.facts if has_facts else None)
    return found


class Tally:
    """Per-player counters; ``add`` folds more events in."""

    def __init__(self, ruleset: str, players: Iterable[str]) -> None:
        self.ruleset = ruleset
        self.players = list(players)
        self._counts: dict[str, defaultdict[str, float]] = {p: defaultdict(float) for p in self.players}
        self.refusals: dict[str, Counter[str]] = {p: Counter() for p in self.players}
        self._places: dict[str, set[str]] = {p: set() for p in self.players}
        self._owners: dict[str, str] = {}
        self._controllers: dict[str, str] = {}
        #: the unit of each ``UnitDied`` added, in order (a self-play report's ``deaths``, read
        #: here rather than by asking every event of the game whether it is a death)
        self.died: list[str] = []

    @classmethod
    def of(cls, events: list[GameEvent], state: GameState) -> Tally:
        """The tally of a whole game whose state after ``events`` is ``state``."""
        tally = cls(state.ruleset, state.players)
        tally.add(events, state)
        return tally

    def copy(self) -> Tally:
        """An independent copy, to add a hypothetical command's events to (the lookahead policy
        copies the tally for every command it tries). Each container is copied one level deep:
        what they hold (numbers, ids, rule texts) is immutable, so this is the deep copy, without
        ``copy.deepcopy``'s dispatch for every value (a quarter of a lookahead game's time)."""
        made = Tally.__new__(Tally)
        made.ruleset = self.ruleset
        made.players = list(self.players)
        made._counts = {player: defaultdict(float, counts) for player, counts in self._counts.items()}
        made.refusals = {player: Counter(counted) for player, counted in self.refusals.items()}
        made._places = {player: set(places) for player, places in self._places.items()}
        made._owners = dict(self._owners)
        made._controllers = dict(self._controllers)
        made.died = list(self.died)
        return made

    def add(self, events: Iterable[GameEvent], state: GameState) -> None:
        """Fold ``events`` in; ``state`` is the game's state after them (its board measures the
        steps and names the owner of a unit placed before the tally began)."""
        plans = _PLANS.get(self.ruleset, {})
        board = None
        for event in events:
            planned = plans.get(type(event))
            if planned is None:
                planned = _plan(self.ruleset, type(event))
                plans = _PLANS[self.ruleset]
            counted, facts = planned
            if counted is None:
                pass  # most events: at most the ruleset's own facts below
            elif counted is UnitPlaced:
                assert isinstance(event, UnitPlaced)
                self._owners[event.unit.id] = event.unit.owner
            elif counted is StepTaken:
                assert isinstance(event, StepTaken)
                if board is None:
                    board = get_ruleset(self.ruleset).board(state)
                owner = self._owner(state, event.unit)
                if owner is not None:
                    counts = self._counts[owner]
                    counts["steps"] += 1
                    counts["distance"] += board.distance(event.frm, event.to)
                    self._places[owner].add(event.to)
            elif counted is StepRefused:
                assert isinstance(event, StepRefused)
                owner = self._owner(state, event.unit)
                if owner is not None:
                    self._counts[owner]["refused"] += 1
                    self.refusals[owner][str(event.rule)] += 1
            elif counted is UnitDied:
                assert isinstance(event, UnitDied)
                self.died.append(event.unit)
                self._credit(state, event.unit, "deaths", 1)
            elif counted is TriggerQueued:
                assert isinstance(event, TriggerQueued)
                if event.trigger.controller is not None:
                    self._controllers[event.trigger.id] = event.trigger.controller
            elif counted is TriggerResolved:
                assert isinstance(event, TriggerResolved)
                controller = self._controllers.pop(event.trigger_id, None)
                if controller in self._counts:
                    self._counts[controller]["triggers"] += 1
            if facts is not None:
                for unit, name, amount in facts(event):
                    self._credit(state, unit, name, amount)

    def counters(self) -> dict[str, dict[str, float]]:
        """Every counter per player (the core ones always present, at 0 when nothing happened)."""
        found: dict[str, dict[str, float]] = {}
        for player in self.players:
            counts = {name: self._counts[player].get(name, 0.0) for name in CORE_COUNTERS}
            counts["places"] = float(len(self._places[player]))
            for name, value in sorted(self._counts[player].items()):
                counts.setdefault(name, value)
            found[player] = counts
        return found

    def _owner(self, state: GameState, unit_id: str) -> str | None:
        owner = self._owners.get(unit_id)
        if owner is None:
            unit = state.units.get(unit_id)
            owner = unit.owner if unit is not None else None
        return owner if owner in self._counts else None

    def _credit(self, state: GameState, unit_id: str, name: str, amount: float) -> None:
        owner = self._owner(state, unit_id)
        if owner is not None:
            self._counts[owner][name] += amount
