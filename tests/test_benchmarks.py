"""The benchmark harness runs every case end to end on tiny sizes. Timings are never asserted
here (they depend on the machine); only that each case runs and reports."""

from __future__ import annotations

from pathlib import Path

from benchmarks.__main__ import RESULTS, destination, run
from benchmarks.cases import CASES, TINY
from benchmarks.harness import END, START, write_results


def test_every_case_runs_and_the_report_is_written(tmp_path: Path) -> None:
    out = tmp_path / "RESULTS.md"
    out.write_text("# Results\n\nnotes before\n\n" + START + "\nthe previous run's rows\n" + END + "\n\nnotes after\n", encoding="utf-8")
    printed = run(TINY, repeats=1, out=out, only=CASES, command="python -m benchmarks (smoke test)")
    text = out.read_text(encoding="utf-8")
    for words in ("hex range of motion", "Sorcery range of motion", "skirmish reachable area", "skirmish one point",
                  "recording", "issuing one command", "replay of", "sim replay FILE", "peak memory",
                  "self-play, random policy, tinyepic", "self-play on random boards of every ruleset",
                  "where a self-play turn's time goes", "a self-play command (legal commands", "peak memory of a reach",
                  "jump_across_distance_cost: free", "after an enemy's step",
                  "skirmish one point in a state no search has asked about yet, after another unit's step",
                  "scenario file"):
        assert words in printed and words in text
    assert "notes before" in text and "notes after" in text and "the previous run's rows" not in text
    assert "CPU" in text and "Python" in text and "cores" in text


def test_a_run_of_some_cases_never_overwrites_the_whole_runs_results(capsys) -> None:  # type: ignore[no-untyped-def]
    assert destination(None, ("hex", "sorcery")) is None
    assert "not written" in capsys.readouterr().err
    assert destination(None, CASES) == RESULTS
    assert destination(Path("/tmp/elsewhere.md"), ("hex",)) == Path("/tmp/elsewhere.md")


def test_the_results_file_gets_markers_when_it_has_none(tmp_path: Path) -> None:
    out = tmp_path / "RESULTS.md"
    out.write_text("# Results\n\nhand-written\n", encoding="utf-8")
    write_results(out, "| a table |")
    text = out.read_text(encoding="utf-8")
    assert text.index("hand-written") < text.index(START) < text.index("| a table |") < text.index(END)


def test_the_profiler_runs_a_case(capsys) -> None:  # type: ignore[no-untyped-def]
    from benchmarks.profiles import main

    main(["issue", "--events", "200", "--top", "3"])
    assert "by cumulative" in capsys.readouterr().out


def test_the_compare_benchmark_runs_every_runner_and_they_agree() -> None:
    import pytest

    pytest.importorskip("distributed")
    from benchmarks.compare import measure, table

    rows = measure(games=1, repeats=1, rulesets=["tinyepic"])
    assert rows[0]["identical"] is True
    printed = table(rows)
    for words in ("1 worker", "2 local processes", "Dask, 2 workers", "dask overhead", "games/s"):
        assert words in printed


def _has_commit(commit: str) -> bool:
    import subprocess

    from benchmarks.code_before import ROOT

    found = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{commit}^{{commit}}"], capture_output=True, check=False)
    return found.returncode == 0


def test_the_self_play_probe_measures_todays_code_in_a_process_of_its_own() -> None:
    from benchmarks.code_before import ROOT, probe

    found = probe(ROOT, ROOT / "examples" / "sorcery" / "08-a-whole-turn.yaml", 1, 1, 0.0, bare_events=500)
    assert found.turns_per_game == 1 and found.game_seconds > 0 and found.bare_event_seconds > 0
    assert found.clock is not None and found.clock["verifying"] > 0 and found.turns_played >= 1
    assert found.normalised == found.turns_per_second * 1_000 * found.bare_event_seconds


def test_the_self_play_probe_plays_unverified_games_when_asked() -> None:
    """``sim compare``'s way of playing (no log verified): the probe's games spend next to
    nothing on verifying (two clock readings), where a verified game re-issues every command at
    about what issuing cost."""
    from benchmarks.code_before import ROOT, probe

    found = probe(ROOT, ROOT / "examples" / "sorcery" / "08-a-whole-turn.yaml", 1, 1, 0.0, bare_events=500, verified=False)
    assert found.clock is not None and found.clock["verifying"] < found.clock["issuing"] / 5


def test_the_unverified_row_compares_both_codes_without_verifying(tmp_path: Path) -> None:
    import pytest

    from benchmarks.cases import SELF_PLAY, _unverified_row
    from benchmarks.code_before import BEFORE_COMMIT, ROOT, checkout

    if not _has_commit(BEFORE_COMMIT):
        pytest.skip(f"this checkout has no git history with {BEFORE_COMMIT}: the case falls back to the stored figures")
    code = checkout(tmp_path)
    assert code is not None
    for policy in ("random", "greedy"):
        row = _unverified_row("tinyepic", SELF_PLAY["tinyepic"], 1, code, ROOT / "examples" / SELF_PLAY["tinyepic"], 1, 0.0, policy)
        assert f"{policy} policy" in row.case and "not verified" in row.case and row.met is None
        assert row.ratio.endswith("x)") and "before" in row.ratio


def test_the_code_before_issue_20_is_brought_out_of_history_and_probed_in_the_same_run(tmp_path: Path) -> None:
    """The self-play case's baseline: the code of the commit before the work, written out of git
    (nothing else touched) and run by the same probe, which reads only what that code has."""
    import pytest

    from benchmarks.code_before import BEFORE_COMMIT, ROOT, checkout, probe

    if not _has_commit(BEFORE_COMMIT):
        pytest.skip(f"this checkout has no git history with {BEFORE_COMMIT}: the case falls back to the stored figures")
    code = checkout(tmp_path)
    assert code is not None and (code / "sim" / "selfplay.py").is_file()
    assert "class TurnClock" not in (code / "sim" / "selfplay.py").read_text(encoding="utf-8")  # truly the code before
    found = probe(code, ROOT / "examples" / "tiny-epic-tactics" / "16-a-whole-turn-with-a-weakened-unit.yaml", 1, 1, 0.0, bare_events=500)
    assert found.turns_per_game == 1 and found.clock is None


def test_the_play_games_benchmark_runs_both_codes(tmp_path: Path) -> None:
    """``python -m benchmarks.play_games`` on two games: a row with today's run and, where git
    history holds the earlier commit, that code's run beside it."""
    from benchmarks.code_before import checkout
    from benchmarks.play_games import HOLDING_COMMIT, main

    out = tmp_path / "PLAY.md"
    main(["--games", "2", "--repeats", "1", "--only", "tinyepic", "--out", str(out)])
    text = out.read_text(encoding="utf-8")
    assert "| tinyepic | 2 |" in text and "MiB" in text and "Python" in text
    if checkout(tmp_path, HOLDING_COMMIT) is not None:
        assert f"time, {HOLDING_COMMIT} / today" in text and "| - | - | - | - |" not in text
