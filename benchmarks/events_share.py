"""How much of a self-played game its events alone cost (issue 20: where a turn's time goes).

A game records each event once while it is played and once more while its log is verified: the
event is validated from its fields and folded into the state. This case times exactly that for
the events of seeded random games, past the start they share with the scenario's kept script
(``sim.script_start``), and sets it beside the time the same games take whole. What is left
beside the events is the rules (resolution, the movement models, the ruleset's commands), the
legal commands the policy chooses among, and each game's fixed costs: the part of a game a
cheaper event store could not touch.
"""

from __future__ import annotations

import time
from pathlib import Path

from benchmarks.harness import Row, interleaved
from domain.event_base import GameEvent
from domain.state import GameState
from sim.replay import copy_of_start, folded_start
from sim.scenario import load_scenario
from sim.script_start import kept_script
from sim.selfplay import self_play


def events_share_row(ruleset: str, scenario_path: Path, turns: int, games: int, repeats: int) -> Row:
    """One ruleset's row: its events recorded twice (validated and folded) against whole games."""
    scenario = load_scenario(scenario_path)
    played = [self_play(scenario, turns, "random", seed) for seed in range(games)]
    kept = kept_script(scenario)
    shared = len(kept.events) if kept is not None else 1
    logs = [list(game.events) for game in played]
    start = kept.state if kept is not None else None

    def starts() -> list[GameState]:
        return [
            copy_of_start(start, 0) if start is not None else folded_start(log[:1]) for log in logs
        ]

    def events_twice() -> float:
        states = [*starts(), *starts()]  # the game's and its verification's, made off the clock
        begin = time.perf_counter()
        for state, log in zip(states, logs + logs, strict=True):
            _record(state, log[shared:])
        return time.perf_counter() - begin

    def whole_games() -> float:
        begin = time.perf_counter()
        for game in played:
            self_play(scenario, turns, "random", game.report.seed)
        return time.perf_counter() - begin

    found = interleaved({"events": events_twice, "games": whole_games}, repeats)
    share = found["events"] / found["games"]
    per_game = sum(len(log) - shared for log in logs) / len(logs)
    return Row(
        f"a self-played game's events alone, {ruleset}: each built and validated from its fields and applied to the state, twice (the "
        f"game and its verification), {per_game:,.0f} events a game past the kept start, {games} seeded games",
        f"{1e3 * found['events'] / games:.2f} ms a game", f"whole games: {1e3 * found['games'] / games:.2f} ms a game",
        f"{100 * share:.0f}% of a game", "(reported, no target)", None,
    )


def _record(state: GameState, events: list[GameEvent]) -> None:
    """What recording does to each event past the aggregate's bookkeeping: pydantic builds it
    from its fields, and it is folded into the state."""
    for event in events:
        made = type(event).__pydantic_validator__.validate_python(dict(event.__dict__))
        made.fold_into(state)
