"""Helpers for the picture tests: play an example once, draw it, read the SVG back as XML."""

from __future__ import annotations

import functools
import xml.etree.ElementTree as ET
from typing import Any

from domain.event_base import GameEvent
from sim.pictures.moves import fold_to
from sim.pictures.picture import draw_game
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES

NS = {"svg": "http://www.w3.org/2000/svg"}

#: an example per ruleset with moves, a unit to ask about, and a place to draw a path to
CASES = {
    "sorcery": ("sorcery/07a-phantom-steed-shark-fights-steed-first.yaml", 17, "steed", "A"),
    "godsgloom": ("godsgloom/19-a-whole-round.yaml", 9, "knights", "6,2"),
    "tinyepic": ("tiny-epic-tactics/04-water-peak-ballista-and-climbing-onto-a-peak.yaml", 8, "rogue", "3,0"),
    "skirmish": ("skirmish/20-a-whole-turn.yaml", 9, "thief", "7,2@tower"),
}


@functools.cache
def events_of(example: str) -> tuple[GameEvent, ...]:
    return tuple(play(load_scenario(EXAMPLES / example)).events)


def svg_of(example: str, at: int | None = None, unit: str | None = None, to: str | None = None) -> ET.Element:
    """The picture, parsed: a picture that is not well-formed XML fails here."""
    return ET.fromstring(draw_game(list(events_of(example)), at=at, unit=unit, to=to, title="t"))


def state_of(example: str, at: int | None = None) -> Any:
    """The state after event ``at``, typed loosely: tests read each ruleset's own fields."""
    state = fold_to(list(events_of(example)), at).state
    assert state is not None
    return state


def by_class(root: ET.Element, tag: str, css_class: str) -> list[ET.Element]:
    elements = root.iter() if tag == "*" else root.iter(f"{{{NS['svg']}}}{tag}")
    return [e for e in elements if css_class in (e.get("class") or "").split()]


def title_of(element: ET.Element) -> str:
    found = element.find("svg:title", NS)
    return "" if found is None or found.text is None else found.text


def setup_end(example: str) -> int:
    """The number of the last event of the set-up (the board as laid, before any command)."""
    events = events_of(example)
    commands = [e.originator_version for e in events if e.name == "CommandIssued"]
    return commands[1] - 1 if len(commands) > 1 else len(events)
