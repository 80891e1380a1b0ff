"""Every rule option drawn at once, on random boards, through random self-play (``tests/option_fuzz.py``
says what is checked at every state and for every game).

The suite plays a modest seeded set; a longer run sets ``SIM_OPTION_FUZZ_SEEDS`` (seeds per
ruleset, Skirmish a tenth of them, its games are slower):

    SIM_OPTION_FUZZ_SEEDS=2000 nice -n 10 pytest tests/test_option_fuzz.py -q
"""

from __future__ import annotations

import os

import pytest

from tests.option_fuzz import run_seed

SEEDS = int(os.environ.get("SIM_OPTION_FUZZ_SEEDS", "10"))
#: (ruleset, seeds, turns): Skirmish's legal moves are searched on a continuous table, slower
PLAN = [("godsgloom", SEEDS, 2), ("tinyepic", SEEDS, 3), ("skirmish", max(2, SEEDS // 10), 1)]


@pytest.mark.parametrize(("ruleset", "seeds", "turns"), PLAN, ids=[p[0] for p in PLAN])
def test_every_option_drawn_at_once_plays_without_a_crash_and_the_answers_agree(ruleset: str, seeds: int, turns: int) -> None:
    problems = [p for seed in range(seeds) for p in run_seed(ruleset, seed, turns).problems]
    assert not problems, "\n".join(problems)
