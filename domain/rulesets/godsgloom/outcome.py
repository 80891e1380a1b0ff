"""What a GODSGLOOM game is for: Wounds dealt to the enemy, and units lost.

A player's score is the Wounds their enemies' units suffered (``WoundsSuffered``: Trample is the
modelled source) less the units they lost themselves; a destroyed unit costs one point beyond
the Wounds that destroyed it. The game's own end: a player who had units and has none left on
the mat has lost. Melee Attacks are recorded but their outcome is not modelled, so they score
nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.event_base import GameEvent
from domain.outcome import Counters, Fact, OutcomeRules, Standing, units_lost
from domain.rulesets.godsgloom.events import WoundsSuffered
from domain.state import GameState


class GloomOutcome(OutcomeRules):
    fact_events = frozenset({WoundsSuffered})

    def facts(self, event: GameEvent) -> Iterable[Fact]:
        """A Wound suffered, credited to its unit's owner; nothing for any other event (a tuple,
        not a generator: the tally asks of every event of every game)."""
        if isinstance(event, WoundsSuffered):
            return ((event.unit, "wounds_suffered", float(event.wounds)),)
        return ()

    def standings(self, state: GameState, counters: Counters) -> dict[str, Standing]:
        lost = units_lost(state)
        found: dict[str, Standing] = {}
        for player in state.players:
            dealt = sum(counters.get(p, {}).get("wounds_suffered", 0.0) for p in state.players if p != player)
            found[player] = Standing(dealt - lost[player], {"wounds_dealt": dealt, "units_lost": float(lost[player])})
        return found
