"""docs/tutorial.md stays true: every command it shows is run, and must still print what it shows.

The convention of the tutorial's ```console blocks, which this test reads:

- a line starting with ``$ sim `` is a command. It is run from the repository root through
  click's ``CliRunner`` on ``sim.cli:main``, its arguments split as a shell splits them (quotes
  kept together, a trailing ``# ...`` comment dropped);
- its exit status must be 0, unless the line ends with the comment ``# exit N``: then it must
  be N (``$ sim why ... --to H  # exit 1``);
- the lines after a command, up to the next command or the end of the block, are what it
  prints (stdout and stderr as a terminal shows them). Blank lines and trailing spaces aside,
  and with game ids (UUIDs) and state hashes (16 to 64 hex digits) masked on both sides, the
  shown lines must be the command's output lines, in order. A line ``...`` stands for lines
  left out; an output shown without one must be the whole output;
- a command that stores games (``play``, ``run``, ``demo``, ``log import``) must name its store
  with ``--db`` (the page uses ``--db :memory:``), so that following the tutorial, or running
  this test, never writes a ``sim.sqlite`` into the working folder.

Besides, each ```yaml block of the page must be the whole text of one of the tutorial's scenario
files, every scenario in ``examples/tutorial/`` passes ``sim check``, and the page asks each of
them the six questions (reach, why, legal, play, trace, explore).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from click.testing import CliRunner

import sim.console
from sim.cli import main

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs" / "tutorial.md"
SCENARIOS = ROOT / "examples" / "tutorial"
FILES = ("sorcery.yaml", "godsgloom.yaml", "skirmish.yaml", "tiny-epic-tactics.yaml")
QUESTIONS = ("reach", "why", "legal", "play", "trace", "explore")
STORING = (("play",), ("run",), ("demo",), ("log", "import"))

ELIDED = "..."
EXIT = re.compile(r"#\s*exit\s+(\d+)\s*$")
GAME_ID = re.compile(r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b")
HASH = re.compile(r"\b[0-9a-f]{16,64}\b")


@dataclass
class Command:
    line: int  # where the command is on the page (1-based)
    text: str  # the command line, after "$ "
    shown: list[str] = field(default_factory=list)  # the output lines shown under it

    @property
    def args(self) -> list[str]:
        words = shlex.split(self.text, comments=True)
        assert words[0] == "sim", f"docs/tutorial.md:{self.line}: only sim commands are run: {self.text}"
        return words[1:]

    @property
    def exit_code(self) -> int:
        found = EXIT.search(self.text)
        return int(found.group(1)) if found else 0


def blocks(text: str, language: str) -> Iterator[tuple[int, list[str]]]:
    """Each fenced block of LANGUAGE: the line its body starts on, and its lines."""
    lines = text.splitlines()
    n = 0
    while n < len(lines):
        if lines[n].strip() == f"```{language}":
            start = n + 1
            end = start
            while lines[end].strip() != "```":
                end += 1
            yield start + 1, lines[start:end]
            n = end
        n += 1


def commands() -> list[Command]:
    found: list[Command] = []
    for start, body in blocks(TUTORIAL.read_text(encoding="utf-8"), "console"):
        assert body and body[0].startswith("$ "), f"docs/tutorial.md:{start}: a console block starts with a command"
        for offset, line in enumerate(body):
            if line.startswith("$ "):
                found.append(Command(start + offset, line[2:]))
            else:
                found[-1].shown.append(line)
    return found


def masked(line: str) -> str:
    return HASH.sub("<hash>", GAME_ID.sub("<game-id>", line)).rstrip()


def meaningful(lines: list[str]) -> list[str]:
    return [masked(line) for line in lines if line.strip()]


def in_order(shown: list[str], printed: list[str]) -> str | None:
    """The first shown line that is not among the printed ones in order, or None."""
    rest = iter(printed)
    for line in shown:
        if line == ELIDED:
            continue
        if not any(line == candidate for candidate in rest):
            return line
    return None


@pytest.fixture
def whole_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Print as into a pipe, as the page was written, even under ``pytest -s`` in a terminal."""
    for console in (sim.console.console, sim.console.err):
        monkeypatch.setattr(console, "_width", sim.console.WHOLE_LINES)


def run(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, args, catch_exceptions=False)
    return result.exit_code, result.output


ALL = commands()


def test_the_page_has_commands_and_each_scenario_file() -> None:
    assert len(ALL) >= 4 * len(QUESTIONS)
    assert sorted(p.name for p in SCENARIOS.glob("*.yaml")) == sorted(FILES)


@pytest.mark.parametrize("command", ALL, ids=[f"L{c.line}:{' '.join(c.args[:2])}" for c in ALL])
def test_each_command_prints_what_the_tutorial_shows(
    command: Command, whole_lines: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    args = command.args
    if any(tuple(args[: len(words)]) == words for words in STORING):
        assert "--db" in args, f"docs/tutorial.md:{command.line}: a command that stores names its --db: {command.text}"
    monkeypatch.chdir(ROOT)
    code, output = run(args)
    where = f"docs/tutorial.md:{command.line}: {command.text}"
    assert code == command.exit_code, f"{where}\nexit {code}, the page says {command.exit_code}\n{output}"
    shown, printed = meaningful(command.shown), meaningful(output.splitlines())
    assert shown, f"{where}: the page shows nothing of what it prints"
    if ELIDED in shown:
        missing = in_order(shown, printed)
        assert missing is None, f"{where}\nshown but not printed (in this order): {missing!r}\nprinted:\n{output}"
    else:
        assert shown == printed, f"{where}\nthe page shows:\n" + "\n".join(shown) + "\nprinted:\n" + output


def test_each_yaml_block_is_a_whole_tutorial_scenario() -> None:
    texts = {name: (SCENARIOS / name).read_text(encoding="utf-8").rstrip("\n") for name in FILES}
    shown = ["\n".join(body).rstrip("\n") for _, body in blocks(TUTORIAL.read_text(encoding="utf-8"), "yaml")]
    assert sorted(shown) == sorted(texts.values()), "each scenario is shown once on the page, exactly as its file"


@pytest.mark.parametrize("name", FILES)
def test_each_tutorial_scenario_passes_sim_check(name: str, whole_lines: None) -> None:
    code, output = run(["check", str(SCENARIOS / name)])
    assert code == 0, output
    assert "1 passed, 0 failed, 0 bad input" in output


@pytest.mark.parametrize("name", FILES)
def test_the_page_asks_each_scenario_the_six_questions(name: str) -> None:
    asked = {c.args[0] for c in ALL if f"examples/tutorial/{name}" in c.args}
    assert set(QUESTIONS) <= asked, f"{name}: not asked {sorted(set(QUESTIONS) - asked)}"


def test_the_conventions_catch_a_drift() -> None:
    """The comparison itself: a changed line, a line out of order, a missing '...'."""
    printed = ["a", "b", "c"]
    assert in_order(["a", ELIDED, "c"], printed) is None
    assert in_order(["c", "a"], printed) == "a"
    assert in_order(["a", "x"], printed) == "x"
    assert masked("game 1946758a-7b94-4848-9980-1b5c8742cf38, state hash b2adf4829c743774  ") == (
        "game <game-id>, state hash <hash>"
    )
    assert Command(1, "sim why x --to H  # exit 1").exit_code == 1
    assert Command(1, 'sim cards "Gnome Hollows"').args == ["cards", "Gnome Hollows"]
