"""Each unit's Move commands, kept from one state to the next (issue 20: legal commands that follow
the state instead of being rebuilt).

A unit's moves are one search over its steps (``legal.moves_of``). What that search read is
small and known: where the unit stands, its Movement, its side, the space it started the turn on
if a Ballista, the options, the board, and who stands on each space it looked at (each space it
could afford to leave, and every space one step from those). A step moves one unit: of the other
units, only those that looked at the space it left or the one it entered can have other moves
now; the rest keep theirs, the very commands a new search would list, in the same order. A
search keeps the spaces it could afford to leave; it looked at a changed space exactly when one
of those is the changed space or a step from it (the board's steps lead both ways: adjacency,
and every portal to every other), so the spaces it looked at are never listed.

The moves are a lasting index of the state (``GameState.lasting_index``), keyed by the units'
places (``GridView.places``); when places change, ``update`` keeps every unit's moves that read
none of the spaces that changed. The unit's own facts are checked each time its moves are read,
so a unit that moved, or whose Ballista start changed at a turn's start, is searched again.
``tests/tiny_epic_tactics/test_kept_moves.py`` compares them, after every event of every example
and of random self-play, with moves searched from scratch on a state that keeps nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from domain.rulesets.tinyepic.commands import Move
from domain.rulesets.tinyepic.grid import parse_space
from domain.rulesets.tinyepic.movement import board_steps
from domain.rulesets.tinyepic.state import TetState, TetUnit
from domain.rulesets.tinyepic.view import GridView


class UnitMoves:
    """One unit's moves and what the search that listed them read. The moves are counted from
    the search's ends and each is built when first read (a random pick reads one), in reading
    order of the spaces they end on."""

    __slots__ = ("facts", "left", "player", "unit", "start", "previous", "_ends", "_order", "_built")

    def __init__(
        self, facts: tuple[object, ...], left: frozenset[str], player: str, unit: str, start: str,
        previous: dict[str, str], ends: list[str], ordered: bool = False,
    ) -> None:
        """``ordered``: ``ends`` is in reading order already (a kept search's, shared: never
        changed here)."""
        #: the unit's own facts: where it stands, its Movement, side, life and Ballista start
        self.facts = facts
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
        path = [end]
        while path[-1] != self.start:
            path.append(self.previous[path[-1]])
        return path[-2::-1]


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


class KeptMoves(dict[str, UnitMoves]):
    """Unit id -> its kept moves."""


def unit_facts(state: TetState, unit: TetUnit) -> tuple[object, ...]:
    return (unit.location, unit.movement, unit.owner, unit.alive, state.ballista_starters.get(unit.id))


def kept_moves(view: GridView, unit: TetUnit, search: Callable[[TetUnit], UnitMoves]) -> UnitMoves:
    """The unit's moves in this state: kept ones when nothing they read has changed, else
    ``search``'s (then kept)."""
    state = view.state
    kept = state.lasting_index("tinyepic.moves", view.places, KeptMoves, lambda old_key, old: _carried(view, old_key, old))
    found = kept.get(unit.id)
    facts = unit_facts(state, unit)
    if found is None or found.facts != facts:
        found = kept[unit.id] = search(unit)
    return found


def _carried(view: GridView, old_key: tuple[object, ...], old: KeptMoves) -> KeptMoves | None:
    """The moves of the state before, less those of units that read a space a unit left,
    entered, or stands on with another side, or died on; None (all anew) when the units are not
    the same ones or the options changed. Who started on a Ballista is a unit's own fact."""
    new_key = view.places
    if old_key[2] != new_key[2]:
        return None
    changed = GridView.spaces_changed(old_key[0], new_key[0], same=1)  # not the unit object itself
    if changed is None:
        return None
    # a search read a changed space when it could leave that space or a space one step from it
    into = board_steps(view).into
    near = set(changed).union(*[into[space] for space in changed])
    carried = KeptMoves()
    for unit_id, moves in old.items():
        if near.isdisjoint(moves.left):
            carried[unit_id] = moves
    return carried
