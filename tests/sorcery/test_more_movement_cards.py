"""More cards of the pool that grant, remove or bar movement keywords, Immobile and Disabled, and
more teleports and pushes (issue 9): one test per rule, each failing if its ability is removed."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.view import RealmView
from sim.runner import ScriptRefused
from tests.helpers import game, reach

SITES = "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in (6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 18))


def realm(units: str, extra: str = "", script: str = "", active: str = "p1") -> Any:
    text = (
        "title: t\nruleset: sorcery\n"
        f"active_player: {active}\n"
        "setup:\n  sites:\n" + SITES + "  units:\n" + units + extra
    )
    if script:
        text += "script:\n" + script
    return game(text)


def view(g: Any) -> RealmView:
    return RealmView.of(g.state)


# --- passives --------------------------------------------------------------------------------


def test_root_spider_disables_minions_directly_above_it_only_while_burrowed() -> None:
    g = realm(
        "    - {id: spider, card: Root Spider, owner: p2, at: '7/underground'}\n"
        "    - {id: above, card: Bosk Troll, owner: p1, at: 7}\n"
        "    - {id: beside, card: Bosk Troll, owner: p1, at: 8}\n"
        "    - {id: spider2, card: Root Spider, owner: p2, at: 12}\n"
        "    - {id: with_surface_spider, card: Bosk Troll, owner: p1, at: 12}\n"
    )
    assert "Root Spider" in str(view(g).disabled("above"))
    assert "8" not in reach(g, "above") and "6" not in reach(g, "above")
    assert view(g).disabled("beside") is None
    assert view(g).disabled("with_surface_spider") is None  # not burrowed: nobody is above it
    assert "8" in reach(g, "beside")


def test_plate_of_the_whale_makes_a_bearer_with_less_than_3_power_immobile() -> None:
    g = realm(
        "    - {id: boars, card: Wild Boars, owner: p1, at: 7}\n"
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 12}\n"
        "    - {id: squire, card: Sir Tristan, owner: p1, at: 17}\n",
        "  artifacts:\n"
        "    - {id: plate, card: Plate of the Whale, bearer: boars}\n"
        "    - {id: plate2, card: Plate of the Whale, bearer: troll}\n"
        "    - {id: plate3, card: Plate of the Whale, bearer: squire}\n",
    )
    assert "Plate of the Whale" in str(view(g).immobile("boars", parse_loc("7")))
    assert "8" not in reach(g, "boars")
    assert view(g).immobile("troll", parse_loc("12")) is None  # power 3: not less than 3
    assert view(g).immobile("squire", parse_loc("17")) is None  # 2/4: averaged 3 (codex: Split Power)


def test_gossamer_ghost_cant_be_immobilized_or_disabled() -> None:
    g = realm(
        "    - {id: ghost, card: Gossamer Ghost, owner: p1, at: 13}\n"
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 14}\n"
        "    - {id: shackled_ghost, card: Gossamer Ghost, owner: p1, at: 7}\n",
        "  artifacts:\n    - {id: shackles, card: Iron Shackles, bearer: shackled_ghost}\n"
        "  auras:\n    - {id: entangle, card: Entangle Terrain, controller: p2, at: 13}\n",
    )
    v = view(g)
    assert v.immobile("ghost", parse_loc("13")) is None and "8" in reach(g, "ghost")
    assert "Entangle Terrain" in str(v.immobile("troll", parse_loc("14")))
    assert v.disabled("shackled_ghost") is None and "8" in reach(g, "shackled_ghost")


def test_shackled_demon_is_disabled() -> None:
    g = realm("    - {id: demon, card: Shackled Demon, owner: p1, at: 7}\n")
    assert "Shackled Demon" in str(view(g).disabled("demon"))
    assert "8" not in reach(g, "demon")


def test_pebbled_paths_minions_atop_nearby_sites_lose_charge() -> None:
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n" + SITES
        + "    - {at: 2, card: Pebbled Paths, controller: p2}\n"
        "  units:\n"
        "    - {id: near, card: Wild Fanatic, owner: p1, at: 7, summoned: true}\n"
        "    - {id: far, card: Wild Fanatic, owner: p1, at: 17, summoned: true}\n"
    )
    v = view(game(text))
    assert "Charge" not in v.keywords("near")  # atop a nearby site: summoning sick again
    assert "Charge" in v.keywords("far")


def test_hunting_party_nearby_enemies_lose_stealth() -> None:
    g = realm(
        "    - {id: party, card: Hunting Party, owner: p1, at: 7}\n"
        "    - {id: near, card: Gossamer Ghost, owner: p2, at: 8}\n"
        "    - {id: far, card: Gossamer Ghost, owner: p2, at: 18}\n"
        "    - {id: ally, card: Gossamer Ghost, owner: p1, at: 6}\n"
    )
    v = view(g)
    assert "Stealth" not in v.keywords("near")
    assert "Stealth" in v.keywords("far") and "Stealth" in v.keywords("ally")


def test_sir_bors_the_younger_enemies_lose_stealth_everywhere() -> None:
    g = realm(
        "    - {id: bors, card: Sir Bors the Younger, owner: p1, at: 6}\n"
        "    - {id: far, card: Gossamer Ghost, owner: p2, at: 18}\n"
        "    - {id: ally, card: Gossamer Ghost, owner: p1, at: 16}\n"
    )
    v = view(g)
    assert "Stealth" not in v.keywords("far") and "Stealth" in v.keywords("ally")


# --- spells that disable or grant ------------------------------------------------------------


def test_onslaught_allies_have_charge_and_cant_be_immobilized_silenced_or_disabled_this_turn() -> None:
    g = realm(
        "    - {id: fresh, card: Bosk Troll, owner: p1, at: 7, summoned: true}\n"
        "    - {id: shackled, card: Bosk Troll, owner: p1, at: 12}\n"
        "    - {id: enemy, card: Bosk Troll, owner: p2, at: 17}\n",
        "  artifacts:\n    - {id: shackles, card: Iron Shackles, bearer: shackled}\n"
        "    - {id: shackles2, card: Iron Shackles, bearer: enemy}\n",
        "  - {command: cast, card: Onslaught}\n",
    )
    v = view(g)
    assert "Charge" in v.keywords("fresh") and v.disabled("shackled") is None
    assert "Iron Shackles" in str(v.disabled("enemy"))
    g.issue({"command": "end_turn"})
    assert "Iron Shackles" in str(view(g).disabled("shackled"))


def test_frost_nova_disables_the_enemy_minions_nearby_its_caster_as_it_is_cast() -> None:
    g = realm(
        "    - {id: avatar, card: Sorcerer, owner: p1, at: 7}\n"
        "    - {id: near, card: Bosk Troll, owner: p2, at: 8}\n"
        "    - {id: ally, card: Bosk Troll, owner: p1, at: 6}\n"
        "    - {id: far, card: Bosk Troll, owner: p2, at: 9}\n",
        script="  - {command: cast, card: Frost Nova, targets: [avatar]}\n  - {command: end_turn}\n",
    )
    v = view(g)
    assert "Frost Nova" in str(v.disabled("near"))
    assert v.disabled("ally") is None and v.disabled("far") is None
    g.issue({"command": "move_and_attack", "unit": "far", "path": ["13"]})  # comes near: not frozen
    assert view(g).disabled("far") is None


def test_frost_nova_is_cast_by_an_avatar_or_a_spellcaster() -> None:
    with pytest.raises(ScriptRefused, match="not a Spellcaster"):
        realm(
            "    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n",
            script="  - {command: cast, card: Frost Nova, targets: [troll]}\n",
        )


def test_psionic_blast_disables_the_minions_at_its_casters_location() -> None:
    g = realm(
        "    - {id: avatar, card: Sorcerer, owner: p1, at: 7}\n"
        "    - {id: here, card: Bosk Troll, owner: p2, at: 7}\n"
        "    - {id: ally_here, card: Bosk Troll, owner: p1, at: 7}\n"
        "    - {id: beside, card: Bosk Troll, owner: p2, at: 8}\n",
        script="  - {command: cast, card: Psionic Blast, targets: [avatar]}\n",
    )
    v = view(g)
    assert "Psionic Blast" in str(v.disabled("here")) and "Psionic Blast" in str(v.disabled("ally_here"))
    assert v.disabled("avatar") is None and v.disabled("beside") is None


def test_geyser_gives_each_minion_at_the_target_site_airborne_this_turn() -> None:
    g = realm(
        "    - {id: there, card: Wild Boars, owner: p1, at: 12}\n"
        "    - {id: elsewhere, card: Wild Boars, owner: p1, at: 13}\n",
        script="  - {command: cast, card: Geyser, targets: [12]}\n",
    )
    assert "Airborne" in view(g).keywords("there") and "6" in reach(g, "there")
    assert "Airborne" not in view(g).keywords("elsewhere")
    g.issue({"command": "move_and_attack", "unit": "elsewhere", "path": ["12"]})  # arrives later
    assert "Airborne" not in view(g).keywords("elsewhere")
    g.issue({"command": "end_turn"})
    assert "Airborne" not in view(g).keywords("there")


# --- teleports and pushes --------------------------------------------------------------------


def test_recall_teleports_allied_minions_to_the_casters_location() -> None:
    g = realm(
        "    - {id: avatar, card: Sorcerer, owner: p1, at: 16}\n"
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 9}\n"
        "    - {id: stays, card: Bosk Troll, owner: p1, at: 8}\n",
        script="  - {command: cast, card: Recall, targets: [avatar, troll]}\n",
    )
    assert g.state.units["troll"].location == "16" and g.state.units["stays"].location == "8"
    with pytest.raises(IllegalCommand, match="minion"):
        g.issue({"command": "cast", "card": "Recall", "targets": ["avatar", "avatar"]})


def test_scatter_pushes_every_unit_at_the_location_one_step_each() -> None:
    g = realm(
        "    - {id: a, card: Bosk Troll, owner: p2, at: 7}\n"
        "    - {id: b, card: Wild Boars, owner: p1, at: 7}\n",
        script="  - {command: cast, card: Scatter, targets: [7, a, 6, b, 12]}\n",
    )
    assert (g.state.units["a"].location, g.state.units["b"].location) == ("6", "12")
    with pytest.raises(IllegalCommand, match="Scatter"):  # one step: 6 to 8 is two
        g.issue({"command": "cast", "card": "Scatter", "targets": ["6", "a", "8"]})


def test_whirlwind_pushes_units_atop_sites_of_a_2x2_area_around_it() -> None:
    g = realm(
        "    - {id: a, card: Wild Boars, owner: p1, at: 12}\n"
        "    - {id: b, card: Bosk Troll, owner: p2, at: 13}\n"
        "    - {id: below, card: Cave Trolls, owner: p2, at: '12/underground'}\n"
        "    - {id: outside, card: Bosk Troll, owner: p2, at: 14}\n",
        script="  - {command: cast, card: Whirlwind, targets: [12, counterclockwise]}\n",
    )
    where = {u: g.state.units[u].location for u in ("a", "b", "below", "outside")}
    assert where == {"a": "17", "b": "12", "below": "12/underground", "outside": "14"}


def test_bound_spirit_is_disabled_unless_adjacent_to_an_allied_spellcaster() -> None:
    g = realm(
        "    - {id: alone, card: Bound Spirit, owner: p1, at: 6}\n"
        "    - {id: bound, card: Bound Spirit, owner: p1, at: 12}\n"
        "    - {id: wizard, card: Apprentice Wizard, owner: p1, at: 13}\n"
        "    - {id: enemy_wizard, card: Apprentice Wizard, owner: p2, at: 7}\n"
        "    - {id: by_avatar, card: Bound Spirit, owner: p1, at: 17}\n"
        "    - {id: avatar, card: Sorcerer, owner: p1, at: 18}\n"
    )
    v = view(g)
    assert "Bound Spirit" in str(v.disabled("alone"))  # an enemy Spellcaster adjacent does not count
    assert v.disabled("bound") is None and "11" in reach(g, "bound")
    assert v.disabled("by_avatar") is None


def test_sleep_disables_a_minion_up_to_two_steps_away_until_it_takes_damage() -> None:
    g = realm(
        "    - {id: avatar, card: Sorcerer, owner: p1, at: 6}\n"
        "    - {id: sleeper, card: Amazon Warriors, owner: p2, at: 8}\n"
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 9}\n"
        "    - {id: far, card: Wild Boars, owner: p2, at: 9}\n",
        script="  - {command: cast, card: Sleep, targets: [avatar, sleeper]}\n",
    )
    assert "Sleep" in str(view(g).disabled("sleeper"))
    with pytest.raises(IllegalCommand, match="two steps"):
        g.issue({"command": "cast", "card": "Sleep", "targets": ["avatar", "far"]})  # three steps away
    g.issue({"command": "end_turn"})
    g.issue({"command": "end_turn"})
    assert "Sleep" in str(view(g).disabled("sleeper"))  # turns pass: still asleep
    g.issue({"command": "move_and_attack", "unit": "troll", "path": ["8"], "attack": "sleeper"})
    g.issue({"command": "pass", "player": "p2"})
    assert g.state.units["sleeper"].alive and view(g).disabled("sleeper") is None  # woken by 3 damage
    assert any(e.name == "EffectEnded" and "took damage" in getattr(e, "reason", "") for e in g.pending_events)


def test_two_bound_spirits_side_by_side_are_both_disabled() -> None:
    g = realm(
        "    - {id: a, card: Bound Spirit, owner: p1, at: 8}\n"
        "    - {id: b, card: Bound Spirit, owner: p1, at: 9}\n"
    )
    assert view(g).disabled("a") is not None and view(g).disabled("b") is not None


GATE_WALKED = """
title: t
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 11, card: Planar Gate, controller: p1}
    - {at: 14, card: Valley, controller: p1}
  units:
    - {id: nomads, card: Rimland Nomads, owner: p1, at: 11}
