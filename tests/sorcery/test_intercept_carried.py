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


def _awaited(events: list[object]) -> list[list[str]]:
    return [e.carried_along for e in events if type(e).__name__ == "InterceptAwaited"]  # type: ignore[attr-defined]


def test_intercept_units_dropped_on_arrival_were_still_carried_along() -> None:
    """A Silence aura covers 8 (3, 4, 8, 9): the Stagecoach is silenced on arrival and drops the
    troll it carried there. The troll still came with it on its last step (StepTaken.carried),
    so it can't intercept it (digest 2.6, 3.4; before, the drop cleared carried_by before the
    list was made and the troll was offered the intercept)."""
    g = game(COACH + "  auras:\n    - {id: silence, card: Silence, controller: p2, at: 3}\n")
    g.issue({"command": "pick_up", "unit": "coach", "targets": ["troll"]})
    events = g.issue({"command": "move_and_attack", "unit": "coach", "path": ["8"]})
    assert g.state.units["troll"].carried_by is None  # type: ignore[attr-defined]
    assert g.state.units["troll"].location == g.state.units["coach"].location  # type: ignore[attr-defined]
    assert _awaited(events) == [["troll"]]
    assert _offered(events) == [["waiting"]]
    assert _intercept_commands(g) == ["waiting"]


def test_intercept_a_refused_named_attack_still_leaves_out_the_units_carried_along() -> None:
    """Stagecoach carries the troll 7 -> 8 naming an attack on a troll it left behind at 7: the
    attack is refused at 8 (AttackRefused), it used Move and Attack and didn't attack (codex:
    Intercept), and the troll it carried came with it, so only the troll waiting may intercept."""
    g = game(COACH + "    - {id: far, card: Bosk Troll, owner: p2, at: 7}\n")
    g.issue({"command": "pick_up", "unit": "coach", "targets": ["troll"]})
    events = g.issue({"command": "move_and_attack", "unit": "coach", "path": ["8"], "attack": "far"})
    assert "AttackRefused" in [type(e).__name__ for e in events]
    assert _awaited(events) == [["troll"]]
    assert _offered(events) == [["waiting"]]
    assert _intercept_commands(g) == ["waiting"]


def test_intercept_a_first_step_refused_carries_nothing_along() -> None:
    """The Stagecoach's only step, into the void, is refused (codex: Voidwalk): it took no step,
    so what it carries was there all along and may intercept it where it stands (digest 3.4)."""
    g = game(COACH)
    g.issue({"command": "pick_up", "unit": "coach", "targets": ["troll"]})
    events = g.issue({"command": "move_and_attack", "unit": "coach", "path": ["2"]})
    assert "StepRefused" in [type(e).__name__ for e in events]
    assert _awaited(events) == [[]]
    assert _offered(events) == [["rider", "their_coach", "troll"]]


def test_intercept_a_friendly_and_an_enemy_minion_carried_together() -> None:
    """The Stagecoach carries p1's own troll and p2's troll to 8: both came with it (named in
    carried_along); the friendly one could never intercept, the enemy one can't either, and the
    troll waiting at 8 may (digest 2.6, 3.4)."""
    g = game(COACH + "    - {id: mate, card: Bosk Troll, owner: p1, at: 7}\n")
    g.issue({"command": "pick_up", "unit": "coach", "targets": ["mate", "troll"]})
    events = g.issue({"command": "move_and_attack", "unit": "coach", "path": ["8"]})
    assert _awaited(events) == [["mate", "troll"]]
    assert _offered(events) == [["waiting"]]
    assert _intercept_commands(g) == ["waiting"]


BOOTS = "  artifacts:\n    - {id: boots, card: Seven-League Boots, controller: p1, bearer: coach}\n"


def test_intercept_units_carried_out_and_back_came_with_the_carrier() -> None:
    """Out and back (7 -> 8 -> 7, Seven-League Boots: Movement +7): the troll stood at 7 before,
    but it left with the Stagecoach and came back with it on its last step, so it came with it
    as one carried in would (the chosen reading, docs/sorcery.md, option carried_units_intercept);
    the troll that stayed at 7 without it (their_coach, rider) may intercept."""
    g = game(COACH + BOOTS)
    g.issue({"command": "pick_up", "unit": "coach", "targets": ["troll"]})
    events = g.issue({"command": "move_and_attack", "unit": "coach", "path": ["8", "7"]})
    assert g.state.units["coach"].location == "7"  # type: ignore[attr-defined]
    assert _awaited(events) == [["troll"]]
    assert _offered(events) == [["rider", "their_coach"]]


def test_option_carried_units_intercept_allowed_lets_a_carried_unit_intercept() -> None:
    """The rules are silent on carried units (inferred from digest 2.6/3.4): under
    ``carried_units_intercept: allowed`` the troll it carried to 8 may intercept it, as in logs
    recorded before the option; none is named carried along."""
    g = game(COACH.replace("setup:", "options: {carried_units_intercept: allowed}\nsetup:"))
    g.issue({"command": "pick_up", "unit": "coach", "targets": ["troll"]})
    events = g.issue({"command": "move_and_attack", "unit": "coach", "path": ["8"]})
    assert _awaited(events) == [[]]
    assert _offered(events) == [["troll", "waiting"]]
    g.issue({"command": "intercept", "player": "p2", "unit": "troll"})


def test_option_carried_units_intercept_refused_by_default_and_recorded() -> None:
    """A new game records refused (its default) in its GameStarted; a record without the option
    (games recorded before it) means allowed (``RuleOptions.ABSENT_MEANS``), and allowed is
    left out of a record, as those games were recorded."""
    from domain.events import GameStarted
    from domain.rulesets.sorcery.options import SorceryOptions

    assert SorceryOptions().carried_units_intercept == "refused"
    assert SorceryOptions().model_dump()["carried_units_intercept"] == "refused"
    assert "carried_units_intercept" not in SorceryOptions(carried_units_intercept="allowed").model_dump()
    assert SorceryOptions.recorded({})["carried_units_intercept"] == "allowed"
    started = next(e for e in game(COACH).pending_events if isinstance(e, GameStarted))  # type: ignore[attr-defined]
    assert started.options["carried_units_intercept"] == "refused"


def test_option_carried_units_intercept_a_log_recorded_before_it_verifies_as_played() -> None:
    """tests/fixtures/logs-later/sorcery-carried-troll-intercepts.jsonl, written at 76316e8
    (before 17d6354): the carried troll intercepts its Stagecoach. Its InterceptAwaited and
    InterceptOffered are schema 1 (upcast with carried_along: []) and its GameStarted has no
    carried_units_intercept, read as allowed: it folds, replays and verifies as played."""
    from domain.rulesets.sorcery.events_combat import InterceptAwaited, InterceptDeclared, InterceptOffered
    from domain.rulesets.sorcery.state import SorceryState
    from projections.state_hash import fold
    from sim.logfile import read_jsonl
    from sim.replay import verify
    from tests.test_legacy_logs import FIXTURES

    path = FIXTURES / "logs-later" / "sorcery-carried-troll-intercepts.jsonl"
    assert '"topic":"sorcery.InterceptAwaited"' in path.read_text()
    events = read_jsonl(path)
    state = fold(events)
    assert isinstance(state, SorceryState) and state.options.carried_units_intercept == "allowed"
    assert [e.carried_along for e in events if isinstance(e, InterceptAwaited)] == [[]]
    assert [e.eligible for e in events if isinstance(e, InterceptOffered)] == [["carried", "waiting"]]
    assert [e.unit for e in events if isinstance(e, InterceptDeclared)] == ["carried"]
    assert verify(events).ok
