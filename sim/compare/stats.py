"""The statistics of a comparison: proportions with Wilson score intervals, their differences
with Newcombe's hybrid score interval, means with normal intervals, and distributions.

Pure functions of counts and lists of numbers: no game is played here. 95% intervals; the
normal quantile is ``Z95``. Why these: a Wilson interval stays inside [0, 1] and keeps its
coverage for small counts and rates near 0 or 1 (a first player who wins 49 of 50), where the
plain normal interval does not; Newcombe's interval for a difference of two proportions is built
from the two Wilson intervals (Newcombe 1998, method 10) and inherits that. Means (game length,
counters) use the normal interval of the mean, fine for the tens to thousands of games a
comparison plays; with fewer than 2 games a spread is unknown and the interval is the point.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

#: the 97.5% quantile of the standard normal: two-sided 95% intervals
Z95 = statistics.NormalDist().inv_cdf(0.975)


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% interval."""

    estimate: float
    low: float
    high: float

    def as_json(self) -> dict[str, float]:
        return {"estimate": self.estimate, "low": self.low, "high": self.high}

    def excludes(self, value: float) -> bool:
        return value < self.low or value > self.high


def wilson(successes: int, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval of a proportion; with no trials, nothing is known: [0, 1]."""
    if trials == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def newcombe(successes_a: int, trials_a: int, successes_b: int, trials_b: int) -> Interval:
    """The difference of two independent proportions, b's less a's, with Newcombe's hybrid score
    interval (from each proportion's Wilson interval)."""
    a, b = wilson(successes_a, trials_a), wilson(successes_b, trials_b)
    d = b.estimate - a.estimate
    low = d - math.sqrt((b.estimate - b.low) ** 2 + (a.high - a.estimate) ** 2)
    high = d + math.sqrt((b.high - b.estimate) ** 2 + (a.estimate - a.low) ** 2)
    return Interval(d, max(-1.0, low), min(1.0, high))


def mean_interval(values: Sequence[float]) -> Interval:
    """The mean with the normal 95% interval of the mean."""
    if not values:
        return Interval(0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Interval(mean, mean, mean)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(mean, mean - half, mean + half)


def mean_difference(a: Sequence[float], b: Sequence[float]) -> Interval:
    """b's mean less a's, with the normal (Welch) 95% interval of the difference."""
    if not a or not b:
        return Interval(0.0, 0.0, 0.0)
    d = statistics.fmean(b) - statistics.fmean(a)
    spread = sum(statistics.variance(v) / len(v) for v in (a, b) if len(v) > 1)
    half = Z95 * math.sqrt(spread)
    return Interval(d, d - half, d + half)


def distribution(values: Sequence[float], bins: int = 10) -> dict[str, object]:
    """Mean, spread, quartiles and a histogram: every value's count when there are few distinct
    values (turns, falls), else ``bins`` equal bins between the least and the greatest."""
    if not values:
        return {"n": 0, "mean": 0.0, "sd": 0.0, "min": 0.0, "q1": 0.0, "median": 0.0, "q3": 0.0, "max": 0.0, "histogram": []}
    ordered = sorted(values)
    q1, median, q3 = statistics.quantiles(ordered, n=4, method="inclusive") if len(ordered) > 1 else (ordered[0],) * 3
    return {
        "n": len(ordered),
        "mean": statistics.fmean(ordered),
        "sd": statistics.stdev(ordered) if len(ordered) > 1 else 0.0,
        "min": ordered[0], "q1": q1, "median": median, "q3": q3, "max": ordered[-1],
        "histogram": histogram(ordered, bins),
    }


def histogram(values: Sequence[float], bins: int = 10) -> list[dict[str, float]]:
    """``[{"low", "high", "count"}]``: one bar per distinct value when there are at most ``bins``
    of them (``low == high``), else equal bins (the last one closed)."""
    distinct = sorted(set(values))
    if len(distinct) <= bins:
        counts = Counter(values)
        return [{"low": v, "high": v, "count": counts[v]} for v in distinct]
    low, high = distinct[0], distinct[-1]
    width = (high - low) / bins
    per_bin = [0] * bins
    for v in values:
        per_bin[min(int((v - low) / width), bins - 1)] += 1
    return [{"low": low + i * width, "high": low + (i + 1) * width, "count": c} for i, c in enumerate(per_bin)]
