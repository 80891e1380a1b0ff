"""At Rest (codex: At Rest; Ordering Ongoing Effects - The Layer System, "Minions Disabled While
At Rest"): a defender that moved in is not at rest for the whole attack; two minions that disable
others at rest are ordered, the one that won the first check (not at rest) keeping the earlier
timestamp while the other stays at rest, else the older one winning; they never switch each
other off."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.coverage import derive
from domain.rulesets.sorcery.view import RealmView
from tests.helpers import game

SQUARES = (2, 3, 6, 7, 8, 9, 11, 12, 13, 14)


def realm(units: str, active: str = "p1") -> Any:
    return game(
        f"title: t\nruleset: sorcery\nactive_player: {active}\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in SQUARES)
        + "  units:\n" + units
    )


def disabled(g: Any, unit: str) -> bool:
    return RealmView.of(g.state).disabled(unit) is not None


def named(g: Any, kind: str) -> list[Any]:
    return [e for e in g.pending_events if type(e).__name__ == kind]


BASILISK = "    - {id: basilisk, card: Hillock Basilisk, owner: p1, at: 12}\n"


def test_minions_at_rest_where_a_basilisk_attacks_are_disabled_before_they_can_defend() -> None:
    # the prey's neighbour asks: the prey itself, the attack's target, can't defend anyway (codex: Defend)
    g = realm(BASILISK + "    - {id: prey, card: Bosk Troll, owner: p2, at: 7}\n    - {id: other, card: Bosk Troll, owner: p2, at: 7}\n")
    g.issue({"command": "move_and_attack", "unit": "basilisk", "path": ["7"], "attack": "prey"})
    assert disabled(g, "prey") and disabled(g, "other")
    with pytest.raises(IllegalCommand, match="Hillock Basilisk"):
        g.issue({"command": "defend", "unit": "other", "player": "p2"})


def test_a_defender_that_moved_in_is_not_at_rest_for_the_whole_attack_and_strikes() -> None:
    g = realm("    - {id: basilisk, card: Hillock Basilisk, owner: p1, at: 7}\n"
              "    - {id: prey, card: Bosk Troll, owner: p2, at: 7}\n"
              "    - {id: guard, card: Wild Boars, owner: p2, at: 8}\n")
    g.issue({"command": "move_and_attack", "unit": "basilisk", "attack": "prey"})
    g.issue({"command": "defend", "unit": "guard", "player": "p2"})
    g.issue({"command": "pass", "player": "p2"})
    # at the Basilisk's location: disabled if at rest; the guard moved in and defended
    strikes = [e.striker for e in named(g, "StrikeDealt")]
    assert "guard" in strikes
    assert disabled(g, "guard")  # the attack over, it is at rest again, and disabled


def test_two_gorgons_set_up_side_by_side_the_older_disables_the_younger() -> None:
    g = realm("    - {id: old, card: Stone-gaze Gorgons, owner: p1, at: 7}\n"
              "    - {id: young, card: Stone-gaze Gorgons, owner: p2, at: 8}\n")
    assert disabled(g, "young") and not disabled(g, "old")


def test_a_gorgon_that_moves_beside_another_wins_and_keeps_winning_once_both_are_at_rest() -> None:
    g = realm("    - {id: old, card: Stone-gaze Gorgons, owner: p2, at: 7}\n"
              "    - {id: mover, card: Stone-gaze Gorgons, owner: p1, at: 9}\n")
    g.issue({"command": "move_and_attack", "unit": "mover", "path": ["8"]})
    assert g.state.units["mover"].location == "8"
    assert disabled(g, "old") and not disabled(g, "mover")
    assert any(getattr(e.effect.spec, "kind", "") == "precedence" for e in named(g, "EffectStarted"))


def test_the_precedence_ends_when_the_loser_moves_and_the_one_moving_in_wins_again() -> None:
    g = realm("    - {id: old, card: Stone-gaze Gorgons, owner: p1, at: 7}\n"
              "    - {id: mover, card: Stone-gaze Gorgons, owner: p1, at: 9}\n")
    g.issue({"command": "move_and_attack", "unit": "mover", "path": ["8"]})
    assert disabled(g, "old")
    g.issue({"command": "cast", "card": "Blink", "targets": ["old", "3"]})  # moved by force, next to 8
    assert g.state.units["old"].location == "3"
    assert disabled(g, "mover") and not disabled(g, "old")
    assert named(g, "EffectEnded")


def test_a_basilisk_and_gorgons_are_ordered_like_two_gorgons() -> None:
    # the Basilisk at 12 looks forward to 7; the Gorgons step to 7, beside... and in front of it
    g = realm(BASILISK + "    - {id: gorgons, card: Stone-gaze Gorgons, owner: p2, at: 6}\n", active="p2")
    g.issue({"command": "move_and_attack", "unit": "gorgons", "path": ["7"]})
    assert disabled(g, "basilisk") and not disabled(g, "gorgons")


def test_the_at_rest_gap_is_no_longer_listed_for_the_ordering_and_the_attack() -> None:
    for name in ("Hillock Basilisk", "Stone-gaze Gorgons"):
        text = " ".join(derive(name).unmodelled)
        assert "switch each other off" not in text and "defender that moved in" not in text


def test_a_gorgon_summoned_beside_another_at_rest_wins_it_entered_the_realm() -> None:
    g = realm("    - {id: old, card: Stone-gaze Gorgons, owner: p2, at: 7}\n"
              "    - {id: avatar, card: Sorcerer, owner: p1, at: 13}\n")
    g.issue({"command": "summon", "card": "Stone-gaze Gorgons", "id": "new", "at": "8", "player": "p1"})
    assert disabled(g, "old") and not disabled(g, "new")
