"""What a GODSGLOOM mat's facts mean: terrain, occupants, facings, zones and who Engages whom.

Reads only what events put in the state, so the engine and the lookahead agree.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import attrgetter
from typing import Any, NamedTuple, TypeVar

from domain.cached import cached_property
from domain.rules import RuleRef
from domain.rulesets.godsgloom.hexgrid import FACINGS, Hex, front_arc, parse_hex, rectangle, zone_hexes
from domain.rulesets.godsgloom.mat_steps import HexSteps, shared_steps
from domain.rulesets.godsgloom.placement import (
    UNIT_PLACE,
    Cast,
    Entry,
    Placement,
    cast_facts,
    cast_of,
    placement,
    placement_key,
)
from domain.rulesets.godsgloom.state import GloomState, GloomUnit, PlacesWritten
from domain.state import GameState

RULESET = "godsgloom"
K = TypeVar("K")


def rule(source: str, message: str, timing: str | None = None) -> RuleRef:
    return RuleRef(ruleset=RULESET, source=source, message=message, timing=timing)


class MatView:
    def __init__(self, state: GameState) -> None:
        assert isinstance(state, GloomState)
        self.state: GloomState = state
        self.options = state.options

    @staticmethod
    def of(state: GameState) -> MatView:
        """The view of ``state`` as it is now, one for every reader of the state (``GameState.index``):
        what a view works out once (the living units, traits, zones, the indexes it reads) is
        worked out once per state, not once per rule that asks. A view copied with its state (a
        deep copy of a game) is not the copy's own and is not used.

        A small mat's view is also kept across events, with the state's characteristics (the
        cast it reads: dropped by any event that changes what a unit is, the mat or the
        options), and found again while every unit stands, faces and lives as its placement
        says: everything it keeps reads only those (its placement's answers, the living units
        and their zones), and what else it answers (Speed, tokens, activation marks) it reads
        off the state when asked. Most events move no unit (an activation, a path declared, a
        move's end, a push's record), and each used to make a view and find its placement
        again. While no unit anywhere was moved, turned or killed since (``PlacesWritten``),
        the units are not read at all; once they are, what was read is the new view's placement
        key, not read again. tests/godsgloom/test_kept_views.py compares it with a fresh view
        after every event."""
        private = state.__pydantic_private__
        indexes = private["_indexes"]  # type: ignore[index]  # set by PrivateAttr (``GameState.index``, read directly)
        found: MatView | None = indexes.get("godsgloom.view")
        if found is not None and found.state is state:
            return found
        kept_views = private["_characteristics"]  # type: ignore[index]  # set by PrivateAttr (``GameState.characteristics_index``)
        kept: MatView | None = kept_views.get("godsgloom.view")
        written = PlacesWritten.count
        entries: tuple[Entry, ...] | None = None
        if kept is not None and kept.state is state:
            if kept.written != written:
                entries = kept.entries_now(state)
            if entries is None or kept.placing.key[1] == entries:
                kept.written = written
                indexes["godsgloom.view"] = kept
                return kept
        if entries is not None and len(state.units) <= SMALL_MAT_UNITS:
            # the kept view's successor: small as it was (few units, however many live), of the
            # same cast (both read off the characteristics kept), placed as the units just read
            # say (``placement_key``), worked out here rather than by the properties
            cast = kept.cast  # type: ignore[union-attr]  # entries are read only for a kept view
            found = MatView.__new__(MatView)
            found.__dict__.update(
                state=state, options=state.options, small=True, cast=cast, placing=placement((cast, entries)),
                written=written,
            )
            indexes["godsgloom.view"] = kept_views["godsgloom.view"] = found
            return found
        found = indexes["godsgloom.view"] = MatView(state)
        if found.small:
            if entries is None:
                found.placing  # noqa: B018  # read now: the placement of this state is the view's key
            else:  # the units' places just read are this state's placement key (``placement_key``)
                found.__dict__["placing"] = placement((found.cast, entries))
            found.written = written
            kept_views["godsgloom.view"] = found
        return found

    #: the mark (``PlacesWritten.count``) at which this view was last found to be its state's (kept views only)
    written = -1

    def entries_now(self, state: GloomState) -> tuple[Entry, ...]:
        """The placement key's entries of ``state``'s units as they stand now (``placement_key``),
        for a kept view of it whose mark is no longer the latest: when every place written
        since was one unit's (``PlacesWritten.run``, a move's steps and pivot), this view's
        entries with that unit's read anew, else every unit's read. Most events that move a
        unit are one unit's, and the end of its move asks who Engages it on the new placement.
        tests/godsgloom/test_kept_views.py compares the kept views with fresh ones after every event."""
        unit, since = PlacesWritten.run
        if since <= self.written + 1 and isinstance(unit, GloomUnit):
            at = self.cast.position.get(unit.id)
            if at is not None and state.units.get(unit.id) is unit:
                old = self.placing.key[1]
                return (*old[:at], UNIT_PLACE(unit), *old[at + 1:])
        return tuple(map(UNIT_PLACE, state.units.values()))

    def __copy__(self) -> None:
        """A copy of a state holds no view of it (the copy makes its own when asked): a view
        read off one state must not answer for another. A pickled state holds no index at all
        (``GameState.__getstate__``)."""
        return None

    def __deepcopy__(self, memo: dict[int, object]) -> None:
        return None

    @cached_property
    def hexes(self) -> set[Hex]:
        return rectangle(self.state.width, self.state.height)

    def on_mat(self, h: Hex) -> bool:
        return self.state.on_mat(h)

    @cached_property
    def terrain(self) -> dict[Hex, set[str]]:
        def build() -> dict[Hex, set[str]]:
            found: dict[Hex, set[str]] = {}
            for terrain in self.state.terrain.values():
                found.setdefault(parse_hex(terrain.at), set()).update(terrain.keywords)
            return found

        return self.state.board_index("godsgloom.terrain", build)

    def keywords(self, h: Hex) -> set[str]:
        return self.terrain.get(h, set())

    @cached_property
    def impassable(self) -> frozenset[Hex]:
        return self.state.board_index(
            "godsgloom.impassable", lambda: frozenset(h for h, words in self.terrain.items() if "Impassable" in words)
        )

    @cached_property
    def difficult(self) -> frozenset[Hex]:
        return self.state.board_index(
            "godsgloom.difficult", lambda: frozenset(h for h, words in self.terrain.items() if "Difficult" in words)
        )

    @cached_property
    def steps(self) -> HexSteps:
        """The steps out of each hex with no unit on the mat, shared by every state of this mat."""
        return self.state.board_index(
            "godsgloom.steps", lambda: shared_steps(self.state.width, self.state.height, self.impassable, self.difficult)
        )

    @cached_property
    def occupant_at(self) -> dict[str, GloomUnit]:
        """Hex text -> the living unit there (locations are kept as canonical hex text)."""
        if self.small:
            units = self.state.units
            return {at: units[uid] for at, uid in self.placing.occupant.items()}
        return self.state.lasting_index(
            "godsgloom.occupant_at", self.places, lambda: {u.location: u for u in self.living if u.location is not None},
            lambda old_key, old: self._moved_occupants(old_key, old, str),
        )

    @cached_property
    def cover_at(self) -> dict[str, list[tuple[str, str]]]:
        """``zone_cover`` by hex text (a small mat's, its placement's ``cover`` as lists: the
        movement model reads the placement's own)."""
        if self.small:
            return {text: list(pairs) for text, pairs in self.placing.cover.items()}

        def update(old_key: tuple[object, ...], old: dict[str, list[tuple[str, str]]]) -> dict[str, list[tuple[str, str]]] | None:
            moved = moves_since(self.state, old_key, self.places)
            if moved is None:
                return None
            found = dict(old)
            cover = self.zone_cover
            for h in touched_hexes(moved, self.options.engagement_zone):
                if h in cover:
                    found[h.text] = cover[h]
                else:
                    found.pop(h.text, None)
            return found

        return self.state.lasting_index(
            "godsgloom.cover_at", self.places, lambda: {h.text: found for h, found in self.zone_cover.items()}, update
        )

    @cached_property
    def marked(self) -> frozenset[str]:
        """The hexes a step into may be more than terrain: occupied, or in some unit's Engagement
        Zone. A step into any other hex is the mat's plain step (``HexSteps``)."""
        if self.small:
            return self.placing.marked
        return self.state.lasting_index(
            "godsgloom.marked", self.places, lambda: frozenset(self.occupant_at) | frozenset(self.cover_at)
        )

    @cached_property
    def occupants(self) -> dict[Hex, GloomUnit]:
        return self.state.lasting_index(
            "godsgloom.occupants", self.places, lambda: {parse_hex(u.location): u for u in self.living if u.location is not None},
            lambda old_key, old: self._moved_occupants(old_key, old, parse_hex),
        )

    def _moved_occupants(self, old_key: tuple[object, ...], old: dict[K, GloomUnit], where: Callable[[str], K]) -> dict[K, GloomUnit] | None:
        """An occupancy index with the units that moved (or died) since ``old_key`` moved in it;
        None (rebuild) when units came or went, or two share a hex before or after (a unit
        passing through a friend's hex): the index then holds one of them, as built."""
        moved = moves_since(self.state, old_key, self.places)
        if moved is None or _shared_hex(old_key) or _shared_hex(self.places):
            return None
        found = dict(old)
        for before, _ in moved:
            if before.alive and before.location is not None:
                place = where(before.location)
                if place in found and found[place].id == before.id:
                    del found[place]
        for _, after in moved:
            if after.alive and after.location is not None:
                found[where(after.location)] = self.state.units[after.id]
        return found

    @cached_property
    def places(self) -> tuple[object, ...]:
        """What the occupancy and zone indexes read: each unit (the object itself, as they hold
        it), where it stands, which way it faces, its side and whether it lives; and how zones
        are drawn. Equal from one state to the next, the indexes are kept (``lasting_index``):
        an event that moves one unit has them rebuilt, the others (activations, tokens, rolls)
        do not.

        Held as one column per field (``PLACE_COLUMNS``), each read off the units in C: a new
        state reads 200 units in a few microseconds, and two keys compare column by column,
        where an unmoved unit's location is the same string object (compared by identity)."""
        def build() -> tuple[object, ...]:
            units = list(self.state.units.values())
            found = (self.options.engagement_zone, tuple(map(id, units)), *(tuple(map(get, units)) for get in _PLACE_READERS))
            return self._canonical("godsgloom.places", found)

        return self.state.index("godsgloom.places", build)  # read once per state

    def _canonical(self, name: str, key: tuple[object, ...]) -> tuple[object, ...]:
        """The key object of an earlier state when this one's is equal to it: every index kept
        with it then compares by identity, and the moves since an older key are worked out
        once for all the indexes that kept it (``moves_since``)."""
        return self.state.lasting_index(f"{name}.canonical", key, lambda: key)

    @cached_property
    def movers(self) -> tuple[object, ...]:
        """What a unit's steps read besides the mat: ``places``, each unit's type and traits
        (who may pass whom, who stops in a zone) and the options object. The steps kept with
        it (``GloomMovement.steps_from``) last while it is equal."""
        def build() -> tuple[object, ...]:
            units = list(self.state.units.values())
            kinds = tuple(map(_KIND, units))
            traits = tuple(map(tuple, map(_TRAITS, units)))
            return self._canonical("godsgloom.movers", (self.places, kinds, traits, id(self.options)))

        return self.state.index("godsgloom.movers", build)  # read once per state

    @cached_property
    def small(self) -> bool:
        """Few enough living units (``SMALL_MAT_UNITS``) that this state's occupancy, zones
        and steps are read off the units, not brought up to date from an earlier state's: on
        a mat of a few units nearly every step changes what a search reads (its kept steps and
        searches are rarely reused), and keeping them costs more than reading six units."""
        if len(self.state.units) <= SMALL_MAT_UNITS:
            return True  # however many of them live
        return len(self.living) <= SMALL_MAT_UNITS

    @cached_property
    def placing(self) -> Placement:
        """Where the units stand, shared by every state (of any game) whose units are placed
        the same (``placement``): its occupants, zones and the answers asked of them so far.
        Read only for a small mat: its key is each unit's place, read off them all."""
        return placement(placement_key(self.cast, self.state.units.values()))

    @cached_property
    def cast(self) -> Cast:
        """What the options, the mat and each unit are (``Cast``): read off the state once and
        kept across the events that change none of it (``GameState.characteristics_index``:
        steps, activations, pivots, the round's steps). Every state a small mat's rules ask
        reads it (its placement is keyed by it), so the kept index is read directly, as
        ``characteristics_index`` reads it, without a closure made for each view."""
        kept = self.state.__pydantic_private__["_characteristics"]  # type: ignore[index]  # set by PrivateAttr (``GameState.characteristics_index``)
        found: Cast | None = kept.get("godsgloom.cast")
        if found is None:
            state = self.state
            found = kept["godsgloom.cast"] = cast_of(
                cast_facts(self.options, state.width, state.height, self.impassable, self.difficult, state.units.values())
            )
        return found

    @cached_property
    def living(self) -> list[GloomUnit]:
        return [u for u in self.state.units.values() if u.alive and u.location is not None]

    @cached_property
    def held(self) -> frozenset[str]:
        """The hexes living units stand on, read off the units once per state: what a question
        asked of few hexes of a state needs (``GloomMovement.push_ends``), without bringing
        the occupancy index (``occupant_at``) up to date."""
        if self.small:
            return frozenset(self.placing.occupant)
        return frozenset([u.location for u in self.living if u.location is not None])

    def unit(self, unit_id: str) -> GloomUnit:
        return self.state.units[unit_id]

    def at(self, unit_id: str) -> Hex:
        return parse_hex(self.unit(unit_id).location or "")

    def traits(self, unit_id: str) -> frozenset[str]:
        """The unit's traits as the rules read them: Harass is read as Nimble under option
        harass ``alias_of_nimble`` (``Cast.traits``)."""
        return self.cast.traits[unit_id]

    def has(self, unit_id: str, trait_name: str) -> bool:
        return trait_name in self.cast.traits[unit_id]

    def unit_type(self, unit_id: str) -> str:
        return self.unit(unit_id).kind

    def speed(self, unit_id: str) -> int:
        """Speed after tokens: each Slow token changes it by option slow_speed_modifier (-1)."""
        unit = self.state.units[unit_id]  # ``unit``, without its call: every Move Action's allowance asks
        return max(0, unit.speed + unit.tokens.slow * self.options.slow_speed_modifier)

    def facing(self, unit_id: str) -> int:
        return FACINGS.index(self.unit(unit_id).facing)

    def zone(self, unit_id: str) -> set[Hex]:
        """The unit's Engagement Zone (option engagement_zone)."""
        if unit_id not in self._zones:
            self._zones[unit_id] = self._zone(unit_id)
        return self._zones[unit_id]

    @cached_property
    def _zones(self) -> dict[str, set[Hex]]:
        return {}

    def _zone(self, unit_id: str) -> set[Hex]:
        here = self.at(unit_id)
        if self.options.engagement_zone == "all_adjacent":
            edges: tuple[int, ...] = tuple(range(6))
        else:
            edges = front_arc(self.facing(unit_id))
        return {here.neighbour(d) for d in edges}

    def enemies(self, unit_id: str) -> list[GloomUnit]:
        owner = self.unit(unit_id).owner
        return [u for u in self.living if u.owner != owner]

    @cached_property
    def zone_cover(self) -> dict[Hex, list[tuple[str, str]]]:
        """Hex -> the (unit, owner) pairs whose Engagement Zone covers it: built once per view, so
        that a step into a hex asks a dict, not every unit on the mat."""
        def build() -> dict[Hex, list[tuple[str, str]]]:
            cover: dict[Hex, list[tuple[str, str]]] = {}
            for unit in sorted(self.living, key=lambda u: u.id):
                for h in self.zone(unit.id):
                    cover.setdefault(h, []).append((unit.id, unit.owner))
            return cover

        def update(old_key: tuple[object, ...], old: dict[Hex, list[tuple[str, str]]]) -> dict[Hex, list[tuple[str, str]]] | None:
            moved = moves_since(self.state, old_key, self.places)
            if moved is None:
                return None
            found = dict(old)
            option = self.options.engagement_zone
            for before, after in moved:
                for h in zone_of(before, option):
                    kept = [pair for pair in found.get(h, ()) if pair[0] != before.id]
                    if kept:
                        found[h] = kept
                    else:
                        found.pop(h, None)
                for h in zone_of(after, option):
                    found[h] = sorted([*found.get(h, ()), (after.id, after.owner)], key=lambda pair: pair[0])
            return found

        if self.small:
            return build()
        return self.state.lasting_index("godsgloom.zone_cover", self.places, build, update)

    def in_enemy_zone(self, text: str, unit_id: str) -> bool:
        """Whether an enemy's zone covers the hex (``zones_over`` not empty), the hex as text."""
        if self.small:
            return bool(self.placing.zones_over_text(text, self.unit(unit_id).owner))
        return bool(self.zones_over(parse_hex(text), unit_id))

    def zones_over(self, h: Hex, unit_id: str) -> list[str]:
        """The enemies of ``unit_id`` whose Engagement Zone covers hex ``h``."""
        owner = self.unit(unit_id).owner
        if self.small:
            return list(self.placing.zones_over(h, owner))
        if "zone_cover" not in self.__dict__ and self._direct_asks < _FEW_ASKS and len(self.living) <= _FEW_UNITS:
            # a few hexes asked of a state whose cover was not brought up to date (the end of
            # a move asks who Engages the mover; a declared step whether it enters a zone):
            # each enemy's zone read off the cache of zones is cheaper than updating the whole
            # mat's cover for them. A view asked of many hexes (a search, the legal moves' ends)
            # builds the cover. Same list: the cover holds every living unit's zone, in unit
            # id order.
            self._direct_asks += 1
            option = self.options.engagement_zone
            return sorted(
                u.id for u in self.living
                if u.owner != owner and h in zone_hexes(u.location or "", u.facing, option)
            )
        return [e for e, side in self.zone_cover.get(h, ()) if side != owner]

    #: hexes ``zones_over`` has read unit by unit in this view (the instance's own count)
    _direct_asks = 0

    def engaged_by(self, unit_id: str, at: Hex | None = None) -> list[str]:
        """Who Engages the unit (option engaged_rule): standing in an enemy's zone, or adjacent.
        Where it stands, asked once per view: a Move Action asks it when choosing the mode, when
        checking Lockdown and again for each trait the legal moves list (a copy each time, as
        callers may keep or change the list). A small mat's placement keeps the answer for every
        state whose units stand so (``Placement.engaged``): the God's Push step asks it of every
        unit, and the end of each move of the one that moved."""
        if at is None and self.small:
            kept = self.placing.engaged(unit_id, self.options.engaged_rule)
            if kept is not None:
                return list(kept)
        if at is None:
            found = self._engaged.get(unit_id)
            if found is None:
                found = self._engaged[unit_id] = self._engaged_at(unit_id, self.at(unit_id))
            return list(found)
        return self._engaged_at(unit_id, at)

    def engaged(self, unit_id: str) -> bool:
        """Whether anyone Engages the unit where it stands (``engaged_by`` not empty), without
        the copy of the list ``engaged_by`` hands out: choosing a Move Action's mode and the
        God's Push eligibility of every unit ask only this."""
        if self.small:
            kept = self.placing.engaged(unit_id, self.options.engaged_rule)
            if kept is not None:
                return bool(kept)
        return bool(self.engaged_by(unit_id))

    @cached_property
    def _engaged(self) -> dict[str, list[str]]:
        return {}

    def _engaged_at(self, unit_id: str, here: Hex) -> list[str]:
        if self.options.engaged_rule == "mutual_adjacent":
            return sorted(e.id for e in self.enemies(unit_id) if here in set(parse_hex(e.location or "").neighbours()))
        return self.zones_over(here, unit_id)

    def entry_cost(self, unit_id: str, h: Hex) -> int:
        """MP to enter ``h``: 1, or option difficult_cost for Difficult unless Ignore Difficult."""
        if h in self.difficult and not self.has(unit_id, "Ignore Difficult"):
            return self.options.difficult_cost
        return 1


class Place(NamedTuple):
    """One unit as the occupancy and zone indexes read it (``MatView.places`` holds these
    fields as columns, quicker to make; ``moves_between`` names the units that changed)."""

    id: str
    object_id: int
    location: str | None
    facing: str
    owner: str
    alive: bool


#: a ``places`` key is the zone option (column 0), the units' object ids (1), then these fields
#: read off each unit: id, location, facing, owner, alive (columns 2 to 6)
_PLACE_READERS = tuple(attrgetter(name) for name in ("id", "location", "facing", "owner", "alive"))
#: the columns of a ``places`` key in ``Place``'s field order
PLACE_COLUMNS = (2, 1, 3, 4, 5, 6)
LOCATION, ALIVE = 3, 6
_KIND, _TRAITS, _ID = attrgetter("kind"), attrgetter("traits"), attrgetter("id")
#: up to this many living units, a state's indexes are its own, not kept across events (``MatView.small``)
SMALL_MAT_UNITS = 16


def engaged_after_own_move(state: GameState, unit_id: str) -> tuple[str, ...] | None:
    """Who Engages ``unit_id`` where it stands, read off the small mat's view kept from before
    its move, when every place written since that view was last found was this unit's own (its
    steps: ``PlacesWritten.run``, as ``MatView.entries_now`` reads it); None when that can't be
    told so (no such view, another unit moved, the state has a view of its own already, the
    unit is off the mat): then ask ``MatView.of``.

    The end of every move asks who Engages the unit that moved (``engine.note_engagement``),
    and the view of the state its steps left was made for that one question: most Move
    Actions end with a pivot, whose state is the one read next. A unit's own place and zone
    never count towards its own engagement (``Placement.engaged_at``), so the placement before
    the move answers it. tests/godsgloom/test_engaged_after_move.py compares it with a fresh
    view at the end of every move."""
    private = state.__pydantic_private__
    own: MatView | None = private["_indexes"].get("godsgloom.view")  # type: ignore[index]  # set by PrivateAttr
    if own is not None and own.state is state:
        return None
    kept: MatView | None = private["_characteristics"].get("godsgloom.view")  # type: ignore[index]  # as ``MatView.of``
    if kept is None or kept.state is not state or len(state.units) > SMALL_MAT_UNITS:
        return None
    unit = state.units.get(unit_id)
    mover, since = PlacesWritten.run
    if unit is None or mover is not unit or since > kept.written + 1 or not unit.alive or unit.location is None:
        return None
    if unit_id not in kept.cast.position:
        return None
    return kept.placing.engaged_at(unit.owner, unit.location, state.options.engaged_rule)
#: up to this many units on the mat, one hex's zones are read unit by unit rather than through
#: the whole mat's cover when this state has not built it (``MatView.zones_over``)
_FEW_UNITS = 64
#: and for at most this many hexes of one state
_FEW_ASKS = 8


def moves_since(state: GameState, old_key: tuple[object, ...], new_key: tuple[object, ...]) -> list[tuple[Place, Place]] | None:
    """``moves_between``, worked out once per state for each old key (several indexes ask)."""
    known: dict[int, tuple[tuple[object, ...], list[tuple[Place, Place]] | None]] = state.index("godsgloom.moves", dict)
    found = known.get(id(old_key))
    if found is None or found[0] is not old_key:
        found = known[id(old_key)] = (old_key, moves_between(old_key, new_key))
    return found[1]


def moves_between(old_key: tuple[object, ...], new_key: tuple[object, ...]) -> list[tuple[Place, Place]] | None:
    """The units whose place, facing, side or life differ between two ``places`` keys, as
    (before, after), in the units' order; None when more changed than that (units added or
    replaced, the zone option), so that an index is built anew."""
    if old_key[0] != new_key[0] or old_key[1] != new_key[1] or old_key[2] != new_key[2]:
        return None  # the zone option, or the units themselves (their objects, their ids)
    changed: set[int] = set()
    for column in range(3, len(old_key)):
        before, after = old_key[column], new_key[column]
        assert isinstance(before, tuple) and isinstance(after, tuple)
        if before != after:
            changed.update(i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a is not b and a != b)
    return [(_place(old_key, i), _place(new_key, i)) for i in sorted(changed)]


def _place(key: tuple[Any, ...], i: int) -> Place:
    """The ``i``-th unit of a ``places`` key (its columns in ``Place``'s order: ``PLACE_COLUMNS``)."""
    return Place(key[2][i], key[1][i], key[3][i], key[4][i], key[5][i], key[6][i])


def zone_of(place: Place, option: str) -> tuple[Hex, ...]:
    """The hexes of a unit's Engagement Zone (as ``MatView.zone``), none when it is off the mat."""
    if not place.alive or place.location is None:
        return ()
    return zone_hexes(place.location, place.facing, option)


def touched_hexes(moved: list[tuple[Place, Place]], option: str) -> set[Hex]:
    """Where the moves changed who stands or whose zone covers: the hexes left and entered and
    the zones before and after."""
    found: set[Hex] = set()
    for before, after in moved:
        for place in (before, after):
            if place.alive and place.location is not None:
                found.add(parse_hex(place.location))
            found.update(zone_of(place, option))
    return found


@lru_cache(maxsize=65536)
def zone_texts(location: str, facing: str, option: str) -> frozenset[str]:
    """``zone_of`` as hex texts, for a unit on the mat (kept: units stand on few hexes)."""
    return frozenset(h.text for h in zone_of(Place("", 0, location, facing, "", True), option))


def touched_texts(moved: list[tuple[Place, Place]], option: str) -> frozenset[str]:
    """``touched_hexes`` as hex texts."""
    found: set[str] = set()
    for before, after in moved:
        for place in (before, after):
            if place.alive and place.location is not None:
                found.add(place.location)
                found.update(zone_texts(place.location, place.facing, option))
    return frozenset(found)


def _shared_hex(places: tuple[object, ...]) -> bool:
    locations, alive = places[LOCATION], places[ALIVE]
    assert isinstance(locations, tuple) and isinstance(alive, tuple)
    spots = [where for where, lives in zip(locations, alive, strict=True) if lives and where is not None]
    return len(spots) != len(set(spots))
