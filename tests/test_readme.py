"""The README's Python API snippet runs as pasted, and its commands exist as written."""

from __future__ import annotations

import os
import re
from pathlib import Path

from sim.cli import COMMANDS
from tests.helpers import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_python_api_snippet_runs_as_pasted(tmp_path: Path) -> None:
    (block,) = [b for b in re.findall(r"```python\n(.*?)```", README, re.S) if "Simulator()" in b]
    code = block.replace("Simulator()", "Simulator(':memory:')")  # the one change: no file in the checkout
    here = os.getcwd()
    os.chdir(ROOT)
    try:
        exec(compile(code, "README.md", "exec"), {})  # noqa: S102  (the README's own code, on purpose)
    finally:
        os.chdir(here)


def test_the_self_play_snippet_runs_as_pasted() -> None:
    (block,) = [b for b in re.findall(r"```python\n(.*?)```", README, re.S) if "SelfPlayer(" in b]
    code = block.replace("range(1000)", "range(2)")  # the one change: two games, not a thousand
    assert code != block
    here = os.getcwd()
    os.chdir(ROOT)
    found: dict[str, object] = {}
    try:
        exec(compile(code, "README.md", "exec"), found)  # noqa: S102  (the README's own code, on purpose)
    finally:
        os.chdir(here)
    reports = found["reports"]
    assert isinstance(reports, list) and len(reports) == 2 and all(r.verified for r in reports)


def test_every_command_the_readme_lists_is_a_command_of_sim() -> None:
    listed = set(re.findall(r"^\| `sim ([a-z]+)", README, re.M))
    assert listed and listed <= set(COMMANDS), sorted(listed - set(COMMANDS))
