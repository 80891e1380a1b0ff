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


def kept_location(state: GameState, text: str) -> str:
    """``parse_location``, kept per text with the board (the text's reading depends only on the
    aliases and the board's size: board fields): a Move names every space of its path, and a
    game's paths name the same few spaces again and again. A text that is refused is never kept
    (it raises every time); at most ``LOCATIONS_KEPT`` texts a board."""
    known = kept_locations(state)
    found = known.get(text)
    if found is None:
        found = parse_location(state, text)
        if len(known) < LOCATIONS_KEPT:
            known[text] = found
    return found


def kept_locations(state: GameState) -> dict[str, str]:
    """The texts the board has read (``kept_location``): a path's reader looks each step up here
    first."""
    known: dict[str, str] = state.board_index(LOCATIONS, dict)
    return known


#: the board index of ``kept_locations``
LOCATIONS = "tinyepic.locations"


#: the most texts a board keeps (``kept_location``)
LOCATIONS_KEPT = 4_096


def label(state: GameState, location: str) -> str:
    if not location:
        return "nowhere"
    names = {v: k for k, v in state.aliases.items()}
    return names.get(location, location)
