"""Logs are forever, but only within what some version accepted (docs/design.md; seed 002 §8.3).

GODSGLOOM once accepted a ``difficult_cost`` of 0 (bound ``ge=0``) and any ``slow_speed_modifier``
(no bound); today a new game refuses both (§8.3: Difficult terrain costs more than a clear hex, a
Slow token reduces Speed). A log whose start recorded such a value still loads, replays and
verifies, and every reader says so; a value no version ever accepted (a ``difficult_cost`` of -5)
is refused on a logged start as on a new one, with one line naming the option. Logs here are
made from a shipped fixture (``tests/fixtures/logs-v1``) with the start's option changed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from domain.errors import BadInput
from domain.game import Game
from domain.rulesets.godsgloom.options import GloomOptions
from sim.logfile import read_log
from sim.replay import verify, verify_exactly
from tests.cli_runs import sim
from tests.helpers import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "logs-v1"


def _log_with(tmp_path: Path, fixture: str, **options: int) -> Path:
    """The fixture log with its start's options changed (its first line, as a log older than
    today's bounds would hold them); the fixture has no hash chain to break."""
    lines = (FIXTURES / fixture).read_text("utf-8").splitlines()
    start = json.loads(lines[0])
    start["event"]["options"].update(options)
    path = tmp_path / f"{fixture}-{'-'.join(f'{k}{v}' for k, v in options.items())}.jsonl"
    path.write_text("\n".join([json.dumps(start), *lines[1:]]) + "\n", "utf-8")
    return path


# --- a value no version accepted: refused, one line naming the option ---------------------------


@pytest.mark.parametrize("args", [("replay", "--verify"), ("replay",)])
def test_difficult_cost_below_0_on_a_logged_start_is_refused_naming_the_option(tmp_path: Path, args: tuple[str, ...]) -> None:
    # seed 002 §8.3; no version accepted a negative difficult_cost (older bound ge=0)
    log = _log_with(tmp_path, "godsgloom-09-ignore-difficult.jsonl", difficult_cost=-5)
    result = sim(args[0], str(log), *args[1:])
    assert result.exit_code != 0, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.output, result.output
    assert "difficult_cost" in lines[0] and "-5" not in lines[0].split("difficult_cost")[0], lines[0]
    assert "older version" not in result.output and "verified" not in result.output


def test_difficult_cost_below_0_is_refused_on_a_logged_start_as_on_a_new_game() -> None:
    # seed 002 §8.3: the same one-line refusal whether or not the start is a log's
    for logged in (False, True):
        with pytest.raises(BadInput, match=r"option difficult_cost must be 1 or more, not -5$"):
            Game.start("godsgloom", ["p1", "p2"], "p1", {"difficult_cost": -5}, logged=logged)
    with pytest.raises(ValidationError, match="difficult_cost"):
        GloomOptions.of_record({"difficult_cost": -5})


def test_narrowed_options_keep_the_bounds_older_versions_accepted() -> None:
    # git 7e16698: difficult_cost ge=0, slow_speed_modifier unbounded
    assert GloomOptions.of_record({"difficult_cost": 0}).difficult_cost == 0
    assert GloomOptions.of_record({"slow_speed_modifier": 7}).slow_speed_modifier == 7
    with pytest.raises(ValidationError):
        GloomOptions.of_record({"difficult_cost": -1})
    with pytest.raises(ValidationError):  # a bound today's rules hold that was never narrowed
        GloomOptions.of_record({"slow_speed_modifier": 1, "attack_die_faces": 0})


# --- a value an older version accepted: loads, verifies, and says so --------------------------


def test_difficult_cost_0_on_a_logged_start_verifies_with_a_note_naming_the_option(tmp_path: Path) -> None:
    # seed 002 §8.3: 0 was accepted before (ge=0); the verdict names it as the start's, not a command's
    log = _log_with(tmp_path, "godsgloom-09-ignore-difficult.jsonl", difficult_cost=0)
    events = read_log(log).events
    verdict = verify(events)
    expected = "the game's start uses option difficult_cost = 0, outside what a new game accepts; replayed as played"
    assert verdict.ok and verdict.notes == (expected,), verdict
    assert "command(s)" not in verdict.message and expected in verdict.message, verdict.message
    assert verify_exactly(events) == verdict
    result = sim("replay", str(log), "--verify")
    assert result.exit_code == 0 and expected in result.output.replace("\n", " "), result.output


def test_plain_replay_of_a_start_outside_todays_bounds_says_so(tmp_path: Path) -> None:
    # seed 002 §8.3: without --verify the log is only folded; the reader is still told
    log = _log_with(tmp_path, "godsgloom-09-ignore-difficult.jsonl", difficult_cost=0, slow_speed_modifier=1)
    result = sim("replay", str(log))
    assert result.exit_code == 0, result.output
    text = result.output.replace("\n", " ")
    for option, value in (("difficult_cost", 0), ("slow_speed_modifier", 1)):
        assert f"note: the game's start uses option {option} = {value}, outside what a new game accepts" in text, result.output
    data = json.loads(sim("replay", str(log), "--json").output)
    assert [n.split(" = ")[0] for n in data["notes"]] == [
        "the game's start uses option difficult_cost", "the game's start uses option slow_speed_modifier",
    ]
    plain = sim("replay", str(FIXTURES / "godsgloom-09-ignore-difficult.jsonl"), "--json")
    assert json.loads(plain.output)["notes"] == []


def test_explore_of_a_start_outside_todays_bounds_says_so(tmp_path: Path) -> None:
    # seed 002 §8.3: the branches start as the log did (Game.start(logged=True)); the output says so
    log = _log_with(tmp_path, "godsgloom-15-trample.jsonl", difficult_cost=0)
    expected = "the game's start uses option difficult_cost = 0, outside what a new game accepts"
    for args in (("--dice",), ("--dice", "--at", "23")):
        result = sim("explore", str(log), *args)
        assert result.exit_code == 0 and f"note: {expected}" in result.output.replace("\n", " "), result.output
    data = json.loads(sim("explore", str(log), "--dice", "--at", "23", "--json").output)
    assert any(expected in n for n in data["notes"]), data.get("notes")


def test_a_start_today_accepts_carries_no_note() -> None:
    # the note is for options outside a new game's bounds only
    game = Game.start("godsgloom", ["p1", "p2"], "p1", {"difficult_cost": 1}, logged=True)
    assert game.state.options.outside_a_new_game() == []
    old = Game.start("godsgloom", ["p1", "p2"], "p1", {"difficult_cost": 0}, logged=True)
    assert old.state.options.outside_a_new_game() == [
        "the game's start uses option difficult_cost = 0, outside what a new game accepts; replayed as played"
    ]
