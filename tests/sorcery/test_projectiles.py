"""Projectiles (codex: Projectile, Fly Over; Storyline: Movement on the Storyline; issue 22):
where a projectile flies and whom it may hit, and the drags that follow its path one step at a
time (Pudge Butcher, Nelly Longarms, Meat Hook, Grapple Shot). One test per rule, each failing
if the rule is broken."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.rules.projectiles import fly
from domain.rulesets.sorcery.view import RealmView
from tests.helpers import game

#: the realm is 5 columns by 4 rows: 11-15 is the third row; 14 is left void unless named
ROW = (11, 12, 13, 15)


def realm(units: str, sites: dict[int, str] | None = None, script: str = "", extra: str = "") -> Any:
    placed = {sq: "Valley" for sq in ROW}
    placed.update(sites or {})
    text = (
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: {name}, controller: p1}}\n" for sq, name in sorted(placed.items()))
        + "  units:\n" + units + extra
    )
    return game(text + ("script:\n" + script if script else ""))


def flight(g: Any, shooter: str, way: str, **kw: Any) -> Any:
    return fly(RealmView.of(g.state), shooter, way, **kw)


def squares(f: Any) -> list[int]:
    return [loc.square for loc in f.path]


SHOOTER = "    - {id: me, card: Pudge Butcher, owner: p1, at: 11}\n"


def test_a_projectile_flies_in_a_cardinal_direction_within_its_region_to_the_region_s_end() -> None:
    """Codex: Projectile: "travels within the same region ... until it ... reaches the edge of its
    region": the void at 14 ends the surface."""
    f = flight(realm(SHOOTER), "me", "east")
    assert squares(f) == [11, 12, 13]
    assert f.hits == ()


def test_a_projectile_stops_at_the_first_unit_enemy_or_ally() -> None:
    g = realm(SHOOTER + "    - {id: friend, card: Bosk Troll, owner: p1, at: 12}\n    - {id: foe, card: Bosk Troll, owner: p2, at: 13}\n")
    f = flight(g, "me", "east")
    assert squares(f) == [11, 12]
    assert f.hits == ((parse_loc("12"), ("friend",)),)


def test_allies_at_the_starting_location_are_ignored_but_an_enemy_there_is_hit() -> None:
    g = realm(SHOOTER + "    - {id: friend, card: Bosk Troll, owner: p1, at: 11}\n    - {id: foe, card: Bosk Troll, owner: p2, at: 13}\n")
    assert flight(g, "me", "east").hits == ((parse_loc("13"), ("foe",)),)
    g = realm(SHOOTER + "    - {id: foe, card: Bosk Troll, owner: p2, at: 11}\n")
    assert flight(g, "me", "east").hits == ((parse_loc("11"), ("foe",)),)


def test_a_projectile_can_t_hit_a_unit_with_stealth() -> None:
    g = realm(SHOOTER + "    - {id: cat, card: Winter Nymph, owner: p2, at: 12}\n    - {id: foe, card: Bosk Troll, owner: p2, at: 13}\n")
    f = flight(g, "me", "east")
    assert f.hits == ((parse_loc("13"), ("foe",)),)
    assert ("cat", "Stealth: projectiles can't hit it") in f.passed


def test_a_projectile_stays_in_its_region() -> None:
    """A unit burrowed below 12 is in another region: the surface projectile passes over it."""
    g = realm(SHOOTER + "    - {id: mole, card: Gneissgnath Gnomes, owner: p2, at: 12/underground}\n")
    assert flight(g, "me", "east").hits == ()


def test_several_units_at_the_location_hit_are_the_controller_s_choice() -> None:
    g = realm(SHOOTER + "    - {id: a, card: Bosk Troll, owner: p2, at: 12}\n    - {id: b, card: Bosk Troll, owner: p2, at: 12}\n")
    assert flight(g, "me", "east").hits == ((parse_loc("12"), ("a", "b")),)


def test_a_piercing_projectile_goes_on_hitting_one_unit_at_each_location() -> None:
    g = realm(SHOOTER + "    - {id: a, card: Bosk Troll, owner: p2, at: 12}\n    - {id: b, card: Bosk Troll, owner: p2, at: 13}\n")
    f = flight(g, "me", "east", piercing=True)
    assert squares(f) == [11, 12, 13]
    assert [loc.square for loc, _ in f.hits] == [12, 13]


def test_a_ranged_projectile_stops_after_its_steps() -> None:
    """Codex: Ranged: "Shoot a projectile that stops after 1 step"."""
    g = realm(SHOOTER + "    - {id: b, card: Bosk Troll, owner: p2, at: 13}\n")
    f = flight(g, "me", "east", reach=1)
    assert squares(f) == [11, 12] and f.hits == ()
    assert flight(g, "me", "east", reach=2).hits == ((parse_loc("13"), ("b",)),)


