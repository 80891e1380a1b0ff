"""Every ruleset's board picture holds what issue 23 lists, one test per ruleset per feature:
its units, the range of motion filled, the path drawn as an arrow through its steps, the places
kept out crossed with their rule in a tooltip, and the last command's steps as arrows."""

from __future__ import annotations

import pytest

from domain.rulesets.godsgloom.hexgrid import parse_hex
from domain.rulesets.godsgloom.view import MatView
from projections.lookahead import Lookahead
from sim.pictures.moves import fold_to
from tests.pictures.support import CASES, NS, by_class, events_of, state_of, svg_of, title_of

RULESETS = sorted(CASES)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_living_unit_is_drawn_once_with_a_tooltip(ruleset: str) -> None:
    example, at, _, _ = CASES[ruleset]
    root = svg_of(example, at)
    state = fold_to(list(events_of(example)), at).state
    assert state is not None
    living = sorted(u.id for u in state.units.values() if u.alive and u.location)
    drawn = sorted(g.get("data-unit") or "" for g in by_class(root, "g", "unit"))
    assert drawn == living
    for group in by_class(root, "g", "unit"):
        assert title_of(group).startswith(f"{group.get('data-unit')}:")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_svg_carries_the_text_board_in_desc(ruleset: str) -> None:
    example, at, _, _ = CASES[ruleset]
    desc = svg_of(example, at).find("svg:desc", NS)
    assert desc is not None and desc.text
    state = fold_to(list(events_of(example)), at).state
    assert state is not None
    for unit in state.units.values():
        assert f" {unit.id} (" in desc.text


@pytest.mark.parametrize("ruleset", ["sorcery", "godsgloom", "tinyepic"])
def test_every_reachable_place_is_filled_and_says_its_path(ruleset: str) -> None:
    example, at, unit, _ = CASES[ruleset]
    answer = Lookahead.from_events(list(events_of(example))[:at]).range_of_motion(unit)
    fills = by_class(svg_of(example, at, unit), "*", "reach")
    assert sorted(f.get("data-location") or "" for f in fills) == sorted(answer.reachable)
    for fill in fills:
        location = fill.get("data-location") or ""
        assert " -> ".join(answer.paths[location]) in title_of(fill)


def test_the_skirmish_reach_is_the_lookahead_polygons_per_surface() -> None:
    example, at, unit, _ = CASES["skirmish"]
    answer = Lookahead.from_events(list(events_of(example))[:at]).range_of_motion(unit)
    areas = answer.as_json()["areas"]
    assert isinstance(areas, dict) and areas
    fills = by_class(svg_of(example, at, unit), "polygon", "reach")
    assert sorted(f.get("data-surface") or "" for f in fills) == sorted(s for s, parts in areas.items() for _ in parts)
    scale = 25.0  # a 24" table is drawn 25 px an inch, from 14 px in
    ground = [f for f in fills if f.get("data-surface") == "ground"][0]
    first = ground.get("points", "").split()[0].split(",")
    x, y = areas["ground"][0][0]
    assert (float(first[0]), float(first[1])) == pytest.approx((14 + x * scale, 14 + y * scale), abs=0.01)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_path_to_a_place_is_an_arrow_through_its_steps(ruleset: str) -> None:
    example, at, unit, to = CASES[ruleset]
    lookahead = Lookahead.from_events(list(events_of(example))[:at])
    path = lookahead.range_of_motion(unit).path_to(lookahead.label(lookahead.parse(to)))
    assert path is not None and len(path) >= 2
    root = svg_of(example, at, unit, to)
    (group,) = by_class(root, "g", "path")
    line = group.find("svg:polyline", NS)
    assert line is not None
    assert len(line.get("points", "").split()) == len(path)
    assert line.get("marker-end") == "url(#arrow-path)"
    assert " -> ".join(path) in title_of(line)


