"""A board picture: the header (title, turn, player to act), the board as its ruleset's painter
draws it, the overlays (reach, path, the last command's steps), the notes beside the board, and
the compact text board inside ``<desc>``.

``draw_state`` draws one state; ``draw_game`` draws a game's state after any event, with the
range of motion of a unit (the lookahead over the same events) and a path to a place. Drawing
never changes the state it reads.
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from domain.errors import BadInput
from domain.event_base import GameEvent
from domain.movement import RangeOfMotion
from domain.state import GameState
from projections.lookahead import Lookahead
from sim.pictures.moves import Moves, fold_to
from sim.pictures.overlay import defs, draw_moves, draw_path, draw_reach
from sim.pictures.painter import Painter, painter_for
from sim.pictures.svg import Svg

MARGIN = 12.0
HEADER = 46.0
NOTES_WIDTH = 300.0
LINE = 14.0
CAPTION = 24.0
MIN_WIDTH = 720.0
#: the width of a title's character, roughly, at its size: a longer title is cut with an ellipsis
TITLE_CHAR = 8.6


@dataclass
class Layers:
    """A composed picture and the groups the viewer takes apart into frames."""

    svg: Svg
    painter: Painter
    header: ET.Element
    board: ET.Element
    reach: ET.Element
    units: ET.Element
    moves: ET.Element
    path: ET.Element
    notes: ET.Element


def compose(
    state: GameState, title: str = "", notes_width: float | None = None, with_board: bool = True, describe: bool = True,
) -> Layers:
    """The empty frame of a picture of ``state``: header, board and notes drawn, overlays empty
    (without the board when ``with_board`` is False: the viewer has it already; without the text
    board in ``<desc>`` when ``describe`` is False: the viewer lists the events instead)."""
    painter = painter_for(state)
    notes = [line for note in painter.notes() for line in textwrap.wrap(note, 46, subsequent_indent="  ") or [""]]
    side = notes_width if notes_width is not None else (NOTES_WIDTH if notes else 0.0)
    width = max(MIN_WIDTH, MARGIN * 2 + painter.width + (side + MARGIN if side else 0.0))
    title = title if len(title) <= width / TITLE_CHAR else title[: int(width / TITLE_CHAR) - 1] + "…"
    height = HEADER + max(painter.height, len(notes) * LINE) + CAPTION + MARGIN
    svg = Svg(width, height)
    if describe:
        svg.desc(f"{state.ruleset}: {painter.headline()}\n{painter.text()}")
    defs(svg)
    svg.node(None, "rect", x=0.0, y=0.0, width=width, height=height, fill="#fbfaf7", class_="background")
    header = svg.node(None, "g", class_="header")
    if title:
        svg.text(header, MARGIN, 19.0, title, font_size=14, font_weight="bold", fill="#222222", class_="title")
    svg.text(header, MARGIN, 37.0, f"{painter.rules.title}: {painter.headline()}", font_size=12, fill="#444444",
             class_="headline")
    layer = svg.node(None, "g", class_="board-layer", transform=f"translate({MARGIN:g},{HEADER:g})")
    board = svg.node(layer, "g", class_="board-fixed")
    if with_board:
        painter.draw_board(svg, board)
    reach = svg.node(layer, "g", class_="reach-slot")
    units = svg.node(layer, "g", class_="units")
    painter.draw_units(svg, units)
    moves = svg.node(layer, "g", class_="moves-slot")
    path = svg.node(layer, "g", class_="path-slot")
    box = svg.node(None, "g", class_="notes", transform=f"translate({MARGIN * 2 + painter.width:g},{HEADER:g})")
    for i, line in enumerate(notes):
        svg.text(box, 0.0, 12.0 + i * LINE, line, font_size=11, fill="#333333")
    return Layers(svg, painter, header, board, reach, units, moves, path, box)


def caption(layers: Layers, words: str) -> None:
    svg = layers.svg
    svg.text(layers.header, MARGIN, HEADER + layers.painter.height + 17.0, words, font_size=11, fill="#555555",
             class_="caption")


def draw_state(
    state: GameState, title: str = "", moves: Moves | None = None, reach: RangeOfMotion | None = None,
    target: str | None = None,
) -> str:
    """One state as SVG text: with the moves of its last command, a range of motion, and the
    path to ``target`` (a location as the answer writes it) when given."""
    layers = compose(state, title)
    if moves is not None:
        draw_moves(layers.svg, layers.moves, layers.painter, moves)
    if reach is not None:
        draw_reach(layers.svg, layers.reach, layers.painter, reach)
        caption(layers, reach_caption(reach))
        if target is not None:
            draw_path(layers.svg, layers.path, layers.painter, reach, target)
    return layers.svg.to_string()


def reach_caption(reach: RangeOfMotion) -> str:
    if reach.denied is not None:
        return f"{reach.unit} has no range of motion: {reach.denied}"
    return (f"range of motion of {reach.unit} from {reach.start} (allowance {reach.allowance:g}{reach.allowance_note()}; ongoing effects only, "
            "no triggers)")


def draw_game(
    events: list[GameEvent], at: int | None = None, unit: str | None = None, to: str | None = None, title: str = "",
) -> str:
    """The game after event ``at`` (the last when None), as SVG text."""
    if not events:
        raise BadInput("the game has no events", "events")
    if at is not None and not 1 <= at <= len(events):
        raise BadInput(f"no event {at}: this game's events are numbered 1 to {len(events)}", "--at")
    if to is not None and unit is None:
        raise BadInput("--to needs --unit: a path is the path of a unit", "--to")
    folder = fold_to(events, at)
    assert folder.state is not None
    reach = target = None
    if unit is not None:
        lookahead = Lookahead.from_events(events[: folder.count])
        reach = lookahead.range_of_motion(unit)
        if to is not None:
            try:
                target = lookahead.label(lookahead.parse(to))
            except BadInput as exc:  # about ``to``, however the ruleset's reading of places words it
                raise BadInput(exc.message, "to") from None
    return draw_state(folder.state, title, folder.moves, reach, target)


def draw_game_with_reach(events: list[GameEvent], reach: RangeOfMotion, target: str | None = None, title: str = "") -> str:
    """The game after its last event with a range of motion already asked of that state (and the
    path to ``target``, a location as the answer writes it): the picture ``draw_game`` draws
    for the same unit, the game's own state under it (taps, damage, life, actions taken)."""
    if not events:
        raise BadInput("the game has no events", "events")
    folder = fold_to(events)
    assert folder.state is not None
    return draw_state(folder.state, title, folder.moves, reach, target)
