"""``sim check``, ``reach``, ``why``, ``schema``, ``timeline`` and ``diff``: the questions
asked of one scenario file (or two, for ``diff``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from domain.errors import BadInput, IllegalCommand, SimError
from domain.events import GameStarted
from domain.ruleset import Diagnostic, get_ruleset
from domain.validation import quoted
from projections.lookahead import Lookahead
from projections.state_hash import fold, hash_chain
from projections.timeline import build_timeline
from sim import jsonout
from sim.clikit import JSON_OPTION, console, emit, escape, guarded, labeler, naming_options, play_file
from sim.console import heading, one_line, progress
from sim.diagnostics import as_json as diagnostics_json
from sim.diagnostics import diagnostics_of, diagnostics_of_events, print_diagnostics
from sim.infile import one_stdin, shown
from sim.logfile import is_log_file, read_jsonl
from sim.render import amount, print_events, print_reach, print_timeline
from sim.replay import replay
from sim.rule_option import option_differences, rule_options
from sim.runner import Played, check_expectations
from sim.scenario import scenario_files, scenario_schema


@click.command()
@click.argument("paths", nargs=-1, required=True)
@JSON_OPTION
@rule_options
@guarded
def check(paths: tuple[str, ...], as_json: bool) -> None:
    """Play each scenario and check its expectations; one line per scenario, then what it does
    not model. A PATH of - reads a scenario from standard input.

    Exit 0 when all pass, 1 when an expectation failed, 2 when a file is bad input."""
    files = scenario_files(list(paths))
    if not files:
        raise BadInput("no scenario files found", " ".join(paths))
    results: list[dict[str, Any]] = []
    with progress(quiet=as_json) as bar:
        task = bar.add_task("checking", total=len(files))
        for file in files:
            result, found = _check_one(file)
            results.append(result)
            if not as_json:  # each line as soon as it is known
                _print_check(result, found)
            bar.advance(task)
    counts = {status: sum(r["status"] == status for r in results) for status in ("ok", "fail", "error")}
    if as_json:
        emit({"scenarios": results, "passed": counts["ok"], "failed": counts["fail"], "bad_input": counts["error"]})
    else:
        console.print(
            f"{len(files)} scenarios: {counts['ok']} passed, {counts['fail']} failed, {counts['error']} bad input"
        )
    if counts["error"]:
        sys.exit(2)
    if counts["fail"]:
        sys.exit(1)


#: what ``--defend`` given no ATTACK stands for: the attack awaiting defenders now
PENDING = "pending"


def _check_one(file: Path) -> tuple[dict[str, Any], list[Diagnostic]]:
    """One scenario's verdict as ``check --json`` gives it, and what of it is not modelled."""
    try:
        played, _ = play_file(str(file), strict=False)
        problems = check_expectations(played)
    except SimError as exc:
        return {"file": shown(file), "title": None, "status": "error", "problems": [], "error": str(exc), "diagnostics": []}, []
    found = diagnostics_of(played.game.state)
    return {
        "file": shown(file), "title": played.scenario.title, "status": "fail" if problems else "ok", "problems": problems,
        "error": None, "diagnostics": diagnostics_json(found),
    }, found


def _print_check(result: dict[str, Any], found: list[Diagnostic]) -> None:
    """The file's verdict on one line, whatever line breaks its name, title or messages hold
    (``one_line``): a script reads one line per file."""
    file = one_line(result["file"])
    if result["status"] == "error":
        error = one_line(result["error"])
        # an error that names the file (with its line) already says where: not the file twice
        said = error if error.startswith(f"{file}:") else f"{file}: {error}"
        console.print(f"[red]ERROR[/red] {said}", soft_wrap=True)
    elif result["status"] == "fail":
        console.print(f"[red]FAIL[/red]  {file}: " + one_line("; ".join(result["problems"])), soft_wrap=True)
    else:
        console.print(f"[green]ok[/green]    {file}: {one_line(result['title'])}", soft_wrap=True)
    print_diagnostics(console, found, indent="      ")


@click.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--unit", required=True, help="The unit whose range of motion to show.")
@JSON_OPTION
@rule_options
@guarded
def reach(scenario: str, unit: str, as_json: bool) -> None:
    """Range of motion of UNIT after the scenario's script (ongoing effects only, no triggers).

    SCENARIO may be - (standard input)."""
    played, _ = play_file(scenario)
    with naming_options(unit="--unit"):
        answer = Lookahead.from_events(played.events).range_of_motion(unit)
    if as_json:
        emit(jsonout.reach(answer))
    else:
        print_reach(console, answer)
        print_diagnostics(console, diagnostics_of_events(played.events))


