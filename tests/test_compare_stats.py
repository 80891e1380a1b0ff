"""The statistics of ``sim compare``, each against a small computation written out here."""

from __future__ import annotations

import math

import pytest

from sim.compare.stats import (
    distribution,
    histogram,
    mean_difference,
    mean_interval,
    newcombe,
    paired_mean_difference,
    paired_newcombe,
    t_quantile,
    wilson,
)

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


# Paired comparisons: the variants play the same seeds, so game i of one and game i of the
# other are a pair (common random numbers). Checked against the paired t interval worked out
# here with the statistics module and Student's quantile from a printed table, and against
# Newcombe (1998), "Improved confidence intervals for the difference between binomial
# proportions based on paired data", Statistics in Medicine 17, method 10, written out here.

#: Student's t 97.5% quantiles (any printed table): degrees of freedom -> quantile
T975 = {4: 2.776445105, 5: 2.570581836, 7: 2.364624252, 9: 2.262157163}


def hand_paired_t(a: list[float], b: list[float]) -> tuple[float, float, float]:
    import statistics

    differences = [y - x for x, y in zip(a, b, strict=True)]
    mean = statistics.fmean(differences)
    half = T975[len(differences) - 1] * statistics.stdev(differences) / math.sqrt(len(differences))
    return mean, mean - half, mean + half


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ([3.0, 4.0, 3.0, 4.0, 3.0, 4.0], [4.0, 4.5, 4.0, 5.0, 3.5, 4.5]),  # the pairs move together
        ([2.0, 4.0, 4.0, 5.0, 7.0, 9.0, 1.0, 3.0, 8.0, 6.0], [2.5, 4.0, 5.0, 5.5, 7.0, 10.0, 1.5, 3.0, 9.0, 6.5]),
        ([10.0, 0.0, 5.0, 2.0, 7.0], [9.0, 1.0, 6.0, 2.0, 8.0]),
        ([1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0], [3.0, 2.0, 5.0, 4.0, 7.0, 6.0, 9.0, 8.0]),
    ],
)
def test_a_paired_mean_difference_is_the_t_interval_of_the_per_seed_differences(a: list[float], b: list[float]) -> None:
    found = paired_mean_difference(a, b)
    assert found is not None
    mean, low, high = hand_paired_t(a, b)
    assert found.estimate == pytest.approx(mean)
    assert found.low == pytest.approx(low, rel=1e-8, abs=1e-12) and found.high == pytest.approx(high, rel=1e-8, abs=1e-12)


def test_pairing_games_that_move_together_narrows_the_interval_to_what_the_variant_changed() -> None:
    """Game lengths spread 2 to 9 turns by seed, and the variant adds half a turn to each: the
    unpaired (Welch) interval is lost in the seeds' spread and includes 0; the per-seed
    differences show the half turn."""
    a = [2.0, 4.0, 4.0, 5.0, 7.0, 9.0, 1.0, 3.0, 8.0, 6.0]
    b = [2.5, 4.0, 5.0, 5.5, 7.0, 10.0, 1.5, 3.0, 9.0, 6.5]
    unpaired, paired = mean_difference(a, b), paired_mean_difference(a, b)
    assert unpaired is not None and paired is not None
    assert not unpaired.excludes(0.0) and paired.excludes(0.0)
    assert paired.high - paired.low < (unpaired.high - unpaired.low) / 5


def test_a_paired_difference_of_identical_games_is_exactly_nothing_and_of_one_pair_unknown() -> None:
    """Every game the same under both variants (an option that changes nothing here): each
    per-seed difference is 0, and so is the interval; one pair has no spread: unknown."""
    found = paired_mean_difference([2.0, 5.0, 3.0], [2.0, 5.0, 3.0])
    assert found is not None and (found.low, found.estimate, found.high) == (0.0, 0.0, 0.0)
    shifted = paired_mean_difference([2.0, 5.0, 3.0], [3.0, 6.0, 4.0])
    assert shifted is not None and (shifted.low, shifted.estimate, shifted.high) == (1.0, 1.0, 1.0)
    assert paired_mean_difference([1.0], [2.0]) is None and paired_mean_difference([], []) is None
    with pytest.raises(ValueError, match="pairs"):
        paired_mean_difference([1.0, 2.0], [1.0, 2.0, 3.0])


