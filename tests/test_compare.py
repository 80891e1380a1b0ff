"""``sim compare``: seeded games per variant, their summary, where they run, what is stored, and
what bad input does. Game counts are tiny: the statistics are checked in test_compare_stats."""

from __future__ import annotations

import gc
import json
import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sim.app import open_store
from sim.cli import main
from sim.compare import cli as compare_cli
from sim.compare import executors
from sim.compare.executors import InProcess, LocalPool
from sim.compare.games import GameJob, GameResult, make_jobs, play_batch
from sim.compare.variants import Variant
from sim.replay import verify
from tests.cli_runs import sim
from tests.helpers import EXAMPLES, ctrl_c_as_a_write_returns
from tests.test_cli import one_line_error

HERE = Path(__file__).parent / "fixtures" / "compare"
SKIRMISH = HERE / "skirmish-street.yaml"
CORRIDOR = HERE / "tinyepic-corridor.yaml"


def setup_only(path: Path, into: Path) -> str:
    """An example's board without its script (a script is one seat's: swapped seats refuse it)."""
    target = into / path.name
    target.write_text(path.read_text().split("\nscript:")[0] + "\n")
    return str(target)



def compare(*args: str) -> dict[str, Any]:
    result = sim("compare", *args, "--json")
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.output)
    return data


SMALL = {
    "sorcery": EXAMPLES / "sorcery" / "08-a-whole-turn.yaml",
    "godsgloom": EXAMPLES / "godsgloom" / "19-a-whole-round.yaml",
    "skirmish": SKIRMISH,
    "tinyepic": CORRIDOR,
}


@pytest.mark.parametrize("ruleset", sorted(SMALL))
def test_a_small_compare_per_ruleset_summarises_every_game(ruleset: str, tmp_path: Path) -> None:
    scenario = setup_only(SMALL[ruleset], tmp_path)
    data = compare(scenario, "--variant", "a:", "--variant", "b:", "--games", "2", "--turns", "1", "--workers", "1")
    assert data["ruleset"] == ruleset and data["run"]["finished"] == 4
    for variant in data["variants"]:
        assert variant["games"] == 2
        for player in data["players"]:
            counts = variant["players"][player]
            assert counts["wins"] + counts["draws"] + counts["losses"] == 2
            assert set(counts["counters"]) == set(data["counters"]) >= {"steps", "distance", "places", "refused", "deaths"}
    # two variants with the same options play the same games: no difference at all
    assert [g["state_hash"] for g in data["games"] if g["variant"] == "a"] == [g["state_hash"] for g in data["games"] if g["variant"] == "b"]
    assert [g["swapped"] for g in data["games"] if g["variant"] == "a"] == [False, True]
    firsts = {g["first_player"] for g in data["games"]}
    assert firsts == set(data["players"])  # seats swapped: each side moved first once


def test_the_summary_counts_are_the_games_counted_by_hand(tmp_path: Path) -> None:
    data = compare(str(CORRIDOR), "--variant", "a:", "--variant", "slow:descend_cost=1", "--games", "6", "--workers", "1")
    for variant in data["variants"]:
        games = [g for g in data["games"] if g["variant"] == variant["name"]]
        for player in data["players"]:
            assert variant["players"][player]["wins"] == sum(g["results"][player] == "win" for g in games)
            steps = [g["counters"][player]["steps"] for g in games]
            assert variant["players"][player]["counters"]["steps"]["mean"] == pytest.approx(sum(steps) / len(steps))
        first_wins = sum(g["results"][g["first_player"]] == "win" for g in games)
        first_losses = sum(g["results"][g["first_player"]] == "loss" for g in games)
        assert (variant["first_player"]["wins"], variant["first_player"]["losses"]) == (first_wins, first_losses)
        if first_wins + first_losses:
            rate = variant["first_player"]["win_rate"]["estimate"]
            assert rate == pytest.approx(first_wins / (first_wins + first_losses))
            assert variant["first_player"]["advantage"]["estimate"] == pytest.approx(rate - 0.5)
        assert variant["length"]["turns"]["mean"] == pytest.approx(sum(g["turns"] for g in games) / len(games))
        assert all(g["turns"] == 2 or g["ended"] for g in games)


def test_skirmish_units_with_move_3_get_less_far_than_with_move_6() -> None:
    data = compare(str(SKIRMISH), "--variant", "move6:unit_move=6", "--variant", "move3:unit_move=3",
                   "--games", "4", "--turns", "1", "--workers", "1")
    six, three = data["variants"]
    for player in data["players"]:
        assert three["players"][player]["counters"]["distance"]["mean"] < six["players"][player]["counters"]["distance"]["mean"]
        assert three["difference"]["players"][player]["counters"]["distance"]["estimate"] < 0


