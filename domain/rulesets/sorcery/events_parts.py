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


class UnitStretched(GameEvent):
    """A unit now also occupies ``added`` (The Rack: "stretch them so that they also occupy
    another adjacent location"): a part joins its others, and it is an oversized unit from then
    on (codex: Oversized Units, "a card's size is determined ... via other effects, e.g. The
    Rack"). ``chosen_by``: the player who picked the location (the rule option
    ``rack_stretch_chooser``)."""

    TOPIC: ClassVar[str] = "sorcery.UnitStretched"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    added: str
    chosen_by: str
    source: str

    def apply_to(self, state: GameState) -> None:
        sorcery_state(state).units[self.unit].parts.append(self.added)

    def describe(self, label: Labeler) -> str:
        return f"{self.source} stretches {self.unit} so that it also occupies {label(self.added)} ({self.chosen_by}'s choice)"
