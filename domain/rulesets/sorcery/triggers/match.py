"""The one matcher of Sorcery's triggered abilities: what each moment of the game triggers.

A card declares when its triggered ability triggers as a typed event kind (``abilities.When``),
for which unit (a ``Scope`` template) and what it does. Here each kind has one matcher, and each
moment calls the matchers of the kinds it can trigger, in a fixed order: a step (``StepTaken``,
for the unit and each unit it carries) calls ``enters``, ``occupies``, ``crosses_border``,
``steps_onto_ground_above``, ``moves`` and ``enters_void``; a summoned unit ``enters`` and ``occupies``; an
attack declared ``attacked``, an attack resolved ``after_first_attack``; a cast
``enemy_casts`` and ``after_casting``; the end and the start of a turn ``at_turn`` (turns.py). Every match
is queued on the resolution engine (``Resolver.queue_trigger``), so it is in the timeline and
the trace, and resolves where the ordering policy or its player puts it (triggers/registry.py).

Sources are the cards in the realm, units by id then other cards by id, each ability in its
card's order. A site that has lost its abilities triggers nothing; a unit source is muted by the
loss of its abilities: silenced or disabled (codex: Silenced, Disabled).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from domain.events import StepTaken
from domain.resolution import Resolver
from domain.rulesets.sorcery.abilities import (
    Ability,
    AfterCasting,
    AfterFirstAttack,
    Attacked,
    BearerStrikes,
    CrossesBorder,
    EnemyCasts,
    Enters,
    EntersVoid,
    Moves,
    Occupies,
    StepsOntoGroundAbove,
    When,
    fill,
)
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.catalog import Card
from domain.rulesets.sorcery.effects import Scope
from domain.rulesets.sorcery.events import AbilityUsed, ActivationPlanned, ActivationResolved
from domain.rulesets.sorcery.events_combat import AttackDeclared, AttackResolved, StrikeDealt
from domain.rulesets.sorcery.oversized import entered, is_oversized
from domain.rulesets.sorcery.realm import Loc, Region, parse_loc
from domain.rulesets.sorcery.rules.shared import peek, realm_key, table
from domain.rulesets.sorcery.state import ActivationItem, SorceryState, SorceryUnit
from domain.rulesets.sorcery.view import RealmView
from domain.state import TriggerParam


@dataclass(frozen=True)
class Source:
    """A card in the realm with a triggered ability of one kind, and where it is."""

    id: str
    controller: str | None
    location: str
    ability: Ability

    @property
    def when(self) -> Any:
        return self.ability.when


def sources(state: SorceryState, view: RealmView, kind: type[When]) -> tuple[Source, ...]:
    """Every card in the realm with a triggered ability of exactly this kind (most cards have
    none: they are passed over by the kinds their declarations hold, ``_kinds``). Kept in a
    table shared by every state of the same realm and places (``rules.shared.realm_key``: all
    that ``_sources`` reads), while ``view`` is still its state's, as ``muted`` is."""
    if kind not in kinds_present(state):
        return ()  # no card in the game waits for this kind of moment (most kinds, most states)
    if peek(state, "sorcery.view") is not view:
        return _sources(state, view, kind)
    return table(state, (*realm_key(state), "trigger sources", kind), lambda: _sources(state, view, kind))


def _sources(state: SorceryState, view: RealmView, kind: type[When]) -> tuple[Source, ...]:
    """``sources`` worked out from the state."""
    found: list[Source] = []
    for unit in sorted((u for u in state.living_units() if kind in _kinds(u.card)), key=lambda u: u.id):
        if unit.location is not None:
            found.extend(Source(unit.id, unit.owner, unit.location, a) for a in abilities_of(unit.card) if type(a.when) is kind)
    features = sorted((f for f in state.features.values() if kind in _kinds(f.card)), key=lambda f: f.id)
    lost = view.suppressed_sites if features else {}  # sites that lost their abilities trigger nothing
    for feature in features:
        if feature.id not in lost and feature.location is not None:
            found.extend(
                Source(feature.id, feature.controller, feature.location, a) for a in abilities_of(feature.card) if type(a.when) is kind
            )
    return tuple(found)


