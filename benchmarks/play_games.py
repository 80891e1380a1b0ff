"""``sim play --games N`` as a user runs it: the wall time and the peak memory of a whole run
(games played in the worker processes, each stored in SQLite and its log verified), today's
code against an earlier commit's, measured in the same run.

Run: ``python -m benchmarks.play_games [--games 400] [--repeats 2] [--commit REV] [--only
godsgloom,tinyepic] [--out benchmarks/PLAY.md]``. Each ruleset plays its self-play scenario
(``benchmarks.cases.SELF_PLAY``), 10 turns a game, the random policy, into a new SQLite file;
every run is a fresh process (``python -P -m sim.cli play``, ``PYTHONPATH`` naming the code),
the two codes taking turns. The earlier code is the commit's ``sim``, ``domain`` and
``projections`` written out of git (``benchmarks.code_before.checkout``); by default the commit
before ``sim play`` stored its games as they finish instead of holding them all to the end.
Peak memory is the largest resident set among the run's processes (the command and its
workers), as the kernel counts it for a process's children. Nothing here is asserted: the test
suite runs it on two games to check that it runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.cases import SELF_PLAY  # noqa: E402
from benchmarks.code_before import checkout  # noqa: E402
from benchmarks.harness import machine, write_page  # noqa: E402

#: the last commit whose ``sim play`` held every game until the run's end (stop 41)
HOLDING_COMMIT = "8aacf42"
TURNS = 10
#: run in a process of its own, it runs the command and prints the largest resident set (KiB)
#: among the processes it waited for: the command's and, through it, its workers'
_MEASURE = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)\n"
    "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    "sys.stderr.write(done.stderr[-2000:])\n"
)


def run_once(code: Path, scenario: Path, games: int, work: Path) -> tuple[float, float]:
    """Seconds and peak MiB of one ``sim play --games`` run of the code under ``code``."""
    db = work / f"play-{time.monotonic_ns()}.sqlite"
    command = [sys.executable, "-P", "-m", "sim.cli", "play", str(scenario), "--games", str(games),
               "--turns", str(TURNS), "--policy", "random", "--db", str(db), "--json"]
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _MEASURE, *command], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(code)}, cwd=str(work), check=False)
    seconds = time.perf_counter() - started
    status, peak = done.stdout.split()
    if int(status) != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"sim play failed under {code}: {last}")
    db.unlink(missing_ok=True)
    return seconds, int(peak) / 1024


def measure(games: int, repeats: int, rulesets: list[str], commit: str, work: Path) -> list[dict[str, object]]:
    """Per ruleset, the median seconds and the largest peak of each code's runs."""
    before = checkout(work, commit)
    rows: list[dict[str, object]] = []
    for ruleset in rulesets:
        scenario = ROOT / "examples" / SELF_PLAY[ruleset]
        found: dict[str, list[tuple[float, float]]] = {"today": [], "before": []}
        for _ in range(repeats):
            if before is not None:
                found["before"].append(run_once(before, scenario, games, work))
            found["today"].append(run_once(ROOT, scenario, games, work))
        row: dict[str, object] = {"ruleset": ruleset, "games": games}
        for name, runs in found.items():
            if runs:
                row[f"{name} s"] = statistics.median(s for s, _ in runs)
                row[f"{name} MiB"] = max(m for _, m in runs)
        rows.append(row)
    return rows


def table(rows: list[dict[str, object]], commit: str) -> str:
    lines = [
        f"| ruleset | games | today: wall | today: peak memory | {commit}: wall | {commit}: peak memory | time, {commit} / today | memory, {commit} / today |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for row in rows:
        now_s, now_m = float(row["today s"]), float(row["today MiB"])  # type: ignore[arg-type]
        if "before s" in row:
            then_s, then_m = float(row["before s"]), float(row["before MiB"])  # type: ignore[arg-type]
            before = f"{then_s:.2f} s | {then_m:,.0f} MiB | {then_s / now_s:.2f}x | {then_m / now_m:.1f}x"
        else:
            before = "- | - | - | -"
        lines.append(f"| {row['ruleset']} | {row['games']} | {now_s:.2f} s | {now_m:,.0f} MiB | {before} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.play_games", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--commit", default=HOLDING_COMMIT, help="the earlier code measured beside today's")
    parser.add_argument("--only", default=",".join(SELF_PLAY), help="comma-separated rulesets")
    parser.add_argument("--out", type=Path, default=None, help="also write the table, with the machine, to this file")
    args = parser.parse_args(argv)
    rulesets = [r.strip() for r in args.only.split(",") if r.strip()]
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="sim-play-games-") as work:
        rows = measure(args.games, args.repeats, rulesets, args.commit, Path(work))
    text = table(rows, args.commit)
    print(text)
    if args.out is not None:
        command = (f"`python -m benchmarks.play_games {' '.join(argv if argv is not None else sys.argv[1:])}`"
                   f", {TURNS} turns a game, random policy, {args.repeats} run(s) of each code, took {time.perf_counter() - started:,.0f} s")
        write_page(args.out, "sim play --games: a whole run", command, machine(), text)


if __name__ == "__main__":
    main()
