"""The code as it was before issue 20's work, brought out of git history so that the self-play case
can measure it in the same run as today's code (``benchmarks/selfplay_probe.py``).

A figure measured once and stored drifts with the machine: the bare aggregate's recording rate,
which normalises self-play, moves with the disk and the system as much as with the CPU, so the
stored "before" figures of 2026-11-26 and the same code measured again on 2026-11-27 differ by
up to a half (Sorcery: 5.44 then, 8.3 again). The stored figures stay only for a checkout without
that history (an archive, a shallow clone), and the rows then say so.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
#: the last commit before issue 20's work (benchmarks/RESULTS.md, "Issue 20")
BEFORE_COMMIT = "66778ca"
PROBE = Path(__file__).resolve().parent / "selfplay_probe.py"


def checkout(into: Path, commit: str = BEFORE_COMMIT) -> Path | None:
    """The files of ``commit`` written under ``into`` (``git archive``, nothing else touched), or
    none when this checkout has no such commit or no git."""
    target = into / f"code-{commit}"
    if (target / "sim").is_dir():
        return target
    try:
        archive = subprocess.Popen(
            ["git", "-C", str(ROOT), "archive", "--format=tar", commit, "sim", "domain", "projections"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        )
    except OSError:
        return None
    assert archive.stdout is not None
    try:
        with tarfile.open(fileobj=archive.stdout, mode="r|") as tar:
            tar.extractall(target, filter="data")
    except tarfile.TarError:
        pass
    if archive.wait() != 0 or not (target / "sim").is_dir():
        return None
    return target


@dataclass
class Probed:
    """One probe's medians: seconds a game, seconds a bare event, and where the time went."""

    game_seconds: float
    bare_event_seconds: float
    turns_per_game: float
    #: where the time of all the games sampled went (today's ``TurnClock`` fields), and their turns
    clock: dict[str, float] | None
    turns_played: int

    @classmethod
    def of(cls, found: dict[str, Any]) -> Probed:
        """From what ``selfplay_probe.probe`` returns."""
        return cls(found["game_seconds"], found["bare_event_seconds"], found["turns_per_game"], found["clock"], found["turns_played"])

    @property
    def turns_per_second(self) -> float:
        return self.turns_per_game / self.game_seconds

    @property
    def normalised(self) -> float:
        """Turns played in the time the bare aggregate records 1,000 events."""
        return self.turns_per_second * 1_000 * self.bare_event_seconds


def probe(
    code: Path, scenario: Path, turns: int, repeats: int, batch_seconds: float, bare_events: int = 20_000, verified: bool = True,
    policy: str = "random",
) -> Probed:
    """Run the probe in a fresh process on the code under ``code``: its ``sim`` and ``domain``
    first on the path (``-P``: the probe's own folder is not), the installed packages after.
    ``verified``: each game's log verified, as ``sim play`` does (else as ``sim compare`` plays
    a game it does not store); ``policy``: the self-play policy that chooses the commands."""
    env = {**os.environ, "PYTHONPATH": str(code)}
    mode = ([] if verified else ["--unverified"]) + ([] if policy == "random" else [f"--policy={policy}"])
    done = subprocess.run(
        [sys.executable, "-P", str(PROBE), str(scenario), str(turns), str(repeats), str(batch_seconds), str(bare_events), *mode],
        capture_output=True, text=True, env=env, cwd=str(code), check=False,
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"the self-play probe failed on {code}: {last}")
    return Probed.of(json.loads(done.stdout))
