"""Abilities that trigger at the start or the end of a turn and move units or change their
movement keywords (issue 9), and the choice a player answers with ``choose`` for a "may" or a
target: one test per rule, each failing if its ability is removed."""

from __future__ import annotations

from typing import Any

import pytest

from domain.commands import Choose, OrderTriggers
from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.cards import ABILITIES
from domain.rulesets.sorcery.view import RealmView
from sim.selfplay import self_play
from tests.helpers import game, scenario

#: the realm is 5 columns by 4 rows: 1-5, 6-10, 11-15, 16-20
LAND = (6, 7, 8, 9, 11, 12, 14, 16, 17, 18)


def realm(units: str, sites: dict[int, str] | None = None, script: str = "", active: str = "p1", extra: str = "") -> Any:
    placed = {sq: "Valley" for sq in LAND}
    placed.update(sites or {})
    text = (
        f"title: t\nruleset: sorcery\nactive_player: {active}\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: {name}, controller: p1}}\n" for sq, name in sorted(placed.items()))
        + "  units:\n" + units + extra
    )
    if script:
        text += "script:\n" + script
    return game(text)


def at(g: Any, unit: str) -> str | None:
    return g.state.units[unit].location  # type: ignore[no-any-return]


def end_turn(g: Any, *answers: str) -> Any:
    g.issue({"command": "end_turn"})
    for answer in answers:
        g.issue({"command": "choose", "option": answer})
    return g


# --- the turn structure and the choice ---------------------------------------------------------


def test_end_of_turn_triggers_resolve_before_the_turn_passes() -> None:
    g = realm("    - {id: gnomes, card: Gneissgnath Gnomes, owner: p1, at: 7}\n")
    g.issue({"command": "end_turn"})
    assert g.state.choice is not None and g.state.choice.player == "p1"
    assert g.state.active_player == "p1" and g.state.turn == 1  # the turn waits for the answer
    g.issue({"command": "choose", "option": "yes"})
    assert at(g, "gnomes") == "7/underground"
    assert g.state.active_player == "p2" and g.state.turn == 2 and not g.state.storyline


def test_a_choice_is_refused_with_one_line_naming_the_field_or_rule() -> None:
    g = realm("    - {id: gnomes, card: Gneissgnath Gnomes, owner: p1, at: 7}\n")
    with pytest.raises(IllegalCommand, match="no choice is pending"):
        g.issue({"command": "choose", "option": "yes"})
    g.issue({"command": "end_turn"})
    with pytest.raises(BadInput, match="option") as bad:
        g.issue({"command": "choose", "option": "maybe"})
    assert bad.value.where == "option"
    with pytest.raises(IllegalCommand, match="own choice"):
        g.issue({"command": "choose", "player": "p2", "option": "yes"})
    with pytest.raises(BadInput, match="player"):
        g.issue({"command": "choose", "player": "p9", "option": "yes"})
    with pytest.raises(IllegalCommand, match="must first answer"):
        g.issue({"command": "end_turn"})


def test_a_trigger_order_choice_is_not_answered_with_choose() -> None:
    g = realm(
        "    - {id: fox, card: Sly Fox, owner: p1, at: 7}\n    - {id: fox2, card: Sly Fox, owner: p1, at: 8}\n",
        extra="options: {trigger_order: ask}\n",
    )
    g.issue({"command": "end_turn"})
    assert g.state.choice is not None and g.state.choice.kind == "order_triggers"
    with pytest.raises(IllegalCommand, match="order_triggers"):
        g.issue({"command": "choose", "option": "t1"})


def test_the_legal_commands_answer_a_may_with_each_option() -> None:
    g = realm("    - {id: gnomes, card: Gneissgnath Gnomes, owner: p1, at: 7}\n")
    g.issue({"command": "end_turn"})
    assert g.legal_commands() == [Choose(player="p1", option="yes"), Choose(player="p1", option="no")]
    assert not any(isinstance(c, OrderTriggers) for c in g.legal_commands())


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_self_play_answers_the_choices(policy: str) -> None:
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in LAND)
        + "  units:\n"
        "    - {id: gnomes, card: Gneissgnath Gnomes, owner: p1, at: 7}\n"
        "    - {id: beast, card: Questing Beast, owner: p1, at: 12}\n"
        "    - {id: sirens, card: Guile Sirens, owner: p2, at: 9}\n"
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 8}\n"
        "    - {id: troll2, card: Bosk Troll, owner: p1, at: 14}\n"
    )
    report = self_play(scenario(text), 4, policy, 1).report
    assert report.verified and report.turns == 4


# --- at the end of your turn ----------------------------------------------------------------------


