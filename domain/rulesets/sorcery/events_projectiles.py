"""Sorcery's projectile event (codex: Projectile): a projectile flew, where, and whom it hit. It
changes nothing in the realm by itself; what follows a hit (a drag, a strike) is its own event."""

from __future__ import annotations

from typing import ClassVar

from domain.event_base import GameEvent, Labeler
from domain.state import GameState


class ProjectileShot(GameEvent):
    """``shooter`` shot a projectile ``direction``: it passed ``path`` (its starting location
    first) and hit ``hit`` at the last location, or no unit; ``passed`` says who it did not hit
    on the way, and why (Stealth; allies at the start)."""

    TOPIC: ClassVar[str] = "sorcery.ProjectileShot"
    shooter: str
    source: str
    direction: str
    path: list[str]
    hit: str | None
    passed: list[str] = []
    #: a piercing projectile's further hits, one at each location after the first
    also_hit: list[str] = []
    #: how the unit hit was chosen among several, when the command did not name it
    decided: str | None = None
    #: why it stopped short (a location it can't enter: Impenetrable Copse)
    stopped: str | None = None

    def apply_to(self, state: GameState) -> None:
        return None

    def describe(self, label: Labeler) -> str:
        way = " -> ".join(label(x) for x in self.path)
        hit = f"hits {', '.join([self.hit, *self.also_hit])}" if self.hit else "hits no unit"
        hit += f" ({self.decided})" if self.decided else ""
        hit += f"; stopped: {self.stopped}" if self.stopped else ""
        passed = f" (not hit: {'; '.join(self.passed)})" if self.passed else ""
        return f"{self.source}: {self.shooter} shoots a projectile {self.direction}, {way}: {hit}{passed}"
