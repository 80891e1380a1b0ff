"""A Move records its action as ``turns.begin_action`` records any action (digest 2: the action's
number in the turn; a unit's second, different action makes it Weakened while its player has
three units or more). ``engine.handle_move`` records it inline, so the events each Move recorded
are compared, on every example and along random self-play, with what ``begin_action`` records
on the state just before them."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from domain.events import GameStarted
from domain.rulesets.tinyepic import turns
from domain.rulesets.tinyepic.events import ActionTaken, UnitWeakened
from domain.state import GameState
from tests.tiny_epic_tactics.support import example_events, self_play_events


def _begin_action_records(state: GameState, unit_id: str) -> list[tuple[str, dict[str, Any]]]:
    """What ``turns.begin_action`` emits for a Move of ``unit_id`` on ``state``."""
    emitted: list[tuple[str, dict[str, Any]]] = []
    resolver = SimpleNamespace(game=SimpleNamespace(state=state), emit=lambda cls, **fields: emitted.append((cls.__name__, fields)))
    turns.begin_action(resolver, state.units[unit_id], "move")  # type: ignore[arg-type]  # what it reads of a resolver
    return emitted


def test_a_move_records_its_action_as_begin_action_does_on_every_example_and_along_self_play() -> None:
    moves = weakened = 0
    for name, events in [*example_events(), *self_play_events(range(6))]:
        state: GameState | None = None
        for n, event in enumerate(events):
            if isinstance(event, GameStarted):
                state = event.initial_state()
                continue
            assert state is not None
            if type(event) is ActionTaken and event.action == "move":
                expected = _begin_action_records(state, event.unit)
                after = events[n + 1] if n + 1 < len(events) else None
                recorded = [("ActionTaken", {"unit": event.unit, "action": "move", "number": event.number})]
                if type(after) is UnitWeakened and after.cause == event.cause:
                    recorded.append(("UnitWeakened", {"unit": after.unit, "turn": after.turn}))
                assert recorded == expected, f"{name}, event {n + 1}"
                moves += 1
                weakened += len(recorded) - 1
            event.fold_into(state)
    assert moves > 100 and weakened > 0
