"""``sim legal`` and ``sim play``: the commands the player to act may issue, and self-play."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from domain.events import labelled_command
from sim.app import open_store
from sim.cli import main
from sim.replay import verify
from sim.runner import play
from sim.scenario import load_scenario, parse_scenario
from sim.yamlfile import load_yaml
from tests.cli_runs import sim
from tests.helpers import EXAMPLES, ctrl_c_as_a_write_returns
from tests.test_cli import one_line_error

NIMBLE = str(EXAMPLES / "godsgloom" / "12-nimble.yaml")
SHARK = str(EXAMPLES / "sorcery" / "05-giant-shark.yaml")



def test_legal_lists_the_commands_of_the_player_to_act_as_json() -> None:
    result = sim("legal", NIMBLE, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["player"] == "p1"
    moves = [c for c in data["commands"] if c["command"] == "move"]
    assert moves and all(c["unit"] == "elves" for c in moves)
    assert data["commands"][-1]["command"] == "end_activation"


def test_play_stores_every_game_and_each_log_verifies(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    result = sim("play", SHARK, "--turns", "2", "--policy", "random", "--games", "3", "--seed", "7", "--db", db, "--json")
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["totals"]["games"] == 3 and summary["totals"]["verified"] == 3
    assert [g["seed"] for g in summary["games"]] == [7, 8, 9]
    store = open_store(db)
    assert len(store.game_ids()) == 3
    for game_id in store.game_ids():
        assert verify(list(store.game_events(game_id))).ok


def test_play_is_the_same_game_from_the_same_seed(tmp_path: Path) -> None:
    runs = [
        json.loads(sim("play", NIMBLE, "--turns", "2", "--policy", "random", "--seed", "3", "--db", str(tmp_path / f"{i}.sqlite"), "--json").output)
        for i in range(2)
    ]
    assert runs[0]["games"][0]["state_hash"] == runs[1]["games"][0]["state_hash"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--policy", "clever"], "unknown policy 'clever'"),
        (["--turns", "0"], "1 or more"),
        (["--turns", "-2"], "1 or more"),
        (["--turns", "100000000000000000000"], "--turns must be at most 10,000"),  # grew until the OOM killer
        (["--games", "0"], "1 or more"),
        # a list of every game's seed was made before the first game: gigabytes within seconds for
        # 10^20 (the --seed refused after it keeps a regression from playing 10,001 games)
        (["--games", "10001", "--seed", "-1"], "--games must be at most 10,000, not 10,001"),
    ],
)
def test_play_refuses_bad_options_in_one_line_and_stores_nothing(tmp_path: Path, args: list[str], message: str) -> None:
    db = tmp_path / "games.sqlite"
    result = sim("play", SHARK, "--db", str(db), *args)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert not db.exists() or not open_store(str(db)).game_ids()


@pytest.mark.parametrize(("args", "message"), [(["--seed", "abc"], "'abc' is not a valid integer"),
                                               (["--turns", "two"], "'two' is not a valid integer"),
                                               (["--polcy", "random"], "No such option '--polcy'")])
def test_a_seed_or_count_that_is_not_a_number_is_one_line_and_stores_nothing(tmp_path: Path, args: list[str], message: str) -> None:
    """Values click itself refuses (not a number, an option that does not exist) are bad input
    like any other: one line naming the option, exit 2, no usage screen around it."""
    db = tmp_path / "games.sqlite"
    line = one_line_error(sim("play", SHARK, "--db", str(db), *args))
    assert message in line and "play --help" in line, line
    assert not db.exists() or not open_store(str(db)).game_ids()


def test_a_negative_seed_in_a_scenario_is_refused_as_the_command_line_refuses_one(tmp_path: Path) -> None:
    """A scenario's ``seed`` is the first game's (game i plays seed + i): -1 there would replay
    seed 0's dice and the policy of seed 1, as ``--seed -1`` would; both are refused."""
    lines = [line for line in Path(SHARK).read_text(encoding="utf-8").splitlines() if not line.startswith("seed:")]
    scenario = tmp_path / "negative.yaml"
    scenario.write_text("\n".join(["seed: -1", *lines]) + "\n", encoding="utf-8")
    db = tmp_path / "games.sqlite"
    for args in (["play", str(scenario), "--db", str(db)], ["run", str(scenario), "--db", str(db)]):
        line = one_line_error(sim(*args))
        assert "negative.yaml:1:" in line and "seed" in line and "greater than or equal to 0" in line, line
    checked = sim("check", str(scenario))  # one line per scenario, then the tally
    assert checked.exit_code == 2 and "negative.yaml:1:7: seed: Input should be greater than or equal to 0" in checked.output
    assert not db.exists() or not open_store(str(db)).game_ids()
    line = one_line_error(sim("run", SHARK, "--db", str(db), "--seed", "-1"))
    assert "--seed must be 0 or more, not -1" in line, line