def test_tiny_epic_tactics_without_passing_allies_reaches_fewer_spaces() -> None:
    data = compare(str(CORRIDOR), "--variant", "through:", "--variant", "blocked:ally_pass_through=false",
                   "--games", "4", "--turns", "2", "--workers", "1")
    through, blocked = data["variants"]
    assert blocked["players"]["p1"]["counters"]["places"]["mean"] < through["players"]["p1"]["counters"]["places"]["mean"]
    assert blocked["difference"]["players"]["p1"]["counters"]["places"]["estimate"] < 0


def _without_run(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "run"}


def test_results_are_identical_in_process_in_local_processes_and_on_a_dask_cluster() -> None:
    distributed = pytest.importorskip("distributed")
    args = [str(CORRIDOR), "--variant", "a:", "--variant", "b:ally_pass_through=false", "--games", "4", "--seed", "3"]
    alone = compare(*args, "--workers", "1")
    pooled = compare(*args, "--workers", "2")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        clustered = compare(*args, "--scheduler", cluster.scheduler_address, "--batch", "2")
        clustered_text = sim("compare", *args, "--scheduler", cluster.scheduler_address).output
    assert _without_run(alone) == _without_run(pooled) == _without_run(clustered)
    # the report people read, byte for byte but its last line (where the games ran, how fast)
    alone_text = sim("compare", *args, "--workers", "1").output
    assert alone_text.rstrip().splitlines()[:-1] == clustered_text.rstrip().splitlines()[:-1]
    assert [g["state_hash"] for g in alone["games"]] == [g["state_hash"] for g in clustered["games"]]
    assert "Dask cluster" in clustered["run"]["where"] and pooled["run"]["where"] == "2 local processes"


def test_every_stored_game_is_whole_and_its_log_verifies(tmp_path: Path) -> None:
    db = str(tmp_path / "games.sqlite")
    data = compare(str(CORRIDOR), "--variant", "a:", "--variant", "b:descend_cost=1", "--games", "3", "--db", db, "--workers", "2")
    assert data["run"]["stored"] == 6
    store = open_store(db)
    ids = store.game_ids()
    assert len(ids) == 6
    for game_id in ids:
        assert verify(list(store.game_events(game_id))).ok
    hashes = sorted(g["state_hash"] for g in data["games"])
    from projections.state_hash import fold, state_hash

    assert sorted(state_hash(fold(list(store.game_events(i)))) for i in ids) == hashes


def _killed_once(marks: str, jobs: list[GameJob]) -> list[GameResult]:
    """Play a batch, but the first time game 1 of variant b is met, kill the worker process."""
    for job in jobs:
        mark = Path(marks) / f"{job.variant.name}-{job.index}"
        if job.variant.name == "b" and job.index == 1 and not mark.exists():
            mark.write_text("killed")
            os._exit(1)
    return play_batch(jobs)


class _Killer:
    def __init__(self, marks: str) -> None:
        self.marks = marks

    def __call__(self, jobs: list[GameJob]) -> list[GameResult]:
        return _killed_once(self.marks, jobs)


def _jobs(games: int) -> list[GameJob]:
    text = CORRIDOR.read_text()
    variants = [Variant("a"), Variant("b", {"descend_cost": 1})]
    return make_jobs(text, str(CORRIDOR), {}, variants, games, 0, True, 1, "random")


def test_a_game_whose_local_worker_died_is_played_again(tmp_path: Path) -> None:
    jobs = _jobs(3)
    reference = sorted((r.variant, r.index, r.state_hash) for r in InProcess().run([[j] for j in jobs]))
    lost = sorted((r.variant, r.index, r.state_hash) for r in LocalPool(2, _Killer(str(tmp_path))).run([[j] for j in jobs]))
    assert (tmp_path / "b-1").exists(), "no worker was killed: the test checks nothing"
    assert lost == reference


