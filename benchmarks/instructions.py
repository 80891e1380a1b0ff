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

``--cache`` runs valgrind's cache model instead (``cachegrind --cache-sim=yes``, the host's cache
sizes) and adds each game's instruction-cache and data-cache misses, and a modelled time: a third
of a cycle an instruction (a core that retires about three a cycle when nothing stalls it), 12
cycles a first-level miss (served from the second level) and 100 a miss of the last level. The
model is rough, but it is what instructions alone miss: today's code executes fewer instructions
per unit of work and so spends a larger share of its time waiting on the caches. Against the
code before issue 20 its ratios read 7-21% above the timed ones on a quiet host, where the
instruction counts read 14-33% above (benchmarks/RESULTS.md, "Issue 20, stop 38": it knows no
second-level cache and no branch prediction), and they do not move with the load: the figure to
decide by when a change trades instructions for misses (or back).
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
from typing import NamedTuple

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
#: cachegrind's summary lines for the misses its cache model counts
_MISSES = {name: re.compile(rf"{name}\s+misses:\s+([\d,]+)") for name in ("I1", "D1", "LLi", "LLd")}
#: the modelled cost in cycles of an instruction, a first-level miss and a last-level miss
#: (``--cache``; see the module's docstring)
CYCLES_PER_INSTRUCTION, CYCLES_PER_L1_MISS, CYCLES_PER_LL_MISS = 1 / 3, 12, 100


class Counts(NamedTuple):
    """What valgrind counted for one process, or a game's share (``per_game``). The misses are
    none when only instructions were counted (callgrind, the default)."""

    instructions: float
    i1_misses: float | None = None
    d1_misses: float | None = None
    ll_misses: float | None = None

    @property
    def cycles(self) -> float | None:
        """The modelled time in cycles (``--cache``), or none without the misses."""
        if self.i1_misses is None or self.d1_misses is None or self.ll_misses is None:
            return None
        return (
            self.instructions * CYCLES_PER_INSTRUCTION + (self.i1_misses + self.d1_misses) * CYCLES_PER_L1_MISS
            + self.ll_misses * CYCLES_PER_LL_MISS
        )

    def less(self, other: Counts, games: int) -> Counts:
        """This count less ``other``'s, divided by ``games``: a game's share."""
        def share(mine: float | None, theirs: float | None) -> float | None:
            return None if mine is None or theirs is None else (mine - theirs) / games

        return Counts(
            (self.instructions - other.instructions) / games, share(self.i1_misses, other.i1_misses),
            share(self.d1_misses, other.d1_misses), share(self.ll_misses, other.ll_misses),
        )


def instructions_of(output: str) -> int:
    """The total instruction count callgrind printed (its ``I refs`` line)."""
    found = _TOTAL.search(output)
    if found is None:
        raise RuntimeError(f"no instruction count in valgrind's output: {output.strip()[-200:]!r}")
    return int(found.group(1).replace(",", ""))


def counts_of(output: str) -> Counts:
    """The instructions and misses cachegrind's cache model printed (``--cache-sim=yes``)."""
    found: dict[str, int] = {}
    for name, pattern in _MISSES.items():
        match = pattern.search(output)
        if match is None:
            raise RuntimeError(f"no {name} misses in valgrind's output: {output.strip()[-200:]!r}")
        found[name] = int(match.group(1).replace(",", ""))
    return Counts(instructions_of(output), found["I1"], found["D1"], found["LLi"] + found["LLd"])


def counted(code: Path, scenario: Path, games: int, turns: int, cache: bool = False) -> Counts:
    """What valgrind counts of one process playing ``games`` games on the code under ``code``:
    its instructions (callgrind), or with ``cache`` its instructions and misses (cachegrind)."""
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(PLAYER)
    tool = (
        ["--tool=cachegrind", "--cache-sim=yes", "--cachegrind-out-file=/dev/null"] if cache
        else ["--tool=callgrind", "--callgrind-out-file=/dev/null"]
    )
    try:
        done = subprocess.run(
            ["valgrind", *tool, sys.executable, "-P", script.name, str(scenario), str(games), str(turns)],
            cwd=code, env={**os.environ, "PYTHONPATH": str(code), "PYTHONHASHSEED": "0"}, capture_output=True, text=True, check=False,
        )
    finally:
        Path(script.name).unlink()
    if done.returncode != 0:
        raise RuntimeError(f"the game under valgrind failed: {done.stderr.strip()[-300:]}")
    return counts_of(done.stderr) if cache else Counts(instructions_of(done.stderr))


def per_game(code: Path, scenario: Path, games: int, turns: int = 10, cache: bool = False) -> Counts:
    """What a game executes (and misses, with ``cache``): ``games`` games less none, divided by ``games``."""
    return counted(code, scenario, games, turns, cache).less(counted(code, scenario, 0, turns, cache), games)


def _misses(counts: Counts) -> str:
    """A game's misses as a cell: instruction cache, data cache, last level (in thousands)."""
    i1, d1, ll = (value or 0.0 for value in (counts.i1_misses, counts.d1_misses, counts.ll_misses))
    return f"{i1 / 1e3:.1f}k / {d1 / 1e3:.1f}k / {ll / 1e3:.2f}k"


def row(ruleset: str, games: int, now: Counts, then: Counts) -> str:
    """One line of the table ``main`` prints: instructions, and with the cache model each
    code's misses and modelled time."""
    cells = [ruleset, str(games), f"{now.instructions / 1e6:.2f}", f"{then.instructions / 1e6:.2f}", f"{then.instructions / now.instructions:.2f}x"]
    if now.cycles is not None and then.cycles is not None:
        cells += [_misses(now), _misses(then), f"{now.cycles / 1e6:.2f}", f"{then.cycles / 1e6:.2f}", f"{then.cycles / now.cycles:.2f}x"]
    return "| " + " | ".join(cells) + " |"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.instructions", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rulesets", default=",".join(SELF_PLAY), help=f"comma-separated: {', '.join(SELF_PLAY)}")
    parser.add_argument("--games", type=int, default=None, help="games counted per ruleset (default: per ruleset)")
    parser.add_argument("--against", default=code_before.BEFORE_COMMIT, help="the commit compared with (default: before issue 20)")
    parser.add_argument("--cache", action="store_true", help="also count cache misses and model the time (cachegrind)")
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
        head = ["ruleset", "games", "today (M instructions a game)", args.against, "fewer"]
        if args.cache:
            head += [
                "misses today (I1 / D1 / LL a game)", f"misses {args.against}", "today (M modelled cycles a game)",
                args.against, "less time (modelled)",
            ]
        print("| " + " | ".join(head) + " |")
        print("| " + " | ".join("---" for _ in head) + " |")
        for ruleset in rulesets:
            games = args.games or GAMES[ruleset]
            scenario = ROOT / "examples" / SELF_PLAY[ruleset]
            now, then = per_game(ROOT, scenario, games, cache=args.cache), per_game(before, scenario, games, cache=args.cache)
            print(row(ruleset, games, now, then), flush=True)


if __name__ == "__main__":
    main()
