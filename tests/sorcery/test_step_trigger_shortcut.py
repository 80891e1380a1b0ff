"""Speed never changes an answer: a step asks none of the six step matchers (triggers/match.py,
``on_step``) when no card of the game waits for any kind of moment a step can be, and each
matcher passes over its own kind when no card waits for it (``_present``).

The reference here runs every matcher in full: ``_present`` is made to answer every kind of
moment there is, so that each matcher walks every unit and site for its sources, as the code
did before any shortcut. Every Sorcery example and seeded random self-play must record the same
events, field for field, both ways.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domain.event_base import GameEvent
from domain.rulesets.sorcery import abilities
from domain.rulesets.sorcery.triggers import match
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests.helpers import EXAMPLES

SORCERY = sorted((EXAMPLES / "sorcery").glob("*.yaml"))
EVERY_KIND: frozenset[type] = frozenset(
    kind for kind in vars(abilities).values() if isinstance(kind, type) and issubclass(kind, abilities.When) and kind is not abilities.When
)


def _facts(events: list[GameEvent]) -> list[tuple[str, dict[str, Any]]]:
    return [(type(e).__name__, e.payload()) for e in events[1:]]  # the game's start names its own id


def test_every_kind_of_moment_a_step_can_be_is_a_step_kind() -> None:
    """The six matchers ``on_step`` calls are for exactly these kinds."""
    assert {abilities.Enters, abilities.Occupies, abilities.CrossesBorder, abilities.StepsOntoGroundAbove,
            abilities.Moves, abilities.EntersVoid} == match.STEP_KINDS


@pytest.mark.parametrize("path", SORCERY, ids=[p.stem for p in SORCERY])
def test_step_triggers_skipped_only_where_no_card_waits_for_them(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = load_scenario(path)
    fast = _facts(list(play(scenario, seed=scenario.seed).events))
    monkeypatch.setattr(match, "_present", lambda state: EVERY_KIND)
    full = _facts(list(play(scenario, seed=scenario.seed).events))
    assert fast == full


@pytest.mark.parametrize("seed", range(6))
def test_step_triggers_skipped_only_where_no_card_waits_for_them_in_self_play(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    scenario = load_scenario(SORCERY[seed * 7 % len(SORCERY)])
    fast = _facts(self_play(scenario, 3, "random", seed, verify_log=False, keep_script=False).events)
    monkeypatch.setattr(match, "_present", lambda state: EVERY_KIND)
    full = _facts(self_play(scenario, 3, "random", seed, verify_log=False, keep_script=False).events)
    assert fast == full
