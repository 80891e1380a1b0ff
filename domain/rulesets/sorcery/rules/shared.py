"""What a step cannot change, shared between the states of a game (issue 20).

Every event drops the view of the realm (``RealmView.of``: an index of the state), and with it
every answer worked out for the state before. Most of those answers are about things a step
does not touch: where a unit's steps lead from each location of the realm and which rule
refuses each one depend on the sites, the effects recorded, the units' characteristics and
where a few named things are, not on where every unit stands. So a unit's step table (and its
allowance at each location, and whether it may move where it stands) is kept for every later
state of this game, or of another the same thread plays (``shared``: a self-played game, the
replay that verifies its log, the next game from the same scenario), under a key made of
exactly what it is read from:

- the realm's facts (``fingerprint``): players, every unit's characteristics (not where it
  stands), every site and artifact as it is now, every effect recorded (its spec, source,
  duration and label; an oversized unit's other locations), and, only while an effect reads
  them, the turn and recent deaths (Avenging Angel) or the units being moved or in the attack
  under way (At Rest);
- where the things the effects name are (a unit, an artifact's bearer, an effect's source),
  where the unit's carrier is, and where the unit itself is when an effect names it;
- where every unit is, when an effect in force reads where any unit is (``broad``): a
  silencing or disabling condition (who is silenced switches passive abilities off), an
  adjacent ally (Bound Spirit), land sites not occupied (Moves Freely), a minion atop a site
  (Mountain Pass), the distance to an Avatar (Cerberus in Chains), or a spec this module does
  not know field by field (a card added later: read as broad until named here).

Two states with the same key answer every step question alike, so a table worked out in one
is the table of the other; a test compares, after every event of every example and of random
self-play, the shared tables with tables worked out from scratch (tests/sorcery/test_shared_tables.py).
A new spec field that reads where some unit is must be named here (``_broad``): ``KNOWN``
lists the fields of each spec as this module reads them, and a spec with any other field is
taken as broad, so that a card added later is slower, never wrong.
"""

from __future__ import annotations

import itertools
import operator
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

from domain.rulesets.sorcery.effects import Condition, LocationBan, MovesFreely, Restriction, Scope
from domain.rulesets.sorcery.state import JoinFightItem, SorceryState
from domain.state import GameState

T = TypeVar("T")

_SCOPE = (
    "above adjacent_to allies_of ally_died_for any_level at_rest bearer_of carried_by carrying enemies_of everywhere "
    "exclude here in_front_of kind max_power minions_only near near_sites region squares subtypes threshold "
    "threshold_of unit units"
)
#: the fields of each spec this module knows how they are read (see the module docstring)
KNOWN: dict[str, frozenset[str]] = {
    name: frozenset(fields.split()) for name, fields in {
        "ConnectEdges": "columns kind rows",
        "AsIfAdjacent": "for_player hub kind span_of squares to_sites_of to_voids water",
        "EntryBan": "kind min_power square",
        "ImmobileAtop": "any_level kind squares",
        "Grant": f"{_SCOPE} kept_in_void keywords movement",
        "Lose": f"{_SCOPE} keywords permanent",
        "Condition": f"{_SCOPE} condition unless_adjacent_ally_with",
        "Immune": f"{_SCOPE} conditions",
        "Uninterceptable": _SCOPE,
        "LocationBan": "airborne_at allies_of enemies_of from_void_span ground_at ground_if_occupied kind site_of square",
        "BorderBan": "airborne_or_weak border enemies_of kind on_the_ground",
        "MovesFreely": "condition kind row_of square unit",
        "AsIfConnected": "allies_here_of allies_of kind unit",
        "NoLevelChange": "kind squares",
        "Leap": "kind unit",
        "MustAttack": "enemies_of kind near target",
        "Restriction": "defend_in_place kind no_attack no_attack_sites no_defend no_intercept not_away_from_avatar own_steps unit",
        "DoubleStrikes": "kind near",
        "SiteCondition": "condition exclude kind site_of squares",
        "Maze": "enemies_of kind unit",
        "Flooded": "everywhere kind non_ordinary site_of sites squares water",
        "Unmodifiable": "kind square",
        "StaysTapped": "kind unit",
    }.items()
}
#: realms and tables kept before the shared tables start again: a game visits a few dozen realms;
#: a full step table is some tens of kilobytes, so the tables stay within about 100 MB
MOST_REALMS = 256
MOST_TABLES = 4_000
_THREAD = threading.local()
_NUMBERS = itertools.count(1)
_MISSING = object()