def test_gneissgnath_gnomes_may_burrow_at_the_end_of_your_turn() -> None:
    assert at(end_turn(realm("    - {id: g, card: Gneissgnath Gnomes, owner: p1, at: 7}\n"), "yes"), "g") == "7/underground"
    assert at(end_turn(realm("    - {id: g, card: Gneissgnath Gnomes, owner: p1, at: 7}\n"), "no"), "g") == "7"
    # the opponent's Gnomes don't burrow at p1's turn's end: nothing to answer
    g = end_turn(realm("    - {id: g, card: Gneissgnath Gnomes, owner: p2, at: 7}\n"))
    assert g.state.choice is None and at(g, "g") == "7"


def test_questing_beast_may_take_a_step_at_the_end_of_your_turn() -> None:
    g = realm("    - {id: beast, card: Questing Beast, owner: p1, at: 12}\n")
    g.issue({"command": "end_turn"})
    assert g.state.choice is not None and sorted(g.state.choice.options) == ["11", "17", "7", "no"]  # 13 is a void
    g.issue({"command": "choose", "option": "17"})
    assert at(g, "beast") == "17"
    assert at(end_turn(realm("    - {id: beast, card: Questing Beast, owner: p1, at: 12}\n"), "no"), "beast") == "12"


def test_vatn_draconis_may_submerge_all_minions_here() -> None:
    units = (
        "    - {id: dragon, card: Vatn Draconis, owner: p1, at: 13}\n"
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 13}\n"
        "    - {id: beside, card: Bosk Troll, owner: p2, at: 12}\n"
    )
    g = end_turn(realm(units, {13: "Stream"}), "yes")
    assert at(g, "dragon") == "13/underwater"
    assert not g.state.units["troll"].alive  # no Submerge: it dies underwater (digest 1.6)
    assert at(g, "beside") == "12"
    g = end_turn(realm(units, {13: "Stream"}), "no")
    assert at(g, "dragon") == "13" and at(g, "troll") == "13"


def test_sly_fox_gains_stealth_at_the_end_of_your_turn() -> None:
    g = realm("    - {id: fox, card: Sly Fox, owner: p1, at: 7}\n")
    assert "Stealth" not in RealmView.of(g.state).keywords("fox")
    end_turn(g)
    assert "Stealth" in RealmView.of(g.state).keywords("fox")


def test_survivors_of_serava_gain_stealth_only_with_no_enemy_nearby() -> None:
    alone = end_turn(realm("    - {id: s, card: Survivors of Serava, owner: p1, at: 7}\n"))
    assert "Stealth" in RealmView.of(alone.state).keywords("s")
    crowded = end_turn(realm(
        "    - {id: s, card: Survivors of Serava, owner: p1, at: 7}\n    - {id: e, card: Bosk Troll, owner: p2, at: 12}\n"
    ))
    assert "Stealth" not in RealmView.of(crowded.state).keywords("s")


def test_thin_ice_submerges_minions_atop_totalling_5_or_more_power() -> None:
    heavy = end_turn(realm(
        "    - {id: a, card: Bosk Troll, owner: p2, at: 13}\n    - {id: b, card: Bosk Troll, owner: p2, at: 13}\n",
        {13: "Thin Ice"},
    ))
    assert not heavy.state.units["a"].alive and not heavy.state.units["b"].alive
    light = end_turn(realm("    - {id: a, card: Bosk Troll, owner: p2, at: 13}\n", {13: "Thin Ice"}))
    assert at(light, "a") == "13"


def test_nightmare_may_push_each_enemy_minion_here() -> None:
    units = (
        "    - {id: night, card: Nightmare, owner: p1, at: 12}\n"
        "    - {id: a, card: Bosk Troll, owner: p2, at: 12}\n"
        "    - {id: b, card: Bosk Troll, owner: p2, at: 12}\n"
        "    - {id: ally, card: Bosk Troll, owner: p1, at: 12}\n"
    )
    g = realm(units)
    g.issue({"command": "end_turn"})
    assert g.state.choice is not None and "13/void" in g.state.choice.options  # a void beside it
    g.issue({"command": "choose", "option": "7"})
    g.issue({"command": "choose", "option": "no"})
    assert at(g, "a") == "7" and at(g, "b") == "12" and at(g, "ally") == "12"
    assert g.state.choice is None and g.state.turn == 2


def test_undertaker_engine_may_burrow_and_unburrow_minions_at_its_site() -> None:
    units = (
        "    - {id: up, card: Cave Trolls, owner: p2, at: 7}\n"
        "    - {id: down, card: Cave Trolls, owner: p1, at: '7/underground'}\n"
    )
    engine = "  artifacts:\n    - {id: engine, card: Undertaker Engine, controller: p1, at: 7}\n"
    g = end_turn(realm(units, extra=engine), "yes", "yes")
    assert at(g, "up") == "7/underground" and at(g, "down") == "7"
    g = end_turn(realm(units, extra=engine), "yes", "no")  # one choice each, in id order: down, then up
    assert at(g, "up") == "7" and at(g, "down") == "7"


# --- at the start of your turn --------------------------------------------------------------------


