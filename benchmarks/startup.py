"""Whole-process start-up: how long a new user waits for the first answer.

Each command runs as its own process, as a user runs it, interleaved with ``python -c pass`` (the
interpreter's own start-up, the floor no command can go under) in the same run. Targets are the
wall-clock times of issue 19. Bytecode caching is on, as after any ``pip install`` (a machine
that sets ``PYTHONDONTWRITEBYTECODE`` compiles every module at every start: a quarter of a
second more for a Sorcery question), and the first run of each command, which writes the
caches, is not counted.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from benchmarks.harness import Row, interleaved, seconds, timed

ROOT = Path(__file__).resolve().parent.parent
SHARK = "examples/sorcery/05-giant-shark.yaml"

#: (what is run, its arguments after ``sim``, the wall-clock target in seconds)
COMMANDS: tuple[tuple[str, list[str], float], ...] = (
    ("`sim --help`", ["--help"], 0.3),
    (f"`sim reach {SHARK} --unit shark`", ["reach", SHARK, "--unit", "shark"], 0.6),
    (f"`sim check {SHARK}`", ["check", SHARK], 0.8),
)


def sim_command() -> list[str]:
    """The ``sim`` script installed beside this interpreter (what a user types), or its equivalent."""
    script = Path(sys.executable).with_name("sim")
    if script.exists():
        return [str(script)]
    found = shutil.which("sim")
    return [found] if found else [sys.executable, "-c", "from sim.cli import main; main()"]


#: the environment of every process timed: bytecode cached, as on a user's machine
ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def _process(argv: list[str]) -> None:
    subprocess.run(argv, cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)


def startup_case(repeats: int) -> list[Row]:
    sim = sim_command()
    rows: list[Row] = []
    for title, args, target in COMMANDS:
        _process([*sim, *args])  # writes the bytecode caches
        found = interleaved({
            "product": timed(lambda args=args: _process([*sim, *args])),
            "baseline": timed(lambda: _process([sys.executable, "-c", "pass"])),
        }, max(repeats, 5))
        ratio = found["product"] / found["baseline"]
        rows.append(Row(
            f"start-up: {title}, a whole process", seconds(found["product"]), f"`python -c pass`: {seconds(found['baseline'])}",
            f"{ratio:.1f}x", f"< {target:g} s", found["product"] < target,
        ))
    return rows