@pytest.mark.parametrize("ruleset", ["sorcery", "godsgloom", "tinyepic"])
def test_places_kept_out_are_crossed_with_their_rule_in_a_tooltip(ruleset: str) -> None:
    example, at, unit, _ = CASES[ruleset]
    answer = Lookahead.from_events(list(events_of(example))[:at]).range_of_motion(unit)
    out = by_class(svg_of(example, at, unit), "g", "out")
    expected = sorted(loc for loc in answer.reasons if loc not in answer.paths and on_board(example, at, loc))
    assert expected and sorted(g.get("data-location") or "" for g in out) == expected
    for group in out:
        location = group.get("data-location") or ""
        assert title_of(group).startswith(f"{location} out of reach: ")
        assert answer.why_not(location)[0].message in title_of(group)


def on_board(example: str, at: int, location: str) -> bool:
    """Whether the board has the place (a hex search also tries hexes beyond the mat's edge)."""
    state = state_of(example, at)
    if state.ruleset != "godsgloom":
        return True
    return MatView(state).on_mat(parse_hex(location))


def test_a_skirmish_surface_out_of_reach_is_crossed_with_why() -> None:
    example, at, unit, _ = CASES["skirmish"]
    out = by_class(svg_of(example, at, unit), "g", "out")
    where = sorted((g.get("data-location") or "").split("@")[1] for g in out)
    assert where == ["east", "west"]  # the thief can reach the tower, not the two far roofs
    assert all("out of reach: " in title_of(g) and title_of(g).split("out of reach: ")[1] for g in out)


def test_an_unreachable_target_is_crossed_with_the_rules_instead_of_a_path() -> None:
    root = svg_of("tiny-epic-tactics/04-water-peak-ballista-and-climbing-onto-a-peak.yaml", 8, "rogue", "4,0")
    assert by_class(root, "g", "path") == []
    marks = [g for g in by_class(root, "g", "out") if g.get("data-location") == "4,0"]
    assert marks and "needs 8, has 6" in title_of(marks[-1])


#: after the last event of a command that moved units: the arrows expected, in order
LAST_MOVES = {
    "sorcery": (24, [("steed", "N -> S"), ("warriors", "N -> S")]),
    "godsgloom": (20, [("cavalry", "2,6 -> 2,5"), ("cavalry", "2,5 -> 2,4"), ("cavalry", "2,4 -> 2,3")]),
    "tinyepic": (13, [("rogue", "0,0 -> 1,0"), ("rogue", "1,0 -> 2,0"), ("rogue", "2,0 -> 3,0")]),
    "skirmish": (16, [("thief", "5.5,2 -> 6.5,2@tower"), ("thief", "6.5,2@tower -> 8.5,2@tower")]),
}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_last_commands_steps_are_arrows(ruleset: str) -> None:
    at, expected = LAST_MOVES[ruleset]
    arrows = by_class(svg_of(CASES[ruleset][0], at), "polyline", "moved")
    assert [(a.get("data-unit"), title_of(a)) for a in arrows] == [(u, f"{u}: {way}") for u, way in expected]
    assert all(a.get("marker-end") == "url(#arrow-move)" for a in arrows)
    assert all(len(a.get("points", "").split()) == 2 for a in arrows)


def test_the_next_command_starts_without_the_last_ones_arrows() -> None:
    at, _ = LAST_MOVES["godsgloom"]
    assert by_class(svg_of(CASES["godsgloom"][0], at + 1), "polyline", "moved") == []  # e21 is c4 (end activation)


def test_a_refused_step_is_crossed_where_it_was_refused_with_its_rule() -> None:
    root = svg_of("sorcery/18-scarecrow.yaml", 13)
    (refused,) = by_class(root, "g", "refused")
    assert refused.get("data-unit") == "pegasus"
    assert "Scarecrow: Airborne minions can't enter this location" in title_of(refused)
    line = refused.find("svg:polyline", NS)
    assert line is not None and line.get("marker-end") == "url(#arrow-refused)"
    assert by_class(refused, "path", "cross")


def test_a_move_cut_short_is_ringed_with_why() -> None:
    root = svg_of(CASES["godsgloom"][0], 20)
    (cut,) = by_class(root, "g", "cancelled")
    assert cut.get("data-unit") == "cavalry"
    assert "Engagement Zone of ogres" in title_of(cut)
