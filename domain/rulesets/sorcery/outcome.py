"""What a Sorcery game is for: each player's Avatar's life, and the minions they lost.

A player's score is their life less the minions of theirs that died: players start at 20 life
(the state's ``life``) and a minion lost costs one point, so a fight traded evenly leaves the
scores level and a struck site or Avatar shows at once. The game's own end: a player at 0 life
or less has lost (both at once: a draw). Death's Door and the death blow are not modelled, so
reaching 0 is the end. Read from the state alone (``state.py``): no card's rules are asked.
"""

from __future__ import annotations

from domain.outcome import Counters, OutcomeRules, Standing, players_out, units_lost
from domain.rulesets.sorcery.state import SorceryState
from domain.state import GameState


class SorceryOutcome(OutcomeRules):
    def standings(self, state: GameState, counters: Counters) -> dict[str, Standing]:
        assert isinstance(state, SorceryState)
        lost = units_lost(state, kinds=("minion",))
        return {
            p: Standing(float(state.life.get(p, 20) - lost[p]), {"life": float(state.life.get(p, 20)), "minions_lost": float(lost[p])})
            for p in state.players
        }

    def end(self, state: GameState, counters: Counters) -> tuple[str | None, str] | None:
        assert isinstance(state, SorceryState)
        return players_out(state, [p for p in state.players if state.life.get(p, 20) <= 0], "is at 0 life or less")
