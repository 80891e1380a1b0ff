"""Shared helpers: build games from inline YAML the way scenario files do."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from domain.game import Game
from domain.movement import RangeOfMotion
from projections.lookahead import Lookahead
from sim.runner import Played, check_expectations, play
from sim.scenario import parse_scenario
from sim.yamlfile import load_yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"

ROW = """
aliases: {A: 11, B: 12, C: 13, D: 14, E: 15}
"""


def scenario(text: str) -> Any:
    return parse_scenario(load_yaml(textwrap.dedent(text), "<test>"))


def played(text: str, strict: bool = True) -> Played:
    return play(scenario(text), strict=strict)


def game(text: str) -> Game:
    return played(text).game


def reach(game_or_played: Game | Played, unit: str) -> RangeOfMotion:
    events = game_or_played.events if isinstance(game_or_played, Played) else list(game_or_played.pending_events)
    return Lookahead.from_events(events).range_of_motion(unit)  # type: ignore[arg-type]


def names(events: list[Any]) -> list[str]:
    return [e.name for e in events]


def problems(text: str) -> list[str]:
    return check_expectations(played(text, strict=False))