@dataclass(frozen=True)
class RealmFacts:
    """One realm's facts as the shared tables key them: its number (unique for the process,
    never reused), the ids the effects name, and what else the effects read."""

    number: int
    #: what the number stands for (``_realm_facts``)
    fingerprint: tuple[Any, ...]
    #: units and features the effects name (and the bearers of those features), sorted
    named: tuple[str, ...]
    #: an effect reads where every unit is
    broad: bool
    #: an effect reads whether units are at rest (where the unit is, who is being moved)
    at_rest: bool
    #: the fingerprint reads what a step or a turn changes (the turn and recent deaths, the
    #: units in motion): it is worked out for every state, never kept across events
    volatile: bool = False


class SharedTables:
    """The realms seen by one thread and the tables worked out for each."""

    def __init__(self) -> None:
        self.realms: dict[tuple[Any, ...], RealmFacts] = {}
        self.tables: dict[tuple[Hashable, ...], Any] = {}

    def realm(
        self, fingerprint: tuple[Any, ...], named: tuple[str, ...], broad: bool, at_rest: bool, volatile: bool = False,
    ) -> RealmFacts:
        found = self.realms.get(fingerprint)
        if found is None:
            if len(self.realms) >= MOST_REALMS or len(self.tables) >= MOST_TABLES:
                self.realms.clear()
                self.tables.clear()
            found = self.realms[fingerprint] = RealmFacts(next(_NUMBERS), fingerprint, named, broad, at_rest, volatile)
        return found


def shared(state: GameState) -> SharedTables:
    """The tables of this thread: shared by every game it plays (a self-played game, the replay
    that verifies its log, the next game from the same scenario), since a key names everything
    a table is read from; never by two threads (each fills tables through its own states)."""
    found: SharedTables | None = getattr(_THREAD, "tables", None)
    if found is None:
        found = _THREAD.tables = SharedTables()
    return found


def realm_facts(state: GameState) -> RealmFacts:
    """The realm's facts of ``state``: kept across the events that change no unit's or card's
    characteristics (``characteristics_index``: a step, a path declared, a tap, a turn passing),
    which are most events of a game; worked out once per state (an index: an event drops it)
    only when an effect reads what those events change (the turn and recent deaths, the units
    in motion)."""
    # both indexes read in place (``GameState.characteristics_index``, ``per_state``): every
    # key and view of the realm asks for its facts
    private = state.__pydantic_private__
    characteristics = private["_characteristics"]  # type: ignore[index]  # set by PrivateAttr
    kept: RealmFacts | None = characteristics.get(_REALM_FACTS)
    if kept is None:
        kept = characteristics[_REALM_FACTS] = _realm_facts(state)
    if not kept.volatile:
        return kept
    indexes = private["_indexes"]  # type: ignore[index]  # set by PrivateAttr
    found: RealmFacts | None = indexes.get(_REALM_FACTS)
    if found is None:
        found = indexes[_REALM_FACTS] = _realm_facts(state)
    return found


#: the name the realm's facts are kept under, with the characteristics or with the state
_REALM_FACTS = "sorcery.realm_facts"


def per_state(state: GameState, name: str, build: Callable[[], T]) -> T:
    """``GameState.index``, read without pydantic's look-up of private attributes (a question
    about a fresh state asks for several indexes, each read many times)."""
    indexes = state.__pydantic_private__["_indexes"]  # type: ignore[index]  # set by PrivateAttr
    found = indexes.get(name)
    if found is None:
        found = indexes[name] = build()
    return found  # what ``build`` made under this name


def peek(state: GameState, name: str) -> Any:
    """The index ``name`` of this state if it was built since the last event, else None."""
    return state.__pydantic_private__["_indexes"].get(name)  # type: ignore[index]  # set by PrivateAttr


def realm_key(state: GameState) -> tuple[Hashable, ...]:
    """The broad key (see the module docstring): the realm's facts and where every unit stands,
    all that any question of the realm reads besides the units' play marks (tapped, damage, when
    it entered) and the turn; worked out once per state, for the tables kept whole per realm
    (a unit's abilities, its Move and Attack commands)."""
    # ``per_state`` read in place, without making its builder: every listing and kept table asks
    indexes = state.__pydantic_private__["_indexes"]  # type: ignore[index]  # set by PrivateAttr
    found: tuple[Hashable, ...] | None = indexes.get(_REALM_KEY)
    if found is None:
        found = indexes[_REALM_KEY] = (realm_facts(state).number, tuple(map(_LOCATION, state.units.values())))
    return found


#: the name ``realm_key`` keeps its answer under, with the state's indexes
_REALM_KEY = "sorcery.realm_key"


#: where a unit stands, read in one call for each unit (``realm_key``)
_LOCATION = operator.attrgetter("location")


