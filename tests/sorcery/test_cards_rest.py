"""Artifacts moved by force, and the rest of the pool's movement texts (issue 9;
declared in cards/, artifacts moved in engine/artifacts.py): one test per rule, each failing if its ability is
removed."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.cards import ABILITIES, SPELLS
from tests.helpers import game


def realm(units: str, sites: dict[int, str], artifacts: str = "", active: str = "p1") -> Any:
    text = (
        f"title: t\nruleset: sorcery\nactive_player: {active}\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: {name}, controller: p1}}\n" for sq, name in sorted(sites.items()))
        + "  units:\n" + (units or f"    - {{id: avatar, card: Sorcerer, owner: p1, at: {min(sites)}}}\n")
    )
    if artifacts:
        text += "  artifacts:\n" + artifacts
    return game(text)


def cast(g: Any, card: str, *targets: Any) -> Any:
    g.issue({"command": "cast", "card": card, "targets": [str(t) for t in targets]})
    return g


def where(g: Any, feature: str) -> str | None:
    return g.state.features[feature].location  # type: ignore[no-any-return]


def boots(fid: str, at: Any, card: str = "Seven-League Boots") -> str:
    return f"    - {{id: {fid}, card: {card}, controller: p1, at: '{at}'}}\n"


VALLEYS = {sq: "Valley" for sq in (1, 2, 3, 6, 7, 8, 9, 11, 12, 13)}
TROLL = "    - {id: troll, card: Bosk Troll, owner: p2, at: 7}\n"


def test_the_spells_that_move_everything_move_the_artifacts_on_the_ground_too() -> None:
    for name in ("Scatter", "Windblast", "Whirlwind", "Displace", "Drown", "Bury", "Stormy Seas", "Cave-In"):
        assert SPELLS[name].moves_artifacts, name
    for name in ("Spear of Destiny", "Sold-out Cemetery", "Avenging Angel", "Hollow One", "Headless Haunt", "Hauntless Head"):
        assert ABILITIES[name], name


# --- artifacts moved by force --------------------------------------------------------------------


def test_scatter_pushes_the_artifacts_at_its_location_too_and_must_name_them() -> None:
    g = realm(TROLL, VALLEYS, boots("b", 7))
    with pytest.raises(IllegalCommand, match="name every unit and artifact"):
        cast(g, "Scatter", 7, "troll", 2)
    with pytest.raises(IllegalCommand, match="not an adjacent location"):
        cast(g, "Scatter", 7, "troll", 2, "b", 13)
    cast(g, "Scatter", 7, "troll", 2, "b", 8)
    assert where(g, "b") == "8" and g.state.units["troll"].location == "2"


def test_windblast_pushes_the_artifacts_atop_sites_and_leaves_those_with_no_surface_ahead() -> None:
    g = realm("", VALLEYS, boots("b", 7) + boots("below", "12/underground"))
    cast(g, "Windblast", "north")
    assert where(g, "b") == "2"
    assert where(g, "below") == "12/underground"  # not atop a site


def test_windblast_does_not_push_an_artifact_toward_a_void_square() -> None:
    g = realm("", {3: "Valley", 7: "Valley", 8: "Valley"}, boots("b", 7))
    cast(g, "Windblast", "north")
    assert where(g, "b") == "7"
    spell = [e for e in g.pending_events if type(e).__name__ == "SpellCast"][-1]
    assert "b" in spell.unaffected and "does not exist" in spell.unaffected["b"]


def test_whirlwind_turns_the_artifacts_atop_sites_of_its_area() -> None:
    g = realm("", VALLEYS, boots("b", 7) + boots("out", 9))
    cast(g, "Whirlwind", 7, "clockwise")
    assert where(g, "b") == "8" and where(g, "out") == "9"


def test_displace_teleports_an_artifact_one_diagonal_step() -> None:
    g = realm("", VALLEYS, boots("b", 7))
    with pytest.raises(IllegalCommand, match="one diagonal step"):
        cast(g, "Displace", "b", 8)
    cast(g, "Displace", "b", 13)
    assert where(g, "b") == "13"


def test_displace_refuses_a_site_as_its_target() -> None:
    g = realm("", VALLEYS)
    site = next(f.id for f in g.state.features.values() if f.kind == "site")
    with pytest.raises(BadInput, match="not a minion or an artifact"):
        cast(g, "Displace", site, 13)


def test_drown_and_bury_move_a_target_artifact_down_if_able() -> None:
    g = realm("", {**VALLEYS, 14: "Bog"}, boots("wet", 14) + boots("dry", 7))
    cast(g, "Drown", "wet")
    cast(g, "Drown", "dry")  # a land site: not able
    assert where(g, "wet") == "14/underwater" and where(g, "dry") == "7"
    cast(g, "Bury", "dry")
    assert where(g, "dry") == "7/underground"


def test_stormy_seas_and_cave_in_move_the_artifacts_atop_their_site_down() -> None:
    g = realm("", {**VALLEYS, 14: "Bog"}, boots("wet", 14) + boots("dry", 7) + boots("other", 8))
    cast(g, "Stormy Seas", 14)
    cast(g, "Cave-In", 7)
    assert where(g, "wet") == "14/underwater" and where(g, "dry") == "7/underground" and where(g, "other") == "8"


def test_a_borne_artifact_is_not_moved_by_itself() -> None:
    g = realm(TROLL, VALLEYS, "    - {id: w, card: Wings of Invention, controller: p2, bearer: troll}\n")
    cast(g, "Windblast", "north")
    assert g.state.features["w"].bearer == "troll" and g.state.features["w"].location is None


def end_turn(g: Any, *answers: str) -> Any:
    g.issue({"command": "end_turn"})
    for answer in answers:
        g.issue({"command": "choose", "option": answer})
    return g


def test_vatn_draconis_may_submerge_the_artifacts_here_too() -> None:
    units = "    - {id: dragon, card: Vatn Draconis, owner: p1, at: 13}\n"
    g = realm(units, {12: "Valley", 13: "Stream"}, boots("wet", 13) + boots("dry", 12))
    end_turn(g, "yes")
    assert where(g, "wet") == "13/underwater" and where(g, "dry") == "12"
    g = realm(units, {12: "Valley", 13: "Stream"}, boots("wet", 13))
    end_turn(g, "no")
    assert where(g, "wet") == "13"


def test_undertaker_engine_may_burrow_or_unburrow_each_artifact_at_its_site() -> None:
    arts = boots("deep", "7/underground") + boots("top", 7) + "    - {id: engine, card: Undertaker Engine, controller: p1, at: 7}\n"
    g = realm("", VALLEYS, arts)
    end_turn(g, "yes", "no", "yes")  # deep, engine, top: in id order
    assert where(g, "deep") == "7" and where(g, "engine") == "7" and where(g, "top") == "7/underground"


# --- Shackled Demon's release ----------------------------------------------------------------------


DEMON = (
    "    - {id: avatar, card: Sorcerer, owner: p1, at: 8}\n"
    "    - {id: demon, card: Shackled Demon, owner: p1, at: 7}\n"
    "    - {id: troll, card: Bosk Troll, owner: p1, at: 12}\n"
)


def test_shackled_demon_is_released_when_an_adjacent_spellcaster_taps() -> None:
    from domain.rulesets.sorcery.view import RealmView

    g = realm(DEMON, VALLEYS)
    assert RealmView.of(g.state).disabled("demon") is not None
    g.issue({"command": "activate", "source": "avatar", "targets": ["demon"]})
    assert g.state.units["avatar"].tapped
    assert RealmView.of(g.state).disabled("demon") is None
    with pytest.raises(BadInput, match="no activated ability"):  # released: nothing left to release
        g.issue({"command": "activate", "source": "avatar", "targets": ["demon"]})


def test_only_an_adjacent_spellcaster_can_release_shackled_demon() -> None:
    g = realm(DEMON, VALLEYS)
    with pytest.raises(BadInput, match="no activated ability"):  # a troll is no Spellcaster
        g.issue({"command": "activate", "source": "troll", "targets": ["demon"]})
    g = realm(DEMON.replace("at: 8}", "at: 9}"), VALLEYS)
    with pytest.raises(BadInput, match="no activated ability"):  # 9 is not adjacent to 7
        g.issue({"command": "activate", "source": "avatar", "targets": ["demon"]})
    g = realm(DEMON.replace("at: 8}", "at: 7}"), VALLEYS)  # his own location is adjacent too (digest 1.4)
    g.issue({"command": "activate", "source": "avatar", "targets": ["demon"]})
    assert "demon" not in [getattr(e.spec, "unit", None) for e in g.state.effects.values()]
    g = realm(DEMON, VALLEYS)
    with pytest.raises(IllegalCommand, match="not a Spellcaster adjacent"):
        g.issue({"command": "activate", "source": "avatar", "targets": ["troll"]})


# --- Headless Haunt, Hauntless Head -----------------------------------------------------------------


def haunted(card: str, sites: str) -> Any:
    return game(
        "title: t\nruleset: sorcery\nseed: 1\nactive_player: p2\nsetup:\n  sites:\n" + sites
        + f"  units:\n    - {{id: haunt, card: {card}, owner: p1, at: 7}}\n"
    )


SITES = "    - {at: 7, card: Valley, controller: p1}\n    - {at: 11, card: Valley, controller: p1}\n"


@pytest.mark.parametrize("card", ["Headless Haunt", "Hauntless Head"])
def test_the_haunt_teleports_to_a_random_site_or_void_at_the_start_of_your_turn(card: str) -> None:
    g = haunted(card, SITES)
    g.issue({"command": "end_turn"})  # p1's turn starts: seed 1 rolls 11 on a d20
    rolls = [e for e in g.pending_events if type(e).__name__ == "DiceRolled"]
    assert [r.results for r in rolls] == [[11]] and rolls[0].dice == "1d20"
    assert g.state.units["haunt"].location == "11"  # the top of the site there
    g.issue({"command": "end_turn"})  # p2's turn: nothing
    assert g.state.units["haunt"].location == "11"


def test_the_haunt_teleports_into_the_void_of_a_square_without_a_site() -> None:
    g = haunted("Headless Haunt", "    - {at: 7, card: Valley, controller: p1}\n")
    g.issue({"command": "end_turn"})
    assert g.state.units["haunt"].location == "11/void"


def test_the_haunt_stays_when_the_random_location_is_one_it_cant_enter() -> None:
    g = haunted("Headless Haunt", "    - {at: 7, card: Valley, controller: p1}\n    - {at: 11, card: Gnome Hollows, controller: p1}\n")
    g.issue({"command": "end_turn"})
    assert g.state.units["haunt"].location == "7"  # Headless Haunt FAQ: the teleport fails


# --- Tringh Constrictor -------------------------------------------------------------------------------


SNAKE = (
    "    - {id: snake, card: Tringh Constrictor, owner: p1, at: 7}\n"
    "    - {id: prey, card: Bosk Troll, owner: p2, at: 8}\n"
    "    - {id: away, card: Bosk Troll, owner: p2, at: 9}\n"
)


def test_tringh_constrictor_constricts_a_minion_where_it_stepped_and_carries_it_disabled() -> None:
    from domain.rulesets.sorcery.view import RealmView

    g = realm(SNAKE, VALLEYS)
    with pytest.raises(BadInput, match="name the minion it constricts"):
        g.issue({"command": "activate", "source": "snake", "targets": ["8"]})
    with pytest.raises(IllegalCommand, match="not another minion at 8"):
        g.issue({"command": "activate", "source": "snake", "targets": ["8", "away"]})
    g.issue({"command": "activate", "source": "snake", "targets": ["8", "prey"]})
    assert g.state.units["prey"].carried_by == "snake"
    view = RealmView.of(g.state)
    assert view.disabled("prey") is not None and view.held_by("prey") == "snake"


def test_tringh_constrictor_kills_its_constricted_minion_instead_of_untapping() -> None:
    g = realm(SNAKE, VALLEYS)
    g.issue({"command": "activate", "source": "snake", "targets": ["8", "prey"]})
    g.issue({"command": "end_turn"})
    assert g.state.units["prey"].alive  # p2's turn: nothing
    g.issue({"command": "end_turn"})
    assert not g.state.units["prey"].alive and g.state.units["snake"].tapped


def test_tringh_constrictor_untaps_when_it_constricts_no_one() -> None:
    g = realm("    - {id: snake, card: Tringh Constrictor, owner: p1, at: 7}\n", VALLEYS)
    g.issue({"command": "activate", "source": "snake", "targets": ["8"]})
    g.issue({"command": "end_turn"})
    g.issue({"command": "end_turn"})
    assert not g.state.units["snake"].tapped and not g.state.effects


# --- Hollow One ---------------------------------------------------------------------------------------


def hollow(victim: str, at: int, pits: tuple[int, ...]) -> Any:
    sites = {**VALLEYS, **{sq: "Bottomless Pit" for sq in pits}}
    return realm("    - {id: hollow, card: Hollow One, owner: p1, at: 7}\n"
                 f"    - {{id: victim, card: {victim}, owner: p2, at: {at}}}\n", sites)


def test_hollow_one_is_disabled_until_a_mortal_or_beast_dies_nearby() -> None:
    from domain.rulesets.sorcery.view import RealmView

    g = hollow("Wild Boars", 11, (12,))
    assert RealmView.of(g.state).disabled("hollow") is not None
    cast(g, "Scatter", 11, "victim", 12)  # into the Bottomless Pit at 12, nearby 7
    assert not g.state.units["victim"].alive
    assert RealmView.of(g.state).disabled("hollow") is None


def test_hollow_one_stays_disabled_after_another_death_or_one_not_nearby() -> None:
    from domain.rulesets.sorcery.view import RealmView

    g = hollow("Bosk Troll", 11, (12,))  # a Troll
    cast(g, "Scatter", 11, "victim", 12)
    assert not g.state.units["victim"].alive and RealmView.of(g.state).disabled("hollow") is not None
    g = realm("    - {id: hollow, card: Hollow One, owner: p1, at: 6}\n    - {id: victim, card: Wild Boars, owner: p2, at: 8}\n",
              {**VALLEYS, 9: "Bottomless Pit"})
    cast(g, "Scatter", 8, "victim", 9)  # 9 is not nearby 6
    assert not g.state.units["victim"].alive and RealmView.of(g.state).disabled("hollow") is not None
    g = hollow("Wild Boars", 8, ())
    cast(g, "Bury", "victim")  # dies underground at 8: another region than the Hollow One's (digest 1.4)
    assert not g.state.units["victim"].alive and RealmView.of(g.state).disabled("hollow") is not None


# --- Sold-out Cemetery ----------------------------------------------------------------------------------


def cemetery(units: str) -> Any:
    return realm(units, {3: "Valley", 7: "Valley", 8: "Sold-out Cemetery", 13: "Valley"})


def test_sold_out_cemetery_pushes_another_undead_away_when_undead_enter() -> None:
    g = cemetery("    - {id: resting, card: Ghoul, owner: p1, at: 8}\n    - {id: ghoul, card: Ghoul, owner: p2, at: 7}\n")
    g.issue({"command": "end_turn"})
    g.issue({"command": "move_and_attack", "unit": "ghoul", "path": ["8"]})
    choice = g.state.choice
    assert choice is not None and choice.player == "p1" and sorted(choice.options) == ["resting>13", "resting>3", "resting>7"]
    g.issue({"command": "choose", "option": "resting>13"})
    assert g.state.units["resting"].location == "13" and g.state.units["ghoul"].location == "8"


def test_sold_out_cemetery_ignores_a_unit_that_is_not_undead() -> None:
    g = cemetery("    - {id: resting, card: Ghoul, owner: p1, at: 8}\n    - {id: troll, card: Bosk Troll, owner: p1, at: 7}\n")
    g.issue({"command": "move_and_attack", "unit": "troll", "path": ["8"]})
    assert g.state.choice is None and g.state.units["resting"].location == "8"


# --- Spear of Destiny -------------------------------------------------------------------------------------


def test_spear_of_destiny_teleports_to_the_minion_it_is_thrown_at_and_kills_it() -> None:
    units = (
        "    - {id: thrower, card: Bosk Troll, owner: p1, at: 7}\n"
        "    - {id: boars, card: Wild Boars, owner: p1, at: 7}\n"
        "    - {id: target, card: Bosk Troll, owner: p2, at: 13}\n"
    )
    g = realm(units, VALLEYS, "    - {id: spear, card: Spear of Destiny, controller: p1, bearer: thrower}\n")
    with pytest.raises(BadInput, match="no activated ability"):  # not its bearer
        g.issue({"command": "activate", "source": "boars", "targets": ["spear", "target"]})
    g.issue({"command": "activate", "source": "thrower", "targets": ["spear", "target"]})
    spear = g.state.features["spear"]
    assert spear.location == "13" and spear.bearer is None
    assert not g.state.units["target"].alive and g.state.units["thrower"].tapped


# --- Avenging Angel ---------------------------------------------------------------------------------------


def test_avenging_angel_has_charge_and_lethal_if_an_ally_died_on_the_opponents_last_turn() -> None:
    from domain.rulesets.sorcery.view import RealmView

    units = "    - {id: angel, card: Avenging Angel, owner: p1, at: 7}\n    - {id: boars, card: Wild Boars, owner: p1, at: 11}\n"
    g = realm(units, {**VALLEYS, 12: "Bottomless Pit"}, active="p2")
    assert not {"Charge", "Lethal"} & RealmView.of(g.state).keywords("angel")
    cast(g, "Scatter", 11, "boars", 12)  # p2's turn: p1's boars die in the pit
    assert not g.state.units["boars"].alive
    assert not {"Charge", "Lethal"} & RealmView.of(g.state).keywords("angel")  # not yet p2's *last* turn
    g.issue({"command": "end_turn"})
    assert {"Charge", "Lethal"} <= RealmView.of(g.state).keywords("angel")  # p1's turn: an ally died on p2's last
    g.issue({"command": "end_turn"})
    g.issue({"command": "end_turn"})
    assert not {"Charge", "Lethal"} & RealmView.of(g.state).keywords("angel")  # p2's last turn saw no death


def test_avenging_angel_ignores_an_enemy_death() -> None:
    from domain.rulesets.sorcery.view import RealmView

    units = "    - {id: angel, card: Avenging Angel, owner: p1, at: 7}\n    - {id: boars, card: Wild Boars, owner: p2, at: 11}\n"
    g = realm(units, {**VALLEYS, 12: "Bottomless Pit"}, active="p2")
    cast(g, "Scatter", 11, "boars", 12)
    g.issue({"command": "end_turn"})
    assert not {"Charge", "Lethal"} & RealmView.of(g.state).keywords("angel")


def test_avenging_angel_counts_a_death_not_a_banishment_from_the_void_nor_a_return_to_hand() -> None:
    """Avenging Angel reads "an ally died on your opponent's last turn": a minion without
    Voidwalk in the void is banished, not killed (digest 1.6; codex: Void), and one returned to
    its owner's hand (Scarecrow) leaves the realm alive. Neither is a death: the realm's deaths
    once held both."""
    from domain.rulesets.sorcery.view import RealmView

    units = "    - {id: angel, card: Avenging Angel, owner: p1, at: 7}\n    - {id: boars, card: Wild Boars, owner: p1, at: 3}\n"
    g = realm(units, {sq: name for sq, name in VALLEYS.items() if sq != 2}, active="p2")
    cast(g, "Into the Abyss", "boars", 2)  # p2's turn: p1's boars pulled into the void at 2
    assert not g.state.units["boars"].alive
    assert any(e.name == "UnitDied" and "banished" in str(e.rule) for e in g.pending_events)  # type: ignore[attr-defined]
    g.issue({"command": "end_turn"})
    assert not {"Charge", "Lethal"} & RealmView.of(g.state).keywords("angel")
    assert g.state.deaths == []  # type: ignore[attr-defined]
    units = "    - {id: angel, card: Avenging Angel, owner: p1, at: 8}\n    - {id: pegasus, card: Plumed Pegasus, owner: p1, at: 7}\n"
    g = realm(units, VALLEYS, active="p2")
    g.issue({"command": "conjure", "card": "Scarecrow", "id": "scarecrow", "at": "7", "player": "p2"})
    assert any(e.name == "UnitReturned" for e in g.pending_events)
    g.issue({"command": "end_turn"})
    assert not {"Charge", "Lethal"} & RealmView.of(g.state).keywords("angel")
