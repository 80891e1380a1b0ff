"""Step distance (codex: Step, first meaning: "up to X steps away" is a distance, not movement;
issue 22): count one adjacent location per step within one region, without crossing its
boundaries; movement abilities (Airborne, Voidwalk) don't apply, nor what bars entering. Payload
Trebuchet, Siege Ballista, Midland Army, Minor Explosion and Sleep measure it. One test per rule,
each failing if the rule is broken."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.rules.distance import steps_away
from domain.rulesets.sorcery.view import RealmView
from tests.helpers import game

#: 5 columns by 4 rows; the sites named here, the rest void
SITES = (6, 7, 8, 9, 11, 13, 14, 16, 17, 18)


def realm(units: str, sites: tuple[int, ...] = SITES, artifacts: str = "", names: dict[int, str] | None = None) -> Any:
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: {(names or {}).get(sq, 'Valley')}, controller: p1}}\n" for sq in sites)
        + "  units:\n" + units + ("  artifacts:\n" + artifacts if artifacts else "")
    )
    return game(text)


def away(g: Any, frm: str, to: str) -> int | None:
    return steps_away(RealmView.of(g.state), parse_loc(frm), parse_loc(to))


NOBODY = "    - {id: a, card: Bosk Troll, owner: p1, at: 11}\n"


def test_a_step_is_one_adjacent_location_of_the_region() -> None:
    g = realm(NOBODY)
    assert away(g, "11", "11") == 0
    assert away(g, "11", "6") == 1
    assert away(g, "11", "17") == 2  # diagonal: two orthogonal steps, whatever can fly


def test_the_count_does_not_cross_the_region_s_boundaries() -> None:
    """12 is void: from 11 to 13 on the surface the count goes round, 11-6-7-8-13."""
    g = realm(NOBODY)
    assert away(g, "11", "13") == 4
    assert away(g, "11", "12/void") is None  # another region
    g = realm(NOBODY, sites=(11, 13))
    assert away(g, "11", "13") is None  # no way round: not any number of steps away


def test_payload_trebuchet_deals_the_discarded_card_s_cost_to_each_unit_up_to_three_steps_away() -> None:
    g = realm(
        "    - {id: bearer, card: Bosk Troll, owner: p1, at: 11}\n    - {id: crew, card: Wild Boars, owner: p1, at: 11}\n"
        "    - {id: x, card: Bosk Troll, owner: p2, at: 7}\n    - {id: y, card: Wild Boars, owner: p2, at: 7}\n",
        artifacts="    - {id: tre, card: Payload Trebuchet, controller: p1, bearer: bearer}\n",
    )
    g.issue({"command": "activate", "source": "bearer", "targets": ["crew", "Apprentice Wizard", "7"]})
    assert g.state.units["x"].damage == 3 and not g.state.units["y"].alive  # Apprentice Wizard costs 3
    assert g.state.units["bearer"].tapped and g.state.units["crew"].tapped


def test_payload_trebuchet_refuses_a_location_four_steps_away_by_the_region() -> None:
    """13 is two squares from 11, but four steps on the surface round the void at 12."""
    g = realm(
        "    - {id: bearer, card: Bosk Troll, owner: p1, at: 11}\n    - {id: crew, card: Wild Boars, owner: p1, at: 11}\n",
        artifacts="    - {id: tre, card: Payload Trebuchet, controller: p1, bearer: bearer}\n",
    )
    with pytest.raises(IllegalCommand, match="not up to 3 steps away"):
        g.issue({"command": "activate", "source": "bearer", "targets": ["crew", "Apprentice Wizard", "13"]})


def test_payload_trebuchet_needs_another_untapped_ally_here() -> None:
    g = realm(
        "    - {id: bearer, card: Bosk Troll, owner: p1, at: 11}\n    - {id: crew, card: Wild Boars, owner: p1, at: 6}\n",
        artifacts="    - {id: tre, card: Payload Trebuchet, controller: p1, bearer: bearer}\n",
    )
    with pytest.raises(IllegalCommand, match="another untapped ally here"):
        g.issue({"command": "activate", "source": "bearer", "targets": ["crew", "Apprentice Wizard", "7"]})


def test_siege_ballista_deals_3_to_a_unit_up_to_two_steps_away() -> None:
    units = (
        "    - {id: bearer, card: Bosk Troll, owner: p1, at: 11}\n    - {id: crew, card: Wild Boars, owner: p1, at: 11}\n"
        "    - {id: near, card: Bosk Troll, owner: p2, at: 7}\n    - {id: far, card: Bosk Troll, owner: p2, at: 8}\n"
    )
    ballista = "    - {id: bal, card: Siege Ballista, controller: p1, bearer: bearer}\n"
    g = realm(units, artifacts=ballista)
    with pytest.raises(IllegalCommand, match="not up to 2 steps away"):
        g.issue({"command": "activate", "source": "bearer", "targets": ["crew", "far"]})
    g.issue({"command": "activate", "source": "bearer", "targets": ["crew", "near"]})
    assert not g.state.units["near"].alive


def test_midland_army_deals_4_to_each_unit_at_a_location_up_to_three_steps_away() -> None:
    g = realm("    - {id: army, card: Midland Army, owner: p1, at: 11}\n    - {id: x, card: Bosk Troll, owner: p2, at: 8}\n")
    g.issue({"command": "activate", "source": "army", "targets": ["8"]})
    assert not g.state.units["x"].alive


def test_minor_explosion_deals_3_at_a_location_up_to_two_steps_from_the_caster() -> None:
    units = "    - {id: av, card: Avatar of Earth, owner: p1, at: 11}\n    - {id: x, card: Bosk Troll, owner: p2, at: 7}\n    - {id: far, card: Bosk Troll, owner: p2, at: 13}\n"
    g = realm(units)
    with pytest.raises(IllegalCommand, match="not up to 2 steps away"):
        g.issue({"command": "cast", "card": "Minor Explosion", "targets": ["av", "13"]})
    g.issue({"command": "cast", "card": "Minor Explosion", "targets": ["av", "7"]})
    assert not g.state.units["x"].alive and g.state.units["far"].alive


def test_sleep_counts_its_two_steps_within_the_region() -> None:
    """Sleep (the codex's other example): 13 is two squares from 11 but four steps on the surface."""
    g = realm("    - {id: av, card: Avatar of Earth, owner: p1, at: 11}\n    - {id: far, card: Bosk Troll, owner: p2, at: 13}\n")
    with pytest.raises(IllegalCommand, match="up to two steps away"):
        g.issue({"command": "cast", "card": "Sleep", "targets": ["av", "far"]})


def test_mortality_kills_the_mortal_minions_at_a_location_up_to_two_steps_away() -> None:
    units = (
        "    - {id: av, card: Avatar of Earth, owner: p1, at: 11}\n    - {id: wiz, card: Apprentice Wizard, owner: p2, at: 7}\n"
        "    - {id: troll, card: Bosk Troll, owner: p2, at: 7}\n    - {id: far, card: Apprentice Wizard, owner: p2, at: 13}\n"
    )
    g = realm(units)
    with pytest.raises(IllegalCommand, match="not up to 2 steps away"):
        g.issue({"command": "cast", "card": "Mortality", "targets": ["av", "13"]})
    g.issue({"command": "cast", "card": "Mortality", "targets": ["av", "7"]})
    assert not g.state.units["wiz"].alive and g.state.units["troll"].alive  # a Troll is no Mortal


def test_boil_destroys_the_minions_occupying_a_water_site_up_to_two_steps_away() -> None:
    units = (
        "    - {id: av, card: Avatar of Earth, owner: p1, at: 11}\n    - {id: troll, card: Bosk Troll, owner: p2, at: 6}\n"
        "    - {id: other, card: Bosk Troll, owner: p2, at: 7}\n"
    )
    g = realm(units, names={6: "Spring River"})
    with pytest.raises(IllegalCommand, match="not a water site"):
        g.issue({"command": "cast", "card": "Boil", "targets": ["av", "7"]})
    g.issue({"command": "cast", "card": "Boil", "targets": ["av", "6"]})
    assert not g.state.units["troll"].alive and g.state.units["other"].alive
