"""Output a person can read and a script can use: nothing a command prints is ever cut.

Piped, every line is whole (a rule's text, a game id); in an 80-column terminal, tables and
trees wrap instead of cutting words. The terminal is a real pseudo-terminal of 80 columns.
"""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import struct
import subprocess
import sys
import termios
from pathlib import Path

from tests.helpers import EXAMPLES

THREE = EXAMPLES / "sorcery" / "09-three-triggers-at-once.yaml"
ROUND = EXAMPLES / "godsgloom" / "19-a-whole-round.yaml"
SIM = [sys.executable, "-c", "from sim.cli import main; main()"]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def piped(*args: str) -> str:
    return subprocess.run([*SIM, *args], capture_output=True, text=True, check=True).stdout


def in_a_terminal(*args: str, columns: int = 80) -> str:
    """What ``sim ARGS`` shows in a terminal ``columns`` wide, without its colours."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 50, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    process = subprocess.Popen([*SIM, *args], stdout=follower, stderr=follower, stdin=follower, env=env)
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal closed: the command is done
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait()
    os.close(leader)
    return ANSI.sub("", b"".join(chunks).decode("utf-8", "replace")).replace("\r", "")


def words(text: str) -> list[str]:
    return re.findall(r"[A-Za-z']+", text)


def trace_texts() -> list[str]:
    found: list[str] = []

    def walk(node: dict) -> None:  # type: ignore[type-arg]
        found.append(node["text"])
        for child in node["children"]:
            walk(child)

    for root in json.loads(piped("trace", str(THREE), "--json"))["roots"]:
        walk(root)
    return found


def test_a_piped_trace_prints_every_event_text_whole_on_its_line() -> None:
    lines = piped("trace", str(THREE)).splitlines()
    for text in trace_texts():
        assert any(text in line for line in lines), text


def test_a_trace_in_an_80_column_terminal_wraps_every_event_text_and_cuts_no_word() -> None:
    shown = words(in_a_terminal("trace", str(THREE)))
    for text in trace_texts():
        expected = words(text)
        assert any(shown[i : i + len(expected)] == expected for i in range(len(shown))), text


def test_a_piped_self_play_summary_holds_whole_game_ids_and_where_units_ended() -> None:
    out = piped("play", str(ROUND), "--db", ":memory:", "--json")
    game = json.loads(out)["games"][0]
    text = piped("play", str(ROUND), "--db", ":memory:")
    assert "where units ended" in text
    assert re.search(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", text)
    for unit, at in game["positions"].items():
        assert f"{unit} at {at}" in text


def test_self_play_in_an_80_column_terminal_lists_each_game_whole_id_with_where_its_units_ended() -> None:
    text = in_a_terminal("play", str(ROUND), "--db", ":memory:")
    assert "where the units ended, by game:" in text
    assert re.search(r"^  [0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}: ", text, re.M)
    assert all(len(line) <= 80 for line in text.splitlines() if line.startswith(("┃", "│", "┏", "└")))


def test_a_reach_table_in_an_80_column_terminal_keeps_every_path_whole() -> None:
    scenario = str(EXAMPLES / "sorcery" / "05-giant-shark.yaml")
    answer = json.loads(piped("reach", scenario, "--unit", "shark", "--json"))
    shown = "".join(in_a_terminal("reach", scenario, "--unit", "shark").split())
    for place, path in answer["paths"].items():
        assert "->".join(path) in shown.replace("│", ""), place


def test_the_help_of_every_command_fits_a_terminal_and_lists_every_command(tmp_path: Path) -> None:
    text = in_a_terminal("--help")
    for name in ("check", "reach", "why", "legal", "play", "trace", "explore", "replay", "log", "demo"):
        assert re.search(rf"^\s+{name}\b", text, re.M), name


def test_long_work_shows_progress_in_a_terminal_and_nothing_on_a_piped_stderr() -> None:
    folder = str(EXAMPLES / "godsgloom")
    assert "checking" in in_a_terminal("check", folder)
    quiet = subprocess.run([*SIM, "check", folder], capture_output=True, text=True)
    assert quiet.returncode == 0 and quiet.stderr == ""
    lines = [line for line in quiet.stdout.splitlines() if not line.lstrip().startswith("warning:")]  # what a mat leaves unenforced
    assert len(lines) == len(list((EXAMPLES / "godsgloom").glob("*.yaml"))) + 1
    assert "playing 2 game(s)" in in_a_terminal("play", str(ROUND), "--db", ":memory:", "--games", "2")
