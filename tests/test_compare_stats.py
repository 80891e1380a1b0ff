"""The statistics of ``sim compare``, each against a small computation written out here."""

from __future__ import annotations

import math

import pytest

from sim.compare.stats import distribution, histogram, mean_difference, mean_interval, newcombe, wilson

Z = 1.959963984540054


def hand_wilson(k: int, n: int) -> tuple[float, float]:
    """The textbook formula: (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)."""
    p = k / n
    centre = p + Z * Z / (2 * n)
    spread = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return (centre - spread) / (1 + Z * Z / n), (centre + spread) / (1 + Z * Z / n)


@pytest.mark.parametrize(("k", "n"), [(0, 10), (3, 10), (5, 10), (10, 10), (49, 50), (512, 1000), (1, 1)])
def test_wilson_interval_is_the_textbook_formula(k: int, n: int) -> None:
    low, high = hand_wilson(k, n)
    found = wilson(k, n)
    assert found.estimate == pytest.approx(k / n)
    assert found.low == pytest.approx(max(low, 0.0), abs=1e-12) and found.high == pytest.approx(min(high, 1.0), abs=1e-12)


def test_wilson_interval_of_a_known_case() -> None:
    # 8 of 10: 0.4902 to 0.9433 (Wilson 1927; Newcombe 1998, table I)
    found = wilson(8, 10)
    assert (round(found.low, 4), round(found.high, 4)) == (0.4902, 0.9433)


def test_no_games_know_nothing() -> None:
    assert (wilson(0, 0).low, wilson(0, 0).high) == (0.0, 1.0)


def test_newcombe_difference_is_built_from_the_two_wilson_intervals() -> None:
    # Newcombe 1998, example (56/70 vs 48/80): difference 0.2, method 10 interval 0.0524 to 0.3339
    found = newcombe(48, 80, 56, 70)
    assert found.estimate == pytest.approx(56 / 70 - 48 / 80)
    assert (round(found.low, 4), round(found.high, 4)) == (0.0524, 0.3339)
    a_low, a_high = hand_wilson(48, 80)
    b_low, b_high = hand_wilson(56, 70)
    d = 56 / 70 - 48 / 80
    assert found.low == pytest.approx(d - math.sqrt((56 / 70 - b_low) ** 2 + (a_high - 48 / 80) ** 2))
    assert found.high == pytest.approx(d + math.sqrt((b_high - 56 / 70) ** 2 + (48 / 80 - a_low) ** 2))


def test_mean_intervals_are_normal_intervals_of_the_mean() -> None:
    values = [2.0, 4.0, 4.0, 5.0, 7.0, 9.0]
    mean = sum(values) / 6
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / 5)
    found = mean_interval(values)
    assert found.estimate == pytest.approx(mean)
    assert found.high - found.estimate == pytest.approx(Z * sd / math.sqrt(6))
    other = [1.0, 1.0, 2.0, 3.0]
    om = sum(other) / 4
    ov = sum((v - om) ** 2 for v in other) / 3
    diff = mean_difference(values, other)
    assert diff.estimate == pytest.approx(om - mean)
    assert diff.high - diff.estimate == pytest.approx(Z * math.sqrt(sd * sd / 6 + ov / 4))


def test_distribution_gives_quartiles_and_a_histogram_per_value_when_values_are_few() -> None:
    found = distribution([1, 2, 2, 3, 3, 3, 4])
    assert (found["min"], found["median"], found["max"], found["n"]) == (1, 3, 4, 7)
    assert found["histogram"] == [
        {"low": 1, "high": 1, "count": 1}, {"low": 2, "high": 2, "count": 2},
        {"low": 3, "high": 3, "count": 3}, {"low": 4, "high": 4, "count": 1},
    ]


def test_histogram_of_many_values_has_equal_bins_holding_every_value() -> None:
    values = [i / 7 for i in range(100)]
    bars = histogram(values, bins=5)
    assert len(bars) == 5 and sum(b["count"] for b in bars) == 100
    assert bars[0]["low"] == 0 and bars[-1]["high"] == pytest.approx(99 / 7)
