"""Reaching a store: each way of failing has its own one-line message and the store exit code
(4), never the bad-input one; and a password never shows in output, errors or log records."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sim.app import open_store
from sim.store import StoreError, parse_address, redact
from tests.fake_postgres import free_port, refusing_server
from tests.helpers import EXAMPLES

SHARK = str(EXAMPLES / "sorcery" / "05-giant-shark.yaml")
ROOT = Path(__file__).resolve().parent.parent


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "sim.cli", *args], capture_output=True, text=True, cwd=ROOT)


def test_a_refused_port_says_nothing_accepts_connections_there() -> None:
    port = free_port()
    with pytest.raises(StoreError, match=f"nothing accepts connections at 127.0.0.1:{port}"):
        open_store(f"postgresql://postgres@127.0.0.1:{port}/test")


def test_an_unknown_host_says_it_does_not_resolve() -> None:
    with pytest.raises(StoreError, match="unknown host 'no-such-host.invalid'"):
        open_store("postgresql://postgres@no-such-host.invalid:5432/test")


def test_a_wrong_password_says_the_password_was_refused_for_that_role() -> None:
    with refusing_server() as port, pytest.raises(StoreError) as caught:
        open_store(f"postgresql://alice:hunter2@127.0.0.1:{port}/test")
    assert str(caught.value) == f"PostgreSQL at 127.0.0.1:{port} refused the password for role 'alice'"


@pytest.mark.postgres
def test_an_unknown_database_is_named(postgres_url: str) -> None:
    url = postgres_url.split("?")[0].rsplit("/", 1)[0] + "/no_such_database_13"
    with pytest.raises(StoreError, match="has no database 'no_such_database_13'"):
        open_store(url)


@pytest.mark.postgres
def test_an_unknown_role_is_named(postgres_url: str) -> None:
    url = postgres_url.replace("postgres@", "no_such_role_13@", 1)
    with pytest.raises(StoreError, match="has no role 'no_such_role_13'"):
        open_store(url)


def test_an_unknown_url_option_is_bad_input_with_the_known_ones() -> None:
    from domain.errors import BadInput

    with pytest.raises(BadInput, match="unknown option 'shema' in the store URL; known: schema, connect_timeout"):
        parse_address("postgresql://postgres@127.0.0.1/test?shema=x")


@pytest.mark.parametrize("timeout", ["\u00b2", "\u0663", "0", "x"])
def test_a_connect_timeout_that_is_not_a_whole_number_of_seconds_is_bad_input(timeout: str) -> None:
    """A superscript two passed ``isdigit()`` and then failed ``int()``: a raw ValueError from
    ``Simulator(url)``; an Arabic-Indic three would have reached the driver as it was written."""
    from domain.errors import BadInput

    with pytest.raises(BadInput, match="connect_timeout must be a whole number of seconds"):
        parse_address(f"postgresql://postgres@127.0.0.1/test?connect_timeout={timeout}")


def test_redact_hides_the_password_of_every_url_in_a_text() -> None:
    text = "stored in postgresql://bob:s3cr:et@db:5432/x and postgres://al:pw@h/y, not in sqlite.db"
    assert redact(text) == "stored in postgresql://bob:***@db:5432/x and postgres://al:***@h/y, not in sqlite.db"
    assert redact("postgresql://bob@db/x") == "postgresql://bob@db/x"


def test_the_cli_reports_an_unreachable_store_in_one_line_with_exit_4_and_no_password() -> None:
    url = f"postgresql://postgres:topsecret@127.0.0.1:{free_port()}/test"
    proc = run_cli("--log-json", "run", SHARK, "--db", url)
    assert proc.returncode == 4
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert any("nothing accepts connections" in line for line in lines)
    assert "Traceback" not in proc.stderr and "topsecret" not in proc.stderr + proc.stdout
    records = [json.loads(line) for line in lines if line.startswith("{")]
    assert records and all("topsecret" not in json.dumps(r) for r in records)


@pytest.mark.postgres
def test_sim_run_never_prints_or_logs_the_password(postgres_url: str) -> None:
    url = postgres_url.replace("postgres@", "postgres:topsecret@", 1)  # the server trusts: any password passes
    proc = run_cli("--log-json", "-vv", "run", SHARK, "--db", url)
    assert proc.returncode == 0, proc.stderr
    assert "stored in postgresql://postgres:***@" in proc.stdout
    assert "topsecret" not in proc.stdout + proc.stderr


@pytest.mark.postgres
def test_db_init_creates_the_schema_once_and_again_harmlessly(postgres_url: str) -> None:
    first = run_cli("db", "init", "--db", postgres_url)
    again = run_cli("db", "init", "--db", postgres_url)
    assert first.returncode == again.returncode == 0, first.stderr + again.stderr
    assert "store ready" in again.stdout
    assert open_store(postgres_url, create=False).schema_ready


def test_db_init_creates_a_sqlite_store(tmp_path: Path) -> None:
    db = tmp_path / "new.sqlite"
    proc = run_cli("db", "init", "--db", str(db))
    assert proc.returncode == 0, proc.stderr
    assert open_store(str(db), create=False).schema_ready


@pytest.mark.parametrize("schema", ["a%22b", "x%3Bdrop%20table%20t", "1abc", "a" * 64])
def test_a_schema_name_the_server_would_reject_is_refused_by_the_command_exit_2(schema: str) -> None:
    """The command has to change, not the server: exit 2 at once, before any connection."""
    result = run_cli("games", "--db", f"postgresql://postgres@127.0.0.1:1/test?schema={schema}")
    assert result.returncode == 2
    assert "schema must be a plain PostgreSQL name" in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_a_postgresql_store_without_its_driver_says_which_extra_to_install_exit_2(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    import sim.store
    from sim.cli import main

    monkeypatch.setattr(sim.store, "postgres_driver_installed", lambda: False)
    result = CliRunner().invoke(main, ["run", SHARK, "--db", "postgresql://postgres@127.0.0.1/test"])
    assert result.exit_code == 2
    assert "pip install 'tabletop-movement-sim[postgres]'" in result.output


@pytest.mark.parametrize("db", ["postgresq://bob:topsecret@db/x", "mysql://bob:topsecret@db/x", "sqlite:///tmp/x.sqlite"])
@pytest.mark.parametrize("command", [["games"], ["run", SHARK], ["db", "init"]])
def test_a_store_url_of_another_kind_is_refused_as_one_without_its_password(
    tmp_path: Path, db: str, command: list[str]
) -> None:
    """README "The command line": a STORE is a SQLite file, :memory: or postgresql://... A URL
    of any other scheme (a misspelt postgresql:// too) was taken for a SQLite path: "no such
    store" or "no folder 'mysql:'", with its password printed."""
    proc = subprocess.run([sys.executable, "-m", "sim.cli", *command, "--db", db], capture_output=True, text=True, cwd=tmp_path,
                          env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "not a kind of store" in lines[0], proc.stderr
    assert "topsecret" not in proc.stdout + proc.stderr
    assert not any(tmp_path.iterdir())


def test_redact_hides_the_password_of_a_url_of_any_scheme() -> None:
    assert redact("in mysql://bob:pw@db/x") == "in mysql://bob:***@db/x"
