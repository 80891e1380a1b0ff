"""A mat of few living units reads each state's occupancy, zones, steps and searches off the
units (``MatView.small``); a larger one keeps them across events. Every GODSGLOOM example and
random board in the tests has few units, so the kept path is checked here with the limit set
below any mat: its indexes, steps, searches and legal commands equal ones rebuilt from scratch
after every event (the checks of tests/test_lasting_indexes.py), as the direct path's do there."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.rulesets.godsgloom import view as gloom_view
from domain.rulesets.godsgloom.state import GloomState
from domain.rulesets.godsgloom.view import MatView
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests import boards
from tests.godsgloom.examples import GLOOM_EXAMPLES, WHOLE_ROUND
from tests.test_lasting_indexes import _fold_whole_and_check


@pytest.mark.usefixtures("kept_on_every_mat")
@pytest.mark.parametrize("path", GLOOM_EXAMPLES, ids=lambda p: p.stem)
def test_kept_path_equals_a_rebuild_after_every_event_of_every_example(path: Path) -> None:
    played = play(load_scenario(path), strict=False)
    _fold_whole_and_check(list(played.events), path.stem)


@pytest.mark.usefixtures("kept_on_every_mat")
@pytest.mark.parametrize("seed", range(2))
def test_kept_path_equals_a_rebuild_along_random_self_play(seed: int) -> None:
    played = self_play(boards.scenario("godsgloom", seed), 3, "random", seed, verify_log=False)
    assert _fold_whole_and_check(played.events, f"random godsgloom board {seed}") > 0


def test_a_small_mat_reads_its_indexes_off_the_units_and_a_large_one_keeps_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same state's occupancy, zones and marked hexes, read both ways, are equal."""
    played = self_play(load_scenario(WHOLE_ROUND), 2, "random", 3, verify_log=False)
    state = played.game.state
    assert isinstance(state, GloomState)
    direct = MatView(state)
    assert direct.small
    monkeypatch.setattr(gloom_view, "SMALL_MAT_UNITS", -1)
    kept = MatView(state)
    assert not kept.small
    assert direct.occupant_at == kept.occupant_at
    assert direct.cover_at == kept.cover_at
    assert direct.marked == kept.marked
    assert direct.zone_cover == kept.zone_cover
