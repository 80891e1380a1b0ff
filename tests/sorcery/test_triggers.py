"""Triggered abilities and their ordering (digest 2.11, gap 6; DESIGN principle 6)."""

from __future__ import annotations

import pytest

from domain.errors import BadInput, IllegalCommand
from tests.helpers import game, names

TWO_SHARKS = """
title: two sharks
ruleset: sorcery
active_player: %s
options: {trigger_order: %s}
aliases: {A: 11, S: 12, T: 13}
setup:
  sites:
    - {at: A, card: Valley, controller: p1}
    - {at: S, card: Stream, controller: p1}
    - {at: T, card: Deep Sea, controller: p2}
  units:
    - {id: shark1, card: Giant Shark, owner: p1, at: T}
    - {id: shark2, card: Giant Shark, owner: p2, at: T}
    - {id: steed, card: Phantom Steed, owner: %s, at: A}
    - {id: warriors, card: Amazon Warriors, owner: %s, at: A, carried_by: steed}
"""


ONE_SHARK = TWO_SHARKS.replace("    - {id: shark2, card: Giant Shark, owner: p2, at: T}\n", "")


def test_non_active_players_triggers_resolve_first() -> None:
    g = game(TWO_SHARKS % ("p1", "policy", "p1", "p1"))
    events = g.issue({"command": "move_and_attack", "unit": "steed", "path": ["S"]})
    ordered = [e for e in events if e.name == "TriggersOrdered"]
    # (each Shark's own move later triggers the other Shark, so more orderings follow)
    assert [e.player for e in ordered[:2]] == ["p1", "p2"]  # active player's go on first...
    resolved = [g_e.trigger_id for g_e in events if g_e.name == "TriggerResolved"]
    first = next(e for e in events if e.name == "TriggerQueued" and e.trigger.id == resolved[0])
    assert first.trigger.controller == "p2"  # ...so the non-active player's resolve first


def test_policy_orders_one_players_triggers_as_queued_and_says_so() -> None:
    g = game(TWO_SHARKS.replace("{id: shark2, card: Giant Shark, owner: p2, at: T}", "{id: shark2, card: Giant Shark, owner: p1, at: T}") % ("p1", "policy", "p2", "p2"))
    events = g.issue({"command": "end_turn"})
    events = g.issue({"command": "move_and_attack", "unit": "steed", "path": ["S"]})
    ordered = [e for e in events if e.name == "TriggersOrdered"]
    assert ordered and ordered[0].decided_by == "policy:declaration-order"
    first_batch = [e.trigger.id for e in events if e.name == "TriggerQueued"][:4]
    assert ordered[0].order == first_batch  # 2 sharks x (steed, warriors), as queued


def test_ask_waits_for_the_player_and_refuses_other_commands_meanwhile() -> None:
    g = game(ONE_SHARK % ("p2", "ask", "p2", "p2"))
    events = g.issue({"command": "move_and_attack", "unit": "steed", "path": ["S"]})
    assert names(events)[-1] == "ChoiceRequested"
    assert g.state.choice is not None and g.state.choice.player == "p1"
    with pytest.raises(IllegalCommand, match="must first answer"):
        g.issue({"command": "end_turn"})
    with pytest.raises(IllegalCommand, match="p1 decides"):
        g.issue({"command": "order_triggers", "player": "p2", "order": ["steed", "warriors"]})
    with pytest.raises(BadInput, match="each of"):
        g.issue({"command": "order_triggers", "player": "p1", "order": ["steed"]})
    events = g.issue({"command": "order_triggers", "player": "p1", "order": ["warriors", "steed"]})
    assert events[1].name == "TriggersOrdered" and events[1].decided_by == "player"
    assert g.state.choice is None and not g.state.storyline


def test_a_trigger_whose_source_left_the_realm_is_ignored() -> None:
    armed = ONE_SHARK + "  artifacts:\n    - {id: dagger, card: Poisonous Dagger, bearer: steed}\n"
    g = game(armed % ("p2", "policy", "p2", "p2"))
    events = g.issue({"command": "move_and_attack", "unit": "steed", "path": ["S"]})
    outcomes = [e.outcome for e in events if e.name == "TriggerResolved"]
    assert any("no longer in the realm" in o for o in outcomes)


def test_giant_shark_moves_by_a_shortest_path_to_the_unit_then_fights() -> None:
    g = game(ONE_SHARK % ("p2", "policy", "p2", "p2"))
    events = g.issue({"command": "move_and_attack", "unit": "steed", "path": ["S"]})
    shark_steps = [(e.frm, e.to) for e in events if e.name == "StepTaken" and e.unit == "shark1"]
    assert shark_steps == [("13", "12")]
    assert "FightStarted" in names(events)


def test_giant_shark_ignores_units_moving_outside_its_body_of_water() -> None:
    g = game(ONE_SHARK % ("p2", "policy", "p2", "p2"))
    events = g.issue({"command": "move_and_attack", "unit": "steed", "path": ["6/void"]})
    assert "TriggerQueued" not in names(events)


