"""``sim compare``: play N seeded games per rule variant and compare their outcomes.

Every variant plays the same games (game i has seed SEED+i in every variant; seats swapped in
the odd ones), so a difference between variants is the rule's and not the dice's. Everything
the command is given is checked before any game is played (the variants' options, the script
under each variant and seat, the figure's path, the scheduler, the store): bad input is one
line and exit 2, a scheduler or store that can't be reached exit 4, and nothing is stored.

Games run in this process (``--workers 1``), a local process pool (the default: one process per
core) or an existing Dask cluster (``--scheduler``); results are identical game for game. With
``--db`` each game's log is verified in its worker and the game stored, in one transaction, as
its result arrives: a game is stored whole or not at all. Ctrl-C stops the games under way,
reports the games that finished (all of them stored, with ``--db``) and exits 130.
"""

from __future__ import annotations

import time
from typing import Any, NoReturn

import click
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeRemainingColumn
from rich.text import Text

from domain.errors import BadInput
from sim.app import open_store
from sim.clikit import INTERRUPTED, Failed, check_seed, console, ctrl_c_held, emit, err, escape, guarded, play_file
from sim.compare.executors import ClusterError, Runner, batches_of, check_address, default_workers, runner_for
from sim.compare.games import GameJob, GameResult, make_jobs, seated
from sim.compare.plot import plot, require_matplotlib
from sim.compare.summary import summarise
from sim.compare.table import print_summary
from sim.compare.variants import Variant, apply_variant, option_changes, parse_variants, rules_of
from sim.infile import read_text, shown
from sim.rule_option import given, rule_options
from sim.runner import ScriptRefused, play
from sim.scenario import ScenarioBase
from sim.selfplay import POLICIES, check_games, check_turns
from sim.store import redact


class RateColumn(ProgressColumn):
    """Games per second since the start."""

    def render(self, task: Task) -> Text:
        elapsed = task.elapsed or 0.0
        rate = task.completed / elapsed if elapsed > 0 else 0.0
        return Text(f"{rate:.1f} games/s")


#: the most local processes ``--workers`` may start per core: games use a core each, so more buy
#: nothing, and each costs tens of MB (10**11 started one process per batch, 100 by default)
WORKERS_PER_CORE = 4


@click.command(name="compare")
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--variant", "variant_texts", multiple=True, metavar="NAME:OPT=VAL[,OPT=VAL]...",
              help="A rule variant: a name and the options it sets (repeatable; NAME: alone is the scenario as it is).")
@click.option("--games", type=int, default=100, show_default=True, help="Games per variant (1 to 10,000).")
@click.option("--turns", type=int, default=2, show_default=True, help="Turn limit per game (rounds in GODSGLOOM), 1 to 10,000.")
@click.option("--policy", default="greedy", show_default=True, help="greedy, random or lookahead.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of game 0; game i uses SEED+i in every variant.")
@click.option("--workers", type=int, default=None, help="Local worker processes (default: one per core, at most four per core; 1: this process).")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="An existing Dask cluster's scheduler.")
@click.option("--batch", type=int, default=1, show_default=True, help="Games per task sent to a worker.")
@click.option("--swap/--no-swap", default=True, show_default=True, help="The other player moves first in every odd game.")
@click.option("--db", default=None, help="Store every game (its log verified first): SQLite file or postgresql:// URL.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable summary, every game included.")
@click.option("--plot", "plot_file", type=click.Path(dir_okay=False), default=None, help="Write a figure (.png, .svg, .pdf).")
@rule_options
@guarded
def compare_command(
    scenario: str, variant_texts: tuple[str, ...], games: int, turns: int, policy: str, seed: int,
    workers: int | None, scheduler: str | None, batch: int, swap: bool, db: str | None, as_json: bool,
    plot_file: str | None,
) -> None:
    """Play GAMES seeded games of SCENARIO under each --variant and compare their outcomes: wins,
    draws and losses with 95% intervals, the first player's advantage, game length and movement
    counters, each variant against the first. SCENARIO may be - (standard input)."""
    _check_numbers(games, turns, seed, workers, batch, policy)
    if scheduler is not None:
        check_address(scheduler)  # its form, with the other options: before the file is read
    variants = parse_variants(variant_texts)
    played, _ = play_file(scenario)  # the file and its --option values, checked and played once
    base = played.scenario
    for variant in variants:
        _check_variant(base, variant, swap and games > 1)  # one game is never played swapped
    if plot_file is not None:
        require_matplotlib(plot_file)
    text = read_text(scenario)  # as play_file read it (``-``: standard input, read once)
    jobs = make_jobs(text, shown(scenario), given(), variants, games, seed, swap, turns, policy, keep=db is not None)
    try:
        runner = runner_for(workers or default_workers(), scheduler)
    except ClusterError as exc:
        _cluster_failed(exc)
    try:
        store = open_store(db) if db is not None else None
        results, stored, interrupted, elapsed = _play_all(runner, jobs, batch, store, as_json)
    except ClusterError as exc:
        _cluster_failed(exc)
    finally:
        runner.close()
    summary = summarise(results, variants, base.players)
    rules = [rules_of(base, v) for v in variants]
    for i, variant_summary in enumerate(summary["variants"]):  # what each changes, not what it names
        variant_summary["differs_from_first"] = option_changes(rules[0], rules[i]) if i else None
    summary = {
        "scenario": scenario, "title": base.title, "ruleset": base.ruleset, "policy": policy, "turns": turns,
        "games_per_variant": games, "seed": seed, "swap": swap, "options": given(), **summary,
        "run": {
            "where": runner.where, "planned": len(jobs), "finished": len(results), "interrupted": interrupted,
            "seconds": round(elapsed, 3), "games_per_second": round(len(results) / elapsed, 3) if elapsed > 0 else None,
            "store": redact(db) if db is not None else None, "stored": stored,
        },
    }
    if as_json:
        emit(summary)
    else:
        print_summary(console, summary)
        _print_run(summary["run"])
    if interrupted:
        err.print(f"interrupted: {len(results)} of {len(jobs)} games finished; the summary is of those; "
                  "no game was stored half-made")
    if plot_file is not None and results:
        played_games = f"{len(results)} of {len(jobs)} games (interrupted)" if interrupted else f"{games} games per variant"
        plot(summary, summary["games"], plot_file, f"{base.title}: {policy}, {played_games}")
    unverified = [r for r in results if r.verified is False]
    if interrupted:
        raise SystemExit(INTERRUPTED)
    if unverified:
        raise Failed(f"{len(unverified)} game(s) failed verification and were not stored: {unverified[0].verdict}")


