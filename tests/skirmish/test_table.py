"""The table as a board: location text that round-trips, horizontal inches, the tolerance, and
the geometry the rules ask of it (walls, ledges)."""

from __future__ import annotations

import pytest

from domain.errors import BadInput
from domain.rulesets.skirmish import RULESET
from domain.rulesets.skirmish.table import EPSILON, GROUND, parse_spot
from domain.rulesets.skirmish.view import TableView
from tests.helpers import game

YARD = """
title: yard
ruleset: skirmish
aliases: {gate: "2,3", loft: "7.25,1.5@roof"}
setup:
  width: 20
  depth: 10
  surfaces:
    - {id: roof, rect: [6, 0, 4, 4], height: 3}
    - {id: porch, rect: [10, 0, 2, 4], height: 2.5}
  units:
    - {id: a, side: p1, at: gate}
"""


@pytest.mark.parametrize("text", ["2,3", "0.125,9.5", "7.25,1.5@roof", "gate", "loft"])
def test_locations_round_trip_through_parse_and_label(text: str) -> None:
    state = game(YARD).state
    board = RULESET.board(state)
    canonical = board.parse(text)
    assert board.parse(board.label(canonical)) == canonical
    aliases = {"2,3": "gate", "7.25,1.5@roof": "loft"}
    assert board.label(canonical) == aliases.get(canonical, canonical)  # an aliased point is written by its name


def test_the_board_measures_horizontal_inches_whatever_the_heights() -> None:
    board = RULESET.board(game(YARD).state)
    assert board.distance("2,3", "5,7") == 5.0
    assert board.distance("7,1@roof", "7,4.5") == 3.5  # the 3" of height do not count
    assert board.neighbours("2,3") == []  # continuous: measured, not stepped


def test_points_are_equal_within_the_tolerance() -> None:
    a, b = parse_spot("1,1"), parse_spot(f"{1 + EPSILON / 10},1")
    assert a.flat_distance(b) < EPSILON and parse_spot("1.0000,1").text == "1,1"


@pytest.mark.parametrize(
    ("text", "message"),
    [("1;2", "expected 'x,y'"), ("x,2", "numbers of inches"), ("nan,2", "finite"), ("1,2,3", "expected 'x,y'")],
)
def test_malformed_points_are_bad_input(text: str, message: str) -> None:
    with pytest.raises(BadInput, match=message):
        parse_spot(text)


def test_a_point_inside_a_wall_or_off_the_table_or_on_an_unknown_surface_is_refused() -> None:
    table = TableView(game(YARD).state).table
    for text, message in (("7,1", "inside a wall"), ("21,1", "off the"), ("1,1@barn", "unknown surface"), ("1,8@roof", "not on surface roof")):
        with pytest.raises(BadInput, match=message):
            table.check_spot(parse_spot(text))


def test_a_ledge_is_an_edge_with_more_than_an_inch_below_it() -> None:
    table = TableView(game(YARD).state).table
    edge, below, drop = table.ledge_near(parse_spot("6.5,2@roof"), 1.0) or (None, None, None)
    assert edge is not None and edge.text == "6,2@roof" and below == GROUND and drop == 3.0
    assert table.ledge_near(parse_spot("9.7,2@roof"), 1.0) is None  # the porch is only 0.5" lower
    assert table.ledge_near(parse_spot("8,2@roof"), 1.0) is None  # 2" from every edge
    assert table.ledge_near(parse_spot("2,3"), 1.0) is None  # the ground has no ledge
