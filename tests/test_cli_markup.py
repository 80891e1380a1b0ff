"""Names from a scenario are printed as they are written, never read as the console's markup.

Unit ids, player names, titles and file names are the scenario author's text: an id written
``r[/x]`` once made ``sim why``, ``legal``, ``play``, ``compare`` and ``replay`` stop with an
internal error (exit 3, rich's ``MarkupError``) or print ``r1`` for ``r[b]1``, while ``--json``
said ``r[b]1``. README "Exit codes": 3 is a bug; text output must agree with ``--json``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from sim.cli import main
from tests.cli_runs import sim

SCENARIO = """\
title: "bracketed names [/t]"
ruleset: tinyepic
players: ["p[/1]", "p[b]2"]
active_player: "p[/1]"
setup:
  terrain:
    - ". . . . . ."
    - ". . . . . ."
  units:
    - {id: "r[/x]", owner: "p[/1]", class: Rogue, at: "0,0", movement: 3, health: 5}
    - {id: "f[b]y", owner: "p[/1]", class: Fighter, at: "1,1", movement: 3, health: 6}
    - {id: "beast[/z]", owner: "p[b]2", class: Beast, at: "5,1", movement: 3, health: 6}
script:
  - {command: move, unit: "r[/x]", path: ["1,0"]}
