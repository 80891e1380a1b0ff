"""Long games for the event-store cases, and the bare aggregate they are measured against.

A long game is made cheaply with ordinary commands: two Sorcery walkers cross a full realm back
and forth, each turn a ``move_and_attack`` of two steps and an ``end_turn`` (9 events a turn:
the commands, the path, two steps, the tap, the move's end, the turn's end and the next turn's
start). Nothing in it is special to benchmarks: it is a game any player could issue.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from eventsourcing.application import Application

from benchmarks.selfplay_probe import Counter  # the one bare aggregate, also run where only eventsourcing is imported
from domain.event_base import GameEvent
from domain.events import CommandIssued
from domain.game import Game

LAND = ["Valley", "Steppe", "Wasteland", "Spire", "Ruins"]


def long_game(events: int, after_command: Callable[[Game], object] | None = None) -> Game:
    """A Sorcery game of at least ``events`` events. They stay pending on the aggregate unless
    ``after_command``, called after each command, saves them somewhere."""
    game = Game.start("sorcery", ["p1", "p2"], "p1")
    sites = [{"at": sq, "card": LAND[sq % 5], "controller": "p1" if sq <= 10 else "p2"} for sq in range(1, 21)]
    units = [
        {"id": "walker1", "card": "Rimland Nomads", "owner": "p1", "at": 11},
        {"id": "walker2", "card": "Rimland Nomads", "owner": "p2", "at": 15},
    ]
    game.issue({"command": "set_up", "sites": sites, "units": units})
    turn = 0
    while game.version < events:
        player = "p1" if turn % 2 == 0 else "p2"
        walker = "walker1" if player == "p1" else "walker2"
        here = int(game.state.units[walker].location or "11")
        step = 1 if (here - 1) % 5 < 2 else -1
        for command in (
            {"command": "move_and_attack", "unit": walker, "path": [str(here + step), str(here + 2 * step)]},
            {"command": "end_turn", "player": player},
        ):
            game.issue(command)
            if after_command is not None:
                after_command(game)
        turn += 1
    return game


def prefix(events: list[GameEvent], count: int) -> list[GameEvent]:
    """The longest run of whole commands in the first ``count`` events: a game that stopped
    between two commands, so the next command may be issued into it."""
    cut = count
    while cut < len(events) and cut > 1 and not isinstance(events[cut], CommandIssued):
        cut -= 1
    return events[:cut]


def store_game(store: Application[UUID], events: list[GameEvent], batch: int) -> None:
    """Write a game's events to a store, ``batch`` events per transaction."""
    for i in range(0, len(events), batch):
        store.save(*events[i : i + batch])  # type: ignore[arg-type]


def bare_events(count: int) -> tuple[UUID, list[Any]]:
    """A bare aggregate with ``count`` events (its creation included), all pending."""
    counter = Counter()
    for i in range(1, count):
        counter.count_to(i)
    return counter.id, list(counter.collect_events())


def bare_store(path: str | None) -> Application[UUID]:
    """A plain ``eventsourcing`` application on a SQLite file (or in memory)."""
    env = {"PERSISTENCE_MODULE": "eventsourcing.popo"} if path is None else {
        "PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": path,
    }
    return Application(env=env)


def plain_projector(initial: Any, events: Any) -> Any:
    """Fold events with nothing else: the floor any replay of the same events stands on."""
    aggregate = initial
    for item in events:
        aggregate = item.mutate(aggregate)
    return aggregate
