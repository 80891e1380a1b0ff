"""Timing, the table of results, and the machine it was measured on.

Product and baseline are timed in the same process, interleaved (product, baseline, product,
baseline...), so a machine that slows down half-way slows both; the table shows medians. Calls
much faster than a sample's time budget are repeated inside a sample and averaged.
"""

from __future__ import annotations

import gc
import os
import platform
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path

#: a sampler runs the thing measured once (or a calibrated number of times) and returns seconds
Sampler = Callable[[], float]

START = "<!-- results:start (written by python -m benchmarks; edit outside these markers) -->"
END = "<!-- results:end -->"


@dataclass
class Row:
    """One line of the results table."""

    case: str
    product: str
    baseline: str
    ratio: str
    target: str
    #: whether the target is met; None when the case has no target to meet
    met: bool | None = None


def timed(func: Callable[[], object]) -> Sampler:
    """A sampler that times one call."""

    def sample() -> float:
        start = time.perf_counter()
        func()
        return time.perf_counter() - start

    return sample


def calibrated(func: Callable[[], object], budget: float) -> Sampler:
    """A sampler that times enough calls to fill about ``budget`` seconds and returns the mean
    time of one call (a single call for slow functions). The first call warms caches up and is
    not counted."""
    start = time.perf_counter()
    func()
    once = max(time.perf_counter() - start, 1e-7)
    number = max(1, int(budget / once))

    def sample() -> float:
        begin = time.perf_counter()
        for _ in range(number):
            func()
        return (time.perf_counter() - begin) / number

    return sample


def interleaved(samplers: dict[str, Sampler], repeats: int) -> dict[str, float]:
    """Run each sampler ``repeats`` times, taking turns; the median seconds of each.

    What is alive when sampling starts (the data the case built: a long game's 100,000 events,
    the stores) is frozen out of the garbage collector's reach while the samplers run, so that
    neither product nor baseline pays for walking the harness's own data at each collection."""
    samples: dict[str, list[float]] = {name: [] for name in samplers}
    gc.collect()
    gc.freeze()
    try:
        for _ in range(repeats):
            for name, sampler in samplers.items():
                samples[name].append(sampler())
    finally:
        gc.unfreeze()
    return {name: statistics.median(values) for name, values in samples.items()}


def seconds(value: float) -> str:
    """A duration in the unit that reads best: us, ms or s."""
    if value < 1e-3:
        return f"{value * 1e6:,.1f} us"
    if value < 1.0:
        return f"{value * 1e3:,.2f} ms"
    return f"{value:,.2f} s"


def rate(count: int, value: float, unit: str = "events/s") -> str:
    return f"{count / value:,.0f} {unit}"


def mib(value: float) -> str:
    return f"{value / 2**20:,.1f} MiB"


def machine() -> dict[str, str]:
    """What the numbers were measured on."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    versions = []
    for package in ("eventsourcing", "pydantic", "shapely", "networkx", "scipy"):
        try:
            versions.append(f"{package} {metadata.version(package)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{package} (not installed)")
    return {
        "CPU": cpu,
        "cores": str(os.cpu_count()),
        "Python": f"{platform.python_implementation()} {platform.python_version()}",
        "OS": platform.platform(),
        "libraries": ", ".join(versions),
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def table(rows: list[Row]) -> str:
    lines = ["| case | product | baseline | ratio | target | met |", "| --- | --- | --- | --- | --- | --- |"]
    for row in rows:
        met = "" if row.met is None else ("yes" if row.met else "**no**")
        lines.append(f"| {row.case} | {row.product} | {row.baseline} | {row.ratio} | {row.target} | {met} |")
    return "\n".join(lines)


def report(rows: list[Row], about: dict[str, str], sizes: str, command: str) -> str:
    """The block written to RESULTS.md: the machine, the command, the sizes and the table."""
    head = [f"Measured with `{command}`; {sizes}.", ""]
    head += [f"- {key}: {value}" for key, value in about.items()]
    return "\n".join([*head, "", table(rows)])


def write_page(path: Path, title: str, command: str, about: dict[str, str], table_text: str) -> None:
    """A page of its own for one benchmark (``COMPARE.md``, ``PLAY.md``): a heading, the command
    and what it ran, the machine and the table, replacing the page whole or not at all (a run
    stopped half-way leaves the last page as it was)."""
    lines = [f"- {key}: {value}" for key, value in about.items()]
    text = f"# {title}\n\n{command}\n\n" + "\n".join(lines) + "\n\n" + table_text + "\n"
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=path.parent, delete=False, suffix=".partial") as partial:
        partial.write(text)
    Path(partial.name).replace(path)


def write_results(path: Path, block: str) -> None:
    """Put ``block`` between the markers of ``path``, keeping everything outside them (notes,
    earlier tables, profiles); a new file gets a heading and the markers."""
    text = path.read_text(encoding="utf-8") if path.exists() else "# Benchmark results\n\n" + START + "\n" + END + "\n"
    if START not in text or END not in text:
        text = text.rstrip("\n") + "\n\n" + START + "\n" + END + "\n"
    before, rest = text.split(START, 1)
    _, after = rest.split(END, 1)
    path.write_text(before + START + "\n" + block.strip("\n") + "\n" + END + after, encoding="utf-8")
