"""Artifacts that move or carry, abilities gated by an elemental threshold, and minions tied to
their Avatar (issue 9; declared in cards/): one test per rule, each failing if its ability is
removed."""

from __future__ import annotations

from typing import Any

from domain.rulesets.sorcery.cards import ABILITIES
from domain.rulesets.sorcery.view import RealmView
from tests.helpers import game, reach


def realm(units: str, sites: dict[int, tuple[str, str]], script: str = "", active: str = "p1", extra: str = "") -> Any:
    text = (
        f"title: t\nruleset: sorcery\nactive_player: {active}\nsetup:\n  sites:\n"
        + "".join(
            f"    - {{at: {sq}, card: {name}, controller: {who}}}\n" for sq, (name, who) in sorted(sites.items())
        )
        + "  units:\n" + units + extra
    )
    if script:
        text += "script:\n" + script
    return game(text)


def at(g: Any, unit: str) -> str | None:
    return g.state.units[unit].location  # type: ignore[no-any-return]


# --- elemental thresholds ------------------------------------------------------------------------


def test_kingdom_of_agartha_gives_all_minions_burrowing_while_its_controller_has_three_earth() -> None:
    units = (
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n"
        "    - {id: enemy, card: Bosk Troll, owner: p2, at: 12}\n"
    )
    # Agartha and two Valleys of p1: three earth affinity
    g = realm(units, {7: ("Kingdom of Agartha", "p1"), 8: ("Valley", "p1"), 12: ("Valley", "p1")})
    assert "Burrowing" in RealmView.of(g.state).keywords("troll")
    assert "Burrowing" in RealmView.of(g.state).keywords("enemy")  # all minions, an opponent's too
    assert "7/underground" in reach(g, "troll")


def test_kingdom_of_agartha_does_nothing_below_its_threshold() -> None:
    units = "    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n"
    # the third earth site is p2's, and a Stream provides water: p1 has two earth affinity
    g = realm(units, {7: ("Kingdom of Agartha", "p1"), 8: ("Valley", "p1"), 12: ("Valley", "p2"), 13: ("Stream", "p1")})
    v = RealmView.of(g.state)
    assert v.affinity("p1", "earth") == 2 and v.affinity("p2", "earth") == 1
    assert "Burrowing" not in v.keywords("troll")
    assert "7/underground" not in reach(g, "troll")


def test_every_ability_of_this_group_is_declared_with_its_card() -> None:
    for name in ("Kingdom of Agartha", "Tadpole Pool", "Purge Juggernaut", "Cage of Sidrak", "Cerberus in Chains", "Aino"):
        assert ABILITIES[name], name


# --- artifacts that move ---------------------------------------------------------------------------

VALLEYS = {sq: ("Valley", "p1") for sq in (6, 7, 8, 11, 12, 13, 16, 17, 18)}


def end_turn(g: Any, *answers: str) -> Any:
    g.issue({"command": "end_turn"})
    for answer in answers:
        g.issue({"command": "choose", "option": answer})
    return g


def test_purge_juggernaut_moves_to_an_adjacent_location_at_the_start_of_your_turn_and_kills_the_minions_there() -> None:
    g = realm(
        "    - {id: victim, card: Bosk Troll, owner: p1, at: 12}\n"
        "    - {id: below, card: Cave Trolls, owner: p1, at: '12/underground'}\n"
        "    - {id: spared, card: Bosk Troll, owner: p2, at: 8}\n",
        VALLEYS, active="p2",
        extra="  artifacts:\n    - {id: jug, card: Purge Juggernaut, controller: p1, at: 7}\n",
    )
    g.issue({"command": "end_turn"})
    choice = g.state.choice
    assert choice is not None and choice.player == "p1" and sorted(choice.options) == ["12", "6", "8"]
    g.issue({"command": "choose", "option": "12"})
    assert g.state.features["jug"].location == "12"
    assert not g.state.units["victim"].alive  # its own controller's minion too: "all other minions"
    assert g.state.units["below"].alive  # another location: underground
    assert g.state.units["spared"].alive


