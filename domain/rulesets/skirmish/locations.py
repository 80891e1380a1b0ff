"""Writing and reading table points: ``"x,y"`` on the ground, ``"x,y@surface"`` above it, or a
scenario's alias."""

from __future__ import annotations

from domain.errors import BadInput, suggest
from domain.rulesets.skirmish.table import parse_spot
from domain.state import GameState


def parse_location(state: GameState, text: str) -> str:
    raw = str(text).strip()
    try:
        return parse_spot(state.aliases.get(raw, raw)).text
    except BadInput as exc:
        raise BadInput(exc.message + suggest(raw, state.aliases, "aliases"), exc.where) if state.aliases else exc from None


def label(state: GameState, location: str) -> str:
    if not location:
        return "nowhere"
    names = {v: k for k, v in state.aliases.items()}
    return names.get(location, location)