def test_a_game_whose_dask_worker_died_is_played_again(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    from sim.compare.executors import DaskCluster

    jobs = _jobs(2)
    reference = sorted((r.variant, r.index, r.state_hash) for r in InProcess().run([[j] for j in jobs]))
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        runner = DaskCluster(cluster.scheduler_address, _Killer(str(tmp_path)))
        try:
            lost = sorted((r.variant, r.index, r.state_hash) for r in runner.run([[j] for j in jobs]))
        finally:
            runner.close()
    assert (tmp_path / "b-1").exists(), "no worker was killed: the test checks nothing"
    assert lost == reference


def test_ctrl_c_reports_what_finished_and_stores_only_whole_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"n": 0}

    def interrupted_after_three(jobs: list[GameJob]) -> list[GameResult]:
        calls["n"] += 1
        if calls["n"] > 3:
            raise KeyboardInterrupt
        return play_batch(jobs)

    monkeypatch.setattr(compare_cli, "runner_for", lambda workers, scheduler: InProcess(interrupted_after_three))
    db = str(tmp_path / "games.sqlite")
    result = CliRunner().invoke(main, ["compare", str(CORRIDOR), "--variant", "a:", "--variant", "b:descend_cost=1",
                                       "--games", "5", "--db", db, "--json"], catch_exceptions=False)
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert data["run"]["interrupted"] and data["run"]["finished"] == 3 and data["run"]["stored"] == 3
    assert sum(v["games"] for v in data["variants"]) == 3
    assert "interrupted: 3 of 10 games finished" in result.stderr
    store = open_store(db)
    assert len(store.game_ids()) == 3
    assert all(verify(list(store.game_events(i))).ok for i in store.game_ids())


@pytest.mark.parametrize(("args", "message"), [
    (["--variant", "a:ally_passthrough=false"], "--variant a ally_passthrough: unknown rule option 'ally_passthrough' for tinyepic"),
    (["--variant", "a:ally_pass_through=maybe"], "--variant a ally_pass_through: option ally_pass_through must be true or false, not \"maybe\""),
    (["--variant", "a:descend_cost=[1"], "--variant a descend_cost: '[1' can't be read"),
    (["--variant", "nocolon"], "--variant: expected NAME:OPT=VAL"),
    (["--variant", "a:", "--variant", "a:descend_cost=1"], "variant 'a' is named twice"),
    ([], "give at least one --variant"),
    (["--variant", "a:", "--games", "0"], "--games must be 1 or more, not 0"),
    (["--variant", "a:", "--turns", "20000"], "--turns must be at most 10,000, not 20,000"),
    # every game's job was made before the first game (gigabytes within seconds for 10^11), and
    # as many local processes started as there were batches (the --seed refused after them keeps
    # a regression from playing 10,001 games or starting 100 processes)
    (["--variant", "a:", "--games", "10001", "--seed", "-1"], "--games must be at most 10,000, not 10,001"),
    (["--variant", "a:", "--workers", "100000000000", "--seed", "-1"], f"--workers must be at most {4 * (os.cpu_count() or 1)} "),
    # an address of another form: refused at once (it was 10 s of retries, then a traceback)
    (["--variant", "a:", "--scheduler", "bogus"], "--scheduler: a scheduler's address is tcp://HOST:PORT"),
    (["--variant", "a:", "--scheduler", "tcp://:8786"], "not 'tcp://:8786'"),
    # a port out of range, an IPv6 host out of brackets, digits that are not ASCII: refused as
    # malformed (they were probed, or looked up as a host name, and exit 4)
    (["--variant", "a:", "--scheduler", "tcp://127.0.0.1:99999"], "not 'tcp://127.0.0.1:99999'"),
    (["--variant", "a:", "--scheduler", "tcp://127.0.0.1:0"], "not 'tcp://127.0.0.1:0'"),
    (["--variant", "a:", "--scheduler", "tcp://fe80::1:8786"], "not 'tcp://fe80::1:8786'"),
    (["--variant", "a:", "--scheduler", "tcp://127.0.0.1:\u0661\u0662"], "--scheduler: a scheduler's address is"),
    (["--variant", "a:", "--policy", "scripted"], "unknown policy 'scripted'"),
    (["--variant", "a:", "--plot", "/no/such/folder/figure.png"], "--plot: no such folder"),
])
def test_bad_input_is_one_line_exit_2_and_nothing_stored(args: list[str], message: str, tmp_path: Path) -> None:
    db = tmp_path / "never.sqlite"
    line = one_line_error(sim("compare", str(CORRIDOR), *args, "--db", str(db)))
    assert message in line
    assert not db.exists()


def test_a_script_one_seat_cannot_play_is_refused_before_any_game(tmp_path: Path) -> None:
    db = tmp_path / "never.sqlite"
    line = one_line_error(sim("compare", str(EXAMPLES / "tiny-epic-tactics" / "17-two-units-and-one-unit-left.yaml"),
                              "--variant", "a:", "--db", str(db)))
    assert "the script is refused with seats swapped" in line and not db.exists()
    assert sim("compare", str(EXAMPLES / "tiny-epic-tactics" / "17-two-units-and-one-unit-left.yaml"), "--variant", "a:",
               "--no-swap", "--games", "1", "--workers", "1").exit_code == 0
    # one game is game 0, never played with seats swapped: the swapped script is not asked for
    assert sim("compare", str(EXAMPLES / "tiny-epic-tactics" / "17-two-units-and-one-unit-left.yaml"), "--variant", "a:",
               "--games", "1", "--workers", "1").exit_code == 0