def test_purge_juggernaut_does_not_move_on_its_opponents_turn() -> None:
    g = realm("    - {id: troll, card: Bosk Troll, owner: p2, at: 12}\n", VALLEYS, active="p1",
              extra="  artifacts:\n    - {id: jug, card: Purge Juggernaut, controller: p1, at: 7}\n")
    g.issue({"command": "end_turn"})
    assert g.state.choice is None and g.state.features["jug"].location == "7"


def test_an_artifact_with_triggered_abilities_needs_a_controller() -> None:
    import pytest

    from sim.runner import ScriptRefused

    with pytest.raises((ScriptRefused, Exception), match="controller"):
        realm("    - {id: troll, card: Bosk Troll, owner: p2, at: 12}\n", VALLEYS,
              extra="  artifacts:\n    - {id: jug, card: Purge Juggernaut, at: 7}\n")


# --- Aino ------------------------------------------------------------------------------------------

EDGES = {sq: ("Valley", "p1") for sq in (2, 3, 7, 8, 17, 18)}


def test_aino_may_step_across_the_top_and_bottom_edges_at_the_end_of_your_turn_and_gains_stealth() -> None:
    g = realm("    - {id: aino, card: Aino, owner: p1, at: 3}\n", EDGES)
    assert "18" not in reach(g, "aino")  # no such step otherwise
    g.issue({"command": "end_turn"})
    choice = g.state.choice
    assert choice is not None and choice.options == ["18", "no"]
    g.issue({"command": "choose", "option": "18"})
    assert at(g, "aino") == "18"
    assert "Stealth" in RealmView.of(g.state).keywords("aino")
    assert g.state.active_player == "p2"
    assert "3" not in reach(g, "aino")  # the edges were connected for that step only


def test_aino_can_decline_and_has_no_step_away_from_the_edges() -> None:
    g = realm("    - {id: aino, card: Aino, owner: p1, at: 3}\n", EDGES)
    end_turn(g, "no")
    assert at(g, "aino") == "3" and "Stealth" not in RealmView.of(g.state).keywords("aino")
    g = realm("    - {id: aino, card: Aino, owner: p1, at: 8}\n", EDGES)
    g.issue({"command": "end_turn"})
    assert g.state.choice is None and at(g, "aino") == "8"  # not on an edge row: nothing to choose
    g = realm("    - {id: aino, card: Aino, owner: p1, at: 2}\n", EDGES)  # 17 is a site, 2 -> 17
    g.issue({"command": "end_turn"})
    assert g.state.choice is not None and g.state.choice.options == ["17", "no"]
    g = realm("    - {id: aino, card: Aino, owner: p1, at: 7}\n", {**EDGES, 1: ("Valley", "p1")})
    g.issue({"command": "end_turn"})
    assert g.state.choice is None  # row 2: no edge to cross


# --- Cage of Sidrak ----------------------------------------------------------------------------------


def caged(extra_units: str = "") -> Any:
    g = realm(
        "    - {id: squire, card: Wild Boars, owner: p2, at: 12}\n"  # power 2: locked
        "    - {id: own, card: Foot Soldiers, owner: p1, at: 16}\n"  # its controller's too: "all minions"
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 13}\n"  # power 3: free
        "    - {id: knight, card: Sir Tristan, owner: p2, at: 6}\n"  # 2/4: averaged 3, free
        + extra_units,
        VALLEYS,
    )
    g.issue({"command": "conjure", "card": "Cage of Sidrak", "id": "cage", "at": "7"})
    return g


def test_cage_of_sidrak_locks_all_minions_with_2_or_less_power_in_it_tapped_and_disabled() -> None:
    g = caged()
    v = RealmView.of(g.state)
    for unit in ("squire", "own"):
        assert at(g, unit) == "7" and g.state.units[unit].carried_by == "cage" and g.state.units[unit].tapped
        assert "Cage of Sidrak" in str(v.disabled(unit))
    assert at(g, "troll") == "13" and at(g, "knight") == "6" and v.disabled("troll") is None


def test_only_a_teleport_moves_a_minion_out_of_the_cage_and_frees_it() -> None:
    g = caged()
    from domain.rulesets.sorcery.movement import ForcedMovement

    push = ForcedMovement(g.state, "push").step_options("squire", "7")
    assert push and all("Cage of Sidrak" in str(o.blocked) for o in push)
    teleport = ForcedMovement(g.state, "teleport_site").step_options("squire", "7")
    assert any(o.blocked is None for o in teleport)


