"""What a Tiny Epic Tactics game is for: Villages held, Health, units lost.

The seed's only scoring is its victory point: "For each Village that you have a unit on at the
end of the game, you score 1 victory point" (seed 003). A player's score is 10 per Village held
now plus the Health left on their units, so a Village outweighs any Health a few attacks trade
and equal Villages are settled by the Health each side kept; a lost unit keeps no Health. The
seed names no end of its own: the game runs to the turn limit, except that a player who had
units and has none left has lost.

Movement facts it adds to the tally: ``damage_taken`` (Health lost), ``village_visits`` (a
Village healed the unit), ``knocked_back`` (spaces a unit was knocked back: each step a knock
back took, so a push a wall stops at once counts none).
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.event_base import GameEvent
from domain.events import StepTaken
from domain.outcome import Counters, Fact, OutcomeRules, Standing, units_lost
from domain.rulesets.tinyepic.events import DamageDealt, VillageVisited
from domain.rulesets.tinyepic.grid import parse_space
from domain.rulesets.tinyepic.state import TetState
from domain.state import GameState

#: what one Village held is worth against Health left
VILLAGE_POINTS = 10
#: the events with movement facts (``TetOutcome.facts``)
_WITH_FACTS: frozenset[type[GameEvent]] = frozenset({DamageDealt, VillageVisited, StepTaken})
#: the kinds of step a knock back takes (``KnockBackMovement``: across, or down a level)
KNOCKED = frozenset({"knock back", "fall"})


class TetOutcome(OutcomeRules):
    fact_events = _WITH_FACTS

    def facts(self, event: GameEvent) -> Iterable[Fact]:
        """Asked only of the three classes in ``fact_events`` (none of them has a subclass, a
        test checks); a tuple, not a generator, as a fact is one at most."""
        kind = type(event)  # by its class alone: a step first, the fact asked of most
        if kind is StepTaken:
            return ((event.unit, "knocked_back", 1.0),) if event.kind in KNOCKED else ()  # type: ignore[attr-defined]  # a StepTaken
        if kind is DamageDealt:
            return ((event.unit, "damage_taken", float(event.amount)),)  # type: ignore[attr-defined]  # a DamageDealt
        if kind is VillageVisited:
            return ((event.unit, "village_visits", 1.0),)  # type: ignore[attr-defined]  # a VillageVisited
        return ()

    def standings(self, state: GameState, counters: Counters) -> dict[str, Standing]:
        assert isinstance(state, TetState)
        lost = units_lost(state)
        found: dict[str, Standing] = {}
        for player in state.players:
            living = [u for u in state.units.values() if u.owner == player and u.alive and u.location is not None]
            villages = {u.location for u in living if u.location and _is_village(state, u.location)}
            health = float(sum(max(u.health, 0) for u in living))
            found[player] = Standing(VILLAGE_POINTS * len(villages) + health, {
                "villages": float(len(villages)), "health": health, "units_lost": float(lost[player]),
            })
        return found


def _is_village(state: TetState, location: str) -> bool:
    space = parse_space(location)
    return state.on_board(space.x, space.y) and state.terrain_at(space.x, space.y) == "village"
