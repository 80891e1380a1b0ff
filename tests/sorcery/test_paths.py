"""Paths: declared whole, resolved one step at a time (codex: Path, Move and Attack; digest 2.2)."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from tests.helpers import game, names

ROW = """
title: paths
ruleset: sorcery
aliases: {A: 11, B: 12, C: 13, D: 14, E: 15}
setup:
  sites:
    - {at: A, card: Valley, controller: p1}
    - {at: B, card: Gnome Hollows, controller: p1}
    - {at: C, card: Steppe, controller: p1}
    - {at: D, card: Spire, controller: p1}
    - {at: E, card: Ruins, controller: p1}
  units:
    - {id: troll, card: Bosk Troll, owner: p1, at: A}
    - {id: nomads, card: Rimland Nomads, owner: p1, at: C}
    - {id: steed, card: Phantom Steed, owner: p1, at: C}
"""


def test_an_illegal_step_is_refused_and_resolution_goes_on() -> None:
    g = game(ROW)
    events = g.issue({"command": "move_and_attack", "unit": "troll", "path": ["B", "C"]})
    refused = [e for e in events if e.name == "StepRefused"]
    # A->B is refused (Gnome Hollows); B->C then fails too: it doesn't start where the troll is
    assert [e.rule.source for e in refused] == ["Gnome Hollows", "codex: Path"]
    assert "start where the unit is" in refused[1].rule.message
    assert names(events)[-1] == "MoveEnded"
    assert g.state.units["troll"].location == "11"


def test_no_step_is_repeated_within_one_path() -> None:
    """codex: Path: the declaration itself may not repeat a step; A -> B -> A is fine."""
    g = game(ROW)
    with pytest.raises(IllegalCommand, match="repeats"):
        g.issue({"command": "move_and_attack", "unit": "steed", "path": ["D", "C", "D"]})
    events = g.issue({"command": "move_and_attack", "unit": "steed", "path": ["D", "C"]})
    assert [(e.frm, e.to) for e in events if e.name == "StepTaken"] == [("13", "14"), ("14", "13")]


def test_a_path_longer_than_the_allowance_may_be_declared_and_its_extra_steps_fail() -> None:
    g = game(ROW)
    events = g.issue({"command": "move_and_attack", "unit": "nomads", "path": ["D", "E", "D"]})
    assert [e.to for e in events if e.name == "StepTaken"] == ["14", "15"]
    refused = [e for e in events if e.name == "StepRefused"]
    assert len(refused) == 1 and refused[0].rule.source == "codex: Move and Attack"


def test_a_step_to_a_location_that_is_not_adjacent_refuses_the_command_and_records_nothing() -> None:
    g = game(ROW)
    before = (len(g.pending_events), g.version, g.state.model_dump())
    with pytest.raises(IllegalCommand, match="not adjacent"):
        g.issue({"command": "move_and_attack", "unit": "nomads", "path": ["E"]})
    assert (len(g.pending_events), g.version, g.state.model_dump()) == before


def test_move_and_attack_taps_the_unit_and_a_tapped_unit_cannot_move_again() -> None:
    g = game(ROW)
    g.issue({"command": "move_and_attack", "unit": "nomads", "path": ["D"]})
    assert g.state.units["nomads"].tapped
    with pytest.raises(IllegalCommand, match="untapped"):
        g.issue({"command": "move_and_attack", "unit": "nomads", "path": ["E"]})


def test_a_command_out_of_turn_is_refused() -> None:
    g = game(ROW)
    g.issue({"command": "end_turn"})
    with pytest.raises(IllegalCommand, match="p2's turn"):
        g.issue({"command": "move_and_attack", "unit": "nomads", "path": ["D"]})


def test_a_command_for_another_players_unit_is_refused() -> None:
    g = game(ROW)
    with pytest.raises(IllegalCommand, match="belongs to p1"):
        g.issue({"command": "move_and_attack", "player": "p2", "unit": "nomads", "path": ["D"]})


def test_end_of_turn_untaps_the_next_players_units_only() -> None:
    g = game(ROW)
    g.issue({"command": "move_and_attack", "unit": "nomads", "path": ["D"]})
    g.issue({"command": "end_turn"})
    assert g.state.units["nomads"].tapped  # p1's units untap at p1's next turn
    g.issue({"command": "end_turn"})
    assert not g.state.units["nomads"].tapped


def test_a_carried_unit_that_cannot_enter_stays_behind_and_is_dropped() -> None:
    g = game(
        """
        title: carried troll
        ruleset: sorcery
        aliases: {A: 11, B: 12}
        setup:
          sites:
            - {at: A, card: Valley, controller: p1}
            - {at: B, card: Gnome Hollows, controller: p1}
          units:
            - {id: steed, card: Phantom Steed, owner: p1, at: A}
            - {id: troll, card: Bosk Troll, owner: p1, at: A, carried_by: steed}
        """
    )
    events = g.issue({"command": "move_and_attack", "unit": "steed", "path": ["B"]})
    dropped = next(e for e in events if e.name == "UnitDropped")
    assert dropped.unit == "troll" and "Gnome Hollows" in dropped.reason
    step = next(e for e in events if e.name == "StepTaken")
    assert step.carried == []
    assert g.state.units["troll"].location == "11" and g.state.units["troll"].carried_by is None
    assert g.state.units["steed"].location == "12"


def test_a_carried_unit_moves_with_its_carrier_and_enters_with_it() -> None:
    g = game(
        """
        title: carried warriors
        ruleset: sorcery
        aliases: {A: 11, B: 12}
        setup:
          sites:
            - {at: A, card: Valley, controller: p1}
            - {at: B, card: Bottomless Pit, controller: p2}
          units:
            - {id: steed, card: Phantom Steed, owner: p1, at: A}
            - {id: warriors, card: Amazon Warriors, owner: p1, at: A, carried_by: steed}
        """
    )
    events = g.issue({"command": "move_and_attack", "unit": "steed", "path": ["B"]})
    assert {e.trigger.subject for e in events if e.name == "TriggerQueued"} == {"steed", "warriors"}
    assert not g.state.units["steed"].alive and not g.state.units["warriors"].alive


NESTED_LOAD = """
title: a Beast of Burden carried by another, with its own load
ruleset: sorcery
aliases: {A: 11, B: 12}
setup:
  sites:
    - {at: A, card: Valley, controller: p1}
    - {at: B, card: %s, controller: p1}
  units:
    - {id: first, card: Beast of Burden, owner: p1, at: A}
    - {id: second, card: Beast of Burden, owner: p1, at: A, carried_by: first}
    - {id: boars, card: Wild Boars, owner: p1, at: A, carried_by: second}
    - {id: troll, card: Bosk Troll, owner: p1, at: A, carried_by: second}
