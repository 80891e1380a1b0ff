"""Who stands where and whose Engagement Zone covers which hex, for one placement of the units
(``Placement``), shared by every state that has it; and what the units, the mat and the options
are (``Cast``), shared by every state of a game from its set-up on.

A small mat's view (``MatView.small``) used to read each state's zones and occupants off the
units, and every event makes a new state: a move's few events, an activation, the listing of the
legal commands and the verification's re-run each read them again. Most events move no unit,
and verifying a log meets the very placements the game met. So the facts are kept by the
placement itself: what each unit is (id, side), where it stands and faces, whether it lives,
and how zones are drawn. A state reads that key off its units in C (``placement_key``: where
each stands and faces and whether it lives, its id and side being its cast's) and
finds the placement worked out once per process (``placement``), with the answers to the
questions asked of it so far (who Engages each unit: ``engaged``).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from operator import attrgetter
from typing import Any

from domain.rulesets.godsgloom.hexgrid import Hex, neighbour_texts, zone_hex_texts

#: what a placement reads of each unit, in the units' order (its id and side are the cast's:
#: ``Cast.members``; fewer fields read and hashed for every state that asks)
UNIT_PLACE = attrgetter("location", "facing", "alive")
#: one unit's entry in a placement key: location, facing, alive
Entry = tuple["str | None", str, bool]
#: an answer not yet kept (``Placement.engaged``: None is an answer, the unit is off the mat)
_UNKNOWN: Any = object()
#: what a cast reads of each unit: id, owner, unit type, traits
UNIT_CAST = attrgetter("id", "owner", "kind", "traits")


class Cast:
    """What does not change while units move: the options, the mat's size and the terrain steps
    read (Impassable and Difficult hexes), and each unit's id, side, type and traits. Compared by
    these facts (its hash worked out once), so one cast keys every table of a game's placements
    at the cost of one hash; ``cast_of`` gives one object per facts."""

    __slots__ = (
        "facts", "zone_option", "traits", "lockdown", "members", "position", "steps_into", "placements", "_difficult",
        "_costs", "_hash",
    )

    def __init__(self, facts: tuple[Any, ...]) -> None:
        self.facts = facts
        options, _board, units = facts
        named = dict(options)
        self.zone_option: str = named["engagement_zone"]
        alias = named["harass"] == "alias_of_nimble"
        #: each unit's traits as the rules read them (Harass read as Nimble under option harass)
        self.traits: dict[str, frozenset[str]] = {
            uid: frozenset((*traits, "Nimble") if alias and "Harass" in traits else traits) for uid, _, _, traits in units
        }
        #: whether any unit has Lockdown: without one, no Move Action is locked
        #: (``GloomMovement.no_movement`` then reads no one's engagement)
        self.lockdown: bool = any("Lockdown" in traits for traits in self.traits.values())
        #: each unit's id and side, in the units' order (a placement key's entries follow it)
        self.members: tuple[tuple[str, str], ...] = tuple((uid, owner) for uid, owner, _, _ in units)
        #: each unit's place in ``members`` (and so in a placement key's entries): the first, were
        #: an id there twice
        self.position: dict[str, int] = {}
        for i, (uid, _) in enumerate(self.members):
            self.position.setdefault(uid, i)
        self._difficult: int = named["difficult_cost"]
        #: (mode, unit, plain step, the other unit holding its hex, the enemies whose zones
        #: cover it) -> the step as the movement model judges it (``GloomMovement._judged_into``):
        #: the rest of what it reads (traits, types, sides, options) is this cast's
        self.steps_into: dict[tuple[Any, ...], Any] = {}
        self._costs: dict[tuple[str, bool], int] = {}
        #: a placement key's entries -> its placement (``placement``): the cast's own table
        self.placements: dict[tuple[Entry, ...], Placement] = {}
        self._hash = hash(facts)

    def difficult_cost(self, unit_id: str, step_mode: bool) -> int:
        """MP for the unit to enter a Difficult hex: option difficult_cost, or 1 in a §8.2-style
        step (``movement.STEP_MODES``) or with Ignore Difficult."""
        key = (unit_id, step_mode)
        found = self._costs.get(key)
        if found is None:
            found = self._costs[key] = 1 if step_mode or "Ignore Difficult" in self.traits[unit_id] else self._difficult
        return found

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Cast) and self._hash == other._hash and self.facts == other.facts)


def cast_facts(options: Any, width: int, height: int, impassable: frozenset[Hex], difficult: frozenset[Hex], units: Iterable[Any]) -> tuple[Any, ...]:
    """The facts of a cast: every option (lists as tuples), the mat, and each unit's ``UNIT_CAST``."""
    named = tuple((name, tuple(value) if isinstance(value, list) else value) for name, value in options.__dict__.items())
    return named, (width, height, impassable, difficult), tuple((uid, owner, kind, tuple(traits)) for uid, owner, kind, traits in map(UNIT_CAST, units))