def kinds_present(state: SorceryState) -> frozenset[type]:
    """The kinds of moment any card of the game waits for (every unit, living or not, and every
    site, artifact and aura): a superset of what ``sources`` finds, worked out once instead of
    walking the units for each kind (a step asks six kinds, for each unit moved), and kept
    across the events that leave the cards in play as they are (``characteristics_index``:
    a step, a tap, a turn passing). The matchers of other modules read it too (stops.py,
    turns.py)."""
    # ``GameState.characteristics_index`` read in place: asked several times for each event
    kept = state.__pydantic_private__["_characteristics"]  # type: ignore[index]  # set by PrivateAttr
    found: frozenset[type] | None = kept.get(_TRIGGER_KINDS)
    if found is None:
        found = kept[_TRIGGER_KINDS] = kinds_in_play(state)
    return found


#: the name ``kinds_present`` keeps its answer under, with the state's characteristics
_TRIGGER_KINDS = "sorcery.trigger_kinds"


def kinds_in_play(state: SorceryState) -> frozenset[type]:
    """What ``kinds_present`` keeps, worked out from the cards themselves."""
    return frozenset().union(*(_kinds(u.card) for u in state.units.values()), *(_kinds(f.card) for f in state.features.values()))


@functools.lru_cache(maxsize=4096)
def _kinds(card: str) -> frozenset[type]:
    """The kinds of moment a card's triggered abilities wait for (its declarations never change)."""
    return frozenset(type(a.when) for a in abilities_of(card))


def queue(
    resolver: Resolver, ability: Ability, source: str, controller: str | None, subject: str | None,
    params: dict[str, TriggerParam], cause: str, name: str | None = None,
) -> None:
    resolver.queue_trigger(ability.trigger or ability.name, name or ability.name, source, controller, subject, params, cause)


def muted(view: RealmView, unit_id: str, at: Loc | None = None) -> bool:
    """Whether a unit source has no abilities now: silenced or disabled (codex: Silenced,
    Disabled); a card that is not a unit is never muted here (a site's loss is ``sources``').

    Asked of every source a step could trigger, at every step: the answer is kept in a table
    shared by every state of the same realm and places (``rules.shared.realm_key``: the
    conditions in force, their scopes, the unit's keywords and the water are all the realm's),
    while ``view`` is still its state's view (a view held past an event answers for itself)."""
    state = view.state
    if unit_id not in state.units:
        return False
    if peek(state, "sorcery.view") is not view:
        return _muted(view, unit_id, at)
    return table(state, (*realm_key(state), "muted", unit_id, at), lambda: _muted(view, unit_id, at))


def _muted(view: RealmView, unit_id: str, at: Loc | None) -> bool:
    """``muted`` worked out from the view."""
    return view.silenced(unit_id, at) is not None or view.disabled(unit_id, at) is not None


def in_scope(view: RealmView, source: Source, unit: SorceryUnit, at: str | None = None) -> bool:
    """Whether the unit a trigger would be about is in the ability's scope (``effects.Scope``,
    filled with the source's id, controller, square and area); with ``at``, at that one of the
    locations an oversized unit occupies (the one a part entered)."""
    if source.ability.scope is None:
        return True
    feature = view.state.features.get(source.id)
    values = {
        "self": source.id, "controller": source.controller, "square": parse_loc(source.location).square,
        "area": list(feature.area) if feature is not None else [],
    }
    scope = Scope.model_validate(fill(source.ability.scope, values))
    if at is not None:
        return view.in_scope_at(scope, unit, parse_loc(at))
    return unit.location is not None and view.in_scope(scope, unit, parse_loc(unit.location))


# --- a unit moving ------------------------------------------------------------------------------


#: the kinds of moment a step can trigger (the matchers ``on_step`` calls)
STEP_KINDS: frozenset[type] = frozenset({Enters, Occupies, CrossesBorder, StepsOntoGroundAbove, Moves, EntersVoid})
#: the kinds ``_entering`` matches, in the order a step asks them
_ENTERING: tuple[type[Enters], ...] = (Enters, Occupies)


