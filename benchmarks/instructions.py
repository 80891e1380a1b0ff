"""Self-play compared by the instructions a game executes, which a busy machine does not move.

``python -m benchmarks`` times self-play against the code before issue 20's work in the same run,
and on a machine whose two cores are shared those timings swing by a third from one probe to
the next. Counting the instructions a game executes (valgrind's callgrind, no cache model) gives
the same figure under any load, so two codes can be compared to a fraction of a percent: what a
change saved, before a quiet machine can confirm it in time. Instructions are not time (a cache
miss costs more than an add), so the timed rows stay the target's measure; this is the tool for
deciding whether a change helps.

    python -m benchmarks.instructions                     # every ruleset, today's code and the code before
    python -m benchmarks.instructions --rulesets sorcery --games 20 --against 8be0402

Each figure is the difference between a run of ``games`` seeded random games and a run of none,
both after the same warm-up game, divided by ``games``: start-up and imports cancel out. String
hashing is seeded alike in every process (``PYTHONHASHSEED=0``): with it random, the sizes of the
sets and dicts a game builds, and so the collector's work, moved a count by about 1%. Even so,
two codes that differ by a little removed work can read 1-2% apart the wrong way: where the
collector's rare full sweeps fall among few games, and where a change moves objects in memory
(the order of sets of objects), move a count. Trust differences of 1% or more over 10 games or
more, and confirm a small one with Python call counts (cProfile). Needs
``valgrind`` on the path (Debian: ``apt install valgrind``); about a minute per ruleset and code.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks import code_before
from benchmarks.cases import SELF_PLAY

ROOT = code_before.ROOT
#: games counted per ruleset by default: enough that a game's spread averages out
GAMES = {"sorcery": 20, "godsgloom": 5, "skirmish": 2, "tinyepic": 10}
#: what each counted process runs: a warm-up game, then ``games`` seeded games of ``turns`` turns
PLAYER = """
import sys
from pathlib import Path
from sim.scenario import load_scenario
from sim.selfplay import self_play
scenario = load_scenario(Path(sys.argv[1]))
try:  # many games of one scenario as ``sim play --games`` plays them; the code before had no player
    from sim.selfplay import SelfPlayer
    play = SelfPlayer(scenario).play
except ImportError:
    play = lambda turns, policy, seed: self_play(scenario, turns, policy, seed)
play(int(sys.argv[3]), "random", 10_000)
for seed in range(int(sys.argv[2])):
    play(int(sys.argv[3]), "random", seed)
"""
_TOTAL = re.compile(r"I\s+refs:\s+([\d,]+)")


def instructions_of(output: str) -> int:
    """The total instruction count callgrind printed (its ``I refs`` line)."""
    found = _TOTAL.search(output)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output: {output.strip()[-200:]!r}")
    return int(found.group(1).replace(",", ""))


def counted(code: Path, scenario: Path, games: int, turns: int) -> int:
    """Instructions of one process playing ``games`` games on the code under ``code``."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(PLAYER)
    try:
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-P", script.name,
             str(scenario), str(games), str(turns)],
            cwd=code, env={**os.environ, "PYTHONPATH": str(code), "PYTHONHASHSEED": "0"}, capture_output=True, text=True, check=False,
        )
    finally:
        Path(script.name).unlink()
    if done.returncode != 0:
        raise RuntimeError(f"the game under valgrind failed: {done.stderr.strip()[-300:]}")
    return instructions_of(done.stderr)


def per_game(code: Path, scenario: Path, games: int, turns: int = 10) -> float:
    """Instructions a game executes: ``games`` games less none, divided by ``games``."""
    return (counted(code, scenario, games, turns) - counted(code, scenario, 0, turns)) / games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.instructions", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rulesets", default=",".join(SELF_PLAY), help=f"comma-separated: {', '.join(SELF_PLAY)}")
    parser.add_argument("--games", type=int, default=None, help="games counted per ruleset (default: per ruleset)")
    parser.add_argument("--against", default=code_before.BEFORE_COMMIT, help="the commit compared with (default: before issue 20)")
    args = parser.parse_args(argv)
    rulesets = [name.strip() for name in args.rulesets.split(",") if name.strip()]
    unknown = sorted(set(rulesets) - set(SELF_PLAY))
    if unknown:
        parser.error(f"unknown ruleset {unknown[0]!r}: expected some of {', '.join(SELF_PLAY)}")
    if shutil.which("valgrind") is None:
        parser.error("valgrind is not on the path (Debian: apt install valgrind)")
    with tempfile.TemporaryDirectory(prefix="sim-instructions-") as work:
        before = code_before.checkout(Path(work), args.against)
        if before is None:
            parser.error(f"this checkout has no commit {args.against!r} to compare with")
        print(f"| ruleset | games | today (M instructions a game) | {args.against} | fewer |")
        print("| --- | --- | --- | --- | --- |")
        for ruleset in rulesets:
            games = args.games or GAMES[ruleset]
            scenario = ROOT / "examples" / SELF_PLAY[ruleset]
            now, then = per_game(ROOT, scenario, games), per_game(before, scenario, games)
            print(f"| {ruleset} | {games} | {now / 1e6:.2f} | {then / 1e6:.2f} | {then / now:.2f}x |", flush=True)


if __name__ == "__main__":
    main()
