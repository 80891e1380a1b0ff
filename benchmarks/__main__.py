"""``python -m benchmarks``: every case of issue 8 against its baseline, in one run.

Builds its own data (seeded random boards, a long game made of ordinary commands), times
product and baseline interleaved, prints a table of medians and ratios and writes it, with the
machine's description, to ``benchmarks/RESULTS.md`` (between markers: notes outside them stay).

    python -m benchmarks                 # the issue's sizes (several minutes)
    python -m benchmarks --quick         # smaller boards and games (about a minute)
    python -m benchmarks --only hex,sorcery --repeats 3 --out /tmp/results.md

A run of some cases only (``--only``) is printed and not written to RESULTS.md, whose block is
the whole run's: ``--out FILE`` keeps it elsewhere.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.cases import CASES, FULL, QUICK, Sizes, run_cases
from benchmarks.harness import machine, report, table, write_results

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"


def run(sizes: Sizes, repeats: int, out: Path | None, only: tuple[str, ...] = CASES, command: str = "python -m benchmarks") -> str:
    """Run the cases, write the report to ``out`` (unless None) and return the table."""
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="sim-bench-") as work:
        rows = run_cases(sizes, repeats, Path(work), only)
    about = machine()
    about["repeats"] = f"{repeats} (medians), took {time.perf_counter() - started:,.0f} s"
    if out is not None:
        write_results(out, report(rows, about, sizes.describe(), command))
    return table(rows)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="smaller boards and games")
    parser.add_argument("--repeats", type=int, default=None, help="samples per case (default 5, 3 with --quick)")
    parser.add_argument("--only", default=",".join(CASES), help=f"comma-separated cases: {', '.join(CASES)}")
    parser.add_argument(
        "--out", type=Path, default=None,
        help="where to write the results (default benchmarks/RESULTS.md, for a run of every case only)",
    )
    parser.add_argument("--no-write", action="store_true", help="print the table only")
    args = parser.parse_args(argv)
    only = tuple(name.strip() for name in args.only.split(",") if name.strip())
    unknown = sorted(set(only) - set(CASES))
    if unknown:
        parser.error(f"unknown case {unknown[0]!r}: expected some of {', '.join(CASES)}")
    sizes = QUICK if args.quick else FULL
    repeats = args.repeats or (3 if args.quick else 5)
    command = "python -m benchmarks" + (" " + " ".join(argv if argv is not None else sys.argv[1:])).rstrip()
    print(run(sizes, repeats, None if args.no_write else destination(args.out, only), only, command))


def destination(out: Path | None, only: tuple[str, ...]) -> Path | None:
    """Where a run's report goes: ``--out`` when given; else RESULTS.md, unless the run left
    cases out (its block would lose their rows), which is said on stderr."""
    if out is not None:
        return out
    if set(CASES) <= set(only):
        return RESULTS
    print("a run of some cases is not written to benchmarks/RESULTS.md (pass --out FILE to keep it)", file=sys.stderr)
    return None


if __name__ == "__main__":
    main()