def on_step(resolver: Resolver, event: StepTaken) -> None:
    """What a step triggers, for the unit and for each unit it carries. Only the matchers of the
    kinds some card of the game waits for are asked (``kinds_present``, a superset of every source
    the matchers find): none of them in most steps of most games."""
    state = _state(resolver)
    present = kinds_present(state)
    if present.isdisjoint(STEP_KINDS):
        return
    view = RealmView.of(state)
    cause = event.event_id
    for moved in [event.unit, *event.carried]:
        # an oversized unit enters, and traverses, only where a part goes that it did not occupy
        parts = entered(view, state.units[moved], event.frm, event.to, event.kind) if is_oversized(state.units[moved]) else [(event.frm, event.to)]
        for frm, to in parts:
            for kind in _ENTERING:
                if kind in present:
                    _entering(resolver, view, kind, moved, frm, to, cause)
            if CrossesBorder in present:
                crosses_border(resolver, view, moved, frm, to, event.kind, cause)
            if StepsOntoGroundAbove in present:
                steps_onto_ground_above(resolver, view, moved, frm, to, event.kind, cause)
        if Moves in present:
            moves(resolver, view, moved, event.frm, cause)
        if EntersVoid in present:
            enters_void(resolver, view, moved, event.frm, event.to, cause)


def summoned(resolver: Resolver, unit_id: str, at: str, cause: str) -> None:
    """A unit summoned enters the realm where it is summoned (digest 2.3: summoning is entering)."""
    view = RealmView.of(_state(resolver))
    enters(resolver, view, unit_id, "summoned", at, cause)
    occupies(resolver, view, unit_id, "summoned", at, cause)


def _entering(resolver: Resolver, view: RealmView, kind: type[Enters], unit_id: str, frm: str, to: str, cause: str) -> None:
    if kind not in kinds_present(view.state):
        return  # no card in the game waits for it (``sources`` would find none)
    if frm.split("/")[0] == to.split("/")[0]:
        return  # surface <-> subsurface of one site enters no site (digest 2.3)
    state = view.state
    unit = state.units[unit_id]
    square = parse_loc(to).square
    for source in sources(state, view, kind):
        when = source.when
        if when.avatars_only and unit.kind != "avatar":
            continue
        if (when.water_site or when.in_source_body_of_water) and not view.is_water(square):
            continue  # a body of water holds only water sites
        if isinstance(when, Occupies) and when.land_site and view.is_water(square):
            continue
        if when.in_source_body_of_water and square not in view.body_of_water(parse_loc(source.location).square):
            continue
        if when.lacking and set(when.lacking) & view.keywords(unit_id):
            continue
        if when.first_only and any(e.source == source.id and e.duration == "permanent" for e in state.effects.values()):
            continue
        if muted(view, source.id, parse_loc(source.location)):  # asked last, as the costliest: most steps fail above
            continue
        if in_scope(view, source, unit, to if unit.parts else None):
            queue(resolver, source.ability, source.id, source.controller, unit_id, {}, cause)


def enters(resolver: Resolver, view: RealmView, unit_id: str, frm: str, to: str, cause: str) -> None:
    """``Enters``: a unit has just entered a new site (codex: Enter)."""
    _entering(resolver, view, Enters, unit_id, frm, to, cause)


def occupies(resolver: Resolver, view: RealmView, unit_id: str, frm: str, to: str, cause: str) -> None:
    """``Occupies``: a unit has come to occupy a site, matched after every ``Enters``."""
    _entering(resolver, view, Occupies, unit_id, frm, to, cause)


def crosses_border(resolver: Resolver, view: RealmView, unit_id: str, frm: str, to: str, kind: str, cause: str) -> None:
    """``CrossesBorder``: the step traversed the border an aura is atop (walls). Asked only while
    a card of the game waits for it (``on_step``): the borders crossed need not be worked out."""
    start, end = parse_loc(frm), parse_loc(to)
    crossed = [set(b) for b in view.crossed_borders(start, end, kind)]
    if not crossed:
        return
    state = view.state
    unit = state.units[unit_id]
    for source in sources(state, view, CrossesBorder):
        feature = state.features.get(source.id)
        if feature is None or set(feature.area) not in crossed:
            continue
        if source.when.on_the_ground and not view.on_the_ground(unit_id, start, end, kind):
            continue
        if in_scope(view, source, unit, to if unit.parts else None):
            queue(resolver, source.ability, source.id, source.controller, unit_id, {}, cause)