def test_an_unknown_direction_is_refused_naming_the_four() -> None:
    with pytest.raises(BadInput, match="north, south, west, east"):
        flight(realm(SHOOTER), "me", "up")


# --- drags along the projectile's path ------------------------------------------------------------


def steps(g: Any, unit: str) -> list[tuple[str, str]]:
    return [(e.frm, e.to) for e in g.pending_events if type(e).__name__ == "StepTaken" and e.unit == unit]


def test_pudge_butcher_drags_the_hit_unit_to_his_location_one_step_at_a_time() -> None:
    g = realm(SHOOTER + "    - {id: foe, card: Bosk Troll, owner: p2, at: 13}\n")
    g.issue({"command": "activate", "source": "me", "targets": ["east"]})
    assert steps(g, "foe") == [("13", "12"), ("12", "11")]
    assert g.state.units["foe"].location == "11" and g.state.units["me"].tapped


def test_a_trigger_on_the_drag_path_resolves_between_its_steps() -> None:
    """Codex: Storyline: the whole path is declared, then each step resolves, and what it
    triggers comes before the next: Bottomless Pit at 12 kills the dragged troll there."""
    g = realm(SHOOTER + "    - {id: foe, card: Bosk Troll, owner: p2, at: 13}\n", {12: "Bottomless Pit"})
    g.issue({"command": "activate", "source": "me", "targets": ["east"]})
    assert steps(g, "foe") == [("13", "12")]
    assert not g.state.units["foe"].alive


def test_a_projectile_that_hits_no_one_drags_no_one() -> None:
    g = realm(SHOOTER)
    g.issue({"command": "activate", "source": "me", "targets": ["east"]})
    assert g.state.units["me"].tapped
    shot = [e for e in g.pending_events if type(e).__name__ == "ProjectileShot"]
    assert [(e.path, e.hit) for e in shot] == [(["11", "12", "13"], None)]
    assert not any(type(e).__name__ == "PathDeclared" for e in g.pending_events)


def test_of_several_units_hit_the_controller_names_one() -> None:
    g = realm(SHOOTER + "    - {id: a, card: Bosk Troll, owner: p2, at: 12}\n    - {id: b, card: Bosk Troll, owner: p2, at: 12}\n")
    with pytest.raises(BadInput, match="a, b"):
        g.issue({"command": "activate", "source": "me", "targets": ["east"]})
    with pytest.raises(IllegalCommand, match="not hit"):
        g.issue({"command": "activate", "source": "me", "targets": ["east", "me"]})
    g.issue({"command": "activate", "source": "me", "targets": ["east", "b"]})
    assert g.state.units["b"].location == "11" and g.state.units["a"].location == "12"


def test_nelly_longarms_drags_the_hit_unit_here_and_may_submerge_it() -> None:
    units = "    - {id: nelly, card: Nelly Longarms, owner: p1, at: 11}\n    - {id: foe, card: Bosk Troll, owner: p2, at: 13}\n"
    g = realm(units, {11: "Spring River"})
    g.issue({"command": "activate", "source": "nelly", "targets": ["east", "submerge"]})
    assert steps(g, "foe")[:2] == [("13", "12"), ("12", "11")]
    assert g.state.units["foe"].location == "11/underwater" or not g.state.units["foe"].alive
    g = realm(units, {11: "Spring River"})
    g.issue({"command": "activate", "source": "nelly", "targets": ["east"]})
    assert g.state.units["foe"].location == "11"


def test_meat_hook_gives_its_bearer_the_drag() -> None:
    g = realm(
        "    - {id: brute, card: Bosk Troll, owner: p1, at: 11}\n    - {id: foe, card: Wild Boars, owner: p2, at: 12}\n",
        extra="  artifacts:\n    - {id: hook, card: Meat Hook, controller: p1, bearer: brute}\n",
    )
    g.issue({"command": "activate", "source": "brute", "targets": ["east"]})
    assert g.state.units["foe"].location == "11"


def test_grapple_shot_drags_the_ally_along_the_path_to_the_hit_unit() -> None:
    """Codex: Storyline, Grapple Shot: the ally moves A -> R, then R -> I, one event each."""
    g = realm("    - {id: ally, card: Bosk Troll, owner: p1, at: 11}\n    - {id: foe, card: Bosk Troll, owner: p2, at: 13}\n")
    g.issue({"command": "cast", "card": "Grapple Shot", "targets": ["ally", "east"]})
    assert steps(g, "ally") == [("11", "12"), ("12", "13")]
    assert g.state.units["foe"].location == "13"


