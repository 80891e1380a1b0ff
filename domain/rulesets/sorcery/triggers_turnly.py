"""Sorcery's abilities that trigger at the start or the end of a turn and move units or change
their movement keywords (issue 9).

``end_turn`` asks ``on_turn_end`` what triggers as the active player's turn ends: those
triggers resolve first, and the turn passes after them (``EndOfTurnQueued``); when the next turn
has begun, ``on_turn_start`` queues what triggers then. Both are queued on the resolution
engine like every trigger (``Resolver.queue_trigger``), ordered by the policy or the player.

"You may" and a target are the player's: the trigger stops with a ``ChoiceRequested`` naming
itself (``about``) and resolves again once the player has answered with ``choose``; the
answer is in its parameter ``choice``. A choice with nothing to choose between is not asked:
the outcome says why nothing happens. A silenced minion has no abilities, so it triggers
nothing (codex: Silenced).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from domain.rulesets.sorcery import artifacts_forced as forced_artifacts
from domain.rulesets.sorcery.abilities import Ability, AtTurn
from domain.rulesets.sorcery.cards import ABILITIES
from domain.rulesets.sorcery.catalog import slug
from domain.rulesets.sorcery.choices import answer as answer_choice
from domain.rulesets.sorcery.choices import may, may_step, own_steps, pick
from domain.rulesets.sorcery.effects import Scope
from domain.rulesets.sorcery.movement import FORCED_KINDS, ForcedMovement
from domain.rulesets.sorcery.realm import Loc, Region, distance, parse_loc
from domain.state import TriggerState

if TYPE_CHECKING:
    from domain.rulesets.sorcery.engine import SorceryCommands as SorceryEngine

_AT_YOUR_TURN = [a for abilities in ABILITIES.values() for a in abilities if isinstance(a.when, AtTurn) and a.when.whose == "yours"]
#: what triggers at the end of its controller's turn
END_TRIGGERS = frozenset(a.trigger or "" for a in _AT_YOUR_TURN if a.when.end)  # type: ignore[union-attr]  # AtTurn, filtered above
#: what triggers at the start of its controller's turn
START_TRIGGERS = frozenset(a.trigger or "" for a in _AT_YOUR_TURN if a.when.start)  # type: ignore[union-attr]  # AtTurn, filtered above



def _sources(engine: SorceryEngine, player: str, names: frozenset[str]) -> list[tuple[str, Ability, str]]:
    """The cards of ``player`` in the realm with one of these triggered abilities: (id, ability,
    location). A silenced minion has lost its abilities: it triggers nothing."""
    from domain.rulesets.sorcery.triggers import _sources as all_sources

    view = engine.view()
    found = []
    for source, controller, ability, where in all_sources(engine):
        if ability.trigger not in names or controller != player:
            continue
        if source in engine.state.units and view.silenced(source) is not None:
            continue
        found.append((source, ability, where))
    return found


def _queue(engine: SorceryEngine, source: str, ability: Ability, subject: str | None, cause: str, phase: str) -> None:
    engine.resolver.queue_trigger(
        ability.trigger or ability.name, ability.name, source, _controller(engine, source), subject, {"phase": phase}, cause,
    )


def _controller(engine: SorceryEngine, source: str) -> str | None:
    unit = engine.state.units.get(source)
    return unit.owner if unit is not None else engine.state.features[source].controller


def on_turn_end(engine: SorceryEngine, player: str, cause: str) -> bool:
    """Queue what triggers at the end of ``player``'s turn; whether anything did."""
    queued = False
    for source, ability, where in _sources(engine, player, END_TRIGGERS):
        subjects: list[str | None] = [None]
        if ability.trigger == "end_may_push_enemy_here":  # one "may" for each enemy minion here
            subjects = [
                u.id for u in sorted(engine.state.living_units(), key=lambda u: u.id)
                if u.location == where and u.kind == "minion" and u.owner != player
            ]
        elif ability.trigger == "end_may_burrow_or_unburrow":  # one for each minion at this site
            square = parse_loc(where).square
            subjects = [
                u.id for u in sorted(engine.state.living_units(), key=lambda u: u.id)
                if u.location and u.kind == "minion" and parse_loc(u.location).square == square
                and parse_loc(u.location).region in (Region.SURFACE, Region.UNDERGROUND)
            ]
            subjects += [  # and each artifact lying there, itself included (abilities_rest.py)
                f.id for f in forced_artifacts.on_ground(engine, square=square)
                if parse_loc(f.location or "").region in (Region.SURFACE, Region.UNDERGROUND)
            ]
        for subject in subjects:
            _queue(engine, source, ability, subject, cause, "end")
            queued = True
    from domain.rulesets.sorcery import triggers_last

    return triggers_last.on_each_turn_end(engine, cause) or queued