def hand_paired_newcombe(a: list[bool], b: list[bool]) -> tuple[float, float, float]:
    """Newcombe 1998 (paired), method 10: b's rate less a's from the 2x2 table of pairs."""
    both = sum(x and y for x, y in zip(a, b, strict=True))
    only_b = sum(y and not x for x, y in zip(a, b, strict=True))
    only_a = sum(x and not y for x, y in zip(a, b, strict=True))
    neither = len(a) - both - only_b - only_a
    n = len(a)
    p1, p2 = (both + only_b) / n, (both + only_a) / n  # b's rate, a's rate
    l1, u1 = hand_wilson(both + only_b, n)
    l2, u2 = hand_wilson(both + only_a, n)
    margins = (both + only_b) * (only_a + neither) * (both + only_a) * (only_b + neither)
    cross = both * neither - only_b * only_a  # ad - bc, less n/2 when positive (0 if that is not)
    cross = max(cross - n / 2, 0.0) if cross >= 0 else cross
    phi = cross / math.sqrt(margins) if margins else 0.0
    delta = math.sqrt((p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2)
    epsilon = math.sqrt((u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2)
    return p1 - p2, max(-1.0, p1 - p2 - delta), min(1.0, p1 - p2 + epsilon)


def pairs(table: tuple[int, int, int, int]) -> tuple[list[bool], list[bool]]:
    """(both, a only, b only, neither) as two lists of outcomes, game by game."""
    both, only_a, only_b, neither = table
    a = [True] * both + [True] * only_a + [False] * only_b + [False] * neither
    b = [True] * both + [False] * only_a + [True] * only_b + [False] * neither
    return a, b


def test_a_paired_rate_difference_matches_a_published_worked_example() -> None:
    # Fagerland, Lydersen & Laake (2017), Statistical Analysis of Contingency Tables, chapter 8:
    # complete response before and after consolidation therapy (Cavo et al. 2012), the table
    # 59 6 / 16 80: difference -0.0621, Newcombe square-and-add interval -0.1186 to -0.0046
    a, b = pairs((59, 16, 6, 80))
    found = paired_newcombe(a, b)
    assert found.estimate == pytest.approx(-10 / 161)
    assert (round(found.low, 4), round(found.high, 4)) == (-0.1186, -0.0046)


def test_a_paired_rate_difference_is_newcombes_own_published_example() -> None:
    # Newcombe (1998), "Improved confidence intervals for the difference between binomial
    # proportions based on paired data", Statistics in Medicine 17, its worked example:
    # a=12 pairs positive on both, b=9 on the first only, c=2 on the second only, d=21 on
    # neither (n=44); difference (b-c)/n = 0.1591, method 10 interval 0.0112 to 0.2954. A fixed
    # published value, not the formula written out again (hand_paired_newcombe below).
    # ``pairs`` takes (both, a only, b only, neither) and the difference is b's rate less a's,
    # so Newcombe's first test is b here.
    a, b = pairs((12, 2, 9, 21))
    found = paired_newcombe(a, b)
    assert found.estimate == pytest.approx(7 / 44)
    assert (round(found.low, 4), round(found.high, 4)) == (0.0112, 0.2954)
    reverse = paired_newcombe(b, a)
    assert (round(reverse.low, 4), round(reverse.high, 4)) == (-0.2954, -0.0112)


@pytest.mark.parametrize("table", [(59, 16, 6, 80), (36, 2, 12, 0), (1, 7, 1, 12), (10, 3, 7, 20), (0, 0, 5, 5), (5, 0, 0, 5), (0, 4, 0, 6), (3, 3, 3, 3), (50, 0, 0, 0)])
def test_a_paired_rate_difference_is_newcombes_method_10(table: tuple[int, int, int, int]) -> None:
    a, b = pairs(table)
    found = paired_newcombe(a, b)
    estimate, low, high = hand_paired_newcombe(a, b)
    assert found.estimate == pytest.approx(estimate)
    assert found.low == pytest.approx(low, abs=1e-12) and found.high == pytest.approx(high, abs=1e-12)
    assert -1.0 <= found.low <= found.estimate <= found.high <= 1.0


def test_a_paired_rate_difference_of_games_that_agree_is_narrower_than_the_unpaired_one() -> None:
    """30 of 40 games won under both variants, 6 more under b only: pairing sees that only the 6
    changed."""
    a, b = pairs((30, 0, 6, 4))
    paired, unpaired = paired_newcombe(a, b), newcombe(sum(a), len(a), sum(b), len(b))
    assert paired.estimate == pytest.approx(unpaired.estimate)
    assert paired.excludes(0.0) and not unpaired.excludes(0.0)
