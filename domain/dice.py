"""Dice from a seeded, stateless source, so that the aggregate never touches global randomness.

A roll is a pure function of the game's seed, how many rolls came before (a counter that the
``DiceRolled`` events keep) and the die's index, hashed with SHA-256. The results go into a
``DiceRolled`` event; a replay reads them and never rolls again (DESIGN.md, principle 5).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any, NamedTuple, Protocol

from domain.event_base import GameEvent
from domain.events import DiceRolled
from domain.state import GameState


class Recorder(Protocol):
    """Where dice are recorded: the resolver of the command that rolls them."""

    @property
    def state(self) -> GameState: ...

    def record(self, event_class: type[GameEvent], cause: str | None = None, **fields: Any) -> GameEvent: ...


def draw(seed: int, roll_number: int, index: int, sides: int) -> int:
    digest = hashlib.sha256(f"{seed}:{roll_number}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % sides + 1


def roll(game: Recorder, count: int, sides: int, purpose: str, cause: str | None = None) -> list[int]:
    """Roll ``count`` dice of ``sides`` sides, record them, and return the results."""
    number = game.state.counters.get("dice", 0) + 1
    results = [draw(game.state.seed, number, i, sides) for i in range(count)]
    aggregate = getattr(game, "game", game)  # the resolver records into the Game aggregate
    override: dict[int, list[int]] = getattr(aggregate, "dice_override", {})
    if number in override:  # a hypothetical branch of ``sim explore --dice``: never stored
        results = list(override[number])
    game.record(DiceRolled, cause=cause, purpose=purpose, dice=f"{count}d{sides}", results=results)
    return results


class Roll(NamedTuple):
    """One roll a log shows: the game's how-many-th (``roll``'s number), how many dice of how
    many sides, and what they showed."""

    number: int
    dice: int
    sides: int
    results: tuple[int, ...]

    def drawn(self, seed: int) -> tuple[int, ...]:
        """What this roll shows in a game of ``seed``."""
        return tuple(draw(seed, self.number, i, self.sides) for i in range(self.dice))


def rolls_of(events: Iterable[GameEvent]) -> tuple[Roll, ...]:
    """The rolls among a log's events from its start, numbered as ``roll`` numbered them: only
    a ``DiceRolled`` counts one (its fold bumps the game's dice counter)."""
    found: list[Roll] = []
    for event in events:
        if isinstance(event, DiceRolled):
            count, _, sides = event.dice.partition("d")
            found.append(Roll(len(found) + 1, int(count), int(sides), tuple(event.results)))
    return tuple(found)