def on_turn_start(engine: SorceryEngine, player: str, cause: str) -> None:
    """Queue what triggers at the start of ``player``'s turn."""
    for source, ability, _ in _sources(engine, player, START_TRIGGERS):
        _queue(engine, source, ability, None, cause, "start")


# --- helpers --------------------------------------------------------------------------------------


def _forced(engine: SorceryEngine, unit_id: str, how: str) -> list[str]:
    unit = engine.state.units[unit_id]
    model = ForcedMovement(engine.state, how)
    return [o.to for o in model.step_options(unit_id, unit.location or "") if o.blocked is None]


def _step(engine: SorceryEngine, trigger: TriggerState, unit_id: str, to: str) -> None:
    frm = engine.state.units[unit_id].location or ""
    engine.declare_path(unit_id, [frm, to], f"step:{slug(_card(engine, trigger))}", None, cause=trigger.id)


def _card(engine: SorceryEngine, trigger: TriggerState) -> str:
    thing = engine.state.units.get(trigger.source) or engine.state.features.get(trigger.source)
    return thing.card if thing is not None else trigger.source


def _force(engine: SorceryEngine, trigger: TriggerState, moves: list[tuple[str, str, str]]) -> None:
    """Forced moves (unit, destination, how), declared so that the first listed resolves first."""
    for unit_id, to, how in reversed(moves):
        frm = engine.state.units[unit_id].location or ""
        engine.resolver.declare_path(unit_id, [frm, to], f"forced:{how}", None, cause=trigger.id, kinds=[FORCED_KINDS[how]])


def _here(engine: SorceryEngine, source: str) -> str | None:
    unit = engine.state.units.get(source)
    if unit is not None:
        return unit.location if unit.alive else None
    feature = engine.state.features[source]
    return feature.location


# --- the abilities --------------------------------------------------------------------------------


