"""Speed never changes an answer: ``Primitives.settle`` walks the living units only when
``_unsettled`` says a walk could find something (a unit carried, a minion that may perish
where it stands). After every event of every Sorcery example, ``_unsettled`` is true whenever
the walks, read plainly, have a unit to act on; and the examples hold states of both kinds."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.rulesets.sorcery.engine.primitives import _unsettled
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.rules.keywords import may_perish
from domain.rulesets.sorcery.state import SorceryState
from domain.state import GameState
from tests.helpers import EXAMPLES, checked_after_each_event, example_events

SORCERY = sorted((EXAMPLES / "sorcery").glob("*.yaml"))


def _walks_find_some(state: GameState) -> bool:
    """What settle's two walks act on, read as they read it: a living unit carried, or a
    living minion where the survival rules judge it."""
    return any(
        u.carried_by is not None or may_perish(u, parse_loc(u.location))
        for u in state.living_units() if u.location is not None
    )


def _check(state: GameState, where: str) -> int:
    assert isinstance(state, SorceryState)
    if _walks_find_some(state):
        assert _unsettled(state), f"{where}: settle would skip units it must settle"
    return int(_unsettled(state))


@pytest.mark.parametrize("path", SORCERY, ids=lambda p: p.stem)
def test_settle_walks_whenever_a_unit_could_be_settled(path: Path) -> None:
    checked_after_each_event(example_events(path), path.stem, _check)


def test_examples_hold_states_to_settle_and_states_with_nothing_to_settle() -> None:
    """Both answers of ``_unsettled`` are met, so the check above tests the walk and the skip."""
    answers: set[bool] = set()

    def note(state: GameState, where: str) -> int:
        assert isinstance(state, SorceryState)
        answers.add(_unsettled(state))
        return 1

    for path in SORCERY:
        checked_after_each_event(example_events(path), path.stem, note)
    assert answers == {True, False}