@lru_cache(maxsize=64)
def cast_of(facts: tuple[Any, ...]) -> Cast:
    """One cast per facts while it is among the last few asked for (a cast is made once per game)."""
    return Cast(facts)


def placement_key(cast: Cast, units: object) -> tuple[Cast, tuple[Entry, ...]]:
    """The key of the units' placement: the cast and each unit's ``UNIT_PLACE``, in the units'
    order (``units`` is the state's units, a dict's values: the cast's ``members``, as the cast
    is read off them and kept only across events that add or remove no unit)."""
    return cast, tuple(map(UNIT_PLACE, units))  # type: ignore[call-overload]  # values of GloomUnit


class Placement:
    """The facts of one placement. Built from its key alone, so that one placement serves
    every state (of any game) whose units stand so; nothing in it refers to a state.

    Made for nearly every step of every game, and kept: it holds tuples and dicts of strings,
    which the garbage collector stops tracking, rather than lists (a few thousand placements
    of lists made each full collection of the process slower, and more frequent). The cover
    of every hex by zones is worked out only for a search (``cover``, ``marked``); one hex's
    zones are read off the living units' zones (``zones_over_text``)."""

    __slots__ = (
        "key", "cast", "option", "living", "occupant", "steps", "walks", "_by_id", "_cover", "_marked", "_over", "_engaged",
    )

    def __init__(self, key: tuple[Cast, tuple[Entry, ...]]) -> None:
        cast, entries = key
        self.key = key
        self.cast = cast
        self.option = cast.zone_option
        # one pass over the units makes both (a placement is made for nearly every step)
        living: list[tuple[str, str, str, str]] = []
        occupant: dict[str, str] = {}
        for (uid, owner), (at, facing, alive) in zip(cast.members, entries, strict=True):
            if alive and at is not None:
                living.append((uid, owner, at, facing))
                occupant[at] = uid
        #: the living units on the mat, in the units' order: (id, owner, location, facing)
        self.living = tuple(living)
        #: hex text -> the id of the living unit there (the last in the units' order, as a
        #: dict built over them keeps it)
        self.occupant = occupant
        self._by_id: tuple[tuple[str, str, str, str], ...] | None = None
        self._cover: dict[str, tuple[tuple[str, str], ...]] | None = None
        self._marked: frozenset[str] | None = None
        self._over: dict[tuple[str, str], tuple[str, ...]] = {}
        self._engaged: dict[tuple[str, str], tuple[str, ...] | None] = {}
        #: (mode, unit, from, to) -> the one step between them as the movement model judges it
        #: on this placement, None when none leads there (``GloomMovement.step_option``): all
        #: it reads is this key's (the cast's mat, traits, types and options, and who stands
        #: where facing which way)
        self.steps: dict[tuple[str, str, str, str], Any] = {}
        #: (mode, unit, start, path, allowance) -> the steps a declared path takes on this
        #: placement, the stop and the verdicts, or None for a refused one
        #: (``engine.followed_path``): what it reads besides is ``steps`` and the mode's judge
        self.walks: dict[tuple[Any, ...], Any] = {}

    # _by_id_order: the ids an answer finds reading ``living`` (the units' order), sorted, are
    # the ids reading ``by_id`` finds, in its order: ``by_id`` is sorted by id first, and ids
    # that tie are equal strings, so how their entries fall can't show. Most answers hold no id
    # or one: nothing is sorted, and ``by_id`` is made only for a search's cover.

    @property
    def by_id(self) -> tuple[tuple[str, str, str, str], ...]:
        """``living`` in unit id order (the order zones are listed in)."""
        if self._by_id is None:
            self._by_id = tuple(sorted(self.living))
        return self._by_id

    @property
    def cover(self) -> dict[str, tuple[tuple[str, str], ...]]:
        """Hex text -> the (unit, owner) pairs whose zone covers it, in unit id order (worked
        out when first asked: a search asks, most placements are only asked of a hex or two)."""
        if self._cover is None:
            cover: dict[str, tuple[tuple[str, str], ...]] = {}
            option = self.option
            for uid, owner, at, facing in self.by_id:
                pair = ((uid, owner),)
                for text in zone_hex_texts(at, facing, option):
                    cover[text] = cover.get(text, ()) + pair
            self._cover = cover
        return self._cover

    @property
    def marked(self) -> frozenset[str]:
        """The hexes a step into may be more than terrain (``MatView.marked``): held, or in a zone."""
        if self._marked is None:
            self._marked = frozenset(self.occupant) | frozenset(self.cover)
        return self._marked

    def zones_over(self, h: Hex, owner: str) -> tuple[str, ...]:
        """The units not of ``owner`` whose zone covers ``h``, in unit id order."""
        return self.zones_over_text(h.text, owner)

    def zones_over_text(self, text: str, owner: str) -> tuple[str, ...]:
        """``zones_over`` of a hex given as text: each enemy's zone read (kept per hex and side)."""
        key = (text, owner)
        found = self._over.get(key)
        if found is None:
            cover = self._cover
            if cover is not None:  # a search has read every zone already
                found = tuple([uid for uid, side in cover.get(text, ()) if side != owner])
            else:
                # a zone is hexes next to its unit: only a unit next to the hex has its zone read
                around, option = neighbour_texts(text), self.option
                hits = [
                    uid for uid, side, at, facing in self.living
                    if side != owner and at in around and text in zone_hex_texts(at, facing, option)
                ]
                if len(hits) > 1:
                    hits.sort()  # ``by_id``'s order, without ``by_id`` made (``_by_id_order``)
                found = tuple(hits)
            self._over[key] = found
        return found

    def engaged(self, unit_id: str, engaged_rule: str) -> tuple[str, ...] | None:
        """Who Engages a living unit where it stands (``MatView.engaged_by``, option
        engaged_rule): the enemies whose zone covers its hex, or the enemies next to it
        (adjacency goes both ways); None for a unit not on the mat."""
        key = (unit_id, engaged_rule)
        kept = self._engaged
        found = kept.get(key, _UNKNOWN)
        if found is _UNKNOWN:  # a look-up, not a KeyError caught: nearly half the asks are first asks
            found = kept[key] = self._engaged_now(unit_id, engaged_rule)
        return found  # the kept answer (the sentinel is replaced above)

    def engaged_at(self, owner: str, at: str, engaged_rule: str) -> tuple[str, ...]:
        """Who would Engage a unit of ``owner`` standing at ``at`` (``engaged``'s answer for a
        unit placed there), the other units placed as here: a unit's own place and zone never
        count towards its own engagement (only enemies'), so a placement that differs only in
        where that unit stands gives the same answer (``view.engaged_after_own_move``)."""
        if engaged_rule == "mutual_adjacent":
            around = neighbour_texts(at)
            hits = [uid for uid, side, where, _ in self.living if side != owner and where in around]
            if len(hits) > 1:
                hits.sort()  # ``by_id``'s order (``_by_id_order``)
            return tuple(hits)
        return self.zones_over_text(at, owner)

    def _engaged_now(self, unit_id: str, engaged_rule: str) -> tuple[str, ...] | None:
        i = self.cast.position.get(unit_id)  # the unit's entry, found without reading the others
        if i is None:
            return None
        at, _, alive = self.key[1][i]
        if not alive or at is None:
            return None
        return self.engaged_at(self.cast.members[i][1], at, engaged_rule)


#: placements a cast keeps (``placement``) before it lets them all go: a game and its
#: verification meet about sixty, and the ones of the game before are seldom met again
PLACEMENTS_KEPT = 1024


def placement(key: tuple[Cast, tuple[Entry, ...]]) -> Placement:
    """The placement of ``key``, worked out once per process while its cast keeps it (a game's
    placements recur from event to event and in its verification). Kept by the cast, by the
    key's entries: a look-up hashes the units' places alone, not the cast (whose hash is a
    Python call) with them, and a cast's placements go when it goes (``cast_of``). A cast
    that has kept ``PLACEMENTS_KEPT`` drops them all and starts again."""
    cast, entries = key
    kept = cast.placements
    found = kept.get(entries)
    if found is None:
        if len(kept) >= PLACEMENTS_KEPT:
            kept.clear()
        found = kept[entries] = Placement(key)
    return found