def test_grapple_shot_needs_an_ally() -> None:
    g = realm("    - {id: ally, card: Bosk Troll, owner: p1, at: 11}\n    - {id: foe, card: Bosk Troll, owner: p2, at: 13}\n")
    with pytest.raises(IllegalCommand, match="not an ally"):
        g.issue({"command": "cast", "card": "Grapple Shot", "targets": ["foe", "west"]})


def test_projectiles_fly_over_crawler() -> None:
    """Codex: Fly Over: "projectiles can't hit the unit, hitting other units normally"."""
    g = realm(SHOOTER + "    - {id: crawler, card: Crawler, owner: p2, at: 12}\n    - {id: foe, card: Bosk Troll, owner: p2, at: 13}\n")
    f = flight(g, "me", "east")
    assert f.hits == ((parse_loc("13"), ("foe",)),)
    assert ("crawler", "Crawler: projectiles fly over it") in f.passed


def test_projectiles_fly_over_the_crawling_congregation_and_its_adjacent_allies_only() -> None:
    g = realm(
        SHOOTER + "    - {id: flock, card: Crawling Congregation, owner: p2, at: 13}\n"
        "    - {id: pal, card: Bosk Troll, owner: p2, at: 12}\n    - {id: mine, card: Wild Boars, owner: p1, at: 12}\n"
    )
    f = flight(g, "me", "east")
    assert f.hits == ((parse_loc("12"), ("mine",)),)  # p2's troll adjacent to it is flown over; p1's boars are not its allies


def test_projectiles_can_t_enter_impenetrable_copse_from_the_outside() -> None:
    g = realm(SHOOTER + "    - {id: foe, card: Bosk Troll, owner: p2, at: 12}\n", {12: "Impenetrable Copse"})
    f = flight(g, "me", "east")
    assert squares(f) == [11] and f.hits == ()
    g = realm("    - {id: me, card: Pudge Butcher, owner: p1, at: 12}\n    - {id: foe, card: Bosk Troll, owner: p2, at: 13}\n", {12: "Impenetrable Copse"})
    assert flight(g, "me", "east").hits == ((parse_loc("13"), ("foe",)),)  # from inside, it goes out


def test_enemy_projectiles_can_t_enter_sir_morien_s_location_but_his_allies_can() -> None:
    units = "    - {id: morien, card: Sir Morien, owner: p2, at: 12}\n    - {id: foe, card: Bosk Troll, owner: p2, at: 13}\n"
    g = realm(SHOOTER + units)
    assert squares(flight(g, "me", "east")) == [11]
    g = realm(units + "    - {id: pal, card: Pudge Butcher, owner: p2, at: 11}\n    - {id: mine, card: Wild Boars, owner: p1, at: 12}\n")
    assert flight(g, "pal", "east").hits == ((parse_loc("12"), ("mine", "morien")),)


def test_a_projectile_round_a_globe_connected_realm_flies_once_around_its_line() -> None:
    """Digest 1.5 and 5.1 (Magellan Globe FAQ): projectiles wrap where the Globe connects opposite
    edges, so a line of sites has no end; the codex (Projectile) ends a flight only at a hit or
    the region's end. As Rolling Boulder's FAQ on the Globe (it stops before repeating, each
    location passed once), the projectile passes each location of its line once and stops before
    its start comes round again. Found by tests/sorcery/fuzz_realms.py (seed 34): listing Nelly
    Longarms' shots looped for ever."""
    globe = "  artifacts:\n    - {id: globe, card: Magellan Globe, controller: p1, at: 12}\n"
    g = realm(SHOOTER, sites={14: "Valley"}, extra=globe)
    f = flight(g, "me", "east")
    assert squares(f) == [11, 12, 13, 14, 15]
    assert f.hits == ()
    assert squares(flight(g, "me", "west")) == [11, 15, 14, 13, 12]


def test_a_piercing_projectile_round_a_globe_connected_realm_hits_each_location_once() -> None:
    """As above: an enemy at the shooter's location is hit there once, not again when the line
    comes round (Rolling Boulder FAQ: once per location)."""
    globe = "  artifacts:\n    - {id: globe, card: Magellan Globe, controller: p1, at: 12}\n"
    g = realm(SHOOTER + "    - {id: foe, card: Bosk Troll, owner: p2, at: 11}\n", sites={14: "Valley"}, extra=globe)
    f = flight(g, "me", "east", piercing=True)
    assert squares(f) == [11, 12, 13, 14, 15]
    assert f.hits == ((parse_loc("11"), ("foe",)),)
