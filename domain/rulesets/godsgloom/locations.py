"""Writing and reading GODSGLOOM hexes: axial ``"q,r"`` and a scenario's aliases."""

from __future__ import annotations

from domain.errors import BadInput, suggest
from domain.rulesets.godsgloom.hexgrid import parse_hex
from domain.state import GameState


def parse_location(state: GameState, text: str) -> str:
    raw = str(text).strip()
    try:
        return parse_hex(state.aliases.get(raw, raw)).text
    except BadInput as exc:
        raise BadInput(exc.message + suggest(raw, state.aliases, "aliases"), exc.where) if state.aliases else exc from None


def label(state: GameState, location: str) -> str:
    if not location:
        return "nowhere"
    if not state.aliases:
        return location
    names = state.board_index("aliases.by_location", lambda: {v: k for k, v in state.aliases.items()})
    return names.get(location, location)
