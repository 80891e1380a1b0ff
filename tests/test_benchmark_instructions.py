"""The instruction-count comparison (``python -m benchmarks.instructions``) reads callgrind's total
and refuses what it cannot count; a real count under valgrind takes a minute a ruleset, so it is
run by hand (benchmarks/RESULTS.md), not here."""

from __future__ import annotations

import pytest

from benchmarks import instructions


def test_the_total_is_read_from_callgrinds_summary() -> None:
    output = "==1== Events    : Ir\n==1== Collected : 2598537479\n==1==\n==1== I   refs:      2,598,537,479\n"
    assert instructions.instructions_of(output) == 2_598_537_479


def test_an_output_without_a_total_is_an_error_not_a_zero() -> None:
    with pytest.raises(RuntimeError, match="no instruction count"):
        instructions.instructions_of("==1== valgrind: failed to start tool 'callgrind'\n")


def test_an_unknown_ruleset_is_refused_by_name(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        instructions.main(["--rulesets", "chess"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "unknown ruleset 'chess'" in err


def test_every_ruleset_of_the_self_play_case_has_a_game_count() -> None:
    assert set(instructions.GAMES) == set(instructions.SELF_PLAY)


_CACHEGRIND = """==7== I   refs:      2,264,320,300
==7== I1  misses:       31,749,216
==7== LLi misses:           24,715
==7== D1  misses:       19,762,694  ( 17,048,100 rd   +   2,714,594 wr)
==7== LLd misses:          428,967  (     76,378 rd   +     352,589 wr)
"""


def test_the_cache_model_reads_each_miss_count_of_cachegrinds_summary() -> None:
    counts = instructions.counts_of(_CACHEGRIND)
    assert counts == instructions.Counts(2_264_320_300, 31_749_216, 19_762_694, 24_715 + 428_967)


def test_a_cachegrind_output_without_its_misses_is_an_error_not_a_zero() -> None:
    with pytest.raises(RuntimeError, match="no D1 misses"):
        instructions.counts_of("==1== I   refs:      2,598,537,479\n==1== I1  misses: 5\n==1== LLi misses: 1\n")


def test_the_modelled_time_weighs_each_miss_above_an_instruction() -> None:
    base = instructions.Counts(3_000, 0, 0, 0)
    assert base.cycles == 1_000
    assert instructions.Counts(3_000, 1, 0, 0).cycles == 1_000 + instructions.CYCLES_PER_L1_MISS
    assert instructions.Counts(3_000, 0, 0, 1).cycles == 1_000 + instructions.CYCLES_PER_LL_MISS
    assert instructions.Counts(3_000).cycles is None  # instructions alone (callgrind) model no time


def test_a_games_share_is_the_difference_of_two_runs_over_the_games() -> None:
    many, none = instructions.Counts(1_300, 50, 40, 8), instructions.Counts(300, 10, 20, 4)
    assert many.less(none, 10) == instructions.Counts(100, 4, 2, 0.4)
    assert instructions.Counts(1_300).less(instructions.Counts(300), 10) == instructions.Counts(100)