@click.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@click.option("--unit", required=True)
@click.option("--to", "to", default=None, help="The location asked about, as in the scenario.")
@click.option("--defend", "defend", is_flag=False, flag_value=PENDING, default=None, metavar="[ATTACK]",
              help="Instead: whether UNIT may Defend the attack awaiting defenders (or attack ATTACK), with every reason it may not.")
@click.option("--intercept", is_flag=True, help="Instead: whether UNIT may Intercept now, with every reason it may not.")
@JSON_OPTION
@rule_options
@guarded
def why(scenario: str, unit: str, to: str | None, defend: str | None, intercept: bool, as_json: bool) -> None:
    """Whether UNIT can reach a location: a path with its steps, or the rule blocking each way.

    With --defend or --intercept, whether UNIT may do that now, with every rule that refuses it
    (a unit may reach a place and still not defend there: tapped, summoning sick...). Exit 0
    when it can, 1 when it can't. SCENARIO may be - (standard input)."""
    asked = [name for name, given in (("--to", to is not None), ("--defend", defend is not None), ("--intercept", intercept)) if given]
    if len(asked) != 1:
        raise BadInput("ask one question: --to LOCATION, --defend [ATTACK] or --intercept", "--to")
    played, _ = play_file(scenario)
    if to is None:
        _why_command(played, unit, "defend" if defend is not None else "intercept", None if defend == PENDING else defend, as_json)
        return
    lookahead = Lookahead.from_events(played.events)
    with naming_options(unit="--unit"):
        answer = lookahead.range_of_motion(unit)
    with naming_options("--to"):  # whatever a ruleset's reading of a place calls it
        target = lookahead.label(lookahead.parse(to))
    path = answer.path_to(target)
    if as_json:
        # the same diagnostics the text output prints after the answer: never a silent answer
        emit({**jsonout.why(answer, target), "diagnostics": diagnostics_json(diagnostics_of_events(played.events))})
    elif path is not None:
        steps = len(path) - 1
        cost = f"costing {amount(answer.cost_to(target) or 0.0)} of {amount(answer.allowance_to(target))}"
        console.print(escape(f"{unit} can reach {target} in {steps} step(s), {cost}: {' -> '.join(path)}"))
        for line in answer.details(target):
            console.print(f"  - {escape(line)}")
    else:
        console.print(escape(f"{unit} can't reach {target}:"))
        for reason in answer.why_not(target):
            console.print(f"  - {escape(str(reason))}")
    if not as_json:
        print_diagnostics(console, diagnostics_of_events(played.events))
    if path is None:
        sys.exit(1)


def _why_command(played: Played, unit: str, question: str, attack: str | None, as_json: bool) -> None:
    """``why --defend`` and ``why --intercept``: every reason the rules give against it now."""
    game = played.game
    pending = getattr(game.state, "attack", None)
    try:
        with naming_options(unit="--unit"):
            reasons: list[SimError] = game.refusals({"command": question, "unit": unit})
    except BadInput as exc:
        if "unknown command" in exc.message:
            raise BadInput(f"{game.state.ruleset} has no {question} command: --{question} is a Sorcery question", f"--{question}") from None
        raise
    if attack is not None and (pending is None or pending.id != attack):
        shown = f"the attack awaiting defenders is {pending.id}" if pending is not None else "no attack awaits defenders"
        reasons.insert(0, BadInput(f"attack {attack} is not the one to defend now: {shown}", "--defend"))
    allowed = not reasons
    about = pending.id if question == "defend" and pending is not None else None
    if as_json:
        emit({
            "unit": unit, "question": question, "attack": about, "allowed": allowed,
            "reasons": [
                {"rule": jsonout.rule(r.rule), "detail": r.detail} if isinstance(r, IllegalCommand) else {"rule": None, "detail": r.message if isinstance(r, BadInput) else str(r)}
                for r in reasons
            ],
            "diagnostics": diagnostics_json(diagnostics_of_events(played.events)),
        })
    else:
        what = f"{question} against attack {about}" if about else question
        console.print(escape(f"{unit} may {what}" if allowed else f"{unit} may not {what}:"))
        for reason in reasons:
            console.print(f"  - {escape(str(reason))}")
        print_diagnostics(console, diagnostics_of_events(played.events))
    if not allowed:
        sys.exit(1)


