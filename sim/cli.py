"""The ``sim`` command line. ``--json`` output is the stable machine interface.

Exit codes: 0 success; 1 a check did not hold (a scenario's expectation, a log's verification,
an unreachable place for ``why``, two games that part for ``diff``); 2 bad input (malformed file,
unknown unit/card/location, illegal command, an unusable output path); 3 an internal error (a
bug); 4 the store could not be reached or failed on its side (``StoreError``).
"""

from __future__ import annotations

import json
import re
import sys
import traceback
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar, cast
from uuid import UUID

import click
from rich.console import Console

from domain.errors import BadInput, SimError
from domain.ruleset import Diagnostic, get_ruleset
from projections.lookahead import Lookahead
from projections.state_hash import fold, hash_chain, state_hash
from projections.timeline import build_timeline
from sim import jsonout, logs
from sim.app import init_store, open_store
from sim.diagnostics import as_json as diagnostics_json
from sim.diagnostics import diagnostics_of, diagnostics_of_events, print_diagnostics
from sim.logfile import read_jsonl, read_log, write_jsonl, write_log_file
from sim.logimport import import_log
from sim.render import print_events, print_reach, print_state, print_timeline
from sim.replay import Replayed, replay, verify
from sim.runner import Played, ScriptRefused, check_expectations, play
from sim.scenario import parse_scenario, scenario_files, scenario_schema
from sim.store import StoreError, redact
from sim.yamlfile import Located, read_yaml

F = TypeVar("F", bound=Callable[..., Any])
console = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


class Failed(Exception):
    """An expectation or verification failed: exit code 1."""


def _where_path(where: str) -> list[Any]:
    return [int(p) if p.isdigit() else p for p in re.findall(r"[^.\[\]]+", where)]


def _locate(located: Located | None, exc: BadInput) -> str:
    if located is not None and exc.where and not exc.where.startswith(located.name):
        return f"{located.where(_where_path(exc.where))}: {exc.where}: {exc.message}"
    return str(exc)


def guarded(func: F) -> F:
    """Turn the simulator's errors into one line on stderr and an exit code; no tracebacks."""

    @wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except Failed as exc:
            err.print(f"[red]failed:[/red] {_escape(str(exc))}")
            sys.exit(1)
        except StoreError as exc:
            err.print(f"[red]store error:[/red] {_escape(redact(str(exc)))}", soft_wrap=True)
            logs.log_refusal(redact(str(exc)), fatal=True)
            sys.exit(4)
        except SimError as exc:
            err.print(f"[red]error:[/red] {_escape(redact(str(exc)))}", soft_wrap=True)
            logs.log_refusal(redact(str(exc)), fatal=True)
            sys.exit(2)
        except BrokenPipeError:
            _silence_stdout()
            err.print("[red]error:[/red] the output was closed before everything was written (broken pipe)")
            sys.exit(2)
        except (click.exceptions.Exit, click.ClickException, SystemExit):
            raise
        except Exception as exc:  # a bug: say so in one line; -vv shows the traceback
            err.print(f"[red]internal error:[/red] {type(exc).__name__}: {_escape(redact(str(exc)))}", soft_wrap=True)
            if _verbosity >= 2:
                err.print(redact(traceback.format_exc()))
            sys.exit(3)

    return cast(F, wrapper)


_verbosity = 0


def _escape(text: str) -> str:
    """Text shown as it is, not read as rich markup (a message may quote ``[...]``)."""
    return text.replace("[", "\\[")


def _silence_stdout() -> None:
    """After the reader of stdout went away, point stdout at /dev/null so that the interpreter's
    final flush does not fail a second time."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _play_file(path: str, strict: bool = True, seed: int | None = None) -> tuple[Played, Located]:
    located = read_yaml(path)
    try:
        scenario = parse_scenario(located)
        return play(scenario, strict=strict, seed=seed), located
    except ScriptRefused as exc:
        where = located.where(["script", exc.index])
        raise BadInput(f"script[{exc.index}] refused: {exc.error}", where) from None
    except BadInput as exc:
        raise BadInput(_locate(located, exc)) from None


def _labeler(played: Played) -> Callable[[str], str]:
    state = played.game.state
    rules = get_ruleset(state.ruleset)
    return lambda loc: rules.label(state, loc)


class _Commands(click.Group):
    """The ``sim`` group. Values click refuses itself (not a number, an option that does not
    exist) are bad input like any other: one line on stderr naming the option and where help is,
    exit 2, instead of a usage screen around the message."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs.get("standalone_mode", True) is False:
            return super().main(*args, **kwargs)
        kwargs["standalone_mode"] = False
        try:
            code = super().main(*args, **kwargs)
        except click.exceptions.NoArgsIsHelpError as exc:  # ``sim`` alone: the help it asked for
            exc.show()
            sys.exit(exc.exit_code)
        except click.UsageError as exc:
            where = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
            err.print(f"[red]error:[/red] {_escape(exc.format_message())}{where}", soft_wrap=True)
            sys.exit(exc.exit_code)
        except click.ClickException as exc:
            exc.show()
            sys.exit(exc.exit_code)
        except click.exceptions.Abort:
            err.print("aborted")
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--log-json", is_flag=True, help="Structured log records as JSON lines on stderr.")
@click.option("-v", "--verbose", count=True, help="-v: info-level log records (commands, steps, triggers); -vv: debug (every event).")
def main(log_json: bool, verbose: int) -> None:
    """Simulate tabletop movement rules with every change recorded as an event."""
    global _verbosity
    _verbosity = verbose
    logs.configure(json_lines=log_json, verbosity=verbose)