def test_mudflow_surfaces_each_minion_below_the_target_nearby_site() -> None:
    units = (
        "    - {id: deep, card: Cave Trolls, owner: p2, at: '8/underground'}\n"
        "    - {id: far, card: Cave Trolls, owner: p2, at: '11/underground'}\n"
    )
    g = end_turn(realm(units, {13: "Mudflow"}, active="p2"))  # p1's turn starts
    assert at(g, "deep") == "8" and at(g, "far") == "11/underground"  # 11 is not nearby 13


def test_mudflow_asks_which_site_when_several_have_minions_below() -> None:
    units = (
        "    - {id: a, card: Cave Trolls, owner: p2, at: '8/underground'}\n"
        "    - {id: b, card: Cave Trolls, owner: p2, at: '14/underground'}\n"
    )
    g = end_turn(realm(units, {13: "Mudflow"}, active="p2"), "14")
    assert at(g, "a") == "8/underground" and at(g, "b") == "14"


def test_guile_sirens_force_a_target_nearby_enemy_minion_to_step_toward_them() -> None:
    units = (
        "    - {id: sirens, card: Guile Sirens, owner: p1, at: 7}\n"
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 12}\n"
        "    - {id: other, card: Bosk Troll, owner: p2, at: 8}\n"
    )
    g = realm(units, active="p2")
    g.issue({"command": "end_turn"})
    assert g.state.choice is not None and sorted(g.state.choice.options) == ["other>7", "troll>7"]
    g.issue({"command": "choose", "option": "troll>7"})
    assert at(g, "troll") == "7" and at(g, "other") == "8"


def test_unland_angler_pulls_enemy_minions_atop_adjacent_sites_only_while_submerged() -> None:
    units = (
        "    - {id: angler, card: Unland Angler, owner: p1, at: '13/underwater'}\n"
        "    - {id: a, card: Bosk Troll, owner: p2, at: 12}\n"
        "    - {id: b, card: Bosk Troll, owner: p2, at: 14}\n"
        "    - {id: diag, card: Bosk Troll, owner: p2, at: 7}\n"
    )
    g = end_turn(realm(units, {13: "Stream"}, active="p2"))
    assert at(g, "a") == "13" and at(g, "b") == "13" and at(g, "diag") == "7"
    surfaced = units.replace("'13/underwater'", "13")
    g = end_turn(realm(surfaced, {13: "Stream"}, active="p2"))
    assert at(g, "a") == "12" and at(g, "b") == "14"


# --- both -------------------------------------------------------------------------------------------


def test_monastery_gargoyle_has_airborne_or_is_a_monument_as_chosen() -> None:
    g = realm("    - {id: gar, card: Monastery Gargoyle, owner: p1, at: 7}\n")
    assert "Airborne" not in RealmView.of(g.state).keywords("gar")
    end_turn(g, "airborne")
    assert "Airborne" in RealmView.of(g.state).keywords("gar")
    g.issue({"command": "end_turn", "player": "p2"})  # p1's turn starts: chosen again
    g.issue({"command": "choose", "option": "monument"})
    assert "Airborne" not in RealmView.of(g.state).keywords("gar")


@pytest.mark.parametrize(("seed", "keyword"), [(2, "Airborne"), (3, "Ranged"), (1, "Lethal"), (5, None)])
def test_ribble_boggart_gains_a_random_mutation_until_the_end_of_turn(seed: int, keyword: str | None) -> None:
    units = "    - {id: bog, card: Ribble Boggart, owner: p1, at: 7}\n"
    g = end_turn(realm(units, active="p2", extra=f"seed: {seed}\n"))  # p1's turn starts: a d4
    rolled = [e for e in g.pending_events if e.name == "DiceRolled"]
    assert len(rolled) == 1 and rolled[0].dice == "1d4"
    gained = {"Airborne", "Lethal", "Ranged"} & RealmView.of(g.state).keywords("bog")
    assert gained == ({keyword} if keyword else set())
    g.issue({"command": "end_turn"})  # until the end of turn
    assert not {"Airborne", "Lethal", "Ranged"} & RealmView.of(g.state).keywords("bog")


def test_every_turn_ability_is_known_to_the_engine() -> None:
    from domain.rulesets.sorcery.abilities import AtTurn, Resolve
    from domain.rulesets.sorcery.triggers.primitives import PRIMITIVES
    from domain.rulesets.sorcery.triggers.registry import RESOLVERS

    at_turns = [(card, a) for card, abilities in ABILITIES.items() for a in abilities if isinstance(a.when, AtTurn)]
    assert at_turns
    for card, ability in at_turns:
        assert ability.timing == "triggered", card
        if isinstance(ability.does, Resolve):
            assert ability.does.name in RESOLVERS, card
        else:
            assert type(ability.does) in PRIMITIVES, card  # Untap (Belfry, Malakhim)