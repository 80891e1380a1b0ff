"""The ``lookahead`` self-play policy: play the command whose result scores best.

Each legal command is tried on the aggregate itself (``trial``: the command is issued on a copy
of the state and everything it recorded is then taken back), the result is scored with the
ruleset's outcome (``Ruleset.outcome``: the player's score less the best opponent's, a won game
above everything, a lost one below), and the best command is played. Ties are broken by the
game's seeded ``random.Random``, so a game is as deterministic as with the other policies.

The player does not know the dice: a trial rolls *imagined* dice, from seeds drawn from the
policy's own random stream, not the dice the game will roll (those are a pure function of the
game's seed and the roll number, so trying a command with them would foresee its checks). A
command whose trial rolled dice is tried ``SAMPLES`` times with different imagined dice and
scored by the mean, so a risky jump is judged by its odds, not by its luck.

It looks one command ahead, no further: a move that sets up an attack scores as any other move
until the attack is made. When more than ``CANDIDATES`` commands are legal (the skirmish
ruleset lists a move to every inch of the table), a seeded sample of that many is tried, in
the order listed: trying 400 moves per decision would make a game take seconds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel

from domain.errors import SimError
from domain.event_base import GameEvent
from domain.events import DiceRolled
from domain.game import Game
from domain.state import GameState
from projections.tally import Tally

#: imagined dice per command whose trial rolls dice
SAMPLES = 3
#: commands tried per decision at most (a seeded sample beyond)
CANDIDATES = 64
#: what a won (lost) game adds to (takes from) a command's value: more than any score differs
DECIDED = 1_000_000.0
#: values closer than this are equal (means of samples are floats)
TIE = 1e-9


@dataclass
class Tried:
    """A command's trial: what it recorded, and the state it left (the aggregate is back)."""

    events: list[GameEvent]
    state: GameState


def trial(game: Game, command: BaseModel, dice_seed: int) -> Tried:
    """Issue ``command`` on a copy of the game's state with imagined dice, then put the game back
    exactly as it was: its state object, version, last change and pending events."""
    base = game.state
    version, modified_on, pending = game.version, game.modified_on, len(game.pending_events)
    base.changed()  # derived indexes are not worth copying (as the aggregate's own rollback)
    game.state = base.model_copy(deep=True)
    game.state.seed = dice_seed
    try:
        events = game.issue(command, rollback=False)
        return Tried(events, game.state)
    finally:
        del game.pending_events[pending:]
        game.state = base
        game.version = version
        game.modified_on = modified_on


def value_of(game: Game, tally: Tally, tried: Tried, player: str) -> float:
    """How good a trial's result is for ``player``: the score margin, or a decided game."""
    after = tally.copy()
    after.add(tried.events, tried.state)
    outcome = game.rules.outcome(tried.state, after.counters())
    if outcome.ended:
        if outcome.winner == player:
            return DECIDED + outcome.margin(player)
        if outcome.winner is not None:
            return -DECIDED + outcome.margin(player)
    return outcome.margin(player)


def choose_lookahead(game: Game, commands: Sequence[BaseModel], rng: random.Random) -> BaseModel:
    player = game.rules.to_act(game.state)
    tally = Tally.of(_recorded(game), game.state)
    if len(commands) > CANDIDATES:
        commands = [commands[i] for i in sorted(rng.sample(range(len(commands)), CANDIDATES))]
    values: list[float | None] = []
    for command in commands:
        samples: list[float] = []
        for _ in range(SAMPLES):
            try:
                tried = trial(game, command, rng.getrandbits(32))
            except SimError:  # listed yet refused: never chosen (a property test keeps this empty)
                break
            samples.append(value_of(game, tally, tried, player))
            if not any(isinstance(e, DiceRolled) for e in tried.events):
                break  # no dice: one trial is the answer
        values.append(sum(samples) / len(samples) if samples else None)
    scored = [v for v in values if v is not None]
    if not scored:
        return commands[rng.randrange(len(commands))]
    best = max(scored)
    ties = [c for c, v in zip(commands, values, strict=True) if v is not None and v >= best - TIE]
    return ties[rng.randrange(len(ties))]


def _recorded(game: Game) -> list[GameEvent]:
    return [e for e in game.pending_events if isinstance(e, GameEvent)]
