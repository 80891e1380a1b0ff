"""A PostgreSQL store's ``?schema=``: a reading command refuses a schema that does not exist, in
one line naming it (a misspelt schema used to read as an empty store, "no games"), and creates
nothing; a writing command creates it, as it creates a missing SQLite file (README "STORE").
And opening a store connects once: the probe's connection, which says why a server can't be
reached, is the one the library's pool then uses (it used to connect three times: the probe,
then twice for its pool of one, whose first request grew it before its first connection was
ready)."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from domain.errors import BadInput
from sim.app import open_store
from tests.cli_runs import sim
from tests.conftest import PG_URL
from tests.helpers import EXAMPLES

SHARK = str(EXAMPLES / "sorcery" / "05-giant-shark.yaml")

pytestmark = pytest.mark.postgres



def schema_exists(name: str) -> bool:
    import psycopg

    with psycopg.connect(PG_URL, autocommit=True) as conn:
        row = conn.execute("SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = %s)", (name,)).fetchone()
    return bool(row and row[0])


@pytest.fixture
def missing_schema(postgres_url: str) -> Iterator[tuple[str, str]]:
    """A store URL whose schema does not exist (the fixture skips without a server), dropped after."""
    name = f"sim_test_missing_{uuid.uuid4().hex[:8]}"
    try:
        yield postgres_url.split("?")[0] + f"?schema={name}", name
    finally:
        import psycopg

        with psycopg.connect(PG_URL, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA IF EXISTS "{name}" CASCADE')


@pytest.mark.parametrize("args", [
    ["games", "--db"],
    ["log", "export", "c4a2d54c", "--db"],
    ["trace", "--game", "c4a2d54c", "--db"],
    ["explore", "--game", "c4a2d54c", "--db"],
    ["render", "--game", "c4a2d54c", "-o", "board.svg", "--db"],
], ids=lambda a: a[0] if a[0] != "log" else "log-export")
def test_a_reading_command_refuses_a_schema_that_does_not_exist_and_creates_none(
    missing_schema: tuple[str, str], args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    url, name = missing_schema
    monkeypatch.chdir(tmp_path)
    result = sim(*args, url)
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and "Traceback" not in result.output, result.output
    assert f"no schema {name!r}" in lines[0] and "no games" not in lines[0], lines[0]
    assert not schema_exists(name)
    assert not list(tmp_path.iterdir())


def test_open_store_for_reading_refuses_a_missing_schema(missing_schema: tuple[str, str]) -> None:
    url, name = missing_schema
    with pytest.raises(BadInput, match=f"no schema {name!r} in database"):
        open_store(url, create=False)


def test_a_writing_command_creates_a_schema_that_does_not_exist(missing_schema: tuple[str, str]) -> None:
    url, name = missing_schema
    result = sim("run", SHARK, "--db", url, "--json")
    assert result.exit_code == 0, result.output
    assert schema_exists(name)
    listed = sim("games", "--db", url)
    assert listed.exit_code == 0 and "Giant Shark" in listed.output, listed.output


def test_an_existing_schema_without_tables_reads_as_a_store_with_no_games(postgres_url: str) -> None:
    result = sim("games", "--db", postgres_url)
    assert result.exit_code == 0 and "no games in" in result.output, result.output


@pytest.fixture
def connections(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every PostgreSQL connection made, by the thread that made it (the probe's, the pool's)."""
    import psycopg
    import psycopg.connection

    made: list[str] = []
    original = psycopg.connection.Connection.connect.__func__  # type: ignore[attr-defined]

    def counted(cls: type, *args: object, **kwargs: object) -> object:
        made.append(threading.current_thread().name)
        return original(cls, *args, **kwargs)

    monkeypatch.setattr(psycopg.connection.Connection, "connect", classmethod(counted))
    monkeypatch.setattr(psycopg, "connect", psycopg.connection.Connection.connect)
    return made


@pytest.mark.parametrize("create", [False, True], ids=["reading", "writing"])
def test_opening_a_store_and_using_it_connects_once(postgres_url: str, connections: list[str], create: bool) -> None:
    store = open_store(postgres_url, create=create)
    store.summaries()
    if create:
        from sim.runner import play
        from sim.scenario import load_scenario

        store.add(play(load_scenario(SHARK)).game)
        assert len(store.summaries()) == 1
    time.sleep(0.3)  # a pool worker that would add a second connection has had its time
    assert len(connections) == 1, connections
