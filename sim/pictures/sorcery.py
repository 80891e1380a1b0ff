"""The Sorcery realm drawn: 5x4 squares, each with its site (water, land, flooded or dried) or
its void, the regions of each square with the units in each, tapped units turned, carried units
beside their carrier, artifacts with their bearer, auras over their 2x2 area or their border,
and the effects in force listed beside the realm. Sorcery's models come through
``sorcery_rules`` only."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Any

from domain.errors import BadInput
from domain.state import GameState, UnitState
from sim.pictures.painter import Painter, legend, unit_keys
from sim.pictures.sorcery_rules import (
    COLUMNS,
    ROWS,
    CardState,
    Region,
    SorceryUnit,
    is_water,
    parse_loc,
    sorcery_state,
)
from sim.pictures.svg import Point, Svg

SQUARE = 124.0
HEADER = 20.0
SURFACE_HEIGHT = 62.0
TOKEN_W, TOKEN_H = 20.0, 26.0
LAND, WATER, VOID = "#efe3c4", "#a9d3f0", "#3b3b4f"
AURA = "#8e44ad"
CELL = 16  # characters per square in the text board


class RealmPainter(Painter):
    width = COLUMNS * SQUARE
    height = ROWS * SQUARE

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        self.realm = sorcery_state(state)
        self.sites: dict[int, CardState] = {
            int(f.location): f for f in self.realm.features.values() if f.kind == "site" and f.location is not None
        }
        self._slots: dict[str, Point] = {}

    # --- geometry ------------------------------------------------------------------------------

    @staticmethod
    def corner(square: int) -> Point:
        row, column = divmod(square - 1, COLUMNS)
        return column * SQUARE, row * SQUARE

    def water(self, square: int) -> bool:
        return square in self.sites and is_water(self.realm, square)

    def box(self, location: str) -> tuple[float, float, float, float] | None:
        """The rectangle of a location: a site's surface, the strip below it, or the void."""
        try:
            loc = parse_loc(location)
        except BadInput:  # a label the realm can't read is no place to draw
            return None
        x, y = self.corner(loc.square)
        if loc.square not in self.sites or loc.region is Region.VOID:
            return x + 2, y + HEADER, SQUARE - 4, SQUARE - HEADER - 2
        if loc.region is Region.SURFACE:
            return x + 2, y + HEADER, SQUARE - 4, SURFACE_HEIGHT
        return x + 2, y + HEADER + SURFACE_HEIGHT + 2, SQUARE - 4, SQUARE - HEADER - SURFACE_HEIGHT - 4

    def centre(self, location: str) -> Point | None:
        box = self.box(location)
        return None if box is None else (box[0] + box[2] / 2, box[1] + box[3] / 2)

    def place(self, svg: Svg, parent: ET.Element, location: str, **attrs: Any) -> ET.Element | None:
        box = self.box(location)
        if box is None:
            return None
        return svg.node(parent, "rect", x=box[0] + 1, y=box[1] + 1, width=box[2] - 2, height=box[3] - 2, rx=4.0, **attrs)

    def unit_centre(self, unit: UnitState) -> Point | None:
        self._layout()
        return self._slots.get(unit.id) or super().unit_centre(unit)

    def board_key(self) -> str:
        """The sites (and whether each is water now), the auras and the aliases."""
        sites = [(sq, f.card, f.id, f.controller, f.water, self.water(sq)) for sq, f in sorted(self.sites.items())]
        auras = [(f.id, f.card, f.area) for f in self.realm.features.values() if f.kind == "aura"]
        return repr((sites, auras, sorted(self.realm.aliases.items())))

    # --- the board ------------------------------------------------------------------------------

    def draw_board(self, svg: Svg, parent: ET.Element) -> None:
        for square in range(1, COLUMNS * ROWS + 1):
            x, y = self.corner(square)
            site = self.sites.get(square)
            group = svg.node(parent, "g", class_="square", data_location=self.label(str(square) if site else f"{square}/void"))
            if site is None:
                svg.node(group, "rect", x=x + 1, y=y + 1, width=SQUARE - 2, height=SQUARE - 2, fill=VOID, rx=6.0)
                svg.text(group, x + 6, y + 14, self.label(f"{square}/void").split("/")[0], font_size=10, fill="#c8c8d8")
                svg.text(group, x + SQUARE / 2, y + SQUARE / 2 + 4, "void", font_size=11, fill="#8a8aa0", text_anchor="middle")
                continue
            water = self.water(square)
            svg.node(group, "rect", x=x + 1, y=y + 1, width=SQUARE - 2, height=SQUARE - 2, fill=WATER if water else LAND,
                     stroke="#7a6a4a", rx=6.0)
            below = f"{square}/{'underwater' if water else 'underground'}"
            strip = self.box(below)
            assert strip is not None
            svg.node(group, "rect", x=strip[0], y=strip[1], width=strip[2], height=strip[3], fill="#000000", fill_opacity=0.08)
            svg.text(group, strip[0] + strip[2] - 3, strip[1] + strip[3] - 3, "underwater" if water else "underground",
                     font_size=7, fill="#555555", text_anchor="end")
            changed = " (flooded)" if water and not site.water else " (dried)" if site.water and not water else ""
            name = svg.text(group, x + 6, y + 14, f"{self.label(str(square))} {_short(site.card, 17)}", font_size=10,
                            font_weight="bold", fill="#333333")
            svg.title(name, f"square {square}: {site.card} ({site.id}), {'water' if water else 'land'} site{changed}, "
                            f"controlled by {site.controller or 'nobody'}")
            if changed:
                svg.text(group, x + SQUARE - 5, y + HEADER + 9, changed.strip(" ()"), font_size=8, fill="#1f5f8b",
                         text_anchor="end", font_style="italic")
        self._draw_auras(svg, parent)

    def _draw_auras(self, svg: Svg, parent: ET.Element) -> None:
        for aura in self.realm.features.values():
            if aura.kind != "aura" or not aura.area:
                continue
            corners = [self.corner(sq) for sq in aura.area]
            group = svg.node(parent, "g", class_="aura")
            if len(aura.area) == 2 and len(set(aura.area)) == 2:  # a wall atop the border of two squares
                (ax, ay), (bx, by) = corners
                if ay == by:  # side by side: the border is vertical
                    edge = max(ax, bx)
                    svg.node(group, "line", x1=edge, y1=ay + 6, x2=edge, y2=ay + SQUARE - 6, stroke=AURA, stroke_width=6.0)
                else:
                    edge = max(ay, by)
                    svg.node(group, "line", x1=ax + 6, y1=edge, x2=ax + SQUARE - 6, y2=edge, stroke=AURA, stroke_width=6.0)
            else:
                left = min(c[0] for c in corners)
                top = min(c[1] for c in corners)
                right = max(c[0] for c in corners) + SQUARE
                bottom = max(c[1] for c in corners) + SQUARE
                svg.node(group, "rect", x=left + 5, y=top + 5, width=right - left - 10, height=bottom - top - 10, rx=10.0,
                         fill=AURA, fill_opacity=0.07, stroke=AURA, stroke_width=2.0, stroke_dasharray="6 4")
                svg.text(group, right - 8, bottom - 8, _short(aura.card, 24), font_size=9, fill=AURA, text_anchor="end")
            svg.title(group, f"aura {aura.card} ({aura.id}) over squares {', '.join(str(s) for s in aura.area)}")

    # --- units and artifacts ----------------------------------------------------------------------

    def _layout(self) -> None:
        """Slots for the living units of each location: carriers first, each followed by what it
        carries, then artifacts lying there."""
        if self._slots:
            return
        by_location: dict[str, list[SorceryUnit]] = {}
        for unit in self.realm.units.values():
            if unit.alive and unit.location is not None and unit.carried_by is None:
                by_location.setdefault(unit.location, []).append(unit)
        for location, units in by_location.items():
            ordered: list[SorceryUnit] = []
            for unit in units:
                ordered.append(unit)
                ordered += [u for u in self.realm.units.values() if u.alive and u.carried_by == unit.id]
            box = self.box(location)
            if box is None:
                continue
            step = min(30.0, (box[2] - 8) / max(1, len(ordered)))
            for i, unit in enumerate(ordered):
                self._slots[unit.id] = (box[0] + 4 + step * i + step / 2, box[1] + box[3] / 2 - 2)

    def draw_units(self, svg: Svg, parent: ET.Element) -> None:
        self._layout()
        keys = unit_keys(self.realm)
        for unit in self.realm.units.values():
            at = self._slots.get(unit.id)
            if at is None:
                continue
            self._draw_unit(svg, parent, unit, at, keys[unit.id])
        for artifact in self.realm.features.values():
            if artifact.kind == "artifact":
                self._draw_artifact(svg, parent, artifact)

    def _draw_unit(self, svg: Svg, parent: ET.Element, unit: SorceryUnit, at: Point, key: str) -> None:
        flags = _flags(unit)
        where = ", ".join(self.label(loc) for loc in unit.occupied) if unit.parts else self.label(unit.location or "")
        group = self.unit_group(svg, parent, unit, f"{unit.id}: {unit.card} ({unit.owner}) at {where}"
                                                    + (f"; {flags}" if flags else ""))
        if unit.parts:
            self._draw_area(svg, group, unit)
        carried = unit.carried_by is not None
        scale = 0.72 if carried else 1.0
        w, h = TOKEN_W * scale, TOKEN_H * scale
        x, y = at
        if carried:
            y += 6
            svg.node(group, "line", x1=x - 16, y1=y - 6, x2=x - w / 2, y2=y, stroke="#444444", stroke_dasharray="2 2")
        token = svg.node(group, "rect", x=x - w / 2, y=y - h / 2, width=w, height=h, rx=3.0, fill=self.colour(unit.owner),
                         stroke="#111111", stroke_width=1.0, class_="token")
        if unit.tapped:
            token.set("transform", f"rotate(90 {x:.1f} {y:.1f})")
        svg.text(group, x, y + 3.5, key, font_size=10 * scale, fill="#ffffff", text_anchor="middle", font_weight="bold")
        svg.text(group, x, y + h / 2 + 9, _short(unit.id, 6), font_size=7.5, fill="#222222", text_anchor="middle")
        if unit.damage:
            svg.text(group, x + w / 2 + 1, y - h / 2 + 6, f"-{unit.damage}", font_size=8, fill="#b00020", font_weight="bold")

    def _draw_area(self, svg: Svg, group: ET.Element, unit: SorceryUnit) -> None:
        """An oversized unit is drawn over every square it occupies: a dashed outline in its
        owner's colour around them, its token at its own location (codex: Oversized Units)."""
        boxes = [b for b in (self.box(loc) for loc in unit.occupied) if b is not None]
        if not boxes:
            return
        x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
        svg.node(group, "rect", x=x0 + 2, y=y0 + 2, width=x1 - x0 - 4, height=y1 - y0 - 4, rx=6.0, fill="none",
                 stroke=self.colour(unit.owner), stroke_width=2.5, stroke_dasharray="6 3", class_="oversized")

    def _draw_artifact(self, svg: Svg, parent: ET.Element, artifact: CardState) -> None:
        if artifact.bearer is not None:
            at = self._slots.get(artifact.bearer)
            if at is None:
                return
            x, y = at[0] + TOKEN_W / 2, at[1] - TOKEN_H / 2
            words = f"artifact {artifact.card} ({artifact.id}), borne by {artifact.bearer}"
        elif artifact.location is not None:
            box = self.box(artifact.location)
            if box is None:
                return
            x, y = box[0] + box[2] - 10, box[1] + 10
            words = f"artifact {artifact.card} ({artifact.id}) at {self.label(artifact.location)}"
        else:
            return
        group = svg.node(parent, "g", class_="artifact")
        svg.title(group, words)
        svg.polygon(group, [(x, y - 5), (x + 5, y), (x, y + 5), (x - 5, y)], fill="#d4a017", stroke="#5a4500")

    # --- notes and text --------------------------------------------------------------------------

    def text(self) -> str:
        keys = unit_keys(self.realm)
        rule = "+" + "+".join("-" * CELL for _ in range(COLUMNS)) + "+"
        lines = [rule]
        for row in range(ROWS):
            cells = [self._text_cell(row * COLUMNS + column + 1, keys) for column in range(COLUMNS)]
            for part in range(3):
                lines.append("|" + "|".join(c[part].ljust(CELL)[:CELL] for c in cells) + "|")
            lines.append(rule)
        lines += legend(self, keys, _flags)
        lines += self.notes()
        return "\n".join(lines)

    def _text_cell(self, square: int, keys: dict[str, str]) -> list[str]:
        site = self.sites.get(square)
        here: dict[str, list[str]] = {}
        for unit in self.realm.units.values():
            if unit.alive and unit.location is not None:
                loc = parse_loc(unit.location)
                if loc.square == square:
                    mark = keys[unit.id] + ("'" if unit.tapped else "")
                    here.setdefault(loc.region.value, []).append(mark)
        head = self.label(str(square) if site else f"{square}/void").split("/")[0]
        if site is None:
            return [f"{head} void", " ".join(here.get("void", [])), ""]
        water = self.water(square)
        below = here.get("underwater", []) + here.get("underground", [])
        return [f"{head} {'~' if water else ''}{site.card}", " " + " ".join(here.get("surface", [])),
                (" " + ("w: " if water else "u: ") + " ".join(below)) if below else ""]


def _flags(unit: UnitState) -> str:
    assert isinstance(unit, SorceryUnit)
    found = []
    if unit.tapped:
        found.append("tapped")
    if unit.damage:
        found.append(f"damage {unit.damage}")
    if unit.carried_by:
        found.append(f"carried by {unit.carried_by}")
    return ", ".join(found)


def _short(text: str, most: int) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"
