"""The replay viewer's page: one self-contained HTML file (``sim view``).

How states are produced in the page: **precomputed frames**. Python folds the events once and
draws the board after every event with the same painters as ``sim render``; each picture is cut
into parts (the board, the header, the notes, each unit, the last command's arrows) and every
distinct part is stored once, so a frame is a short list of part numbers and a unit that did not
move costs nothing. The page only assembles parts; it never runs a rule. Ranges of motion are
worked out by the lookahead when the file is made, for every living unit of the player to act at
every command boundary (the state before each command, and the end), and stored the same way.

Everything from the game reaches the page as data: SVG parts serialised by ElementTree (escaped
XML, parsed in the page by ``DOMParser`` as XML), and texts in a JSON document (gzip, base64)
the script reads and shows with ``textContent``. The page allows only its own script and style, by hash, and no
network at all (its Content-Security-Policy).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import json
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from domain.errors import BadInput
from domain.event_base import GameEvent
from domain.events import ChoiceMade, ChoiceRequested, CommandIssued, TriggersOrdered
from domain.ruleset import get_ruleset
from domain.state import GameState
from projections.lookahead import Lookahead
from projections.trace import TraceNode, build_trace
from sim.pictures.moves import Folder
from sim.pictures.overlay import draw_moves, draw_reach
from sim.pictures.painter import painter_for
from sim.pictures.picture import HEADER, MARGIN, NOTES_WIDTH, compose
from sim.pictures.source import GameSource
from sim.pictures.svg import Svg, clean, fragment


@dataclass
class Parts:
    """Distinct SVG parts, each stored once and named by its number."""

    texts: list[str] = field(default_factory=list)
    numbers: dict[str, int] = field(default_factory=dict)

    def add(self, element: ET.Element) -> int:
        text = fragment(element)
        found = self.numbers.get(text)
        if found is None:
            found = self.numbers[text] = len(self.texts)
            self.texts.append(text)
        return found


def page_data(game: GameSource) -> dict[str, Any]:
    """Everything the page shows, as plain data (see the module docstring)."""
    events = game.events
    final = _final_state(events)
    rules = get_ruleset(final.ruleset)
    label = lambda loc: rules.label(final, loc)  # noqa: E731  # the one labeler of the whole game
    parts = Parts()
    frames: list[dict[str, Any]] = []
    turns: list[int] = []
    commands: list[int] = []
    reach: dict[str, dict[str, int]] = {}
    to_act: dict[str, str] = {}
    folder = Folder()
    lookahead = Lookahead()
    boards = Boards()
    command = 0
    #: the reaches of the last boundary, kept while no event the lookahead reads has come since
    last: tuple[str, dict[str, int]] | None = None
    unworked: dict[str, None] = {}  # why a range of motion is left off, once each
    for number, event in enumerate(events, start=1):
        if isinstance(event, CommandIssued):
            if number > 1:
                last = _reaches(folder.state, lookahead, parts, last, unworked)
                reach[str(number - 1)] = last[1]
                to_act[str(number - 1)] = last[0]
            command += 1
        folder.fold(event)
        lookahead.process(event)
        if event.LOOKAHEAD:
            last = None
        assert folder.state is not None
        frames.append(_frame(folder, game.title, parts, boards))
        turns.append(rules.turn_number(folder.state))
        commands.append(command)
    last = _reaches(folder.state, lookahead, parts, last, unworked)
    reach[str(len(events))], to_act[str(len(events))] = last[1], last[0]
    start = game.start
    names = {u.id: rules.name_of(final, u.id) for u in final.units.values()}
    trace = build_trace(events, label, names)
    root_of: list[int] = [0] * len(events)
    roots = []
    for index, root in enumerate(trace.roots):
        for node in root.walk():
            root_of[node.number - 1] = index
        roots.append(_node(node=root))
    return {
        "game": {
            "title": game.title, "description": game.description or "", "origin": game.origin,
            "ruleset": rules.title, "ruleset_name": rules.name, "options": rules.recorded_options(start.options), "seed": start.seed,
            "players": start.players, "chain": game.chain, "verified": game.verified, "events": len(events),
        },
        "board": {"transform": f"translate({MARGIN:g},{HEADER:g})"},
        "parts": parts.texts,
        "boards": boards.found,
        "frames": frames,
        "events": [{"id": e.event_id, "type": e.name, "text": e.describe(label), "kind": _kind(e)} for e in events],
        "turns": turns,
        "commands": commands,
        "reach": reach,
        "to_act": to_act,
        "trace": {"roots": roots, "root_of": root_of},
        "unworked": list(unworked),
    }


def _final_state(events: list[GameEvent]) -> GameState:
    folder = Folder()
    for event in events:
        folder.fold(event)
    assert folder.state is not None
    return folder.state


@dataclass
class Boards:
    """The boards of the page, and the last one and what it was drawn from: most events leave
    the board as it was, and drawing it is most of a frame's work.

    A board is its group's shell (the ``<g>`` without what it holds) and its places, each a part,
    written as runs of part numbers (``[first, count, first, count...]``): a board that differs
    from the one before by a hex stores that hex and a few numbers, not the whole board again (a
    200x200 GODSGLOOM mat set up with 20 terrain pieces stored 21 boards of 11 MB, a 34 MB page)."""

    key: str | None = None
    index: int = -1
    found: list[dict[str, Any]] = field(default_factory=list)

    def add(self, key: str, board: ET.Element, parts: Parts) -> None:
        shell = ET.Element(board.tag, board.attrib)
        places = [parts.add(child) for child in board]
        self.key, self.index = key, len(self.found)
        self.found.append({"shell": parts.add(shell), "runs": runs(places)})


def runs(numbers: list[int]) -> list[int]:
    """``[3, 4, 5, 9]`` as ``[3, 3, 9, 1]``: each run of consecutive numbers as its first and its length."""
    found: list[int] = []
    for number in numbers:
        if found and found[-2] + found[-1] == number:
            found[-1] += 1
        else:
            found += [number, 1]
    return found


def _frame(folder: Folder, title: str, parts: Parts, boards: Boards) -> dict[str, Any]:
    assert folder.state is not None
    key = painter_for(folder.state).board_key()
    layers = compose(folder.state, title, notes_width=NOTES_WIDTH, with_board=key != boards.key, describe=False)
    if key != boards.key:
        boards.add(key, layers.board, parts)
    draw_moves(layers.svg, layers.moves, layers.painter, folder.moves)
    root = layers.svg.root
    defs, background = root.find("defs"), root.find("rect")
    assert defs is not None and background is not None
    return {
        "size": [layers.svg.width, layers.svg.height],
        "base": [parts.add(defs), parts.add(background), parts.add(layers.header), parts.add(layers.notes)],
        "board": boards.index,
        "units": [parts.add(unit) for unit in layers.units],
        "moves": parts.add(layers.moves),
    }


def _reaches(
    state: GameState | None, lookahead: Lookahead, parts: Parts, last: tuple[str, dict[str, int]] | None,
    unworked: dict[str, None],
) -> tuple[str, dict[str, int]]:
    """The player to act, and the range of motion of each of their living units in this state, as
    parts the page lays over the board (``last``, the previous boundary's, when the lookahead has
    read nothing since and the same player is to act). A range of motion the rules refuse to
    work out (GODSGLOOM under a logged negative difficult_cost) is left off, its reason kept in
    ``unworked``: the page shows the game without it."""
    if state is None or lookahead.view is None:
        return "", {}
    player = get_ruleset(state.ruleset).to_act(state)
    if last is not None and last[0] == player:
        return last
    painter = painter_for(state)
    found: dict[str, int] = {}
    for unit in state.units.values():
        if not (unit.alive and unit.location) or unit.owner != player:
            continue
        try:
            answer = lookahead.range_of_motion(unit.id)
        except BadInput as exc:
            unworked[exc.message] = None
            continue
        svg = Svg(1, 1)
        slot = svg.node(None, "g", class_="reach-slot")
        draw_reach(svg, slot, painter, answer)
        # under the id as the unit's picture carries it (``data-unit``), which the page is
        # given when the unit is clicked: without the characters XML can't hold
        found[clean(unit.id)] = parts.add(slot)
    return player, found


def _kind(event: GameEvent) -> str:
    """How the event list marks an event: a command, a choice point, a refusal, a death..."""
    if isinstance(event, CommandIssued):
        return "command"
    if isinstance(event, (ChoiceRequested, ChoiceMade, TriggersOrdered)):
        return "choice"
    return {"StepRefused": "refused", "AttackRefused": "refused", "UnitDied": "death", "TriggerQueued": "trigger",
            "TriggerResolved": "trigger"}.get(event.name, "")


def _node(node: TraceNode) -> dict[str, Any]:
    """A causation tree node; an ordering says who decided and why, a choice point is marked."""
    event = node.event
    data: dict[str, Any] = {"n": node.number, "text": node.text, "kind": _kind(event)}
    if isinstance(event, TriggersOrdered):
        data["why"] = f"ordered by {event.player or 'the game'} ({event.decided_by}): {event.reason}"
    if node.outcome:
        data["outcome"] = node.outcome
    data["children"] = [_node(child) for child in node.children]
    return data


# --- the page -------------------------------------------------------------------------------------


def _asset(name: str) -> str:
    return resources.files("sim.pictures").joinpath("page", name).read_text("utf-8")


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def packed(data: Any) -> str:
    """The page's data as gzip in base64: SVG parts repeat themselves (a unit's group, a rule's
    words), so a 1,000-event game's data shrinks about tenfold, and base64 holds no character
    that could end the script block it sits in. The page unpacks it with the browser's own
    ``DecompressionStream``."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(gzip.compress(text, compresslevel=9, mtime=0)).decode("ascii")


