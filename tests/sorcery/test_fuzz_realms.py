"""Random realms of real cards, played at random, every game held to the fuzzer's invariants
(``tests/sorcery/fuzz_realms.py``: only ``SimError`` anywhere, every listed command accepted, the
log verifies and replays to the game's hash, asking the range of motion changes nothing).

The suite plays a modest seeded set; a longer run sets ``SIM_FUZZ_REALMS`` (games) and
optionally ``SIM_FUZZ_REALMS_FIRST`` (the first seed), or runs the script itself:

    SIM_FUZZ_REALMS=2000 pytest tests/sorcery/test_fuzz_realms.py
    nice -n 10 python -m tests.sorcery.fuzz_realms --seeds 0:5000
"""

from __future__ import annotations

import os

import pytest

from tests.sorcery.fuzz_realms import Failure, play_one

GAMES = int(os.environ.get("SIM_FUZZ_REALMS", "40"))
FIRST = int(os.environ.get("SIM_FUZZ_REALMS_FIRST", "0"))
#: seeds that once broke an invariant, and whether in a crowded realm (``--heavy``): kept in the
#: set (each fix's test names its seed in its docstring)
FOUND = [(34, False), (244, False), (50021, True), (50556, True)]


def test_random_realms_of_real_cards_keep_the_fuzzer_s_invariants() -> None:
    failures: list[str] = []
    for seed, heavy in [*FOUND, *((s, False) for s in range(FIRST, FIRST + GAMES))]:
        try:
            play_one(seed, heavy=heavy)
        except Failure as failure:
            failures.append(f"seed {seed}: {failure} (command {failure.command})")
    if failures:
        pytest.fail(f"{len(failures)} game(s) broke an invariant (replay one: python -m tests.sorcery.fuzz_realms --seeds N):\n" + "\n".join(failures))
