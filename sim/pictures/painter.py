"""What every board picture shares: the base a ruleset's painter extends, and the registry.

A painter is how one ruleset's board looks in one state, in SVG and as compact text (python-chess's
``chess.svg.board`` and ``print(board)``). It reads the state and answers questions about places
(where a location's centre is, what shape it has); it never changes the state. The overlays that
are the same on every board (range of motion, paths, the last command's steps: ``overlay.py``)
are drawn through these answers, so each ruleset writes its geometry once.
"""

from __future__ import annotations

import importlib
import xml.etree.ElementTree as ET
from collections.abc import Callable
from functools import cached_property
from typing import Any

from domain.movement import RangeOfMotion
from domain.rules import RuleRef
from domain.ruleset import StateSummary, get_ruleset
from domain.state import GameState, UnitState
from sim.pictures.svg import Point, Svg

#: a colour per player, in the game's order of players
PLAYER_COLOURS = ("#2763b8", "#c0392b", "#2e8b57", "#8e44ad")
REACH_FILL = "#f2c94c"
Labeler = Callable[[str], str]


class Painter:
    """Base of the four painters. ``width`` x ``height`` is the board's own area; a picture adds
    its header and notes around it (``picture.py``)."""

    width: float = 600
    height: float = 400

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.rules = get_ruleset(state.ruleset)

    # --- what a painter answers -------------------------------------------------------------

    def label(self, location: str) -> str:
        """A location as a scenario writes it (its alias when it has one)."""
        return self.rules.label(self.state, location)

    def parse(self, text: str) -> str:
        """A location the way the state keeps it, from how a scenario or an answer writes it."""
        return self.rules.parse_location(self.state, text)

    def colour(self, player: str) -> str:
        players = self.state.players
        index = players.index(player) if player in players else len(players)
        return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]

    def centre(self, location: str) -> Point | None:
        """Where a location's centre is drawn; None when the board has no such place."""
        raise NotImplementedError

    def place(self, svg: Svg, parent: ET.Element, location: str, **attrs: Any) -> ET.Element | None:
        """The shape of a location (a square's region, a hex, a space), for a reach fill or a
        mark; the default is a disc around its centre."""
        centre = self.centre(location)
        if centre is None:
            return None
        return svg.node(parent, "circle", cx=centre[0], cy=centre[1], r=9.0, **attrs)

    def unit_centre(self, unit: UnitState) -> Point | None:
        """Where a unit is drawn (several units in one location are drawn side by side)."""
        return self.centre(unit.location) if unit.location else None

    def kept_out(self, answer: RangeOfMotion) -> dict[str, list[RuleRef]]:
        """The places out of reach to mark, each with the rules that keep it out: on a grid,
        every place the search tried and could not reach."""
        return {location: list(rules) for location, rules in answer.reasons.items() if location not in answer.paths}

    def path_labels(self, answer: RangeOfMotion, target: str) -> list[tuple[Point, str]]:
        """Notes along the path to ``target`` (the skirmish table: each check and its chance)."""
        return []

    @cached_property
    def summary(self) -> StateSummary:
        """The state as its ruleset words it for people (``sim replay`` prints the same)."""
        return self.rules.summary(self.state, self.label)

    def headline(self) -> str:
        return self.summary.headline

    def notes(self) -> list[str]:
        """Lines listed beside the board, in the ruleset's own words (effects in force, life
        totals, the activation under way), and the choice the game waits for."""
        found = list(self.summary.notes)
        choice = self.state.choice
        if choice is not None:
            found.append(f"waiting for {choice.player}: {choice.prompt}")
        return found

    #: the state's fields ``draw_board`` reads (a painter that reads more says so in ``board_key``)
    board_fields: tuple[str, ...] = ()

    def board_key(self) -> str:
        """What ``draw_board`` reads, as text: two states with the same key have the same board
        picture (the viewer draws a board once for all the events that leave it as it was).
        Without ``board_fields`` it is the whole state: always right, never shared."""
        if not self.board_fields:
            return self.state.model_dump_json()
        return self.state.model_dump_json(include={"aliases", *self.board_fields})

    # --- drawing ------------------------------------------------------------------------------

    def draw_board(self, svg: Svg, parent: ET.Element) -> None:
        raise NotImplementedError

    def draw_units(self, svg: Svg, parent: ET.Element) -> None:
        raise NotImplementedError

    def draw_reach(self, svg: Svg, parent: ET.Element, answer: RangeOfMotion) -> None:
        """Every reachable place filled, each with a tooltip naming its path and cost."""
        for location in sorted(answer.reachable):  # the same file on every run, whatever the search's order
            canonical = self.parse(location)
            path = answer.paths.get(location) or [location]
            shape = self.place(
                svg, parent, canonical, class_="reach", fill=REACH_FILL, fill_opacity=0.45, stroke=REACH_FILL,
                data_location=location, data_path=path_points(self, path),
            )
            if shape is not None:
                cost = answer.costs.get(location)
                spent = f", {cost:g} of {answer.allowance:g}" if cost is not None else ""
                svg.title(shape, f"{location}: reachable{spent}; path {' -> '.join(path)}")

    def unit_group(self, svg: Svg, parent: ET.Element, unit: UnitState, words: str) -> ET.Element:
        """A unit's own group: the viewer finds units by ``data-unit`` to show their reach."""
        where = self.label(unit.location) if unit.location else None
        group = svg.node(parent, "g", class_="unit", data_unit=unit.id, data_location=where)
        svg.title(group, words)
        return group

    # --- text ---------------------------------------------------------------------------------

    def text(self) -> str:
        raise NotImplementedError


