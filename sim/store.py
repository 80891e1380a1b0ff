"""Where a game store lives, how it is shown, how it is reached, and how its schema is made.

A store is named by one string (``--db``): ``:memory:``, a SQLite file path (or a SQLite
``file:`` URI), or a ``postgresql://`` URL. This module turns that string into the library's
settings, and owns three things the library leaves to the application:

- **Showing it safely.** ``StoreAddress.shown`` is the name with any password replaced by
  ``***``; nothing the tool prints or logs uses the raw string (``redact`` cleans free text).
- **Reaching it quickly and saying why not.** Before the library's connection pool starts (whose
  failures all read "couldn't get a connection" after its timeout), one direct connection is
  tried, and the server's answer becomes one of a few distinct messages: refused, unknown host,
  unknown database, unknown role, wrong password. A full server ("too many clients") or one that
  is starting up is waited for, briefly, since it is not the caller's fault.
- **Creating the schema once.** The library runs its ``CREATE ... IF NOT EXISTS`` and
  ``CREATE OR REPLACE FUNCTION`` statements on every open when ``CREATE_TABLE`` is on; two
  processes doing that at once on PostgreSQL clash ("tuple concurrently updated"). Here the
  library never creates anything itself: ``ensure_postgres_schema`` looks for the tables, type
  and function first (no DDL at all in the common case) and, only when something is missing,
  creates everything in one transaction under a PostgreSQL advisory lock, checking again once it
  holds the lock. Concurrent opens therefore wait for one creator instead of racing it.

Errors: a problem with what the caller named (a missing file, a read-only file, a malformed
URL) is ``BadInput``; a store that cannot be reached or fails on its side is ``StoreError``,
which the command line reports with its own exit code (4).
"""

from __future__ import annotations

import importlib.util
import random
import re
import sqlite3
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar
from urllib.parse import parse_qs, unquote, urlparse

from eventsourcing.persistence import IntegrityError, PersistenceError

from domain.errors import BadInput, SimError

if TYPE_CHECKING:
    import psycopg

StoreKind = Literal["memory", "sqlite", "postgres"]

#: how long to wait for a connection, unless the URL says ``connect_timeout=N``
DEFAULT_CONNECT_TIMEOUT = 5
#: query parameters a PostgreSQL store URL may carry
URL_OPTIONS = ("schema", "connect_timeout")


class StoreError(SimError):
    """The store could not be reached or failed on its side; the caller's input was fine.

    Retrying later (or fixing the server, not the command) is the remedy. The command line
    exits with 4 on it, never with the bad-input code."""


@dataclass(frozen=True)
class StoreAddress:
    """A parsed ``--db`` value: which store, the library settings for it, and a printable name."""

    kind: StoreKind
    shown: str
    env: dict[str, str] = field(default_factory=dict, repr=False)
    #: the SQLite file, when the address names one (not for ``file:`` URIs or memory)
    path: Path | None = None

    @property
    def connect_timeout(self) -> int:
        return int(self.env.get("POSTGRES_CONNECT_TIMEOUT", DEFAULT_CONNECT_TIMEOUT))


#: a URL's password, whatever its scheme: a misspelt ``postgresql://`` has one as well
_PASSWORD_IN_URL = re.compile(r"([a-z][a-z0-9+.-]*://[^/@\s:]*:)[^@\s]*@", re.IGNORECASE)
#: a URL's scheme: a store named by one is PostgreSQL's or none (SQLite's ``file:`` has no ``//``)
_URL_SCHEME = re.compile(r"([a-z][a-z0-9+.-]*)://", re.IGNORECASE)


def redact(text: str) -> str:
    """``text`` with the password of every PostgreSQL URL in it replaced by ``***``."""
    return _PASSWORD_IN_URL.sub(r"\1***@", text)


def parse_address(db: str | None) -> StoreAddress:
    """Settings for a database given as a path, ``:memory:`` or a ``postgresql://`` URL."""
    if db is None or db == ":memory:":
        return StoreAddress("memory", ":memory:", {"PERSISTENCE_MODULE": "eventsourcing.popo"})
    if db.lower().startswith(("postgresql://", "postgres://")):
        return _postgres_address(db)
    if not db.strip():
        raise BadInput("the store name is empty", "--db")
    scheme = _URL_SCHEME.match(db)
    if scheme is not None and not db.lower().startswith("file:"):
        # else taken for a SQLite path: "no folder 'mysql:'", and the URL printed, password too
        raise BadInput(
            f"{scheme.group(1)}:// is not a kind of store: a store is a SQLite file, :memory: or a "
            "postgresql:// URL", redact(db),
        )
    env = {"PERSISTENCE_MODULE": "sim.sqlite_recorder:GameSQLiteFactory", "SQLITE_DBNAME": db}
    path = None if db.startswith("file:") else Path(db)
    return StoreAddress("sqlite", db, env, path)


