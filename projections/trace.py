"""The causation tree of a game: each command, what it caused, the triggers each event queued,
the order chosen for each batch and by whom, and what each trigger resolved into.

Built from events alone: every event names its cause (a command ``c3``, an event ``e17`` or a
trigger ``t2``), so each event hangs under exactly one parent and appears exactly once. Events
with no cause (the game's start) and commands are the roots.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from domain.event_base import GameEvent
from domain.events import CommandIssued, GameStarted, PathDeclared, TriggerQueued, TriggersOrdered, UnitDied

Labeler = Callable[[str], str]


@dataclass
class TraceNode:
    event: GameEvent
    text: str
    children: list[TraceNode] = field(default_factory=list)
    #: a line summing up what the subtree did (a fight's deaths), when there is one to say
    outcome: str | None = None
    #: shown only because something asked about hangs under it (outside an event range)
    context: bool = False

    @property
    def number(self) -> int:
        return self.event.originator_version

    def walk(self) -> Iterable[TraceNode]:
        yield self
        for child in self.children:
            yield from child.walk()

    def mentions(self, unit: str) -> bool:
        return any(_mentions(node.event, unit) for node in self.walk())

    def as_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "event": self.event.event_id,
            "type": self.event.name,
            "cause": self.event.cause,
            "text": self.text,
        }
        if isinstance(self.event, CommandIssued):
            data["command"] = self.event.command
            data["player"] = self.event.player
        if isinstance(self.event, TriggerQueued):
            data["trigger"] = self.event.trigger.id
        if isinstance(self.event, TriggersOrdered):
            data["order"] = list(self.event.order)
            data["decided_by"] = self.event.decided_by
            data["reason"] = self.event.reason
            data["player"] = self.event.player
        if self.outcome:
            data["outcome"] = self.outcome
        if self.context:
            data["context"] = True
        data["children"] = [child.as_json() for child in self.children]
        return data


def _mentions(event: GameEvent, unit: str) -> bool:
    def found(value: Any) -> bool:
        if isinstance(value, str):
            return value == unit
        if isinstance(value, dict):
            return any(found(v) for v in value.values())
        if isinstance(value, list):
            return any(found(v) for v in value)
        return False

    return found(event.payload())


@dataclass
class Trace:
    """The game's causation forest, in event order."""

    roots: list[TraceNode]
    names: dict[str, str] = field(default_factory=dict)

    def nodes(self) -> Iterable[TraceNode]:
        for root in self.roots:
            yield from root.walk()

    def filtered(self, unit: str | None = None, first: int | None = None, last: int | None = None) -> Trace:
        """The roots whose subtree mentions ``unit``, cut to the events numbered between ``first``
        and ``last`` (both included) and the events that caused them, marked as context."""
        kept = []
        for root in self.roots:
            if unit is not None and not root.mentions(unit):
                continue
            cut = _within(root, first, last)
            if cut is not None:
                kept.append(cut)
        return Trace(kept, self.names)

    def as_json(self) -> dict[str, Any]:
        return {"units": self.names, "roots": [root.as_json() for root in self.roots]}

    def lines(self) -> list[str]:
        """The tree as indented text lines (what ``sim trace`` prints without rich)."""
        found: list[str] = []

        def visit(node: TraceNode, depth: int) -> None:
            found.append(f"{'  ' * depth}{node.event.event_id} {node.text}")
            if node.outcome:
                found.append(f"{'  ' * (depth + 1)}=> {node.outcome}")
            for child in node.children:
                visit(child, depth + 1)

        for root in self.roots:
            visit(root, 0)
        return found


def _within(node: TraceNode, first: int | None, last: int | None) -> TraceNode | None:
    """``node``'s subtree with only the events in the range and what leads to them."""
    children = [cut for child in node.children if (cut := _within(child, first, last)) is not None]
    inside = (first is None or node.number >= first) and (last is None or node.number <= last)
    if not inside and not children:
        return None
    if inside and len(children) == len(node.children) and all(a is b for a, b in zip(children, node.children, strict=True)):
        return node
    return TraceNode(node.event, node.text, children, node.outcome if inside else None, context=not inside)


def build_trace(events: Iterable[GameEvent], label: Labeler = str, names: dict[str, str] | None = None) -> Trace:
    """Hang every event under what caused it."""
    by_id: dict[str, TraceNode] = {}
    roots: list[TraceNode] = []
    #: the paths declared by something other than a command (a trigger's, a fight's): their
    #: steps resolve as storyline items caused by the command, but hang under the declaration
    declared: dict[str, TraceNode] = {}
    for event in events:
        node = TraceNode(event, event.describe(label))
        parent = by_id.get(event.cause or "")
        move = getattr(event, "move_id", None)
        if isinstance(event, PathDeclared) and parent is not None and not isinstance(parent.event, CommandIssued):
            declared[str(move)] = node
        elif move in declared and declared[move].event.cause != event.cause:
            parent = declared[move]
        if isinstance(event, (CommandIssued, GameStarted)) or parent is None:
            roots.append(node)
        else:
            parent.children.append(node)
        by_id[event.event_id] = node
        introduced = event.introduces()
        if introduced is not None:
            by_id[introduced] = node
    trace = Trace(roots, dict(names or {}))
    for node in trace.nodes():
        node.outcome = _outcome(node, trace.names)
    return trace


def _outcome(node: TraceNode, names: dict[str, str]) -> str | None:
    """Who died in what this node set off (a fight, a trigger, a fall), in words."""
    if node.event.introduces() is None and node.event.name != "UnitFell":
        return None
    deaths = [n.event for n in node.walk() if isinstance(n.event, UnitDied)]
    if not deaths or not node.children:
        return None
    shown = ", ".join(f"{names.get(d.unit, d.unit)} dies" for d in deaths)
    return shown
