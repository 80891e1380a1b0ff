"""The GODSGLOOM mat as a ``Board``: axial hexes, hex distance."""

from __future__ import annotations

from collections.abc import Sequence

from domain.cached import cached_property
from domain.rulesets.godsgloom.hexgrid import distance, parse_hex
from domain.rulesets.godsgloom.locations import label, parse_location
from domain.rulesets.godsgloom.view import MatView
from domain.state import GameState


class HexBoard:
    def __init__(self, state: GameState) -> None:
        self.state = state

    @cached_property
    def view(self) -> MatView:
        """The state's view, read only by ``neighbours``: the tally makes a board for every
        command that takes a step, and asks only its distances."""
        return MatView.of(self.state)

    def parse(self, text: str) -> str:
        return parse_location(self.state, text)

    def label(self, location: str) -> str:
        return label(self.state, location)

    def neighbours(self, location: str) -> Sequence[str]:
        return [h.text for h in parse_hex(location).neighbours() if self.view.on_mat(h)]

    def distance(self, a: str, b: str) -> float:
        return float(distance(parse_hex(a), parse_hex(b)))
