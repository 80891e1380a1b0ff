"""The skirmish table as a ``Board``: points on surfaces, horizontal inches."""

from __future__ import annotations

from collections.abc import Sequence

from domain.rulesets.skirmish.locations import label, parse_location
from domain.rulesets.skirmish.table import parse_spot
from domain.state import GameState


class TableBoard:
    def __init__(self, state: GameState) -> None:
        self.state = state

    def parse(self, text: str) -> str:
        return parse_location(self.state, text)

    def label(self, location: str) -> str:
        return label(self.state, location)

    def neighbours(self, location: str) -> Sequence[str]:
        """A continuous table has no neighbouring locations; movement is measured, not stepped."""
        return []

    def distance(self, a: str, b: str) -> float:
        return parse_spot(a).flat_distance(parse_spot(b))
