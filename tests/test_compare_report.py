"""What ``sim compare`` tells a designer comparing two variants: which options differ, how many
games, that the same seeds give the same report wherever they run, and never a difference the
games do not support (README "Comparing rule variants"; docs/design.md, same section)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli_runs import sim
from tests.test_cli import one_line_error
from tests.test_compare import CORRIDOR, compare


def _rows(output: str, start: str) -> list[str]:
    """The body rows of the table whose title begins with ``start``."""
    lines = output.splitlines()
    first = next(i for i, line in enumerate(lines) if line.strip().startswith(start))
    rows = []
    for line in lines[first + 1 :]:
        if line.startswith("└"):
            break
        if line.startswith("│"):
            rows.append(line)
    return rows


def test_a_difference_of_means_over_one_game_a_variant_is_unknown_not_certain() -> None:
    """One game a variant has no spread: a point interval said every counter that moved had
    certainly moved ("Δ -1.0 [-1.0, -1.0] *")."""
    args = [str(CORRIDOR), "--variant", "a:", "--variant", "b:ally_pass_through=false", "--games", "1", "--workers", "1"]
    data = compare(*args)
    difference = data["variants"][1]["difference"]
    assert difference["length"] == {"turns": None, "commands": None}
    for player in data["players"]:
        assert difference["players"][player]["score"] is None
        assert set(difference["players"][player]["counters"].values()) == {None}
    text = sim("compare", *args).output
    measures = _rows(text, "game length and counters")
    assert measures and not any(line.rstrip("│ ").endswith("*") for line in measures)
    assert all("too few games" in line for line in measures)


def test_the_report_names_the_options_each_variant_changes_from_the_first() -> None:
    args = [str(CORRIDOR), "--variant", "a:", "--variant", "b:ally_pass_through=false,descend_cost=1",
            "--games", "2", "--workers", "1"]
    data = compare(*args)
    a, b = data["variants"]
    assert a["differs_from_first"] is None
    assert b["differs_from_first"] == {"ally_pass_through": [True, False], "descend_cost": [0, 1]}
    text = sim("compare", *args).output
    rows = _rows(text, "variants")
    assert "a" in rows[0] and "2" in rows[0] and "the scenario as it is" in rows[0]
    flat = " ".join(text.split())
    assert "ally_pass_through: true → false" in flat and "descend_cost: 0 → 1" in flat


def test_a_variant_setting_an_option_to_the_value_it_has_plays_the_same_games_and_the_report_says_so() -> None:
    """ally_pass_through is true by default: the variant changes no rule, and every game of it is
    the first variant's game (same final state), which the report says rather than leaving the
    designer to read noise into the intervals."""
    args = [str(CORRIDOR), "--variant", "a:", "--variant", "same:ally_pass_through=true", "--games", "4", "--workers", "1"]
    data = compare(*args)
    a, same = data["variants"]
    assert same["differs_from_first"] == {}
    assert same["difference"]["same_games"] is True
    hashes = {v: [g["state_hash"] for g in data["games"] if g["variant"] == v] for v in ("a", "same")}
    assert hashes["a"] == hashes["same"]
    text = sim("compare", *args).output
    assert "no option differs from a's" in text and "every game the same as a's" in text
    moved = compare(str(CORRIDOR), "--variant", "a:", "--variant", "b:ally_pass_through=false", "--games", "4", "--workers", "1")
    assert moved["variants"][1]["difference"]["same_games"] is False


def test_the_report_is_byte_identical_in_this_process_and_on_local_processes() -> None:
    args = [str(CORRIDOR), "--variant", "a:", "--variant", "b:ally_pass_through=false", "--games", "6", "--seed", "5"]

    def report(*more: str) -> tuple[str, str]:
        text = sim("compare", *args, *more).output
        raw = json.loads(sim("compare", *args, *more, "--json").output)
        raw.pop("run")
        # the text's last line is the run's (where, how fast): the rest is the report
        return "\n".join(text.rstrip().splitlines()[:-1]), json.dumps(raw, sort_keys=True)

    alone = report("--workers", "1")
    assert report("--workers", "1") == alone  # twice in one process: no game carries state to the next
    assert report("--workers", "2") == alone


def test_a_game_is_the_same_whichever_games_were_played_before_it_in_the_process() -> None:
    """Game i is seed S+i, seats swapped when i is odd: seed 3 swapped is game 3 of --seed 0 and
    game 1 of --seed 2, and the same game in both (a worker's cached player keeps nothing)."""
    many: dict[str, Any] = compare(str(CORRIDOR), "--variant", "a:", "--games", "4", "--seed", "0", "--workers", "1")
    few: dict[str, Any] = compare(str(CORRIDOR), "--variant", "a:", "--games", "2", "--seed", "2", "--workers", "1")
    assert many["games"][3]["seed"] == few["games"][1]["seed"] == 3
    assert many["games"][3]["swapped"] and few["games"][1]["swapped"]
    assert {k: v for k, v in many["games"][3].items() if k != "index"} == {k: v for k, v in few["games"][1].items() if k != "index"}


def test_a_plot_in_a_folder_that_cannot_be_written_is_refused_before_any_game(tmp_path: Path) -> None:
    """It was found after every game had been played (and the report printed): exit 2 then."""
    db = tmp_path / "never.sqlite"
    line = one_line_error(sim("compare", str(CORRIDOR), "--variant", "a:", "--plot", "/proc/figure.png", "--db", str(db)))
    assert line.startswith("error: --plot: can't write") and "/proc/figure.png" in line
    assert not db.exists() and not Path("/proc/figure.png.partial").exists()


def test_the_outcomes_table_says_each_interval_is_one_at_a_time() -> None:
    """Dozens of measures each with a 95% interval: about one in twenty excludes 0 by chance
    when nothing changed. The caption says so, and that the games are shared by the variants."""
    text = sim("compare", str(CORRIDOR), "--variant", "a:", "--variant", "b:ally_pass_through=false",
               "--games", "2", "--workers", "1").output
    flat = " ".join(text.split())
    assert "one in twenty" in flat and "same seeds" in flat


def test_an_interrupted_runs_figure_says_how_many_games_it_holds(tmp_path: Path, monkeypatch: Any) -> None:
    """The figure's title said "5 games per variant" of a run Ctrl-C stopped after 3 games."""
    from click.testing import CliRunner

    from sim.cli import main
    from sim.compare import cli as compare_cli
    from sim.compare.executors import InProcess
    from sim.compare.games import GameJob, GameResult, play_batch

    calls = {"n": 0}
    titles: list[str] = []

    def interrupted_after_three(jobs: list[GameJob]) -> list[GameResult]:
        calls["n"] += 1
        if calls["n"] > 3:
            raise KeyboardInterrupt
        return play_batch(jobs)

    monkeypatch.setattr(compare_cli, "runner_for", lambda workers, scheduler: InProcess(interrupted_after_three))
    monkeypatch.setattr(compare_cli, "plot", lambda summary, games, path, title: titles.append(title))
    result = CliRunner().invoke(main, ["compare", str(CORRIDOR), "--variant", "a:", "--variant", "b:descend_cost=1",
                                       "--games", "5", "--plot", str(tmp_path / "f.png")], catch_exceptions=False)
    assert result.exit_code == 130
    assert len(titles) == 1 and "3 of 10 games (interrupted)" in titles[0] and "5 games per variant" not in titles[0]


def test_a_figure_with_more_counters_than_panels_names_those_it_leaves_out() -> None:
    """Past MAX_PANELS the figure dropped counters without a word: it names them under the title."""
    from sim.compare.plot import MAX_PANELS, _measures

    names = [f"c{i:02}" for i in range(MAX_PANELS + 3)]
    summary = {
        "players": ["p1"], "counters": names,
        "variants": [{"players": {"p1": {"counters": {n: {"max": 1.0} for n in names}}}}],
    }
    shown, left_out = _measures(summary)
    assert len(shown) == MAX_PANELS
    assert [label for label, _ in shown] + left_out == ["game length (turns)", "score", *names]


def test_variants_that_played_the_same_seeds_are_compared_game_by_game_and_the_report_says_so() -> None:
    """Game i has the same seed and seat in every variant: its two games are a pair, and each
    difference is the paired interval of the per-game differences (common random numbers),
    worked out here from the games the JSON lists (statistics module, Student's quantile from a
    table); rates by Newcombe's paired interval. The table says which interval it used."""
    import statistics

    args = [str(CORRIDOR), "--variant", "a:", "--variant", "slow:ally_pass_through=false", "--games", "6", "--workers", "1"]
    data = compare(*args)
    difference = data["variants"][1]["difference"]
    assert difference["paired"] is True
    assert difference["intervals"] == {"means": "paired t", "rates": "Newcombe paired", "first_player_win_rate": "Newcombe"}
    games = {(g["variant"], g["index"]): g for g in data["games"]}
    t975_5 = 2.570581836  # Student's t, 5 degrees of freedom, 97.5%
    player = data["players"][0]
    spreads: list[float] = []
    for read, found in (
        (lambda g: g["turns"], difference["length"]["turns"]),
        (lambda g: g["commands"], difference["length"]["commands"]),
        (lambda g: g["counters"][player].get("steps", 0.0), difference["players"][player]["counters"]["steps"]),
    ):
        per_game = [read(games[("slow", i)]) - read(games[("a", i)]) for i in range(6)]
        spreads.append(statistics.stdev(per_game))
        mean = statistics.fmean(per_game)
        half = t975_5 * statistics.stdev(per_game) / 6 ** 0.5
        assert found["estimate"] == pytest.approx(mean)
        assert (found["low"], found["high"]) == (pytest.approx(mean - half, abs=1e-9), pytest.approx(mean + half, abs=1e-9))
    assert max(spreads) > 0  # a variant that changed the games: the intervals are not points
    text = " ".join(sim("compare", *args).output.split())
    assert "differences paired game for game" in text
    assert "paired t interval of the per-game differences" in text
    assert "Newcombe's interval for paired proportions" in text


def test_an_interrupted_run_whose_games_do_not_pair_is_compared_unpaired_and_says_so(monkeypatch: Any) -> None:
    """Ctrl-C after five games: game 2 was played under the first variant only, so the games do
    not pair up; every game counts, unpaired (Welch, Newcombe), and the report says so."""
    from click.testing import CliRunner

    from sim.cli import main
    from sim.compare import cli as compare_cli
    from sim.compare.executors import InProcess
    from sim.compare.games import GameJob, GameResult, play_batch

    calls = {"n": 0}

    def interrupted_after_five(jobs: list[GameJob]) -> list[GameResult]:
        calls["n"] += 1
        if calls["n"] > 5:
            raise KeyboardInterrupt
        return play_batch(jobs)

    monkeypatch.setattr(compare_cli, "runner_for", lambda workers, scheduler: InProcess(interrupted_after_five))
    args = ["compare", str(CORRIDOR), "--variant", "a:", "--variant", "slow:descend_cost=1", "--games", "4"]
    result = CliRunner().invoke(main, [*args, "--json"], catch_exceptions=False)
    assert result.exit_code == 130
    data = json.loads(result.stdout)
    assert [v["games"] for v in data["variants"]] == [3, 2]
    difference = data["variants"][1]["difference"]
    assert difference["paired"] is False and difference["intervals"]["means"] == "Welch"
    calls["n"] = 0
    text = " ".join(CliRunner().invoke(main, args, catch_exceptions=False).stdout.split())
    assert "differences unpaired" in text and "Welch's t interval" in text and "ignores the pairing" in text
    assert "widens" not in text  # only when a pair's games end alike, which an unpaired run does not know


def test_a_complete_one_game_run_is_paired_not_called_interrupted() -> None:
    """``--games 1`` played game 0 under both variants: a pair, not "an interrupted run". Its
    means' differences stay unknown (one pair has no spread), its rates' are Newcombe's paired
    interval, which one pair allows (Newcombe 1998, paired, method 10)."""
    args = [str(CORRIDOR), "--variant", "a:", "--variant", "b:ally_pass_through=false", "--games", "1", "--workers", "1"]
    difference = compare(*args)["variants"][1]["difference"]
    assert difference["paired"] is True
    assert difference["intervals"] == {"means": "paired t", "rates": "Newcombe paired", "first_player_win_rate": "Newcombe"}
    assert difference["length"]["turns"] is None
    assert all(player["win_rate"] is not None for player in difference["players"].values())
    text = " ".join(sim("compare", *args).output.split())
    assert "differences paired game for game" in text
    assert "interrupted" not in text and "under a or this variant only" not in text and "Welch" not in text


def test_a_run_with_no_game_finished_has_no_rate_difference_not_a_whole_interval() -> None:
    """A run stopped before any game finished: no game number was played under one variant
    only, and no pair was played: every difference unknown (null), never [-100%, +100%]."""
    from sim.compare.summary import summarise
    from sim.compare.variants import Variant

    summary = summarise([], [Variant("a"), Variant("b", {"descend_cost": 1})], ["p1", "p2"])
    difference = summary["variants"][1]["difference"]
    assert difference["players"]["p1"]["win_rate"] is None and difference["players"]["p1"]["draw_rate"] is None
    assert difference["length"]["turns"] is None


def test_a_single_variants_captions_say_nothing_of_differences_it_does_not_have() -> None:
    """``--variant a:`` alone has no Δ column to explain: its outcomes caption printed a stray
    "exclude 0. ; Δ win rate: Newcombe's interval", and the measures caption a Δ rule."""
    output = sim("compare", str(CORRIDOR), "--variant", "a:", "--games", "2", "--workers", "1").output
    outcomes = " ".join(output.split("outcomes:")[1].split("game length and counters")[0].split())
    assert "Δ win rate:" not in outcomes and " ;" not in outcomes and ". ;" not in outcomes
    assert outcomes.rstrip().endswith("exclude 0.")
    measures = " ".join(output.split("game length and counters")[1].split())
    assert "Δ: paired t" not in measures and "Welch" not in measures


def test_a_paired_outcomes_caption_ends_with_a_full_stop() -> None:
    output = sim("compare", str(CORRIDOR), "--variant", "a:", "--variant", "b:ally_pass_through=false",
                 "--games", "2", "--workers", "1").output
    outcomes = " ".join(output.split("outcomes:")[1].split("game length and counters")[0].split())
    assert "Newcombe's interval for paired proportions" in outcomes and outcomes.endswith(".")