def test_a_minion_teleported_out_of_the_cage_is_free_and_no_longer_disabled() -> None:
    g = caged()
    g.issue({"command": "cast", "card": "Blink", "targets": ["own", "8"]})
    assert at(g, "own") == "8" and g.state.units["own"].carried_by is None
    assert RealmView.of(g.state).disabled("own") is None
    assert "Cage of Sidrak" in str(RealmView.of(g.state).disabled("squire"))


# --- Tadpole Pool --------------------------------------------------------------------------------


def test_tadpole_pool_summons_three_submerged_frogs_while_its_controller_has_three_water() -> None:
    g = realm("    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n",
              {7: ("Valley", "p1"), 8: ("Stream", "p1"), 14: ("Stream", "p1")})
    g.issue({"command": "play_site", "card": "Tadpole Pool", "at": 13})
    site = next(f.id for f in g.state.features.values() if f.card == "Tadpole Pool")
    frogs = [u for u in g.state.units.values() if u.card == "Frog"]
    assert sorted(u.id for u in frogs) == [f"{site}-frog-{n}" for n in (1, 2, 3)]
    assert all(u.location == "13/underwater" and u.owner == "p1" for u in frogs)


def test_tadpole_pool_summons_nothing_below_its_threshold() -> None:
    g = realm("    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n",
              {7: ("Valley", "p1"), 8: ("Stream", "p1"), 14: ("Stream", "p2")})
    g.issue({"command": "play_site", "card": "Tadpole Pool", "at": 13})
    assert not [u for u in g.state.units.values() if u.card == "Frog"]


# --- Cerberus in Chains -------------------------------------------------------------------------------

CHAINS = {sq: ("Valley", "p1") for sq in (6, 7, 8, 9, 11, 12, 13, 14)} | {17: ("Valley", "p2")}


def chained(where: str = "12", script: str = "") -> Any:
    return realm(
        "    - {id: me, card: Sorcerer, owner: p1, at: 12}\n"
        f"    - {{id: dog, card: Cerberus in Chains, owner: p1, at: {where}}}\n"
        "    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n",
        CHAINS, script=script,
    )


def test_cerberus_in_chains_must_be_summoned_to_your_avatars_location_at_a_site_you_control() -> None:
    import pytest

    from domain.errors import IllegalCommand

    g = realm("    - {id: me, card: Sorcerer, owner: p1, at: 12}\n", CHAINS)
    with pytest.raises(IllegalCommand, match="Avatar is at"):
        g.issue({"command": "summon", "card": "Cerberus in Chains", "id": "dog", "at": "13"})
    g.issue({"command": "summon", "card": "Cerberus in Chains", "id": "dog", "at": "12"})
    assert at(g, "dog") == "12"
    g = realm("    - {id: me, card: Sorcerer, owner: p1, at: 17}\n", CHAINS)
    with pytest.raises(IllegalCommand, match="not a site p1 controls"):
        g.issue({"command": "summon", "card": "Cerberus in Chains", "id": "dog", "at": "17"})


def test_cerberus_in_chains_teleports_to_your_avatar_whenever_it_enters_a_new_location() -> None:
    g = chained("7")
    g.issue({"command": "move_and_attack", "unit": "me", "path": ["13"]})
    assert at(g, "me") == "13" and at(g, "dog") == "13"
    g.issue({"command": "move_and_attack", "unit": "troll", "path": ["8"]})
    assert at(g, "dog") == "13"  # another unit's move: it stays


def test_cerberus_in_chains_cant_move_itself_away_from_your_avatar() -> None:
    g = chained("7")  # the Avatar at 12, one step away
    r = reach(g, "dog")
    assert "12" in r and "6" not in r and "8" not in r  # 6 and 8 are two steps from 12
    view = RealmView.of(g.state)
    assert view.steps_to_avatar("dog")["7"] == 1
    g = chained("12")
    assert "13" not in reach(g, "dog") and "7" not in reach(g, "dog")  # every step leaves the Avatar
