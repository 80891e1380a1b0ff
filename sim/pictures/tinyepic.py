"""The Tiny Epic Tactics grid drawn: each space's terrain (water, forest, peak, village, portal,
ballista, bridge) with its mark, levels shaded darker as they rise and contour lines where two
neighbouring spaces differ in level, and units with their class, Health and Weakened token."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from domain.errors import BadInput
from domain.rulesets.tinyepic.commands import TERRAIN_MARKS
from domain.rulesets.tinyepic.grid import parse_space
from domain.rulesets.tinyepic.state import TetState, TetUnit
from domain.state import GameState, UnitState
from sim.pictures.painter import Painter, legend, unit_keys
from sim.pictures.svg import Point, Svg

CELL = 56.0
PAD = 16.0
FILL = {
    "plains": "#eef0d8", "bridge": "#d8c3a0", "water": "#a9d3f0", "forest": "#a5cf96", "peak": "#cfc6bb",
    "village": "#f2dcc0", "portal": "#dcd0ef", "ballista": "#e3d6c6",
}
#: terrain -> its one-letter mark, as a board's rows write it
MARK = {name: mark for mark, name in TERRAIN_MARKS.items()}


class GridPainter(Painter):
    board_fields = ("width", "height", "levels", "terrain")

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        assert isinstance(state, TetState)
        self.grid: TetState = state
        self.width = state.width * CELL + PAD * 2
        self.height = state.height * CELL + PAD * 2

    def corner(self, x: int, y: int) -> Point:
        return PAD + x * CELL, PAD + y * CELL

    def centre(self, location: str) -> Point | None:
        try:
            space = parse_space(location)
        except BadInput:
            return None
        if not self.grid.on_board(space.x, space.y):
            return None
        left, top = self.corner(space.x, space.y)
        return left + CELL / 2, top + CELL / 2

    def place(self, svg: Svg, parent: ET.Element, location: str, **attrs: Any) -> ET.Element | None:
        at = self.centre(location)
        if at is None:
            return None
        return svg.node(parent, "rect", x=at[0] - CELL / 2 + 3, y=at[1] - CELL / 2 + 3, width=CELL - 6, height=CELL - 6,
                        rx=5.0, **attrs)

    # --- the grid ----------------------------------------------------------------------------------

    def draw_board(self, svg: Svg, parent: ET.Element) -> None:
        grid = self.grid
        for y in range(grid.height):
            for x in range(grid.width):
                terrain, level = grid.terrain_at(x, y), grid.level(x, y)
                left, top = self.corner(x, y)
                group = svg.node(parent, "g", class_="space", data_location=self.label(f"{x},{y}"))
                svg.node(group, "rect", x=left, y=top, width=CELL, height=CELL, fill=FILL.get(terrain, "#eeeeee"),
                         stroke="#b8b29a", stroke_width=0.8)
                if level:
                    svg.node(group, "rect", x=left, y=top, width=CELL, height=CELL, fill="#5a4630",
                             fill_opacity=min(0.45, 0.12 * level), class_="level")
                _terrain_symbol(svg, group, terrain, left + CELL / 2, top + CELL / 2)
                svg.text(group, left + 3, top + 10, self.label(f"{x},{y}"), font_size=7, fill="#6b6552")
                svg.text(group, left + CELL - 3, top + 10, f"{MARK.get(terrain, '?')} L{level}", font_size=7,
                         fill="#3d3526", text_anchor="end")
                svg.title(group, f"{self.label(f'{x},{y}')}: {terrain}, level {level}")
        self._contours(svg, parent)

    def _contours(self, svg: Svg, parent: ET.Element) -> None:
        """A contour line on every edge between spaces of different levels, thicker the bigger
        the difference."""
        grid = self.grid
        lines = svg.node(parent, "g", class_="contours", stroke="#5a4630", stroke_linecap="round")
        for y in range(grid.height):
            for x in range(grid.width):
                here = grid.level(x, y)
                left, top = self.corner(x, y)
                if x + 1 < grid.width and grid.level(x + 1, y) != here:
                    width = 1.0 + abs(grid.level(x + 1, y) - here)
                    svg.node(lines, "line", x1=left + CELL, y1=top, x2=left + CELL, y2=top + CELL, stroke_width=width)
                if y + 1 < grid.height and grid.level(x, y + 1) != here:
                    width = 1.0 + abs(grid.level(x, y + 1) - here)
                    svg.node(lines, "line", x1=left, y1=top + CELL, x2=left + CELL, y2=top + CELL, stroke_width=width)

    # --- units -------------------------------------------------------------------------------------

    def draw_units(self, svg: Svg, parent: ET.Element) -> None:
        keys = unit_keys(self.grid)
        for unit in self.grid.units.values():
            at = self.centre(unit.location) if unit.alive and unit.location else None
            if at is None:
                continue
            group = self.unit_group(svg, parent, unit, f"{unit.id}: {unit.kind} ({unit.owner}) at "
                                    f"{self.label(unit.location or '')}; {_flags(unit)}")
            svg.node(group, "circle", cx=at[0], cy=at[1] - 3, r=15.0, fill=self.colour(unit.owner), stroke="#111111")
            svg.text(group, at[0], at[1] + 1, f"{keys[unit.id]}", font_size=11, font_weight="bold", fill="#ffffff",
                     text_anchor="middle")
            svg.text(group, at[0], at[1] + 24, f"{unit.kind[:1]} {unit.health}/{unit.max_health}", font_size=8,
                     fill="#111111", text_anchor="middle", class_="health")
            if unit.weakened:
                svg.polygon(group, [(at[0] + 11, at[1] - 20), (at[0] + 19, at[1] - 20), (at[0] + 15, at[1] - 13)],
                            fill="#111111", class_="weakened")

    # --- text --------------------------------------------------------------------------------------

    def text(self) -> str:
        keys = unit_keys(self.grid)
        at = {u.location: keys[u.id] for u in self.grid.units.values() if u.alive and u.location}
        lines = []
        for y in range(self.grid.height):
            cells = []
            for x in range(self.grid.width):
                terrain, level = self.grid.terrain_at(x, y), self.grid.level(x, y)
                cells.append(f"{at.get(f'{x},{y}', MARK.get(terrain, '?'))}{level if level else ' '}")
            lines.append(" ".join(cells).rstrip())
        lines += legend(self, keys, _flags)
        lines += self.notes()
        return "\n".join(lines)


def _terrain_symbol(svg: Svg, parent: ET.Element, terrain: str, x: float, y: float) -> None:
    """A small picture of the terrain, so that a space reads without its colour."""
    if terrain == "water":
        for dy in (-6.0, 4.0):
            svg.node(parent, "path", d=f"M {x - 14:.1f} {y + dy:.1f} q 7 -5 14 0 t 14 0", fill="none", stroke="#4a90c2",
                     stroke_width=1.5)
    elif terrain == "forest":
        for dx in (-10.0, 6.0):
            svg.polygon(parent, [(x + dx, y - 12), (x + dx - 7, y + 4), (x + dx + 7, y + 4)], fill="#4f8a3c", opacity=0.6)
    elif terrain == "peak":
        svg.polygon(parent, [(x, y - 16), (x - 16, y + 10), (x + 16, y + 10)], fill="#8c7f70", opacity=0.55)
    elif terrain == "village":
        svg.polygon(parent, [(x - 10, y + 8), (x - 10, y - 2), (x, y - 12), (x + 10, y - 2), (x + 10, y + 8)],
                    fill="#b5651d", opacity=0.55)
    elif terrain == "portal":
        svg.node(parent, "circle", cx=x, cy=y, r=15.0, fill="none", stroke="#7d5ba6", stroke_width=3.0, opacity=0.7)
    elif terrain == "ballista":
        svg.node(parent, "path", d=f"M {x - 14:.1f} {y + 8:.1f} L {x + 14:.1f} {y - 8:.1f} M {x - 10:.1f} {y - 10:.1f} "
                                   f"L {x + 8:.1f} {y + 10:.1f}", stroke="#5a3b1c", stroke_width=3.0, opacity=0.6)
    elif terrain == "bridge":
        for dx in (-12.0, -4.0, 4.0, 12.0):
            svg.node(parent, "line", x1=x + dx, y1=y - 12, x2=x + dx, y2=y + 12, stroke="#8b5a2b", stroke_width=2.0,
                     opacity=0.5)


def _flags(unit: UnitState) -> str:
    assert isinstance(unit, TetUnit)
    found = [f"{unit.kind}", f"Movement {unit.movement}", f"Health {unit.health}/{unit.max_health}"]
    if unit.max_ammo:
        found.append(f"Ammo {unit.ammo}/{unit.max_ammo}")
    if unit.max_mana:
        found.append(f"Mana {unit.mana}/{unit.max_mana}")
    if unit.weakened:
        found.append("Weakened")
    if unit.actions:
        found.append("this turn: " + ", ".join(unit.actions))
    return ", ".join(found)
