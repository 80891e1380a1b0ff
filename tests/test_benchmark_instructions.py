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
