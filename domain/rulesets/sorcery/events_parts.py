"""The event of an oversized unit's other locations (codex: Oversized Units; oversized.py)."""

from __future__ import annotations

from typing import ClassVar

from domain.event_base import GameEvent, Labeler
from domain.rulesets.sorcery.events import sorcery_state
from domain.state import GameState


class PartsMoved(GameEvent):
    """An oversized unit's other parts now occupy ``parts``: recorded just before the step of its
    location that moves them all the same way (``StepTaken``), so that when the step is folded
    the unit is whole again, where the step's triggers look at it. A growing unit keeps every
    location it occupied, and its power follows (``power``)."""

    TOPIC: ClassVar[str] = "sorcery.PartsMoved"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    parts: list[str]
    #: a growing unit's power now (Megamoeba: +1 for each location it occupies), its defence too
    power: int | None = None

    def apply_to(self, state: GameState) -> None:
        unit = sorcery_state(state).units[self.unit]
        unit.parts = list(self.parts)
        if self.power is not None:
            unit.power = unit.defence = self.power

    def describe(self, label: Labeler) -> str:
        return f"{self.unit}'s other parts move with it, to {', '.join(label(p) for p in self.parts)}"
