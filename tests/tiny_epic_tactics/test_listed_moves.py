"""A move the legal commands build without validation (``Move.listed``) is the move pydantic's
validation makes of the same fields: equal, with the same fields, the same fields set, the same
dump (what the log records), frozen alike. Checked for every move of every living unit after
every event of every Tiny Epic Tactics example and of random self-play."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from domain.event_base import GameEvent
from domain.rulesets.tinyepic.commands import Move
from domain.rulesets.tinyepic.legal import unit_moves
from domain.rulesets.tinyepic.view import GridView
from tests.tiny_epic_tactics.support import example_events, self_play_events, states_after_each_event


def _same(listed: Move) -> None:
    fields = listed.__dict__
    validated = Move(player=fields["player"], unit=fields["unit"], path=list(fields["path"]))
    assert listed == validated
    assert listed.__dict__ == validated.__dict__
    assert listed.model_fields_set == validated.model_fields_set
    assert listed.__pydantic_extra__ == validated.__pydantic_extra__
    assert listed.__pydantic_private__ == validated.__pydantic_private__
    assert listed.model_dump(mode="json") == validated.model_dump(mode="json")
    assert listed.model_dump(mode="json", exclude_defaults=True) == validated.model_dump(mode="json", exclude_defaults=True)
    with pytest.raises(ValidationError):
        listed.unit = "another"  # frozen, as the validated move


@pytest.mark.parametrize(
    "name, events", [*example_events(), *self_play_events(range(3))], ids=lambda v: v if isinstance(v, str) else ""
)
def test_a_listed_move_is_the_validated_move(name: str, events: list[GameEvent]) -> None:
    checked = 0
    for state, _ in states_after_each_event(events):
        if not state.width:
            continue
        view = GridView(state)
        for unit in [u for u in state.units.values() if u.alive and u.location is not None]:
            for move in unit_moves(view, unit):
                _same(move)
                checked += 1
    assert checked, f"{name}: no move listed"