script:
  - {command: move_and_attack, unit: nomads, path: [12/void, 13/void]}
  - {command: end_turn, player: p1}
  - {command: end_turn, player: p2}
"""


def test_a_planar_gates_voidwalk_lasts_until_the_unit_enters_a_site_in_the_lookahead_too() -> None:
    """Planar Gate (digest gap 10): a minion that stepped from the Gate into the void keeps
    Voidwalk until it enters a site. From 13/void the range of motion reaches the site 14 and
    not the void beyond it (the command refuses 14 -> 15/void: the Voidwalk ended at 14), and
    every Move and Attack listed for it is one the command takes."""
    import copy

    g = game(GATE_WALKED)
    r = reach(g, "nomads")
    assert "14" in r and "12/void" in r
    assert "15/void" not in r and any("Voidwalk" in str(x) for x in r.why_not("15/void"))
    trial = copy.deepcopy(g)
    events = trial.issue({"command": "move_and_attack", "unit": "nomads", "path": ["14", "15/void"]})
    assert trial.state.units["nomads"].location == "14"  # the step into the void is refused as it comes
    assert any("Voidwalk" in e.describe(str) for e in events if e.name == "StepRefused")
    listed = [c for c in g.legal_commands() if getattr(c, "unit", None) == "nomads" and c.path]
    assert listed
    for command in listed:
        events = copy.deepcopy(g).issue(command)
        assert not [e for e in events if e.name == "StepRefused"], command  # (it may die where it can't survive)
