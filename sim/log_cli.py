"""``sim run``, ``log``, ``replay``, ``games``, ``db`` and ``demo``: stored games and their JSON Lines logs."""

from __future__ import annotations

import json
import sys
from importlib import resources
from pathlib import Path

import click

from domain.errors import BadInput
from domain.ruleset import get_ruleset
from projections.lookahead import Lookahead
from projections.state_hash import fold, state_hash
from sim import jsonout, logs
from sim.app import init_store, open_store
from sim.clikit import JSON_OPTION, Failed, check_seed, console, emit, err, escape, guarded, labeler, play_file
from sim.console import heading
from sim.diagnostics import as_json as diagnostics_json
from sim.diagnostics import diagnostics_of, print_diagnostics
from sim.logfile import read_log, write_jsonl, write_log_file
from sim.logimport import import_log
from sim.outfile import STDOUT_HELP, is_stdout
from sim.render import print_events, print_reach, print_state
from sim.replay import Replayed, verify
from sim.rule_option import rule_options
from sim.runner import play
from sim.scenario import parse_scenario
from sim.store import parse_address
from sim.yamlfile import load_yaml


@click.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--db", default="sim.sqlite", show_default=True, help="SQLite file, postgresql:// URL or :memory:.")
@click.option("--seed", type=int, default=None, help="Seed for dice (overrides the scenario's).")
@JSON_OPTION
@rule_options
@guarded
def run(scenario: str, db: str, seed: int | None, as_json: bool) -> None:
    """Play SCENARIO's script, print its events, store the game and print its id.

    SCENARIO may be - (standard input)."""
    check_seed(seed)
    parse_address(db)  # a store that can't be used is refused before the game is played
    played, _ = play_file(scenario, seed=seed)
    store = open_store(db)
    store.add(played.game)
    logs.log_played(played)
    found = diagnostics_of(played.game.state)
    if as_json:
        emit(jsonout.played_game(
            played.game.id, played.scenario.title, played.events, labeler(played), store.address.shown,
            state_hash(played.game.state), diagnostics_json(found),
        ))
        return
    print_events(console, played.events, labeler(played))
    print_diagnostics(console, found)
    console.print(escape(f"game {played.game.id} stored in {store.address.shown}"))


@click.group()
def log() -> None:
    """Game logs as JSON Lines."""


@log.command("export")
@click.argument("game_id")
@click.option("--db", required=True, help="The store holding the game.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None,
              help=f"File to write (default: standard output); {STDOUT_HELP}")
@guarded
def export(game_id: str, db: str, output: str | None) -> None:
    """Write GAME_ID's events as JSON Lines, one event per line."""
    store = open_store(db, create=False)
    events = list(store.game_events(store.find_game(game_id, "GAME_ID")))
    if not events:
        raise BadInput(f"no game {game_id} in {store.address.shown}")
    if output is None or is_stdout(output):
        write_jsonl(events, sys.stdout)
        sys.stdout.flush()  # a closed pipe shows here, inside the error handling
        return
    count = write_log_file(events, Path(output))
    err.print(escape(f"{count} events written to {output}"))


@log.command("import")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--db", default="sim.sqlite", show_default=True, help="The store to import into.")
@JSON_OPTION
@guarded
def import_command(file: str, db: str, as_json: bool) -> None:
    """Store the game of a JSON Lines log: every line checked first, then all events at once.

    FILE may be - (standard input: sim log export ID --db A | sim log import - --db B)."""
    checked = read_log(file)  # before the store is opened: a refused log leaves no trace
    store = open_store(db)
    result = import_log(checked, store)
    chain = "hash chain checked" if result.chained else "no hash chain (exported before chains)"
    if as_json:
        emit({"game": str(result.game), "store": store.address.shown, "events": result.events,
              "chain": "intact" if result.chained else "absent", "imported": not result.already})
        return
    if result.already:
        console.print(escape(f"game {result.game} is already in {store.address.shown}, identical: nothing imported"))
    else:
        console.print(escape(f"game {result.game} imported into {store.address.shown}: {result.events} events, {chain}"))


