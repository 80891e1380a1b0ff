"""Bad input found by auditing every command (fix-tools): output that can't be written, text a
file's author wrote that a terminal would obey, values quoted in messages, a store given where a
scenario or log belongs. Each is one line, a non-zero exit, no traceback, nothing written.

The second audit (tools-followups): messages name the command-line option the user typed
(``--unit``, ``--to``), ``-`` reads standard input, a title's line break keeps ``sim check`` at
one line per file, an empty file is no game store to read, and output a failed check could not
flush is said in one line."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from sim.api import Simulator
from sim.cli import main
from sim.console import escape
from tests.cli_runs import sim
from tests.helpers import EXAMPLES

SCENARIO = EXAMPLES / "tutorial" / "sorcery.yaml"
ROOT = Path(__file__).resolve().parent.parent



@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("args", [
    ["schema"], ["trace", str(SCENARIO)], ["check", str(SCENARIO)], ["render", str(SCENARIO), "-o", "-"],
    ["view", str(SCENARIO), "-o", "-"], ["legal", str(SCENARIO), "--json"],
], ids=lambda a: a[0])
def test_output_that_can_not_be_written_is_one_line_exit_2_not_an_internal_error(args: list[str]) -> None:
    """stdout on a full disk: "internal error: OSError" (exit 3) before, a traceback for schema."""
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "sim.cli", *args], stdout=full, stderr=subprocess.PIPE,
                              text=True, cwd=ROOT, timeout=300)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == 2 and "Traceback" not in proc.stderr, proc.stderr
    assert len(lines) == 1 and "can't write the output: No space left on device" in lines[0], proc.stderr


def test_control_characters_a_file_wrote_are_shown_not_obeyed_by_the_terminal(tmp_path: Path) -> None:
    """A title (a unit id, a player's name...) is whatever its author wrote: an escape sequence
    in it would recolour, retitle or clear the reader's terminal, and a right-to-left override
    would show the line reordered. They are printed as Python writes them: \\x1b, \\u202e."""
    path = tmp_path / "hostile.yaml"
    path.write_text('title: "a\\e[31mRED\\e]0;pwned\\a\\u202eevil"\nruleset: sorcery\n', encoding="utf-8")
    result = sim("check", str(path))
    assert result.exit_code == 0, result.output
    assert "\x1b" not in result.output and "\u202e" not in result.output and "\x07" not in result.output
    assert "a\\x1b[31mRED\\x1b]0;pwned\\x07\\u202eevil" in result.output


def test_escape_keeps_line_breaks_tabs_and_printable_unicode() -> None:
    assert escape("é 💩\tx\ny [b]") == "é 💩\tx\ny \\[b]"


def test_a_value_quoted_in_a_message_keeps_its_unicode(tmp_path: Path) -> None:
    """``"\\ud83d\\udca9"`` was printed for 💩 (JSON's ASCII escapes of a surrogate pair)."""
    result = sim("reach", str(SCENARIO), "--unit", "boars", "--option", "trigger_order=💩")
    assert result.exit_code == 2 and "not \"💩\"" in result.output and "\\ud83d" not in result.output, result.output


@pytest.mark.parametrize("command", [["check"], ["reach", "--unit", "x"], ["replay"], ["log", "import"], ["trace"], ["render", "-o", "x.svg"]])
def test_a_sqlite_store_given_where_a_file_to_read_belongs_says_so(tmp_path: Path, command: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: "can't read the file: 'utf-8' codec can't decode byte 0xf8 in position 102"."""
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "games.sqlite"
    Simulator(str(db)).load(SCENARIO)
    args = [*command[:1], *(command[1:2] if command[0] == "log" else []), str(db), *command[2 if command[0] == "log" else 1:]]
    if command[0] == "log":
        args += ["--db", str(tmp_path / "other.sqlite")]
    result = sim(*args)
    assert result.exit_code == 2, result.output
    assert "a SQLite game store" in result.output and "--db" in result.output, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["games.sqlite"]


# --- the second audit (tools-followups) ----------------------------------------------------------


def one_line(result: Result) -> str:
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and "Traceback" not in result.output, result.output
    return lines[0]


@pytest.mark.parametrize("args", [
    ["reach", str(SCENARIO), "--unit", "💩"],
    ["why", str(SCENARIO), "--unit", "💩", "--to", "P"],
    ["why", str(SCENARIO), "--unit", "💩", "--intercept"],
    ["render", str(SCENARIO), "--unit", "💩", "-o", "x.svg"],
], ids=lambda a: "-".join(a[:1] + a[4:5]))
def test_an_unknown_unit_names_the_unit_option_typed_not_a_field(args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: "error: unit: unknown unit '💩'", the API's field name, not the option."""
    monkeypatch.chdir(tmp_path)
    line = one_line(sim(*args))
    assert line.startswith("error: --unit: unknown unit '💩'"), line
    assert not (tmp_path / "x.svg").exists()


@pytest.mark.parametrize("command", [["why"], ["render", "-o", "x.svg"]])
def test_an_unknown_place_names_the_to_option_typed(command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: "error: unknown location 'zz': ...", naming no option at all."""
    monkeypatch.chdir(tmp_path)
    line = one_line(sim(command[0], str(SCENARIO), "--unit", "troll2", "--to", "zz", *command[1:]))
    assert line.startswith("error: --to: unknown location 'zz'"), line


def test_the_api_still_names_its_own_field() -> None:
    """The library's words are the API's (``unit``): only the command line names options."""
    from domain.errors import BadInput

    game = Simulator(":memory:").load(SCENARIO)
    with pytest.raises(BadInput) as raised:
        game.range_of_motion("💩")
    assert raised.value.where == "unit"


def stdin_sim(args: list[str], text: str) -> Result:
    return CliRunner().invoke(main, args, input=text, catch_exceptions=False)


def test_a_scenario_on_standard_input_is_read_as_from_its_file() -> None:
    text = SCENARIO.read_text(encoding="utf-8")
    from_file = sim("reach", str(SCENARIO), "--unit", "troll2", "--json")
    from_stdin = stdin_sim(["reach", "-", "--unit", "troll2", "--json"], text)
    assert from_stdin.exit_code == 0, from_stdin.output
    assert json.loads(from_stdin.output) == json.loads(from_file.output)


class _Endless(io.RawIOBase):
    """A pipe that never ends (``yes |``, ``cat /dev/zero |``), counting the bytes read from it."""

    def __init__(self, pattern: bytes) -> None:
        self.pattern = pattern
        self.given = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        chunk = (self.pattern * (len(buffer) // len(self.pattern) + 1))[: len(buffer)]
        buffer[: len(chunk)] = chunk
        self.given += len(chunk)
        return len(chunk)


@pytest.mark.parametrize("pattern", [b"y\n", b"\0"], ids=["lines", "no-line-breaks"])
def test_endless_standard_input_is_refused_after_reading_past_a_scenarios_bound(pattern: bytes) -> None:
    """Second review: standard input was read whole before its size was checked, so
    ``yes | sim run -`` grew until memory ran out. At most a little past the bound is read."""
    pipe = _Endless(pattern)
    result = CliRunner().invoke(main, ["run", "--db", ":memory:", "-"], input=io.BufferedReader(pipe), catch_exceptions=False)
    line = one_line(result)
    assert "<stdin>" in line and "larger than 2 MB" in line, line
    assert pipe.given < 12_000_000, pipe.given


def test_a_malformed_scenario_on_standard_input_is_named_stdin_with_its_line() -> None:
    line = one_line(stdin_sim(["reach", "-", "--unit", "x"], "title: [unclosed\nruleset: sorcery\n"))
    assert "<stdin>:" in line and "malformed YAML" in line and "no such file" not in line, line


def test_check_reads_standard_input_and_names_it(tmp_path: Path) -> None:
    result = stdin_sim(["check", "-"], SCENARIO.read_text(encoding="utf-8"))
    assert result.exit_code == 0, result.output
    assert "ok    <stdin>: Tutorial" in result.output


def exported_log(tmp_path: Path) -> Path:
    db = str(tmp_path / "games.sqlite")
    game_id = str(Simulator(db).load(SCENARIO).id)
    log = tmp_path / "game.jsonl"
    assert sim("log", "export", game_id, "--db", db, "-o", str(log)).exit_code == 0
    return log


@pytest.mark.parametrize("command", [["replay", "--json"], ["trace", "--json"], ["render", "-o", "-"]])
def test_a_log_on_standard_input_is_read_as_from_its_file(command: list[str], tmp_path: Path) -> None:
    log = exported_log(tmp_path)
    from_file = sim(command[0], str(log), *command[1:])
    from_stdin = stdin_sim([command[0], "-", *command[1:]], log.read_text(encoding="utf-8"))
    assert from_stdin.exit_code == 0 == from_file.exit_code, from_stdin.output
    assert from_stdin.stdout == from_file.stdout


def test_a_broken_log_on_standard_input_names_stdin_and_its_line(tmp_path: Path) -> None:
    text = exported_log(tmp_path).read_text(encoding="utf-8").splitlines()
    line = one_line(stdin_sim(["replay", "-"], "\n".join([text[0], "not json", *text[2:]]) + "\n"))
    assert line.startswith("error: <stdin>:2:"), line


def test_standard_input_is_read_once_so_diff_takes_it_for_one_game_only() -> None:
    line = one_line(stdin_sim(["diff", "-", "-"], SCENARIO.read_text(encoding="utf-8")))
    assert "standard input" in line and "once" in line, line


def test_a_store_on_standard_input_is_named_as_one(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    Simulator(str(db)).load(SCENARIO)
    result = CliRunner().invoke(main, ["reach", "-", "--unit", "x"], input=db.read_bytes(), catch_exceptions=False)
    line = one_line(result)
    assert "a SQLite game store" in line and "<stdin>" in line, line


@pytest.mark.parametrize("command", ["reach", "why", "check", "trace", "replay", "render", "diff", "play", "compare"])
def test_the_help_says_minus_is_standard_input(command: str) -> None:
    assert "standard input" in " ".join(sim(command, "--help").output.split())


def test_a_title_with_line_breaks_keeps_check_at_one_line_per_file(tmp_path: Path) -> None:
    """Before: the title's break spread the file's verdict over two lines."""
    path = tmp_path / "broken.yaml"
    text = SCENARIO.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(['title: "two\\nlines\\rand\\u2028more"', *text[1:]]) + "\n", encoding="utf-8")
    result = sim("check", str(path))
    assert result.exit_code == 0, result.output
    verdicts = [line for line in result.output.splitlines() if not line.startswith(" ")]
    assert verdicts[0].endswith(": two\\nlines\\rand\\u2028more"), result.output
    assert len(verdicts) == 2, result.output  # the file's line and the totals


@pytest.mark.parametrize("command", [["games"], ["log", "export", "abc"], ["trace", "--game", "abc"], ["render", "--game", "abc", "-o", "x.svg"]])
def test_an_empty_file_given_to_a_reader_is_no_game_store(command: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: read as a store with no games, and turned into a SQLite file by the reading."""
    monkeypatch.chdir(tmp_path)
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    line = one_line(sim(*command, "--db", str(empty)))
    assert "empty file" in line and "not a game store" in line, line
    assert empty.read_bytes() == b"" and sorted(p.name for p in tmp_path.iterdir()) == ["empty.sqlite"]


def test_a_writer_starts_a_new_store_in_an_empty_file(tmp_path: Path) -> None:
    """As SQLite makes a new database of an empty file (``touch games.sqlite``)."""
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    assert sim("run", str(SCENARIO), "--db", str(empty)).exit_code == 0
    assert "Tutorial" in sim("games", "--db", str(empty)).output


#: stdout buffered, as in a shell by default (PYTHONUNBUFFERED writes each print at once)
BUFFERED = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}

UNFLUSHED_EXIT_1 = """
import sys
import click
from sim.cli import main

@main.command(name="unflushed")
def unflushed() -> None:
    sys.stdout.write("an answer left in the buffer")
    sys.exit(1)

main()
"""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_output_left_unflushed_by_a_command_exiting_1_is_one_line_exit_2() -> None:
    """A failed check (exit 1) skipped the group's flush: the interpreter's own one at exit
    failed instead, "Exception ignored ... OSError" and exit 120."""
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-c", UNFLUSHED_EXIT_1, "unflushed"], stdout=full, stderr=subprocess.PIPE,
                              text=True, cwd=ROOT, timeout=120, env=BUFFERED)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and "ignored" not in proc.stderr, proc.stderr
    assert len(lines) == 1 and "can't write the output: No space left on device" in lines[0], proc.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("args", [["check", "FAILING"], ["why", str(SCENARIO), "--unit", "troll2", "--to", "H"]], ids=lambda a: a[0])
def test_a_failed_check_on_a_full_disk_is_one_line_exit_2(args: list[str], tmp_path: Path) -> None:
    failing = tmp_path / "failing.yaml"
    failing.write_text(SCENARIO.read_text(encoding="utf-8").replace("reachable: false, rule: \"3 or more power\"", "reachable: true"), encoding="utf-8")
    args = [str(failing) if a == "FAILING" else a for a in args]
    assert sim(*args).exit_code == 1
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "sim.cli", *args], stdout=full, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                              timeout=300, env=BUFFERED)
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert proc.returncode == 2 and len(lines) == 1 and "can't write the output" in lines[0], proc.stderr


