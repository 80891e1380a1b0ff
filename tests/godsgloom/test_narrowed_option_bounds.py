"""Logs are forever, within what some version accepted (docs/design.md; seed 002 §8.3).

GODSGLOOM once accepted any whole number for ``difficult_cost`` and ``slow_speed_modifier``: at
45c4ac0 (the fixture logs' version) an option was only checked to be of its default's exact type,
and from 686f536 both were ``int`` with no bound until b14979b bounded difficult_cost at 0 or
more (a91c4cc: 1 or more; d1b16a9: slow_speed_modifier 0 or less). Today a new game refuses a
``difficult_cost`` below 1 and a positive ``slow_speed_modifier`` (§8.3: Difficult terrain costs
more than a clear hex, a Slow token reduces Speed). A log whose start recorded such a value still
loads, replays and verifies, and every reader says so; what no version recorded (``true``,
``"3"``, ``2.0`` for a whole number, an unknown option) is refused with one line naming the
option. Under a negative ``difficult_cost`` no range of motion is worked out (each Difficult hex
entered would give MP back: the search would never end): refused naming the option, never a
hang. Logs here are made from a shipped fixture (``tests/fixtures/logs-v1``) with the start's
options changed.
"""

from __future__ import annotations

import json
import signal
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest
from pydantic import Field

from domain.errors import BadInput
from domain.game import Game
from domain.options import RuleOptions, check_options, reading_a_logged_start
from domain.ruleset import get_ruleset
from domain.rulesets.godsgloom.options import GloomOptions
from sim.logfile import read_log
from sim.replay import verify, verify_exactly
from tests.cli_runs import one_line_exit_2, sim
from tests.helpers import ROOT

FIXTURES = ROOT / "tests" / "fixtures" / "logs-v1"
T = TypeVar("T")


def _log_with(tmp_path: Path, fixture: str, **options: Any) -> Path:
    """The fixture log with its start's options changed (its first line, as a log older than
    today's bounds would hold them); the fixture has no hash chain to break."""
    lines = (FIXTURES / fixture).read_text("utf-8").splitlines()
    start = json.loads(lines[0])
    start["event"]["options"].update(options)
    path = tmp_path / f"{fixture}-{'-'.join(f'{k}{v}' for k, v in options.items())}.jsonl"
    path.write_text("\n".join([json.dumps(start), *lines[1:]]) + "\n", "utf-8")
    return path


