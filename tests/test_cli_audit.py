"""Bad input found by auditing every command (fix-tools): output that can't be written, text a
file's author wrote that a terminal would obey, values quoted in messages, a store given where a
scenario or log belongs. Each is one line, a non-zero exit, no traceback, nothing written."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from sim.api import Simulator
from sim.cli import main
from sim.console import escape
from tests.helpers import EXAMPLES

SCENARIO = EXAMPLES / "tutorial" / "sorcery.yaml"
ROOT = Path(__file__).resolve().parent.parent


def sim(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


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
