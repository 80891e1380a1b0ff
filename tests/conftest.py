"""Fixtures for the stores: in-memory, SQLite file and PostgreSQL.

PostgreSQL tests skip with a reason when no server is reachable, except when
``SIM_REQUIRE_POSTGRES=1`` (as ``.ci/run`` sets), where they are required. ``store_db`` runs a
test once per store (memory, SQLite, PostgreSQL), so the store tests are one suite.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

PG_URL = os.environ.get("SIM_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")


def _pg_connect():  # type: ignore[no-untyped-def]
    import psycopg

    return psycopg.connect(PG_URL, connect_timeout=3, autocommit=True)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    required = os.environ.get("SIM_REQUIRE_POSTGRES") == "1"
    try:
        conn = _pg_connect()
    except Exception as exc:  # ImportError (no extra) or no server
        if required:
            pytest.fail(f"PostgreSQL is required here (SIM_REQUIRE_POSTGRES=1) but unusable: {exc}")
        pytest.skip(f"no PostgreSQL reachable at {PG_URL}: {exc}")
    schema = f"sim_test_{uuid.uuid4().hex[:10]}"
    with conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{PG_URL}?schema={schema}"
    finally:
        with _pg_connect() as cleanup:
            cleanup.execute(f'DROP SCHEMA "{schema}" CASCADE')


STORES = [
    pytest.param("memory", id="memory"),
    pytest.param("sqlite", id="sqlite"),
    pytest.param("postgres", id="postgres", marks=pytest.mark.postgres),
]


@pytest.fixture(params=STORES)
def store_db(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A store for one test: ``:memory:``, a fresh SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "memory":
        return ":memory:"
    if request.param == "sqlite":
        return str(tmp_path_factory.mktemp("store") / "games.sqlite")
    url: str = request.getfixturevalue("postgres_url")
    return url
