"""A closed simulator refuses, in every store, with one ``StoreError`` saying so: a notebook user
who closed it (``sim.close()``, or a ``with Simulator(...)`` block that ended) and reads an old
game session again got the library's bare ``ConnectionPoolClosedError`` from a SQLite file, and a
store in memory went on as if it were open."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from sim.api import GameSession, Simulator
from sim.store import StoreError
from tests.helpers import EXAMPLES

EXAMPLE = EXAMPLES / "tiny-epic-tactics" / "01-each-space-costs-one.yaml"

#: every public way of a session and a simulator that reads or writes the store
USES: dict[str, Callable[[Simulator, GameSession], Any]] = {
    "state": lambda sim, game: game.state,
    "version": lambda sim, game: game.version,
    "events": lambda sim, game: game.events(),
    "at": lambda sim, game: game.at(2),
    "svg": lambda sim, game: game.svg(),
    "repr_svg": lambda sim, game: game._repr_svg_(),
    "str": lambda sim, game: str(game),
    "state_hash": lambda sim, game: game.state_hash(),
    "lookahead": lambda sim, game: game.lookahead(),
    "range_of_motion": lambda sim, game: game.range_of_motion("rogue"),
    "timeline": lambda sim, game: game.timeline(),
    "trace": lambda sim, game: game.trace(),
    "legal_commands": lambda sim, game: game.legal_commands(),
    "issue": lambda sim, game: game.issue({"command": "end_turn"}),
    "end_turn": lambda sim, game: game.end_turn(),
    "load": lambda sim, game: sim.load(EXAMPLE),
    "new_game": lambda sim, game: sim.new_game("tinyepic", {"terrain": ["."], "units": []}),
    "game": lambda sim, game: sim.game(game.id),
    "game_by_prefix": lambda sim, game: sim.game(str(game.id)[:8]),
    "games": lambda sim, game: sim.games(),
}


@pytest.mark.parametrize("use", sorted(USES))
def test_a_closed_simulator_refuses_every_use_with_a_store_error(store_db: str, use: str) -> None:
    sim = Simulator(store_db)
    game = sim.load(EXAMPLE)
    sim.close()
    with pytest.raises(StoreError, match="the store is closed"):
        USES[use](sim, game)


def test_a_simulator_closes_at_the_end_of_a_with_block_and_closing_twice_is_harmless(store_db: str) -> None:
    with Simulator(store_db) as sim:
        game = sim.load(EXAMPLE)
        assert game.version > 1
    sim.close()
    with pytest.raises(StoreError, match="the store is closed"):
        game.state  # noqa: B018  # the read is the test
