"""``sim render``: SVG and PNG files of any event of a scenario, a log or a stored game; bad input
is one line, exit 2, and no file (not even a partial one)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from sim.api import Simulator
from sim.logfile import write_log_file
from tests.cli_runs import sim
from tests.helpers import EXAMPLES
from tests.pictures.support import events_of
from tests.test_trace_and_explore import _log_that_does_not_verify

ROUND = EXAMPLES / "godsgloom" / "19-a-whole-round.yaml"



def test_render_writes_an_svg_of_the_board_after_an_event(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    result = sim("render", str(ROUND), "--at", "e20", "--unit", "knights", "--to", "6,2", "-o", str(out))
    assert result.exit_code == 0, result.output
    root = ET.parse(out).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert any(e.get("class") == "reach" for e in root.iter())
    assert "the board after e20 of 74" in result.output


def test_render_writes_a_png_through_cairosvg(tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    assert sim("render", str(ROUND), "-o", str(out)).exit_code == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(data[16:20], "big")
    assert width >= 720  # the picture's own width in pixels


def test_render_draws_a_log_and_a_stored_game(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    write_log_file(list(events_of("godsgloom/19-a-whole-round.yaml")), log)
    assert sim("render", str(log), "--at", "20", "-o", str(tmp_path / "log.svg")).exit_code == 0
    db = str(tmp_path / "games.sqlite")
    game = Simulator(db).load(ROUND)
    result = sim("render", "--db", db, "--game", str(game.id), "-o", str(tmp_path / "stored.svg"))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "log.svg").read_text() == sim_svg(ROUND, tmp_path, "20")


def sim_svg(path: Path, tmp_path: Path, at: str) -> str:
    out = tmp_path / "scenario.svg"
    sim("render", str(path), "--at", at, "-o", str(out))
    return out.read_text()


@pytest.mark.parametrize(
    "args, message",
    [
        (["--unit", "nobody"], "unknown unit 'nobody'"),
        (["--at", "75"], "no event 75: this game's events are numbered 1 to 74"),
        (["--at", "0"], "no event 0"),
        (["--at", "soon"], "--at names an event by number"),
        # a digit Python's isdigit() takes but int() does not read was an internal error
        (["--at", "\u00b2"], "--at names an event by number"),
        (["--to", "6,2"], "--to needs --unit"),
        (["--unit", "knights", "--to", "banana"], "unknown hex"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_no_file(tmp_path: Path, args: list[str], message: str) -> None:
    out = tmp_path / "board.svg"
    result = sim("render", str(ROUND), *args, "-o", str(out))
    assert result.exit_code == 2, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and message in lines[0], result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["missing/board.svg", "board.gif", "."])
def test_an_output_that_cant_be_written_is_refused_first(tmp_path: Path, name: str) -> None:
    result = sim("render", str(ROUND), "-o", str(tmp_path / name))
    assert result.exit_code == 2
    assert len([line for line in result.output.splitlines() if line.strip()]) == 1
    assert list(tmp_path.iterdir()) == []


def test_a_write_that_fails_leaves_no_partial_file(tmp_path: Path) -> None:
    """The folder named is a file: found only when writing (as a full disk or a read-only
    folder would be), after the picture is drawn."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    result = sim("render", str(ROUND), "-o", str(blocker / "board.svg"))
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and "can't write" in lines[0], result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["not-a-folder"]


@pytest.mark.parametrize("command, name", [("render", "board.svg"), ("view", "game.html")])
def test_a_log_that_does_not_verify_is_refused(tmp_path: Path, command: str, name: str) -> None:
    """Neither a picture nor a viewer of a game the rules never allowed."""
    log = _log_that_does_not_verify(tmp_path)
    out = tmp_path / name
    result = sim(command, str(log), "-o", str(out))
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and "does not verify" in lines[0], result.output
    assert not out.exists() and not Path(str(out) + ".partial").exists()


def test_render_names_the_defending_player_to_act_in_a_defend_window(tmp_path: Path) -> None:
    """``sim render`` of the README's Sorcery picture (event 16: p2 may defend, as ``sim legal``
    lists): the header and the <desc> text board say p2 acts in p1's turn, and ``sim replay`` too."""
    out = tmp_path / "board.svg"
    steed = EXAMPLES / "sorcery" / "07a-phantom-steed-shark-fights-steed-first.yaml"
    assert sim("render", str(steed), "--at", "16", "-o", str(out)).exit_code == 0
    root = ET.parse(out).getroot()
    desc = root.findtext("{http://www.w3.org/2000/svg}desc", "")
    assert desc.startswith("sorcery: turn 1, p1's turn, p2 to act\n")
    log = tmp_path / "steed.jsonl"
    write_log_file(events_of(steed), log)
    replayed = sim("replay", str(log), "--at", "16")
    assert replayed.output.startswith("sorcery: turn 1, p1's turn, p2 to act\n")
