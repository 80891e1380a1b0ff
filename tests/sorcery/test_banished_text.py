"""A minion without Voidwalk in the void (pulled there: Into the Abyss) is banished, not killed (digest 1.6; codex: Void): the
state already treats it so (no death counted, ``SorceryState.unit_died``), and the event's text
says so too. Before, ``UnitDied`` read "dies" for a banished unit. Text only: the event and its
fields are as they were (logs are forever)."""

from __future__ import annotations

from domain.events import UnitDied
from domain.rules import RuleRef
from domain.rulesets.sorcery.state import SorceryState
from tests.helpers import game

BOARD = """
title: a step into the void
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 7, card: Valley, controller: p1}
    - {at: 8, card: Valley, controller: p1}
  units:
    - {id: troll, card: Bosk Troll, owner: p1, at: 7}
"""


def test_codex_void_a_banished_minion_is_described_as_banished_not_dying() -> None:
    g = game(BOARD)
    events = g.issue({"command": "cast", "card": "Into the Abyss", "targets": ["troll", "2"]})
    gone = [e for e in events if isinstance(e, UnitDied)]
    state = g.state
    assert isinstance(state, SorceryState)
    assert len(gone) == 1 and state.deaths == []  # banished: no death counted
    text = gone[0].describe(str)
    assert "banished" in text.split(":")[0] and "dies" not in text


def test_a_killed_unit_still_dies_in_the_text() -> None:
    why = RuleRef(ruleset="sorcery", source="Bottomless Pit", message="kills non-Airborne minions that enter it")
    assert UnitDied.model_construct(unit="troll", at="7", rule=why).describe(str).startswith("troll dies at 7")