#: a schema name the server takes as written, unquoted: the command, not the server, refuses others
PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,62}")


def postgres_driver_installed() -> bool:
    """Whether psycopg (the ``postgres`` extra) can be imported, asked before any work is done."""
    return importlib.util.find_spec("psycopg") is not None


def _postgres_address(db: str) -> StoreAddress:
    shown = redact(db)
    try:
        url = urlparse(db)
        port = url.port or 5432
    except ValueError as exc:
        raise BadInput(f"malformed PostgreSQL URL: {exc}", shown) from None
    query = parse_qs(url.query)
    unknown = sorted(set(query) - set(URL_OPTIONS))
    if unknown:
        raise BadInput(f"unknown option {unknown[0]!r} in the store URL; known: {', '.join(URL_OPTIONS)}", shown)
    timeout = query.get("connect_timeout", [str(DEFAULT_CONNECT_TIMEOUT)])[0]
    if not (timeout.isascii() and timeout.isdigit()) or int(timeout) < 1:  # the driver reads ASCII digits
        raise BadInput(f"connect_timeout must be a whole number of seconds, not {timeout!r}", shown)
    schema = query.get("schema", ["public"])[0]
    if not PLAIN_NAME.fullmatch(schema):
        raise BadInput(
            f"schema must be a plain PostgreSQL name (a letter or _, then letters, digits or _; 63 at most), not {schema!r}",
            shown,
        )
    if not postgres_driver_installed():
        raise BadInput(
            "a postgresql:// store needs the PostgreSQL driver, which is not installed: "
            "pip install 'tabletop-movement-sim[postgres]' (or pip install -e '.[postgres]' in a checkout)",
            shown,
        )
    env = {
        # the library's factory, whose pool starts with the probe's connection (one, not three)
        "PERSISTENCE_MODULE": "sim.postgres_recorder:GamePostgresFactory",
        "POSTGRES_DBNAME": unquote((url.path or "/postgres").lstrip("/")) or "postgres",
        "POSTGRES_HOST": url.hostname or "127.0.0.1",
        "POSTGRES_PORT": str(port),
        "POSTGRES_USER": unquote(url.username or "postgres"),
        "POSTGRES_PASSWORD": unquote(url.password or ""),
        "POSTGRES_SCHEMA": schema,
        "POSTGRES_CONNECT_TIMEOUT": timeout,
        # one process runs one command at a time: one connection, a few more for threads that
        # share a Simulator. The library's default (5 kept open, 15 at most) would let a hundred
        # parallel `sim run`s ask for 500 connections of a server that allows 100.
        "POSTGRES_POOL_SIZE": "1",
        "POSTGRES_MAX_OVERFLOW": "4",
    }
    return StoreAddress("postgres", shown, env)


# --- SQLite ----------------------------------------------------------------------------------


def check_sqlite_file(address: StoreAddress, create: bool) -> None:
    """Refuse, before SQLite silently creates a file, a store that is missing when reading, or
    whose folder is missing when writing."""
    path = address.path
    if path is None:
        return
    if path.is_dir():
        raise BadInput("is a folder, not a SQLite store file", address.shown)
    if not create and not path.exists():
        raise BadInput("no such store (a store is only created by commands that write)", address.shown)
    if not create and path.stat().st_size == 0:
        # SQLite reads an empty file as an empty database, and a reader opening it would turn it
        # into one; a writer starts a new store in it, as SQLite does (``touch games.sqlite``)
        raise BadInput("an empty file, not a game store yet (a store is only created by commands that write)", address.shown)
    if create and not path.parent.exists():
        raise BadInput(f"can't create the store: no folder {str(path.parent)!r}", address.shown)


def sqlite_has_tables(cursor: Any) -> bool:
    """Whether a SQLite store has its events table (a cursor of the library's SQLite datastore)."""
    cursor.execute("SELECT count(*) FROM sqlite_master WHERE type='table' AND name='stored_events'")
    row = cursor.fetchone()
    return bool(row[0])


# --- waiting out a busy store ------------------------------------------------------------------