@main.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--db", default="sim.sqlite", show_default=True, help="SQLite file, postgresql:// URL or :memory:.")
@click.option("--seed", type=int, default=None, help="Seed for dice (overrides the scenario's).")
@guarded
def run(scenario: str, db: str, seed: int | None) -> None:
    """Play SCENARIO's script, print its events, store the game and print its id."""
    played, _ = _play_file(scenario, seed=seed)
    store = open_store(db)
    store.add(played.game)
    logs.log_played(played)
    print_events(console, played.events, _labeler(played))
    print_diagnostics(console, diagnostics_of(played.game.state))
    console.print(f"game {played.game.id} stored in {store.address.shown}")


JSON_OPTION = click.option("--json", "as_json", is_flag=True, help="Machine-readable output (shapes in the README).")


def _emit(data: Any) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


@main.command()
@click.argument("paths", nargs=-1, required=True)
@JSON_OPTION
@guarded
def check(paths: tuple[str, ...], as_json: bool) -> None:
    """Play each scenario and check its expectations; one line per scenario, then what it does
    not model.

    Exit 0 when all pass, 1 when an expectation failed, 2 when a file is bad input."""
    files = scenario_files(list(paths))
    if not files:
        raise BadInput("no scenario files found", " ".join(paths))
    results: list[dict[str, Any]] = []
    unmodelled: list[list[Diagnostic]] = []
    for file in files:
        try:
            played, _ = _play_file(str(file), strict=False)
            problems = check_expectations(played)
        except SimError as exc:
            results.append({"file": str(file), "title": None, "status": "error", "problems": [], "error": str(exc), "diagnostics": []})
            unmodelled.append([])
            continue
        status = "fail" if problems else "ok"
        found = diagnostics_of(played.game.state)
        unmodelled.append(found)
        results.append({
            "file": str(file), "title": played.scenario.title, "status": status, "problems": problems, "error": None,
            "diagnostics": diagnostics_json(found),
        })
    counts = {status: sum(r["status"] == status for r in results) for status in ("ok", "fail", "error")}
    if as_json:
        _emit({"scenarios": results, "passed": counts["ok"], "failed": counts["fail"], "bad_input": counts["error"]})
    else:
        for r, found in zip(results, unmodelled, strict=True):
            if r["status"] == "error":
                console.print(f"[red]ERROR[/red] {r['file']}: {_escape(r['error'])}", soft_wrap=True)
            elif r["status"] == "fail":
                console.print(f"[red]FAIL[/red]  {r['file']}: " + _escape("; ".join(r["problems"])), soft_wrap=True)
            else:
                console.print(f"[green]ok[/green]    {r['file']}: {_escape(r['title'])}", soft_wrap=True)
            print_diagnostics(console, found, indent="      ")
        console.print(
            f"{len(files)} scenarios: {counts['ok']} passed, {counts['fail']} failed, {counts['error']} bad input"
        )
    if counts["error"]:
        sys.exit(2)
    if counts["fail"]:
        sys.exit(1)


@main.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--unit", required=True, help="The unit whose range of motion to show.")
@JSON_OPTION
@guarded
def reach(scenario: str, unit: str, as_json: bool) -> None:
    """Range of motion of UNIT after the scenario's script (ongoing effects only, no triggers)."""
    played, _ = _play_file(scenario)
    answer = Lookahead.from_events(played.events).range_of_motion(unit)
    if as_json:
        _emit(jsonout.reach(answer))
    else:
        print_reach(console, answer)
        print_diagnostics(console, diagnostics_of_events(played.events))


