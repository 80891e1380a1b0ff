"""What every ruleset's command engine shares: the game it records into and the cause it records."""

from __future__ import annotations

from typing import Any

from domain.event_base import GameEvent
from domain.ruleset import GameHandle
from domain.state import GameState


class EngineBase:
    """Runs one command against one game; build a new engine per command. Events it records
    name the command as their cause unless a trigger or earlier event is given instead."""

    def __init__(self, game: GameHandle, command_id: str) -> None:
        self.game = game
        self.cause = command_id

    @property
    def state(self) -> GameState:
        return self.game.state

    def emit(self, event_class: type[GameEvent], cause: str | None = None, **fields: Any) -> GameEvent:
        return self.game.record(event_class, cause=cause or self.cause, **fields)
