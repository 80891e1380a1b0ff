"""The trigger timeline: which event triggered what, in which order, decided by whom.

Built from events alone (each event names its cause), it answers the questions people ask when
debugging trigger order: what matched, who ordered the simultaneous triggers and why, what each
one did, and which were ignored because their source had left.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from domain.event_base import GameEvent
from domain.events import ChoiceRequested, TriggerQueued, TriggerResolved, TriggersOrdered


@dataclass
class TriggerEntry:
    id: str
    label: str
    source: str
    controller: str | None
    subject: str | None
    matched_on: str
    queued_at: str
    order_position: int | None = None
    ordered_by: str | None = None
    decided_by: str | None = None
    outcome: str | None = None
    resolved_at: str | None = None
    consequences: list[GameEvent] = field(default_factory=list)


@dataclass
class Timeline:
    triggers: dict[str, TriggerEntry] = field(default_factory=dict)
    decisions: list[GameEvent] = field(default_factory=list)

    def in_resolution_order(self) -> list[TriggerEntry]:
        resolved = [t for t in self.triggers.values() if t.resolved_at is not None]
        pending = [t for t in self.triggers.values() if t.resolved_at is None]
        return sorted(resolved, key=lambda t: int((t.resolved_at or "e0")[1:])) + pending


def build_timeline(events: Iterable[GameEvent]) -> Timeline:
    timeline = Timeline()
    for event in events:
        if isinstance(event, TriggerQueued):
            trig = event.trigger
            timeline.triggers[trig.id] = TriggerEntry(
                id=trig.id, label=trig.label, source=trig.source, controller=trig.controller,
                subject=trig.subject, matched_on=trig.cause, queued_at=event.event_id,
            )
        elif isinstance(event, TriggersOrdered):
            timeline.decisions.append(event)
            for position, trigger_id in enumerate(event.order, start=1):
                entry = timeline.triggers.get(trigger_id)
                if entry is not None:
                    entry.order_position = position
                    entry.ordered_by = event.player
                    entry.decided_by = event.decided_by
        elif isinstance(event, ChoiceRequested):
            timeline.decisions.append(event)
        elif isinstance(event, TriggerResolved):
            entry = timeline.triggers.get(event.trigger_id)
            if entry is not None:
                entry.outcome = event.outcome
                entry.resolved_at = event.event_id
        if event.cause in timeline.triggers and not isinstance(event, TriggerResolved):
            timeline.triggers[event.cause].consequences.append(event)
    return timeline
