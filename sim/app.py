"""The ``eventsourcing`` application that stores games, and its persistence settings.

One ``Game`` aggregate per game; every command is get -> issue -> one ``save`` (atomic). A
concurrent writer that saved first makes ``save`` fail with the library's ``IntegrityError``;
the command is then retried on the fresh state, and refused with ``VersionConflict`` if it
keeps losing (DESIGN.md, principle 9).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import get_topic
from pydantic import BaseModel

from domain.errors import BadInput, VersionConflict
from domain.event_base import GameEvent
from domain.game import Game
from domain.ruleset import load_all_rulesets
from sim.mapper import JSONBytesTranscoder, PydanticMapper

load_all_rulesets()  # every ruleset's event topics, before any read

RETRIES = 3


def persistence_env(db: str | None) -> dict[str, str]:
    """Settings for a database given as a path, ``:memory:`` or a ``postgresql://`` URL."""
    if db is None or db == ":memory:":
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    if db.startswith(("postgresql://", "postgres://")):
        from urllib.parse import parse_qs, unquote, urlparse

        url = urlparse(db)
        query = parse_qs(url.query)
        return {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": (url.path or "/postgres").lstrip("/") or "postgres",
            "POSTGRES_HOST": url.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(url.port or 5432),
            "POSTGRES_USER": unquote(url.username or "postgres"),
            "POSTGRES_PASSWORD": unquote(url.password or ""),
            "POSTGRES_SCHEMA": query.get("schema", ["public"])[0],
            "POSTGRES_CONNECT_TIMEOUT": query.get("connect_timeout", ["5"])[0],
        }
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": db}


class GameStore(Application[UUID]):
    """Stores games; ``env`` picks the store (in-memory, SQLite file or PostgreSQL)."""

    name = "Games"
    env = {
        "MAPPER_TOPIC": get_topic(PydanticMapper),
        "TRANSCODER_TOPIC": get_topic(JSONBytesTranscoder),
    }

    def add(self, game: Game) -> None:
        """Store a new game's events (all of them, in one transaction)."""
        self.save(game)

    def game(self, game_id: UUID, version: int | None = None) -> Game:
        try:
            game = self.repository.get(game_id, version=version, projector_func=_fast_projector)
        except AggregateNotFoundError:
            raise BadInput(f"no game {game_id} in this store") from None
        if not isinstance(game, Game):
            raise BadInput(f"{game_id} is not a game")
        return game

    def issue(self, game_id: UUID, command: dict[str, Any] | BaseModel) -> list[GameEvent]:
        """Apply one command to a stored game and store its events in one transaction."""
        for _ in range(RETRIES):
            game = self.game(game_id)
            events = game.issue(command)
            try:
                self.save(game)
            except IntegrityError:
                continue  # someone else wrote first: retry on the new state
            return events
        raise VersionConflict(f"game {game_id} kept changing under this command; it was not applied")

    def game_events(self, game_id: UUID) -> Iterator[GameEvent]:
        for event in self.repository.event_store.get(game_id):
            if isinstance(event, GameEvent):  # every stored event is; the library types them loosely
                yield event

    def game_ids(self) -> list[UUID]:
        ids: list[UUID] = []
        for notification in self.recorder.select_notifications(start=None, limit=1_000_000, topics=["sim.GameStarted"]):
            ids.append(UUID(str(notification.originator_id)))
        return ids


def _fast_projector(initial: Game | None, events: Any) -> Game | None:
    """Fold events without the library's per-event Protocol check (eventsourcing notes, 9)."""
    game = initial
    for event in events:
        game = event.mutate(game)
    return game


def open_store(db: str | None) -> GameStore:
    env = persistence_env(db)
    try:
        return GameStore(env=env)
    except Exception as exc:  # a driver's own error types differ per store
        raise BadInput(f"can't open the game store {db!r}: {exc}".splitlines()[0]) from None