def steps_onto_ground_above(resolver: Resolver, view: RealmView, unit_id: str, frm: str, to: str, kind: str, cause: str) -> None:
    """``StepsOntoGroundAbove``: a unit stepped onto the surface above a burrowed source, on the
    ground (codex: On the Ground; digest 2.10: not Airborne, not a teleport, not from the void).
    Asked only while a card of the game waits for it (``on_step``)."""
    end = parse_loc(to)
    if end.region is not Region.SURFACE:
        return
    below = Loc(end.square, Region.UNDERGROUND).text
    state = view.state
    unit = state.units[unit_id]
    for source in sources(state, view, StepsOntoGroundAbove):
        if source.location != below or muted(view, source.id):
            continue
        if in_scope(view, source, unit) and view.on_the_ground(unit_id, parse_loc(frm), end, kind):
            queue(resolver, source.ability, source.id, source.controller, unit_id, {}, cause)


def moves(resolver: Resolver, view: RealmView, unit_id: str, frm: str, cause: str) -> None:
    """``Moves``: the unit itself entered a new location, by any step (its own, forced, a
    teleport, carried); the trigger records where it was."""
    unit = view.state.units[unit_id]
    for ability in abilities_of(unit.card):
        if type(ability.when) is not Moves or not unit.alive or unit.location is None:
            continue
        if muted(view, unit_id):
            continue
        queue(resolver, ability, unit_id, unit.owner, unit_id, {"at": frm}, cause)


def enters_void(resolver: Resolver, view: RealmView, unit_id: str, frm: str, to: str, cause: str) -> None:
    """``EntersVoid``: the unit itself stepped into the void from a site; a unit muted where it
    started has no such ability (codex: Silenced, Disabled)."""
    start, end = parse_loc(frm), parse_loc(to)
    if end.region is not Region.VOID or start.region is Region.VOID:
        return
    unit = view.state.units[unit_id]
    for ability in abilities_of(unit.card):
        if type(ability.when) is EntersVoid and not muted(view, unit_id, start):
            queue(resolver, ability, unit_id, unit.owner, unit_id, {}, cause)


# --- attacks (codex: Attack, steps 2 and 6) ------------------------------------------------------


def first_attacks(state: SorceryState, unit_id: str) -> list[str]:
    """The attack ids marked as the unit's first this turn (``AbilityUsed``)."""
    marks = [m.split(":", 1)[0] for m in state.used_this_turn if m.endswith(f":{unit_id}")]
    return [m.removeprefix("first_attack_") for m in marks if m.startswith("first_attack_")]


def attacked(resolver: Resolver, event: AttackDeclared) -> None:
    """``Attacked``: the attack's target unit; an attacker whose ``AfterFirstAttack`` waits has
    this attack marked as its first this turn, whatever becomes of it."""
    state = _state(resolver)
    attacker = state.units[event.attacker]
    # the card's kinds first (kept per card): most attackers wait for no first attack
    if AfterFirstAttack in _kinds(attacker.card) and first_attacks(state, attacker.id) == []:
        resolver.emit(AbilityUsed, cause=event.event_id, unit=attacker.id, ability=f"first_attack_{event.attack_id}")
    if event.target_kind != "unit":
        return
    target = state.units.get(event.target)
    if target is None or not target.alive:
        return
    view = RealmView.of(state)
    for ability in abilities_of(target.card):
        if type(ability.when) is Attacked and not muted(view, target.id):
            queue(resolver, ability, target.id, target.owner, target.id, {"attack": event.attack_id}, event.event_id)


def bearer_strikes(resolver: Resolver, event: StrikeDealt) -> None:
    """``BearerStrikes``: each artifact the striker bears that waits for its bearer's strike (The
    Rack: only a strike at an Avatar), its subject the unit struck."""
    state = _state(resolver)
    target = state.units.get(event.target)
    if target is None or not target.alive:
        return
    for feature in sorted((f for f in state.features.values() if f.bearer == event.striker), key=lambda f: f.id):
        for ability in abilities_of(feature.card):
            when = ability.when
            if isinstance(when, BearerStrikes) and (not when.avatars_only or target.kind == "avatar"):
                queue(resolver, ability, feature.id, feature.controller, target.id, {"striker": event.striker}, event.event_id)


