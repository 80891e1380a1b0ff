"""The ``eventsourcing`` application that stores games, and the rule for concurrent commands.

One ``Game`` aggregate per game; every command is get -> issue -> one ``save`` (atomic). A
concurrent writer that saved first makes ``save`` fail with the library's ``IntegrityError``.
A command is a decision taken against the state its caller saw, so it is retried on the fresh
state only where it still means the same thing: when the fresh state's ``decision_context`` is
the one the command was decided against. Otherwise, or when the caller named the version it
expected, it is refused with ``VersionConflict`` and nothing is stored (DESIGN.md, principle 9).
Eight players pressing "end turn" for turn 1 at once therefore end one turn, not eight.
"""

from __future__ import annotations

from collections.abc import Iterator
from copy import deepcopy
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import get_topic
from pydantic import BaseModel

from domain.errors import BadInput, VersionConflict
from domain.event_base import GameEvent
from domain.events import GameStarted
from domain.game import Game
from domain.ruleset import get_ruleset
from domain.state import GameState
from sim.mapper import JSONBytesTranscoder, PydanticMapper
from sim.store import (
    StoreAddress,
    StoreError,
    check_postgres_schema,
    check_sqlite_file,
    ensure_postgres_schema,
    parse_address,
    probe_postgres,
    sqlite_has_tables,
    store_errors,
)

RETRIES = 3
#: events read from the store at a time when a game is rebuilt
PAGE = 1_000


def decision_context(state: GameState) -> tuple[Any, ...]:
    """What a command was decided against (the ruleset says: the turn, the player to act, the
    attack or activation under way). A command retried after a concurrent write lands only if
    this is unchanged: "end turn" decided in turn 1 must not end turn 2."""
    return (("ruleset", state.ruleset), *get_ruleset(state.ruleset).decision_context(state).items())


@dataclass(frozen=True)
class GameSummary:
    """One stored game, as ``sim games`` lists it."""

    id: UUID
    ruleset: str
    title: str
    events: int
    last_change: datetime

    def as_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "ruleset": self.ruleset,
            "title": self.title,
            "events": self.events,
            "last_change": self.last_change.isoformat(),
        }


