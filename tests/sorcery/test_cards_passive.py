"""Passive abilities and spells of the pool that grant or remove Charge and Stealth, or change
adjacency (issue 9): one test per rule, each failing if its ability is removed."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.view import RealmView
from tests.helpers import game, reach

SITES = "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in (6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 18))


def realm(units: str, extra: str = "", script: str = "", sites: str = SITES) -> Any:
    text = "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n" + sites + "  units:\n" + units + extra
    if script:
        text += "script:\n" + script
    return game(text)


def view(g: Any) -> RealmView:
    return RealmView.of(g.state)


def kinds(g: Any) -> list[str]:
    return [type(e).__name__ for e in g.pending_events]


def refusal(g: Any) -> str:
    """The rule the last refused step named (its card or codex entry)."""
    found = [e for e in g.pending_events if type(e).__name__ == "StepRefused"]
    return found[-1].rule.source if found else ""


def offered(g: Any, unit: str) -> bool:
    return any(type(e).__name__ == "InterceptOffered" and e.unit == unit for e in g.pending_events)


# --- Charge: summoning sickness lifted (codex: Charge) ----------------------------------------


def test_horn_of_caerleon_nearby_minions_have_charge() -> None:
    g = realm(
        "    - {id: near, card: Bosk Troll, owner: p1, at: 8, summoned: true}\n"
        "    - {id: foe, card: Bosk Troll, owner: p2, at: 6, summoned: true}\n"
        "    - {id: far, card: Bosk Troll, owner: p1, at: 18, summoned: true}\n",
        "  artifacts:\n    - {id: horn, card: Horn of Caerleon, at: 7}\n",
        "  - {command: move_and_attack, unit: near, path: [9]}\n",
    )
    v = view(g)
    assert "Charge" in v.keywords("foe")  # any minion, not only allies
    assert g.state.units["near"].location == "9"
    with pytest.raises(IllegalCommand, match="Summoning Sickness"):
        g.issue({"command": "move_and_attack", "unit": "far", "path": ["17"]})


def test_rebecks_nearby_allied_giants_have_charge_itself_included() -> None:
    g = realm(
        "    - {id: rebecks, card: Rebecks, owner: p1, at: 7, summoned: true}\n"
        "    - {id: giant, card: Dirium Fomorians, owner: p1, at: 8, summoned: true}\n"
        "    - {id: foe, card: Dirium Fomorians, owner: p2, at: 6, summoned: true}\n"
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 12, summoned: true}\n",
    )
    v = view(g)
    assert "Charge" in v.keywords("rebecks") and "Charge" in v.keywords("giant")
    assert "Charge" not in v.keywords("foe") and "Charge" not in v.keywords("troll")


def test_the_wild_hunt_other_nearby_spirits_and_faeries_have_charge() -> None:
    g = realm(
        "    - {id: hunt, card: The Wild Hunt, owner: p1, at: 7, summoned: true}\n"
        "    - {id: spirit, card: Cloud Spirit, owner: p2, at: 8, summoned: true}\n"
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 12, summoned: true}\n"
        "    - {id: far, card: Snallygaster, owner: p1, at: 18, summoned: true}\n",
    )
    v = view(g)
    assert "Charge" in v.keywords("spirit")  # an enemy Spirit too: no "allied"
    assert "Charge" not in v.keywords("hunt")  # "other"
    assert "Charge" not in v.keywords("troll") and "Charge" not in v.keywords("far")


def test_charge_spell_gives_an_ally_charge_this_turn() -> None:
    g = realm(
        "    - {id: fresh, card: Bosk Troll, owner: p1, at: 7, summoned: true}\n"
        "    - {id: foe, card: Bosk Troll, owner: p2, at: 17}\n",
        script="  - {command: cast, card: Charge, targets: [fresh]}\n"
        "  - {command: move_and_attack, unit: fresh, path: [8]}\n",
    )
    assert g.state.units["fresh"].location == "8"
    with pytest.raises(BadInput, match="targets"):
        g.issue({"command": "cast", "card": "Charge", "targets": ["foe"]})
    g.issue({"command": "end_turn"})
    assert "Charge" not in view(g).keywords("fresh")


# --- Stealth granted (codex: Stealth; only "can't be intercepted" is simulated) ---------------


def test_fade_gives_an_allied_minion_stealth_so_it_cant_be_intercepted() -> None:
    g = realm(
        "    - {id: boars, card: Wild Boars, owner: p1, at: 7}\n"
        "    - {id: plain, card: Wild Boars, owner: p1, at: 7}\n"
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 8}\n",
        script="  - {command: cast, card: Fade, targets: [boars]}\n"
        "  - {command: move_and_attack, unit: boars, path: [8]}\n"
        "  - {command: move_and_attack, unit: plain, path: [8]}\n",
    )
    assert not offered(g, "boars") and offered(g, "plain")
    g.issue({"command": "pass", "player": "p2"})
    g.issue({"command": "end_turn"})
    assert "Stealth" in view(g).keywords("boars")  # no duration: it stays (marks not simulated)


def test_vanishment_gives_every_allied_minion_then_in_the_realm_stealth() -> None:
    g = realm(
        "    - {id: a, card: Wild Boars, owner: p1, at: 7}\n"
        "    - {id: b, card: Bosk Troll, owner: p1, at: 16}\n"
        "    - {id: foe, card: Wild Boars, owner: p2, at: 8}\n",
        script="  - {command: cast, card: Vanishment}\n",
    )
    v = view(g)
    assert "Stealth" in v.keywords("a") and "Stealth" in v.keywords("b") and "Stealth" not in v.keywords("foe")


# --- Stealth lost for good (codex: Lose) -------------------------------------------------------


def test_scent_hounds_an_enemy_that_passed_nearby_has_lost_stealth_for_good() -> None:
    g = realm(
        "    - {id: hounds, card: Scent Hounds, owner: p2, at: 8}\n"
        "    - {id: demon, card: Dead of Night Demon, owner: p1, at: 7}\n"
        "    - {id: other, card: Dead of Night Demon, owner: p1, at: 16}\n"
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 6}\n",
        script="  - {command: move_and_attack, unit: demon, path: [6]}\n",
    )
    assert "Stealth" not in view(g).keywords("demon")  # at 6, no longer near the hounds
    assert offered(g, "demon")
    assert "Stealth" in view(g).keywords("other")


def test_hounds_of_ondaros_nearby_enemies_permanently_lose_stealth() -> None:
    g = realm(
        "    - {id: hounds, card: Hounds of Ondaros, owner: p2, at: 8}\n"
        "    - {id: demon, card: Dead of Night Demon, owner: p1, at: 7}\n"
        "    - {id: ally, card: Dead of Night Demon, owner: p2, at: 9}\n",
        script="  - {command: move_and_attack, unit: demon, path: [6]}\n",
    )
    v = view(g)
    assert "Stealth" not in v.keywords("demon") and "Stealth" in v.keywords("ally")


def test_master_tracker_enemies_keep_no_stealth_after_it_dies_and_cant_gain_it() -> None:
    g = realm(
        "    - {id: tracker, card: Master Tracker, owner: p2, at: 18}\n"
        "    - {id: demon, card: Dead of Night Demon, owner: p1, at: 7}\n"
        "    - {id: ally, card: Dead of Night Demon, owner: p2, at: 9}\n"
        "    - {id: killer, card: Bosk Troll, owner: p1, at: 17}\n",
        script="  - {command: move_and_attack, unit: killer, path: [18], attack: tracker}\n"
        "  - {command: pass, player: p2}\n"
        "  - {command: cast, card: Fade, targets: [demon]}\n",
    )
    assert not g.state.units["tracker"].alive
    v = view(g)
    assert "Stealth" not in v.keywords("demon")  # lost, can't gain: Fade gives nothing
    assert "Stealth" in v.keywords("ally")


def test_watchtower_enemy_units_atop_nearby_sites_permanently_lose_stealth() -> None:
    sites = SITES.replace("{at: 7, card: Valley, controller: p1}", "{at: 7, card: Watchtower, controller: p2}")
    g = realm(
        "    - {id: atop, card: Dead of Night Demon, owner: p1, at: 8}\n"
        "    - {id: far, card: Dead of Night Demon, owner: p1, at: 14}\n",
        sites=sites,
    )
    v = view(g)
    assert "Stealth" not in v.keywords("atop") and "Stealth" in v.keywords("far")
    lasting = [e for e in g.state.effects.values() if e.duration == "permanent"]
    assert [e.spec.unit for e in lasting] == ["atop"]  # type: ignore[union-attr]


def test_moss_troll_loses_stealth_once_it_moves() -> None:
    g = realm(
        "    - {id: moss, card: Moss Troll, owner: p1, at: 7}\n"
        "    - {id: still, card: Moss Troll, owner: p1, at: 16}\n"
        "    - {id: foe, card: Bosk Troll, owner: p2, at: 12}\n",
        script="  - {command: move_and_attack, unit: moss, path: [12]}\n",
    )
    assert offered(g, "moss")
    v = view(g)
    assert "Stealth" not in v.keywords("moss") and "Stealth" in v.keywords("still")


# --- Stealth gained by moving ------------------------------------------------------------------


def test_phase_assassin_gains_stealth_whenever_he_enters_the_void() -> None:
    g = realm(
        "    - {id: assassin, card: Phase Assassin, owner: p1, at: 9}\n"
        "    - {id: twin, card: Phase Assassin, owner: p1, at: 14}\n",
        script="  - {command: move_and_attack, unit: assassin, path: [10/void]}\n"
        "  - {command: move_and_attack, unit: twin, path: [13]}\n",
    )
    v = view(g)
    assert "Stealth" in v.keywords("assassin") and "Stealth" not in v.keywords("twin")


def test_dark_alley_the_first_minion_that_enters_gains_stealth_and_only_it() -> None:
    sites = SITES.replace("{at: 8, card: Valley, controller: p1}", "{at: 8, card: Dark Alley, controller: p1}")
    g = realm(
        "    - {id: first, card: Wild Boars, owner: p1, at: 7}\n"
        "    - {id: second, card: Wild Boars, owner: p1, at: 9}\n"
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 8}\n",
        script="  - {command: move_and_attack, unit: first, path: [8]}\n"
        "  - {command: move_and_attack, unit: second, path: [8]}\n",
        sites=sites,
    )
    assert not offered(g, "first") and offered(g, "second")
    v = view(g)
    assert "Stealth" in v.keywords("first") and "Stealth" not in v.keywords("second")


def test_stealth_gained_by_entering_is_a_trigger_queued_ordered_and_resolved_where_the_timeline_shows_it() -> None:
    """Phase Assassin's and Dark Alley's texts are triggered abilities ("whenever ... enters",
    "the first minion that enters"): they go on the storyline like every trigger (issue 18), and
    a carrier and its passenger entering Dark Alley together give it one first minion only."""
    sites = SITES.replace("{at: 8, card: Valley, controller: p1}", "{at: 8, card: Dark Alley, controller: p1}")
    g = realm(
        "    - {id: assassin, card: Phase Assassin, owner: p1, at: 9}\n"
        "    - {id: steed, card: Phantom Steed, owner: p1, at: 7}\n"
        "    - {id: rider, card: Wild Boars, owner: p1, at: 7, carried_by: steed}\n",
        script="  - {command: move_and_attack, unit: assassin, path: [10/void]}\n"
        "  - {command: move_and_attack, unit: steed, path: [8]}\n",
        sites=sites,
    )
    queued = {e.trigger.subject: e.trigger for e in g.pending_events if type(e).__name__ == "TriggerQueued"}
    assert {t.ability for t in queued.values()} == {"gains_stealth_entering_void", "first_minion_entering_gains_stealth"}
    outcomes = {e.trigger_id: e.outcome for e in g.pending_events if type(e).__name__ == "TriggerResolved"}
    assert outcomes[queued["assassin"].id] == "assassin gains Stealth"
    assert outcomes[queued["steed"].id] == "steed gains Stealth"
    assert outcomes[queued["rider"].id] == "rider is not the first minion to enter: no Stealth"
    v = view(g)
    assert "Stealth" in v.keywords("assassin") and "Stealth" in v.keywords("steed") and "Stealth" not in v.keywords("rider")


def test_moss_troll_losing_stealth_once_it_moves_is_an_ongoing_ability_marked_as_it_steps() -> None:
    """"Loses Stealth if it moves" has no "when": it holds as the step is taken, so the troll may
    be intercepted where its move ends (a trigger would resolve only after that)."""
    from domain.rulesets.sorcery.cards import abilities_of

    assert [a.timing for a in abilities_of("Moss Troll")] == ["ongoing"]
    g = realm(
        "    - {id: moss, card: Moss Troll, owner: p1, at: 7}\n    - {id: foe, card: Bosk Troll, owner: p2, at: 12}\n",
        script="  - {command: move_and_attack, unit: moss, path: [12]}\n",
    )
    assert "TriggerQueued" not in kinds(g) and offered(g, "moss")


# --- adjacency (codex: Adjacent; digest 2.9) -----------------------------------------------------


def test_astral_alcazar_links_its_site_and_every_void() -> None:
    sites = SITES.replace("{at: 7, card: Valley, controller: p1}", "{at: 7, card: Astral Alcazar, controller: p1}")
    g = realm(
        "    - {id: walker, card: Spectral Stalker, owner: p1, at: 7}\n"
        "    - {id: back, card: Spectral Stalker, owner: p1, at: 20/void}\n"
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n",
        sites=sites,
    )
    assert "20/void" in reach(g, "walker")  # far corner void, one step away
    assert reach(g, "walker").path_to("20/void") == ["7", "20/void"]
    assert "7" in reach(g, "back") and reach(g, "back").path_to("7") == ["20/void", "7"]
    assert "20/void" not in reach(g, "troll")  # the void still needs Voidwalk


def test_secret_tunnel_burrowed_allies_move_to_your_other_sites_as_if_adjacent() -> None:
    sites = SITES.replace("{at: 7, card: Valley, controller: p1}", "{at: 7, card: Secret Tunnel, controller: p1}") + (
        "    - {at: 20, card: Valley, controller: p1}\n    - {at: 19, card: Valley, controller: p2}\n"
    )
    g = realm(
        "    - {id: mole, card: Cave Trolls, owner: p1, at: 7/underground}\n"
        "    - {id: top, card: Cave Trolls, owner: p1, at: 7}\n"
        "    - {id: foe, card: Cave Trolls, owner: p2, at: 7/underground}\n"
        "    - {id: back, card: Cave Trolls, owner: p1, at: 20/underground}\n",
        sites=sites,
    )
    assert reach(g, "mole").path_to("20/underground") == ["7/underground", "20/underground"]
    assert "19/underground" not in reach(g, "mole")  # p2's site: not "your other sites"
    assert "20/underground" not in reach(g, "top")  # atop the Tunnel: not burrowed
    assert "20/underground" not in reach(g, "foe")  # "allies": the Tunnel's controller's units
    assert reach(g, "back").path_to("7/underground") == ["20/underground", "7/underground"]


# --- at rest (codex: At Rest) ----------------------------------------------------------------------


def test_stone_gaze_gorgons_disable_other_minions_at_rest_at_adjacent_locations() -> None:
    g = realm(
        "    - {id: gorgons, card: Stone-gaze Gorgons, owner: p2, at: 7}\n"
        "    - {id: stone, card: Bosk Troll, owner: p1, at: 8}\n"
        "    - {id: here, card: Bosk Troll, owner: p1, at: 7}\n"
        "    - {id: diagonal, card: Bosk Troll, owner: p1, at: 13}\n"
        "    - {id: below, card: Cave Trolls, owner: p1, at: 8/underground}\n"
        "    - {id: passer, card: Cloud Spirit, owner: p1, at: 11}\n",
    )
    v = view(g)
    assert v.disabled("stone") is not None and v.disabled("here") is not None
    assert v.disabled("gorgons") is None  # "other"
    assert v.disabled("diagonal") is None  # diagonal: not adjacent
    assert v.disabled("below") is None  # another region
    assert len(reach(g, "stone").reachable) <= 1
    # a minion on its way is not at rest: the Cloud Spirit passes 12, adjacent to 7, and goes on
    assert reach(g, "passer").path_to("14") is not None
    g.issue({"command": "move_and_attack", "unit": "passer", "path": ["12", "13"]})
    assert g.state.units["passer"].location == "13"
    with pytest.raises(IllegalCommand, match="Stone-gaze Gorgons"):
        g.issue({"command": "move_and_attack", "unit": "stone", "path": ["9"]})


def test_stone_gaze_gorgons_a_minion_that_stops_beside_them_is_disabled_once_at_rest() -> None:
    g = realm(
        "    - {id: gorgons, card: Stone-gaze Gorgons, owner: p2, at: 7}\n"
        "    - {id: walker, card: Bosk Troll, owner: p1, at: 9}\n",
        script="  - {command: move_and_attack, unit: walker, path: [8]}\n",
    )
    assert g.state.units["walker"].location == "8"
    assert view(g).disabled("walker") is not None


def test_hillock_basilisk_disables_minions_at_rest_here_or_one_step_in_front() -> None:
    g = realm(
        "    - {id: basilisk, card: Hillock Basilisk, owner: p1, at: 12}\n"
        "    - {id: here, card: Bosk Troll, owner: p2, at: 12}\n"
        "    - {id: front, card: Bosk Troll, owner: p2, at: 7}\n"
        "    - {id: behind, card: Bosk Troll, owner: p2, at: 17}\n"
        "    - {id: side, card: Bosk Troll, owner: p2, at: 13}\n"
        "    - {id: ally, card: Bosk Troll, owner: p1, at: 7}\n",
    )
    v = view(g)  # p1 is the first player: forward is toward row 1
    assert v.disabled("here") is not None and v.disabled("front") is not None and v.disabled("ally") is not None
    assert v.disabled("behind") is None and v.disabled("side") is None and v.disabled("basilisk") is None


# --- own movement barred -------------------------------------------------------------------------


def test_maze_minotaur_enemy_minions_cant_move_themselves_out_of_its_nine_locations() -> None:
    g = realm(
        "    - {id: minotaur, card: Maze Minotaur, owner: p2, at: 12}\n"
        "    - {id: trapped, card: Bosk Troll, owner: p1, at: 13}\n"
        "    - {id: ally, card: Bosk Troll, owner: p2, at: 13}\n"
        "    - {id: outside, card: Bosk Troll, owner: p1, at: 9}\n",
        sites=SITES + "    - {at: 10, card: Valley, controller: p1}\n    - {at: 15, card: Valley, controller: p1}\n",
    )
    assert "14" not in reach(g, "trapped") and "8" in reach(g, "trapped")  # 8 is in the maze
    assert "14" in reach(g, "ally")  # allies walk out
    assert "8" in reach(g, "outside")  # into the maze is fine
    g.issue({"command": "move_and_attack", "unit": "trapped", "path": ["14"]})  # refused as it comes
    assert g.state.units["trapped"].location == "13" and "Maze Minotaur" in refusal(g)
    g.issue({"command": "pass", "player": "p2"})  # p2's ally there may intercept it; doesn't
    # force is not "moving themselves": a push takes it out
    g.issue({"command": "cast", "card": "Windblast", "targets": ["east"]})
    assert g.state.units["trapped"].location == "14"


# --- carrying -------------------------------------------------------------------------------------


def test_hyperparasite_picks_up_any_single_minion_disabling_it_and_cant_move_while_carrying() -> None:
    g = realm(
        "    - {id: parasite, card: Hyperparasite, owner: p1, at: 7}\n"
        "    - {id: foe, card: Bosk Troll, owner: p2, at: 7}\n"
        "    - {id: other, card: Bosk Troll, owner: p2, at: 7}\n",
    )
    assert "8" in reach(g, "parasite")
    g.issue({"command": "pick_up", "unit": "parasite", "targets": ["foe"]})
    v = view(g)
    assert v.disabled("foe") is not None and v.disabled("other") is None
    assert "8" not in reach(g, "parasite")
    g.issue({"command": "move_and_attack", "unit": "parasite", "path": ["8"]})  # refused as it comes
    assert g.state.units["parasite"].location == "7" and "Hyperparasite" in refusal(g)


# --- spells: Movement and "can't be intercepted"; own steps (the strikes are listed) --------------


def test_blaze_gives_an_ally_movement_plus_2_and_it_cant_be_intercepted_this_turn() -> None:
    g = realm(
        "    - {id: boars, card: Wild Boars, owner: p1, at: 6}\n"
        "    - {id: plain, card: Wild Boars, owner: p1, at: 7}\n"
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 8}\n",
        script="  - {command: cast, card: Blaze, targets: [boars]}\n"
        "  - {command: move_and_attack, unit: boars, path: [7, 8]}\n"
        "  - {command: move_and_attack, unit: plain, path: [8]}\n",
    )
    assert g.state.units["boars"].location == "8"  # three steps allowed
    assert not offered(g, "boars") and offered(g, "plain")
    g.issue({"command": "pass", "player": "p2"})
    g.issue({"command": "end_turn"})
    assert view(g).uninterceptable("boars") is None and view(g).movement_bonus("boars") == 0


def test_leap_attack_an_ally_may_take_a_step_or_none() -> None:
    g = realm(
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 7, tapped: true}\n"
        "    - {id: foe, card: Bosk Troll, owner: p2, at: 12}\n",
        script="  - {command: cast, card: Leap Attack, targets: [troll, 8]}\n",
    )
    assert g.state.units["troll"].location == "8"  # a tapped ally steps all the same: not Move and Attack
    with pytest.raises(IllegalCommand, match="up to 1 step"):
        g.issue({"command": "cast", "card": "Leap Attack", "targets": ["troll", "9", "14"]})
    with pytest.raises(IllegalCommand, match="not an ally"):
        g.issue({"command": "cast", "card": "Leap Attack", "targets": ["foe", "13"]})
    g.issue({"command": "cast", "card": "Leap Attack", "targets": ["troll"]})  # "may": no step
    assert g.state.units["troll"].location == "8"


def test_whirling_blades_an_ally_may_take_up_to_two_steps() -> None:
    g = realm(
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n",
        script="  - {command: cast, card: Whirling Blades, targets: [troll, 8, 9]}\n",
    )
    assert g.state.units["troll"].location == "9"
    with pytest.raises(IllegalCommand, match="up to 2 step"):
        g.issue({"command": "cast", "card": "Whirling Blades", "targets": ["troll", "8", "7", "6"]})