def path_points(painter: Painter, path: list[str]) -> str | None:
    """A path's centres as ``x,y x,y ...`` (the viewer draws it on hover), or None."""
    corners = [painter.centre(painter.parse(step)) for step in path]
    found = [c for c in corners if c is not None]
    if len(found) < 2:
        return None
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in found)


def unit_keys(state: GameState) -> dict[str, str]:
    """One character per unit for text boards: the first player's units A, B, C..., the
    second's a, b, c... (as python-chess writes White's pieces in capitals); ``*`` past 26."""
    keys: dict[str, str] = {}
    counters: dict[str, int] = {}
    for unit in state.units.values():
        first = bool(state.players) and unit.owner == state.players[0]
        n = counters.get(unit.owner, 0)
        counters[unit.owner] = n + 1
        alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if first else "abcdefghijklmnopqrstuvwxyz"
        keys[unit.id] = alphabet[n] if n < 26 else "*"
    return keys


def legend(painter: Painter, keys: dict[str, str], flags: Callable[[UnitState], str]) -> list[str]:
    """The units under a text board: key, id, name, owner, where, and the ruleset's flags."""
    lines = []
    for unit in painter.state.units.values():
        where = painter.label(unit.location) if unit.location else "-"
        extra = flags(unit)
        dead = "" if unit.alive else " (dead)"
        lines.append(f"  {keys[unit.id]} {unit.id} ({unit.card}, {unit.owner}) at {where}{dead}{': ' + extra if extra else ''}")
    return lines


#: ruleset name -> "module:Class" of its painter, imported when first drawn (one place wires them)
PAINTERS: dict[str, str] = {
    "sorcery": "sim.pictures.sorcery:RealmPainter",
    "godsgloom": "sim.pictures.godsgloom:MatPainter",
    "tinyepic": "sim.pictures.tinyepic:GridPainter",
    "skirmish": "sim.pictures.skirmish:TablePainter",
}


def painter_for(state: GameState) -> Painter:
    module, _, name = PAINTERS[state.ruleset].partition(":")
    cls: type[Painter] = getattr(importlib.import_module(module), name)
    return cls(state)
