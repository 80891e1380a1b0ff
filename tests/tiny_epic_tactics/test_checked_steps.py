"""A Move's steps taken with the options its path check found (``engine.take_checked_steps``)
give the very events the resolver gives when it judges each step again (``Resolver.resolve_step``,
seed 003 Movement): on every example and along random self-play, and on a path whose later step
an earlier step's triggered ability blocks (seed 003 Villages: a Village's trigger resolves
between two steps of a move), which must be refused as before: the checked options hold only
until a step queues a trigger.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from domain.event_base import GameEvent
from domain.resolution import Resolver
from domain.rulesets.tinyepic import engine, villages
from domain.rulesets.tinyepic.events import UnitPlaced
from domain.rulesets.tinyepic.movement import ENEMY
from domain.rulesets.tinyepic.state import TetUnit
from domain.state import TriggerState
from tests.tiny_epic_tactics.support import example_events, of, self_play_events, tet, unit


def _written(events: list[GameEvent]) -> list[str]:
    """Each event as its log writes it (JSON: an int and a float differ), without the envelope."""
    return [f"{e.name} {json.dumps(e.payload(), sort_keys=True)}" for e in events]


def _judged_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every step left to the resolver, which judges it again (the code before)."""
    monkeypatch.setattr(engine, "take_checked_steps", lambda resolver, move_id, options: None)


def _games() -> Iterator[tuple[str, list[GameEvent]]]:
    yield from example_events()
    yield from self_play_events(range(4))


def test_checked_steps_record_what_the_resolver_records_on_every_example_and_along_self_play(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    taken = _games()
    checked = [(name, _written(events)) for name, events in taken]
    with monkeypatch.context() as patch:
        _judged_again(patch)
        again = [(name, _written(events)) for name, events in _games()]
    assert [name for name, _ in checked] == [name for name, _ in again]
    steps = 0
    for (name, mine), (_, theirs) in zip(checked, again, strict=True):
        assert mine == theirs, name
        steps += sum(line.startswith("StepTaken ") for line in mine)
    assert steps > 100


def _placing_an_enemy(at: str) -> Any:
    """A Village's trigger that also places a new enemy on ``at``: no rule of Tiny Epic Tactics
    does, which is the point (the fast path must not rest on what today's triggers do)."""
    plain = villages.resolve

    def resolve(resolver: Resolver, trigger: TriggerState) -> None:
        plain(resolver, trigger)
        if "x" not in resolver.state.units:
            blocker = TetUnit(id="x", card="x", owner="p2", kind="Fighter", location=at, movement=3, health=6, max_health=6)
            resolver.emit(UnitPlaced, cause=trigger.id, unit=blocker)

    return resolve


def _move_through_the_village(monkeypatch: pytest.MonkeyPatch) -> list[GameEvent]:
    monkeypatch.setattr(villages, "resolve", _placing_an_enemy("2,0"))
    played = tet([". v . ."], units=[unit("s", "p1", "0,0", movement=5), unit("e", "p2", "3,0")])
    return played.game.issue({"command": "move", "unit": "s", "path": ["1,0", "2,0"]})


def test_a_step_an_earlier_steps_trigger_blocks_is_refused_as_when_each_step_is_judged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    events = _move_through_the_village(monkeypatch)
    assert of(events, "StepTaken", frm="0,0", to="1,0") and of(events, "UnitPlaced")
    refused = of(events, "StepRefused", frm="1,0", to="2,0")
    assert refused and refused[0].rule == ENEMY  # type: ignore[attr-defined]
    assert not of(events, "StepTaken", to="2,0")
    with monkeypatch.context() as patch:
        _judged_again(patch)
        again = _move_through_the_village(patch)
    assert _written(events) == _written(again)
