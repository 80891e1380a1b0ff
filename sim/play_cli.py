"""``sim legal`` and ``sim play``: what the player to act may do, and whole turns of self-play."""

from __future__ import annotations

import json
import os
import time
from collections import deque
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from itertools import islice
from typing import Any

import click

from domain.errors import BadInput
from domain.event_base import GameEvent
from domain.events import labelled_command
from sim.app import open_store
from sim.clikit import INTERRUPTED, Failed, check_seed, console, ctrl_c_held, guarded, labeler, play_file
from sim.console import err, escape, print_table
from sim.console import progress as progress_bar
from sim.console import table as new_table
from sim.diagnostics import as_json as diagnostics_json
from sim.diagnostics import diagnostics_of, print_diagnostics
from sim.infile import read_text, shown
from sim.rule_option import given, rule_options, with_options
from sim.scenario import parse_scenario
from sim.selfplay import POLICIES, GameReport, SelfPlayer, TurnClock, check_games, check_turns, self_play
from sim.store import parse_address
from sim.yamlfile import load_yaml, script_line


@click.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@rule_options
@guarded
def legal(scenario: str, as_json: bool) -> None:
    """The commands the player to act may issue after SCENARIO's script (python-chess's legal_moves).

    SCENARIO may be - (standard input)."""
    played, _ = play_file(scenario)
    game = played.game
    player = game.rules.to_act(game.state)
    commands = game.legal_commands()
    # what the ruleset does not model of the cards in play: the commands listed are the rules'
    # as far as it models them (never a silent answer)
    found = diagnostics_of(game.state)
    if as_json:
        listed = [c.model_dump(mode="json") for c in commands]
        click.echo(json.dumps({"player": player, "commands": listed, "diagnostics": diagnostics_json(found)}, indent=2))
        return
    label = labeler(played)
    console.print(escape(f"{len(commands)} legal command(s) for {player}, as a script writes them:"))
    # one print of plain lines: rich reading each of tens of thousands of lines for markup (a
    # board of many portals) took longer than finding the commands
    lines = ["  - " + script_line(labelled_command(command.model_dump(mode="json"), label)) for command in commands]
    if lines:
        console.print("\n".join(lines), markup=False)
    print_diagnostics(console, found)


#: the worker process's player of the scenario (``_start_worker``)
_PLAYER: SelfPlayer | None = None


def _start_worker(text: str, name: str, options: dict[str, Any]) -> None:
    """Read the scenario (with the command's ``--option`` values) once in each worker process,
    not once per game: every game of ``--games`` is of the same scenario. Its text is handed
    over, not its path: standard input (``-``) was read by the command, not by the workers."""
    global _PLAYER
    _PLAYER = SelfPlayer(with_options(parse_scenario(load_yaml(text, name)), options))


def _one_game(args: tuple[int, str, int]) -> tuple[GameReport, list[GameEvent]]:
    """One self-played game, in a worker process (``_start_worker`` read its scenario): its
    report and its log, which is all the command stores and prints. The game's state is not
    sent back: a run of thousands of games would otherwise hold every one of them."""
    turns, policy, seed = args
    assert _PLAYER is not None  # the pool's initializer made it
    played = _PLAYER.play(turns, policy, seed)
    return played.report, played.events


#: games handed to the workers ahead of the one stored next, per worker: enough that a worker
#: never waits for the store, few enough that games finished faster than they are stored do
#: not pile up (``pool.map`` hands out every game at once, and holds every result not yet read)
IN_FLIGHT_PER_WORKER = 4


def _in_order(pool: ProcessPoolExecutor, jobs: list[tuple[int, str, int]], window: int) -> Iterator[tuple[GameReport, list[GameEvent]]]:
    """Each job's game, in the jobs' order, with at most ``window`` of them handed out and not
    yet read: ``pool.map``'s results, in bounded memory."""
    waiting: deque[Future[tuple[GameReport, list[GameEvent]]]] = deque()
    queued = iter(jobs)
    for job in islice(queued, window):
        waiting.append(pool.submit(_one_game, job))
    while waiting:
        done = waiting.popleft().result()
        following = next(queued, None)
        if following is not None:
            waiting.append(pool.submit(_one_game, following))
        yield done


