"""Yog-Sothoth (its text; codex: Oversized Units): "Occupies all locations safely. Is banished
without five voids. Ignores the abilities of sites." Modelled: it occupies every location of
the realm's surface level (each site's surface, each void) as parts of an oversized unit whose
location is square 1; where it is never harms it; it can't move (every direction takes a part
off the realm); with fewer than five voids it is banished, as a state-based check whenever the
realm settles and when a site is played. Not modelled, and listed with the reason: ignoring the
abilities of sites."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import BadInput
from domain.rulesets.sorcery.coverage import derive
from tests.helpers import game, reach

SEVEN = (2, 3, 7, 8, 9, 12, 13)  # 13 voids
YOG = "    - {id: yog, card: Yog-Sothoth, owner: p1, at: 1}\n"


def realm(squares: tuple[int, ...] = SEVEN, units: str = YOG) -> Any:
    return game(
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in squares)
        + "  units:\n" + units
    )


def test_it_occupies_every_location_of_the_surface_level_sites_and_voids() -> None:
    g = realm()
    occupied = g.state.units["yog"].occupied
    assert len(occupied) == 20
    assert {"2", "3", "13"} <= set(occupied) and {"1/void", "20/void"} <= set(occupied)


def test_it_occupies_them_safely_a_void_without_voidwalk_does_not_banish_it() -> None:
    g = realm()
    unit = g.state.units["yog"]
    assert unit.location == "1/void" and unit.alive


def test_it_can_t_move_every_direction_takes_a_part_off_the_realm() -> None:
    g = realm()
    r = reach(g, "yog")
    assert len(r.reachable) == 20 and set(r.costs.values()) == {0}  # where it is, and nowhere else
    g.issue({"command": "move_and_attack", "unit": "yog", "path": ["2"]})
    refused = [e for e in g.pending_events if type(e).__name__ == "StepRefused"]
    assert refused and "leave the realm" in str(refused[-1].rule)
    assert g.state.units["yog"].location == "1/void"


def test_placed_anywhere_but_square_one_is_a_one_line_error() -> None:
    with pytest.raises(BadInput, match="Yog-Sothoth.*square 1"):
        realm(units="    - {id: yog, card: Yog-Sothoth, owner: p1, at: 8}\n")


def test_it_is_banished_without_five_voids() -> None:
    sixteen = tuple(sq for sq in range(1, 21) if sq not in (5, 10, 15, 20))  # four voids
    g = realm(sixteen)
    assert not g.state.units["yog"].alive


def test_five_voids_are_enough_and_a_site_played_to_the_fifth_banishes_it() -> None:
    fifteen = tuple(sq for sq in range(1, 21) if sq not in (1, 5, 10, 15, 20))  # five voids
    g = realm(fifteen)
    assert g.state.units["yog"].alive
    g.issue({"command": "play_site", "card": "Valley", "at": "5"})
    assert not g.state.units["yog"].alive
    died = [e for e in g.pending_events if type(e).__name__ == "UnitDied"]
    assert died and "five voids" in str(died[-1].rule)


def test_a_site_played_to_a_void_it_occupies_is_then_occupied_at_its_surface() -> None:
    g = realm()
    g.issue({"command": "play_site", "card": "Valley", "at": "4"})
    occupied = g.state.units["yog"].occupied
    assert "4" in occupied and "4/void" not in occupied and len(occupied) == 20


def test_ignoring_the_abilities_of_sites_stays_listed_with_the_reason() -> None:
    derivation = derive("Yog-Sothoth")
    assert derivation.status == "partial"
    gap, ignores = derivation.unmodelled
    assert gap.startswith("Occupies all locations safely. (it occupies the surface level only")
    assert ignores.startswith("Ignores the abilities of sites. (a unit that ignores the abilities of sites is not modelled")
