"""``engine.push_eligible`` answers as ``push_eligibility`` does (no refusal) for every living unit
after every event of every GODSGLOOM example, of seeded random self-play on random boards and of
self-play from the examples' scripts: the God's Push legal commands ask the one, the command
the other."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domain.rulesets.godsgloom.engine import push_eligibility, push_eligible
from domain.rulesets.godsgloom.view import MatView
from tests.godsgloom.examples import EXAMPLES
from tests.helpers import checked_after_each_event, example_events, random_board_events, self_played_examples


def _check(state: Any, where: str) -> int:
    view = MatView.of(state)
    for unit in view.living:
        assert push_eligible(view, unit) == (push_eligibility(view, unit)[0] is None), f"{where}: {unit.id}"
    return len(view.living)


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_push_eligible_answers_as_push_eligibility_after_every_event_of_every_example(path: Path) -> None:
    checked_after_each_event(example_events(path), path.stem, _check)


@pytest.mark.parametrize("seed", range(3))
def test_push_eligible_answers_as_push_eligibility_along_random_self_play(seed: int) -> None:
    assert checked_after_each_event(random_board_events("godsgloom", seed), f"random godsgloom board {seed}", _check) > 0


def test_push_eligible_answers_as_push_eligibility_along_self_play_from_the_examples() -> None:
    compared = 0
    for events, name in self_played_examples(EXAMPLES, 2, range(2)):
        compared += checked_after_each_event(events, name, _check)
    assert compared > 0