def test_bottomless_pit_spares_airborne_minions() -> None:
    g = game(
        """
        title: pit
        ruleset: sorcery
        aliases: {A: 11, B: 12}
        setup:
          sites:
            - {at: A, card: Valley, controller: p1}
            - {at: B, card: Bottomless Pit, controller: p1}
          units:
            - {id: pegasus, card: Plumed Pegasus, owner: p1, at: A}
        """
    )
    events = g.issue({"command": "move_and_attack", "unit": "pegasus", "path": ["B"]})
    assert "TriggerQueued" not in names(events)
    assert g.state.units["pegasus"].alive


def test_bogs_genesis_is_triggered_and_creates_an_ongoing_effect_until_its_controllers_next_turn() -> None:
    g = game(
        """
        title: bog
        ruleset: sorcery
        aliases: {A: 11, S: 12}
        setup:
          sites:
            - {at: A, card: Valley, controller: p1}
        """
    )
    events = g.issue({"command": "play_site", "card": "Bog", "at": "S", "target": "S"})
    assert names(events)[-4:] == ["TriggerQueued", "TriggersOrdered", "TriggerResolved", "EffectStarted"]
    effect = events[-1].effect
    assert effect.duration == "until_next_turn" and effect.controller == "p1"
    g.issue({"command": "end_turn"})
    assert effect.id in g.state.effects  # still in force on the opponent's turn
    ended = g.issue({"command": "end_turn"})
    assert "EffectEnded" in names(ended) and effect.id not in g.state.effects


def test_events_name_their_cause() -> None:
    g = game(ONE_SHARK % ("p2", "policy", "p2", "p2"))
    events = g.issue({"command": "move_and_attack", "unit": "steed", "path": ["S"]})
    step = next(e for e in events if e.name == "StepTaken")
    queued = [e for e in events if e.name == "TriggerQueued"]
    assert all(e.cause == step.event_id for e in queued)
    fight = next(e for e in events if e.name == "FightStarted")
    assert fight.cause in {e.trigger.id for e in queued}
    assert events[1].cause == events[0].command_id


def test_a_silenced_or_disabled_unit_triggers_nothing_whatever_its_trigger() -> None:
    """A silenced or disabled unit has no abilities (codex: Silenced, Disabled): one rule for every
    kind of trigger. Before, a silenced Giant Shark still hunted (only a disabled one didn't) and a
    disabled unit's turn triggers were queued (only a silenced one's weren't)."""
    silenced = game((ONE_SHARK % ("p2", "policy", "p2", "p2")).replace(
        "  units:\n", "  units:\n    - {id: sisters, card: Sisters of Silence, owner: p1, at: T}\n"))
    events = silenced.issue({"command": "move_and_attack", "unit": "steed", "path": ["S"]})
    assert "TriggerQueued" not in names(events)
    disabled = game(
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        "    - {at: 7, card: Valley, controller: p1}\n    - {at: 8, card: Valley, controller: p1}\n"
        "  units:\n    - {id: beast, card: Questing Beast, owner: p1, at: 7}\n"
        "  artifacts:\n    - {id: shackles, card: Iron Shackles, bearer: beast}\n"
    )
    events = disabled.issue({"command": "end_turn"})
    assert "TriggerQueued" not in names(events) and "TurnStarted" in names(events)


#: p1 (active) moves a Beast of Burden carrying Foot Soldiers into p2's Giant Shark's Stream under
#: p1's Mariner's Curse: each unit is the subject of one Shark trigger (p2's) and one Curse
#: trigger (p1's); each player is asked to order their own two (trigger_order: ask)
SHARK_AND_CURSE = """
title: shark and curse, asked
ruleset: sorcery
active_player: p1
options: {trigger_order: ask}
aliases: {A: 11, S: 12, N: 13}
setup:
  sites:
    - {at: A, card: Valley, controller: p1}
    - {at: S, card: Stream, controller: p2}
    - {at: N, card: Steppe, controller: p1}
  units:
    - {id: shark, card: Giant Shark, owner: p2, at: S}
    - {id: beast, card: Beast of Burden, owner: p1, at: N}
    - {id: soldiers, card: Foot Soldiers, owner: p1, at: N, carried_by: beast}
  auras:
    - {id: curse, card: Mariner's Curse, controller: p1, at: 12}
"""


def test_a_player_orders_their_triggers_by_unit_though_the_other_player_has_triggers_for_it() -> None:
    # codex: Storyline (digest 2.11): p1 orders only p1's triggers, so 'beast' names p1's
    # Curse trigger for the beast, not p2's Shark trigger for it too
    g = game(SHARK_AND_CURSE)
    g.issue({"command": "move_and_attack", "unit": "beast", "path": ["S"]})
    assert g.state.choice is not None and g.state.choice.player == "p1"
    g.issue({"command": "order_triggers", "player": "p1", "order": ["soldiers", "beast"]})
    ordered = [e for e in g.pending_events if type(e).__name__ == "TriggersOrdered"]
    assert ordered[-1].order == ["t4", "t2"]
