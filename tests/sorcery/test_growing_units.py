"""Oversized units that grow (codex: Oversized Units; Megamoeba, Aethermoeba): they move by
extending a single pseudopod from any part of themselves, occupy every location they have ever
occupied, and have +1 power for each (Aethermoeba: for each one that is void)."""

from __future__ import annotations

from typing import Any

from domain.rulesets.sorcery.coverage import derive
from tests.helpers import game, reach

SQUARES = (1, 2, 3, 6, 7, 8, 9, 11, 12, 13, 14)


def realm(units: str, special: dict[int, str] | None = None, squares: tuple[int, ...] = SQUARES) -> Any:
    sites = {sq: "Valley" for sq in squares} | (special or {})
    return game(
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: {name}, controller: p1}}\n" for sq, name in sorted(sites.items()))
        + "  units:\n" + units
    )


MOEBA = "    - {id: moeba, card: Megamoeba, owner: p1, at: 7}\n"


def next_turn(g: Any) -> None:
    g.issue({"command": "end_turn"})
    g.issue({"command": "end_turn", "player": "p2"})


def test_it_enters_the_realm_at_one_location_with_one_power_for_it() -> None:
    g = realm(MOEBA)
    unit = g.state.units["moeba"]
    assert unit.occupied == ["7"] and unit.power == 1


def test_it_grows_it_keeps_every_location_it_occupied_and_gains_power() -> None:
    g = realm(MOEBA)
    g.issue({"command": "move_and_attack", "unit": "moeba", "path": ["8"]})
    unit = g.state.units["moeba"]
    assert sorted(unit.occupied) == ["7", "8"] and unit.power == 2


def test_it_extends_from_any_part_of_itself() -> None:
    g = realm(MOEBA)
    g.issue({"command": "move_and_attack", "unit": "moeba", "path": ["8"]})
    next_turn(g)
    g.issue({"command": "move_and_attack", "unit": "moeba", "path": ["7", "6"]})  # from 7, not from 8
    unit = g.state.units["moeba"]
    assert sorted(unit.occupied, key=int) == ["6", "7", "8"] and unit.power == 3


def test_moving_within_itself_enters_nothing_and_a_new_location_is_entered() -> None:
    g = realm(MOEBA, {8: "Bottomless Pit"}, squares=tuple(s for s in SQUARES if s != 8))
    g.issue({"command": "move_and_attack", "unit": "moeba", "path": ["8"]})
    assert not g.state.units["moeba"].alive


def test_its_range_of_motion_is_every_part_and_one_step_from_any() -> None:
    g = realm(MOEBA)
    g.issue({"command": "move_and_attack", "unit": "moeba", "path": ["8"]})
    next_turn(g)
    r = reach(g, "moeba")
    assert {"6", "7", "8", "9", "2", "3", "12", "13"} <= set(r.reachable)
    assert "11" not in r and "14" not in r


def test_aethermoeba_has_one_power_for_each_void_it_occupies() -> None:
    g = realm("    - {id: moeba, card: Aethermoeba, owner: p1, at: 9}\n")
    assert g.state.units["moeba"].power == 0  # a site, not a void
    g.issue({"command": "move_and_attack", "unit": "moeba", "path": ["10/void"]})
    unit = g.state.units["moeba"]
    assert sorted(unit.occupied) == ["10/void", "9"] and unit.power == 1


def test_the_growing_units_are_modelled_with_their_stated_gap_only() -> None:
    for name in ("Megamoeba", "Aethermoeba"):
        derivation = derive(name)
        assert derivation.status == "partial" and len(derivation.unmodelled) == 1
        assert "its location is where it last grew" in derivation.unmodelled[0]


def test_a_growing_unit_pushed_by_force_takes_the_push_as_a_step_into_a_new_location() -> None:
    """Codex: Forced Movement; Megamoeba's text ("occupies all locations it has ever occupied"):
    pushed one step (River Rapids: "push a minion on connected Rivers one step"), it is pushed
    from its location into a new one, which it then occupies too. Its free steps within itself
    are steps of its own moving, not a push's. Found by tests/sorcery/fuzz_realms.py (seed 244):
    listing the push crashed on the forced movement model (it has no ``adjacent``)."""
    g = realm(MOEBA, {7: "River Rapids", 8: "River Rapids"})
    g.issue({"command": "move_and_attack", "unit": "moeba", "path": ["8"]})  # it occupies 7 and 8
    listed = [c.model_dump(mode="json") for c in g.legal_commands() if getattr(c, "command", "") == "activate"]
    assert {"command": "activate", "player": "p1", "source": "river-rapids-7", "ability": "pushes a minion on connected Rivers one step",
            "targets": ["moeba", "9"]} in [{k: v for k, v in c.items() if k != "turn"} for c in listed]
    g.issue({"command": "activate", "source": "river-rapids-7", "targets": ["moeba", "9"]})
    unit = g.state.units["moeba"]
    assert sorted(unit.occupied) == ["7", "8", "9"] and unit.power == 3 and unit.location == "9"