class GameStore(Application[UUID]):
    """Stores games; ``env`` picks the store (in-memory, SQLite file or PostgreSQL).

    Open one with ``open_store``: it checks the address, reaches the server and makes the schema
    safely. Every method reports store failures as ``BadInput`` or ``StoreError``."""

    name = "Games"
    env = {
        "MAPPER_TOPIC": get_topic(PydanticMapper),
        "TRANSCODER_TOPIC": get_topic(JSONBytesTranscoder),
        # games already read stay in memory and are brought up to date with the events stored
        # since (the library's fast-forward), so a command costs the same in a game of any length
        "AGGREGATE_CACHE_MAXSIZE": "64",
    }
    address: StoreAddress = parse_address(":memory:")
    #: False for a store opened for reading whose tables were never created: it holds no games
    schema_ready: bool = True
    #: set by ``close``: every use after it is a ``StoreError`` saying so, in memory as in a file
    #: (a closed SQLite pool raised the library's bare ``ConnectionPoolClosedError``, and a
    #: store in memory went on as if open)
    closed: bool = False

    def close(self) -> None:
        """Close the store's connections; closing again is harmless."""
        if not self.closed:
            self.closed = True
            super().close()

    def _check_open(self) -> None:
        if self.closed:
            raise StoreError(f"{self.address.shown}: the store is closed; open it again to use it")

    def add(self, game: Game) -> None:
        """Store a new game's events (all of them, in one transaction)."""
        self._check_open()
        with store_errors(self.address, "write"):
            self.save(game)

    def record(self, events: list[GameEvent]) -> None:
        """Store events as they are (an imported log), in one transaction; ``IntegrityError`` if
        any of their versions is stored already."""
        self._check_open()
        with store_errors(self.address, "write"):
            self.recorder.insert_events([self.mapper.to_stored_event(event) for event in events])

    def game(self, game_id: UUID, version: int | None = None) -> Game:
        """The game, or its state after event ``version``; ``BadInput`` if there is none."""
        self._check_open()
        if not self.schema_ready:
            raise BadInput(f"no game {game_id} in {self.address.shown}")
        cache = self.repository.cache
        try:
            with store_errors(self.address, "read"):
                if version is None and cache is not None and _cached(cache, game_id):
                    game = self.repository.get(game_id, projector_func=_fast_projector)  # fast-forwarded
                else:
                    game = self._fold_pages(game_id, version)
                    if version is None and cache is not None:
                        cache.put(game_id, deepcopy(game))
        except AggregateNotFoundError:
            raise BadInput(f"no game {game_id} in {self.address.shown}") from None
        if not isinstance(game, Game):
            raise BadInput(f"{game_id} is not a game")
        return game

    def _fold_pages(self, game_id: UUID, version: int | None) -> Game:
        """Fold a game's events from the store a page at a time, so that replaying a long game
        holds its state and one page of events, never the whole stream."""
        game: Game | None = None
        after: int | None = None
        while True:
            page = list(self.repository.event_store.get(game_id, gt=after, lte=version, limit=PAGE))
            if not page:
                break
            game = _fast_projector(game, page)
            after = page[-1].originator_version
            if len(page) < PAGE:
                break
        if game is None:
            raise AggregateNotFoundError(game_id)
        return game

    def issue(
        self,
        game_id: UUID,
        command: dict[str, Any] | BaseModel,
        expected_version: int | None = None,
        decided_in: tuple[Any, ...] | None = None,
    ) -> list[GameEvent]:
        """Apply one command to a stored game (see ``apply``) and return the events it recorded."""
        return self.apply(game_id, command, expected_version, decided_in)[1]

    def apply(
        self,
        game_id: UUID,
        command: dict[str, Any] | BaseModel,
        expected_version: int | None = None,
        decided_in: tuple[Any, ...] | None = None,
    ) -> tuple[Game, list[GameEvent]]:
        """Apply one command to a stored game and store its events in one transaction.

        The command was decided against some state: ``decided_in`` is that state's
        ``decision_context`` when the caller knows it (a ``GameSession`` does), else the context of
        the game as this call first loads it. The command is applied, and after a concurrent write
        retried, only while the game is still in that context. With ``expected_version`` it applies
        only to the game at exactly that version and is never retried. A command that no longer
        fits raises ``VersionConflict`` and stores nothing."""
        game = self.game(game_id)
        if expected_version is not None and game.version != expected_version:
            raise VersionConflict(
                f"game {game_id} is at version {game.version}, not {expected_version}: the command was not applied"
            )
        now = decision_context(game.state)
        if decided_in is None:
            decided_in = now
        elif now != decided_in:
            raise VersionConflict(
                f"game {game_id} moved on since the command was decided ({_context_text(decided_in)} -> "
                f"{_context_text(now)}); it was not applied"
            )
        for _ in range(RETRIES):
            events = game.issue(command, rollback=False)  # a refused game is dropped: the cache keeps the good one
            try:
                with store_errors(self.address, "write"):
                    self.save(game)
            except IntegrityError:
                pass  # someone else wrote first
            else:
                return game, events
            if expected_version is not None:
                raise VersionConflict(
                    f"game {game_id} changed after version {expected_version}: the command was not applied"
                )
            game = self.game(game_id)
            now = decision_context(game.state)
            if now != decided_in:
                raise VersionConflict(
                    f"game {game_id} moved on while the command was applied ({_context_text(decided_in)} -> "
                    f"{_context_text(now)}); it was not applied"
                )
        raise VersionConflict(f"game {game_id} kept changing under this command; it was not applied")

    def game_events(self, game_id: UUID, after: int | None = None, upto: int | None = None) -> Iterator[GameEvent]:
        """The game's events numbered after ``after`` and up to ``upto`` (both optional)."""
        self._check_open()
        if not self.schema_ready:
            return
        with store_errors(self.address, "read"):
            stored = list(self.repository.event_store.get(game_id, gt=after, lte=upto))
        for event in stored:
            if isinstance(event, GameEvent):  # every stored event is; the library types them loosely
                yield event

    def find_game(self, text: str | UUID, where: str = "game") -> UUID:
        """The stored game a whole id or any unique beginning of one names (``2d3e09b2``, as
        ``sim play`` and ``sim games`` show them); BadInput naming the problem otherwise."""
        self._check_open()
        if isinstance(text, UUID):
            return text
        given = str(text).strip().lower()
        try:
            return UUID(given)
        except ValueError:
            pass
        if not given or not all(c in "0123456789abcdef-" for c in given):
            raise BadInput(f"not a game id: {text!r} (a game id, or the beginning of one, is hexadecimal)", where)
        matches = [game for game in self.game_ids() if str(game).startswith(given)]
        if not matches:
            raise BadInput(f"no game whose id begins with {given!r} in {self.address.shown}", where)
        if len(matches) > 1:
            shown = ", ".join(str(m) for m in matches[:4]) + (" ..." if len(matches) > 4 else "")
            raise BadInput(f"{len(matches)} games' ids begin with {given!r}: {shown}; give more of the id", where)
        return matches[0]

    def game_ids(self) -> list[UUID]:
        self._check_open()
        if not self.schema_ready:
            return []
        with store_errors(self.address, "read"):
            notifications = self.recorder.select_notifications(start=None, limit=1_000_000, topics=[GameStarted.TOPIC])
        return [UUID(str(notification.originator_id)) for notification in notifications]

    def summaries(self) -> list[GameSummary]:
        """Every stored game with its ruleset, title, event count and the time of its last event."""
        self._check_open()
        found: list[GameSummary] = []
        for game_id in self.game_ids():
            with store_errors(self.address, "read"):
                first = list(self.repository.event_store.get(game_id, lte=1))
                last = list(self.repository.event_store.get(game_id, desc=True, limit=1))
            if not first or not last or not isinstance(first[0], GameStarted) or not isinstance(last[0], GameEvent):
                continue
            found.append(GameSummary(game_id, first[0].ruleset, first[0].title, last[0].originator_version, last[0].timestamp))
        return found


