"""Building Tiny Epic Tactics games for tests: a board from rows, units from a few fields."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from domain.errors import IllegalCommand
from domain.event_base import GameEvent
from domain.events import GameStarted
from domain.game import Game
from domain.legal import Part
from domain.movement import RangeOfMotion
from domain.rulesets.tinyepic.state import TetState
from domain.state import GameState
from projections.lookahead import Lookahead
from sim.runner import Played, play
from sim.scenario import load_scenario, parse_scenario
from sim.yamlfile import load_yaml

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tiny-epic-tactics"


def unit(uid: str, owner: str, at: str, cls: str = "Fighter", movement: int = 3, health: int = 6, **more: Any) -> dict[str, Any]:
    return {"id": uid, "owner": owner, "class": cls, "at": at, "movement": movement, "health": health, **more}


def tet(
    terrain: list[str] | None = None, levels: list[str] | None = None, units: list[dict[str, Any]] | None = None,
    options: dict[str, Any] | None = None, script: list[dict[str, Any]] | None = None, active_player: str = "p1",
    **setup: Any,
) -> Played:
    data = {
        "title": "test", "ruleset": "tinyepic", "options": options or {}, "active_player": active_player,
        "setup": {"terrain": terrain or [], "levels": levels or [], "units": units or [], **setup},
        "script": script or [],
    }
    located = load_yaml("{}", "<test>")
    located.data = data
    return play(parse_scenario(located))


def reach_of(game: Game | Played, unit_id: str) -> RangeOfMotion:
    events = game.events if isinstance(game, Played) else list(game.pending_events)
    return Lookahead.from_events(events).range_of_motion(unit_id)  # type: ignore[arg-type]


def refused(game: Game, command: dict[str, Any], words: str) -> IllegalCommand:
    """Issue a command that must be refused for a rule containing ``words``; nothing recorded."""
    before = len(game.pending_events)
    with pytest.raises(IllegalCommand) as info:
        game.issue(command)
    assert words.lower() in str(info.value).lower(), str(info.value)
    assert len(game.pending_events) == before
    return info.value


def of(events: list[GameEvent], name: str, **fields: Any) -> list[GameEvent]:
    """The events of one type whose payload has these fields."""
    return [e for e in events if e.name == name and all(e.payload().get(k) == v for k, v in fields.items())]


def health(game: Game, unit_id: str) -> int:
    return game.state.units[unit_id].health  # type: ignore[attr-defined, no-any-return]


def states_after_each_event(events: Sequence[GameEvent], every: int = 1) -> Iterator[tuple[TetState, str]]:
    """The events folded one at a time into one state, as an aggregate folds them: the state
    after every ``every``-th event (counted from ``GameStarted``, the first), with the event's
    number and name."""
    state: GameState | None = None
    for n, event in enumerate(events, start=1):
        if isinstance(event, GameStarted):
            state = event.initial_state()
            continue
        assert state is not None
        event.fold_into(state)
        assert isinstance(state, TetState)
        if n % every == 0:
            yield state, f"after event {n} ({event.name})"


def example_events() -> Iterator[tuple[str, list[GameEvent]]]:
    """Each Tiny Epic Tactics example's events, played (refusals the script expects included)."""
    for path in sorted(EXAMPLES.glob("*.yaml")):
        yield path.stem, list(play(load_scenario(path), strict=False).events)


def self_play_events(seeds: range) -> Iterator[tuple[str, list[GameEvent]]]:
    """Random self-play's events: on the suite's random boards, and on the whole-turn example."""
    from sim.selfplay import self_play
    from tests import boards

    for seed in seeds:
        yield f"random board {seed}", self_play(boards.scenario("tinyepic", seed), 3, "random", seed, verify_log=False).events
        whole_turn = load_scenario(EXAMPLES / "16-a-whole-turn-with-a-weakened-unit.yaml")
        yield f"16, seed {seed}", self_play(whole_turn, 4, "random", seed, verify_log=False).events


def answers_as_plain_part(made: Callable[[], Any], plain: Part, asked: list[BaseModel], where: str) -> int:
    """Check that a part made by ``made`` (a new one for each question: an unread part answers
    otherwise than a read one) answers every reading a part answers as ``plain``, the shared
    ``Part`` over the same commands: its count, each command by index, an index out of range,
    iteration, whether each of ``asked`` is held, before and after it settles. Returns how many
    answers were compared."""
    size = len(plain)
    assert len(made()) == size, where
    for i in range(size):
        assert made().get(i) == plain.get(i), f"{where}: command {i}"
    with pytest.raises(IndexError):
        made().get(size)
    assert list(made()) == list(plain), where
    for command in asked:
        assert made().holds(command) == plain.holds(command), f"{where}: {command}"
    settled = made()
    settled.settle()
    assert [settled.get(i) for i in range(size)] == list(plain), where
    assert [settled.holds(c) for c in asked] == [plain.holds(c) for c in asked], where
    return size + len(asked)
