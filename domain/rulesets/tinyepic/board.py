"""The Tiny Epic Tactics grid as a ``Board``: ``x,y`` spaces, orthogonal counting."""

from __future__ import annotations

from collections.abc import Sequence

from domain.cached import cached_property
from domain.rulesets.tinyepic.grid import DIRECTIONS, parse_space
from domain.rulesets.tinyepic.locations import label, parse_location
from domain.rulesets.tinyepic.view import GridView
from domain.state import GameState


class GridBoard:
    def __init__(self, state: GameState) -> None:
        self.state = state

    @cached_property
    def view(self) -> GridView:
        """Made when a board question needs it: the tally asks a board only for distances."""
        return GridView(self.state)

    def parse(self, text: str) -> str:
        return parse_location(self.state, text)

    def label(self, location: str) -> str:
        return label(self.state, location)

    def neighbours(self, location: str) -> Sequence[str]:
        here = parse_space(location)
        found = [here.plus(dx, dy) for dx, dy in DIRECTIONS.values()]
        return [s.text for s in found if self.view.on_board(s)]

    def distance(self, a: str, b: str) -> float:
        here, there = parse_space(a), parse_space(b)  # ``manhattan``, inline: the tally asks every step
        return float(abs(here.x - there.x) + abs(here.y - there.y))
