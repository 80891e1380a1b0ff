"""What the last command did on the board, worked out while folding a game's events: where each
unit went (an arrow per change of location, whatever moved it: a step, a push, a teleport, a
fall), each step refused with its rule, and each move cut short with its reason.

Comparing locations before and after every event, rather than reading step events, means every
ruleset's ways of moving are drawn without a list of event types to keep current."""

from __future__ import annotations

from dataclasses import dataclass, field

from domain.event_base import GameEvent
from domain.events import CommandIssued, GameStarted, StepRefused, StepsCancelled
from domain.state import GameState


@dataclass
class Moved:
    unit: str
    frm: str
    to: str


@dataclass
class Refused:
    unit: str
    frm: str
    to: str
    why: str


@dataclass
class Cancelled:
    unit: str
    at: str | None
    why: str


@dataclass
class Moves:
    """The moves of one command, up to the event folded last."""

    command: str | None = None
    moved: list[Moved] = field(default_factory=list)
    refused: list[Refused] = field(default_factory=list)
    cancelled: list[Cancelled] = field(default_factory=list)

    def copy(self) -> Moves:
        return Moves(self.command, list(self.moved), list(self.refused), list(self.cancelled))


class Folder:
    """Folds events one by one into a state, keeping the last command's moves."""

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.moves = Moves()
        self.count = 0

    def fold(self, event: GameEvent) -> None:
        self.count += 1
        if isinstance(event, GameStarted):
            self.state = event.initial_state()
            return
        if self.state is None:
            raise ValueError("a game's events begin with GameStarted")
        if isinstance(event, CommandIssued):
            self.moves = Moves(command=event.event_id)
        before = {u.id: u.location for u in self.state.units.values()}
        event.fold_into(self.state)
        for unit in self.state.units.values():
            was = before.get(unit.id)
            if was is not None and unit.location is not None and was != unit.location:
                self.moves.moved.append(Moved(unit.id, was, unit.location))
        if isinstance(event, StepRefused):
            self.moves.refused.append(Refused(event.unit, event.frm, event.to, str(event.rule)))
        elif isinstance(event, StepsCancelled):
            at = self.state.units[event.unit].location if event.unit in self.state.units else None
            self.moves.cancelled.append(Cancelled(event.unit, at, f"{event.steps} step(s) cancelled: {event.reason}"))


def fold_to(events: list[GameEvent], upto: int | None = None) -> Folder:
    """The state after event ``upto`` (all when None), with the moves of its command so far."""
    folder = Folder()
    for event in events[: upto if upto is not None else len(events)]:
        folder.fold(event)
    return folder
