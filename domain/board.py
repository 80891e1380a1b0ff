"""The board interface every ruleset's board offers, whatever its topology.

A Sorcery realm of squares and regions, a hex grid with facing, a square grid with levels and an
inch-measured table all answer the same questions: how a location is written, which locations
are geometrically one step away, and how far apart two locations are. What a *unit* may do with
that geometry (keywords, terrain costs, engagement) belongs to the ruleset's ``MovementModel``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol


class Board(Protocol):
    def parse(self, text: str) -> str:
        """Canonical text of a location written by a user (aliases allowed); BadInput if none."""

    def label(self, location: str) -> str:
        """A location as scenario files write it (its alias when it has one)."""

    def neighbours(self, location: str) -> Sequence[str]:
        """Locations one step away by geometry alone (and the effects that change geometry)."""

    def distance(self, a: str, b: str) -> float:
        """The board's own measure between two locations (steps, hexes or inches)."""