@click.command()
def schema() -> None:
    """Print the scenario file JSON Schema."""
    click.echo(json.dumps(scenario_schema(), indent=2))


@click.command()
@click.argument("scenario", type=click.Path(dir_okay=False))
@JSON_OPTION
@rule_options
@guarded
def timeline(scenario: str, as_json: bool) -> None:
    """Which event triggered what, in which order, decided by whom. SCENARIO may be - (standard
    input)."""
    played, _ = play_file(scenario)
    found = build_timeline(played.events)
    # what the game does not model (a Deathrite, a Genesis, a "whenever" text) triggered nothing
    # here: said with the triggers that did, as ``reach`` and ``why`` say it (never silent)
    unmodelled = diagnostics_of_events(played.events)
    if as_json:
        emit({**jsonout.timeline(found), "diagnostics": diagnostics_json(unmodelled)})
    else:
        print_timeline(console, found, labeler(played))
        print_diagnostics(console, unmodelled)


@click.command()
@click.argument("first", type=click.Path(dir_okay=False))
@click.argument("second", type=click.Path(dir_okay=False))
@click.option("--context", default=12, show_default=True, type=click.IntRange(min=0), help="Events to show from the divergence on.")
@JSON_OPTION
@guarded
def diff(first: str, second: str, context: int, as_json: bool) -> None:
    """Where two games part: compare state hashes event by event (scenarios or JSON Lines logs).

    Play one scenario twice with a different trigger order (or seed) and see the first event
    where the outcomes differ, then what each game did from there. Exit 0 when the games never
    part, 1 when they do (as diff(1)). One of FIRST and SECOND may be - (standard input).
    """
    one_stdin(first, second)
    names = (shown(first), shown(second))
    games = [_events_of(path) for path in (first, second)]
    options = option_differences(games[0][0], games[1][0])  # named before anything else
    seeds = [_seed_of(events) for events, _ in games]
    # games told apart by their seed are compared as if under one: they part where their
    # dice (or anything the seed decides) first differ, not at their start
    chains = [hash_chain(events, 0 if seeds[0] != seeds[1] else None) for events, _ in games]
    at = next((i for i, (a, b) in enumerate(zip(*chains, strict=False)) if a != b), None)
    same = at is None and len(chains[0]) == len(chains[1])
    if at is None:
        at = min(len(c) for c in chains)
    finals = [replay(events) for events, _ in games]
    if not as_json:
        if seeds[0] != seeds[1]:
            console.print(escape(f"seed differs: {seeds[0]} in {names[0]}, {seeds[1]} in {names[1]}"))
        for name, (a, b) in options.items():
            console.print(escape(f"option {name} differs: {quoted(a)} in {names[0]}, {quoted(b)} in {names[1]}"))
    if as_json:
        emit({
            "options": options,
            "seeds": seeds,
            "diverge_at": None if same else at + 1,
            "events": [len(c) for c in chains],
            "games": [
                {"path": path, "final_state_hash": final.hash, "from_divergence": [jsonout.event(e, label) for e in events[at : at + context]]}
                for path, (events, label), final in zip(names, games, finals, strict=True)
            ],
        })
    elif same:
        console.print(f"no divergence: both games reach the same state after each of {len(chains[0])} events")
    else:
        console.print(f"the games diverge at event e{at + 1}:")
        for path, (events, label) in zip(names, games, strict=True):
            heading(path)
            print_events(console, events[at : at + context], label)
        console.print(f"final state hashes: {finals[0].hash[:16]} vs {finals[1].hash[:16]}")
    if not same:
        sys.exit(1)


def _seed_of(events: list[Any]) -> int | None:
    """The seed a game's ``GameStarted`` names."""
    start = events[0] if events else None
    return start.seed if isinstance(start, GameStarted) else None


def _events_of(path: str) -> tuple[list[Any], Callable[[str], str]]:
    if is_log_file(path):
        events = read_jsonl(path)
    else:
        events = play_file(path)[0].events
    state = fold(events)
    rules = get_ruleset(state.ruleset)
    return events, lambda loc: rules.label(state, loc)