T = TypeVar("T")


def retried(
    attempt: Callable[[], T], transient: Callable[[Exception], bool], deadline: float, first: float, longest: float,
) -> T:
    """``attempt()``, tried again after a growing, jittered wait each time it fails with an error
    ``transient`` accepts (the store is busy, not wrong), until the next wait would pass
    ``deadline`` (``time.monotonic``); then that error is raised."""
    delay = first
    while True:
        try:
            return attempt()
        except Exception as exc:
            if not transient(exc) or time.monotonic() + delay >= deadline:
                raise
        time.sleep(delay * (1 + random.random()))
        delay = min(delay * 2, longest)


# --- PostgreSQL ------------------------------------------------------------------------------

#: a server's answers that say "not now" rather than "not you": waited for, with backoff
_TRANSIENT = ("too many clients", "the database system is starting up", "remaining connection slots are reserved")


def describe_connection_error(address: StoreAddress, message: str) -> str:
    """One line saying why PostgreSQL would not let us in, from the driver's message."""
    env = address.env
    server = f"{env['POSTGRES_HOST']}:{env['POSTGRES_PORT']}"
    text = " ".join(message.split())
    lowered = text.lower()
    if "password authentication failed" in lowered or "no password supplied" in lowered:
        return f"PostgreSQL at {server} refused the password for role {env['POSTGRES_USER']!r}"
    if re.search(r'role ".*" does not exist', lowered):
        return f"PostgreSQL at {server} has no role {env['POSTGRES_USER']!r}"
    if re.search(r'database ".*" does not exist', lowered):
        return f"PostgreSQL at {server} has no database {env['POSTGRES_DBNAME']!r}"
    if "failed to resolve host" in lowered or "could not translate host name" in lowered:
        return f"unknown host {env['POSTGRES_HOST']!r}: it does not resolve to an address"
    if "connection refused" in lowered:
        return f"nothing accepts connections at {server} (connection refused): is PostgreSQL running there?"
    if "timeout" in lowered or "timed out" in lowered:
        return f"PostgreSQL at {server} did not answer within {address.connect_timeout} s"
    if any(word in lowered for word in _TRANSIENT):
        return f"PostgreSQL at {server} is busy ({_server_line(text)}); try again later"
    return f"can't connect to PostgreSQL at {server}: {_server_line(text)}"


def _server_line(text: str) -> str:
    """The server's own words from a libpq message, without the 'connection to ... failed' preamble."""
    text = redact(text)
    if "FATAL:" in text:
        text = text.split("FATAL:", 1)[1]
    return text.strip().rstrip(".")


def probe_postgres(address: StoreAddress) -> psycopg.Connection[Any]:
    """Connect once, directly, so that a wrong address fails at once with its own message; the
    connection is returned open, for the store to use (``sim.postgres_recorder`` hands it to the
    library's pool as its first connection: one connection per process, not a second one).

    A full or starting server is retried with backoff until the connect timeout has passed."""
    import psycopg

    env = address.env

    def connect() -> psycopg.Connection[Any]:
        return psycopg.connect(
            host=env["POSTGRES_HOST"],
            port=env["POSTGRES_PORT"],
            dbname=env["POSTGRES_DBNAME"],
            user=env["POSTGRES_USER"],
            password=env["POSTGRES_PASSWORD"],
            connect_timeout=max(2, address.connect_timeout),
            autocommit=True,
        )

    def transient(exc: Exception) -> bool:
        return isinstance(exc, psycopg.OperationalError) and any(word in str(exc).lower() for word in _TRANSIENT)

    try:
        return retried(connect, transient, time.monotonic() + address.connect_timeout, first=0.05, longest=1.0)
    except psycopg.OperationalError as exc:
        raise StoreError(describe_connection_error(address, str(exc))) from None


def check_postgres_schema(conn: psycopg.Connection[Any], address: StoreAddress, create: bool) -> None:
    """Refuse a reader a schema that does not exist: a misspelt ``?schema=`` would otherwise read
    as an empty store ("no games"). A writer may name a new one: it is created with the tables
    (``ensure_postgres_schema``), as a writer creates a missing SQLite file. A schema that exists
    without the tables is a store with no games, as a database without them always was."""
    if create:
        return
    env = address.env
    schema = env["POSTGRES_SCHEMA"]
    try:
        row = conn.execute("SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = %s)", (schema,)).fetchone()
    except Exception as exc:
        if _is_driver_error(exc):
            raise _translate(address, "read", exc) from None
        raise
    if not (row[0] if isinstance(row, tuple) else row):
        raise BadInput(
            f"no schema {schema!r} in database {env['POSTGRES_DBNAME']!r} at {env['POSTGRES_HOST']}:{env['POSTGRES_PORT']} "
            "(a store is only created by commands that write)", address.shown,
        )


