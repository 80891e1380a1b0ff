"""Per-state indexes of the realm kept current by what events change, instead of rebuilt for
each state (issue 20): who stands at each location and on each square, the effects in force,
the units each effect covers where they stand, and each unit's keywords where it stands.

The index lives with the state (``SorceryState._live``), outlives the events (an event drops
only the answers of ``GameState.index``) and is brought up to date the first time a state is
read after events, from what they changed (``LiveIndex.current``):

- a step (the units whose location changed): each moves in the occupancy; it is judged again
  against every effect's scope, and every effect that names it (near it, adjacent to it, its
  bearer's...) is judged again for every unit;
- an effect starting or ending: its coverage is worked out or dropped, and so is that of an
  effect switched on or off by it (a passive ability silenced);
- the keyword layer is worked out again for the units whose coverage changed, the units that
  moved and what they carry.

Anything else (a unit's characteristics, a site, an artifact, a flood, an effect that reads
where every unit is) has the index built again whole: those events are rare. A copy of a state
(a rollback point) starts with no index and builds its own. A test compares the index after
every event of every example and of random self-play with one built from scratch by other code
(tests/sorcery/test_live_index.py).
"""

from __future__ import annotations

from typing import Any, TypeVar

from domain.rulesets.sorcery.effects import Scope
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.rules.facts import spec_in_force
from domain.rulesets.sorcery.rules.shared import RealmFacts, per_state, realm_facts, spec_reads
from domain.rulesets.sorcery.state import SorceryState
from domain.rulesets.sorcery.view import RealmView
from domain.state import GameState


class LiveIndex:
    """The indexes of one realm as its last state read them (see the module docstring)."""

    def __init__(self) -> None:
        self.facts: RealmFacts | None = None
        #: unit -> where it is (None: not in the realm), as last read
        self.places: dict[str, str | None] = {}
        #: location -> the units there, in the state's order of units
        self.occupancy: dict[str, list[str]] = {}
        #: square -> the units on it, at any level
        self.squares: dict[int, list[str]] = {}
        #: the effects in force (``EffectsInForce.specs``), by id, in order
        self.in_force: tuple[str, ...] = ()
        #: effect -> the units its scope covers where they stand
        self.covers: dict[str, frozenset[str]] = {}
        #: unit -> its keywords in force where it stands
        self.keywords: dict[str, frozenset[str]] = {}
        #: the effects recorded whose spec is a scope (the others change what scopes read)
        self.scoped: set[str] = set()
        #: how the index was last brought up to date: "built", "kept" (nothing it holds changed)
        #: or "updated" (steps, effects starting or ending)
        self.last = "built"

    def __deepcopy__(self, memo: dict[int, Any]) -> LiveIndex:
        return LiveIndex()  # a copy of the state builds its own when first read

    def current(self, state: GameState) -> LiveIndex:
        """Brought up to date with ``state`` (see the module docstring)."""
        assert isinstance(state, SorceryState)
        view = RealmView.of(state)
        facts = realm_facts(state)
        before = self.facts
        places = {u.id: (u.location if u.alive else None) for u in state.units.values()}
        moved = {u for u, at in places.items() if self.places.get(u) != at}
        if before is facts and not moved:
            self.last = "kept"  # nothing it holds is read from anything that changed
            return self
        if before is None or facts.broad or before.broad or not _same_but_effects(before, facts):
            self._build(state, view, facts)
            return self
        old_effects = {e[0]: e for e in before.fingerprint[3]}
        new_effects = {e[0]: e for e in facts.fingerprint[3]}
        changed_effects = {e for e in old_effects.keys() | new_effects.keys() if old_effects.get(e) != new_effects.get(e)}
        scoped = {e for e, effect in state.effects.items() if isinstance(effect.spec, Scope)}
        if any(e not in scoped and e not in self.scoped for e in changed_effects):
            self._build(state, view, facts)  # an effect that is no scope changes what a scope reads (a flood, the edges)
            return self
        self.scoped = scoped
        self.facts = facts
        if not moved and not changed_effects:
            self.last = "kept"
            return self
        self.last = "updated"
        in_force = tuple(effect_id for effect_id, _ in view.specs)
        switched = set(in_force) ^ set(self.in_force)
        self.in_force = in_force
        touched: set[str] = set(moved)
        for effect_id in list(self.covers):
            if effect_id not in in_force:
                touched |= self.covers.pop(effect_id)  # it no longer covers them
        again = changed_effects | switched
        for effect_id in in_force:
            if set(_named(state, effect_id)) & moved:
                again.add(effect_id)
        for effect_id in in_force:
            spec = spec_in_force(state.effects[effect_id])
            if not isinstance(spec, Scope):
                continue
            old = self.covers.get(effect_id, frozenset())
            if effect_id in again:
                new = _covered(view, spec, places)
            else:
                new = (old - moved) | {u for u in moved if _covers(view, spec, u, places[u])}
            if new != old:
                touched |= new ^ old
            self.covers[effect_id] = new
        for unit_id in moved:
            self._move(state, unit_id, self.places.get(unit_id), places[unit_id])
        self.places = places
        touched |= {u.id for u in state.units.values() if u.carried_by in touched}
        for unit_id in touched:
            self._keywords_of(view, unit_id, places.get(unit_id))
        return self

    def _build(self, state: SorceryState, view: Any, facts: RealmFacts) -> None:
        self.facts = facts
        self.last = "built"
        self.places = {u.id: (u.location if u.alive else None) for u in state.units.values()}
        self.occupancy, self.squares = {}, {}
        for unit_id, at in self.places.items():
            self._move(state, unit_id, None, at)
        self.in_force = tuple(effect_id for effect_id, _ in view.specs)
        self.scoped = {e for e, effect in state.effects.items() if isinstance(effect.spec, Scope)}
        self.covers = {
            effect_id: _covered(view, spec, self.places)
            for effect_id in self.in_force if isinstance(spec := spec_in_force(state.effects[effect_id]), Scope)
        }
        self.keywords = {}
        for unit_id, at in self.places.items():
            self._keywords_of(view, unit_id, at)

    def _move(self, state: GameState, unit_id: str, frm: str | None, to: str | None) -> None:
        if frm is not None:
            _leave(self.occupancy, frm, unit_id)
            _leave(self.squares, parse_loc(frm).square, unit_id)
        if to is not None:
            order = list(state.units)
            _enter(self.occupancy, to, unit_id, order)
            _enter(self.squares, parse_loc(to).square, unit_id, order)

    def _keywords_of(self, view: Any, unit_id: str, at: str | None) -> None:
        if at is None:
            self.keywords.pop(unit_id, None)
        else:
            self.keywords[unit_id] = view.keywords(unit_id)

    def units_at(self, location: str) -> list[str]:
        return self.occupancy.get(location, [])


