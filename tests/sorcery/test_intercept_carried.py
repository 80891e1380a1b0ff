"""Intercept and carrying: a unit carried along by the mover didn't stand at its final location
before it came, so it can't intercept it (codex: Intercept, "your units there"; digest 3.4:
interceptors are already there and don't move; digest 2.6: carried units move with the carrier)."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from tests.helpers import game

COACH = """
title: coach
ruleset: sorcery
setup:
  sites:
    - {at: 7, card: Valley, controller: p1}
    - {at: 8, card: Valley, controller: p1}
  units:
    - {id: coach, card: Stagecoach, owner: p1, at: 7}
    - {id: troll, card: Bosk Troll, owner: p2, at: 7}
    - {id: waiting, card: Bosk Troll, owner: p2, at: 8}
    - {id: their_coach, card: Stagecoach, owner: p2, at: 7}
    - {id: rider, card: Bosk Troll, owner: p2, at: 7, carried_by: their_coach}
"""


def _intercept_commands(g: object) -> list[str]:
    return sorted(c.unit for c in g.legal_commands() if type(c).__name__ == "Intercept")  # type: ignore[attr-defined]


def _offered(events: list[object]) -> list[list[str]]:
    return [e.eligible for e in events if type(e).__name__ == "InterceptOffered"]  # type: ignore[attr-defined]


def test_intercept_a_unit_carried_along_cant_intercept_its_carrier() -> None:
    """Stagecoach carries p2's troll from 7 to 8: only the troll already waiting at 8 may
    intercept it (digest 3.4 and 2.6)."""
    g = game(COACH)
    g.issue({"command": "pick_up", "unit": "coach", "targets": ["troll"]})
    events = g.issue({"command": "move_and_attack", "unit": "coach", "path": ["8"]})
    assert _offered(events) == [["waiting"]]
    assert _intercept_commands(g) == ["waiting"]
    with pytest.raises(IllegalCommand, match="carried"):
        g.issue({"command": "intercept", "player": "p2", "unit": "troll"})
    g.issue({"command": "intercept", "player": "p2", "unit": "waiting"})


def test_intercept_units_carried_along_through_passengers_cant_intercept() -> None:
    """Stagecoach carries p2's own Stagecoach, which carries a troll: neither came to 8 but with
    the mover, and no one else is there, so no intercept is offered (Phantom Steed FAQ: carried
    units may carry others)."""
    g = game(COACH.replace("{id: waiting, card: Bosk Troll, owner: p2, at: 8}", "{id: waiting, card: Bosk Troll, owner: p2, at: 7}"))
    g.issue({"command": "pick_up", "unit": "coach", "targets": ["their_coach"]})
    events = g.issue({"command": "move_and_attack", "unit": "coach", "path": ["8"]})
    assert _offered(events) == []
    assert g.state.intercept is None  # type: ignore[attr-defined]


def test_intercept_a_carried_unit_already_there_may_intercept_a_carrier_that_doesnt_move() -> None:
    """Move and Attack without moving or attacking can be intercepted where the unit stands
    (digest 3.4): the troll it carries was there all along and didn't move, so it may."""
    g = game(COACH)
    g.issue({"command": "pick_up", "unit": "coach", "targets": ["troll"]})
    events = g.issue({"command": "move_and_attack", "unit": "coach", "path": []})
    assert _offered(events) == [["rider", "their_coach", "troll"]]
    assert "troll" in _intercept_commands(g)
