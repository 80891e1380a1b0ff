"""Oversized units (codex: Oversized Units): Mountain Giant "Occupies four locations". All parts
move the same way; a direction is illegal if any part is blocked; a step enters only the
locations the unit did not occupy; a border is traversed only by a part that crosses it from
outside the unit; a teleport places the whole unit, every location legal and in one region; a
forced burrow across land and water fails; nearby and adjacent, attacks and defence and the
range of motion count every location it occupies; its parts are in its events and state, and
a log of it replays and verifies."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.view import RealmView
from sim.logfile import parse_log, write_jsonl
from sim.replay import verify
from tests.helpers import game, reach

SQUARES = (1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 14, 16, 17, 18, 19)
GIANT = "    - {id: giant, card: Mountain Giant, owner: p1, at: 7}\n"


def realm(units: str, special: dict[int, str] | None = None, active: str = "p1", squares: tuple[int, ...] = SQUARES) -> Any:
    sites = {sq: "Valley" for sq in squares} | (special or {})
    return game(
        f"title: t\nruleset: sorcery\nactive_player: {active}\nsetup:\n  sites:\n"
        + "".join(f"    - {{at: {sq}, card: {name}, controller: p1}}\n" for sq, name in sorted(sites.items()))
        + "  units:\n" + units
    )


def occupied(g: Any, unit: str = "giant") -> list[str]:
    found: list[str] = g.state.units[unit].occupied
    return found


def named(g: Any, kind: str) -> list[Any]:
    return [e for e in g.pending_events if type(e).__name__ == kind]


def test_a_mountain_giant_occupies_the_two_by_two_area_from_its_square() -> None:
    g = realm(GIANT + "    - {id: troll, card: Bosk Troll, owner: p2, at: 19}\n")
    assert occupied(g) == ["7", "8", "12", "13"]
    placed = {e.unit.id: e.model_dump(mode="json") for e in named(g, "UnitPlaced")}
    assert placed["giant"]["unit"]["parts"] == ["8", "12", "13"]
    assert "parts" not in placed["troll"]["unit"]  # a unit of one location writes what it always did


def test_an_area_leaving_the_realm_is_refused_with_a_one_line_error() -> None:
    with pytest.raises(BadInput, match="Mountain Giant.*2x2.*leave"):
        realm("    - {id: giant, card: Mountain Giant, owner: p1, at: 10}\n")


def test_all_parts_move_the_same_way() -> None:
    g = realm(GIANT)
    g.issue({"command": "move_and_attack", "unit": "giant", "path": ["8"]})
    assert occupied(g) == ["8", "9", "13", "14"]


def refused(g: Any) -> str:
    found = named(g, "StepRefused")
    return str(found[-1].rule) if found else ""


def test_a_direction_is_illegal_if_any_part_is_blocked() -> None:
    g = realm(GIANT, {14: "Gnome Hollows"})
    g.issue({"command": "move_and_attack", "unit": "giant", "path": ["8"]})  # 13 -> 14, into the Hollows
    assert "Gnome Hollows" in refused(g) and occupied(g) == ["7", "8", "12", "13"]
    h = realm("    - {id: giant, card: Mountain Giant, owner: p1, at: 8}\n")
    h.issue({"command": "move_and_attack", "unit": "giant", "path": ["9"]})  # 9 -> 10, 14 -> 15: void
    assert "Voidwalk" in refused(h) and occupied(h) == ["8", "9", "13", "14"]
    edge = realm("    - {id: giant, card: Mountain Giant, owner: p1, at: 9}\n", squares=(*SQUARES, 5, 10, 15, 20))
    edge.issue({"command": "move_and_attack", "unit": "giant", "path": ["10"]})  # 10 -> past the edge
    assert "Oversized Units" in refused(edge) and occupied(edge) == ["9", "10", "14", "15"]


def test_a_step_enters_only_the_locations_the_unit_did_not_occupy() -> None:
    g = realm(GIANT, {13: "Bottomless Pit"}, squares=tuple(s for s in SQUARES if s != 13))
    g.issue({"command": "move_and_attack", "unit": "giant", "path": ["8"]})  # 12 -> 13: it was there
    assert g.state.units["giant"].alive
    h = realm(GIANT, {14: "Bottomless Pit"}, squares=tuple(s for s in SQUARES if s != 14))
    h.issue({"command": "move_and_attack", "unit": "giant", "path": ["8"]})  # 13 -> 14: a new location
    assert not h.state.units["giant"].alive


def test_a_border_straddled_before_the_step_is_not_traversed() -> None:
    # codex: Traversing Borders: the Giant straddles the Perilous Bridge's top border (7 | 12)
    g = realm(GIANT, {12: "Perilous Bridge"}, squares=tuple(s for s in SQUARES if s != 12))
    g.issue({"command": "move_and_attack", "unit": "giant", "path": ["2"]})
    assert occupied(g) == ["2", "3", "7", "8"]
    g.issue({"command": "end_turn"})
    g.issue({"command": "end_turn", "player": "p2"})
    g.issue({"command": "move_and_attack", "unit": "giant", "path": ["7"]})  # 7 -> 12 crosses it
    assert "Perilous Bridge" in refused(g) and occupied(g) == ["2", "3", "7", "8"]


def test_a_teleport_places_the_whole_unit_every_location_legal() -> None:
    g = realm(GIANT)
    g.issue({"command": "cast", "card": "Blink", "targets": ["giant", "8"]})
    assert occupied(g) == ["8", "9", "13", "14"]
    h = realm(GIANT, {14: "Gnome Hollows"})
    h.issue({"command": "cast", "card": "Blink", "targets": ["giant", "8"]})
    assert occupied(h) == ["7", "8", "12", "13"]
    assert any("Gnome Hollows" in str(e.rule) for e in named(h, "StepRefused"))


def test_a_teleport_may_land_it_in_any_position_that_includes_a_place_nearby_one_of_its_parts() -> None:
    # codex: Teleporting Oversized Units, the Blink example: X = 14, nearby its part at 13; the
    # caster names where its location (top-left) lands: 14, so it occupies 14, 15, 19, 20
    g = realm(GIANT, squares=(*SQUARES, 5, 10, 15, 20))
    g.issue({"command": "cast", "card": "Blink", "targets": ["giant", "14"]})
    assert occupied(g) == ["14", "15", "19", "20"]
    far = realm(GIANT, squares=(*SQUARES, 5, 10, 15, 20))
    with pytest.raises(IllegalCommand, match="can.t be moved"):
        far.issue({"command": "cast", "card": "Blink", "targets": ["giant", "10"]})  # its area from 10 would leave the realm


def test_a_forced_burrow_fails_across_land_and_water() -> None:
    g = realm(GIANT, {13: "Spring River"})
    g.issue({"command": "cast", "card": "Bury", "targets": ["giant"]})
    assert occupied(g) == ["7", "8", "12", "13"]
    assert "Oversized Units" in refused(g)
    h = realm(GIANT)
    h.issue({"command": "cast", "card": "Bury", "targets": ["giant"]})  # all land: every part goes below
    moved = named(h, "PartsMoved")
    assert moved and moved[-1].parts == ["8/underground", "12/underground", "13/underground"]
    assert not h.state.units["giant"].alive  # without Burrowing it dies there (digest 1.6)


def test_adjacent_counts_every_location_it_occupies() -> None:
    g = realm(GIANT + "    - {id: gorgons, card: Stone-gaze Gorgons, owner: p2, at: 14}\n")
    assert RealmView.of(g.state).disabled("giant") is not None  # 14 is adjacent to 13, not to 7


def test_it_attacks_a_unit_sharing_any_of_its_locations_there() -> None:
    g = realm(GIANT + "    - {id: troll, card: Bosk Troll, owner: p2, at: 13}\n")
    g.issue({"command": "move_and_attack", "unit": "giant", "attack": "troll"})
    declared = named(g, "AttackDeclared")
    assert declared and declared[-1].location == "13"


def test_it_defends_an_attack_at_a_location_it_can_come_to_occupy() -> None:
    g = realm(GIANT + "    - {id: troll, card: Bosk Troll, owner: p2, at: 14}\n"
              "    - {id: boars, card: Wild Boars, owner: p1, at: 14}\n", active="p2")
    g.issue({"command": "move_and_attack", "unit": "troll", "attack": "boars", "player": "p2"})
    g.issue({"command": "defend", "unit": "giant", "player": "p1"})
    assert "14" in occupied(g)
    assert named(g, "DefenderJoined")


def test_its_defend_is_among_the_legal_commands_when_it_can_come_to_occupy_the_attack() -> None:
    """codex: Oversized Units (Attacking), Defend: the legal commands list the Defend the
    command accepts (they once asked only whether its square reaches the attack's location)."""
    g = realm(GIANT + "    - {id: troll, card: Bosk Troll, owner: p2, at: 14}\n"
              "    - {id: boars, card: Wild Boars, owner: p1, at: 14}\n", active="p2")
    g.issue({"command": "move_and_attack", "unit": "troll", "attack": "boars", "player": "p2"})
    listed = {c.unit for c in g.legal_commands() if type(c).__name__ == "Defend"}
    assert "giant" in listed
    assert g.refusals({"command": "defend", "unit": "giant", "player": "p1"}) == []


def test_its_range_of_motion_is_every_location_it_can_come_to_occupy() -> None:
    r = reach(realm(GIANT), "giant")
    assert "14" in r and "9" in r and "17" in r
    assert "4" not in r  # two columns away


def test_a_log_of_it_replays_and_verifies() -> None:
    g = realm(GIANT)
    g.issue({"command": "move_and_attack", "unit": "giant", "path": ["8"]})
    out = io.StringIO()
    write_jsonl(list(g.pending_events), out)
    events = parse_log(out.getvalue(), "giant").events
    assert any(type(e).__name__ == "PartsMoved" for e in events)
    assert verify(events).ok


def test_every_location_of_its_area_must_be_one_it_can_be_at() -> None:
    with pytest.raises((BadInput, IllegalCommand), match="giant .Mountain Giant. can.t be set up at 10"):
        realm("    - {id: giant, card: Mountain Giant, owner: p1, at: 9}\n")  # 10 and 15 are voids


def test_it_is_summoned_with_its_area() -> None:
    g = realm("    - {id: avatar, card: Sorcerer, owner: p1, at: 1}\n")
    g.issue({"command": "summon", "card": "Mountain Giant", "id": "giant", "at": "12", "player": "p1"})
    assert occupied(g) == ["12", "13", "17", "18"]


def test_legal_commands_list_only_moves_whose_every_part_steps() -> None:
    """docs/design.md "Legal commands": a listed path is one whose steps the engine takes; an
    oversized unit's step is judged part by part (codex: Oversized Units), so a move with a part
    blocked (the Gnome Hollows at 14) or off the realm is not listed."""
    def made() -> Any:
        return realm(GIANT, {14: "Gnome Hollows"})
    listed = [c for c in made().legal_commands() if type(c).__name__ == "MoveAndAttack" and c.unit == "giant"]
    assert listed
    assert not [c for c in listed if list(c.path) == ["8"]]  # 13 -> 14 would enter the Hollows
    for command in listed:
        g = made()
        g.issue(command)
        assert not named(g, "StepRefused"), command
        assert g.state.units["giant"].location == (str(command.path[-1]) if command.path else "7")


@pytest.mark.parametrize(
    ("name", "turns"),
    [("104-mountain-giant-teleport-and-bury.yaml", 0), ("106-megamoeba-and-aethermoeba-grow.yaml", 2), ("108-the-rack-blink-a-stretched-avatar.yaml", 0)],
)
def test_legal_commands_list_only_moves_an_oversized_unit_takes_whole_after_the_scenarios(name: str, turns: int) -> None:
    """The audit's cases: after scenario 104 the Giant's moves to 9 (into the Gnome Hollows) and
    13 (a part into the void) were listed; after 108 the stretched Avatar's move to 17 (a part
    off the realm). After 106 and ``turns`` turns' ends, the Megamoeba (6, 7, 8) was listed a
    path 8, 9: a step within itself from 6 to 8, not adjacent, which the command refuses (codex:
    Path); steps within go to adjacent parts."""
    text = (Path(__file__).resolve().parents[2] / "examples" / "sorcery" / name).read_text()
    def made() -> Any:
        g = game(text)
        for _ in range(turns):
            g.issue({"command": "end_turn"})
        return g

    moves = [c for c in made().legal_commands() if type(c).__name__ == "MoveAndAttack"]
    assert moves
    for command in moves:
        events = made().issue(command)
        assert not [e for e in events if type(e).__name__ == "StepRefused"], command