def unit_key(state: GameState, unit_id: str) -> tuple[Hashable, ...]:
    """Everything a unit's step table is read from, in ``state`` (see the module docstring);
    worked out once per state and unit, or kept with the realm's facts where it is theirs alone
    (``_fixed_key``)."""
    private = state.__pydantic_private__
    fixed: dict[str, tuple[Hashable, ...]] | None = private["_characteristics"].get(_FIXED_KEYS)  # type: ignore[index]  # set by PrivateAttr
    if fixed is not None:
        kept = fixed.get(unit_id)
        if kept is not None:
            return kept
    indexes = private["_indexes"]  # type: ignore[index]  # set by PrivateAttr
    keys: dict[str, tuple[Hashable, ...]] | None = indexes.get(_UNIT_KEYS)
    if keys is None:  # ``per_state`` read in place: asked for each unit's every kept table
        keys = indexes[_UNIT_KEYS] = {}
    found = keys.get(unit_id)
    if found is None:
        found = keys[unit_id] = _unit_key(state, unit_id)
    return found


#: the name ``unit_key`` keeps the keys of one state's units under, with its indexes
_UNIT_KEYS = "sorcery.unit_keys"
#: the name ``unit_key`` keeps the keys that are the realm's facts' alone under, with the
#: characteristics (``_fixed_key``)
_FIXED_KEYS = "sorcery.fixed_unit_keys"


def _unit_key(state: GameState, unit_id: str) -> tuple[Hashable, ...]:
    facts = realm_facts(state)
    units = state.units
    if facts.broad:
        number, everywhere = realm_key(state)
        return (number, unit_id, everywhere)
    unit = units[unit_id]
    if not (facts.named or facts.at_rest or facts.volatile) and unit.carried_by is None:
        return _fixed_key(state, facts, unit_id)
    return placed_key(state, facts, unit_id)


def placed_key(state: GameState, facts: RealmFacts, unit_id: str) -> tuple[Hashable, ...]:
    """The key of a unit in a realm whose facts do not read where every unit is: the places
    of what the effects name, of the unit's carriers, and its own when an effect reads it at
    rest."""
    units = state.units
    unit = units[unit_id]
    places: list[str | None] = [_where(state, name) for name in facts.named]
    carrier = unit.carried_by
    while carrier is not None and carrier in units:  # its carrier's keywords where it stands, and so on up
        places.append(_where(state, carrier))
        carrier = units[carrier].carried_by if carrier != unit_id else None
        if len(places) > len(facts.named) + len(units):
            break  # a loop of carriers, never made by the rules: read no further
    if facts.at_rest:
        places.append(unit.location)
    return (facts.number, unit_id, tuple(places))


def _fixed_key(state: GameState, facts: RealmFacts, unit_id: str) -> tuple[Hashable, ...]:
    """The key of a unit no effect names, nor reads at rest, and nothing carries: no place is
    read for it, so it is the realm's facts' number and the unit alone, the same in every state
    those facts are kept for (not volatile: kept with the characteristics, as the facts are; a
    carrier is one of the facts). Kept with them, so that a step, a tap or a turn passing (the
    events that keep them) does not have it worked out again for each state."""
    key = (facts.number, unit_id, ())
    fixed: dict[str, tuple[Hashable, ...]] = state.characteristics_index(_FIXED_KEYS, dict)
    fixed[unit_id] = key
    return key


def table(state: GameState, key: tuple[Hashable, ...], build: Callable[[], T]) -> T:
    """The table kept under ``key``, built by ``build`` the first time."""
    try:  # ``shared`` read in place: asked for every kept table, many times an event
        tables: dict[tuple[Hashable, ...], Any] = _THREAD.tables.tables
    except AttributeError:
        tables = shared(state).tables
    found = tables.get(key, _MISSING)
    if found is _MISSING:
        found = tables[key] = build()
    return found  # what ``build`` made under this key


def _where(state: GameState, thing: str) -> str | None:
    unit = state.units.get(thing)
    if unit is not None:
        return unit.location
    assert isinstance(state, SorceryState)
    feature = state.features.get(thing)
    if feature is None:
        return None
    return feature.location  # a borne artifact's bearer is named too (``_realm_facts``)