@click.command(name="play")
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--turns", type=int, default=1, show_default=True, help="Turns to play after the script (rounds in GODSGLOOM), 1 to 10,000.")
@click.option("--policy", default="greedy", show_default=True, help=f"How commands are chosen: {', '.join(POLICIES)}.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game (policy and dice), 0 or more; game i uses seed+i.")
@click.option("--games", type=int, default=1, show_default=True, help="Games to play (1 to 10,000), in parallel processes.")
@click.option("--db", default="sim.sqlite", show_default=True, help="Where the games are stored.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable summary.")
@rule_options
@guarded
def play_command(scenario: str, turns: int, policy: str, seed: int, games: int, db: str, as_json: bool) -> None:
    """Play whole turns for both players: the script first, then POLICY chooses among the legal
    commands. Every game is stored, and every game's log is verified. SCENARIO may be -
    (standard input)."""
    if policy not in POLICIES:
        raise BadInput(f"unknown policy {policy!r}: expected one of {', '.join(POLICIES)}", "--policy")
    check_turns(turns)
    check_games(games)
    check_seed(seed)
    parse_address(db)
    played, _ = play_file(scenario)  # bad input is refused here, before any game is played
    store = open_store(db)  # a store that can't be written is refused before any game is played too
    jobs = [(turns, policy, seed + i) for i in range(games)]
    reports: list[GameReport] = []

    def keep(report: GameReport, events: list[GameEvent]) -> None:
        """Store one finished game (its own transaction) and keep only its report."""
        with ctrl_c_held():
            began = time.perf_counter()
            store.record(events)
            report.clock.storing += time.perf_counter() - began
            reports.append(report)

    started = time.perf_counter()
    interrupted = False
    with progress_bar(quiet=as_json) as progress:
        try:
            if games == 1:  # one game: its turns are the progress
                task = progress.add_task(f"playing {turns} turn(s)", total=turns)
                one = self_play(played.scenario, turns, policy, seed, on_turn=lambda n: progress.advance(task, n))
                keep(one.report, one.events)
            else:
                task = progress.add_task(f"playing {games} game(s)", total=games)
                workers = min(games, os.cpu_count() or 1)
                pool = ProcessPoolExecutor(max_workers=workers, initializer=_start_worker, initargs=(read_text(scenario), shown(scenario), given()))
                try:
                    # each game stored as it arrives, while the workers play on: what is held
                    # is the reports, not the games
                    for report, events in _in_order(pool, jobs, IN_FLIGHT_PER_WORKER * workers):
                        keep(report, events)
                        progress.advance(task)
                finally:
                    # a game or a write that failed, or Ctrl-C, stops the run: the games not
                    # started are dropped rather than played to the end first
                    pool.shutdown(wait=True, cancel_futures=True)
        except KeyboardInterrupt:  # Ctrl-C: the games finished are stored; say so, as sim compare does
            interrupted = True
    playing = time.perf_counter() - started
    # self-play brings no card into play (a hand is not modelled): what the games do not model
    # is what the scenario's board after its script does not
    found = diagnostics_of(played.game.state)
    if as_json:
        click.echo(json.dumps({**_summary(reports, policy, db, playing, games, interrupted), "diagnostics": diagnostics_json(found)}, indent=2))
    elif reports:
        _print_summary(reports, policy, db, playing)
        print_diagnostics(console, found)
    if interrupted:
        err.print(f"interrupted: {len(reports)} of {games} game(s) finished and stored; the summary is of those; "
                  "no game was stored half-made")
        raise SystemExit(INTERRUPTED)
    unverified = [r for r in reports if not r.verified]
    if unverified:
        raise Failed(f"{len(unverified)} game(s) failed verification: {unverified[0].verdict}")