def test_a_malformed_scheduler_address_is_refused_before_the_scenario_is_read() -> None:
    """The address's form is an option's, checked with the others: before the file is read or
    played, before dask is imported."""
    line = one_line_error(sim("compare", "/no/such/scenario.yaml", "--variant", "a:", "--scheduler", "bogus"))
    assert "--scheduler: a scheduler's address is" in line, line


@contextmanager
def silent_port(hold: float = 20.0) -> Iterator[str]:
    """A TCP port that accepts connections and says nothing (another server, not a Dask
    scheduler), each connection closed after ``hold`` seconds; yields its ``HOST:PORT``."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.1)
    stop = threading.Event()
    held: list[tuple[float, socket.socket]] = []

    def serve() -> None:
        while not stop.is_set():
            try:
                held.append((time.monotonic(), server.accept()[0]))
            except TimeoutError:
                pass
            for began, conn in list(held):
                if time.monotonic() - began > hold:
                    conn.close()
                    held.remove((began, conn))

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"127.0.0.1:{server.getsockname()[1]}"
    finally:
        stop.set()
        thread.join()
        for _, conn in held:
            conn.close()
        server.close()


def test_a_port_that_answers_but_not_as_a_dask_scheduler_fails_in_one_line_within_the_timeout(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """dask's client waits for the scheduler's handshake without a timeout: a port held by
    another server kept ``sim compare`` waiting for as long as that server kept the connection."""
    pytest.importorskip("distributed")
    monkeypatch.setattr(executors, "CONNECT_TIMEOUT", 1.0)
    with silent_port(hold=20.0) as where:
        began = time.monotonic()
        result = sim("compare", str(CORRIDOR), "--variant", "a:", "--scheduler", f"tcp://{where}", "--workers", "1")
        took = time.monotonic() - began
    assert result.exit_code == 4, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and f"tcp://{where}" in lines[0] and "did not answer as a Dask scheduler" in lines[0], lines
    assert took < 10, f"{took:.1f} s"


def test_a_tls_scheduler_without_tls_configuration_is_bad_input_in_one_line() -> None:
    """dask needs certificates for tls://; without them its client failed with a TypeError (an
    'internal error', exit 3), then, 10 s later, a traceback from the half-made client."""
    pytest.importorskip("distributed")
    with silent_port() as where:
        line = one_line_error(sim("compare", str(CORRIDOR), "--variant", "a:", "--scheduler", f"tls://{where}"))
    assert "--scheduler: a tls:// scheduler needs dask's TLS configuration" in line, line


def test_a_client_that_could_not_connect_is_closed_not_left_to_be_collected(monkeypatch: pytest.MonkeyPatch) -> None:
    """A client whose start failed was kept by the error raised in its place and closed only when
    the interpreter collected it, after its event loop had stopped: 10 s of waiting at exit, then
    'Exception ignored in: Client.__del__' and a traceback. It is closed as it fails."""
    distributed = pytest.importorskip("distributed")
    from sim.compare.executors import ClusterError, DaskCluster

    # past the checks made before a client: a client that fails as it starts (no certificates)
    monkeypatch.setattr(executors, "_tls_configured", lambda address: None)
    monkeypatch.setattr(executors, "_handshake", lambda address: None)
    with silent_port() as where, pytest.raises(ClusterError) as failed:
        DaskCluster(f"tls://{where}")
    assert f"tls://{where}" in str(failed.value)
    unclosed = [c for c in gc.get_objects() if isinstance(c, distributed.Client) and c.status != "closed"]
    assert not unclosed, [c.status for c in unclosed]


def test_an_unreachable_scheduler_is_exit_4_in_one_line_and_nothing_stored(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    db = tmp_path / "never.sqlite"
    result = sim("compare", str(CORRIDOR), "--variant", "a:", "--scheduler", "tcp://127.0.0.1:9", "--db", str(db))
    assert result.exit_code == 4, result.output
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "can't be reached" in lines[0]
    assert not db.exists()


ALL_DRAWS = """title: all draws
ruleset: tinyepic
setup:
  units:
    - {id: a, owner: p1, class: Fighter, at: "0,0", movement: 1, health: 6}
    - {id: b, owner: p2, class: Fighter, at: "7,7", movement: 1, health: 6}
  width: 8
  height: 8
