"""Movement that reacts to attacks or spells, and swaps (issue 9; abilities_react.py, react.py):
one test per rule, each failing if its ability or spell is removed."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.cards import ABILITIES, SPELLS
from domain.rulesets.sorcery.coverage import derive
from tests.sorcery.test_cards_turnly import at, realm

WISP = "Wills-o'-the-Wisp"


def unit(uid: str, card: str, owner: str, where: int | str, extra: str = "") -> str:
    return f'    - {{id: {uid}, card: "{card}", owner: {owner}, at: {where}{extra}}}\n'


def events(g: Any, name: str) -> list[Any]:
    return [e for e in g.pending_events if e.name == name]


def outcomes(g: Any) -> list[str]:
    return [e.outcome for e in events(g, "TriggerResolved")]


# --- Wills-o'-the-Wisp: "whenever attacked", before the defend window (codex: Attack, step 2) ----------


def test_attacked_wisps_may_teleport_to_a_nearby_void_and_evade_the_attack() -> None:
    g = realm(unit("troll", "Bosk Troll", "p1", 7) + unit("wisp", WISP, "p2", 7))
    g.issue({"command": "move_and_attack", "unit": "troll", "attack": "wisp"})
    choice = g.state.choice
    assert choice is not None and choice.player == "p2"  # the Wisps' controller decides, before any defender
    assert "3/void" in choice.options and "12" in choice.options and "7" not in choice.options and "no" in choice.options
    with pytest.raises(IllegalCommand):
        g.issue({"command": "defend", "unit": "wisp"})  # the choice comes first
    g.issue({"command": "choose", "player": "p2", "option": "3/void"})
    assert at(g, "wisp") == "3/void"
    g.issue({"command": "pass", "player": "p2"})
    assert not events(g, "FightStarted") and g.state.units["wisp"].alive


def test_wisps_that_choose_to_stay_are_attacked_and_the_choice_is_recorded() -> None:
    g = realm(unit("troll", "Bosk Troll", "p1", 7) + unit("wisp", WISP, "p2", 7))
    g.issue({"command": "move_and_attack", "unit": "troll", "attack": "wisp"})
    with pytest.raises(BadInput, match="option"):
        g.issue({"command": "choose", "player": "p2", "option": "19"})
    g.issue({"command": "choose", "player": "p2", "option": "no"})
    assert "wisp stays and is attacked (p2's choice)" in outcomes(g)
    g.issue({"command": "pass", "player": "p2"})
    assert not g.state.units["wisp"].alive


def test_wisps_teleport_only_when_they_are_the_attacked_unit() -> None:
    g = realm(unit("troll", "Bosk Troll", "p1", 7) + unit("wisp", WISP, "p2", 7) + unit("nomads", "Rimland Nomads", "p2", 7))
    g.issue({"command": "move_and_attack", "unit": "troll", "attack": "nomads"})
    assert g.state.choice is None and g.state.attack is not None


# --- Dodge Roll: cast by the attacked player in that window ----------------------------------------------


def test_dodge_roll_moves_the_attacked_ally_to_an_adjacent_location_and_it_evades() -> None:
    g = realm(unit("troll", "Bosk Troll", "p1", 7) + unit("nomads", "Rimland Nomads", "p2", 7))
    g.issue({"command": "move_and_attack", "unit": "troll", "attack": "nomads"})
    g.issue({"command": "cast", "card": "Dodge Roll", "targets": ["nomads", "12"]})
    assert at(g, "nomads") == "12"
    g.issue({"command": "pass", "player": "p2"})
    assert not events(g, "FightStarted") and g.state.units["nomads"].damage == 0


def test_dodge_roll_is_cast_only_when_an_ally_is_attacked_before_any_defender() -> None:
    g = realm(unit("troll", "Bosk Troll", "p1", 7) + unit("nomads", "Rimland Nomads", "p2", 7) + unit("amazons", "Amazon Warriors", "p2", 8))
    with pytest.raises(IllegalCommand, match="Dodge Roll"):
        g.issue({"command": "cast", "player": "p2", "card": "Dodge Roll", "targets": ["nomads", "12"]})
    g.issue({"command": "move_and_attack", "unit": "troll", "attack": "nomads"})
    with pytest.raises(IllegalCommand, match="attacking, not attacked"):
        g.issue({"command": "cast", "player": "p1", "card": "Dodge Roll", "targets": ["nomads", "12"]})
    with pytest.raises(IllegalCommand, match="attacked ally"):
        g.issue({"command": "cast", "card": "Dodge Roll", "player": "p2", "targets": ["amazons", "9"]})
    with pytest.raises(IllegalCommand, match="adjacent"):
        g.issue({"command": "cast", "card": "Dodge Roll", "targets": ["nomads", "13"]})
    with pytest.raises(BadInput) as bad:
        g.issue({"command": "cast", "card": "Dodge Roll", "targets": []})
    assert bad.value.where == "targets"
    g.issue({"command": "defend", "unit": "amazons"})
    with pytest.raises(IllegalCommand, match="no attack has just been declared"):
        g.issue({"command": "cast", "card": "Dodge Roll", "targets": ["nomads", "12"]})


# --- Joust! ------------------------------------------------------------------------------------------------


def test_joust_swaps_an_ally_and_an_adjacent_enemy_who_fight_as_they_pass() -> None:
    g = realm(unit("troll", "Bosk Troll", "p1", 7) + unit("nomads", "Rimland Nomads", "p2", 8))
    g.issue({"command": "cast", "card": "Joust!", "targets": ["troll", "nomads"]})
    assert at(g, "troll") == "8"
    assert not g.state.units["nomads"].alive  # it stepped to 7, then the fight: 3 damage kills it
    fight = events(g, "FightStarted")
    assert len(fight) == 1 and fight[0].sides == [["troll"], ["nomads"]]


def test_joust_when_one_step_is_not_taken_they_do_not_pass_and_do_not_fight() -> None:
    g = realm(
        unit("troll", "Bosk Troll", "p1", 7) + unit("nomads", "Rimland Nomads", "p2", 8),
        extra="  artifacts:\n    - {id: shackles, card: Iron Shackles, bearer: nomads}\n",
    )
    g.issue({"command": "cast", "card": "Joust!", "targets": ["troll", "nomads"]})
    assert at(g, "troll") == "8" and at(g, "nomads") == "8"  # the disabled enemy can't step
    assert not events(g, "FightStarted")
    with pytest.raises(IllegalCommand, match="not an enemy adjacent"):
        g.issue({"command": "cast", "card": "Joust!", "targets": ["troll", "nomads"]})  # now at one location


# --- Call of the Sea -----------------------------------------------------------------------------------------


def test_call_of_the_sea_minions_adjacent_step_in_then_all_there_are_submerged() -> None:
    g = realm(
        unit("nomads", "Rimland Nomads", "p2", 14) + unit("troll", "Bosk Troll", "p1", 12) + unit("far", "Bosk Troll", "p1", 7),
        sites={13: "Spring River"},
    )
    g.issue({"command": "cast", "card": "Call of the Sea", "targets": ["13"]})
    assert at(g, "far") == "7"  # diagonal to the site: not adjacent
    assert not g.state.units["troll"].alive and not g.state.units["nomads"].alive  # submerged without Submerge: they die
    assert {e.unit for e in events(g, "StepTaken") if e.kind == "submerge"} == {"troll", "nomads"}
    with pytest.raises(IllegalCommand, match="water site"):
        g.issue({"command": "cast", "card": "Call of the Sea", "targets": ["12"]})


# --- Backstab (the move; the strike is listed as not modelled) ------------------------------------------------


def test_backstab_moves_the_target_minion_to_the_tapped_minion_if_needed() -> None:
    g = realm(unit("troll", "Bosk Troll", "p1", 7) + unit("nomads", "Rimland Nomads", "p2", 8, ", tapped: true")
              + unit("amazons", "Amazon Warriors", "p2", 12))
    with pytest.raises(IllegalCommand, match="not tapped"):
        g.issue({"command": "cast", "card": "Backstab", "targets": ["troll", "amazons"]})
    g.issue({"command": "cast", "card": "Backstab", "targets": ["troll", "nomads"]})
    assert at(g, "troll") == "8"
    g.issue({"command": "cast", "card": "Backstab", "targets": ["troll", "nomads"]})
    assert events(g, "SpellCast")[-1].unaffected == {"troll": "already at 8: no move needed"}
    assert "to strike another target tapped minion there." in derive("Backstab").unmodelled


# --- Sturmgeist and Wind Sylph: casting magic ------------------------------------------------------------------


def test_sturmgeist_steps_closer_to_an_enemy_unit_casting_magic() -> None:
    g = realm(unit("av", "Sorcerer", "p1", 6) + unit("storm", "Sturmgeist", "p2", 18) + unit("own", "Sorcerer", "p2", 14))
    with pytest.raises(BadInput) as bad:
        g.issue({"command": "cast", "card": "Mad Dash", "targets": ["av"]})
    assert bad.value.where == "by"
    with pytest.raises(IllegalCommand, match="Spellcaster"):
        g.issue({"command": "cast", "card": "Mad Dash", "targets": ["av"], "by": "own"})
    g.issue({"command": "cast", "card": "Mad Dash", "targets": ["av"], "by": "av"})
    assert at(g, "storm") == "12"  # Airborne: the diagonal step is the closest (Sturmgeist FAQ)
    assert "then strikes it if adjacent." in derive("Sturmgeist").unmodelled


def test_wind_sylph_may_push_a_unit_here_after_she_casts_magic() -> None:
    g = realm(unit("sylph", "Wind Sylph", "p1", 7) + unit("nomads", "Rimland Nomads", "p2", 7))
    g.issue({"command": "cast", "card": "Mad Dash", "targets": ["sylph"], "by": "sylph"})
    assert g.state.choice is not None and "nomads>8" in g.state.choice.options
    g.issue({"command": "choose", "option": "nomads>8"})
    assert at(g, "nomads") == "8"


def test_wind_sylph_pushes_nothing_when_another_unit_casts() -> None:
    g = realm(unit("sylph", "Wind Sylph", "p1", 7) + unit("av", "Sorcerer", "p1", 7) + unit("nomads", "Rimland Nomads", "p2", 7))
    g.issue({"command": "cast", "card": "Mad Dash", "targets": ["sylph"], "by": "av"})
    assert g.state.choice is None and at(g, "nomads") == "7"


# --- Bladedancer: after her first attack each turn ---------------------------------------------------------------


def test_bladedancer_may_step_after_her_first_attack_then_attack_a_unit_there() -> None:
    g = realm(unit("bd", "Bladedancer", "p1", 7) + unit("wisp", WISP, "p2", 7) + unit("nomads", "Rimland Nomads", "p2", 8))
    g.issue({"command": "move_and_attack", "unit": "bd", "attack": "wisp"})
    g.issue({"command": "choose", "player": "p2", "option": "no"})
    g.issue({"command": "pass", "player": "p2"})
    assert g.state.choice is not None and g.state.choice.player == "p1" and "8" in g.state.choice.options
    g.issue({"command": "choose", "option": "8"})
    assert at(g, "bd") == "8" and g.state.choice is not None and g.state.choice.options == ["nomads", "no"]
    g.issue({"command": "choose", "option": "nomads"})
    assert g.state.attack is not None and g.state.attack.target == "nomads"
    g.issue({"command": "pass", "player": "p2"})
    assert g.state.choice is None  # her second attack triggers nothing


# --- the group is reported as modelled, and the rest of each card's text is not -------------------------------------


def test_the_group_is_merged_and_every_covered_text_is_on_its_card() -> None:
    for name in (WISP, "Wind Sylph", "Bladedancer", "Sturmgeist"):
        assert ABILITIES[name], name
    for name in ("Dodge Roll", "Joust!", "Call of the Sea", "Backstab"):
        assert name in SPELLS, name
    assert derive(WISP).status == "full" and derive("Dodge Roll").status == "full" and derive("Joust!").status == "full"
    # issue 22: its Ranged strike and the step after it are simulated (test_ranged_strikes)
    assert derive("Kite Archer").status == "full"
    assert derive("Bladedancer").unmodelled == ("Tap → Play or draw a site.",)