def _clock(reports: list[GameReport]) -> TurnClock:
    total = TurnClock()
    for report in reports:
        total.add(report.clock)
    return total


def _summary(
    reports: list[GameReport], policy: str, db: str, playing: float, planned: int | None = None, interrupted: bool = False,
) -> dict[str, object]:
    """The games, their totals, and the speed: turns per second of the time the run took (all
    games, in parallel when several, each stored as it finished) and, summed over the games,
    where the time went."""
    turns = sum(r.turns for r in reports)
    return {
        "policy": policy,
        "store": db,
        "games": [r.as_json() for r in reports],
        "totals": {
            "planned": len(reports) if planned is None else planned,
            "interrupted": interrupted,
            "games": len(reports),
            "turns": sum(r.turns for r in reports),
            "commands": sum(r.commands for r in reports),
            "events": sum(r.events for r in reports),
            "deaths": sum(len(r.deaths) for r in reports),
            "verified": sum(r.verified for r in reports),
            "turns_per_second": round(turns / playing, 2) if playing > 0 else None,
            "seconds": {name: round(value, 6) for name, value in _clock(reports).parts().items()},
        },
    }


#: the terminal width from which the play summary's table holds where units ended as a column
WIDE = 160


def _print_summary(reports: list[GameReport], policy: str, db: str, playing: float) -> None:
    # where the units ended is a column when it fits (always in a pipe); else a line per game below
    # the table, with the game's whole id (the table then shows its first 8 characters, a prefix
    # every command that takes a game id accepts)
    beside = console.width >= WIDE
    columns = ["game", "seed", "turns", "commands", "events", "deaths", "score", "result",
               *(["where units ended"] * beside), "verified", "ended"]
    table = new_table(f"self-play ({policy})", *columns, right=("seed", "turns", "commands", "events"), whole=("game",))
    below: list[str] = []
    for r in reports:
        where = ", ".join(f"{unit} at {at}" for unit, at in r.positions.items()) or "-"
        table.add_row(
            str(r.game_id) if beside else str(r.game_id)[:8], str(r.seed), str(r.turns), str(r.commands), str(r.events),
            ", ".join(r.deaths) or "-", _scores(r), _result(r), *([where] * beside), "yes" if r.verified else "NO", r.stopped,
        )
        below.append(f"  {r.game_id}: {where}")
    print_table(console, table)
    if not beside:
        console.print("where the units ended, by game:")
        console.print(escape("\n".join(below)))
    totals = _summary(reports, policy, db, playing)["totals"]
    assert isinstance(totals, dict)
    console.print(escape(
        f"{totals['games']} game(s), {totals['turns']} turn(s), {totals['events']} events, "
        f"{totals['deaths']} death(s), {totals['verified']} verified; stored in {db}"
    ))
    turns = int(totals["turns"])
    if turns:
        console.print(
            f"{totals['turns_per_second']} turn(s) per second; where a turn's time went: {_clock(reports).describe(turns)}"
        )
    else:  # the script alone (--policy scripted), or games that ended before a turn: no speed per turn
        console.print(f"no turn played; where the time went: {_clock(reports).describe(0)}")


def _scores(report: GameReport) -> str:
    """Each player's score, as the ruleset's outcome defines it (docs per ruleset)."""
    if report.outcome is None:
        return "-"
    return ", ".join(f"{p} {s.score:g}" for p, s in report.outcome.standings.items())


def _result(report: GameReport) -> str:
    if report.outcome is None:
        return "-"
    results = report.outcome.results()
    winners = [p for p, r in results.items() if r == "win"]
    text = f"{winners[0]} wins" if winners else "draw"
    return f"{text} ({report.outcome.reason})" if report.outcome.ended else f"{text} on score"
