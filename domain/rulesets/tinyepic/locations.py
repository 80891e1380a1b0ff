"""Writing and reading Tiny Epic Tactics spaces: ``"x,y"`` and a scenario's aliases."""

from __future__ import annotations

from domain.errors import BadInput
from domain.rulesets.tinyepic.grid import parse_space
from domain.rulesets.tinyepic.state import TetState
from domain.state import GameState


def parse_location(state: GameState, text: str) -> str:
    """A space of the board (an alias or ``x,y``); BadInput when it is off the board."""
    raw = str(text).strip()
    space = parse_space(state.aliases.get(raw, raw))
    if isinstance(state, TetState) and state.width and not state.on_board(space.x, space.y):
        raise BadInput(f"space {raw} is off the {state.width}x{state.height} board")
    return space.text


def label(state: GameState, location: str) -> str:
    if not location:
        return "nowhere"
    names = {v: k for k, v in state.aliases.items()}
    return names.get(location, location)
