"""Every public method of the Python API refuses an argument of the wrong kind as ``BadInput``
naming the argument, never a ``TypeError`` or ``AttributeError`` from deep inside (a notebook
user's slip: a set-up as a list, players as one string, options as a string, a unit as a list,
a path object for the store)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from domain.errors import BadInput
from sim.api import GameSession, Simulator
from tests.helpers import EXAMPLES

EXAMPLE = EXAMPLES / "tiny-epic-tactics" / "01-each-space-costs-one.yaml"
SETUP = {"terrain": [". ."], "units": []}


@pytest.fixture(scope="module")
def sim() -> Simulator:
    return Simulator(":memory:")


@pytest.mark.parametrize(("ask", "field", "words"), [
    (lambda sim: sim.new_game("tinyepic", None), "setup", "a set-up is a mapping"),
    (lambda sim: sim.new_game("tinyepic", ["terrain"]), "setup", "a set-up is a mapping"),
    (lambda sim: sim.new_game("tinyepic", SETUP, players="ab"), "players", "a list of two names"),
    (lambda sim: sim.new_game("tinyepic", SETUP, players=["p1", 2]), "players[1]", "a player's name is text"),
    (lambda sim: sim.new_game("tinyepic", SETUP, options="x"), "options", "options are a mapping"),
    (lambda sim: sim.new_game("tinyepic", SETUP, aliases=["x"]), "aliases", "aliases are a mapping"),
    (lambda sim: sim.new_game("tinyepic", SETUP, title=5), "title", "a title is text"),
    (lambda sim: sim.new_game("tinyepic", SETUP, active_player=1), "active_player", "a player's name is text"),
    (lambda sim: sim.new_game("tinyepic", SETUP, game_id="x"), "game_id", "a game id is a uuid.UUID"),
    (lambda sim: sim.new_game("tinyepic", SETUP, bogus=1), "bogus", "unknown argument 'bogus'"),
    (lambda sim: Simulator(5), "db", "a store is named by text"),  # type: ignore[arg-type]
])
def test_a_new_game_or_store_of_the_wrong_kind_is_bad_input_naming_the_argument(
    sim: Simulator, ask: Callable[[Simulator], Any], field: str, words: str,
) -> None:
    with pytest.raises(BadInput) as refused:
        ask(sim)
    assert refused.value.where == field and words in refused.value.message


def test_a_store_named_by_a_path_object_opens_as_its_text_would(tmp_path: Path) -> None:
    sim = Simulator(tmp_path / "games.sqlite")  # os.PathLike is taken too
    game = sim.load(EXAMPLE)
    assert (tmp_path / "games.sqlite").exists() and sim.game(game.id).version == game.version
    sim.close()


@pytest.mark.parametrize(("ask", "field"), [
    (lambda game: game.range_of_motion(["rogue"]), "unit"),
    (lambda game: game.range_of_motion(None), "unit"),
    (lambda game: game.svg(unit=["rogue"]), "unit"),
    (lambda game: game.svg(unit="rogue", to=["1,0"]), "to"),
    (lambda game: game.range_of_motion("rogue").why_not(["1,0"]), "location"),
    (lambda game: game.range_of_motion("rogue").path_to({"x": 1}), "location"),
    (lambda game: game.range_of_motion("rogue").svg(to=["1,0"]), "to"),
])
def test_a_unit_or_place_that_is_not_text_is_bad_input_naming_the_argument(
    sim: Simulator, ask: Callable[[GameSession], Any], field: str,
) -> None:
    game = sim.load(EXAMPLE)
    with pytest.raises(BadInput) as refused:
        ask(game)
    assert refused.value.where == field and "text" in refused.value.message


@pytest.mark.parametrize("since", [-1, -100])
def test_events_since_a_negative_number_is_bad_input_naming_since(sim: Simulator, since: int) -> None:
    """No event comes before the first (events are numbered from 1): a negative ``since`` is a
    slip to report, not a silent "all of them"."""
    game = sim.load(EXAMPLE)
    with pytest.raises(BadInput) as refused:
        game.events(since=since)
    assert refused.value.where == "since" and f"not {since}" in refused.value.message
    assert "\n" not in str(refused.value)
    assert len(game.events(since=0)) == game.version and game.events(since=game.version) == []
