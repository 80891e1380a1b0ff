"""The skirmish table drawn to scale in inches: the ground with an inch grid, raised surfaces with
their heights and their walls, low obstacles, difficult areas hatched, ladders, the gaps between
surfaces a unit could jump, bases to scale with their states (stunned, dazed, incapacitated) and
engagements. The range of motion is the reachable area of each surface, as the lookahead's
polygons; the path to a point shows each Agility Check on it with its chance."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import combinations
from typing import Any

from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.ops import nearest_points

from domain.errors import BadInput
from domain.movement import RangeOfMotion
from domain.rules import RuleRef
from domain.rulesets.skirmish.reach import TableRange, reachable_areas
from domain.rulesets.skirmish.state import SkirmishState, SkirmishUnit, TableData
from domain.rulesets.skirmish.table import GROUND, Spot, parse_spot
from domain.state import GameState, UnitState
from sim.pictures.painter import REACH_FILL, Painter, legend, unit_keys
from sim.pictures.svg import Point, Svg

PAD = 14.0
MOST_PIXELS = 760.0
JUMPABLE = 3.0  # inches: the longest Jump Across (Move Phase, Jumping Across)
#: a check on the path as the events name it -> the way of its leg (one check a leg at most)
CHECK_WAY = {"climb": "climb", "climb (animal on a ladder)": "ladder", "jump down": "jump_down",
             "jump across": "jump_across"}
STATE_MARK = {"stunned": "S", "dazed": "D", "incapacitated": "I"}


class TablePainter(Painter):
    board_fields = ("table",)

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        assert isinstance(state, SkirmishState)
        self.game: SkirmishState = state
        self.table: TableData = state.table or TableData(width=24.0, depth=24.0)
        self.scale = min(25.0, MOST_PIXELS / max(self.table.width, self.table.depth, 1.0))
        self.width = self.table.width * self.scale + PAD * 2
        self.height = self.table.depth * self.scale + PAD * 2
        self.surfaces = {s.id: s for s in self.table.surfaces}
        self._areas: dict[int, tuple[RangeOfMotion, dict[str, list[list[list[float]]]]]] = {}

    def xy(self, x: float, y: float) -> Point:
        return PAD + x * self.scale, PAD + y * self.scale

    def centre(self, location: str) -> Point | None:
        try:
            spot = parse_spot(location)
        except BadInput:
            return None
        return self.xy(spot.x, spot.y)

    # --- the table ---------------------------------------------------------------------------------

    def draw_board(self, svg: Svg, parent: ET.Element) -> None:
        table = self.table
        left, top = self.xy(0, 0)
        svg.node(parent, "rect", x=left, y=top, width=table.width * self.scale, height=table.depth * self.scale,
                 fill="#dfe8cf", stroke="#6b7b55", stroke_width=1.5, class_="ground")
        grid = svg.node(parent, "g", class_="inches", stroke="#c5d1b2", stroke_width=0.5)
        for x in range(1, int(table.width)):
            svg.node(grid, "line", x1=self.xy(x, 0)[0], y1=top, x2=self.xy(x, 0)[0], y2=self.xy(0, table.depth)[1])
        for y in range(1, int(table.depth)):
            svg.node(grid, "line", x1=left, y1=self.xy(0, y)[1], x2=self.xy(table.width, 0)[0], y2=self.xy(0, y)[1])
        for x in range(0, int(table.width) + 1, 6):
            svg.text(parent, self.xy(x, 0)[0], top - 3, f'{x}"', font_size=8, fill="#5b6b45", text_anchor="middle")
        for y in range(6, int(table.depth) + 1, 6):
            svg.text(parent, left - 2, self.xy(0, y)[1] + 3, f'{y}"', font_size=8, fill="#5b6b45", text_anchor="end")
        defs = svg.node(parent, "defs")
        hatch = svg.node(defs, "pattern", id="difficult-hatch", width="6", height="6", patternUnits="userSpaceOnUse",
                         patternTransform="rotate(45)")
        svg.node(hatch, "line", x1=0.0, y1=0.0, x2=0.0, y2=6.0, stroke="#8b5a2b", stroke_width=1.5)
        for obstacle in table.obstacles:
            shape = svg.polygon(parent, [self.xy(*c) for c in obstacle.polygon], fill="#9c8f7a", stroke="#5c5242",
                                stroke_width=1.0, class_="obstacle")
            svg.title(shape, f'low obstacle, {obstacle.height:g}" high')
        for surface in sorted(table.surfaces, key=lambda s: s.height):
            group = svg.node(parent, "g", class_="surface", data_surface=surface.id)
            shade = max(0.35, 0.8 - surface.height * 0.06)
            svg.polygon(group, [self.xy(*c) for c in surface.polygon], fill="#7d7466", fill_opacity=shade,
                        stroke="#2f2a22", stroke_width=2.5, class_="walls")
            inside = Polygon(surface.polygon).representative_point()
            at = self.xy(inside.x, inside.y)
            svg.text(group, at[0], at[1], f'{surface.id} {surface.height:g}"', font_size=10, fill="#ffffff",
                     text_anchor="middle", font_weight="bold")
            svg.title(group, f'surface {surface.id}, {surface.height:g}" high; its sides are walls')
        for area in table.difficult:
            shape = svg.polygon(parent, [self.xy(*c) for c in area.polygon], fill="url(#difficult-hatch)",
                                stroke="#8b5a2b", stroke_width=1.0, class_="difficult")
            svg.title(shape, f"difficult terrain on {area.surface}: 2\" less Move when a move touches it")
        for ladder in table.ladders:
            self._ladder(svg, parent, ladder.id, parse_spot(ladder.bottom), parse_spot(ladder.top))
        self._gaps(svg, parent)

    def _ladder(self, svg: Svg, parent: ET.Element, name: str, bottom: Spot, top: Spot) -> None:
        group = svg.node(parent, "g", class_="ladder")
        a, b = self.xy(bottom.x, bottom.y), self.xy(top.x, top.y)
        svg.node(group, "line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], stroke="#6b3e1a", stroke_width=5.0,
                 stroke_dasharray="2 3")
        svg.node(group, "circle", cx=a[0], cy=a[1], r=2.5, fill="#6b3e1a")
        svg.title(group, f"ladder {name}: {bottom.text} to {top.text}")

    def _gaps(self, svg: Svg, parent: ET.Element) -> None:
        """The gaps between raised surfaces that a Jump Across could cross (3" at most, landing no
        more than 1" higher), measured edge to edge."""
        for a, b in combinations(self.table.surfaces, 2):
            if abs(a.height - b.height) > 1.0:
                continue
            pa, pb = Polygon(a.polygon), Polygon(b.polygon)
            gap = pa.distance(pb)
            if not 0 < gap <= JUMPABLE:
                continue
            near_a, near_b = nearest_points(pa, pb)
            start, end = self.xy(near_a.x, near_a.y), self.xy(near_b.x, near_b.y)
            group = svg.node(parent, "g", class_="gap")
            svg.node(group, "line", x1=start[0], y1=start[1], x2=end[0], y2=end[1], stroke="#1f4e79", stroke_width=1.5,
                     stroke_dasharray="4 2")
            svg.text(group, (start[0] + end[0]) / 2, (start[1] + end[1]) / 2 - 4, f'{gap:.2g}"', font_size=9,
                     fill="#1f4e79", text_anchor="middle")
            svg.title(group, f'gap of {gap:g}" between {a.id} and {b.id}')

    # --- units -------------------------------------------------------------------------------------

    def draw_units(self, svg: Svg, parent: ET.Element) -> None:
        keys = unit_keys(self.game)
        living = [u for u in self.game.units.values() if u.alive and u.location]
        drawn = set()
        for unit in living:
            for other in unit.engaged_with:
                pair = tuple(sorted((unit.id, other)))
                if other in self.game.units and pair not in drawn and self.game.units[other].location:
                    drawn.add(pair)
                    a = self.centre(unit.location or "")
                    b = self.centre(self.game.units[other].location or "")
                    if a and b:
                        svg.node(parent, "line", x1=a[0], y1=a[1], x2=b[0], y2=b[1], stroke="#d0021b", stroke_width=2.0,
                                 stroke_dasharray="5 3", class_="engagement")
        for unit in living:
            self._draw_unit(svg, parent, unit, keys[unit.id])

    def _draw_unit(self, svg: Svg, parent: ET.Element, unit: SkirmishUnit, key: str) -> None:
        at = self.centre(unit.location or "")
        if at is None:
            return
        group = self.unit_group(svg, parent, unit, f"{unit.id}: {unit.card} ({unit.owner}) at "
                                f"{self.label(unit.location or '')}; {_flags(unit)}")
        radius = unit.base / 2 * self.scale
        svg.node(group, "circle", cx=at[0], cy=at[1], r=radius, fill=self.colour(unit.owner), stroke="#111111",
                 stroke_width=1.2, class_="base")
        svg.text(group, at[0], at[1] + 4, key, font_size=max(8.0, min(12.0, radius)), font_weight="bold", fill="#ffffff",
                 text_anchor="middle")
        marks = "".join(STATE_MARK[s] for s in unit.states)
        if marks:
            svg.node(group, "rect", x=at[0] + radius - 2, y=at[1] - radius - 9, width=8.0 * len(marks) + 4, height=11.0,
                     rx=2.0, fill="#ffde59", stroke="#111111", stroke_width=0.6, class_="states")
            svg.text(group, at[0] + radius, at[1] - radius - 0.5, marks, font_size=9, font_weight="bold", fill="#111111")
        if unit.treasure:
            svg.node(group, "circle", cx=at[0] - radius, cy=at[1] - radius, r=3.0, fill="#d4a017", stroke="#5a4500")

    # --- range of motion ---------------------------------------------------------------------------

    def areas(self, answer: RangeOfMotion) -> dict[str, list[list[list[float]]]]:
        """The reachable area of each surface, as the lookahead answers it (``reach --json``'s
        ``areas``), worked out once per answer: drawing and marking both read it."""
        if not isinstance(answer, TableRange):
            return {}
        known = self._areas.get(id(answer))
        if known is None or known[0] is not answer:
            known = self._areas[id(answer)] = (answer, reachable_areas(answer.search)[0])
        return known[1]

    def draw_reach(self, svg: Svg, parent: ET.Element, answer: RangeOfMotion) -> None:
        """The reachable area of each surface, as the lookahead's polygons (issue 8's grid cells)."""
        areas = self.areas(answer)
        for surface, parts in sorted(areas.items()):
            for corners in parts:
                shape = svg.polygon(parent, [self.xy(x, y) for x, y in corners], class_="reach", fill=REACH_FILL,
                                    fill_opacity=0.5, stroke="#b8860b", stroke_width=1.0, data_surface=surface)
                svg.title(shape, f"{answer.unit} can reach this part of {surface}")

    def kept_out(self, answer: RangeOfMotion) -> dict[str, list[RuleRef]]:
        """Each raised surface with no reachable part, marked at a point inside it with why."""
        areas = self.areas(answer)
        found: dict[str, list[RuleRef]] = {}
        for surface in self.table.surfaces:
            if surface.id in areas:
                continue
            inside = Polygon(surface.polygon).representative_point()
            spot = Spot(round(inside.x, 3), round(inside.y, 3), surface.id).text
            found[spot] = answer.why_not(spot)
        return found

    def place(self, svg: Svg, parent: ET.Element, location: str, **attrs: Any) -> ET.Element | None:
        at = self.centre(location)
        if at is None:
            return None
        return svg.node(parent, "circle", cx=at[0], cy=at[1], r=max(6.0, self.scale / 2), **attrs)

    def path_labels(self, answer: RangeOfMotion, target: str) -> list[tuple[Point, str]]:
        """Each Agility Check on the way, with its chance, at the start of its leg."""
        if not isinstance(answer, TableRange):
            return []
        found = answer.answer(target)
        if not found.reachable or not found.path:
            return []
        checks = list(found.checks)
        labels: list[tuple[Point, str]] = []
        for way, start in zip(found.ways, found.path, strict=False):
            if checks and CHECK_WAY.get(str(checks[0]["check"])) == way:
                check = checks.pop(0)
                at = self.centre(start)
                hard = ", disadvantage" if check["disadvantage"] else ""
                if at is not None:
                    labels.append((at, f"{check['check']}{hard}: {float(str(check['chance'])):.0%}"))
        if found.checks:
            end = self.centre(target)
            if end is not None:  # below the point, clear of the labels of the legs above it
                labels.append(((end[0], end[1] + 26), f"all checks: {found.chance:.0%}"))
        return labels

    # --- text --------------------------------------------------------------------------------------

    def text(self) -> str:
        """One character an inch: ground ``.``, a raised surface by its height in whole inches,
        units by their key; coarse, for a terminal."""
        keys = unit_keys(self.game)
        width, depth = int(self.table.width + 0.999), int(self.table.depth + 0.999)
        rows = [["." for _ in range(width)] for _ in range(depth)]
        for surface in self.table.surfaces:
            shape = Polygon(surface.polygon)
            mark = str(min(9, int(surface.height)))
            for y in range(depth):
                for x in range(width):
                    if shape.covers(ShapelyPoint(x + 0.5, y + 0.5)):
                        rows[y][x] = mark
        for unit in self.game.units.values():
            if unit.alive and unit.location:
                spot = parse_spot(unit.location)
                x, y = min(width - 1, max(0, int(spot.x))), min(depth - 1, max(0, int(spot.y)))
                rows[y][x] = keys[unit.id]
        lines = ["".join(row) for row in rows]
        lines.append(f'(one character an inch; digits: surfaces by height in inches; table {self.table.width:g}" x '
                     f'{self.table.depth:g}")')
        lines += legend(self, keys, _flags)
        lines += self.notes()
        return "\n".join(lines)


def _flags(unit: UnitState) -> str:
    assert isinstance(unit, SkirmishUnit)
    found = [f'Move {unit.move:g}"', f"Agility {unit.agility}", f"Wounds {unit.wounds}", f'base {unit.base:g}"']
    found += list(unit.states)
    if unit.engaged_with:
        found.append("engaged with " + ", ".join(unit.engaged_with))
    found += [mark for mark, on in (("moved", unit.moved), ("ran", unit.ran), ("attempted to Engage", unit.attempted_engage),
                                    ("treasure", unit.treasure)) if on]
    return ", ".join(found)


__all__ = ["GROUND", "TablePainter"]
