"""Who stands where and whose Engagement Zone covers which hex, for one placement of the units
(``Placement``), shared by every state that has it.

A small mat's view (``MatView.small``) used to read each state's zones and occupants off the
units, and every event makes a new state: a move's few events, an activation, the listing of the
legal commands and the verification's re-run each read them again. Most events move no unit,
and verifying a log meets the very placements the game met. So the facts are kept by the
placement itself: what each unit is (id, side), where it stands and faces, whether it lives,
and how zones are drawn. A state reads that key off its units in C (``placement_key``) and
finds the placement worked out once per process (``placement``), with the answers to the
questions asked of it so far.
"""

from __future__ import annotations

from functools import lru_cache
from operator import attrgetter

from domain.rulesets.godsgloom.hexgrid import Hex, parse_hex, zone_hex_texts

#: what a placement reads of each unit, in the units' order
UNIT_PLACE = attrgetter("id", "owner", "location", "facing", "alive")
#: one unit's entry in a placement key: id, owner, location, facing, alive
Entry = tuple[str, str, "str | None", str, bool]


def placement_key(option: str, units: object) -> tuple[str, tuple[Entry, ...]]:
    """The key of the units' placement: the zone option and each unit's ``UNIT_PLACE``, in
    the units' order (``units`` is the state's units, a dict's values)."""
    return option, tuple(map(UNIT_PLACE, units))  # type: ignore[call-overload]  # values of GloomUnit


class Placement:
    """The facts of one placement. Built from its key alone, so that one placement serves
    every state (of any game) whose units stand so; nothing in it refers to a state."""

    __slots__ = ("option", "living", "occupant", "cover", "_marked", "_over")

    def __init__(self, key: tuple[str, tuple[Entry, ...]]) -> None:
        option, entries = key
        self.option = option
        #: the living units on the mat, in the units' order: (id, owner, location, facing)
        self.living = [(uid, owner, at, facing) for uid, owner, at, facing, alive in entries if alive and at is not None]
        #: hex text -> the id of the living unit there (the last in the units' order, as a
        #: dict built over them keeps it)
        self.occupant = {entry[2]: entry[0] for entry in self.living}
        #: hex text -> the (unit, owner) pairs whose zone covers it, in unit id order
        cover: dict[str, list[tuple[str, str]]] = {}
        for uid, owner, at, facing in sorted(self.living):
            pair = (uid, owner)
            for text in zone_hex_texts(at, facing, option):
                bucket = cover.get(text)
                if bucket is None:
                    cover[text] = [pair]
                else:
                    bucket.append(pair)
        self.cover = cover
        self._marked: frozenset[str] | None = None
        self._over: dict[tuple[Hex, str], tuple[str, ...]] = {}

    @property
    def marked(self) -> frozenset[str]:
        """The hexes a step into may be more than terrain (``MatView.marked``): held, or in a zone."""
        if self._marked is None:
            self._marked = frozenset(self.occupant) | frozenset(self.cover)
        return self._marked

    def zones_over(self, h: Hex, owner: str) -> tuple[str, ...]:
        """The units not of ``owner`` whose zone covers ``h``, in unit id order."""
        found = self._over.get((h, owner))
        if found is None:
            pairs = self.cover.get(h.text, ())
            found = self._over[(h, owner)] = tuple(uid for uid, side in pairs if side != owner)
        return found

    def zones_over_text(self, text: str, owner: str) -> tuple[str, ...]:
        """``zones_over`` of a hex given as text."""
        return self.zones_over(parse_hex(text), owner)


@lru_cache(maxsize=4096)
def placement(key: tuple[str, tuple[Entry, ...]]) -> Placement:
    """The placement of ``key``, worked out once per process while it is among the last few
    thousand asked for (a game's placements recur from event to event and in its verification)."""
    return Placement(key)
