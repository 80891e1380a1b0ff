"""Activated abilities that move units, used with the ``activate`` command (issue 9): one test
per rule, each failing if its ability is removed; and the command's own checks (codex:
Activated Ability)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from domain.errors import BadInput, IllegalCommand, SimError
from domain.rulesets.sorcery.commands import Activate, EndTurn
from tests.helpers import game
from tests.sorcery.test_movement_spells import SITES


def realm(units: str, script: str = "", extra: str = "", sites: str = SITES) -> Any:
    text = "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n" + sites + extra + "  units:\n" + units
    if script:
        text += "script:\n" + script
    return game(text)


def at(g: Any, unit: str) -> str | None:
    u = g.state.units[unit]
    return u.location if u.alive else None


def events(g: Any, name: str) -> list[Any]:
    return [e for e in g.pending_events if type(e).__name__ == name]


def activate(g: Any, source: str, *targets: object, player: str | None = None) -> None:
    g.issue(Activate(player=player, source=source, targets=[str(t) for t in targets]))


# --- Thundering Giant -----------------------------------------------------------------------------------


def test_thundering_giant_teleports_to_another_nearby_location_and_taps_all_other_units_there() -> None:
    g = realm(
        "    - {id: giant, card: Thundering Giant, owner: p1, at: 6}\n"
        "    - {id: enemy, card: Bosk Troll, owner: p2, at: 12}\n"
        "    - {id: ally, card: Wild Boars, owner: p1, at: 12}\n"
        "    - {id: far, card: Bosk Troll, owner: p2, at: 13}\n",
        "  - {command: activate, source: giant, targets: [12]}\n",
    )
    assert at(g, "giant") == "12"  # a diagonal square: nearby, no border crossed (a teleport)
    assert g.state.units["enemy"].tapped and g.state.units["ally"].tapped  # all other units there
    assert not g.state.units["giant"].tapped and not g.state.units["far"].tapped  # no cost; only there


def test_thundering_giant_teleports_once_on_your_turn_and_only_nearby_in_its_region() -> None:
    g = realm("    - {id: giant, card: Thundering Giant, owner: p1, at: 6}\n")
    with pytest.raises(IllegalCommand, match="Thundering Giant"):
        activate(g, "giant", 8)  # two squares away: not nearby
    activate(g, "giant", 7)
    with pytest.raises(IllegalCommand, match="once on your turn"):
        activate(g, "giant", 8)
    assert [u.ability for u in g.state.activations] == ["teleports to another nearby location, tapping the other units there"]
    g.issue(EndTurn(player="p1"))
    g.issue(EndTurn(player="p2"))
    activate(g, "giant", 8)  # a new turn of its controller: usable again
    assert at(g, "giant") == "8"


# --- Draco Corvus ---------------------------------------------------------------------------------------


def test_draco_corvus_taps_to_teleport_to_a_tapped_minion_and_burrow_it() -> None:
    g = realm(
        "    - {id: draco, card: Draco Corvus, owner: p1, at: 16}\n"
        "    - {id: trolls, card: Cave Trolls, owner: p2, at: 8, tapped: true}\n"
        "    - {id: awake, card: Cave Trolls, owner: p2, at: 9}\n",
    )
    with pytest.raises(IllegalCommand, match="not another tapped minion"):
        activate(g, "draco", "awake")
    activate(g, "draco", "trolls")
    assert at(g, "draco") == "8" and g.state.units["draco"].tapped  # Tap → : the cost
    assert at(g, "trolls") == "8/underground"  # burrowed (it has Burrowing, so it lives there)
    with pytest.raises(IllegalCommand, match="tapped"):
        activate(g, "draco", "trolls")


def test_draco_corvus_burrows_only_a_minion_atop_a_land_site() -> None:
    g = realm(
        "    - {id: draco, card: Draco Corvus, owner: p1, at: 16}\n"
        "    - {id: wet, card: Bosk Troll, owner: p2, at: 12, tapped: true}\n",
        "  - {command: activate, source: draco, targets: [wet]}\n",
    )
    assert at(g, "draco") == "12" and at(g, "wet") == "12"  # a water site: not able (digest 2.4)
    assert "can't be burrowed" in events(g, "ActivationResolved")[0].outcome


# --- Tringh Constrictor ---------------------------------------------------------------------------------


def test_tringh_constrictor_taps_and_may_take_a_step() -> None:
    g = realm(
        "    - {id: snake, card: Tringh Constrictor, owner: p1, at: 7}\n"
        "    - {id: still, card: Tringh Constrictor, owner: p1, at: 17}\n",
        "  - {command: activate, source: snake, targets: [8]}\n  - {command: activate, source: still}\n",
    )
    assert at(g, "snake") == "8" and g.state.units["snake"].tapped
    assert at(g, "still") == "17" and g.state.units["still"].tapped  # "may": no step is a choice too
    assert "snake" not in g.state.not_modelled  # the constricting too: tests/sorcery/test_cards_rest.py


# --- Bull Demons of Adum --------------------------------------------------------------------------------


def test_bull_demons_of_adum_move_three_steps_in_a_cardinal_direction() -> None:
    g = realm(
        "    - {id: bulls, card: Bull Demons of Adum, owner: p1, at: 6}\n"
        "    - {id: blocked, card: Bull Demons of Adum, owner: p1, at: 16}\n",
        "  - {command: activate, source: bulls, targets: [east]}\n"
        "  - {command: activate, source: blocked, targets: [north]}\n",
    )
    assert [(e.frm, e.to) for e in events(g, "StepTaken") if e.unit == "bulls"] == [("6", "7"), ("7", "8"), ("8", "9")]
    assert at(g, "blocked") == "6"  # 11, 6, then the void at 1: refused without Voidwalk
    assert [e.unit for e in events(g, "StepRefused")] == ["blocked"]


def test_bull_demons_of_adum_need_a_cardinal_direction() -> None:
    g = realm("    - {id: bulls, card: Bull Demons of Adum, owner: p1, at: 6}\n")
    with pytest.raises(BadInput, match="cardinal direction"):
        activate(g, "bulls", "up")
    with pytest.raises(IllegalCommand, match="edge"):
        activate(g, "bulls", "west")


# --- Coy Nixie and Abaddon Succubus (lures) -------------------------------------------------------------


def test_coy_nixie_forces_a_nearby_enemy_to_take_a_step_towards_her_then_taps_it() -> None:
    g = realm(
        "    - {id: nixie, card: Coy Nixie, owner: p1, at: 12}\n"
        "    - {id: enemy, card: Bosk Troll, owner: p2, at: 8}\n"
        "    - {id: far, card: Bosk Troll, owner: p2, at: 9}\n",
    )
    with pytest.raises(IllegalCommand, match="not closer"):
        activate(g, "nixie", "enemy", 9)
    with pytest.raises(IllegalCommand, match="Coy Nixie"):
        activate(g, "nixie", "enemy", 3)  # the void: not one of a Bosk Troll's steps
    with pytest.raises(IllegalCommand, match="not an enemy nearby"):
        activate(g, "nixie", "far", 8)
    activate(g, "nixie", "enemy", 7)
    assert at(g, "enemy") == "7" and g.state.units["enemy"].tapped
    assert [e.kind for e in events(g, "StepTaken")] == ["orthogonal"]  # its own step (a lure, digest 2.7)


def test_coy_nixie_lure_is_the_enemys_own_step_so_immobile_stops_it_but_it_still_taps() -> None:
    g = realm(
        "    - {id: nixie, card: Coy Nixie, owner: p1, at: 12}\n"
        "    - {id: enemy, card: Bosk Troll, owner: p2, at: 8}\n",
        "  - {command: activate, source: nixie, targets: [enemy, 7]}\n",
        extra="  artifacts:\n    - {id: shackles, card: Iron Shackles, bearer: enemy}\n",
    )
    assert at(g, "enemy") == "8" and g.state.units["enemy"].tapped
    assert [e.unit for e in events(g, "StepRefused")] == ["enemy"]


def test_abaddon_succubus_lures_an_adjacent_enemy_minion_closer_and_it_takes_2_damage_on_arrival() -> None:
    g = realm(
        "    - {id: succubus, card: Abaddon Succubus, owner: p1, at: 7}\n"
        "    - {id: enemy, card: Bosk Troll, owner: p2, at: 8}\n"
        "    - {id: diagonal, card: Bosk Troll, owner: p2, at: 11}\n",
    )
    with pytest.raises(IllegalCommand, match="adjacent"):
        activate(g, "succubus", "diagonal", 6)
    activate(g, "succubus", "enemy", 7)
    assert at(g, "enemy") == "7" and g.state.units["enemy"].damage == 2
    healed = events(g, "LifeGained")
    assert [(e.player, e.amount, e.total) for e in healed] == [("p1", 2, 20)]  # up to the 20 a player starts with


def test_abaddon_succubus_damages_an_enemy_already_at_her_location_without_a_step() -> None:
    """Abaddon Succubus FAQ: a target already sharing her location still takes 2 damage."""
    g = realm(
        "    - {id: succubus, card: Abaddon Succubus, owner: p1, at: 7}\n"
        "    - {id: boars, card: Wild Boars, owner: p2, at: 7}\n",
        "  - {command: activate, source: succubus, targets: [boars]}\n",
    )
    assert at(g, "boars") is None  # 2 damage kills the Wild Boars (defence 2)
    assert events(g, "StepTaken") == []


# --- Innsmouth Dock and River Rapids (sites) ------------------------------------------------------------

DOCK = SITES.replace("{at: 13, card: Bog", "{at: 13, card: Innsmouth Dock")
RIVERS = (
    SITES.replace("{at: 12, card: Bog", "{at: 12, card: River Rapids")
    .replace("{at: 13, card: Bog", "{at: 13, card: Autumn River")
    .replace("{at: 14, card: Valley", "{at: 14, card: Spring River")
)


def test_innsmouth_dock_lures_an_adjacent_minion_to_step_here() -> None:
    g = realm(
        "    - {id: enemy, card: Bosk Troll, owner: p2, at: 14}\n"
        "    - {id: diagonal, card: Bosk Troll, owner: p2, at: 9}\n",
        sites=DOCK,
    )
    with pytest.raises(IllegalCommand, match="adjacent"):
        activate(g, "innsmouth-dock", "diagonal")
    activate(g, "innsmouth-dock", "enemy")
    assert at(g, "enemy") == "13"
    with pytest.raises(IllegalCommand, match="once on your turn"):
        activate(g, "innsmouth-dock", "diagonal")


def test_river_rapids_pushes_a_minion_on_connected_rivers_one_step() -> None:
    """River Rapids FAQ: sites with River in their name, contiguous with the Rapids (itself
    included); submerged minions too."""
    g = realm(
        "    - {id: rafter, card: Bosk Troll, owner: p2, at: 14}\n"
        "    - {id: ashore, card: Bosk Troll, owner: p2, at: 11}\n"
        "    - {id: diver, card: Coy Nixie, owner: p2, at: 12/underwater}\n",
        sites=RIVERS,
    )
    with pytest.raises(IllegalCommand, match="River"):
        activate(g, "river-rapids", "ashore", 6)  # a Valley: not a River
    activate(g, "river-rapids", "rafter", 9)  # 14 is a River, connected through the River at 13
    assert at(g, "rafter") == "9"
    assert [e.kind for e in events(g, "StepTaken")] == ["push"]
    g.issue(EndTurn(player="p1"))
    g.issue(EndTurn(player="p2"))
    activate(g, "river-rapids", "diver", "13/underwater")  # at the Rapids itself, submerged: in its region
    assert at(g, "diver") == "13/underwater"


# --- Persecutor -----------------------------------------------------------------------------------------


def test_a_lured_airborne_enemy_steps_to_the_closest_location_it_can() -> None:
    """Sturmgeist FAQ: "closer" is the closest location its step reaches; an Airborne unit
    diagonal to the source steps straight onto it."""
    g = realm(
        "    - {id: nixie, card: Coy Nixie, owner: p1, at: 12}\n"
        "    - {id: flyer, card: Draco Corvus, owner: p2, at: 8}\n",
    )
    with pytest.raises(IllegalCommand, match="not the closest"):
        activate(g, "nixie", "flyer", 7)
    activate(g, "nixie", "flyer", 12)
    assert at(g, "flyer") == "12"


def test_persecutor_steps_toward_the_closest_evil() -> None:
    g = realm(
        "    - {id: avatar, card: Persecutor, owner: p1, at: 11}\n"
        "    - {id: ghoul, card: Ghoul, owner: p2, at: 14}\n"
        "    - {id: slug, card: Ten-tonne Slug, owner: p2, at: 9}\n"
        "    - {id: boars, card: Wild Boars, owner: p2, at: 6}\n",
    )
    with pytest.raises(IllegalCommand, match="not the closest Evil"):
        activate(g, "avatar", "slug", 12)
    with pytest.raises(IllegalCommand, match="not an Evil minion"):
        activate(g, "avatar", "boars", 6)  # a Beast is not Evil (codex: Evil)
    with pytest.raises(IllegalCommand, match="not closer"):
        activate(g, "avatar", "ghoul", 16)
    activate(g, "avatar", "ghoul", 12)
    assert at(g, "avatar") == "12"


# --- the command's checks (codex: Activated Ability) ----------------------------------------------------


def test_activate_is_used_by_the_controller_on_their_turn_by_an_able_unit() -> None:
    g = realm(
        "    - {id: giant, card: Thundering Giant, owner: p1, at: 6}\n"
        "    - {id: theirs, card: Thundering Giant, owner: p2, at: 16}\n"
        "    - {id: new, card: Draco Corvus, owner: p1, at: 17, summoned: true}\n"
        "    - {id: muzzled, card: Thundering Giant, owner: p1, at: 18}\n"
        "    - {id: boars, card: Wild Boars, owner: p1, at: 8}\n"
        "    - {id: tapped, card: Bosk Troll, owner: p2, at: 9, tapped: true}\n",
        extra="  artifacts:\n    - {id: muzzle, card: Magnetic Muzzle, bearer: muzzled}\n",
    )
    with pytest.raises(IllegalCommand, match="turn"):
        activate(g, "theirs", 17, player="p2")
    with pytest.raises(IllegalCommand, match="controlled by p2"):
        activate(g, "theirs", 17, player="p1")
    with pytest.raises(IllegalCommand, match="Summoning Sickness|entered the realm"):
        activate(g, "new", "tapped")
    with pytest.raises(IllegalCommand, match="can't use its abilities"):
        activate(g, "muzzled", 17)
    with pytest.raises(BadInput, match="no activated ability"):
        activate(g, "boars", 7)
    with pytest.raises(BadInput, match="unknown unit or site"):
        activate(g, "nobody", 7)
    with pytest.raises(BadInput, match="one target"):
        activate(g, "giant")


def test_a_unit_with_several_activated_abilities_must_name_one() -> None:
    g = realm(
        "    - {id: bulls, card: Bull Demons of Adum, owner: p1, at: 6}\n",
        extra="  artifacts:\n    - {id: boulder, card: Rolling Boulder, at: 6}\n",
    )
    with pytest.raises(BadInput, match="several activated abilities"):
        activate(g, "bulls", "east")
    g.issue(Activate(source="bulls", ability="Bull Demons of Adum", targets=["east"]))  # the card's name will do
    assert at(g, "bulls") == "9"
    g.issue(EndTurn(player="p1"))
    g.issue(EndTurn(player="p2"))
    with pytest.raises(BadInput, match="has no ability .Rolling Boulder."):  # the boulder stayed at 6
        g.issue(Activate(source="bulls", ability="Rolling Boulder", targets=["boulder", "west"]))


def test_legal_commands_list_each_activation_that_applies_and_each_is_accepted() -> None:
    g = realm(
        "    - {id: giant, card: Thundering Giant, owner: p1, at: 6}\n"
        "    - {id: nixie, card: Coy Nixie, owner: p1, at: 12}\n"
        "    - {id: draco, card: Draco Corvus, owner: p1, at: 16}\n"
        "    - {id: bulls, card: Bull Demons of Adum, owner: p1, at: 17}\n"
        "    - {id: avatar, card: Persecutor, owner: p1, at: 11}\n"
        "    - {id: ghoul, card: Ghoul, owner: p2, at: 8, tapped: true}\n"
        "    - {id: enemy, card: Bosk Troll, owner: p2, at: 7}\n"
        "    - {id: rafter, card: Bosk Troll, owner: p2, at: 14}\n",
        sites=RIVERS,
        extra="  artifacts:\n    - {id: boulder, card: Rolling Boulder, at: 17}\n",
    )
    listed = [c for c in g.legal_commands() if isinstance(c, Activate)]
    assert {c.source for c in listed} == {"giant", "nixie", "draco", "bulls", "avatar", "river-rapids"}
    assert {c.ability for c in listed if c.source == "bulls"} == {  # its own, and the boulder's (here)
        "moves three steps in a cardinal direction",
        "a unit here taps to push it: it rolls as far as possible, dealing 4 damage to each other unit along its path",
    }
    for command in listed:
        trial = copy.deepcopy(g)
        try:
            trial.issue(command)
        except SimError as exc:  # pragma: no cover - the assertion names the command
            raise AssertionError(f"{command} listed but refused: {exc}") from exc
    activate(g, "giant", 7)
    assert not [c for c in g.legal_commands() if isinstance(c, Activate) and c.source == "giant"]  # once on your turn


# --- Rolling Boulder (an artifact's ability the units at its location have) ----------------------------


def test_rolling_boulder_rolls_as_far_as_possible_and_deals_4_damage_to_each_other_unit_along_its_path() -> None:
    """Rolling Boulder FAQ: a cardinal direction, in its region; the other units at its start are hit too."""
    g = realm(
        "    - {id: pusher, card: Wild Boars, owner: p1, at: 6}\n"
        "    - {id: beside, card: Bosk Troll, owner: p1, at: 6}\n"
        "    - {id: enemy, card: Bosk Troll, owner: p2, at: 8}\n"
        "    - {id: away, card: Bosk Troll, owner: p2, at: 11}\n"
        "    - {id: far, card: Wild Boars, owner: p1, at: 17}\n",
        extra="  artifacts:\n    - {id: boulder, card: Rolling Boulder, at: 6}\n",
    )
    with pytest.raises(BadInput, match="no activated ability"):
        activate(g, "far", "boulder", "east")  # not here: the units at its location have the ability
    with pytest.raises(IllegalCommand, match="can't roll west"):
        activate(g, "pusher", "boulder", "west")  # the edge of the realm
    activate(g, "pusher", "boulder", "east")
    assert g.state.features["boulder"].location == "9"  # 10 is a void: a surface roll stops at 9
    assert g.state.units["pusher"].tapped and g.state.units["pusher"].damage == 0
    assert at(g, "beside") is None and at(g, "enemy") is None  # 4 damage each: dead
    assert at(g, "away") == "11" and g.state.units["away"].damage == 0


def test_rolling_boulder_with_connected_edges_stops_before_repeating_a_step() -> None:
    """Rolling Boulder FAQ: with Magellan Globe it goes round the row and stops at its start,
    without hitting the start twice."""
    row = "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in (6, 7, 8, 9, 10, 16))
    g = realm(
        "    - {id: pusher, card: Wild Boars, owner: p1, at: 6}\n"
        "    - {id: giant, card: Ten-tonne Slug, owner: p2, at: 6}\n",
        "  - {command: activate, source: pusher, targets: [boulder, east]}\n",
        extra="  artifacts:\n    - {id: boulder, card: Rolling Boulder, at: 6}\n    - {id: globe, card: Magellan Globe, at: 16}\n",
        sites=row,
    )
    moved = events(g, "ArtifactMoved")[0]
    assert moved.path == ["6", "7", "8", "9", "10", "6"]
    assert g.state.units["giant"].damage == 4
