"""How much of a self-played game its events alone cost, and how much of issue 20's budget
(a game at 10x the speed of the code before) they take before any rule runs.

A game records each event once while it is played (pydantic builds it from its fields, then it
is folded into the state) and folds it once more while its log is verified (the re-run folds the
logged event itself where the rules give its equal: ``sim.replay._LoggedRecorder``). This case
times exactly that for the events of seeded random games, past the start they share with the
scenario's kept script (``sim.script_start``), and sets it beside the time the same games take
whole. What is left beside the events is the rules (resolution, the movement models, the
ruleset's commands), the legal commands the policy chooses among, and each game's fixed costs.

With the code before issue 20 measured in the same run (``benchmarks.code_before``), the row
also says what share of the target's budget the events take: the time a game may take at 10x
the code before, both sides normalised by a bare ``eventsourcing`` aggregate recording to
SQLite (``benchmarks.selfplay_probe.bare_recording``), measured here between the samples as the
probes measure it between theirs. When the events alone take most of that budget, the target
asks the rest of a game to shrink by the factor the row gives: a floor no tuning of the rules
moves, set by recording each move step as a validated event and verifying every game.
"""

from __future__ import annotations

import time
from pathlib import Path

from benchmarks.code_before import Probed
from benchmarks.harness import Row, interleaved
from benchmarks.selfplay_probe import bare_recording
from domain.event_base import GameEvent
from domain.state import GameState
from sim.replay import copy_of_start, folded_start
from sim.scenario import load_scenario
from sim.script_start import kept_script
from sim.selfplay import self_play

#: issue 20's self-play target: this many times the code before, normalised
TARGET_GAIN = 10
#: events the bare aggregate records per sample (as the probes' samples)
BARE_EVENTS = 20_000


def events_share_row(
    ruleset: str, scenario_path: Path, turns: int, games: int, repeats: int, before: Probed | None = None,
) -> Row:
    """One ruleset's row: its events recorded as a verified game records them, against whole
    games and, given ``before`` (the code before, probed in this run), against the target."""
    scenario = load_scenario(scenario_path)
    played = [self_play(scenario, turns, "random", seed) for seed in range(games)]
    kept = kept_script(scenario)
    logs = [list(game.events) for game in played]
    # where each game's own events begin: past the kept start, or past a kept whole play of the
    # script when the game's seed rolled its dice (``sim.script_start``), as the game began
    starts_of: list[tuple[int, GameState | None]] = []
    for game in played:
        play = kept.play_for(game.game.state.seed) if kept is not None else None
        if play is not None:
            starts_of.append((len(play.events), play.state))
        elif kept is not None:
            starts_of.append((len(kept.events), kept.state))
        else:
            starts_of.append((1, None))
    turns_played = sum(game.report.turns for game in played)

    def starts() -> list[GameState]:
        return [
            copy_of_start(start, 0) if start is not None else folded_start(log[:1])
            for (_, start), log in zip(starts_of, logs, strict=True)
        ]

    def events_alone() -> float:
        states, checked = starts(), starts()  # the game's and its verification's, made off the clock
        begin = time.perf_counter()
        for state, log, (shared, _) in zip(states, logs, starts_of, strict=True):
            _record(state, log[shared:])
        for state, log, (shared, _) in zip(checked, logs, starts_of, strict=True):
            _fold(state, log[shared:])
        return time.perf_counter() - begin

    def whole_games() -> float:
        begin = time.perf_counter()
        for game in played:
            self_play(scenario, turns, "random", game.report.seed)
        return time.perf_counter() - begin

    samplers = {"events": events_alone, "games": whole_games}
    if before is not None:
        samplers["bare"] = lambda: bare_recording(BARE_EVENTS) / BARE_EVENTS
    found = interleaved(samplers, repeats)
    share = found["events"] / found["games"]
    per_game = sum(len(log) - shared for log, (shared, _) in zip(logs, starts_of, strict=True)) / len(logs)
    what = (
        f"a self-played game's events alone, {ruleset}: each built and validated from its fields and folded (the game), "
        f"then folded again (its verification), {per_game:,.0f} events a game past the kept start or play, {games} seeded games"
    )
    ratio = f"{100 * share:.0f}% of a game"
    if before is not None:
        # the time a game may take at the target, in this process's seconds: the before's turns
        # per 1,000 bare events, times the target, read back through this run's bare aggregate
        budget = turns_played / games / (TARGET_GAIN * before.normalised) * 1_000 * found["bare"]
        floor = found["events"] / games
        rest_now = (found["games"] - found["events"]) / games
        ratio += f"; {100 * floor / budget:.0f}% of the time a game may take at {TARGET_GAIN}x the code before ({1e3 * budget:.2f} ms)"
        if found["games"] / games <= budget:
            ratio += f": a whole game already takes {100 * found['games'] / games / budget:.0f}% of it"
        elif floor < budget:
            ratio += f": the rest of a game would have to be {rest_now / (budget - floor):.1f}x cheaper than now"
        else:
            ratio += ": the target is below what the events alone cost"
    return Row(
        what, f"{1e3 * found['events'] / games:.2f} ms a game", f"whole games: {1e3 * found['games'] / games:.2f} ms a game",
        ratio, "(reported, no target)", None,
    )


def _record(state: GameState, events: list[GameEvent]) -> None:
    """What recording does to each event past the aggregate's bookkeeping: pydantic builds it
    from its fields, and it is folded into the state."""
    for event in events:
        made = type(event).__pydantic_validator__.validate_python(dict(event.__dict__))
        made.fold_into(state)


def _fold(state: GameState, events: list[GameEvent]) -> None:
    """What verifying does to each logged event the rules give again: it is folded as it is."""
    for event in events:
        event.fold_into(state)
