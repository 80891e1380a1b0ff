"""Building Tiny Epic Tactics games for tests: a board from rows, units from a few fields."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalCommand
from domain.event_base import GameEvent
from domain.game import Game
from domain.movement import RangeOfMotion
from projections.lookahead import Lookahead
from sim.runner import Played, play
from sim.scenario import parse_scenario
from sim.yamlfile import load_yaml


def unit(uid: str, owner: str, at: str, cls: str = "Fighter", movement: int = 3, health: int = 6, **more: Any) -> dict[str, Any]:
    return {"id": uid, "owner": owner, "class": cls, "at": at, "movement": movement, "health": health, **more}


def tet(
    terrain: list[str] | None = None, levels: list[str] | None = None, units: list[dict[str, Any]] | None = None,
    options: dict[str, Any] | None = None, script: list[dict[str, Any]] | None = None, active_player: str = "p1",
    **setup: Any,
) -> Played:
    data = {
        "title": "test", "ruleset": "tinyepic", "options": options or {}, "active_player": active_player,
        "setup": {"terrain": terrain or [], "levels": levels or [], "units": units or [], **setup},
        "script": script or [],
    }
    located = load_yaml("{}", "<test>")
    located.data = data
    return play(parse_scenario(located))


def reach_of(game: Game | Played, unit_id: str) -> RangeOfMotion:
    events = game.events if isinstance(game, Played) else list(game.pending_events)
    return Lookahead.from_events(events).range_of_motion(unit_id)  # type: ignore[arg-type]


def refused(game: Game, command: dict[str, Any], words: str) -> IllegalCommand:
    """Issue a command that must be refused for a rule containing ``words``; nothing recorded."""
    before = len(game.pending_events)
    with pytest.raises(IllegalCommand) as info:
        game.issue(command)
    assert words.lower() in str(info.value).lower(), str(info.value)
    assert len(game.pending_events) == before
    return info.value


def of(events: list[GameEvent], name: str, **fields: Any) -> list[GameEvent]:
    """The events of one type whose payload has these fields."""
    return [e for e in events if e.name == name and all(e.payload().get(k) == v for k, v in fields.items())]


def health(game: Game, unit_id: str) -> int:
    return game.state.units[unit_id].health  # type: ignore[attr-defined, no-any-return]