def _realm_facts(state: GameState) -> RealmFacts:
    assert isinstance(state, SorceryState)
    broad = at_rest = deaths = False
    named: set[str] = set()
    effects = []
    for effect in state.effects.values():
        spec = effect.spec
        reads = spec_reads(spec)
        broad = broad or reads.broad
        at_rest = at_rest or reads.at_rest
        deaths = deaths or reads.deaths
        named.add(effect.source)
        named.update(reads.strings)
        effects.append((effect.id, effect.source, effect.controller, effect.duration, effect.label, reads.token))
    features = state.features
    units = state.units
    for thing in list(named):
        feature = features.get(thing)
        if feature is not None and feature.bearer is not None:
            named.add(feature.bearer)
    fingerprint: tuple[Any, ...] = (
        tuple(state.players),
        tuple(
            (_UNIT_FACTS(u), u.location is None, tuple(u.keywords), tuple(getattr(u, "parts", ())))
            for u in units.values()
        ),
        tuple((_FEATURE_FACTS(f), tuple(f.area) if f.area else ()) for f in features.values()),
        tuple(effects),
        (state.turn, state.active_player, tuple((d.unit, d.owner, d.turn) for d in state.deaths)) if deaths else None,
        _in_motion(state) if at_rest else None,
    )
    known = tuple(sorted(n for n in named if n in units or n in features))
    return shared(state).realm(fingerprint, known, broad, at_rest, at_rest or deaths)


#: a unit's and a card's characteristics the fingerprint holds, read in one call each (the
#: fingerprint is worked out for every state a question is asked of)
_UNIT_FACTS = operator.attrgetter(
    "id", "card", "owner", "kind", "alive", "carried_by", "power", "defence", "movement_bonus", "carries", "carry_allies_only",
)
_FEATURE_FACTS = operator.attrgetter("id", "card", "kind", "controller", "location", "bearer", "water")


def _in_motion(state: SorceryState) -> tuple[Any, ...]:
    """What an "at rest" scope reads besides where units are (rules/scope.py ``at_rest``): the
    units being moved, and those in the attack under way (its attacker, its defenders and the
    units joining its fight are not at rest until it is over: codex, At Rest)."""
    attack = state.attack
    joining = tuple(item.unit for item in state.storyline if isinstance(item, JoinFightItem))
    fighting = (attack.attacker, tuple(attack.defenders), joining) if attack is not None else joining
    return (tuple(sorted(m.unit for m in state.moves.values())), fighting)


@dataclass(frozen=True)
class _Reads:
    """What one spec reads besides the unit it is asked about (``spec_reads``)."""

    #: the same number for equal specs: the fingerprint holds it instead of the spec, so that
    #: no spec is hashed again (pydantic hashes every field of a frozen model, each time)
    token: int
    broad: bool
    at_rest: bool
    deaths: bool
    #: every text the spec holds (the ids it names among them)
    strings: tuple[str, ...]


#: id(spec) -> (the spec, kept so that its id is not reused, and what it reads)
_BY_ID: dict[int, tuple[Any, _Reads]] = {}
#: spec -> what it reads, for a spec equal to one already seen (a copy of the state holds copies)
_BY_VALUE: dict[Any, _Reads] = {}
_MOST_SPECS = 20_000


def spec_reads(spec: Any) -> _Reads:
    """Worked out once per spec (specs are frozen values): by identity first, then by value."""
    known = _BY_ID.get(id(spec))
    if known is not None and known[0] is spec:
        return known[1]
    if len(_BY_ID) >= _MOST_SPECS:
        _BY_ID.clear()
    found = _BY_VALUE.get(spec)
    if found is None:
        if len(_BY_VALUE) >= _MOST_SPECS:
            _BY_VALUE.clear()  # tokens stay unique: they come from ``_NUMBERS``
        at_rest = isinstance(spec, Scope) and spec.at_rest
        deaths = isinstance(spec, Scope) and spec.ally_died_for is not None
        found = _BY_VALUE[spec] = _Reads(next(_NUMBERS), _broad(spec), at_rest, deaths, tuple(_strings(spec)))
    _BY_ID[id(spec)] = (spec, found)
    return found


def _broad(spec: Any) -> bool:
    """Whether the spec reads where every unit is (or is not known field by field)."""
    fields = KNOWN.get(type(spec).__name__)
    if fields is None or not fields.issuperset(type(spec).model_fields):
        return True
    if isinstance(spec, Condition) and (spec.condition in ("silenced", "disabled") or spec.unless_adjacent_ally_with):
        return True  # who is silenced or disabled switches passive abilities off (EffectsInForce.specs)
    if isinstance(spec, MovesFreely) and spec.condition == "land_sites_unoccupied":
        return True
    if isinstance(spec, LocationBan) and spec.ground_if_occupied:
        return True
    return isinstance(spec, Restriction) and spec.not_away_from_avatar


def _strings(spec: Any) -> list[str]:
    """Every text a spec holds (ids among them), in its fields and tuples."""
    found: list[str] = []
    for value in spec.__dict__.values():
        if isinstance(value, str):
            found.append(value)
        elif isinstance(value, tuple):
            found.extend(v for v in value if isinstance(v, str))
    return found
