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


def test_option_second_attack_never_a_unit_attacks_once_a_turn_whatever_the_kind() -> None:
    """The rulebook's Taking Actions (the digest's source for its section 2) and its FAQ: a unit
    cannot attack twice in a turn, even with another kind of attack. The digest says only
    "a second, different action", so option second_attack keeps the digest's reading by
    default (other_kind: Melee then Missile are two different actions) and `never` follows the
    rulebook; a player's last unit repeats any action, attacks included (digest 2)."""
    default = _attackers(None)
    default.issue({"command": "melee_attack", "unit": "r", "target": "e"})
    default.issue({"command": "missile_attack", "unit": "r", "target": "g"})
    assert default.state.units["r"].actions == ["melee", "missile"]

    once = _attackers("never")
    once.issue({"command": "melee_attack", "unit": "r", "target": "e"})
    for kind in ("missile_attack", "spell_attack"):
        refused(once, {"command": kind, "unit": "r", "target": "g"}, "cannot attack twice")
    assert {getattr(c, "command", "") for c in once.legal_commands() if getattr(c, "unit", None) == "r"} == {"move"}
    once.issue({"command": "move", "unit": "r", "path": ["1,0"]})  # a Move is still a second action
    assert once.state.units["r"].weakened

    two = _attackers("never", units_of_p1=2)  # two units: still one attack, no token
    two.issue({"command": "missile_attack", "unit": "r", "target": "g"})
    refused(two, {"command": "melee_attack", "unit": "r", "target": "e"}, "cannot attack twice")

    last = _attackers("never", units_of_p1=1)  # the last unit repeats any action
    last.issue({"command": "melee_attack", "unit": "r", "target": "e"})
    last.issue({"command": "missile_attack", "unit": "r", "target": "g"})
    last.issue({"command": "spell_attack", "unit": "r", "target": "g"})
    assert last.state.units["r"].actions == ["melee", "missile", "spell"]


def test_option_second_attack_is_left_out_of_the_record_at_its_default() -> None:
    """A new option holds its default in every older log: left out of the record there
    (``RuleOptions.LATER``), those logs hash and verify as before it existed."""
    from domain.rulesets.tinyepic.options import TetOptions

    assert "second_attack" not in TetOptions().model_dump()
    assert TetOptions(second_attack="never").model_dump()["second_attack"] == "never"
