"""Shared helpers: build games from inline YAML the way scenario files do."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

from domain.event_base import GameEvent
from domain.events import GameStarted
from domain.game import Game
from domain.movement import RangeOfMotion
from domain.state import GameState
from projections.lookahead import Lookahead
from sim.runner import Played, check_expectations, play
from sim.scenario import load_scenario, parse_scenario
from sim.yamlfile import load_yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

ROW = """
aliases: {A: 11, B: 12, C: 13, D: 14, E: 15}
"""


def scenario(text: str) -> Any:
    return parse_scenario(load_yaml(textwrap.dedent(text), "<test>"))


def played(text: str, strict: bool = True) -> Played:
    return play(scenario(text), strict=strict)


def game(text: str) -> Game:
    return played(text).game


def reach(game_or_played: Game | Played, unit: str) -> RangeOfMotion:
    events = game_or_played.events if isinstance(game_or_played, Played) else list(game_or_played.pending_events)
    return Lookahead.from_events(events).range_of_motion(unit)  # type: ignore[arg-type]


def names(events: list[Any]) -> list[str]:
    return [e.name for e in events]


def problems(text: str) -> list[str]:
    return check_expectations(played(text, strict=False))


def folded(events: list[GameEvent]) -> Iterator[tuple[GameState, GameEvent]]:
    """The state after each event of a log, folded as the aggregate folds it (one state, changed
    in place: read it before asking for the next), with the event just folded."""
    start = events[0]
    assert isinstance(start, GameStarted)
    state = start.initial_state()
    for event in events[1:]:
        event.fold_into(state)
        yield state, event


def checked_after_each_event(events: list[GameEvent], name: str, check: Callable[[Any, str], int]) -> int:
    """``check`` (the state, where it is) run on the state after each event of a log that has
    units, as ``folded`` gives them; how many things the checks compared in all."""
    compared = 0
    for n, (state, event) in enumerate(folded(events), start=2):
        if state.units:
            compared += check(state, f"{name}, after event {n} ({event.name})")
    return compared


def example_events(path: Path) -> list[GameEvent]:
    """Every event of an example played through, the refusals it expects included."""
    return list(play(load_scenario(path), strict=False).events)


def random_board_events(ruleset: str, seed: int, turns: int = 3) -> list[GameEvent]:
    """Seeded random self-play on the suite's random board of ``ruleset`` (``tests/boards.py``),
    its log not verified (the checks that read it compare states, not logs)."""
    from sim.selfplay import self_play
    from tests import boards

    return list(self_play(boards.scenario(ruleset, seed), turns, "random", seed, verify_log=False).events)


def self_played_examples(directory: Path, turns: int, seeds: Iterable[int]) -> Iterator[tuple[list[GameEvent], str]]:
    """Seeded random self-play from each example of ``directory`` that has a script, with a name
    for the failure messages."""
    from sim.selfplay import self_play

    for path in sorted(directory.glob("*.yaml")):
        if not load_scenario(path).script:
            continue
        for seed in seeds:
            yield list(self_play(load_scenario(path), turns, "random", seed).events), f"{path.stem} seed {seed}"


def sorcery_self_play(seed: int, whole_turn_turns: int = 6) -> list[list[GameEvent]]:
    """The logs of seeded random self-play that the Sorcery checks "after every event of
    self-play" read: the whole-turn example played on for ``whole_turn_turns`` turns, and the
    suite's random Sorcery board (``tests/boards.py``) for two; logs not verified (the checks
    compare states)."""
    from sim.selfplay import self_play
    from tests import boards

    whole_turn = load_scenario(EXAMPLES / "sorcery" / "08-a-whole-turn.yaml")
    return [
        list(self_play(scenario, turns, "random", seed, verify_log=False).events)
        for scenario, turns in ((whole_turn, whole_turn_turns), (boards.scenario("sorcery", seed), 2))
    ]


def ctrl_c_as_a_write_returns(monkeypatch: Any, at_write: int) -> None:
    """Send this process a real SIGINT just after the store's ``at_write``-th game is written
    (``GameStore.record``): where Ctrl-C could split a game's storing from its counting."""
    import os
    import signal

    from sim.app import GameStore

    record = GameStore.record
    calls = {"n": 0}

    def interrupted(self: GameStore, events: list[GameEvent]) -> None:
        record(self, events)
        calls["n"] += 1
        if calls["n"] == at_write:
            os.kill(os.getpid(), signal.SIGINT)

    monkeypatch.setattr(GameStore, "record", interrupted)