#: the command, typed for the module that registers it (``sim.cli``, which this module imports)
compare: click.Command = compare_command


def _check_numbers(games: int, turns: int, seed: int, workers: int | None, batch: int, policy: str) -> None:
    check_turns(turns)
    check_games(games)
    if batch < 1:
        raise BadInput(f"--batch must be 1 or more, not {batch}", "--batch")
    if workers is not None and workers < 1:
        raise BadInput(f"--workers must be 1 or more, not {workers}", "--workers")
    most = WORKERS_PER_CORE * default_workers()
    if workers is not None and workers > most:
        raise BadInput(f"--workers must be at most {most:,} ({WORKERS_PER_CORE} per core here), not {workers:,}", "--workers")
    check_seed(seed)
    choices = [p for p in POLICIES if p != "scripted"]
    if policy not in choices:
        raise BadInput(f"unknown policy {policy!r}: expected one of {', '.join(choices)}", "--policy")


def _check_variant(base: ScenarioBase, variant: Variant, swap: bool) -> None:
    """The variant's options, and its script under each seat, before any game is played."""
    scenario = apply_variant(base, variant)
    for swapped in (False, True) if swap else (False,):
        seat = "with seats swapped" if swapped else "as written"
        try:
            game = play(seated(scenario, swapped)).game
        except ScriptRefused as exc:
            raise BadInput(f"the script is refused {seat}: script[{exc.index}]: {exc.error}", f"--variant {variant.name}") from None
        except BadInput as exc:
            raise BadInput(f"{seat}: {exc}", f"--variant {variant.name}") from None
        if not game.legal_commands():
            raise BadInput(f"the scenario leaves nobody a legal command {seat}", f"--variant {variant.name}")


def _play_all(
    runner: Runner, jobs: list[GameJob], batch: int, store: Any, quiet: bool
) -> tuple[list[GameResult], int, bool, float]:
    """Every job's result as it arrives, each game stored (verified) as it comes; on Ctrl-C,
    what finished."""
    results: list[GameResult] = []
    stored = 0
    interrupted = False
    start = time.perf_counter()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), RateColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True, disable=quiet or not err.is_terminal) as progress:
        task = progress.add_task(f"playing on {runner.where}", total=len(jobs))
        try:
            for result in runner.run(batches_of(jobs, batch)):
                with ctrl_c_held():  # a game stored is a game counted
                    if store is not None and result.verified:
                        store.record(result.log)
                        stored += 1
                    result.log = []
                    results.append(result)
                progress.advance(task)
        except KeyboardInterrupt:
            interrupted = True
    return results, stored, interrupted, time.perf_counter() - start


def _print_run(run: dict[str, Any]) -> None:
    rate = f", {run['games_per_second']:.1f} games/s" if run["games_per_second"] else ""
    console.print(escape(f"{run['finished']} of {run['planned']} games played on {run['where']} in {run['seconds']:.1f}s{rate}"))
    if run["store"] is not None:
        console.print(escape(f"{run['stored']} game(s) stored in {run['store']}, each log verified"))


def _cluster_failed(exc: ClusterError) -> NoReturn:
    """A cluster that can't be reached, or lost games too often: one line, exit 4."""
    err.print(f"[red]cluster error:[/red] {escape(str(exc))}", soft_wrap=True)
    raise SystemExit(4)