"""



@pytest.fixture
def bracketed(tmp_path: Path) -> Path:
    path = tmp_path / "names[b].yaml"
    path.write_text(SCENARIO)
    return path


@pytest.mark.parametrize(
    ("args", "code", "shown"),
    [
        (["why", "--unit", "r[/x]", "--to", "2,0"], 0, "r[/x] can reach 2,0"),
        (["why", "--unit", "r[/x]", "--to", "1,1"], 1, "r[/x] can't reach 1,1"),
        (["legal"], 0, "legal command(s) for p[/1]"),
        (["reach", "--unit", "f[b]y"], 0, "range of motion of f[b]y"),
        (["timeline"], 0, "no triggers fired"),
    ],
)
def test_names_with_brackets_are_printed_verbatim_by_questions(
    bracketed: Path, args: list[str], code: int, shown: str
) -> None:
    result = sim(*args[:1], str(bracketed), *args[1:])
    assert result.exit_code == code, result.output
    assert shown in result.stdout


def test_names_with_brackets_are_printed_verbatim_by_play(bracketed: Path, tmp_path: Path) -> None:
    result = sim("play", str(bracketed), "--db", str(tmp_path / "s[b]db.sqlite"))
    assert result.exit_code == 0, result.output
    assert "r[/x] at" in result.stdout and "f[b]y at" in result.stdout
    assert "p[/1]" in result.stdout and "s[b]db.sqlite" in result.stdout


def test_names_with_brackets_are_printed_verbatim_by_compare(bracketed: Path) -> None:
    result = sim("compare", str(bracketed), "--variant", "a:", "--games", "1", "--workers", "1", "--no-swap")
    assert result.exit_code == 0, result.output
    assert "p[/1]" in result.stdout and "p[b]2" in result.stdout


def test_names_with_brackets_are_printed_verbatim_by_run_replay_and_import(bracketed: Path, tmp_path: Path) -> None:
    store = str(tmp_path / "s[b]db.sqlite")
    ran = sim("run", str(bracketed), "--db", store)
    assert ran.exit_code == 0, ran.output
    assert f"stored in {store}" in ran.stdout
    game = ran.stdout.split("game ")[-1].split()[0]
    log = tmp_path / "g[b]x.jsonl"
    assert sim("log", "export", game, "--db", store, "-o", str(log)).exit_code == 0
    replayed = sim("replay", str(log), "--verify")
    assert replayed.exit_code == 0, replayed.output
    assert "r[/x]" in replayed.stdout and "beast[/z]" in replayed.stdout
    imported = sim("log", "import", str(log), "--db", str(tmp_path / "other[i]b.sqlite"))
    assert imported.exit_code == 0, imported.output
    assert "other[i]b.sqlite" in imported.stdout


def test_a_verification_failure_naming_a_bracketed_unit_is_printed_verbatim(bracketed: Path, tmp_path: Path) -> None:
    store = str(tmp_path / "s.sqlite")
    ran = sim("run", str(bracketed), "--db", store)
    game = ran.stdout.split("game ")[-1].split()[0]
    log = tmp_path / "g.jsonl"
    sim("log", "export", game, "--db", store, "-o", str(log))
    lines = [line for line in log.read_text().splitlines()]
    # an unchained log whose step goes elsewhere than the rules say
    import json

    records = [json.loads(line) for line in lines]
    for record in records:
        record.pop("chain", None)
        record.pop("end", None)
        if record["topic"].endswith("StepTaken"):
            record["event"]["cost"] = 2.0
    log.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    replayed = sim("replay", str(log), "--verify")
    assert replayed.exit_code == 1, replayed.output
    assert "'unit': 'r[/x]'" in replayed.stdout + replayed.stderr


def test_trigger_orders_naming_bracketed_units_are_printed_verbatim(tmp_path: Path) -> None:
    """``timeline`` and ``explore`` print trigger outcomes and the units that die in each branch."""
    from tests.helpers import EXAMPLES

    text = (EXAMPLES / "sorcery" / "09-three-triggers-at-once.yaml").read_text()
    for old, new in (("shark", "s[/k]"), ("beast", "b[/e]"), ("p1", "p[/1]")):
        text = re.sub(rf"\b{old}\b", f'"{new}"', text)
    text = text.replace("active_player: p2", 'players: ["p[/1]", p2]\nactive_player: p2')
    path = tmp_path / "three.yaml"
    path.write_text(text)
    timeline = sim("timeline", str(path))
    assert timeline.exit_code == 0, timeline.output
    assert "resolved e22: fights b[/e] at S" in timeline.stdout
    explored = sim("explore", str(path), "--at", "21")
    assert explored.exit_code == 0, explored.output
    assert "dies: b[/e], s[/k]" in explored.stdout


def test_an_internal_error_quoting_brackets_shows_its_traceback_with_vv(monkeypatch: pytest.MonkeyPatch, bracketed: Path) -> None:
    """README "Exit codes": 3 is a bug, and -vv shows its traceback. A traceback whose last line
    quotes ``[/x]`` was itself read as markup and raised inside the handler."""
    import sim.scenario_cli

    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug naming r[/x]")

    monkeypatch.setattr(sim.scenario_cli, "build_timeline", broken)
    result = CliRunner().invoke(main, ["-vv", "timeline", str(bracketed)])
    assert result.exit_code == 3, result.output
    assert "internal error: RuntimeError: a bug naming r[/x]" in result.stderr
    assert "Traceback" in result.stderr and "RuntimeError: a bug naming r[/x]" in result.stderr.split("Traceback", 1)[1]


@pytest.mark.parametrize("args", [["run", "--db", ":memory:"], ["trace"], ["play", "--db", ":memory:"]])
def test_a_backslash_before_a_bracket_in_a_unit_id_is_printed_verbatim(tmp_path: Path, args: list[str]) -> None:
    """Escaping '[' alone left 'r\\[/x]' read as a backslash and a closing tag (exit 3)."""
    path = tmp_path / "backslash.yaml"
    path.write_text(SCENARIO.replace('"r[/x]"', '"r\\\\[/x]"'))
    result = sim(args[0], str(path), *args[1:])
    assert result.exit_code == 0, result.output
    assert "r\\[/x]" in result.stdout


EMOJI_CODES = """\
title: "a :warning: in names"
ruleset: tinyepic
setup:
  terrain:
    - ". . . . . ."
    - ". . . . . ."
  units:
    - {id: "r:warning:", owner: p1, class: Rogue, at: "0,0", movement: 3, health: 5}
    - {id: "b:smile:", owner: p2, class: Beast, at: "5,1", movement: 3, health: 6}
script: []
"""


@pytest.mark.parametrize(("args", "shown"), [
    (["legal"], "unit: 'r:warning:'"), (["reach", "--unit", "r:warning:"], "range of motion of r:warning:"),
    (["why", "--unit", "r:warning:", "--to", "2,0"], "r:warning: can reach 2,0"),
])
def test_emoji_codes_in_names_are_printed_verbatim(tmp_path: Path, args: list[str], shown: str) -> None:
    """A copied `sim legal` line must name the unit that exists: rich turns ":warning:" into an
    emoji unless told not to, as it reads "[b]" as markup."""
    path = tmp_path / "emoji.yaml"
    path.write_text(EMOJI_CODES)
    result = sim(*args[:1], str(path), *args[1:])
    assert result.exit_code == 0, result.output
    assert shown in result.stdout and "\u26a0" not in result.stdout
