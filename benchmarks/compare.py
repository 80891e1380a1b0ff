"""``sim compare``'s throughput: games per second per ruleset with 1 and 2 workers, and what the
Dask path costs against the local process pool, measured in the same run.

Run: ``python -m benchmarks.compare [--games 40] [--repeats 3] [--out benchmarks/COMPARE.md]``
(``--quick``: 10 games, one repeat). Each ruleset plays one small scenario (the boards of
``tests/fixtures/compare`` and two examples without their scripts) under two variants with
the same options, greedy policy, 2 turns, seats swapped, nothing stored, through the library
calls the command makes (jobs, runner, summary). Per ruleset and runner the median of the
repeats is reported:

- ``1 worker``: this process, no pickling (``--workers 1``);
- ``2 local processes``: the default pool, its processes started for each run as the command
  starts them;
- ``Dask, 2 workers``: a ``LocalCluster`` of 2 worker processes started once before timing and
  warmed with one game (an existing cluster, as ``--scheduler`` expects), one game per task,
  and with ``--batch 4``.

The Dask overhead is its time over the local pool's. Nothing here is asserted: the test suite
runs it on one game to check that it runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.harness import machine, write_page  # noqa: E402
from sim.compare.executors import DaskCluster, InProcess, LocalPool, Runner, batches_of  # noqa: E402
from sim.compare.games import GameJob, make_jobs  # noqa: E402
from sim.compare.summary import summarise  # noqa: E402
from sim.compare.variants import Variant  # noqa: E402

FIXTURES = ROOT / "tests" / "fixtures" / "compare"
EXAMPLES = ROOT / "examples"
SCENARIOS = {
    "sorcery": EXAMPLES / "sorcery" / "08-a-whole-turn.yaml",
    "godsgloom": EXAMPLES / "godsgloom" / "19-a-whole-round.yaml",
    "skirmish": FIXTURES / "skirmish-street.yaml",
    "tinyepic": FIXTURES / "tinyepic-corridor.yaml",
}
VARIANTS = [Variant("a"), Variant("b")]


def board_of(path: Path) -> str:
    """The scenario without its script (a script is one seat's; seats are swapped)."""
    return path.read_text(encoding="utf-8").split("\nscript:")[0] + "\n"


def jobs_for(ruleset: str, games: int) -> list[GameJob]:
    path = SCENARIOS[ruleset]
    return make_jobs(board_of(path), str(path), {}, VARIANTS, games, 0, True, 2, "greedy")


def timed(runner: Runner, jobs: list[GameJob], batch: int) -> tuple[float, list[str]]:
    start = time.perf_counter()
    results = list(runner.run(batches_of(jobs, batch)))
    elapsed = time.perf_counter() - start
    summarise(results, VARIANTS, ["p1", "p2"])
    return elapsed, sorted(f"{r.variant}{r.index}:{r.state_hash}" for r in results)


def measure(games: int, repeats: int, rulesets: list[str], dask: bool = True) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    cluster = None
    if dask:
        from distributed import LocalCluster

        cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    try:
        remote = DaskCluster(cluster.scheduler_address) if cluster is not None else None
        runners: list[tuple[str, Callable[[], Runner], int]] = [
            ("1 worker", InProcess, 1),
            ("2 local processes", lambda: LocalPool(2), 1),
        ]
        if remote is not None:
            runners += [("Dask, 2 workers", lambda: remote, 1), ("Dask, 2 workers, --batch 4", lambda: remote, 4)]
        for ruleset in rulesets:
            jobs = jobs_for(ruleset, games)
            if remote is not None:
                list(remote.run(batches_of(jobs[:1], 1)))  # warm: each worker imports and parses once
            seconds: dict[str, list[float]] = {name: [] for name, _, _ in runners}
            answers: set[tuple[str, ...]] = set()
            for _ in range(repeats):  # interleaved: each repeat runs every runner once
                for name, make, batch in runners:
                    elapsed, hashes = timed(make(), jobs, batch)
                    seconds[name].append(elapsed)
                    answers.add(tuple(hashes))
            medians = {name: statistics.median(values) for name, values in seconds.items()}
            row: dict[str, object] = {"ruleset": ruleset, "games": len(jobs), "identical": len(answers) == 1}
            row.update({name: len(jobs) / t for name, t in medians.items()})
            if remote is not None:
                row["dask overhead"] = medians["Dask, 2 workers"] / medians["2 local processes"]
                row["dask overhead, --batch 4"] = medians["Dask, 2 workers, --batch 4"] / medians["2 local processes"]
            rows.append(row)
        if remote is not None:
            remote.close()
    finally:
        if cluster is not None:
            cluster.close()
    return rows


def table(rows: list[dict[str, object]]) -> str:
    columns = [c for c in rows[0] if c not in ("ruleset",)] if rows else []
    lines = ["| ruleset | " + " | ".join(columns) + " |", "| --- |" + " --- |" * len(columns)]
    for row in rows:
        cells = []
        for column in columns:
            value = row[column]
            if isinstance(value, float):
                cells.append(f"{value:.2f}x" if "overhead" in column else f"{value:.1f} games/s")
            else:
                cells.append(str(value))
        lines.append(f"| {row['ruleset']} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.compare", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=40, help="games per variant (two variants)")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="10 games, one repeat")
    parser.add_argument("--only", default=",".join(SCENARIOS), help="comma-separated rulesets")
    parser.add_argument("--no-dask", action="store_true", help="the local runners only")
    parser.add_argument("--out", type=Path, default=None, help="also write the table, with the machine, to this file")
    args = parser.parse_args(argv)
    games, repeats = (10, 1) if args.quick else (args.games, args.repeats)
    rulesets = [r.strip() for r in args.only.split(",") if r.strip()]
    started = time.perf_counter()
    load_before = os.getloadavg()[0]
    rows = measure(games, repeats, rulesets, dask=not args.no_dask)
    load_after = os.getloadavg()[0]
    text = table(rows)
    print(text)
    if args.out is not None:
        about = machine()
        about["load average (1 min) before and after"] = f"{load_before:.2f}, {load_after:.2f} (above the cores: others shared them)"
        command = (f"`python -m benchmarks.compare {' '.join(argv if argv is not None else sys.argv[1:])}`"
                   f", {games} games per variant x 2 variants, {repeats} repeat(s), took {time.perf_counter() - started:,.0f} s")
        write_page(args.out, "sim compare throughput", command, about, text)


if __name__ == "__main__":
    main()