def _context_text(context: tuple[Any, ...]) -> str:
    return ", ".join(f"{name} {value}" for name, value in context[1:] if value is not None)


def _cached(cache: Any, game_id: UUID) -> bool:
    try:
        cache.get(game_id)
    except KeyError:
        return False
    return True


def _fast_projector(initial: Game | None, events: Any) -> Game | None:
    """Fold events without the library's per-event Protocol check (eventsourcing notes, 9)."""
    game = initial
    for event in events:
        game = event.mutate(game)
    return game


def open_store(db: str | None, *, create: bool = True) -> GameStore:
    """Open the store ``db`` names (see ``sim.store.parse_address``).

    ``create=False`` is for readers: a missing SQLite file is ``BadInput`` and nothing is created,
    not even empty tables. Writers create the schema once, safely under concurrency."""
    address = parse_address(db)
    env = dict(address.env)
    if address.kind == "postgres":
        return _open_postgres(address, env, create)
    if address.kind == "sqlite":
        check_sqlite_file(address, create)
        env["CREATE_TABLE"] = "y" if create else "n"
    with store_errors(address, "open"):
        store = GameStore(env=env)
        store.address = address
        if address.kind == "sqlite" and not create:
            store.schema_ready = _sqlite_ready(store)
    return store


def _open_postgres(address: StoreAddress, env: dict[str, str], create: bool) -> GameStore:
    """A PostgreSQL store on one connection: the probe's (a wrong address fails at once, with
    its reason), which checks the schema a reader names exists, then becomes the pool's."""
    from sim.postgres_recorder import handed_over  # the postgres extra, imported only for it

    conn = probe_postgres(address)
    with handed_over(conn):
        check_postgres_schema(conn, address, create)
        env["CREATE_TABLE"] = "n"  # ensure_postgres_schema does it, once and under a lock
        with store_errors(address, "open"):
            store = GameStore(env=env)
            store.address = address
            store.schema_ready = ensure_postgres_schema(store.recorder, create)
    return store


def _sqlite_ready(store: GameStore) -> bool:
    datastore = getattr(store.recorder, "datastore", None)
    if datastore is None:
        return True
    with datastore.transaction(commit=False) as cursor:
        return sqlite_has_tables(cursor)


def init_store(db: str) -> GameStore:
    """Create a store's schema (``sim db init``); harmless when it exists already."""
    return open_store(db, create=True)
