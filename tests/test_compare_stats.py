"""The statistics of ``sim compare``, each against a small computation written out here."""

from __future__ import annotations

import math

import pytest

from sim.compare.stats import distribution, histogram, mean_difference, mean_interval, newcombe, t_quantile, wilson

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


# Independent references: scipy (the bench extra, installed with the test extra) and the worked
# examples of Newcombe (1998), "Interval estimation for the difference between independent
# proportions", Statistics in Medicine 17, table II, method 10.

stats = pytest.importorskip("scipy.stats")


@pytest.mark.parametrize(("k", "n"), [(0, 1), (1, 1), (0, 10), (10, 10), (1, 2), (0, 5000), (5000, 5000), (2499, 5000)])
def test_wilson_interval_at_no_and_all_wins_is_scipys(k: int, n: int) -> None:
    reference = stats.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
    found = wilson(k, n)
    assert found.low == pytest.approx(reference.low, abs=1e-12) and found.high == pytest.approx(reference.high, abs=1e-12)
    assert 0.0 <= found.low <= found.estimate <= found.high <= 1.0


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ((48, 80), (56, 70), (0.0524, 0.3339)),
        ((3, 10), (9, 10), (0.1705, 0.8090)),
        ((0, 29), (5, 56), (-0.0381, 0.1926)),  # no success in one, different counts
        ((0, 20), (0, 10), (-0.1611, 0.2775)),  # no success in either
        ((0, 20), (10, 10), (0.6791, 1.0)),  # every game won against none
    ],
)
def test_newcombe_interval_matches_newcombes_worked_examples_with_different_game_counts(
    a: tuple[int, int], b: tuple[int, int], expected: tuple[float, float]
) -> None:
    found = newcombe(*a, *b)
    assert found.estimate == pytest.approx(b[0] / b[1] - a[0] / a[1])
    assert (round(found.low, 4), round(found.high, 4)) == expected


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ([3.0, 4.0, 3.0, 4.0, 3.0, 4.0], [4.0] * 6),  # 6 games: a normal interval would exclude 0
        ([2.0, 4.0, 4.0, 5.0, 7.0, 9.0], [1.0, 1.0, 2.0, 3.0]),  # different game counts
        ([1.0, 2.0], [5.0, 9.0, 11.0]),
        [list(map(float, range(100))), [v + 0.5 for v in range(0, 200, 2)]],
    ],
)
def test_a_mean_difference_is_welchs_t_interval(a: list[float], b: list[float]) -> None:
    reference = stats.ttest_ind(b, a, equal_var=False).confidence_interval(0.95)
    found = mean_difference(a, b)
    assert found is not None
    assert found.estimate == pytest.approx(sum(b) / len(b) - sum(a) / len(a))
    assert found.low == pytest.approx(reference.low, rel=1e-9) and found.high == pytest.approx(reference.high, rel=1e-9)


def test_six_games_that_differ_by_half_a_step_do_not_show_a_difference() -> None:
    """The normal quantile (1.96) with 5 degrees of freedom said [+0.1, +0.9]: a difference the
    data do not support (Student's 2.57 gives [-0.07, +1.07])."""
    found = mean_difference([3.0, 4.0, 3.0, 4.0, 3.0, 4.0], [4.0] * 6)
    assert found is not None and not found.excludes(0.0)


@pytest.mark.parametrize(("a", "b"), [([1.0], [2.0]), ([1.0], [2.0, 3.0, 2.5]), ([], [1.0, 2.0]), ([], [])])
def test_a_mean_difference_over_fewer_than_two_games_a_side_is_unknown(a: list[float], b: list[float]) -> None:
    """One game has no spread: its interval is not the point (which claimed any difference
    certain), it is unknown."""
    assert mean_difference(a, b) is None


def test_a_mean_interval_is_students_t_interval_and_unknown_over_one_game() -> None:
    values = [2.0, 4.0, 4.0, 5.0, 7.0, 9.0]
    low, high = stats.t.interval(0.95, len(values) - 1, loc=stats.tmean(values), scale=stats.sem(values))
    found = mean_interval(values)
    assert found is not None
    assert (found.low, found.high) == (pytest.approx(low, rel=1e-9), pytest.approx(high, rel=1e-9))
    assert mean_interval([3.0]) is None and mean_interval([]) is None


@pytest.mark.parametrize("df", [1.0, 2.0, 4.5, 5.0, 29.0, 187.3, 10_000.0])
def test_students_quantile_is_scipys(df: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(stats.t.ppf(0.975, df), rel=1e-10)


def test_variants_that_never_vary_differ_by_exactly_their_difference() -> None:
    """Every game 2 turns against every game 3: no spread, so the interval is the difference."""
    found = mean_difference([2.0] * 5, [3.0] * 5)
    assert found is not None and (found.low, found.estimate, found.high) == (1.0, 1.0, 1.0)