"""


def test_a_carried_carrier_takes_its_own_load_along() -> None:
    # digest 2.6: carried units may carry others (Phantom Steed FAQ), and a carrier moved by
    # force takes its load along (Hyperparasite FAQ). Before, the second Beast's passengers
    # stayed at A and were dropped there.
    g = game(NESTED_LOAD % "Valley")
    events = g.issue({"command": "move_and_attack", "unit": "first", "path": ["B"]})
    step = next(e for e in events if e.name == "StepTaken")
    assert step.carried == ["second", "boars", "troll"]
    assert not [e for e in events if e.name == "UnitDropped"]
    for unit, carrier in (("second", "first"), ("boars", "second"), ("troll", "second")):
        assert g.state.units[unit].location == "12" and g.state.units[unit].carried_by == carrier


def test_a_passenger_s_passenger_that_cannot_enter_stays_and_its_own_carrier_drops_it() -> None:
    g = game(NESTED_LOAD % "Gnome Hollows")  # power 3 can't enter: the troll, not the boars
    events = g.issue({"command": "move_and_attack", "unit": "first", "path": ["B"]})
    dropped = [e for e in events if e.name == "UnitDropped"]
    assert [(e.unit, e.carrier) for e in dropped] == [("troll", "second")]
    assert g.state.units["troll"].location == "11" and g.state.units["boars"].location == "12"
