"""Writing and reading Sorcery locations: square numbers, regions and a scenario's aliases."""

from __future__ import annotations

from domain.errors import BadInput, suggest
from domain.rulesets.sorcery.realm import Loc, Region, parse_loc
from domain.rulesets.sorcery.state import SorceryState
from domain.state import GameState


def parse_location(state: GameState, text: str) -> str:
    """Canonical text of a location written with a square number or an alias.

    A bare square means its surface when it holds a site and its void otherwise. A text read
    once is kept with the board (``board_index``: the aliases are the board's, and its copies,
    every game from the same start among them, share it), under the text and the squares the
    sites are at (``site_squares``: all else it reads), since every step of every declared path
    is read so, in each game and again when its log is verified; a text refused is read afresh
    each time."""
    if type(text) is not str:
        return read_location(state, text)
    known: dict[tuple[str, frozenset[str]], str] = state.board_index(_READ, dict)
    key = (text, site_squares(state))
    found = known.get(key)
    if found is None:
        found = known[key] = read_location(state, text)
    return found


#: the name ``parse_location`` keeps the texts it read under, with the board's indexes
_READ = "sorcery.locations_read"


def read_location(state: GameState, text: str) -> str:
    """What ``parse_location`` keeps, worked out from the aliases and the sites."""
    raw = str(text).strip()
    head, sep, region = raw.partition("/")
    square = state.aliases.get(head, head)
    try:
        loc = parse_loc(f"{square}{sep}{region}")
    except BadInput as exc:
        raise BadInput(exc.message + suggest(head, state.aliases, "aliases"), exc.where) if state.aliases else exc from None
    if not sep and str(loc.square) not in site_squares(state):
        loc = Loc(loc.square, Region.VOID)
    return loc.text


def site_squares(state: GameState) -> frozenset[str]:
    """Where the sites are, as their locations are written: kept across the events that change
    no card in play (``characteristics_index``), since every square of a declared path is read
    against them."""
    return state.characteristics_index("sorcery.site_squares", lambda: sites_written(state))


def sites_written(state: GameState) -> frozenset[str]:
    """What ``site_squares`` keeps, worked out from the cards themselves."""
    assert isinstance(state, SorceryState)
    return frozenset(f.location for f in state.features.values() if f.kind == "site" and f.location is not None)


def label(state: GameState, location: str) -> str:
    """A location as a scenario writes it: its alias when the square has one."""
    if not location:
        return "nowhere"
    if not state.aliases:
        return location
    head, sep, region = location.partition("/")
    names = state.board_index("aliases.by_location", lambda: {v: k for k, v in state.aliases.items()})
    return f"{names.get(head, head)}{sep}{region}"
