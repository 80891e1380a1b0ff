"""Writing and reading GODSGLOOM hexes: axial ``"q,r"`` and a scenario's aliases."""

from __future__ import annotations

from domain.errors import BadInput, suggest
from domain.rulesets.godsgloom.hexgrid import parse_hex
from domain.rulesets.godsgloom.state import GloomState
from domain.state import GameState


def parse_location(state: GameState, text: str) -> str:
    """A hex of the mat (an alias or ``q,r``); BadInput when it is off the mat, once one is laid."""
    raw = str(text).strip()
    try:
        found = parse_hex(state.aliases.get(raw, raw))
    except BadInput as exc:
        raise BadInput(exc.message + suggest(raw, state.aliases, "aliases"), exc.where) if state.aliases else exc from None
    if isinstance(state, GloomState) and state.width and not state.on_mat(found):
        raise BadInput(f"hex {raw} is off the {state.width}x{state.height} mat")
    return found.text


def label(state: GameState, location: str) -> str:
    if not location:
        return "nowhere"
    if not state.aliases:
        return location
    names = state.board_index("aliases.by_location", lambda: {v: k for k, v in state.aliases.items()})
    return names.get(location, location)
