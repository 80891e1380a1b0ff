"""``sim`` loads a command's module only when that command runs (sim/cli.py), so the short help
``sim --help`` shows is written beside the module name: it must say what the command's own
help says, and ``sim --help`` must import no ruleset, store or geometry library."""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest

from sim.cli import COMMANDS, load_command


def first_paragraph(command: click.Command) -> str:
    return " ".join((command.help or "").split("\n\n")[0].split())


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_listed_short_help_opens_the_commands_own_help(name: str) -> None:
    summary = COMMANDS[name][1]
    assert summary, f"{name} has no short help in sim.cli.COMMANDS"
    assert first_paragraph(load_command(name)).startswith(summary.rstrip(".")), name


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_listed_command_loads_under_its_own_name(name: str) -> None:
    assert load_command(name).name == name


def test_help_imports_no_ruleset_store_or_geometry_library() -> None:
    probe = (
        "import sys\n"
        "from sim.cli import main\n"
        "try:\n"
        "    main.main(['--help'], standalone_mode=False)\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in {'domain', 'projections', 'eventsourcing', 'shapely', 'numpy', 'pydantic', 'structlog'})\n"
        "print(heavy)\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "[]"


def _replay_in_a_new_process(log: str) -> tuple[int, list[str]]:
    """``sim replay LOG --verify`` in a fresh interpreter; its exit code and the rulesets it loaded."""
    probe = (
        "import sys\n"
        "from sim.cli import main\n"
        "code = 0\n"
        f"try:\n    main.main(['replay', {log!r}, '--verify'])\n"
        "except SystemExit as exc:\n    code = exc.code\n"
        "import json\n"
        "print(code, json.dumps(sorted({m.split('.')[2] for m in sys.modules if m.startswith('domain.rulesets.')})))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    code, loaded = out.strip().splitlines()[-1].split(" ", 1)
    return int(code), json.loads(loaded)


def test_a_log_loads_the_ruleset_its_topics_name_and_no_other() -> None:
    code, loaded = _replay_in_a_new_process("tests/fixtures/logs-v1/godsgloom-01-minimum-move-guarantee.jsonl")
    assert code == 0
    assert loaded == ["godsgloom"]


def test_a_first_release_sim_topic_still_reads_by_loading_every_ruleset() -> None:
    code, loaded = _replay_in_a_new_process("tests/fixtures/logs-v1/sorcery-05-giant-shark.jsonl")
    assert code == 0
    assert "sorcery" in loaded