"""


def test_with_no_decided_game_the_first_players_win_rate_and_advantage_are_unknown(tmp_path: Path) -> None:
    """README "Comparing rule variants": the first player's win rate is over the decided games,
    the advantage that rate less 50%. With none decided neither is known: null in JSON (and so the
    difference), "no decided game" and "-" in the table, and the plot leaves the bar out."""
    pytest.importorskip("matplotlib")
    scenario = tmp_path / "draws.yaml"
    scenario.write_text(ALL_DRAWS)
    args = [str(scenario), "--variant", "x:", "--variant", "y:adjacency=king8", "--games", "2", "--turns", "1", "--workers", "1"]
    data = compare(*args)
    for variant in data["variants"]:
        first = variant["first_player"]
        assert (first["decided"], first["draws"]) == (0, 2)
        assert first["win_rate"] is None and first["advantage"] is None
    assert data["variants"][1]["difference"]["first_player_win_rate"] is None
    figure = tmp_path / "draws.png"
    result = sim("compare", *args, "--plot", str(figure))
    assert result.exit_code == 0, result.output
    first_rows = [line for line in result.output.splitlines() if "first player*" in line]
    advantage_rows = [line for line in result.output.splitlines() if "advantage " in line]
    assert len(first_rows) == 2 and all("no decided game" in line for line in first_rows)
    assert all("%" not in line for line in first_rows + advantage_rows)
    assert figure.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_writes_a_figure_of_the_comparison(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    figure = tmp_path / "compare.png"
    result = sim("compare", str(CORRIDOR), "--variant", "a:", "--variant", "b:ally_pass_through=false",
                 "--games", "2", "--workers", "1", "--plot", str(figure))
    assert result.exit_code == 0, result.output
    assert figure.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not Path(f"{figure}.partial").exists()
    assert "win rate" in result.output and "Δ" in result.output


def test_option_on_the_command_line_applies_to_every_variant() -> None:
    data = compare(str(CORRIDOR), "--variant", "a:", "--variant", "b:descend_cost=1", "--games", "2", "--workers", "1",
                   "--option", "ally_pass_through=false")
    assert data["options"] == {"ally_pass_through": False}
    blocked = compare(str(CORRIDOR), "--variant", "a:ally_pass_through=false", "--games", "2", "--workers", "1")
    assert [g["state_hash"] for g in data["games"] if g["variant"] == "a"] == [g["state_hash"] for g in blocked["games"]]


def test_the_readmes_worked_example_plays_both_variants() -> None:
    scenario = Path(__file__).resolve().parent.parent / "docs" / "compare" / "jump-down-from-roofs.yaml"
    data = compare(str(scenario), "--variant", "from4:jump_down_disadvantage_height=4",
                   "--variant", "from5:jump_down_disadvantage_height=5", "--games", "1", "--workers", "1")
    from4, from5 = data["variants"]
    assert from4["options"] == {"jump_down_disadvantage_height": 4} and from5["games"] == 1
    assert "checks_failed.jump_down" in data["counters"] or "checks_passed.jump_down" in data["counters"]


@pytest.mark.postgres
def test_games_compared_on_local_processes_are_stored_in_postgresql_and_verify(postgres_url: str) -> None:
    data = compare(str(CORRIDOR), "--variant", "a:", "--games", "2", "--db", postgres_url, "--workers", "2")
    assert data["run"]["stored"] == 2
    store = open_store(postgres_url)
    assert len(store.game_ids()) == 2
    assert all(verify(list(store.game_events(i))).ok for i in store.game_ids())


def test_ctrl_c_during_a_write_still_counts_the_game_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real SIGINT that lands as a game's write returns: the game is stored and counted as
    stored and finished (``sim.clikit.ctrl_c_held``), so the run's figures match the store."""
    ctrl_c_as_a_write_returns(monkeypatch, 3)
    monkeypatch.setattr(compare_cli, "runner_for", lambda workers, scheduler: InProcess(play_batch))
    db = str(tmp_path / "games.sqlite")
    result = CliRunner().invoke(main, ["compare", str(CORRIDOR), "--variant", "a:", "--games", "5", "--db", db, "--json"],
                                catch_exceptions=False)
    assert result.exit_code == 130
    run = json.loads(result.stdout)["run"]
    assert run["interrupted"] and run["finished"] == 3 and run["stored"] == 3
    assert len(open_store(db).game_ids()) == 3
