"""The GODSGLOOM mat drawn: flat-topped hexes with their terrain and keywords, units with their
facing, Front Arcs and Engagement Zones shaded in the owner's colour, Engaged units ringed, and
tokens, wounds and activation marks (docs/godsgloom.md has the geometry)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from typing import Any

from domain.errors import BadInput
from domain.rulesets.godsgloom.hexgrid import FACINGS, Hex, front_arc, parse_hex, rectangle
from domain.rulesets.godsgloom.state import GloomState, GloomUnit
from domain.rulesets.godsgloom.view import MatView
from domain.state import GameState, UnitState
from sim.pictures.painter import Painter, legend, unit_keys
from sim.pictures.svg import Point, Svg

SIZE = 28.0
PAD = 8.0
ROOT3 = math.sqrt(3)
TERRAIN_FILL = {
    "Clear": "#f4f1e6", "Hill": "#d9c89e", "Cliffs": "#8d8d8d", "River": "#9cc9e8", "Swamp": "#a8b88a",
    "Lake": "#7fb3d5", "Forest": "#86b97f", "Building": "#b5a58f", "Statue": "#c4c4c4", "Ruins": "#c8b8a6",
    "Rubble": "#cbbba3", "Barricades": "#a89886",
}
PLAIN = "#f4f1e6"


class MatPainter(Painter):
    board_fields = ("width", "height", "terrain")

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        assert isinstance(state, GloomState)
        self.mat: GloomState = state
        self.view = MatView(state)
        self.width = SIZE * 1.5 * max(0, state.width - 1) + 2 * SIZE + 2 * PAD
        self.height = ROOT3 * SIZE * (state.height + 0.5) + 2 * PAD
        self.terrain = {parse_hex(t.at): t for t in state.terrain.values()}

    def hex_centre(self, h: Hex) -> Point:
        return PAD + SIZE + SIZE * 1.5 * h.q, PAD + ROOT3 * SIZE / 2 + ROOT3 * SIZE * (h.r + h.q / 2)

    def centre(self, location: str) -> Point | None:
        try:
            h = parse_hex(location)
        except BadInput:
            return None
        return self.hex_centre(h) if self.view.on_mat(h) else None

    @staticmethod
    def corners(at: Point, size: float = SIZE) -> list[Point]:
        return [(at[0] + size * math.cos(math.radians(60 * i)), at[1] + size * math.sin(math.radians(60 * i)))
                for i in range(6)]

    @staticmethod
    def edge(at: Point, facing: int, size: float = SIZE) -> tuple[Point, Point]:
        """The two corners of a hex edge; facing 0 (N) is the top edge, then clockwise."""
        middle = 270 + 60 * facing
        a, b = math.radians(middle - 30), math.radians(middle + 30)
        return ((at[0] + size * math.cos(a), at[1] + size * math.sin(a)),
                (at[0] + size * math.cos(b), at[1] + size * math.sin(b)))

    def place(self, svg: Svg, parent: ET.Element, location: str, **attrs: Any) -> ET.Element | None:
        at = self.centre(location)
        if at is None:
            return None
        return svg.polygon(parent, self.corners(at, SIZE - 2), **attrs)

    # --- the mat -----------------------------------------------------------------------------------

    def draw_board(self, svg: Svg, parent: ET.Element) -> None:
        for h in sorted(rectangle(self.mat.width, self.mat.height)):
            at = self.hex_centre(h)
            terrain = self.terrain.get(h)
            words = set(terrain.keywords) if terrain else set()
            fill = TERRAIN_FILL.get(terrain.type, PLAIN) if terrain else PLAIN
            if "Impassable" in words and terrain is not None and terrain.type not in TERRAIN_FILL:
                fill = "#6f6f6f"
            group = svg.node(parent, "g", class_="hex", data_location=self.label(h.text))
            svg.polygon(group, self.corners(at), fill=fill, stroke="#9a9282", stroke_width=1.0)
            svg.text(group, at[0], at[1] - SIZE * 0.55, self.label(h.text), font_size=7, fill="#8a8272", text_anchor="middle")
            if terrain is not None:
                marks = "".join(sorted(w[0] for w in words))
                svg.text(group, at[0], at[1] + SIZE * 0.72, f"{terrain.type} {marks}".strip(), font_size=7, fill="#3d3526",
                         text_anchor="middle")
                svg.title(group, f"{self.label(h.text)}: {terrain.type}" + (f" ({', '.join(sorted(words))})" if words else ""))

    def _draw_zones(self, svg: Svg, parent: ET.Element) -> None:
        """Each living unit's Engagement Zone, shaded in its owner's colour, and its Front Arc."""
        for unit in self.view.living:
            colour = self.colour(unit.owner)
            zone = svg.node(parent, "g", class_="zone", data_unit=unit.id)
            svg.title(zone, f"Engagement Zone of {unit.id} ({self.mat.options.engagement_zone.replace('_', ' ')})")
            for h in sorted(self.view.zone(unit.id)):
                if self.view.on_mat(h):
                    svg.polygon(zone, self.corners(self.hex_centre(h), SIZE - 3), fill=colour, fill_opacity=0.16,
                                stroke=colour, stroke_opacity=0.5, stroke_dasharray="3 3")
            at = self.hex_centre(self.view.at(unit.id))
            arc = svg.node(parent, "g", class_="front-arc", data_unit=unit.id)
            svg.title(arc, f"Front Arc of {unit.id}, facing {unit.facing}")
            for side in front_arc(self.view.facing(unit.id)):
                a, b = self.edge(at, side, SIZE - 1.5)
                svg.node(arc, "line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], stroke=colour, stroke_width=4.0,
                         stroke_linecap="round")

    # --- units -------------------------------------------------------------------------------------

    def draw_units(self, svg: Svg, parent: ET.Element) -> None:
        """Zones and arcs first (they move with the units), then the units over them."""
        self._draw_zones(svg, parent)
        keys = unit_keys(self.mat)
        for unit in self.view.living:
            self._draw_unit(svg, parent, unit, keys[unit.id])

    def _draw_unit(self, svg: Svg, parent: ET.Element, unit: GloomUnit, key: str) -> None:
        at = self.hex_centre(self.view.at(unit.id))
        engaged = self.view.engaged_by(unit.id)
        group = self.unit_group(svg, parent, unit, f"{unit.id}: {unit.card} ({unit.kind}, {unit.owner}) at "
                                f"{self.label(unit.location or '')}; {_flags(unit, engaged)}")
        if unit.activated:
            group.set("opacity", "0.65")
        if engaged:
            svg.node(group, "circle", cx=at[0], cy=at[1], r=SIZE * 0.62, fill="none", stroke="#d0021b", stroke_width=2.0,
                     stroke_dasharray="4 2", class_="engaged")
        svg.node(group, "circle", cx=at[0], cy=at[1], r=SIZE * 0.48, fill=self.colour(unit.owner), stroke="#111111")
        facing = FACINGS.index(unit.facing)
        a, b = self.edge(at, facing, SIZE * 0.48)
        tip = self.edge(at, facing, SIZE * 0.8)
        svg.polygon(group, [a, ((tip[0][0] + tip[1][0]) / 2, (tip[0][1] + tip[1][1]) / 2), b], fill="#111111",
                    class_="facing")
        svg.text(group, at[0], at[1] + 4, key, font_size=11, font_weight="bold", fill="#ffffff", text_anchor="middle")
        svg.text(group, at[0] + SIZE * 0.5, at[1] - SIZE * 0.32, f"w{unit.wounds}", font_size=7, fill="#222222")
        tokens = _tokens(unit)
        if tokens:
            svg.text(group, at[0] - SIZE * 0.55, at[1] + SIZE * 0.5, tokens, font_size=7, fill="#5a2d82")

    # --- text --------------------------------------------------------------------------------------

    def text(self) -> str:
        """Even columns on one line, odd ones on the line below (they sit half a hex lower)."""
        keys = unit_keys(self.mat)
        occupant = {self.view.at(u.id): keys[u.id] for u in self.view.living}
        lines = []
        for row in range(self.mat.height):
            for parity in (0, 1):
                cells = []
                for q in range(self.mat.width):
                    if q % 2 != parity:
                        cells.append("   ")
                        continue
                    h = Hex(q, row - q // 2)
                    cells.append(f" {occupant.get(h) or _terrain_mark(self.terrain.get(h))} ")
                lines.append("".join(cells).rstrip())
        lines += legend(self, keys, lambda u: _flags(u, self.view.engaged_by(u.id) if u.alive and u.location else []))
        lines += self.notes()
        return "\n".join(lines)


def _terrain_mark(terrain: Any) -> str:
    if terrain is None:
        return "."
    if "Impassable" in terrain.keywords:
        return "#"
    if "Difficult" in terrain.keywords:
        return "~"
    return terrain.type[:1].lower() or "."


def _tokens(unit: GloomUnit) -> str:
    return " ".join(f"{name} {count}" for name, count in unit.tokens.model_dump().items() if count)


def _flags(unit: UnitState, engaged: list[str]) -> str:
    assert isinstance(unit, GloomUnit)
    found = [f"facing {unit.facing}", f"speed {unit.speed}", f"wounds {unit.wounds}"]
    if _tokens(unit):
        found.append(_tokens(unit))
    if unit.activated:
        found.append("activated")
    if engaged:
        found.append("Engaged by " + ", ".join(engaged))
    return ", ".join(found)
