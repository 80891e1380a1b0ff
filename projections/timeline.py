"""The trigger timeline: which event triggered what, in which order, decided by whom.

Built from events alone (each event names its cause), it answers the questions people ask when
debugging trigger order: what matched, who ordered the simultaneous triggers and why, where
each one stood on the storyline, what each one did, and which were ignored because their
source had left.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from domain.event_base import GameEvent
from domain.events import (
    ChoiceMade,
    ChoiceRequested,
    CommandIssued,
    PathDeclared,
    TriggerQueued,
    TriggerResolved,
    TriggersOrdered,
)


@dataclass
class TriggerEntry:
    id: str
    label: str
    source: str
    controller: str | None
    subject: str | None
    matched_on: str
    queued_at: str
    #: the event ``matched_on`` names, when it is among the events read
    matched_event: GameEvent | None = None
    #: the place in its own player's order (1 resolves first of that player's)
    order_position: int | None = None
    ordered_by: str | None = None
    decided_by: str | None = None
    #: the place among every trigger put on the storyline at the same moment, both players'
    #: (1 resolves first): the non-active player's come first (codex: Storyline)
    storyline_position: int | None = None
    batch_size: int | None = None
    outcome: str | None = None
    resolved_at: str | None = None
    consequences: list[GameEvent] = field(default_factory=list)


@dataclass
class Timeline:
    triggers: dict[str, TriggerEntry] = field(default_factory=dict)
    decisions: list[GameEvent] = field(default_factory=list)
    #: the triggers ordered onto the storyline and not yet resolved, the next to resolve first
    waiting: list[str] = field(default_factory=list)

    def in_resolution_order(self) -> list[TriggerEntry]:
        """Resolved triggers as they resolved, then those still to resolve in the order they
        will: the ones not yet ordered first (an order puts them in front of the storyline),
        then the ones waiting on it."""
        resolved = [t for t in self.triggers.values() if t.resolved_at is not None]
        unordered = [t for t in self.triggers.values() if t.resolved_at is None and t.id not in self.waiting]
        waiting = [self.triggers[t] for t in self.waiting if t in self.triggers and self.triggers[t].resolved_at is None]
        return sorted(resolved, key=lambda t: int((t.resolved_at or "e0")[1:])) + unordered + waiting


@dataclass
class _Reader:
    """What ``build_timeline`` keeps while it reads: the events by id, the triggers ordered
    onto the storyline and not yet resolved (front first, as ``TriggersOrdered`` puts them),
    the batch being ordered, and the moves triggers declared."""

    timeline: Timeline = field(default_factory=Timeline)
    events: dict[str, GameEvent] = field(default_factory=dict)
    front: list[str] = field(default_factory=list)
    batch: list[str] = field(default_factory=list)
    #: move id -> (the trigger that declared it, the unit that moves)
    moves: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: the trigger whose move's storyline item is resolving, with its unit and command cause
    within: tuple[str, str, str | None] | None = None

    def read(self, event: GameEvent) -> None:
        self.events[event.event_id] = event
        if self.batch and not _orders(event):
            self.place_batch()
        if isinstance(event, TriggerQueued):
            self.queued(event)
        elif isinstance(event, TriggersOrdered):
            self.ordered(event)
        elif isinstance(event, ChoiceRequested):
            self.timeline.decisions.append(event)
        elif isinstance(event, TriggerResolved):
            self.front = [t for t in self.front if t != event.trigger_id]
            entry = self.timeline.triggers.get(event.trigger_id)
            if entry is not None:
                entry.outcome = event.outcome
                entry.resolved_at = event.event_id
        owner = self.owner(event)
        if owner is not None and not isinstance(event, TriggerResolved):
            self.timeline.triggers[owner].consequences.append(event)

    def queued(self, event: TriggerQueued) -> None:
        trig = event.trigger
        self.timeline.triggers[trig.id] = TriggerEntry(
            id=trig.id, label=trig.label, source=trig.source, controller=trig.controller,
            subject=trig.subject, matched_on=trig.cause, queued_at=event.event_id,
            matched_event=self.events.get(trig.cause),
        )

    def ordered(self, event: TriggersOrdered) -> None:
        self.timeline.decisions.append(event)
        self.front[0:0] = event.order
        self.batch.extend(event.order)
        for position, trigger_id in enumerate(event.order, start=1):
            entry = self.timeline.triggers.get(trigger_id)
            if entry is not None:
                entry.order_position = position
                entry.ordered_by = event.player
                entry.decided_by = event.decided_by

    def place_batch(self) -> None:
        """The orders of one moment are all given: each trigger's place among them is where
        they stand on the storyline now (later orders were put in front of earlier ones)."""
        placed = [t for t in self.front if t in self.batch]
        for position, trigger_id in enumerate(placed, start=1):
            entry = self.timeline.triggers.get(trigger_id)
            if entry is not None:
                entry.storyline_position, entry.batch_size = position, len(placed)
        self.batch = []

    def owner(self, event: GameEvent) -> str | None:
        """The trigger an event is a consequence of: the one it names as its cause; else, for
        the steps of a move a trigger declared (they resolve as storyline items of their own,
        caused by the command), that trigger, with what those steps go on to do to the moving
        unit until the next item starts. A question the trigger asks its controller, and the
        answer, are the trigger's too (they name it: ``about``)."""
        triggers = self.timeline.triggers
        about = getattr(event, "about", None)
        if isinstance(event, ChoiceRequested | ChoiceMade) and about in triggers:
            return str(about)  # the trigger's own question ("may", a target) and its answer
        if event.cause in triggers:
            self.within = None
            if isinstance(event, _MOVE_EVENTS) and event.cause is not None:
                self.moves[str(getattr(event, "move_id", ""))] = (event.cause, str(getattr(event, "unit", "")))
            return event.cause
        move = getattr(event, "move_id", None)
        if move in self.moves:
            trigger, unit = self.moves[move]
            self.within = (trigger, unit, event.cause)
            return trigger
        if self.within is None:
            return None
        trigger, unit, cause = self.within
        if move is None and event.cause == cause and getattr(event, "unit", None) == unit:
            return trigger
        self.within = None
        return None


def _orders(event: GameEvent) -> bool:
    """Whether an event belongs to ordering one moment's triggers: the orders themselves, a
    player asked for theirs, and the command that answers."""
    if isinstance(event, TriggersOrdered | CommandIssued):
        return True
    return isinstance(event, ChoiceRequested) and event.kind == "order_triggers"


#: the events that name a move a trigger declares (the path declared)
_MOVE_EVENTS: tuple[type[GameEvent], ...] = (PathDeclared,)


def build_timeline(events: Iterable[GameEvent]) -> Timeline:
    reader = _Reader()
    last: GameEvent | None = None
    for event in events:
        reader.read(event)
        last = event
    # a player still to order their triggers would put theirs in front: no place is known yet
    waiting = isinstance(last, ChoiceRequested) and last.kind == "order_triggers"
    if reader.batch and not waiting:
        reader.place_batch()
    reader.timeline.waiting = list(reader.front)
    return reader.timeline
