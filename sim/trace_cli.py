"""``sim trace`` and ``sim explore``: debugging the order of triggered abilities."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import click
from rich.tree import Tree

from domain.errors import BadInput
from domain.event_base import GameEvent
from domain.events import DiceRolled
from domain.legacy import upcast_log
from domain.ruleset import get_ruleset
from projections.state_hash import fold
from projections.trace import Trace, TraceNode, build_trace
from sim.app import open_store
from sim.clikit import check_seed, console, err, escape, guarded, play_file
from sim.explore import CAP, choice_points, explore, require_verified
from sim.logfile import is_log_file, read_jsonl
from sim.rule_option import given, rule_options


def game_events(source: str | None, db: str | None, game: str | None) -> list[GameEvent]:
    """A game's events from a scenario (played), a JSON Lines log, or a store (``--db --game``)."""
    return named_game_events(source, db, game).events


@dataclass(frozen=True)
class NamedEvents:
    """A game's events, how a message names the game ("game ID in STORE", "the log") and the
    argument or option that gave it (a message's ``where``)."""

    events: list[GameEvent]
    name: str
    where: str


def named_game_events(source: str | None, db: str | None, game: str | None) -> NamedEvents:
    """``game_events``, with the game's name for messages about it (a log that does not verify)."""
    if given() and (game is not None or (source is not None and is_log_file(source))):
        raise BadInput("--option sets a scenario's rule options; a logged game keeps those it was played under", "--option")
    if source is not None and (db is not None or game is not None):
        # two games named: which one was meant is not for the tool to guess
        raise BadInput(f"give {source} or --db and --game, not both", "--game" if game is not None else "--db")
    if db is not None or game is not None:
        if db is None or game is None:
            raise BadInput("a stored game needs both --db and --game", "--game")
        store = open_store(db, create=False)  # a reader: a misspelt store is an error, not a new one
        game_id = store.find_game(game, "--game")
        events = list(store.game_events(game_id))
        if not events:
            raise BadInput(f"no game {game} in {db}", "--game")
        return NamedEvents(upcast_log(events), f"game {game_id} in {store.address.shown}", "--game")
    if source is None:
        raise BadInput("give a scenario or a log file, or --db and --game", "SCENARIO_OR_LOG")
    if is_log_file(source):
        return NamedEvents(upcast_log(read_jsonl(source)), "the log", source)
    return NamedEvents(list(play_file(source)[0].events), "the game played from the scenario", source)


def trace_of(events: list[GameEvent]) -> Trace:
    state = fold(events)
    rules = get_ruleset(state.ruleset)
    names = {u.id: rules.name_of(state, u.id) for u in state.units.values()}
    trace = build_trace(events, lambda loc: rules.label(state, loc), names)
    for node in trace.nodes():  # a failed roll causes no event: say what each roll meant
        if isinstance(node.event, DiceRolled) and (verdict := rules.roll_verdict(state, node.event)):
            node.text = f"{node.text} -> {verdict}"
    return trace


