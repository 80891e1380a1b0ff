"""Sorcery's event of a site that flies (codex: Fly; Cloud City): the site and everything that
occupies it go to another square together, each keeping its level."""

from __future__ import annotations

from typing import ClassVar

from domain.event_base import GameEvent, Labeler
from domain.rulesets.sorcery.state import SorceryState
from domain.state import GameState


class SiteFlown(GameEvent):
    """``site`` flew from square ``frm`` to the void at ``to``, carrying ``units`` and the artifacts
    lying there (``artifacts``), each at its own level."""

    TOPIC: ClassVar[str] = "sorcery.SiteFlown"
    LOOKAHEAD: ClassVar[bool] = True
    site: str
    frm: int
    to: int
    units: list[str]
    artifacts: list[str]

    def apply_to(self, state: GameState) -> None:
        assert isinstance(state, SorceryState)
        state.features[self.site].location = str(self.to)
        for unit_id in self.units:
            unit = state.units[unit_id]
            unit.location = str(self.to) + (unit.location or "").removeprefix(str(self.frm))
        for feature_id in self.artifacts:
            feature = state.features[feature_id]
            feature.location = str(self.to) + (feature.location or "").removeprefix(str(self.frm))

    def describe(self, label: Labeler) -> str:
        things = ", ".join([*self.units, *self.artifacts]) or "nothing"
        return f"{self.site} flies from {label(str(self.frm))} to the void at {label(str(self.to))}, carrying {things}"
