"""``-o`` paths that are not a plain new file: a symbolic link is written through (the link stays
a link), and a FIFO (or a device such as /dev/stdout or /dev/full) is written in place, never
replaced by a renamed ``.partial`` file. Before, ``sim log export -o /dev/full`` run as root
replaced the device node with a regular file and said "37 events written"."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from tests.helpers import EXAMPLES
from tests.test_cli import sim

SCENARIO = str(EXAMPLES / "tutorial" / "sorcery.yaml")


def stored_game(tmp_path: Path) -> tuple[str, str]:
    db = str(tmp_path / "games.sqlite")
    result = sim("run", SCENARIO, "--db", db, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)["game"], db


def test_log_export_through_a_symbolic_link_keeps_the_link(tmp_path: Path) -> None:
    game, db = stored_game(tmp_path)
    real = tmp_path / "real.jsonl"
    real.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    assert sim("log", "export", game, "--db", db, "-o", str(link)).exit_code == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert json.loads(real.read_text().splitlines()[-1])["end"] is True
    assert not list(tmp_path.glob("*.partial"))


@pytest.mark.parametrize(("command", "name"), [("render", "board.svg"), ("view", "game.html")])
def test_pictures_through_a_symbolic_link_keep_the_link(tmp_path: Path, command: str, name: str) -> None:
    real = tmp_path / ("real" + Path(name).suffix)
    real.write_text("old")
    link = tmp_path / name
    link.symlink_to(real)
    result = sim(command, SCENARIO, "-o", str(link))
    assert result.exit_code == 0, result.output
    assert link.is_symlink() and real.read_text() != "old"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_log_export_into_a_fifo_writes_to_its_reader_and_leaves_the_fifo(tmp_path: Path) -> None:
    game, db = stored_game(tmp_path)
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    received: list[str] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()), daemon=True)
    reader.start()
    assert sim("log", "export", game, "--db", db, "-o", str(fifo)).exit_code == 0
    reader.join(timeout=30)
    assert fifo.is_fifo()
    assert received and json.loads(received[0].splitlines()[-1])["end"] is True
