"""The events of a unit picking up an artifact and dropping it (codex: Pick Up, Drop, Carrying
Artifacts; engine/carry.py)."""

from __future__ import annotations

from typing import ClassVar

from domain.event_base import GameEvent, Labeler
from domain.rulesets.sorcery.events import sorcery_state
from domain.state import GameState


class ArtifactPickedUp(GameEvent):
    """A unit used Pick Up on an artifact lying at its location: it bears it now, and the
    artifact goes where it goes (codex: Pick Up, Carrying Artifacts)."""

    TOPIC: ClassVar[str] = "sorcery.ArtifactPickedUp"
    LOOKAHEAD: ClassVar[bool] = True
    feature: str
    unit: str

    def apply_to(self, state: GameState) -> None:
        feature = sorcery_state(state).features[self.feature]
        feature.bearer, feature.location = self.unit, None

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} picks up {self.feature}"


class ArtifactDropped(GameEvent):
    """A unit used Drop on an artifact it bore: the artifact lies where the unit stands (codex:
    Drop). ``reason`` when it was not a Drop: a rule made the unit lose it there (Red Rock of
    Ravannis: artifacts can't be carried here); empty in logs from before it."""

    TOPIC: ClassVar[str] = "sorcery.ArtifactDropped"
    LOOKAHEAD: ClassVar[bool] = True
    feature: str
    unit: str
    at: str
    reason: str = ""

    def apply_to(self, state: GameState) -> None:
        feature = sorcery_state(state).features[self.feature]
        feature.bearer, feature.location = None, self.at

    def describe(self, label: Labeler) -> str:
        why = f": {self.reason}" if self.reason else ""
        return f"{self.unit} drops {self.feature} at {label(self.at)}{why}"
