"""The event of an oversized unit's other locations (codex: Oversized Units; oversized.py)."""

from __future__ import annotations

from typing import ClassVar

from domain.event_base import GameEvent, Labeler
from domain.rulesets.sorcery.events import sorcery_state
from domain.state import GameState


class PartsMoved(GameEvent):
    """An oversized unit's other parts now occupy ``parts``: recorded just before the step of its
    location that moves them all the same way (``StepTaken``), so that when the step is folded
    the unit is whole again, where the step's triggers look at it."""

    TOPIC: ClassVar[str] = "sorcery.PartsMoved"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    parts: list[str]

    def apply_to(self, state: GameState) -> None:
        sorcery_state(state).units[self.unit].parts = list(self.parts)

    def describe(self, label: Labeler) -> str:
        return f"{self.unit}'s other parts move with it, to {', '.join(label(p) for p in self.parts)}"
