"""Measured, not guessed: replay, lookahead and store costs, each against a baseline in the same run.

Run: ``python benchmarks/bench_core.py [--turns N]``. Prints medians of several repeats and the
ratio to the baseline named on each line. Not part of the test suite: timings depend on the machine.

Baselines:
- replay from SQLite with the library's default projector vs our fast projector;
- folding all events into a state (what replay and the lookahead do) vs building the aggregate;
- a range-of-motion query on a full realm vs the same query on an empty 3-site row;
- range of motion on a hex mat and on the inch table vs on the Sorcery realm.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from uuid import UUID

from domain.game import Game
from projections.lookahead import Lookahead
from projections.state_hash import fold
from sim.app import open_store

FULL_REALM_UNITS = [
    ("wizard", "Apprentice Wizard"),
    ("nomads", "Rimland Nomads"),
    ("steed", "Phantom Steed"),
    ("spirit", "Cloud Spirit"),
    ("hounds", "Hounds of Ondaros"),
]
LAND = ["Valley", "Steppe", "Wasteland", "Spire", "Ruins"]


def long_game(turns: int) -> Game:
    """Two walkers cross the realm back and forth for ``turns`` turns (about 9 events a turn)."""
    game = Game.start("sorcery", ["p1", "p2"], "p1")
    sites = [{"at": sq, "card": LAND[sq % 5], "controller": "p1" if sq <= 10 else "p2"} for sq in range(1, 21)]
    units = [
        {"id": "walker1", "card": "Rimland Nomads", "owner": "p1", "at": 11},
        {"id": "walker2", "card": "Rimland Nomads", "owner": "p2", "at": 15},
    ]
    game.issue({"command": "set_up", "sites": sites, "units": units})
    for turn in range(turns):
        player = "p1" if turn % 2 == 0 else "p2"
        walker = "walker1" if player == "p1" else "walker2"
        here = int(game.state.units[walker].location or "11")
        column = (here - 1) % 5
        step = 1 if column < 2 else -1
        path = [str(here + step), str(here + 2 * step)]
        game.issue({"command": "move_and_attack", "unit": walker, "path": path})
        game.issue({"command": "end_turn", "player": player})
    return game


def full_realm() -> Game:
    game = Game.start("sorcery", ["p1", "p2"], "p1")
    sites = [
        {"at": sq, "card": "Stream" if sq in (7, 8, 12, 13) else LAND[sq % 5], "controller": "p1"} for sq in range(1, 21)
    ]
    units = [{"id": uid, "card": card, "owner": "p1", "at": 3 + i * 4} for i, (uid, card) in enumerate(FULL_REALM_UNITS)]
    game.issue({"command": "set_up", "sites": sites, "units": units, "artifacts": [
        {"id": "globe", "card": "Magellan Globe", "controller": "p1", "at": 1},
        {"id": "boots", "card": "Seven-League Boots", "bearer": "hounds"},
    ]})
    return game


def small_row() -> Game:
    game = Game.start("sorcery", ["p1", "p2"], "p1")
    sites = [{"at": sq, "card": "Valley", "controller": "p1"} for sq in (11, 12, 13)]
    game.issue({"command": "set_up", "sites": sites, "units": [{"id": "hounds", "card": "Hounds of Ondaros", "owner": "p1", "at": 11}]})
    return game


def median_seconds(func: Callable[[], object], repeats: int) -> float:
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        func()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def row(name: str, seconds: float, baseline: float | None = None, per: int | None = None, unit: str = "events") -> None:
    rate = f"{per / seconds:>10,.0f} {unit}/s" if per else " " * 20
    ratio = f"x{baseline / seconds:.2f} vs baseline" if baseline else "baseline"
    print(f"{name:<58} {seconds * 1000:>9.2f} ms {rate}  {ratio}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--turns", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()

    game = long_game(args.turns)
    events = list(game.pending_events)
    count = len(events)
    print(f"long game: {args.turns} turns, {count} events; medians of {args.repeats} runs\n")

    with tempfile.TemporaryDirectory() as tmp:
        db = str(Path(tmp) / "bench.sqlite")
        store = open_store(db)
        start = time.perf_counter()
        store.add(game)
        save = time.perf_counter() - start
        row("SQLite: save the whole game in one transaction", save, per=count)
        game_id: UUID = game.id
        default = median_seconds(lambda: store.repository.get(game_id), args.repeats)
        fast = median_seconds(lambda: store.game(game_id), args.repeats)
        row("SQLite replay, library default projector", default, per=count)
        row("SQLite replay, fast projector (GameStore.game)", fast, default, per=count)

    aggregate = median_seconds(lambda: _rebuild_aggregate(events), args.repeats)
    folded = median_seconds(lambda: fold(events), args.repeats)
    lookahead = median_seconds(lambda: Lookahead.from_events(events), args.repeats)
    print()
    row("in memory: rebuild the aggregate from its events", aggregate, per=count)
    row("in memory: fold events into a state (replay)", folded, aggregate, per=count)
    row("in memory: build the lookahead (fact events only)", lookahead, aggregate, per=count)

    small, full = small_row(), full_realm()
    small_look = Lookahead.from_events(small.pending_events)
    full_look = Lookahead.from_events(full.pending_events)
    base = median_seconds(lambda: small_look.range_of_motion("hounds"), args.repeats * 20)
    heavy = median_seconds(lambda: full_look.range_of_motion("hounds"), args.repeats * 20)
    print()
    row("range of motion: Hounds on a 3-site row", base, per=1, unit="queries")
    row("range of motion: Hounds + Boots on a full wrapped realm", heavy, base, per=1, unit="queries")
    print()
    lookahead_per_ruleset(args.repeats)


def lookahead_per_ruleset(repeats: int) -> None:
    """One range-of-motion answer on each board kind, against the Sorcery realm as baseline."""
    from sim.runner import play
    from sim.scenario import load_scenario

    examples = Path(__file__).resolve().parent.parent / "examples"

    def look(name: str) -> Lookahead:
        return play(load_scenario(examples / name)).lookahead(after=0)

    sorcery = look("sorcery/07a-phantom-steed-shark-fights-steed-first.yaml")
    hexes = look("godsgloom/12-nimble.yaml")
    table = look("skirmish/10-moving-through-units.yaml")
    base = median_seconds(lambda: sorcery.range_of_motion("steed"), repeats * 10)
    row("Sorcery: range of motion of a 3-step Voidwalker", base, per=1, unit="queries")
    hex_time = median_seconds(lambda: hexes.range_of_motion("rangers"), repeats * 10)
    row("GODSGLOOM: range of motion incl. trait alternatives", hex_time, base, per=1, unit="queries")
    point = median_seconds(lambda: table.range_of_motion("scout").answer("6,14"), repeats)  # type: ignore[attr-defined]
    row("skirmish: one point (graph build + two searches)", point, base, per=1, unit="queries")
    area = median_seconds(lambda: table.range_of_motion("scout").as_json(), 1)
    row("skirmish: reachable areas on a 30x20 table (1\" grid)", area, base, per=1, unit="queries")


def _rebuild_aggregate(events: list[object]) -> Game:
    game = None
    for event in events:
        game = event.mutate(game)  # type: ignore[attr-defined]
    assert game is not None
    return game


if __name__ == "__main__":
    main()
