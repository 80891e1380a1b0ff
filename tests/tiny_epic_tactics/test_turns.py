"""The turn structure (digest 2): three actions, Weakened, repeats, two units and one unit left."""

from __future__ import annotations

from domain.rulesets.tinyepic.commands import EndTurn, Move, PayToRemoveWeakened
from tests.tiny_epic_tactics.support import health, of, refused, tet, unit


def four(**beast: object):  # type: ignore[no-untyped-def]
    units = [
        unit("b", "p1", "0,0", "Beast", melee=0, **beast), unit("r", "p1", "0,2", "Rogue", missile=9, ammo=3),
        unit("w", "p1", "0,4", "Wizard"), unit("f", "p1", "2,4"), unit("e", "p2", "4,4", melee=0),
    ]
    return tet(width=5, height=5, units=units).game


def test_a_turn_has_at_most_three_actions() -> None:
    game = four()
    for uid, to in (("b", "1,0"), ("r", "1,2"), ("w", "1,4")):
        game.issue({"command": "move", "unit": uid, "path": [to]})
    refused(game, {"command": "move", "unit": "f", "path": ["2,3"]}, "at most three actions")
    assert [c for c in game.legal_commands() if not isinstance(c, EndTurn)] == []


def test_a_second_different_action_makes_a_unit_weakened() -> None:
    game = four()
    game.issue({"command": "move", "unit": "r", "path": ["1,2"]})
    assert not game.state.units["r"].weakened
    events = game.issue({"command": "missile_attack", "unit": "r", "target": "e"})
    assert of(events, "UnitWeakened", unit="r", turn=1) and game.state.units["r"].weakened


def test_a_weakened_unit_takes_no_action() -> None:
    game = four(weakened=True)
    refused(game, {"command": "move", "unit": "b", "path": ["1,0"]}, "Weakened unit can take no action")
    assert not [c for c in game.legal_commands() if getattr(c, "unit", None) == "b" and isinstance(c, Move)]


def test_no_unit_repeats_an_action_while_more_than_one_unit_remains() -> None:
    game = four()
    game.issue({"command": "move", "unit": "r", "path": ["1,2"]})
    refused(game, {"command": "move", "unit": "r", "path": ["2,2"]}, "no unit repeats an action")


def test_two_units_left_no_weakened_tokens_but_two_different_actions_each() -> None:
    units = [unit("r", "p1", "0,0", "Rogue", missile=9, ammo=3), unit("f", "p1", "0,2"), unit("e", "p2", "3,3", melee=0)]
    game = tet(width=4, height=4, units=units).game
    game.issue({"command": "move", "unit": "r", "path": ["1,0"]})
    game.issue({"command": "missile_attack", "unit": "r", "target": "e"})
    assert not game.state.units["r"].weakened
    refused(game, {"command": "move", "unit": "r", "path": ["2,0"]}, "no unit repeats")
    game.issue({"command": "move", "unit": "f", "path": ["0,3"]})


def test_one_unit_left_may_repeat_an_action_three_times() -> None:
    game = tet(width=4, height=1, units=[unit("r", "p1", "0,0", movement=1), unit("e", "p2", "3,0")]).game
    for to in ("1,0", "2,0"):
        game.issue({"command": "move", "unit": "r", "path": [to]})
    refused(game, {"command": "move", "unit": "r", "path": ["3,0"]}, "enemy in the way")
    game.issue({"command": "move", "unit": "r", "path": ["1,0"]})
    assert game.state.units["r"].actions == ["move", "move", "move"] and not game.state.units["r"].weakened


def test_weakened_removed_at_the_end_of_a_turn_without_action() -> None:
    game = four()
    game.issue({"command": "move", "unit": "r", "path": ["1,2"]})
    game.issue({"command": "missile_attack", "unit": "r", "target": "e"})
    game.issue({"command": "end_turn"})
    assert game.state.units["r"].weakened  # it acted in the turn it was Weakened
    game.issue({"command": "end_turn"})
    refused(game, {"command": "move", "unit": "r", "path": ["2,2"]}, "Weakened")
    events = game.issue({"command": "end_turn"})
    assert of(events, "WeakenedRemoved", unit="r", reason="it took no action this turn")


def test_weakened_removed_by_paying_two_health() -> None:
    game = four(weakened=True, health=3)
    refused(game, {"command": "pay_to_remove_weakened", "unit": "r"}, "not Weakened")
    assert PayToRemoveWeakened(player="p1", unit="b") in game.legal_commands()
    game.issue({"command": "pay_to_remove_weakened", "unit": "b"})
    assert health(game, "b") == 1 and not game.state.units["b"].weakened and game.state.actions_taken == 0
    game.issue({"command": "move", "unit": "b", "path": ["1,0"]})
    refused(four(weakened=True, health=2), {"command": "pay_to_remove_weakened", "unit": "b"}, "2 Health or less")


def test_a_token_taken_this_turn_can_not_be_paid_off_this_turn() -> None:
    game = four()
    game.issue({"command": "move", "unit": "r", "path": ["1,2"]})
    game.issue({"command": "missile_attack", "unit": "r", "target": "e"})
    refused(game, {"command": "pay_to_remove_weakened", "unit": "r"}, "rest of the turn")


def test_weakened_tokens_go_when_a_player_is_down_to_two_units() -> None:
    units = [unit("f", "p1", "0,0", melee=3), unit("a", "p2", "1,0", health=1), unit("b", "p2", "3,3", weakened=True),
             unit("c", "p2", "0,3")]
    played = tet(width=4, height=4, units=units, options={"melee_die_faces": ["damage"]})
    events = played.game.issue({"command": "melee_attack", "unit": "f", "target": "a"})
    assert of(events, "UnitDied", unit="a") and of(events, "WeakenedRemoved", unit="b")