@click.command()
@click.argument("source", required=False, type=click.Path(dir_okay=False))
@click.option("--db", default=None, help="A store holding the game (with --game).")
@click.option("--game", "game_id", default=None, help="The stored game's id.")
@click.option("--unit", default=None, help="Only what involves this unit.")
@click.option("--from", "first", type=int, default=None, help="Only from event N on.")
@click.option("--to", "last", type=int, default=None, help="Only up to event N.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@rule_options
@guarded
def trace(source: str | None, db: str | None, game_id: str | None, unit: str | None, first: int | None,
          last: int | None, as_json: bool) -> None:
    """The causation tree of a game: each command, what it caused, the triggers each event
    queued, who ordered each batch and why, and what each trigger resolved into.

    SOURCE, a scenario or a log, may be - (standard input)."""
    events = game_events(source, db, game_id)
    full = trace_of(events)
    if unit is not None and unit not in full.names:
        raise BadInput(f"unknown unit {unit!r}: the units are {', '.join(sorted(full.names)) or 'none'}", "--unit")
    count = len(events)
    for option, number in (("--from", first), ("--to", last)):
        if number is not None and not 1 <= number <= count:
            raise BadInput(f"{option} {number} is out of range: the game has events e1 to e{count}", option)
    if first is not None and last is not None and first > last:
        raise BadInput(f"--from {first} is after --to {last}: no event is in that range", "--from")
    shown = full.filtered(unit, first, last)
    if as_json:
        click.echo(json.dumps(shown.as_json(), indent=2))
        return
    for root in shown.roots:
        console.print(_tree(root), soft_wrap=False)  # labels wrap in a terminal instead of being cut


def _tree(node: TraceNode) -> Tree:
    style = {"CommandIssued": "bold", "UnitDied": "red", "TriggerQueued": "magenta", "TriggersOrdered": "magenta",
             "TriggerResolved": "magenta", "ChoiceRequested": "bold magenta"}.get(node.event.name, "")
    text = f"[dim]{node.event.event_id}[/dim] " + escape(node.text) + (" [dim](context)[/dim]" if node.context else "")
    tree = Tree(f"[{style}]{text}[/{style}]" if style else text)
    if node.outcome:
        tree.add(f"[bold]=> {node.outcome}[/bold]")
    for child in node.children:
        tree.add(_tree(child))
    return tree


@click.command(name="explore")
@click.argument("source", required=False, type=click.Path(dir_okay=False))
@click.option("--at", "at", default=None, help="The choice point to explore: an event number (18 or e18).")
@click.option("--db", default=None, help="A store holding the game (with --game); also where --save stores branches.")
@click.option("--game", "game_id", default=None, help="The stored game's id.")
@click.option("--depth", type=int, default=None, help="Play each branch N commands past the point (default: to the end).")
@click.option("--dice", is_flag=True, help="Die rolls are choice points too (branches that can't be stored).")
@click.option("--cap", type=int, default=CAP, show_default=True, help="Most branches; beyond it a seeded sample.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the sample beyond --cap.")
@click.option("--save", is_flag=True, help="Store each branch as its own game (in --db, default sim.sqlite).")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@rule_options
@guarded
def explore_command(source: str | None, at: str | None, db: str | None, game_id: str | None, depth: int | None,
                    dice: bool, cap: int, seed: int, save: bool, as_json: bool) -> None:
    """Every way a moment could have gone: without --at, the game's choice points; with --at, the
    game re-played once per alternative there, branches grouped by outcome.

    SOURCE, a scenario or a log, may be - (standard input)."""
    named = named_game_events(source, db if game_id else None, game_id)
    events = named.events
    if at is None:
        notes = require_verified(events, named.name, named.where)
        points = choice_points(events, dice=dice)
        if as_json:
            click.echo(json.dumps({"points": [p.as_json() for p in points], "notes": list(notes)}, indent=2))
            return
        _print_notes(notes)
        if not points:
            console.print("no choice points: no batch of several triggers was ordered and no choice answered" + ("" if dice else " (--dice adds die rolls)"))
        for p in points:
            console.print(escape(f"e{p.event} {p.kind}: {p.text}; {p.alternatives} alternative(s)"))
        return
    number = _event_number(at)
    if cap < 1:
        raise BadInput(f"--cap must be 1 or more, not {cap}", "--cap")
    check_seed(seed)
    if save and dice:
        raise BadInput("dice branches can't be stored: their dice are not the ones their seed gives, so their logs would not verify", "--save")
    result = explore(events, number, dice=dice, cap=cap, seed=seed, depth=depth, name=named.name, where=named.where)
    if save:
        store = open_store(db or "sim.sqlite")
        for group in result.groups:
            for branch in group.branches:
                store.add(branch.game)
    data = result.as_json()
    if save:
        data["stored"] = [str(b.game.id) for g in result.groups for b in g.branches]
    if as_json:
        click.echo(json.dumps(data, indent=2))
        return
    _print_exploration(data)
    if save:
        err.print(escape(f"{len(data['stored'])} branch game(s) stored in {db or 'sim.sqlite'}"))


def _print_notes(notes: Iterable[str]) -> None:
    """What of the log today's rules take only as logged: never passed over in silence."""
    for note in notes:
        console.print(escape(f"note: {note}"), soft_wrap=True)


def _event_number(at: str) -> int:
    text = at.strip().lower().removeprefix("e")
    if not text.isdecimal():  # isdigit() takes a superscript two, which int() does not read
        raise BadInput(f"--at names an event by number (18 or e18), not {at!r}", "--at")
    return int(text)


def _print_exploration(data: dict[str, Any]) -> None:
    point = data["point"]
    sampled = f" (a sample of {data['explored']} of {point['alternatives']}, seed {data['seed']})" if data["sampled"] else ""
    console.print(escape(f"e{point['event']} {point['kind']}: {point['text']}"))
    console.print(f"{data['explored']} branch(es){sampled}, {len(data['groups'])} outcome(s):")
    _print_notes(data["notes"])
    for i, group in enumerate(data["groups"], start=1):
        alts = "; ".join(", ".join(str(x) for x in a) for a in group["alternatives"][:6])
        more = f" and {len(group['alternatives']) - 6} more" if len(group["alternatives"]) > 6 else ""
        logged = " (the logged game)" if group["logged"] else ""
        console.print(f"[bold]outcome {i}[/bold]" + escape(f"{logged}: {len(group['alternatives'])} branch(es): {alts}{more}"))
        if group["verdicts"]:
            console.print(escape(f"  the die: {'; '.join(group['verdicts'])}"))
        deaths = ", ".join(group["deaths"]) or "nobody"
        where = ", ".join(f"{u} at {d['location']}" for u, d in group["outcome"]["units"].items() if d.get("location"))
        console.print(escape(f"  dies: {deaths}; where: {where or '-'}"))
        if group["parts_at"] is not None:
            console.print(escape(f"  parts from the logged game's re-play at its e{group['parts_at']}: {group['parts_with']}"))
            if group["then"]:
                console.print(escape(f"  then: {group['then']}"))
        if group["refused"]:
            console.print(escape(f"  stopped: {group['refused']}"))
        console.print(f"  state hash {group['state_hash'][:16]}")
