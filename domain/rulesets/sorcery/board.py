"""The Sorcery realm as a ``Board``: squares and regions, with edges joined by Magellan Globe."""

from __future__ import annotations

from collections.abc import Sequence

from domain.cached import cached_property
from domain.rulesets.sorcery.locations import label, parse_location
from domain.rulesets.sorcery.realm import distance, parse_loc
from domain.rulesets.sorcery.view import RealmView
from domain.state import GameState


class RealmBoard:
    def __init__(self, state: GameState) -> None:
        self.state = state

    @cached_property
    def view(self) -> RealmView:
        """The state's shared view, found on first use: a board is made per location parsed and
        per log's tally, and reading a location or a label needs none."""
        return RealmView.of(self.state)

    def parse(self, text: str) -> str:
        return parse_location(self.state, text)

    def label(self, location: str) -> str:
        return label(self.state, location)

    def neighbours(self, location: str) -> Sequence[str]:
        """Every location one step of some kind away (digest 2.2), whoever steps."""
        return [c.loc.text for c in self.view.step_candidates(parse_loc(location), player=None)]

    def distance(self, a: str, b: str) -> float:
        """Orthogonal steps between the squares, counting joined edges (codex: Step)."""
        # edges are joined only by an effect recorded (``RealmFacts.wrap``): with none, no view
        # need be made for the state a log's tally measures its steps in
        wrap = self.view.wrap if self.state.effects else (False, False)  # type: ignore[attr-defined]  # a Sorcery state's
        return float(distance(parse_loc(a).square, parse_loc(b).square, *wrap))