def _lock_key(schema: str, table: str) -> int:
    """A stable advisory-lock key for creating one store's schema (a signed 32-bit integer)."""
    return zlib.crc32(f"sim-store:{schema}.{table}".encode()) - 2**31


def _postgres_schema_present(cursor: psycopg.Cursor[Any], recorder: Any) -> bool:
    """Whether every object the library would create exists: table, index, composite type, function."""
    datastore = recorder.datastore
    schema = datastore.schema
    cursor.execute(
        "SELECT to_regclass(%s) IS NOT NULL AS events, to_regclass(%s) IS NOT NULL AS index, "
        "to_regtype(%s) IS NOT NULL AS type, "
        "EXISTS (SELECT 1 FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
        "        WHERE n.nspname = %s AND p.proname = %s) AS function",
        (
            _qualified(schema, recorder.events_table_name),
            _qualified(schema, recorder.notification_id_index_name),
            _qualified(schema, recorder.stored_event_type_name),
            schema,
            recorder.pg_function_name_insert_events,
        ),
    )
    row = cursor.fetchone()
    return row is not None and all(row.values() if isinstance(row, dict) else row)


def _qualified(schema: str, name: str) -> str:
    return '"' + schema.replace('"', '""') + '"."' + name.replace('"', '""') + '"'


def ensure_postgres_schema(recorder: Any, create: bool) -> bool:
    """Make sure the store's tables exist; return whether they do.

    Without ``create`` nothing is created (a reader of an empty database sees no games). With it,
    the library's own create statements run once, in one transaction, under an advisory lock."""
    from psycopg import sql

    datastore = recorder.datastore
    with datastore.get_connection() as conn:
        with conn.cursor() as cursor:
            present = _postgres_schema_present(cursor, recorder)
        if not present and not create:
            return False
        if not present:
            with conn.transaction(), conn.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_xact_lock(%s)", (_lock_key(datastore.schema, recorder.events_table_name),))
                if not _postgres_schema_present(cursor, recorder):
                    cursor.execute(sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(datastore.schema)))
                    for statement in recorder.sql_create_statements:
                        cursor.execute(statement, prepare=False)
    # the recorder looked the composite type up when it was made, which may have been before
    # another process created it: look again now that it exists
    datastore.register_type_adapters()
    return True


# --- turning driver errors into the simulator's -----------------------------------------------


@contextmanager
def store_errors(address: StoreAddress, action: str = "use") -> Iterator[None]:
    """Report a store's failures as ``BadInput`` (what was named can't be used that way) or
    ``StoreError`` (the store failed), in one line with no password; ``IntegrityError`` (a
    concurrent writer) passes through for the caller to handle."""
    try:
        yield
    except (IntegrityError, SimError):
        raise
    except (PersistenceError, sqlite3.Error) as exc:
        raise _translate(address, action, exc) from None
    except Exception as exc:
        if _is_driver_error(exc):
            raise _translate(address, action, exc) from None
        raise


def _is_driver_error(exc: Exception) -> bool:
    try:
        import psycopg
    except ImportError:  # the postgres extra is not installed
        return False
    return isinstance(exc, psycopg.Error)


def _translate(address: StoreAddress, action: str, exc: Exception) -> SimError:
    text = " ".join(redact(str(exc)).split()) or type(exc).__name__
    lowered = text.lower()
    where = address.shown
    if address.kind == "sqlite":
        if "readonly" in lowered or "read-only" in lowered:
            return BadInput("the store is read-only: nothing was written", where)
        if "unable to open database file" in lowered:
            return BadInput("can't open the store file (check the path and its folder)", where)
        if "file is not a database" in lowered or "malformed" in lowered:
            return BadInput("not a SQLite game store", where)
        if "locked" in lowered or "busy" in lowered:
            return StoreError(f"{where}: the store stayed locked by another writer; nothing was written")
    if address.kind == "postgres" and ("couldn't get a connection" in lowered or "connection" in lowered and "failed" in lowered):
        return StoreError(describe_connection_error(address, text))
    return StoreError(f"{where}: the store failed to {action}: {text}")
