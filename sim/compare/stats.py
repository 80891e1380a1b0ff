"""The statistics of a comparison: proportions with Wilson score intervals, their differences
with Newcombe's hybrid score interval, means with Student's t intervals, and distributions.

Pure functions of counts and lists of numbers: no game is played here. 95% intervals; the
normal quantile is ``Z95``. Why these: a Wilson interval stays inside [0, 1] and keeps its
coverage for small counts and rates near 0 or 1 (a first player who wins 49 of 50), where the
plain normal interval does not; Newcombe's interval for a difference of two proportions is built
from the two Wilson intervals (Newcombe 1998, method 10) and inherits that. Means (game length,
counters) use Student's t interval, and differences of means Welch's (Welch-Satterthwaite degrees
of freedom) when the games are not paired; when every game of a variant has its partner (the
same seed and seat) in the other, the differences are paired: Student's t interval of the
per-game differences, and for proportions Newcombe's interval for paired data (Newcombe 1998,
paired, method 10), both of which leave out the spread the seeds give both games of a pair.
With the few games a quick comparison plays the normal quantile's intervals were too
narrow (6 games a variant: 1.96 where 2.57 is right) and showed differences the games did not
support. With fewer than 2 games a side a spread is unknown, and so is the interval: None, never
the point (which would call any difference certain). Student's quantile is computed here (the
regularised incomplete beta function, inverted by bisection) so that comparing needs no scipy.
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
    # at no or every success the bound is exactly 0 or 1 (rounding left 3e-17 above the estimate)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Interval(p, low, high)


def newcombe(successes_a: int, trials_a: int, successes_b: int, trials_b: int) -> Interval:
    """The difference of two independent proportions, b's less a's, with Newcombe's hybrid score
    interval (from each proportion's Wilson interval)."""
    a, b = wilson(successes_a, trials_a), wilson(successes_b, trials_b)
    d = b.estimate - a.estimate
    low = d - math.sqrt((b.estimate - b.low) ** 2 + (a.high - a.estimate) ** 2)
    high = d + math.sqrt((b.high - b.estimate) ** 2 + (a.estimate - a.low) ** 2)
    return Interval(d, max(-1.0, low), min(1.0, high))


def mean_interval(values: Sequence[float]) -> Interval | None:
    """The mean with Student's t 95% interval; unknown (None) over fewer than 2 values."""
    if len(values) < 2:
        return None
    mean = statistics.fmean(values)
    half = t_quantile(0.975, len(values) - 1) * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(mean, mean - half, mean + half)


def mean_difference(a: Sequence[float], b: Sequence[float]) -> Interval | None:
    """b's mean less a's, with Welch's t 95% interval; unknown (None) when either side has fewer
    than 2 values (its spread, and so the difference's, is unknown). Two sides that never vary
    differ by exactly their difference."""
    if len(a) < 2 or len(b) < 2:
        return None
    d = statistics.fmean(b) - statistics.fmean(a)
    va, vb = statistics.variance(a) / len(a), statistics.variance(b) / len(b)
    if va + vb == 0:
        return Interval(d, d, d)
    df = (va + vb) ** 2 / (va * va / (len(a) - 1) + vb * vb / (len(b) - 1))
    half = t_quantile(0.975, df) * math.sqrt(va + vb)
    return Interval(d, d - half, d + half)


def paired_mean_difference(a: Sequence[float], b: Sequence[float]) -> Interval | None:
    """b's mean less a's over pairs (``a[i]`` and ``b[i]`` played the same seed and seat):
    Student's t 95% interval of the per-pair differences, n - 1 degrees of freedom. Common
    random numbers make the two games of a pair move together, and their difference leaves the
    seeds' spread out, where Welch's interval counts it twice. Unknown (None) over fewer than 2
    pairs; pairs that all differ alike differ by exactly that."""
    if len(a) != len(b):
        raise ValueError(f"pairs need as many values on each side, not {len(a)} and {len(b)}")
    if len(a) < 2:
        return None
    differences = [y - x for x, y in zip(a, b, strict=True)]
    d = statistics.fmean(differences)
    spread = statistics.stdev(differences)
    if spread == 0:
        return Interval(d, d, d)
    half = t_quantile(0.975, len(differences) - 1) * spread / math.sqrt(len(differences))
    return Interval(d, d - half, d + half)


def paired_newcombe(a: Sequence[bool], b: Sequence[bool]) -> Interval:
    """b's proportion less a's over pairs (game i of each played the same seed and seat), with
    Newcombe's hybrid score interval for paired data (Newcombe 1998, paired, method 10): the two
    Wilson intervals combined with the correlation of the pairs (phi of the 2x2 table, its
    positive part less n/2), which narrows the interval when the games of a pair tend to end
    alike. With no correlation it is ``newcombe``'s interval."""
    if len(a) != len(b):
        raise ValueError(f"pairs need as many values on each side, not {len(a)} and {len(b)}")
    n = len(a)
    both = sum(1 for x, y in zip(a, b, strict=True) if x and y)
    only_b = sum(1 for x, y in zip(a, b, strict=True) if y and not x)
    only_a = sum(1 for x, y in zip(a, b, strict=True) if x and not y)
    neither = n - both - only_a - only_b
    rate_b, rate_a = wilson(both + only_b, n), wilson(both + only_a, n)
    margins = (both + only_b) * (only_a + neither) * (both + only_a) * (only_b + neither)
    # the correlation of the pairs, as method 10 takes it: a positive one less n/2 (none up to
    # n/2), a negative one whole; none when a margin is empty
    cross = both * neither - only_b * only_a
    agreement = cross - n / 2 if cross > n / 2 else 0.0 if cross >= 0 else float(cross)
    phi = agreement / math.sqrt(margins) if margins else 0.0
    below_b, above_b = rate_b.estimate - rate_b.low, rate_b.high - rate_b.estimate
    below_a, above_a = rate_a.estimate - rate_a.low, rate_a.high - rate_a.estimate
    d = rate_b.estimate - rate_a.estimate
    low = d - math.sqrt(max(0.0, below_b**2 - 2 * phi * below_b * above_a + above_a**2))
    high = d + math.sqrt(max(0.0, above_b**2 - 2 * phi * above_b * below_a + below_a**2))
    return Interval(d, max(-1.0, low), min(1.0, high))


def t_quantile(p: float, df: float) -> float:
    """Student's t quantile for ``p`` in (1/2, 1) and ``df`` > 0 degrees of freedom (not whole
    with Welch's), by bisection of the distribution function to double precision."""
    if df > 1e7:
        return statistics.NormalDist().inv_cdf(p)
    low, high = 0.0, 1.0
    while _t_cdf(high, df) < p:
        low, high = high, high * 2
    for _ in range(200):
        middle = (low + high) / 2
        if middle in (low, high):
            break
        low, high = (middle, high) if _t_cdf(middle, df) < p else (low, middle)
    return (low + high) / 2


def _t_cdf(x: float, df: float) -> float:
    """P(T <= x) for x >= 0: 1 - I_{df/(df+x^2)}(df/2, 1/2) / 2."""
    return 1.0 - 0.5 * _beta_regularised(df / (df + x * x), df / 2, 0.5)


def _beta_regularised(x: float, a: float, b: float) -> float:
    """The regularised incomplete beta function I_x(a, b), by its continued fraction (modified
    Lentz), on the side where it converges fast."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return front * _beta_fraction(x, a, b) / a
    return 1.0 - front * _beta_fraction(1.0 - x, b, a) / b


def _beta_fraction(x: float, a: float, b: float) -> float:
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 1000):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-16:
            break
    return h


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
