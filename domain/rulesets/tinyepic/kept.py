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

    __slots__ = ("left", "player", "unit", "start", "previous", "_ends", "_order", "_built")

    def __init__(
        self, left: frozenset[str], player: str, unit: str, start: str,
        previous: dict[str, str], ends: list[str], ordered: bool = False,
    ) -> None:
        """``ordered``: ``ends`` is in reading order already (a kept search's spaces, filtered:
        ``moves.searched_moves``). ``left`` and ``previous`` may be a kept search's: never
        changed here."""
        #: the spaces the search could afford to step out of: it read who stands on each of them
        #: and on every space one step from them
        self.left = left
        self.player, self.unit, self.start = player, unit, start
        #: the search's cheapest way into each space (``Reach.previous``)
        self.previous = previous
        self._ends = ends
        self._order: list[str] | None = ends if ordered else None
        self._built: dict[int, Move] = {}

    def __len__(self) -> int:
        return len(self._ends)

    @property
    def ends(self) -> list[str]:
        """The spaces a move ends on, in reading order (row, then column)."""
        if self._order is None:
            self._order = sorted(self._ends, key=READING.__getitem__)  # ``reading_order``
        return self._order

    def move(self, index: int) -> Move:
        found = self._built.get(index)
        if found is None:
            found = self._built[index] = Move(player=self.player, unit=self.unit, path=self.path_to(self.ends[index]))
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
        """The search's cheapest path to ``end``, the start left out (``Reach.path_to``)."""
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
