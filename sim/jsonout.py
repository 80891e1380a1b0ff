"""The ``--json`` shapes of the command line: the stable machine interface (README, "--json").

Each function builds plain JSON data from the same answers the text output prints, so the two
never disagree. A rule is ``{"ruleset", "source", "message", "timing"}`` everywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.event_base import GameEvent
from domain.movement import RangeOfMotion
from domain.rules import RuleRef
from projections.timeline import Timeline
from sim.render import describe


def rule(ref: RuleRef) -> dict[str, Any]:
    return ref.model_dump(mode="json")


def reach(answer: RangeOfMotion) -> dict[str, Any]:
    """The range of motion with a path and cost per reachable place, and the rules that keep each
    place the search tried out of reach."""
    data: dict[str, Any] = dict(answer.as_json())
    data.update(
        start=answer.start,
        allowance=answer.allowance,
        costs=answer.costs,
        denied=rule(answer.denied) if answer.denied is not None else None,
        unreachable={place: [rule(r) for r in reasons] for place, reasons in sorted(answer.reasons.items())},
    )
    return data


def why(answer: RangeOfMotion, target: str) -> dict[str, Any]:
    path = answer.path_to(target)
    return {
        "unit": answer.unit,
        "to": target,
        "reachable": path is not None,
        "path": path,
        "steps": None if path is None else len(path) - 1,
        "cost": answer.cost_to(target),
        "allowance": answer.allowance_to(target),
        "details": answer.details(target) if path is not None else [],
        "reasons": [] if path is not None else [rule(r) for r in answer.why_not(target)],
    }


def event(event: GameEvent, label: Callable[[str], str]) -> dict[str, Any]:
    """An event as the log and the text output know it: id, type, cause, text and fields."""
    return {
        "id": event.event_id,
        "type": event.name,
        "cause": event.cause,
        "text": describe(event, label),
        "fields": event.payload(),
    }


def timeline(found: Timeline) -> dict[str, Any]:
    return {
        "triggers": [
            {
                "id": entry.id,
                "label": entry.label,
                "source": entry.source,
                "controller": entry.controller,
                "subject": entry.subject,
                "matched_on": entry.matched_on,
                "queued_at": entry.queued_at,
                "order_position": entry.order_position,
                "storyline_position": entry.storyline_position,
                "batch_size": entry.batch_size,
                "ordered_by": entry.ordered_by,
                "decided_by": entry.decided_by,
                "resolved_at": entry.resolved_at,
                "outcome": entry.outcome,
                "consequences": [{"id": e.event_id, "type": e.name} for e in entry.consequences],
            }
            for entry in found.in_resolution_order()
        ],
        "decisions": [{"id": e.event_id, "type": e.name, "fields": e.payload()} for e in found.decisions],
    }


def played_game(game_id: object, title: str, events: list[GameEvent], label: Callable[[str], str], store: str,
                state_hash: str, diagnostics: list[dict[str, Any]]) -> dict[str, Any]:
    """A game played and stored (``sim run``, ``sim demo``): its id, where it is, every event."""
    return {
        "game": str(game_id),
        "title": title,
        "store": store,
        "events": [event(e, label) for e in events],
        "state_hash": state_hash,
        "diagnostics": diagnostics,
    }
