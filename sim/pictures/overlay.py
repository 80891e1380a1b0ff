"""What is drawn over any board: the last command's steps as arrows (python-chess's last move),
refused steps crossed out with their rule, a range of motion (reachable places filled, places
kept out crossed with the rule in a tooltip) and the cheapest path to one place as an arrow
through its steps. Each is drawn through the painter's geometry, so every ruleset gets them."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from domain.movement import RangeOfMotion
from domain.rules import RuleRef
from sim.pictures.moves import Moves
from sim.pictures.painter import Painter
from sim.pictures.svg import Point, Svg

MOVE = "#333333"
PATH = "#e67e22"
REFUSED = "#d0021b"


def defs(svg: Svg) -> None:
    """The arrowheads, one per kind of arrow."""
    found = svg.node(None, "defs")
    for name, colour in (("move", MOVE), ("path", PATH), ("refused", REFUSED)):
        marker = svg.node(found, "marker", id=f"arrow-{name}", viewBox="0 0 10 10", refX="8", refY="5",
                          markerWidth="5", markerHeight="5", orient="auto-start-reverse")
        svg.node(marker, "path", d="M 0 0 L 10 5 L 0 10 z", fill=colour)


def draw_moves(svg: Svg, parent: ET.Element, painter: Painter, moves: Moves) -> None:
    layer = svg.node(parent, "g", class_="last-command", data_command=moves.command)
    for moved in moves.moved:
        a, b = painter.centre(moved.frm), painter.centre(moved.to)
        if a is None or b is None:
            continue
        line = arrow(svg, layer, [a, b], MOVE, "move", class_="moved", data_unit=moved.unit)
        svg.title(line, f"{moved.unit}: {painter.label(moved.frm)} -> {painter.label(moved.to)}")
    for refused in moves.refused:
        a, b = painter.centre(refused.frm), painter.centre(refused.to)
        if b is None:
            continue
        group = svg.node(layer, "g", class_="refused", data_unit=refused.unit)
        if a is not None:
            arrow(svg, group, [a, b], REFUSED, "refused", stroke_dasharray="5 4")
        cross(svg, group, b, REFUSED, 9.0)
        svg.title(group, f"{refused.unit}: step {painter.label(refused.frm)} -> {painter.label(refused.to)} refused: {refused.why}")
    for cut in moves.cancelled:
        at = painter.centre(cut.at) if cut.at else None
        if at is None:
            continue
        group = svg.node(layer, "g", class_="cancelled", data_unit=cut.unit)
        svg.node(group, "circle", cx=at[0], cy=at[1], r=15.0, fill="none", stroke=REFUSED, stroke_width=2.0,
                 stroke_dasharray="3 3")
        svg.title(group, f"{cut.unit}: {cut.why}")


def draw_reach(svg: Svg, parent: ET.Element, painter: Painter, answer: RangeOfMotion) -> None:
    layer = svg.node(parent, "g", class_="reach-layer", data_unit=answer.unit)
    if answer.denied is not None:
        at = painter.centre(painter.parse(answer.start)) if answer.start != "nowhere" else None
        if at is not None:
            group = svg.node(layer, "g", class_="out")
            cross(svg, group, at, REFUSED, 14.0)
            svg.title(group, f"{answer.unit} has no range of motion: {answer.denied}")
        # the places the ruleset still names (GODSGLOOM: a hex Trample reaches past Lockdown),
        # each with its reasons, as ``sim reach`` lists them under the denial
        for location, reasons in sorted(answer.reasons.items()):
            kept_out(svg, layer, painter, location, reasons)
        return
    painter.draw_reach(svg, layer, answer)
    for location, reasons in sorted(painter.kept_out(answer).items()):  # the same file on every run
        kept_out(svg, layer, painter, location, reasons)


def kept_out(svg: Svg, parent: ET.Element, painter: Painter, location: str, reasons: list[RuleRef]) -> None:
    """A place out of reach: crossed, with every rule that keeps it out in its tooltip."""
    canonical = painter.parse(location)
    at = painter.centre(canonical)
    if at is None:
        return
    group = svg.node(parent, "g", class_="out", data_location=location)
    cross(svg, group, at, REFUSED, 6.0, opacity=0.75)
    svg.title(group, f"{location} out of reach: " + "; ".join(str(r) for r in reasons))


def draw_path(svg: Svg, parent: ET.Element, painter: Painter, answer: RangeOfMotion, target: str) -> None:
    """The cheapest path to ``target`` as an arrow through its steps, or the target crossed out
    with the rules when it is out of reach."""
    path = answer.path_to(target)
    if path is None:
        kept_out(svg, parent, painter, target, answer.why_not(target))
        return
    corners = [c for c in (painter.centre(painter.parse(step)) for step in path) if c is not None]
    layer = svg.node(parent, "g", class_="path", data_unit=answer.unit, data_location=target)
    if len(corners) >= 2:
        line = arrow(svg, layer, corners, PATH, "path", stroke_width=4.0)
        svg.title(line, f"{answer.unit} to {target}: {' -> '.join(path)}")
    for at, words in painter.path_labels(answer, target):
        note = svg.node(layer, "g", class_="check")
        svg.node(note, "rect", x=at[0] + 4, y=at[1] - 16, width=7.0 * len(words) + 6, height=15.0, rx=3.0,
                 fill="#fff8e6", stroke=PATH)
        svg.text(note, at[0] + 7, at[1] - 5, words, font_size=10, fill="#7a3e00")
        svg.title(note, words)


def arrow(svg: Svg, parent: ET.Element, corners: list[Point], colour: str, head: str, **attrs: object) -> ET.Element:
    width = attrs.pop("stroke_width", 2.5)
    return svg.polyline(parent, corners, fill="none", stroke=colour, stroke_width=width, stroke_linecap="round",
                        stroke_linejoin="round", marker_end=f"url(#arrow-{head})", **attrs)


def cross(svg: Svg, parent: ET.Element, at: Point, colour: str, size: float, opacity: float = 1.0) -> None:
    x, y = at
    svg.node(parent, "path", d=f"M {x - size:.1f} {y - size:.1f} L {x + size:.1f} {y + size:.1f} "
                                f"M {x - size:.1f} {y + size:.1f} L {x + size:.1f} {y - size:.1f}",
             stroke=colour, stroke_width=2.5, stroke_opacity=opacity, class_="cross")
