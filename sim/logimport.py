"""Importing a game log into a store: all or nothing.

The whole file is read and checked first (``sim.logfile``: every line, its schema, the order of
versions and timestamps, one game, its ruleset, the hash chain, and that the events fold into a
game), and only then is the store opened, so a refused log leaves no trace, not even a new store
file. The events are then written in one transaction. A game that is already in the store is
refused, unless its events there are exactly the log's: importing the same log twice is harmless.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from uuid import UUID

from eventsourcing.persistence import IntegrityError

from domain.errors import BadInput
from domain.event_base import GameEvent
from sim.app import GameStore
from sim.logfile import LogFile, event_record, read_log


@dataclass(frozen=True)
class Imported:
    game: UUID
    events: int
    #: whether the log carried a hash chain (logs exported before chains do not)
    chained: bool
    #: the identical game was in the store already; nothing was written
    already: bool


def import_file(path: str | Path, store: GameStore) -> Imported:
    """Read and check ``path``, then import it into ``store`` (see the module docstring)."""
    return import_log(read_log(path), store)


def import_log(log: LogFile, store: GameStore) -> Imported:
    existing = list(store.game_events(log.game))
    if existing:
        return _same_or_refused(log, existing, store)
    try:
        store.record(log.events)
    except IntegrityError:  # imported by someone else between our look and our write
        return _same_or_refused(log, list(store.game_events(log.game)), store)
    return Imported(log.game, len(log.events), log.chained, already=False)


def _same_or_refused(log: LogFile, existing: list[GameEvent], store: GameStore) -> Imported:
    for stored, logged in zip(existing, log.events, strict=False):
        if event_record(stored) != event_record(logged):
            raise BadInput(
                f"game {log.game} is already in {store.address.shown} and differs from this log at event "
                f"e{logged.originator_version}: not imported"
            )
    if len(existing) != len(log.events):
        raise BadInput(
            f"game {log.game} is already in {store.address.shown} with {len(existing)} events, the log has "
            f"{len(log.events)}: not imported"
        )
    return Imported(log.game, len(log.events), log.chained, already=True)