def _may_burrow(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Gneissgnath Gnomes: it burrows itself, by its own Burrowing (an own step down)."""
    unit = engine.state.units[trigger.source]
    at = parse_loc(unit.location or "")
    below = Loc(at.square, Region.UNDERGROUND).text
    if below not in own_steps(engine, unit.id):
        engine.resolver.resolved(trigger, f"{unit.id} can't burrow from {engine.label(at.text)}: nothing to choose")
        return
    if not may(engine, trigger, f"burrow {unit.id} at {engine.label(at.text)}?", f"{unit.id} burrows", f"{unit.id} does not burrow"):
        return
    _step(engine, trigger, unit.id, below)


def _may_step(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Questing Beast: it may take a step of its own; the player picks where, or no."""
    unit = engine.state.units[trigger.source]
    answer = may_step(engine, trigger, unit.id)
    if answer is not None:
        _step(engine, trigger, unit.id, answer)


def _may_submerge_here(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Vatn Draconis: every minion at its location (itself too) is submerged, if the player
    wants; a forced submerge (digest 2.4)."""
    here = _here(engine, trigger.source) or ""
    minions = [
        u.id for u in sorted(engine.state.living_units(), key=lambda u: u.id)
        if u.kind == "minion" and u.location == here and u.carried_by is None
    ]
    moves = [(m, to, "submerge") for m in minions for to in _forced(engine, m, "submerge")]
    things = [(f.id, to) for f in forced_artifacts.on_ground(engine, here) if (to := forced_artifacts.down(engine.view(), f, "submerge")[0])]
    if not moves and not things:
        engine.resolver.resolved(trigger, f"no minion or artifact at {engine.label(here)} can be submerged: nothing to choose")
        return
    listed = ", ".join([*(m for m, _, _ in moves), *(f for f, _ in things)])
    if not may(engine, trigger, f"submerge {listed} at {engine.label(here)}?", f"submerges {listed}", "nothing is submerged"):
        return
    forced_artifacts.move_all(engine, things, f"{_card(engine, trigger)}: submerged", trigger.id)
    _force(engine, trigger, moves)


def _gain_stealth(engine: SorceryEngine, trigger: TriggerState, alone: bool) -> None:
    """Sly Fox, Survivors of Serava: the minion gains Stealth, kept while it is in the realm (a
    silenced minion's Stealth is not in force: codex: Stealth)."""
    unit = engine.state.units[trigger.source]
    view = engine.view()
    if alone:
        scope = Scope(near=unit.id, enemies_of=unit.owner)
        near = sorted(
            u.id for u in engine.state.living_units()
            if u.location and view.in_scope(scope, u, parse_loc(u.location))  # type: ignore[arg-type]  # Sorcery's units
        )
        if near:
            engine.resolver.resolved(trigger, f"enemies nearby ({', '.join(near)}): {unit.id} gains no Stealth")
            return
    if "Stealth" in view.keywords(unit.id):
        engine.resolver.resolved(trigger, f"{unit.id} already has Stealth")
        return
    engine.resolver.resolved(trigger, f"{unit.id} gains Stealth")
    engine.start_effect(
        unit.id, unit.owner, {"kind": "grant", "unit": unit.id, "keywords": ["Stealth"]}, "while_in_realm",
        f"{unit.card}: {unit.id} gained Stealth", cause=trigger.id,
    )


def _submerge_heavy(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Thin Ice: the minions atop it are submerged if their power totals 5 or more."""
    site = engine.state.features[trigger.source]
    atop = [
        u.id for u in sorted(engine.state.living_units(), key=lambda u: u.id)
        if u.kind == "minion" and u.location == site.location and u.carried_by is None
    ]
    view = engine.view()
    total = sum(view.power(u) for u in atop)
    if total < 5:
        engine.resolver.resolved(trigger, f"minions atop total {total} power, less than 5: nothing is submerged")
        return
    moves = [(m, to, "submerge") for m in atop for to in _forced(engine, m, "submerge")]
    engine.resolver.resolved(trigger, f"minions atop total {total} power: submerges {', '.join(m for m, _, _ in moves) or 'none'}")
    _force(engine, trigger, moves)


def _may_push_enemy_here(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Nightmare: each enemy minion here may be pushed to an adjacent location or void (one
    trigger, one choice for each)."""
    subject = engine.state.units[trigger.subject or ""]
    here = _here(engine, trigger.source)
    if not subject.alive or subject.location != here:
        engine.resolver.resolved(trigger, f"{subject.id} is no longer here")
        return
    how_of = {to: "push" for to in _forced(engine, subject.id, "push")}
    how_of.update({to: "push_void" for to in _forced(engine, subject.id, "push_void")})
    answer = pick(
        engine, trigger, "may_push", sorted(how_of, key=lambda loc: (parse_loc(loc).square, loc)),
        f"push {subject.id} where, if anywhere?", f"{subject.id} can be pushed nowhere: nothing to choose",
        f"{subject.id} is not pushed", lambda to: f"pushes {subject.id} to {engine.label(to)}",
    )
    if answer is None:
        return
    _force(engine, trigger, [(subject.id, answer, how_of[answer])])


def _may_burrow_or_unburrow(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Undertaker Engine: each minion at its site may be burrowed (atop) or unburrowed (below)."""
    if trigger.subject in engine.state.features:  # an artifact lying at its site
        _may_burrow_or_unburrow_artifact(engine, trigger)
        return
    subject = engine.state.units[trigger.subject or ""]
    square = int((_here(engine, trigger.source) or "0").split("/")[0])
    at = parse_loc(subject.location or "0")
    if not subject.alive or at.square != square:
        engine.resolver.resolved(trigger, f"{subject.id} is no longer at this site")
        return
    how, verb = ("burrow", "burrow") if at.region is Region.SURFACE else ("raise", "unburrow")
    targets = _forced(engine, subject.id, how) if at.region in (Region.SURFACE, Region.UNDERGROUND) else []
    if not targets:
        engine.resolver.resolved(trigger, f"{subject.id} can't be burrowed or unburrowed: nothing to choose")
        return
    if not may(engine, trigger, f"{verb} {subject.id}?", f"{verb}s {subject.id}", f"{subject.id} stays"):
        return
    _force(engine, trigger, [(subject.id, targets[0], how)])


def _may_burrow_or_unburrow_artifact(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Undertaker Engine: an artifact lying at its site may be burrowed (atop) or unburrowed
    (below), as a minion may (artifacts_forced.py)."""
    thing = engine.state.features[trigger.subject or ""]
    square = int((_here(engine, trigger.source) or "0").split("/")[0])
    if thing.location is None or thing.bearer is not None or parse_loc(thing.location).square != square:
        engine.resolver.resolved(trigger, f"{thing.id} is no longer lying at this site")
        return
    at = parse_loc(thing.location)
    view = engine.view()
    verb, to = ("burrow", forced_artifacts.down(view, thing, "burrow")[0]) if at.region is Region.SURFACE else (
        "unburrow", forced_artifacts.raised(view, thing))
    if to is None:
        engine.resolver.resolved(trigger, f"{thing.id} can't be burrowed or unburrowed: nothing to choose")
        return
    if not may(engine, trigger, f"{verb} {thing.id}?", f"{verb}s {thing.id}", f"{thing.id} stays"):
        return
    forced_artifacts.move_all(engine, [(thing.id, to)], f"{_card(engine, trigger)}: {verb}", trigger.id)


def _raise_target_site(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Mudflow: each minion below the surface of the target nearby site surfaces or unburrows
    (forced). Only sites with such a minion are offered; one such site is no choice."""
    square = int(engine.state.features[trigger.source].location or "0")
    view = engine.view()
    below: dict[int, list[str]] = {}
    for unit in sorted(engine.state.living_units(), key=lambda u: u.id):
        if unit.kind != "minion" or not unit.location:
            continue
        at = parse_loc(unit.location)
        if at.square in view.nearby(square) and at.region in (Region.UNDERGROUND, Region.UNDERWATER):
            if view.site_at(at.square) is not None:
                below.setdefault(at.square, []).append(unit.id)
    if not below:
        engine.resolver.resolved(trigger, "no minion is below a nearby site: nothing to surface")
        return
    options = [str(sq) for sq in sorted(below)]
    if len(options) == 1:
        chosen = options[0]
    else:
        answer = answer_choice(engine, trigger, "target_site", options, "which nearby site's minions surface or unburrow?")
        if answer is None:
            return
        chosen = answer
    moves = [(m, to, "raise") for m in below[int(chosen)] for to in _forced(engine, m, "raise")]
    how = f"{trigger.controller}'s choice" if len(options) > 1 else "the only nearby site with a minion below"
    engine.resolver.resolved(trigger, f"target {engine.label(chosen)} ({how}): {', '.join(m for m, _, _ in moves) or 'none'} surface")
    _force(engine, trigger, moves)


def _toward(engine: SorceryEngine, unit_id: str, square: int) -> list[str]:
    """The unit's own steps that end closer to ``square`` (digest 1.4: steps counted orthogonally)."""
    at = parse_loc(engine.state.units[unit_id].location or "")
    return [to for to in own_steps(engine, unit_id) if distance(parse_loc(to).square, square) < distance(at.square, square)]


def _lure_target(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Guile Sirens: a target nearby enemy minion takes a step toward it; the player picks the
    minion and, where two steps get closer, which (one option per minion and step)."""
    sirens = engine.state.units[trigger.source]
    at = parse_loc(sirens.location or "")
    view = engine.view()
    scope = Scope(near=sirens.id, enemies_of=sirens.owner, minions_only=True)
    options = [
        f"{u.id}>{to}"
        for u in sorted(engine.state.living_units(), key=lambda u: u.id)
        if u.location and view.in_scope(scope, u, parse_loc(u.location))  # type: ignore[arg-type]  # Sorcery's units
        for to in _toward(engine, u.id, at.square)
    ]
    if not options:
        engine.resolver.resolved(trigger, "no nearby enemy minion can take a step toward it: nothing to choose")
        return
    if len(options) == 1:
        chosen, how = options[0], "the only nearby enemy minion's only step toward it"
    else:
        answer = answer_choice(engine, trigger, "target_step", options, "which nearby enemy minion steps toward it, and to where?")
        if answer is None:
            return
        chosen, how = answer, f"{trigger.controller}'s choice"
    unit_id, to = chosen.split(">", 1)
    engine.resolver.resolved(trigger, f"{unit_id} takes a step toward it, to {engine.label(to)} ({how})")
    _step(engine, trigger, unit_id, to)


def _lure_adjacent(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Unland Angler: while submerged, each enemy minion atop an adjacent site takes a step
    toward it: onto the surface of its site, the one location closer (digest 1.4)."""
    angler = engine.state.units[trigger.source]
    at = parse_loc(angler.location or "")
    if at.region is not Region.UNDERWATER:
        engine.resolver.resolved(trigger, f"{angler.id} is not submerged")
        return
    view = engine.view()
    target = Loc(at.square, Region.SURFACE).text
    moved: list[str] = []
    stuck: list[str] = []
    for unit in sorted(engine.state.living_units(), key=lambda u: u.id):
        if unit.kind != "minion" or unit.owner == angler.owner or not unit.location or unit.carried_by is not None:
            continue
        there = parse_loc(unit.location)
        if there.region is not Region.SURFACE or there.square not in view.orthogonal(at.square):
            continue
        (moved if target in own_steps(engine, unit.id) else stuck).append(unit.id)
    if not moved and not stuck:
        engine.resolver.resolved(trigger, "no enemy minion is atop an adjacent site")
        return
    note = f"; {', '.join(stuck)} can't step there" if stuck else ""
    engine.resolver.resolved(trigger, f"{', '.join(moved) or 'no minion'} takes a step to {engine.label(target)}{note}")
    for unit_id in reversed(moved):
        _step(engine, trigger, unit_id, target)


def _airborne_or_monument(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Monastery Gargoyle: the player chooses; Airborne lasts until the next choice."""
    unit = engine.state.units[trigger.source]
    answer = answer_choice(engine, trigger, "airborne_or_monument", ["airborne", "monument"], f"does {unit.id} have Airborne or is it a Monument?")
    if answer is None:
        return
    from domain.rulesets.sorcery.events import EffectEnded

    engine.resolver.resolved(trigger, f"{unit.id} {'has Airborne' if answer == 'airborne' else 'is a Monument'} ({trigger.controller}'s choice)")
    for effect in list(engine.state.effects.values()):
        if effect.source == unit.id and effect.label.startswith(f"{unit.card}: {unit.id} has Airborne"):
            engine.emit(EffectEnded, cause=trigger.id, effect_id=effect.id, reason=f"{trigger.controller} chose again")
    if answer == "airborne":
        engine.start_effect(
            unit.id, unit.owner, {"kind": "grant", "unit": unit.id, "keywords": ["Airborne"]}, "while_in_realm",
            f"{unit.card}: {unit.id} has Airborne until the next choice", cause=trigger.id,
        )
    engine.settle(trigger.id)


#: Ribble Boggart's mutations, in the printed order, by the result of a d4
MUTATIONS = ("Airborne", "Ranged", "Lethal", "+3 power")


def _random_mutation(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Ribble Boggart: a d4, recorded as an event (``DiceRolled``; a replay reads it), picks one
    mutation in the printed order; a keyword is granted until the end of the turn."""
    from domain.dice import roll

    unit = engine.state.units[trigger.source]
    (result,) = roll(engine.resolver, 1, 4, f"{unit.card}: {unit.id}'s mutation", trigger.id)
    mutation = MUTATIONS[result - 1]
    if mutation.startswith("+"):
        engine.resolver.resolved(trigger, f"rolled {result}: {unit.id} gains {mutation} this turn (power is not simulated)")
        return
    engine.resolver.resolved(trigger, f"rolled {result}: {unit.id} gains {mutation} until the end of turn")
    engine.start_effect(
        unit.id, unit.owner, {"kind": "grant", "unit": unit.id, "keywords": [mutation]}, "this_turn",
        f"{unit.card}: {unit.id} has {mutation} this turn", cause=trigger.id,
    )


TURN_RESOLVERS: dict[str, Callable[[SorceryEngine, TriggerState], None]] = {
    "end_may_burrow": _may_burrow,
    "end_may_step": _may_step,
    "end_may_submerge_here": _may_submerge_here,
    "end_gain_stealth": lambda engine, trigger: _gain_stealth(engine, trigger, False),
    "end_gain_stealth_alone": lambda engine, trigger: _gain_stealth(engine, trigger, True),
    "end_submerge_heavy": _submerge_heavy,
    "end_may_push_enemy_here": _may_push_enemy_here,
    "end_may_burrow_or_unburrow": _may_burrow_or_unburrow,
    "start_raise_target_site": _raise_target_site,
    "start_lure_target": _lure_target,
    "start_lure_adjacent": _lure_adjacent,
    "airborne_or_monument": _airborne_or_monument,
    "start_random_mutation": _random_mutation,
    "start_great_drowning": lambda engine, trigger: _great_drowning(engine, trigger),
}


def _great_drowning(engine: SorceryEngine, trigger: TriggerState) -> None:
    from domain.rulesets.sorcery.flood import great_drowning

    great_drowning(engine, trigger)
