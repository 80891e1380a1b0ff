"""The ``sim`` command line. ``--json`` output is the stable machine interface.

Exit codes: 0 success; 1 a scenario's expectation failed (``check``) or a log failed
verification; 2 bad input (malformed file, unknown unit/card/location, illegal command).
"""

from __future__ import annotations

import json
import re
import sys
import traceback
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar
from uuid import UUID

import click
from rich.console import Console

from domain.errors import BadInput, SimError
from domain.ruleset import get_ruleset
from projections.lookahead import Lookahead
from projections.state_hash import fold, hash_chain, state_hash
from projections.timeline import build_timeline
from sim import logs
from sim.app import open_store
from sim.diagnostics import as_json as diagnostics_json
from sim.diagnostics import diagnostics_of, diagnostics_of_events, print_diagnostics
from sim.logfile import read_jsonl, write_jsonl
from sim.render import print_events, print_reach, print_state, print_timeline
from sim.replay import replay, verify
from sim.runner import Played, ScriptRefused, check_expectations, play
from sim.scenario import parse_scenario, scenario_files, scenario_schema
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
            err.print(f"[red]failed:[/red] {exc}")
            sys.exit(1)
        except SimError as exc:
            err.print(f"[red]error:[/red] {exc}", soft_wrap=True)
            logs.log_refusal(str(exc), fatal=True)
            sys.exit(2)
        except (click.exceptions.Exit, click.ClickException, SystemExit):
            raise
        except Exception as exc:  # a bug: say so in one line; -v shows the traceback
            err.print(f"[red]internal error:[/red] {type(exc).__name__}: {exc}", soft_wrap=True)
            if _verbose:
                err.print(traceback.format_exc())
            sys.exit(3)

    return wrapper  # type: ignore[return-value]


_verbose = False


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


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--log-json", is_flag=True, help="Structured log records as JSON lines on stderr.")
@click.option("-v", "--verbose", is_flag=True, help="Debug-level log records (every event).")
def main(log_json: bool, verbose: bool) -> None:
    """Simulate tabletop movement rules with every change recorded as an event."""
    global _verbose
    _verbose = verbose
    logs.configure(json_lines=log_json, verbose=verbose)


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
    console.print(f"game {played.game.id} stored in {db}")


@main.command()
@click.argument("paths", nargs=-1, required=True)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output: each scenario's outcome and diagnostics.")
@guarded
def check(paths: tuple[str, ...], as_json: bool) -> None:
    """Play each scenario and check its expectations; one line per scenario, then what it does
    not model."""
    files = scenario_files(list(paths))
    if not files:
        raise BadInput("no scenario files found", " ".join(paths))
    failed = bad = 0
    results: list[dict[str, Any]] = []
    for file in files:
        try:
            played, _ = _play_file(str(file), strict=False)
            problems = check_expectations(played)
        except SimError as exc:
            bad += 1
            results.append({"file": str(file), "status": "error", "error": str(exc)})
            if not as_json:
                console.print(f"[red]ERROR[/red] {file}: {exc}", soft_wrap=True)
            continue
        found = diagnostics_of(played.game.state)
        results.append({
            "file": str(file), "title": played.scenario.title, "status": "fail" if problems else "ok",
            "problems": problems, "diagnostics": diagnostics_json(found),
        })
        if as_json:
            failed += bool(problems)
            continue
        if problems:
            failed += 1
            console.print(f"[red]FAIL[/red]  {file}: " + "; ".join(problems), soft_wrap=True)
        else:
            console.print(f"[green]ok[/green]    {file}: {played.scenario.title}", soft_wrap=True)
        print_diagnostics(console, found, indent="      ")
    if as_json:
        click.echo(json.dumps({"scenarios": results, "passed": len(files) - failed - bad, "failed": failed, "bad": bad}, indent=2))
    else:
        console.print(f"{len(files)} scenarios: {len(files) - failed - bad} passed, {failed} failed, {bad} bad input")
    if bad:
        sys.exit(2)
    if failed:
        sys.exit(1)


@main.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--unit", required=True, help="The unit whose range of motion to show.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@guarded
def reach(scenario: str, unit: str, as_json: bool) -> None:
    """Range of motion of UNIT after the scenario's script (ongoing effects only, no triggers)."""
    played, _ = _play_file(scenario)
    answer = Lookahead.from_events(played.events).range_of_motion(unit)
    if as_json:
        click.echo(json.dumps(answer.as_json(), indent=2))
    else:
        print_reach(console, answer)
        print_diagnostics(console, diagnostics_of_events(played.events))