def after_first_attack(resolver: Resolver, event: AttackResolved) -> None:
    """``AfterFirstAttack``: the unit's first attack this turn has resolved."""
    state = _state(resolver)
    if AfterFirstAttack not in kinds_present(state):
        return  # no card in the game waits for it: every attack of most games
    view = RealmView.of(state)
    for unit in sorted(state.living_units(), key=lambda u: u.id):
        if event.attack_id not in first_attacks(state, unit.id) or unit.location is None:
            continue
        for ability in abilities_of(unit.card):
            if type(ability.when) is AfterFirstAttack and not muted(view, unit.id):
                queue(resolver, ability, unit.id, unit.owner, None, {"attack": event.attack_id}, event.event_id)


def then_attack(resolver: Resolver, item: ActivationItem) -> None:
    """Bladedancer: "When she does, she may attack a unit there": once her step has resolved, her
    trigger is queued again to ask for the attack."""
    unit = _state(resolver).units[item.unit]
    if not unit.alive or unit.location != item.to:
        resolver.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} did not take the step: no attack there")
        return
    resolver.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} took the step to {resolver.rules.label(resolver.state, item.to or '')}")
    for ability in abilities_of(unit.card):
        if type(ability.when) is AfterFirstAttack:
            queue(resolver, ability, unit.id, unit.owner, None, {"then": "attack"}, resolver.cause, name="may attack a unit there")


# --- casting (Sturmgeist FAQ: only units cast spells it hears) -------------------------------------


def listeners(state: SorceryState, caster: str) -> list[tuple[str, Ability]]:
    """The enemy units of ``caster`` whose ``EnemyCasts`` would hear a spell now."""
    view = RealmView.of(state)
    found = []
    for unit in sorted(state.living_units(), key=lambda u: u.id):
        if unit.owner == caster or unit.location is None:
            continue
        for ability in abilities_of(unit.card):
            if type(ability.when) is EnemyCasts and not muted(view, unit.id):
                found.append((unit.id, ability))
    return found


def enemy_casts(resolver: Resolver, data: Card, caster: str, by: str | None, cause: str) -> None:
    """``EnemyCasts``: they resolve before the spell's moves (Sturmgeist FAQ: after the costs
    are paid, before the spell resolves)."""
    if data.type != "Magic" or by is None:
        return
    state = _state(resolver)
    for unit_id, ability in listeners(state, caster):
        queue(resolver, ability, unit_id, state.units[unit_id].owner, by, {"spell": data.name}, cause)


def after_casting(resolver: Resolver, data: Card, by: str | None) -> None:
    """``AfterCasting``: it waits behind the spell's moves on the storyline (an item), and
    triggers once the spell has resolved (``cast_resolved``)."""
    if data.type != "Magic" or by is None:
        return
    state = _state(resolver)
    unit = state.units[by]
    view = RealmView.of(state)
    for ability in abilities_of(unit.card):
        if type(ability.when) is AfterCasting and not muted(view, by):
            resolver.emit(ActivationPlanned, item=ActivationItem(source=by, then="react:after_cast", unit=by, player=unit.owner, path=[data.name]))


def cast_resolved(resolver: Resolver, item: ActivationItem) -> None:
    """The spell an ``AfterCasting`` unit cast has resolved: its trigger is queued now."""
    state = _state(resolver)
    unit = state.units[item.unit]
    view = RealmView.of(state)
    if not unit.alive or view.silenced(unit.id) is not None or view.disabled(unit.id) is not None:
        resolver.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} has no abilities now: nothing triggers")
        return
    resolver.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} has cast {item.path[0]}")
    for ability in abilities_of(unit.card):
        if type(ability.when) is AfterCasting:
            queue(resolver, ability, unit.id, unit.owner, None, {"spell": item.path[0]}, resolver.cause)


def _state(resolver: Resolver) -> SorceryState:
    state = resolver.state
    assert isinstance(state, SorceryState)
    return state

