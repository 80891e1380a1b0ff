"""Artifacts that move or carry, abilities gated by an elemental threshold, and minions tied to
their Avatar (issue 9, abilities_things.py): one test per rule, each failing if its ability is
removed."""

from __future__ import annotations

from typing import Any

from domain.rulesets.sorcery.abilities import ABILITIES
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


def test_every_ability_of_this_group_is_merged_into_abilities() -> None:
    from domain.rulesets.sorcery.abilities_things import ABILITIES_THINGS

    for name, abilities in ABILITIES_THINGS.items():
        for ability in abilities:
            assert ability in ABILITIES[name]