#: a page larger than this is said to be large when it is written (``sim view``): a browser
#: takes seconds to open it and to step through it
LARGE_PAGE = 20_000_000


def size_note(page_bytes: int, data: dict[str, Any]) -> str | None:
    """Why a large page is large, or None for one of ordinary size (a 200x200 mat's board alone
    is about 11 MB of SVG; the size was written without a word)."""
    if page_bytes <= LARGE_PAGE:
        return None
    return (f"warning: the page is {page_bytes / 1e6:.2f} MB ({len(data['boards'])} different boards, "
            f"{len(data['parts'])} parts, {len(data['frames'])} events): a browser may take seconds to open it "
            "and to step through it")


def build_page(game: GameSource, data: dict[str, Any] | None = None) -> str:
    """The whole HTML page: template, style, data and script, with a policy that lets only this
    script and this style run (by their hashes) and fetches nothing. ``data``: ``page_data``'s,
    when the caller has it already."""
    script, style = _asset("viewer.js"), _asset("viewer.css")
    policy = (f"default-src 'none'; script-src '{_sha256(script)}'; style-src '{_sha256(style)}'; img-src 'none'; "
              "connect-src 'none'; base-uri 'none'; form-action 'none'")
    values = {"POLICY": html.escape(policy), "TITLE": html.escape(game.title or "a game"), "STYLE": style,
              "DATA": packed(page_data(game) if data is None else data), "SCRIPT": script}
    # one pass over the template: what is put in is never read again for a {{NAME}} of its own
    return re.sub(r"\{\{([A-Z]+)\}\}", lambda m: values[m.group(1)], _asset("viewer.html"))