@main.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--unit", required=True)
@click.option("--to", "to", required=True, help="The location asked about, as in the scenario.")
@JSON_OPTION
@guarded
def why(scenario: str, unit: str, to: str, as_json: bool) -> None:
    """Whether UNIT can reach a location: a path with its steps, or the rule blocking each way.

    Exit 0 when it can, 1 when it can't."""
    played, _ = _play_file(scenario)
    lookahead = Lookahead.from_events(played.events)
    answer = lookahead.range_of_motion(unit)
    target = lookahead.label(lookahead.parse(to))
    path = answer.path_to(target)
    if as_json:
        # the same diagnostics the text output prints after the answer: never a silent answer
        _emit({**jsonout.why(answer, target), "diagnostics": diagnostics_json(diagnostics_of_events(played.events))})
    elif path is not None:
        steps = len(path) - 1
        console.print(f"{unit} can reach {target} in {steps} step(s) of {answer.allowance:g}: {' -> '.join(path)}")
        for line in answer.details(target):
            console.print(f"  - {_escape(line)}")
    else:
        console.print(f"{unit} can't reach {target}:")
        for reason in answer.why_not(target):
            console.print(f"  - {_escape(str(reason))}")
    if not as_json:
        print_diagnostics(console, diagnostics_of_events(played.events))
    if path is None:
        sys.exit(1)


@main.command()
def schema() -> None:
    """Print the scenario file JSON Schema."""
    click.echo(json.dumps(scenario_schema(), indent=2))


@main.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@JSON_OPTION
@guarded
def timeline(scenario: str, as_json: bool) -> None:
    """Which event triggered what, in which order, decided by whom."""
    played, _ = _play_file(scenario)
    found = build_timeline(played.events)
    if as_json:
        _emit(jsonout.timeline(found))
    else:
        print_timeline(console, found, _labeler(played))


@main.command()
@click.argument("first", type=click.Path(dir_okay=False))
@click.argument("second", type=click.Path(dir_okay=False))
@click.option("--context", default=12, show_default=True, help="Events to show from the divergence on.")
@JSON_OPTION
@guarded
def diff(first: str, second: str, context: int, as_json: bool) -> None:
    """Where two games part: compare state hashes event by event (scenarios or JSON Lines logs).

    Play one scenario twice with a different trigger order (or seed) and see the first event
    where the outcomes differ, then what each game did from there. Exit 0 when the games never
    part, 1 when they do (as diff(1)).
    """
    games = [_events_of(path) for path in (first, second)]
    chains = [hash_chain(events) for events, _ in games]
    at = next((i for i, (a, b) in enumerate(zip(*chains, strict=False)) if a != b), None)
    same = at is None and len(chains[0]) == len(chains[1])
    if at is None:
        at = min(len(c) for c in chains)
    finals = [replay(events) for events, _ in games]
    if as_json:
        _emit({
            "diverge_at": None if same else at + 1,
            "events": [len(c) for c in chains],
            "games": [
                {"path": path, "final_state_hash": final.hash, "from_divergence": [jsonout.event(e, label) for e in events[at : at + context]]}
                for path, (events, label), final in zip((first, second), games, finals, strict=True)
            ],
        })
    elif same:
        console.print(f"no divergence: both games reach the same state after each of {len(chains[0])} events")
    else:
        console.print(f"the games diverge at event e{at + 1}:")
        for path, (events, label) in zip((first, second), games, strict=True):
            console.rule(path)
            print_events(console, events[at : at + context], label)
        console.print(f"final state hashes: {finals[0].hash[:16]} vs {finals[1].hash[:16]}")
    if not same:
        sys.exit(1)


def _events_of(path: str) -> tuple[list[Any], Callable[[str], str]]:
    if path.endswith((".jsonl", ".json")):
        events = read_jsonl(path)
    else:
        events = _play_file(path)[0].events
    state = fold(events)
    rules = get_ruleset(state.ruleset)
    return events, lambda loc: rules.label(state, loc)


@main.group()
def log() -> None:
    """Game logs as JSON Lines."""


@log.command("export")
@click.argument("game_id")
@click.option("--db", required=True, help="The store holding the game.")
@click.option("-o", "--output", type=click.Path(dir_okay=False), default=None, help="File to write (default: stdout).")
@guarded
def export(game_id: str, db: str, output: str | None) -> None:
    """Write GAME_ID's events as JSON Lines, one event per line."""
    try:
        uuid = UUID(game_id)
    except ValueError:
        raise BadInput(f"not a game id: {game_id!r}") from None
    store = open_store(db, create=False)
    events = list(store.game_events(uuid))
    if not events:
        raise BadInput(f"no game {game_id} in {store.address.shown}")
    if output is None:
        write_jsonl(events, sys.stdout)
        sys.stdout.flush()  # a closed pipe shows here, inside the error handling
        return
    count = write_log_file(events, Path(output))
    err.print(f"{count} events written to {output}")


