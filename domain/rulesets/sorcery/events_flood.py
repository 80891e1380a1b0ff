"""Events of flooding (issue 9): a site that became a water site, or stopped being one, has
another subsurface, and what was under it is now in that region (codex: Subsurface, Flooded)."""

from __future__ import annotations

from typing import ClassVar

from domain.event_base import GameEvent, Labeler
from domain.rulesets.sorcery.state import SorceryState
from domain.state import GameState


class SubsurfaceChanged(GameEvent):
    """The site at ``square`` is now a water site (``region`` underwater) or a land site
    (underground): the units and artifacts under it are now in that region, without moving or
    entering anything (codex: Subsurface: "the subsurface of a water site is underwater")."""

    TOPIC: ClassVar[str] = "sorcery.SubsurfaceChanged"
    LOOKAHEAD: ClassVar[bool] = True
    square: int
    region: str
    units: list[str]
    artifacts: list[str] = []
    reason: str

    def apply_to(self, state: GameState) -> None:
        assert isinstance(state, SorceryState)
        where = f"{self.square}/{self.region}"
        for unit_id in self.units:
            state.units[unit_id].location = where
        for feature_id in self.artifacts:
            state.features[feature_id].location = where

    def describe(self, label: Labeler) -> str:
        things = ", ".join([*self.units, *self.artifacts])
        kind = "water" if self.region == "underwater" else "land"
        return f"{things} now {self.region} at {label(str(self.square))}: the site is a {kind} site ({self.reason}; nothing moved)"
