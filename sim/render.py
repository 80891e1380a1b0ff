"""Readable text for events, range-of-motion answers and game state, printed with rich."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.console import Console

from domain.event_base import GameEvent
from domain.movement import RangeOfMotion
from domain.ruleset import get_ruleset
from domain.state import GameState
from projections.timeline import Timeline
from sim.console import escape, print_table
from sim.console import table as new_table

Labeler = Callable[[str], str]


def describe(event: GameEvent, label: Labeler) -> str:
    """One line saying what happened, in the game's own words: each event describes itself."""
    return event.describe(label)


def print_events(console: Console, events: Iterable[GameEvent], label: Labeler) -> None:
    for event in events:
        style = {
            "CommandIssued": "bold",
            "StepRefused": "yellow",
            "AttackRefused": "yellow",
            "UnitDied": "red",
            "TriggerQueued": "magenta",
            "TriggersOrdered": "magenta",
            "TriggerResolved": "magenta",
            "ChoiceRequested": "bold magenta",
        }.get(event.name, "")
        console.print(f"[dim]{event.event_id:>4}[/dim] " + escape(describe(event, label)), style=style)


def amount(value: float) -> str:
    """A cost or an allowance for people: whole numbers as they are, others to a tenth (what a
    tape measure reads on an inch-measured table). ``--json`` keeps the exact value."""
    return f"{round(value, 1):g}"


def print_reach(console: Console, answer: RangeOfMotion, limit: int = 8) -> None:
    if answer.denied is not None:
        # no Move Action at all; the ruleset may still name another way (GODSGLOOM: Trample
        # past Lockdown), among the reasons below
        console.print(escape(f"{answer.unit} has no range of motion: {answer.denied}"))
    else:
        how = {location: answer.how(location) for location in answer.reachable}
        columns = ["location", "cost", "path", *(["how"] if any(how.values()) else [])]
        table = new_table(
            f"range of motion of {answer.unit} from {answer.start} (allowance {amount(answer.allowance)}{answer.allowance_note()})",
            *columns, right=("cost",),
        )
        for location in answer.reachable:
            row = [location, amount(answer.costs[location]), " -> ".join(answer.paths[location])]
            table.add_row(*row, *([how[location]] if len(columns) > 3 else []))
        print_table(console, table)
    shown = sorted(answer.reasons.items())
    for location, reasons in shown[:limit]:
        console.print(escape(f"  not {location}: " + "; ".join(str(r) for r in reasons)))
    if len(shown) > limit:
        console.print(f"  ... and {len(shown) - limit} more out of reach (sim why SCENARIO --unit ID --to LOCATION)")


def print_state(console: Console, state: GameState, label: Labeler) -> None:
    """The state as its ruleset summarises it: a row per unit with the ruleset's own columns
    (facing and wounds on a hex mat, states on a table, damage in the realm), then notes."""
    summary = get_ruleset(state.ruleset).summary(state, label)
    table = new_table(f"{state.ruleset}: {summary.headline}", *summary.columns)
    for row in summary.rows:
        table.add_row(*row)
    print_table(console, table)
    for note in summary.notes:
        console.print(escape(f"  {note}"))
    if state.choice is not None:
        console.print(escape(f"  waiting for {state.choice.player}: {state.choice.prompt}"))


def print_timeline(console: Console, timeline: Timeline, label: Labeler = str) -> None:
    if not timeline.triggers:
        console.print("no triggers fired")
        return
    for entry in timeline.in_resolution_order():
        order = f"#{entry.order_position} by {entry.ordered_by or 'the game'} ({entry.decided_by})" if entry.order_position else "not yet ordered"
        if entry.storyline_position:
            order += f", {entry.storyline_position} of {entry.batch_size} on the storyline"
        matched = f" ({entry.matched_event.describe(label)})" if entry.matched_event is not None else ""
        # the source by id and controller: two Bottomless Pits have one label
        whose = f"{entry.controller}'s " if entry.controller else ""
        console.print(f"[magenta]{entry.id}[/magenta] " + escape(f"{entry.label} [{whose}{entry.source}]"))
        console.print(escape(f"    matched on {entry.matched_on}{matched}, queued {entry.queued_at}, {order}"))
        console.print(escape(f"    resolved {entry.resolved_at or '-'}: {entry.outcome or 'pending'}"))
        for event in entry.consequences:
            console.print(f"      {event.event_id} {event.name}: " + escape(event.describe(label)))
