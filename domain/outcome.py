"""What a game is for: a score per player while it runs, and a result when it ends.

Designers compare rule variants by what they do to games: who wins, how far units get, how
often a check fails. Each ruleset says what its games are for in an ``OutcomeRules`` subclass
(its ``outcome.py``, named by ``Ruleset.outcome_rules``): each player's *standing* (a score and
the parts it is made of: life, wounds dealt, Villages held...), whether the game has reached
its own end and who won it, and which of its events are movement facts worth counting (a check
passed, a fall). The core counts the facts every ruleset records alike (steps, refusals,
deaths, triggers); ``projections.tally`` folds them per player.

A score is one number per player, higher is better, defined at every moment of a game (the
``lookahead`` policy of self-play maximises its own score less its opponent's after each
command). When a game stops at a turn limit without reaching its own end, the higher score wins
and equal scores draw. Nothing here changes a game: an outcome is read from a state and counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Literal

if TYPE_CHECKING:
    from domain.event_base import GameEvent
    from domain.state import GameState

#: one movement fact an event records: the unit it is about, the counter it adds to, how much
Fact = tuple[str, str, float]
#: counters per player: player -> counter name -> value
Counters = Mapping[str, Mapping[str, float]]
Result = Literal["win", "draw", "loss"]


@dataclass(frozen=True)
class Standing:
    """One player's score and what it is made of (each part by name, as documented per ruleset)."""

    score: float
    parts: dict[str, float] = field(default_factory=dict)

    def as_json(self) -> dict[str, object]:
        return {"score": self.score, "parts": dict(self.parts)}


@dataclass(frozen=True)
class Outcome:
    """The standings of every player, and whether the ruleset's own end was reached.

    ``winner`` is meaningful only when ``ended``: the player who won, or None for a draw."""

    standings: dict[str, Standing]
    ended: bool = False
    winner: str | None = None
    reason: str = ""

    def score(self, player: str) -> float:
        return self.standings[player].score

    def margin(self, player: str) -> float:
        """The player's score less the best of the others': what the lookahead maximises."""
        others = [s.score for p, s in self.standings.items() if p != player]
        return self.score(player) - (max(others) if others else 0.0)

    def results(self) -> dict[str, Result]:
        """Win, draw or loss per player: by the ruleset's end when reached, else by score."""
        if self.ended:
            if self.winner is None:
                return {p: "draw" for p in self.standings}
            return {p: "win" if p == self.winner else "loss" for p in self.standings}
        best = max(s.score for s in self.standings.values())
        leaders = [p for p, s in self.standings.items() if s.score == best]
        if len(leaders) > 1:
            return {p: "draw" if p in leaders else "loss" for p in self.standings}
        return {p: "win" if p == leaders[0] else "loss" for p in self.standings}

    def as_json(self) -> dict[str, object]:
        return {
            "standings": {p: s.as_json() for p, s in self.standings.items()},
            "ended": self.ended,
            "winner": self.winner,
            "reason": self.reason,
            "results": self.results(),
        }


class OutcomeRules:
    """A ruleset's outcome. The defaults suit a game of units and nothing else: a player's score
    is minus the units they lost, and a player who had units and has none left has lost."""

    #: the event classes (their subclasses too) in which ``facts`` may find a fact: the tally
    #: asks it of no other event. None: of every event. A subclass with ``facts`` of its own that
    #: does not name them here gets None (``__init_subclass__``), so a fact is never missed.
    fact_events: ClassVar[frozenset[type[GameEvent]] | None] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "facts" in cls.__dict__ and "fact_events" not in cls.__dict__:
            cls.fact_events = None

    def facts(self, event: GameEvent) -> Iterable[Fact]:
        """The movement facts one of the ruleset's own events records (core events are counted
        by the tally itself): ``(unit, counter, amount)``, the unit's owner being credited."""
        return ()

    def standings(self, state: GameState, counters: Counters) -> dict[str, Standing]:
        return {p: Standing(-float(lost), {"units_lost": float(lost)}) for p, lost in units_lost(state).items()}

    def end(self, state: GameState, counters: Counters) -> tuple[str | None, str] | None:
        """The ruleset's own end, when reached: (the winner or None for a draw, why)."""
        return wiped_out(state)

    def outcome(self, state: GameState, counters: Counters) -> Outcome:
        standings = self.standings(state, counters)
        end = self.end(state, counters)
        if end is None:
            return Outcome(standings)
        winner, reason = end
        return Outcome(standings, ended=True, winner=winner, reason=reason)


def units_lost(state: GameState, kinds: tuple[str, ...] | None = None) -> dict[str, int]:
    """Each player's units that died (of these kinds, when given)."""
    lost = dict.fromkeys(state.players, 0)
    for unit in state.units.values():
        if not unit.alive and unit.owner in lost and (kinds is None or unit.kind in kinds):
            lost[unit.owner] += 1
    return lost


def wiped_out(state: GameState) -> tuple[str | None, str] | None:
    """A player who had units and has none left on the board has lost (both: a draw)."""
    had = {u.owner for u in state.units.values()}
    standing = {u.owner for u in state.living_units()}
    return players_out(state, [p for p in state.players if p in had and p not in standing], "has no unit left")


def players_out(state: GameState, out: list[str], why: str) -> tuple[str | None, str] | None:
    """The end when the players ``out`` have lost (``why``: "is at 0 life"): None while nobody
    is out, a draw when everybody is, else the one left standing wins."""
    if not out:
        return None
    if len(out) == len(state.players):
        return None, f"every player {why}"
    survivor = next(p for p in state.players if p not in out)
    return survivor, f"{', '.join(out)} {why}"