def live(state: GameState) -> LiveIndex:
    """The state's live index, up to date (worked out once per state: an event drops only the
    mark that it is up to date, never the index)."""
    private = state.__pydantic_private__
    assert private is not None
    found = private.get("_live")
    if found is None:
        found = private["_live"] = LiveIndex()
    return per_state(state, "sorcery.live", lambda: found.current(state))


K = TypeVar("K", str, int)


def _leave(index: dict[K, list[str]], key: K, unit_id: str) -> None:
    here = index[key]
    here.remove(unit_id)
    if not here:
        del index[key]


def _enter(index: dict[K, list[str]], key: K, unit_id: str, order: list[str]) -> None:
    here = index.setdefault(key, [])
    here.append(unit_id)
    here.sort(key=order.index)  # the state's order of units, as ``GameState.units_at`` lists them


def _same_but_effects(before: RealmFacts, after: RealmFacts) -> bool:
    """Whether two realms differ at most by the effects recorded (none of the rest: players,
    units' characteristics, sites and artifacts, deaths and moves when read)."""
    a, b = before.fingerprint, after.fingerprint
    return a[:3] == b[:3] and a[4:] == b[4:]


def _named(state: SorceryState, effect_id: str) -> tuple[str, ...]:
    effect = state.effects[effect_id]
    found = (effect.source, *spec_reads(effect.spec).strings)
    features = state.features
    bearers = tuple(f.bearer for name in found if (f := features.get(name)) is not None and f.bearer)
    return (*found, *bearers)


def _covered(view: Any, spec: Scope, places: dict[str, str | None]) -> frozenset[str]:
    return frozenset(u for u, at in places.items() if _covers(view, spec, u, at))


def _covers(view: Any, spec: Scope, unit_id: str, at: str | None) -> bool:
    return at is not None and bool(view.in_scope(spec, view.unit(unit_id), parse_loc(at)))
