"""The README's pictures, one per ruleset, are what ``sim render`` draws today from the commands
printed under them: change a painter, run those commands again, and commit the pictures."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from sim.cli import main
from tests.helpers import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")
COMMANDS = re.findall(r"^    sim (render .+ -o (docs/pictures/\S+\.svg))$", README, re.M)


def test_the_readme_shows_a_picture_per_ruleset_each_with_its_command() -> None:
    pictures = sorted(Path(path).stem for _, path in COMMANDS)
    assert pictures == ["godsgloom", "skirmish", "sorcery", "tinyepic"]
    for _, path in COMMANDS:
        assert f"]({path})" in README, f"the README does not show {path}"
        assert (ROOT / path).is_file(), f"{path} is not committed"


@pytest.mark.parametrize("command, path", COMMANDS, ids=[Path(p).stem for _, p in COMMANDS])
def test_each_picture_is_what_its_command_draws_today(command: str, path: str, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the commands name the examples from the repository's root
    args = shlex.split(command)
    out = tmp_path / Path(path).name
    args[args.index("-o") + 1] = str(out)
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == (ROOT / path).read_text(encoding="utf-8"), (
        f"{path} is out of date: run `sim {command}` from the repository's root and commit it"
    )
