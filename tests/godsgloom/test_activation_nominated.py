"""``Activation.nominated`` makes the activation ``UnitActivated`` folds without pydantic's
validation: for every nomination of every GODSGLOOM example and of seeded self-play from them,
it must be the very model ``Activation(unit=..., engaged_by=...)`` makes (its values, the fields
marked set, no extra or private values), so that the state, its copies and its hash are the same."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from uuid import UUID

import pytest

from domain.event_base import GameEvent
from domain.rulesets.godsgloom.events import UnitActivated
from domain.rulesets.godsgloom.state import Activation
from tests.godsgloom.examples import EXAMPLES
from tests.helpers import example_events, self_played_examples


def _same(event: UnitActivated) -> None:
    validated = Activation(unit=event.unit, engaged_by=list(event.engaged_by))
    made = Activation.nominated(event.unit, list(event.engaged_by))
    assert made == validated
    assert list(made.__dict__.items()) == list(validated.__dict__.items())  # the fields' order too
    assert made.__pydantic_fields_set__ == validated.__pydantic_fields_set__
    assert made.__pydantic_extra__ == validated.__pydantic_extra__
    assert made.__pydantic_private__ == validated.__pydantic_private__
    assert made.model_dump_json() == validated.model_dump_json()
    assert made.model_dump(exclude_unset=True) == validated.model_dump(exclude_unset=True)


def _nominations(events: list[GameEvent]) -> int:
    found = 0
    for event in events:
        if isinstance(event, UnitActivated):
            _same(event)
            found += 1
    return found


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_a_nominated_activation_is_the_validated_one_in_every_example(path: Path) -> None:
    _nominations(example_events(path))


def test_a_nominated_activation_is_the_validated_one_along_self_play() -> None:
    assert sum(_nominations(events) for events, _ in self_played_examples(EXAMPLES, 2, range(2))) > 0


def test_an_activation_engaged_by_several_enemies_is_the_validated_one() -> None:
    event = UnitActivated(
        originator_id=UUID(int=0), originator_version=1, timestamp=datetime(2026, 1, 1, tzinfo=UTC),
        cause="c1", unit="u", player="p1", engaged_by=["a", "b"],
    )
    _same(event)
