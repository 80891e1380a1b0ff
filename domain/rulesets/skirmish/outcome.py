"""What a skirmish game is for: units standing, and the Wounds they keep.

The Move Phase is what is modelled (no Shooting, no Melee), so harm comes from the table itself:
a failed Jump Down or Jump Across, a fall off a ledge. A player's score is the Wounds left on
their units that are not Incapacitated: an Incapacitated unit scores nothing, a multi-wound
unit that lost a Wound in a fall scores one less. Stunned and Dazed units are shown in the parts
and not scored. The game's own end: a player all of whose units are Incapacitated has lost.

Movement facts it adds to the tally: ``checks_passed`` and ``checks_failed`` (and per kind of
check, ``checks_failed.jump_down``...), ``falls`` and ``fall_inches`` (the heights fallen).
"""

from __future__ import annotations

from collections.abc import Iterable

from domain.event_base import GameEvent
from domain.outcome import Counters, Fact, OutcomeRules, Standing, players_out
from domain.rulesets.skirmish.events import CheckMade, UnitFell
from domain.rulesets.skirmish.state import SkirmishState
from domain.state import GameState


class SkirmishOutcome(OutcomeRules):
    fact_events = frozenset({CheckMade, UnitFell})

    def facts(self, event: GameEvent) -> Iterable[Fact]:
        if isinstance(event, CheckMade):
            verdict = "checks_passed" if event.passed else "checks_failed"
            yield event.unit, verdict, 1.0
            yield event.unit, f"{verdict}.{event.check.replace(' ', '_')}", 1.0
        elif isinstance(event, UnitFell):
            yield event.unit, "falls", 1.0
            yield event.unit, "fall_inches", event.height

    def standings(self, state: GameState, counters: Counters) -> dict[str, Standing]:
        assert isinstance(state, SkirmishState)
        found: dict[str, Standing] = {}
        for player in state.players:
            units = [u for u in state.units.values() if u.owner == player]
            standing = [u for u in units if "incapacitated" not in u.states and u.alive]
            wounds = float(sum(u.wounds for u in standing))
            found[player] = Standing(wounds, {
                "wounds": wounds,
                "incapacitated": float(len(units) - len(standing)),
                "stunned": float(sum("stunned" in u.states for u in standing)),
                "dazed": float(sum("dazed" in u.states for u in standing)),
            })
        return found

    def end(self, state: GameState, counters: Counters) -> tuple[str | None, str] | None:
        assert isinstance(state, SkirmishState)
        had = {u.owner for u in state.units.values()}
        standing = {u.owner for u in state.units.values() if u.alive and "incapacitated" not in u.states}
        out = [p for p in state.players if p in had and p not in standing]
        return players_out(state, out, "has every unit Incapacitated")
