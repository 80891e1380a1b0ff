"""``-o -`` is standard output, for every command that takes ``-o`` (``sim log export``,
``render``, ``view``): it used to write a file literally named ``-`` (or, for render and view,
to refuse the name for its missing suffix). A PNG, being binary, is refused on a terminal."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sim.api import Simulator
from sim.cli import COMMANDS
from tests.cli_runs import one_line_exit_2, sim
from tests.helpers import EXAMPLES

SCENARIO = EXAMPLES / "tutorial" / "sorcery.yaml"
ROOT = Path(__file__).resolve().parent.parent




@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current folder is ``tmp_path``: where a file named ``-`` would land."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_log_export_to_dash_writes_standard_output_not_a_file_named_dash(in_tmp: Path) -> None:
    db = str(in_tmp / "games.sqlite")
    game = Simulator(db).load(SCENARIO)
    result = sim("log", "export", str(game.id), "--db", db, "-o", "-")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert json.loads(lines[0])["topic"] == "sim.GameStarted" and json.loads(lines[-1])["end"] is True
    assert result.stdout == sim("log", "export", str(game.id), "--db", db).stdout  # as without -o
    assert not (in_tmp / "-").exists() and not list(in_tmp.glob("-*"))


def test_view_to_dash_writes_the_page_on_standard_output(in_tmp: Path) -> None:
    result = sim("view", str(SCENARIO), "-o", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout.lstrip().lower().startswith("<!doctype html>") and result.stdout.rstrip().endswith("</html>")
    assert "standard output" in result.stderr
    assert not (in_tmp / "-").exists() and not list(in_tmp.glob("-*"))


def test_render_to_dash_writes_an_svg_on_standard_output(in_tmp: Path) -> None:
    result = sim("render", str(SCENARIO), "-o", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout.lstrip().startswith("<svg") or result.stdout.lstrip().startswith("<?xml")
    assert "the board after e" in result.stderr and "standard output" in result.stderr
    assert not (in_tmp / "-").exists() and not list(in_tmp.glob("-*"))


def test_render_png_to_dash_writes_png_bytes_into_a_pipe(in_tmp: Path) -> None:
    result = sim("render", str(SCENARIO), "--format", "png", "-o", "-")
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes[:8] == b"\x89PNG\r\n\x1a\n"
    assert not (in_tmp / "-").exists()


def test_render_format_that_contradicts_the_file_name_is_bad_input(in_tmp: Path) -> None:
    line = one_line_exit_2(sim("render", str(SCENARIO), "--format", "png", "-o", "board.svg"))
    assert "--format" in line and "board.svg" in line
    assert not list(in_tmp.iterdir())


@pytest.mark.skipif(not hasattr(os, "openpty"), reason="no pseudo-terminals here")
def test_a_png_is_never_written_to_a_terminal(tmp_path: Path) -> None:
    """Binary bytes would garble the terminal: refused in one line, before any work."""
    controller, terminal = os.openpty()
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "sim.cli", "render", str(SCENARIO), "--format", "png", "-o", "-"],
            stdout=terminal, stderr=subprocess.PIPE, text=True, cwd=tmp_path, timeout=120,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
    finally:
        os.close(terminal)
        os.close(controller)
    assert proc.returncode == 2, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "terminal" in lines[0] and "PNG" in lines[0], proc.stderr
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("command", [["log", "export"], ["render"], ["view"]])
def test_every_o_option_says_that_dash_is_standard_output(command: list[str]) -> None:
    assert command[0] in COMMANDS
    result = sim(*command, "--help")
    assert result.exit_code == 0
    assert "-: standard output" in " ".join(result.stdout.split()), result.stdout