@click.command(name="replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--verify", "check_rules", is_flag=True, help="Also re-run the logged commands under the rules.")
@click.option("--at", "at", type=int, default=None, help="Show the state right after event number AT.")
@JSON_OPTION
@guarded
def replay_command(file: str, check_rules: bool, at: int | None, as_json: bool) -> None:
    """Rebuild a game from a JSON Lines log; print its final state and state hash.

    Every line is checked first, the hash chain too (a line that breaks it is named; exit 2).
    With --verify, exit 1 when the rules disagree with the log. FILE may be - (standard
    input)."""
    # the log is read line by line into its state: without --verify its events are not kept
    log_file = read_log(file, keep_events=check_rules, at=at)
    if at is not None and not 1 <= at <= log_file.count:
        raise BadInput(f"--at must be between 1 and {log_file.count}, the events in the log")
    state = log_file.state if at is None else log_file.state_at
    assert state is not None
    result = Replayed(state=state, hash=state_hash(state), events=log_file.count if at is None else at)
    verdict = verify(log_file.events) if check_rules else None
    # a start a new game would refuse (an older version's bounds): replayed as played, said so
    notes = result.state.options.outside_a_new_game()
    if as_json:
        emit({
            "game": str(log_file.game),
            "events": result.events,
            "state_hash": result.hash,
            "chain": "intact" if log_file.chained else "absent",
            "state": result.state.model_dump(mode="json"),
            "verified": None if verdict is None else {"ok": verdict.ok, "checked": verdict.checked, "message": verdict.message, "notes": list(verdict.notes)},
            "diagnostics": diagnostics_json(diagnostics_of(result.state)),
            "notes": notes,
        })
    else:
        rules = get_ruleset(result.state.ruleset)
        print_state(console, result.state, lambda loc: rules.label(result.state, loc))
        chain = "hash chain intact" if log_file.chained else "no hash chain (exported before chains)"
        console.print(f"{result.events} events; state hash {result.hash}; {chain}")
        if verdict is not None and verdict.ok:
            console.print(escape(f"verified: {verdict.message}"))  # its message holds the notes
        else:  # no verdict, or one that failed: the start's notes may be what explains it
            for note in notes:
                if verdict is None or note not in verdict.message:
                    console.print(escape(f"note: {note}"))
        print_diagnostics(console, diagnostics_of(result.state))
    if verdict is not None and not verdict.ok:
        raise Failed(f"verification: {verdict.message}")


#: the units whose range of motion the demo shows after its game
DEMO_UNITS = ("steed",)


@click.command()
@click.option("--db", default="sim-demo.sqlite", show_default=True, help="Where the demo game is stored.")
@JSON_OPTION
@guarded
def demo(db: str, as_json: bool) -> None:
    """Play a bundled Sorcery scenario: steps, triggers and fights, then a range-of-motion answer."""
    text = resources.files("sim").joinpath("demo.yaml").read_text("utf-8")
    located = load_yaml(text, "demo.yaml")
    played = play(parse_scenario(located))
    store = open_store(db)
    store.add(played.game)
    shown = store.address.shown
    lookahead = Lookahead.from_events(played.events)
    if as_json:
        data = jsonout.played_game(
            played.game.id, played.scenario.title, played.events, labeler(played), shown,
            state_hash(played.game.state), diagnostics_json(diagnostics_of(played.game.state)),
        )
        emit({**data, "reach": [jsonout.reach(lookahead.range_of_motion(unit)) for unit in DEMO_UNITS]})
        return
    heading(played.scenario.title)
    if played.scenario.description:
        console.print(played.scenario.description.strip())
    print_events(console, played.events, labeler(played))
    heading("range of motion (lookahead: ongoing effects on, triggers off)")
    for unit in DEMO_UNITS:
        print_reach(console, lookahead.range_of_motion(unit))
    state = fold(played.events)
    console.print(escape(f"game {played.game.id} stored in {shown}; state hash {state_hash(state)[:16]}"))
    console.print(escape(f"next: sim log export {played.game.id} --db {shown} -o demo.jsonl && sim replay demo.jsonl --verify"))


@click.group()
def db() -> None:
    """Game stores."""


@db.command("init")
@click.option("--db", "db_name", default="sim.sqlite", show_default=True, help="SQLite file, postgresql:// URL.")
@guarded
def db_init(db_name: str) -> None:
    """Create the store's schema (tables, index, type, function); harmless when it exists.

    Opening a store to write creates the schema too, safely under concurrency; this does it once,
    ahead of time, for example before many processes start at once or with a role that may create
    tables when the players' role may not."""
    store = init_store(db_name)
    console.print(escape(f"store ready: {store.address.shown}"))


@click.command()
@click.option("--db", "db_name", default="sim.sqlite", show_default=True, help="The store to list.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@guarded
def games(db_name: str, as_json: bool) -> None:
    """The stored games: id, ruleset, title, number of events and the time of the last one."""
    store = open_store(db_name, create=False)
    summaries = store.summaries()
    if as_json:
        click.echo(json.dumps({"store": store.address.shown, "games": [s.as_json() for s in summaries]}, indent=2))
        return
    if not summaries:
        console.print(escape(f"no games in {store.address.shown}"))
        return
    for s in summaries:
        title = f"  {s.title}" if s.title else ""
        console.print(f"{s.id}  {s.ruleset:<10} {s.events:>5} events  {s.last_change:%Y-%m-%d %H:%M:%S}{escape(title)}")
