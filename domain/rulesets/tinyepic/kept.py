"""A unit's Move commands in one state, as the legal commands read them (issue 20: legal
commands counted without being built).

A unit's moves are one search over its steps (``moves.searched_moves``); the board keeps its
searches across states and games (``moves.keep_search``), so a unit standing where a unit stood
before, with the same spaces blocked, is not searched again. (The moves were once kept per state
as a lasting index brought up to date per event; with the board's searches kept, that index cost
more calls than the searches it saved, and it was dropped.) ``UnitMoves`` counts the moves from
the search's ends and builds each when first read.
``tests/tiny_epic_tactics/test_kept_moves.py`` compares them, after every event of every example
and of random self-play, with moves searched from scratch on a state that keeps nothing.
"""

from __future__ import annotations

from domain.movement import walk_back
from domain.rulesets.tinyepic.commands import Move
from domain.rulesets.tinyepic.grid import parse_space


class UnitMoves:
    """One unit's moves and what the search that listed them read. The moves are counted from
    the search's ends and each is built when first read (a random pick reads one), in reading
    order of the spaces they end on."""

    __slots__ = ("left", "player", "unit", "start", "previous", "_ends", "_order", "_built", "_crossed", "count", "home")

    def __init__(
        self, left: frozenset[str], player: str, unit: str, start: str,
        previous: dict[str, str], ends: list[str], ordered: bool = False, crossed: frozenset[str] | None = None,
        home: list[str] | None = None,
    ) -> None:
        """``ordered``: ``ends`` is in reading order already. ``crossed`` (a kept search's moves:
        ``moves.searched_moves``): ``ends`` is every space of ``left`` in reading order, and the
        moves end on those but the start and the spaces in ``crossed`` (those it may only cross).
        They are then counted by the sets and listed only when a move is read: the legal
        commands count every unit's moves in nearly every state, and a random pick reads one
        move of one unit. ``left`` and ``previous`` may be a kept search's: never changed here.
        ``home``: a way out and back to the start (``moves.way_home``), the start then one of
        the ends, in its place in reading order; ``ends`` never holds the start."""
        #: the spaces the search could afford to step out of: it read who stands on each of them
        #: and on every space one step from them
        self.left = left
        self.player, self.unit, self.start = player, unit, start
        #: the search's cheapest way into each space (``Reach.previous``)
        self.previous = previous
        self._ends = ends
        self._order: list[str] | None = ends if ordered and crossed is None and home is None else None
        self._built: dict[int, Move] = {}
        self._crossed = crossed
        #: the path of the Move that ends where the unit stands, when one is listed
        self.home = home
        #: how many moves (the legal commands count every unit's: worked out here, read as a field)
        self.count = (len(ends) if crossed is None else (
            # ``start`` is in ``left`` (it costs nothing), and among the crossed spaces when its
            # side's are (allies passed through): the ends are ``left`` less both
            len(left) - len(left & crossed) - (start not in crossed)
        )) + (home is not None)

    def __len__(self) -> int:
        return self.count

    @property
    def ends(self) -> list[str]:
        """The spaces a move ends on, in reading order (row, then column)."""
        found = self._order
        if found is None:
            crossed, start = self._crossed, self.start
            if crossed is None:
                found = sorted(self._ends, key=READING.__getitem__)  # ``reading_order``
            else:  # in reading order still
                found = [space for space in self._ends if space != start and space not in crossed]
            if self.home is not None:
                found = sorted([*found, start], key=READING.__getitem__)
            self._order = found
        return found

    def move(self, index: int) -> Move:
        found = self._built.get(index)
        if found is None:  # ``path_to``, inline: a random pick builds one move
            found = self._built[index] = Move.listed(self.player, self.unit, self.path_to(self.ends[index]))
        return found

    def moves(self) -> tuple[Move, ...]:
        return tuple(self.move(i) for i in range(len(self)))

    def index_of(self, end: str) -> int | None:
        """Where the move ending on ``end`` is among the unit's, if it has one."""
        try:
            return self.ends.index(end)
        except ValueError:
            return None

    def path_to(self, end: str) -> list[str]:
        """The search's cheapest path to ``end``, the start left out (``Reach.path_to``); the way
        out and back for the start."""
        if end == self.start and self.home is not None:
            return self.home
        return walk_back(self.previous, self.start, end)[1:]


def reading_order(location: str) -> tuple[int, int]:
    space = parse_space(location)
    return space.y, space.x


class ReadingOrder(dict[str, tuple[int, int]]):
    """Space text -> ``reading_order``, worked out once per text: ``READING.__getitem__`` sorts
    a unit's ends without a Python call per space."""

    def __missing__(self, location: str) -> tuple[int, int]:
        found = self[location] = reading_order(location)
        return found


READING = ReadingOrder()
