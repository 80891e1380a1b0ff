"""Writing and reading GODSGLOOM hexes: axial ``"q,r"`` and a scenario's aliases."""

from __future__ import annotations

from domain.errors import BadInput, suggest
from domain.rulesets.godsgloom.hexgrid import parse_hex
from domain.rulesets.godsgloom.state import GloomState
from domain.state import GameState


def parse_location(state: GameState, text: str) -> str:
    """A hex of the mat (an alias or ``q,r``); BadInput when it is off the mat, once one is laid.

    The hexes read so far are kept with the board (``GameState.board_index``: its aliases and
    size are all the answer reads, and an event that changes them drops it): every step of
    every path and every God's Push hex a game issues, and its verification again, names one
    of a mat's few dozen hexes. tests/godsgloom/test_kept_locations.py compares the kept
    answers with ones worked out afresh."""
    if type(text) is str:
        board = state.__pydantic_private__["_board"]  # type: ignore[index]  # set by PrivateAttr (``GameState.board_index``, read directly)
        known: dict[str, str] | None = board.get("godsgloom.locations")
        if known is None:
            known = board["godsgloom.locations"] = {}
        found = known.get(text)
        if found is None:
            found = known[text] = _parsed(state, text)
        return found
    return _parsed(state, text)


def _parsed(state: GameState, text: str) -> str:
    """``parse_location`` worked out."""
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
