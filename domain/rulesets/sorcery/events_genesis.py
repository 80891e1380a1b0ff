"""Events of Genesis abilities that move units or change what they may do (issue 9): a unit
returned to its owner's hand (Scarecrow), a unit untapped by an effect (Brocéliande)."""

from __future__ import annotations

from typing import ClassVar

from domain.event_base import GameEvent, Labeler
from domain.rulesets.sorcery.state import SorceryState
from domain.state import GameState


class UnitReturned(GameEvent):
    """A unit left the realm for its owner's hand (codex: Return): it is no longer in the realm;
    artifacts it bore stay where it was, as when a unit dies (codex: Carry)."""

    TOPIC: ClassVar[str] = "sorcery.UnitReturned"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    at: str | None
    reason: str

    def apply_to(self, state: GameState) -> None:
        assert isinstance(state, SorceryState)
        state.unit_died(self.unit, self.at)  # folds "left the realm": off the board, bearings dropped

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} returns to its owner's hand from {label(self.at) if self.at else 'nowhere'}: {self.reason}"


class UnitUntapped(GameEvent):
    """An effect untapped a unit (Brocéliande's Genesis)."""

    TOPIC: ClassVar[str] = "sorcery.UnitUntapped"
    unit: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        assert isinstance(state, SorceryState)
        state.units[self.unit].tapped = False

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} untaps ({self.reason})"