def test_only_the_active_player_acts() -> None:
    game = four()
    refused(game, {"command": "move", "unit": "e", "path": ["3,4"]}, "active player")
    refused(game, {"command": "end_turn", "player": "p2"}, "p1's turn")


def _attackers(second_attack: str | None, units_of_p1: int = 3):  # type: ignore[no-untyped-def]
    """A Rogue next to an enemy that it can also shoot; p1 has ``units_of_p1`` units."""
    units = [unit("r", "p1", "1,1", "Rogue", melee=1, missile=4, ammo=3, spell=4, mana=2),
             unit("e", "p2", "2,1", health=20), unit("g", "p2", "3,3", health=20),
             *[unit(f"x{i}", "p1", f"0,{i + 2}") for i in range(units_of_p1 - 1)]]
    options = {"melee_die_faces": ["blank"], "miss_die_faces": ["hit"], "counters": "never"}
    if second_attack is not None:
        options["second_attack"] = second_attack
    return tet(width=4, height=4, units=units, options=options).game


def test_a_unit_cannot_attack_twice_in_a_turn_even_with_another_kind_of_attack() -> None:
    """The rulebook's Taking Actions (the digest's source for its section 2, which leaves this
    out without contradicting it): the same unit cannot attack twice in a turn, even with a
    different type of attack; its FAQ: only spells that deal damage are attacks (a Spell here is
    always a Spell Attack on an enemy). The default (option second_attack: never); a Move is
    still a second action, and a player's last unit repeats any action, attacks included
    (digest 2)."""
    once = _attackers(None)
    once.issue({"command": "melee_attack", "unit": "r", "target": "e"})
    for kind in ("missile_attack", "spell_attack"):
        refused(once, {"command": kind, "unit": "r", "target": "g"}, "cannot attack twice")
    assert {getattr(c, "command", "") for c in once.legal_commands() if getattr(c, "unit", None) == "r"} == {"move"}
    once.issue({"command": "move", "unit": "r", "path": ["1,0"]})  # a Move is still a second action
    assert once.state.units["r"].weakened

    two = _attackers(None, units_of_p1=2)  # two units: still one attack, no token
    two.issue({"command": "missile_attack", "unit": "r", "target": "g"})
    refused(two, {"command": "melee_attack", "unit": "r", "target": "e"}, "cannot attack twice")

    last = _attackers(None, units_of_p1=1)  # the last unit repeats any action
    last.issue({"command": "melee_attack", "unit": "r", "target": "e"})
    last.issue({"command": "missile_attack", "unit": "r", "target": "g"})
    last.issue({"command": "spell_attack", "unit": "r", "target": "g"})
    assert last.state.units["r"].actions == ["melee", "missile", "spell"]

    assert _attackers("never").state.options == once.state.options


def test_option_second_attack_other_kind_a_second_attack_of_another_kind_is_a_different_action() -> None:
    """The variant second_attack: other_kind reads the digest's "a second, different action"
    (section 2) alone: a Melee then a Missile Attack are two different actions, the second one
    Weakening; a second Melee is still a repeat."""
    variant = _attackers("other_kind")
    variant.issue({"command": "melee_attack", "unit": "r", "target": "e"})
    events = variant.issue({"command": "missile_attack", "unit": "r", "target": "g"})
    assert of(events, "UnitWeakened", unit="r")
    assert variant.state.units["r"].actions == ["melee", "missile"]


def test_option_second_attack_absent_from_a_record_means_other_kind() -> None:
    """Logs are forever: games recorded before second_attack's default became never leave it out
    of their GameStarted and were played under other_kind, which its absence keeps meaning
    (``RuleOptions.ABSENT_MEANS``); a new game records never, and other_kind is left out, so a
    game under the variant is recorded and hashed as those older games were."""
    from domain.events import GameStarted
    from domain.rulesets.tinyepic.events import ActionTaken
    from domain.rulesets.tinyepic.options import TetOptions
    from domain.rulesets.tinyepic.state import TetState
    from projections.state_hash import fold
    from sim.logfile import read_jsonl
    from tests.test_legacy_logs import FIXTURES

    assert TetOptions().second_attack == "never"
    assert TetOptions().model_dump()["second_attack"] == "never"
    assert "second_attack" not in TetOptions(second_attack="other_kind").model_dump()
    assert TetOptions.recorded({})["second_attack"] == "other_kind"
    assert TetOptions.recorded({"second_attack": "never"})["second_attack"] == "never"
    assert _attackers(None).state.options.model_dump()["second_attack"] == "never"

    events = read_jsonl(FIXTURES / "logs-later" / "tinyepic-melee-then-missile.jsonl")
    assert isinstance(events[0], GameStarted) and "second_attack" not in events[0].options
    state = fold(events)
    assert isinstance(state, TetState) and state.options.second_attack == "other_kind"
    taken = [(e.unit, e.action) for e in events if isinstance(e, ActionTaken)]
    assert taken[:2] == [("rogue", "melee"), ("rogue", "missile")]  # one turn: the log's p1 turn 1
    assert state.units["rogue"].weakened
    # ``sim diff`` names the option as played, not as absent (None)
    from sim.rule_option import option_differences

    fresh = list(_attackers(None).pending_events)
    assert option_differences(events, fresh)["second_attack"] == ["other_kind", "never"]
    assert "second_attack" not in option_differences(events, list(_attackers("other_kind").pending_events))