@main.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--unit", required=True)
@click.option("--to", "to", required=True, help="The location asked about, as in the scenario.")
@guarded
def why(scenario: str, unit: str, to: str) -> None:
    """Whether UNIT can reach a location: a path with its steps, or the rule blocking each way."""
    played, _ = _play_file(scenario)
    lookahead = Lookahead.from_events(played.events)
    answer = lookahead.range_of_motion(unit)
    target = lookahead.label(lookahead.parse(to))
    path = answer.path_to(target)
    if path is not None:
        steps = len(path) - 1
        console.print(f"{unit} can reach {target} in {steps} step(s) of {answer.allowance:g}: {' -> '.join(path)}")
        for line in answer.details(target):
            console.print(f"  - {line}")
    else:
        console.print(f"{unit} can't reach {target}:")
        for reason in answer.why_not(target):
            console.print(f"  - {reason}")
    print_diagnostics(console, diagnostics_of_events(played.events))


@main.command()
def schema() -> None:
    """Print the scenario file JSON Schema."""
    click.echo(json.dumps(scenario_schema(), indent=2))


@main.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@guarded
def timeline(scenario: str) -> None:
    """Which event triggered what, in which order, decided by whom."""
    played, _ = _play_file(scenario)
    print_timeline(console, build_timeline(played.events))


@main.command()
@click.argument("first", type=click.Path(dir_okay=False))
@click.argument("second", type=click.Path(dir_okay=False))
@click.option("--context", default=12, show_default=True, help="Events to show from the divergence on.")
@guarded
def diff(first: str, second: str, context: int) -> None:
    """Where two games part: compare state hashes event by event (scenarios or JSON Lines logs).

    Play one scenario twice with a different trigger order (or seed) and see the first event
    where the outcomes differ, then what each game did from there.
    """
    games = [_events_of(path) for path in (first, second)]
    chains = [hash_chain(events) for events, _ in games]
    at = next((i for i, (a, b) in enumerate(zip(*chains, strict=False)) if a != b), None)
    if at is None and len(chains[0]) == len(chains[1]):
        console.print(f"no divergence: both games reach the same state after each of {len(chains[0])} events")
        return
    at = min(len(c) for c in chains) if at is None else at
    console.print(f"the games diverge at event e{at + 1}:")
    for path, (events, label) in zip((first, second), games, strict=True):
        console.rule(path)
        print_events(console, events[at : at + context], label)
    finals = [replay(events) for events, _ in games]
    console.print(f"final state hashes: {finals[0].hash[:16]} vs {finals[1].hash[:16]}")


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
    store = open_store(db)
    events = list(store.game_events(uuid))
    if not events:
        raise BadInput(f"no game {game_id} in {db}")
    if output is None:
        write_jsonl(events, sys.stdout)
        return
    target = Path(output)
    partial = target.with_name(target.name + ".partial")
    with partial.open("w", encoding="utf-8") as out:
        count = write_jsonl(events, out)
    partial.replace(target)
    err.print(f"{count} events written to {output}")


@main.command(name="replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--verify", "check_rules", is_flag=True, help="Also re-run the logged commands under the rules.")
@click.option("--at", "at", type=int, default=None, help="Show the state right after event number AT.")
@guarded
def replay_command(file: str, check_rules: bool, at: int | None) -> None:
    """Rebuild a game from a JSON Lines log; print its final state and state hash."""
    events = read_jsonl(file)
    if at is not None and not 1 <= at <= len(events):
        raise BadInput(f"--at must be between 1 and {len(events)}, the events in the log")
    result = replay(events if at is None else events[:at])
    rules = get_ruleset(result.state.ruleset)
    print_state(console, result.state, lambda loc: rules.label(result.state, loc))
    console.print(f"{result.events} events; state hash {result.hash}")
    if check_rules:
        verdict = verify(events)
        if not verdict.ok:
            raise Failed(f"verification: {verdict.message}")
        console.print(f"verified: {verdict.message}")


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
    console.rule(played.scenario.title)
    if played.scenario.description:
        console.print(played.scenario.description.strip())
    print_events(console, played.events, _labeler(played))
    console.rule("range of motion (lookahead: ongoing effects on, triggers off)")
    lookahead = Lookahead.from_events(played.events)
    for unit in ("steed",):
        print_reach(console, lookahead.range_of_motion(unit))
    state = fold(played.events)
    console.print(f"game {played.game.id} stored in {db}; state hash {state_hash(state)[:16]}")
    console.print(f"next: sim log export {played.game.id} --db {db} -o demo.jsonl && sim replay demo.jsonl --verify")


# commands defined in their own modules register themselves on ``main``
from sim import cards_cli as _cards_cli  # noqa: E402, F401
from sim import play_cli as _play_cli  # noqa: E402, F401

if __name__ == "__main__":
    main()
