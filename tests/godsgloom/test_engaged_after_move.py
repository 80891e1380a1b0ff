"""Who Engages a unit at the end of its move (``engine.note_engagement``) is read off the small
mat's view kept from before the move, when only that unit's place was written since
(``view.engaged_after_own_move``), not off a view made for the state its steps left. A unit's own
place and zone never count towards its own engagement, so the answer must be the one a view made
afresh for that state gives: compared here at the end of every move of every example, of seeded
random self-play on random boards and of self-play from the examples' scripts, under both
engagement rules (option engaged_rule)."""

from __future__ import annotations

from typing import Any

import pytest

from domain.rulesets.godsgloom import engine
from domain.rulesets.godsgloom.state import GloomState
from domain.rulesets.godsgloom.view import MatView, engaged_after_own_move
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests import boards
from tests.godsgloom.examples import GLOOM_EXAMPLES
from tests.helpers import example_events


class _Compared:
    """A stand-in for ``engaged_after_own_move`` that checks each answer it gives against a
    fresh view of the same state, and counts the answers (and the moves it could not answer)."""

    def __init__(self) -> None:
        self.answered = 0
        self.declined = 0

    def __call__(self, state: GloomState, unit_id: str) -> tuple[str, ...] | None:
        found = engaged_after_own_move(state, unit_id)
        if found is None:
            self.declined += 1
            return None
        fresh = MatView(state)  # kept nowhere: read off the units as they stand now
        assert list(found) == fresh.engaged_by(unit_id), f"who Engages {unit_id} at {state.units[unit_id].location}"
        assert bool(found) == fresh.engaged(unit_id), unit_id
        self.answered += 1
        return found


@pytest.fixture
def compared(monkeypatch: pytest.MonkeyPatch) -> _Compared:
    check = _Compared()
    monkeypatch.setattr(engine, "engaged_after_own_move", check)
    return check


def test_the_engagement_at_a_move_s_end_is_a_fresh_view_s_in_every_example(compared: _Compared) -> None:
    for path in GLOOM_EXAMPLES:
        example_events(path)
    assert compared.answered > 0


@pytest.mark.parametrize("rule", ["in_enemy_zone", "mutual_adjacent"])
@pytest.mark.parametrize("seed", range(6))
def test_the_engagement_at_a_move_s_end_is_a_fresh_view_s_along_random_self_play(seed: int, rule: str, compared: _Compared) -> None:
    scenario: Any = boards.scenario("godsgloom", seed)
    scenario = scenario.model_copy(update={"options": {**scenario.options, "engaged_rule": rule}})
    self_play(scenario, 3, "random", seed, verify_log=True)
    assert compared.answered > 0


def test_the_engagement_at_a_move_s_end_is_a_fresh_view_s_along_self_play_from_the_examples(compared: _Compared) -> None:
    for path in GLOOM_EXAMPLES:
        if load_scenario(path).script:
            for seed in range(2):
                self_play(load_scenario(path), 2, "random", seed, verify_log=True)
    assert compared.answered > 0