@contextmanager
def _within(seconds: int) -> Iterator[None]:
    """Fail, rather than hang, when what runs inside takes longer (a search that never ends)."""
    def stop(signum: int, frame: object) -> None:
        raise TimeoutError(f"still running after {seconds}s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _refused(call: Callable[[], T]) -> str:
    with pytest.raises(BadInput) as caught:
        call()
    return caught.value.message


NEGATIVE = "the game's start uses option difficult_cost = -5, outside what a new game accepts; replayed as played"
NO_SEARCH = (
    "range of motion is not worked out under difficult_cost -5: a negative cost gives MP back for each "
    "Difficult hex entered, so no move has a cheapest way (seed 002 §8.3)"
)


# --- a negative difficult_cost: accepted from 686f536 until b14979b ---------------------------


@pytest.mark.parametrize("args", [("replay", "--verify"), ("replay",)])
def test_difficult_cost_below_0_on_a_logged_start_replays_and_verifies_with_a_note(tmp_path: Path, args: tuple[str, ...]) -> None:
    # git 686f536..b14979b: difficult_cost was an int with no bound, so such a log exists
    log = _log_with(tmp_path, "godsgloom-09-ignore-difficult.jsonl", difficult_cost=-5)
    result = sim(args[0], str(log), *args[1:])
    assert result.exit_code == 0, result.output
    assert NEGATIVE in result.output.replace("\n", " "), result.output
    verdict = verify(read_log(log).events)
    assert verdict.ok and verdict.notes == (NEGATIVE,), verdict


def test_difficult_cost_below_1_is_refused_for_a_new_game_only() -> None:
    # seed 002 §8.3: a new game is held to today's bound; a logged start to any whole number
    message = _refused(lambda: Game.start("godsgloom", ["p1", "p2"], "p1", {"difficult_cost": -5}))
    assert message == "option difficult_cost must be 1 or more, not -5"
    logged = Game.start("godsgloom", ["p1", "p2"], "p1", {"difficult_cost": -5}, logged=True)
    assert logged.state.options.difficult_cost == -5
    assert logged.state.options.outside_a_new_game() == [NEGATIVE]


def test_narrowed_options_keep_the_widest_bounds_any_version_accepted() -> None:
    # git 686f536: both options int, no bound
    assert GloomOptions.of_record({"difficult_cost": -5}).difficult_cost == -5
    assert GloomOptions.of_record({"difficult_cost": 0}).difficult_cost == 0
    assert GloomOptions.of_record({"slow_speed_modifier": 7}).slow_speed_modifier == 7
    # a bound today's rules hold that was never narrowed: check_options's line, not pydantic's error
    message = _refused(lambda: GloomOptions.of_record({"slow_speed_modifier": 1, "attack_die_faces": 0}, "godsgloom"))
    assert message == "option attack_die_faces must be 1 or more, not 0"


def test_no_range_of_motion_is_worked_out_under_a_negative_difficult_cost(tmp_path: Path) -> None:
    # seed 002 §8.3: each Difficult hex entered would give MP back, so no way is cheapest: the
    # question is refused naming the option (it looped forever before); a unit that ignores
    # Difficult terrain (lizardmen: Ignore Difficult, cost 1) still has its range of motion
    log = _log_with(tmp_path, "godsgloom-09-ignore-difficult.jsonl", difficult_cost=-5)
    state = read_log(log).state
    assert state is not None
    rules = get_ruleset("godsgloom")
    with _within(30):
        assert _refused(lambda: rules.range_of_motion(state, "militia")) == NO_SEARCH
        assert _refused(lambda: list(rules.legal_commands(state))) == NO_SEARCH  # listed as read
        assert "1,2" in {str(p) for p in rules.range_of_motion(state, "lizardmen").reachable}


def test_view_and_render_of_a_negative_difficult_cost_finish_and_say_so(tmp_path: Path) -> None:
    # the page shows the game without ranges of motion; a picture asked for one is refused
    log = _log_with(tmp_path, "godsgloom-09-ignore-difficult.jsonl", difficult_cost=-5)
    page = tmp_path / "game.html"
    with _within(60):
        result = sim("view", str(log), "-o", str(page))
        assert result.exit_code == 0 and page.stat().st_size > 0, result.output
        assert f"note: no range of motion on the page: {NO_SEARCH}" in result.output.replace("\n", " "), result.output
        line = one_line_exit_2(sim("render", str(log), "--unit", "militia", "-o", str(tmp_path / "b.svg")))
        assert NO_SEARCH in line, line
        for args in (("explore", str(log), "--dice"), ("trace", str(log))):
            assert sim(*args).exit_code == 0


# --- what no version recorded: refused on a logged start, one line naming the option -----------


@pytest.mark.parametrize(
    ("name", "value", "shown"),
    [
        ("slow_speed_modifier", True, "true"),
        ("slow_speed_modifier", "3", '"3"'),
        ("slow_speed_modifier", 2.0, "2.0"),
        ("difficult_cost", False, "false"),
        ("difficult_cost", 2.0, "2.0"),
        ("engaged_step_hexes", True, "true"),
    ],
)
def test_a_logged_start_reads_a_whole_number_strictly(name: str, value: Any, shown: str) -> None:
    # 45c4ac0 checked an option's exact type; later versions refused bool and text, and recorded
    # a float they read as a whole number: no log holds one
    for options in ({name: value}, {name: value, "difficult_cost": 0} if name != "difficult_cost" else {name: value}):
        message = _refused(lambda o=options: Game.start("godsgloom", ["p1", "p2"], "p1", o, logged=True))  # type: ignore[misc]
        assert message == f"option {name} must be a whole number, not {shown}"
        assert _refused(lambda o=options: GloomOptions.of_record(o)) == message  # type: ignore[misc]


def test_an_unknown_option_on_a_logged_start_is_named_whatever_else_is_outside(tmp_path: Path) -> None:
    # the unknown option is the mistake; difficult_cost 0 was accepted before (ge=0)
    log = _log_with(tmp_path, "godsgloom-09-ignore-difficult.jsonl", difficult_cost=0, bogus=1)
    line = one_line_exit_2(sim("replay", str(log), "--verify"))
    assert "sim.GameStarted: unknown rule option 'bogus' for godsgloom: known are engagement_zone," in line, line
    message = _refused(lambda: Game.start("godsgloom", ["p1", "p2"], "p1", {"difficult_cost": 0, "bogus": 1}, logged=True))
    assert message.startswith("unknown rule option 'bogus' for godsgloom: known are "), message


class _Narrowed(RuleOptions):
    """An option whose older bound (0 or more) was narrowed to 1 or more."""

    NARROWED = {"x": {"ge": 0}}
    x: int = Field(default=2, ge=1)


def test_a_logged_value_outside_the_older_bounds_is_refused_stating_them() -> None:
    # the line states the bound logs are read under (0 or more), not a new game's (1 or more)
    with reading_a_logged_start():
        assert check_options("test", _Narrowed, {"x": 0}) == {"x": 0}
        assert _refused(lambda: check_options("test", _Narrowed, {"x": -1})) == "option x must be 0 or more, not -1"
    assert _refused(lambda: check_options("test", _Narrowed, {"x": 0})) == "option x must be 1 or more, not 0"
    assert _refused(lambda: _Narrowed.of_record({"x": -1}, "test")) == "option x must be 0 or more, not -1"


def test_a_stored_game_outside_every_bound_is_refused_naming_the_option(tmp_path: Path) -> None:
    # a stored game is folded without check_options (sim trace --db): one line, exit 2, not exit 3
    db = tmp_path / "games.sqlite"
    log = _log_with(tmp_path, "godsgloom-09-ignore-difficult.jsonl", difficult_cost=-5)
    assert sim("log", "import", str(log), "--db", str(db)).exit_code == 0
    game = "5608a549-23ea-495b-9bb2-90845bb31711"
    assert sim("trace", "--db", str(db), "--game", game).exit_code == 0  # -5: read as recorded
    with sqlite3.connect(db) as store:
        (blob,) = store.execute("select state from stored_events where originator_version = 1").fetchone()
        changed = bytes(blob).replace(b'"attack_die_faces":6', b'"attack_die_faces":0')
        assert changed != bytes(blob)
        store.execute("update stored_events set state = ? where originator_version = 1", (changed,))
    line = one_line_exit_2(sim("trace", "--db", str(db), "--game", game))
    assert line == "error: options.attack_die_faces: option attack_die_faces must be 1 or more, not 0", line


def test_a_failed_verification_still_prints_the_start_note(tmp_path: Path) -> None:
    # the start's note may be what explains the mismatch: never left out of a failed verdict
    log = _log_with(tmp_path, "godsgloom-09-ignore-difficult.jsonl", difficult_cost=0)
    lines = log.read_text("utf-8").splitlines()
    assert '"movement_points": 2' in lines[12]
    lines[12] = lines[12].replace('"movement_points": 2', '"movement_points": 3')
    log.write_text("\n".join(lines) + "\n", "utf-8")
    result = sim("replay", str(log), "--verify")
    assert result.exit_code == 1, result.output
    text = result.output.replace("\n", " ")
    assert "note: the game's start uses option difficult_cost = 0, outside what a new game accepts" in text, result.output


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
