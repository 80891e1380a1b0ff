"""Where the time goes: cProfile of one benchmark case, on the same data the harness builds.

    python -m benchmarks.profiles hex|sorcery|skirmish|record|replay|issue|file [--events N] [--top N]
    python -m benchmarks.profiles selfplay-godsgloom   # (or -sorcery, -skirmish, -tinyepic): 4 random games

Prints the functions taking most time by their own time and by cumulative time. The numbers
in RESULTS.md ("Where the time goes") come from this.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import tempfile
from collections.abc import Callable
from pathlib import Path

from benchmarks.boards import hex_board, skirmish_board, sorcery_realm
from benchmarks.games import long_game, store_game
from projections.lookahead import Lookahead

CASES = (
    "hex", "sorcery", "skirmish", "record", "replay", "issue", "file",
    "selfplay-sorcery", "selfplay-godsgloom", "selfplay-skirmish", "selfplay-tinyepic",
)


def profiled(func: Callable[[], object], top: int, title: str) -> str:
    profile = cProfile.Profile()
    profile.enable()
    func()
    profile.disable()
    parts = []
    for key in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats(key).print_stats(top)
        parts.append(f"===== {title}, by {key}\n" + "\n".join(out.getvalue().splitlines()[6:]))
    return "\n".join(parts)


def workload(case: str, events: int, work: Path) -> tuple[Callable[[], object], str]:
    """The thing measured, with its data already built."""
    if case.startswith("selfplay-"):
        from benchmarks.cases import SELF_PLAY
        from sim.scenario import load_scenario
        from sim.selfplay import self_play

        ruleset = case.removeprefix("selfplay-")
        scenario = load_scenario(Path(__file__).resolve().parent.parent / "examples" / SELF_PLAY[ruleset])
        self_play(scenario, 2, "random", 99)  # modules imported, caches warm: as in the table
        return (lambda: [self_play(scenario, 10, "random", seed) for seed in range(4)]), f"self-play, {ruleset}, 4 games of 10 turns"
    if case == "hex":
        board = hex_board(100, 200, 10)
        hexes = board.lookahead()
        hexes.range_of_motion(board.unit)  # the state's indexes built: a warm question, as in the table
        return (lambda: [hexes.range_of_motion(board.unit) for _ in range(100)]), "hex range of motion x100, 100x100, 200 enemies"
    if case == "sorcery":
        game, unit, _ = sorcery_realm()
        realm = Lookahead.from_events(game.pending_events)  # type: ignore[arg-type]
        realm.range_of_motion(unit).settle()  # the view's indexes built: a warm question, as in the table
        def queries() -> None:
            for _ in range(300):
                answer = realm.range_of_motion(unit)
                answer.paths, answer.reasons  # noqa: B018  # as the table: every path and every reason

        return queries, "Sorcery range of motion x300, paths and reasons"
    if case == "skirmish":
        table = skirmish_board(48.0, 30, 10, 20)
        look = table.lookahead()
        look.range_of_motion(table.unit).as_json()  # tables and key points built: a warm question
        return (lambda: [look.range_of_motion(table.unit).as_json() for _ in range(20)]), "skirmish area x20"
    from sim.app import open_store

    if case == "record":
        store = open_store(str(work / "record.sqlite"))

        def record() -> None:
            game = long_game(events, after_command=lambda g: store.save(g) if len(g.pending_events) >= 1000 else None)
            store.save(game)

        return record, f"recording {events:,} events"
    stored = list(long_game(events).pending_events)
    store = open_store(str(work / "game.sqlite"))
    store_game(store, stored, 1000)  # type: ignore[arg-type]
    game_id = stored[0].originator_id
    if case == "replay":
        return (lambda: store.game(game_id)), f"replay of {len(stored):,} events from SQLite"
    if case == "issue":
        return (lambda: store.issue(game_id, {"command": "end_turn"})), f"one command into {len(stored):,} events"
    from click.testing import CliRunner

    from sim.cli import main
    from sim.logfile import write_jsonl

    log = work / "game.jsonl"
    with open(log, "w", encoding="utf-8") as out:
        write_jsonl(stored, out)  # type: ignore[arg-type]
    return (lambda: CliRunner().invoke(main, ["replay", str(log)])), f"sim replay FILE, {len(stored):,} events"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.profiles")
    parser.add_argument("case", choices=CASES)
    parser.add_argument("--events", type=int, default=100_000, help="events in the long game (record: 20,000 is plenty)")
    parser.add_argument("--top", type=int, default=20)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="sim-profile-") as work:
        func, title = workload(args.case, args.events, Path(work))
        print(profiled(func, args.top, title))


if __name__ == "__main__":
    main()