@log.command("import")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--db", default="sim.sqlite", show_default=True, help="The store to import into.")
@guarded
def import_command(file: str, db: str) -> None:
    """Store the game of a JSON Lines log: every line checked first, then all events at once."""
    checked = read_log(file)  # before the store is opened: a refused log leaves no trace
    store = open_store(db)
    result = import_log(checked, store)
    chain = "hash chain checked" if result.chained else "no hash chain (exported before chains)"
    if result.already:
        console.print(f"game {result.game} is already in {store.address.shown}, identical: nothing imported")
    else:
        console.print(f"game {result.game} imported into {store.address.shown}: {result.events} events, {chain}")


@main.command(name="replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--verify", "check_rules", is_flag=True, help="Also re-run the logged commands under the rules.")
@click.option("--at", "at", type=int, default=None, help="Show the state right after event number AT.")
@JSON_OPTION
@guarded
def replay_command(file: str, check_rules: bool, at: int | None, as_json: bool) -> None:
    """Rebuild a game from a JSON Lines log; print its final state and state hash.

    Every line is checked first, the hash chain too (a line that breaks it is named; exit 2).
    With --verify, exit 1 when the rules disagree with the log."""
    # the log is read line by line into its state: without --verify its events are not kept
    log_file = read_log(file, keep_events=check_rules, at=at)
    if at is not None and not 1 <= at <= log_file.count:
        raise BadInput(f"--at must be between 1 and {log_file.count}, the events in the log")
    state = log_file.state if at is None else log_file.state_at
    assert state is not None
    result = Replayed(state=state, hash=state_hash(state), events=log_file.count if at is None else at)
    verdict = verify(log_file.events) if check_rules else None
    if as_json:
        _emit({
            "game": str(log_file.game),
            "events": result.events,
            "state_hash": result.hash,
            "chain": "intact" if log_file.chained else "absent",
            "state": result.state.model_dump(mode="json"),
            "verified": None if verdict is None else {"ok": verdict.ok, "checked": verdict.checked, "message": verdict.message},
        })
    else:
        rules = get_ruleset(result.state.ruleset)
        print_state(console, result.state, lambda loc: rules.label(result.state, loc))
        chain = "hash chain intact" if log_file.chained else "no hash chain (exported before chains)"
        console.print(f"{result.events} events; state hash {result.hash}; {chain}")
        if verdict is not None and verdict.ok:
            console.print(f"verified: {verdict.message}")
    if verdict is not None and not verdict.ok:
        raise Failed(f"verification: {verdict.message}")


@main.command()
@click.option("--db", default="sim-demo.sqlite", show_default=True, help="Where the demo game is stored.")
@guarded
def demo(db: str) -> None:
    """Play a bundled Sorcery scenario: steps, triggers and fights, then a range-of-motion answer."""
    from importlib import resources

    text = resources.files("sim").joinpath("demo.yaml").read_text("utf-8")
    from sim.yamlfile import load_yaml

    located = load_yaml(text, "demo.yaml")
    played = play(parse_scenario(located))
    store = open_store(db)
    store.add(played.game)
    shown = store.address.shown
    console.rule(played.scenario.title)
    if played.scenario.description:
        console.print(played.scenario.description.strip())
    print_events(console, played.events, _labeler(played))
    console.rule("range of motion (lookahead: ongoing effects on, triggers off)")
    lookahead = Lookahead.from_events(played.events)
    for unit in ("steed",):
        print_reach(console, lookahead.range_of_motion(unit))
    state = fold(played.events)
    console.print(f"game {played.game.id} stored in {shown}; state hash {state_hash(state)[:16]}")
    console.print(f"next: sim log export {played.game.id} --db {shown} -o demo.jsonl && sim replay demo.jsonl --verify")


@main.group()
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
    console.print(f"store ready: {store.address.shown}")


@main.command()
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
        console.print(f"no games in {store.address.shown}")
        return
    for s in summaries:
        title = f"  {s.title}" if s.title else ""
        console.print(f"{s.id}  {s.ruleset:<10} {s.events:>5} events  {s.last_change:%Y-%m-%d %H:%M:%S}{_escape(title)}")


# commands defined in their own modules register themselves on ``main``
from sim import cards_cli as _cards_cli  # noqa: E402, F401
from sim import play_cli as _play_cli  # noqa: E402, F401
from sim import trace_cli as _trace_cli  # noqa: E402, F401
from sim.pictures.render_cli import render as _render  # noqa: E402
from sim.pictures.view_cli import view as _view  # noqa: E402

main.add_command(_render)
main.add_command(_view)

if __name__ == "__main__":
    main()