def played_log(tmp_path: Path) -> Path:
    """A log of some 700 events (8 GODSGLOOM rounds of self-play, about 230 kB)."""
    db = str(tmp_path / "played.sqlite")
    played = sim("play", str(EXAMPLES / "godsgloom" / "19-a-whole-round.yaml"), "--turns", "8", "--db", db, "--json")
    assert played.exit_code == 0, played.output
    log = tmp_path / "played.jsonl"
    assert sim("log", "export", json.loads(played.stdout)["games"][0]["game"], "--db", db, "-o", str(log)).exit_code == 0
    return log


def test_a_log_on_standard_input_is_streamed_line_by_line_not_kept_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``sim log export ID | sim replay -`` held the whole log in memory (it was kept in case a
    command read it twice, which none does past its first line): a log is read once, line by
    line as from its file, and only its first bytes are kept (here 4 kB, 64 kB in use)."""
    from sim import infile

    monkeypatch.setattr(infile, "_STREAM_KEEPS", 4096)
    log = played_log(tmp_path)
    data = log.read_bytes()
    assert len(data) > 100_000
    for command in (["replay", "--json"], ["trace", "--json"]):
        from_file = sim(command[0], str(log), *command[1:])
        result = CliRunner().invoke(main, [command[0], "-", *command[1:]], input=data, catch_exceptions=False)
        assert result.exit_code == 0 == from_file.exit_code, result.output
        assert result.stdout == from_file.stdout
        kept = infile._kept
        assert kept is not None and kept.streamer is not None
        assert len(kept.data) < 4096 + 3 * 8192 < len(data) // 2  # the bound, and a reader's buffers at most


def test_standard_input_streamed_once_is_not_read_again_silently(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What was streamed is gone: reading standard input again from its start is refused in one
    line naming it, never a text cut where the kept bytes end."""
    from domain.errors import BadInput
    from sim import infile
    from sim.infile import read_text
    from sim.logfile import read_log

    monkeypatch.setattr(infile, "_STREAM_KEEPS", 1024)
    data = exported_log(tmp_path).read_bytes()  # 14 kB: past what is kept
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))
    assert read_log("-", keep_events=False).count == len(data.splitlines())
    with pytest.raises(BadInput) as refused:
        read_text("-")
    assert refused.value.where == "<stdin>" and "already read through once" in refused.value.message
    with pytest.raises(BadInput, match="already read through once"):
        read_log("-")