def test_a_negative_seed_is_refused_because_it_would_replay_the_games_of_its_opposite(tmp_path: Path) -> None:
    """``random.Random(-n)`` draws what ``random.Random(n)`` draws: seeds -1 and 1 would give the
    policy the same choices, so a negative seed is not a seed of its own."""
    db = tmp_path / "games.sqlite"
    result = sim("play", SHARK, "--db", str(db), "--seed", "-1")
    assert result.exit_code == 2
    assert "--seed must be 0 or more, not -1" in result.output and "Traceback" not in result.output
    assert not db.exists() or not open_store(str(db)).game_ids()


def test_a_scenario_whose_script_is_refused_cannot_start_a_turn(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    text = (EXAMPLES / "sorcery" / "05-giant-shark.yaml").read_text(encoding="utf-8")
    broken.write_text(text.replace("- {command: defend, unit: nomads}", "- {command: defend, unit: raider}"), encoding="utf-8")
    db = tmp_path / "games.sqlite"
    result = sim("play", str(broken), "--db", str(db))
    assert result.exit_code == 2 and "script[1] refused" in result.output
    assert not db.exists() or not open_store(str(db)).game_ids()


def test_self_play_answers_a_pending_choice_first(tmp_path: Path) -> None:
    """Example 7a's script stops before the trigger-order choice is answered (option ask): the
    player to act is the one who must choose, and the policy answers with a listed order."""
    waiting = tmp_path / "waiting.yaml"
    data = yaml.safe_load((EXAMPLES / "sorcery" / "07a-phantom-steed-shark-fights-steed-first.yaml").read_text("utf-8"))
    data["script"] = data["script"][:2]
    del data["expect"]
    waiting.write_text(yaml.safe_dump(data), encoding="utf-8")
    listed = json.loads(sim("legal", str(waiting), "--json").output)
    assert {c["command"] for c in listed["commands"]} == {"order_triggers"}
    result = sim("play", str(waiting), "--db", str(tmp_path / "g.sqlite"), "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["totals"]["verified"] == 1


def test_a_long_single_game_reports_each_turn_as_it_is_played() -> None:
    """The progress bar of a long run: one game of many turns advances turn by turn, not only
    when the game is over."""
    from sim.scenario import load_scenario
    from sim.selfplay import self_play

    seen: list[int] = []
    report = self_play(load_scenario(Path(SHARK)), 5, "random", 3, on_turn=seen.append).report
    assert sum(seen) == report.turns == 5 and len(seen) == 5


PASTED = [
    EXAMPLES / "sorcery" / "05-giant-shark.yaml",
    EXAMPLES / "sorcery" / "08-a-whole-turn.yaml",
    EXAMPLES / "godsgloom" / "19-a-whole-round.yaml",
    EXAMPLES / "skirmish" / "20-a-whole-turn.yaml",
    EXAMPLES / "tiny-epic-tactics" / "07-portal-blocked-by-an-enemy-and-used-by-an-ally.yaml",
]


@pytest.mark.parametrize("path", PASTED, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_each_command_sim_legal_prints_pastes_into_the_script_and_is_accepted(path: Path) -> None:
    """``sim legal`` writes each command as the scenario's own script does (aliases included):
    pasted after the script, it plays, and is the command the rules listed."""
    printed = [line[4:] for line in CliRunner().invoke(main, ["legal", str(path)]).output.splitlines() if line.startswith("  - ")]
    assert printed
    data = yaml.safe_load(path.read_text())
    listed = [c.model_dump(mode="json") for c in play(load_scenario(path)).game.legal_commands()]
    rng = random.Random(str(path))
    for index in sorted(rng.sample(range(len(printed)), min(12, len(printed)))):
        command = yaml.safe_load(printed[index])
        trial = {**data, "script": [*data.get("script", []), command], "expect": {}}
        played = play(parse_scenario(load_yaml(yaml.safe_dump(trial), path.name)))  # a refusal raises ScriptRefused
        rules, state = played.game.rules, played.game.state
        assert command == labelled_command(listed[index], lambda loc, r=rules, s=state: r.label(s, loc)), printed[index]
        assert [e for e in played.events if e.name == "CommandIssued"][-1].command["command"] == command["command"]


def test_play_reports_turns_per_second_and_where_a_turns_time_went(tmp_path: Path) -> None:
    """Issue 20: ``sim play`` says how fast the games went and what took the time (legal
    commands, the policy, issuing, storing...), per game and in total."""
    db = str(tmp_path / "games.sqlite")
    result = sim("play", NIMBLE, "--turns", "2", "--policy", "random", "--games", "2", "--db", db, "--json")
    assert result.exit_code == 0, result.output
    totals = json.loads(result.output)["totals"]
    assert totals["turns_per_second"] > 0
    parts = ("legal commands", "policy", "issuing", "script", "verifying", "storing")
    assert set(totals["seconds"]) == set(parts)
    assert all(totals["seconds"][p] > 0 for p in ("legal commands", "issuing", "verifying", "storing"))
    for game in json.loads(result.output)["games"]:
        assert game["seconds"]["issuing"] > 0
    text = sim("play", NIMBLE, "--turns", "1", "--policy", "random", "--db", db).output
    assert "turn(s) per second; where a turn's time went: " in text and "legal commands" in text


def test_a_run_that_played_no_turn_gives_no_figure_per_turn(tmp_path: Path) -> None:
    """The scripted policy plays the script and stops: 0 turns played, so there is no speed
    in turns and no time per turn to give (it printed "0.0 turn(s) per second ... 9.44 ms/turn"),
    only where the time went."""
    scenario = tmp_path / "setup.yaml"
    scenario.write_text(
        "title: no turn\nruleset: tinyepic\nsetup:\n  units:\n"
        "    - {id: a, owner: p1, class: Fighter, at: '0,0', movement: 1, health: 6}\n"
        "    - {id: b, owner: p2, class: Fighter, at: '3,3', movement: 1, health: 6}\n"
        "  width: 4\n  height: 4\nscript: []\n"
    )
    result = sim("play", str(scenario), "--policy", "scripted", "--turns", "3", "--db", ":memory:")
    assert result.exit_code == 0, result.output
    assert "0 turn(s)" in result.output
    assert "ms/turn" not in result.output and "turn(s) per second" not in result.output
    assert "no turn played; where the time went: " in result.output and "verifying" in result.output


def test_a_worker_sends_back_the_report_and_the_log_not_the_game() -> None:
    """``sim play --games N`` keeps only what it stores and prints: a worker's result is the
    game's report and its log, the very log self-play makes for that seed (folded, it gives the
    reported state hash), and no game state travels back to be held for the whole run."""
    from domain.event_base import GameEvent
    from domain.game import Game
    from projections.state_hash import fold, state_hash
    from sim import play_cli
    from sim.selfplay import GameReport, self_play

    play_cli._start_worker(Path(SHARK).read_text(encoding="utf-8"), str(SHARK), {})
    try:
        result = play_cli._one_game((2, "random", 5))
    finally:
        play_cli._PLAYER = None
    report, events = result
    assert isinstance(report, GameReport) and all(isinstance(e, GameEvent) for e in events)
    assert not any(isinstance(part, Game) for part in result)
    assert len(events) == report.events and state_hash(fold(events)) == report.state_hash
    alone = self_play(load_scenario(Path(SHARK)), 2, "random", 5)
    assert [e.model_dump(exclude={"originator_id", "timestamp"}) for e in events] == [
        e.model_dump(exclude={"originator_id", "timestamp"}) for e in alone.events
    ]


def test_a_store_that_fails_mid_run_keeps_the_games_stored_before_it_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each game is stored in its own transaction as it finishes: a write that fails ends the
    run with the store's exit code (4), and the games stored before it are there, whole, each
    log verifying; no game is half stored."""
    from sim.app import GameStore
    from sim.store import StoreError

    record = GameStore.record
    calls = {"n": 0}

    def failing_second(self: GameStore, events: list) -> None:  # type: ignore[type-arg]
        calls["n"] += 1
        if calls["n"] == 2:
            raise StoreError("the disk is full")
        record(self, events)

    monkeypatch.setattr(GameStore, "record", failing_second)
    db = str(tmp_path / "games.sqlite")
    result = CliRunner().invoke(main, ["play", SHARK, "--turns", "1", "--policy", "random", "--games", "4", "--db", db])
    assert result.exit_code == 4, result.output
    assert "the disk is full" in result.output and "Traceback" not in result.output
    monkeypatch.setattr(GameStore, "record", record)
    store = open_store(db)
    assert len(store.game_ids()) == 1
    assert all(verify(list(store.game_events(i))).ok for i in store.game_ids())


def test_ctrl_c_reports_the_games_that_finished_stored_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C in a run of many games, as in ``sim compare``: the games that finished are stored
    (each whole, its log verifying), the summary is of those and says how many were planned,
    stderr says the run was interrupted, and the exit code is 130."""
    from sim import play_cli

    given = play_cli._in_order

    def interrupted_after_two(pool, jobs, window):  # type: ignore[no-untyped-def]
        for count, result in enumerate(given(pool, jobs, window)):
            if count == 2:
                raise KeyboardInterrupt
            yield result

    monkeypatch.setattr(play_cli, "_in_order", interrupted_after_two)
    db = str(tmp_path / "games.sqlite")
    result = CliRunner().invoke(main, ["play", SHARK, "--turns", "1", "--policy", "random", "--games", "5", "--db", db, "--json"])
    assert result.exit_code == 130, result.output
    totals = json.loads(result.stdout)["totals"]
    assert totals["interrupted"] and totals["planned"] == 5 and totals["games"] == 2
    assert "interrupted: 2 of 5 game(s) finished and stored" in result.stderr and "Traceback" not in result.output
    store = open_store(db)
    assert len(store.game_ids()) == 2
    assert all(verify(list(store.game_events(i))).ok for i in store.game_ids())


def test_ctrl_c_during_a_write_still_counts_the_game_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real SIGINT that lands as a game's write returns: the game is stored, so it is reported
    too (held back by ``sim.clikit.ctrl_c_held`` until both are done), and the run stops there
    with exit 130: stored and reported never part."""
    ctrl_c_as_a_write_returns(monkeypatch, 3)
    db = str(tmp_path / "games.sqlite")
    result = CliRunner().invoke(main, ["play", SHARK, "--turns", "1", "--policy", "random", "--games", "5", "--db", db, "--json"])
    assert result.exit_code == 130, result.output
    assert json.loads(result.stdout)["totals"]["games"] == 3
    assert "interrupted: 3 of 5 game(s) finished and stored" in result.stderr
    assert len(open_store(db).game_ids()) == 3
