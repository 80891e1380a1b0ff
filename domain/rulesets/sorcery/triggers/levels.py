"""Resolvers of triggered abilities that burrow, submerge, surface or unburrow (codex: Burrowing,
Submerge; digest 2.4: the verbs force a unit down from the surface even without the keyword):
Mariner's Curse, Rest in Peace, Vatn Draconis, Thin Ice, Undertaker Engine, Mudflow, Atlantean Fate."""

from __future__ import annotations

from collections.abc import Callable

from domain.rulesets.sorcery.engine import artifacts as forced_artifacts
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events import (
    FeatureRemoved,
)
from domain.rulesets.sorcery.movement import FORCED_KINDS
from domain.rulesets.sorcery.realm import Loc, Region, parse_loc
from domain.rulesets.sorcery.triggers.choices import answer as answer_choice
from domain.rulesets.sorcery.triggers.choices import may
from domain.rulesets.sorcery.triggers.common import (
    choices_of,
    forced_steps,
    location_of_source,
)
from domain.state import TriggerState


def _mariners_curse(engine: Primitives, trigger: TriggerState) -> None:
    """Submerge the minion (forced: it needs no Submerge, and dies underwater without it), then
    the Curse returns to its owner's hand (digest 5, gap 13: an Iceberg bars the submerging)."""
    curse = engine.state.features[trigger.source]
    subject = engine.state.units[trigger.subject or ""]
    here = subject.location or ""
    if not subject.alive or not here or parse_loc(here).region.value != "surface" or int(here.split("/")[0]) not in curse.area:
        engine.resolver.resolved(trigger, f"{subject.id} is no longer atop an affected site")
        return
    engine.resolver.resolved(trigger, f"submerges {subject.id}, then returns to its owner's hand")
    engine.emit(FeatureRemoved, cause=trigger.id, feature=curse.id, reason="Mariner's Curse returns to its owner's hand")
    below = f"{here}/underwater"
    engine.declare_path(subject.id, [here, below], "forced:submerge", None, cause=trigger.id)


def _rest_in_peace(engine: Primitives, trigger: TriggerState) -> None:
    """Burrow the minion (forced: it needs no Burrowing, and dies below without it: digest
    1.6); one already below the site is burrowed already, and one that left is not burrowed."""
    aura = engine.state.features[trigger.source]
    subject = engine.state.units[trigger.subject or ""]
    here = parse_loc(subject.location) if subject.alive and subject.location else None
    view = engine.view()
    if here is None or here.square not in aura.area or view.site_at(here.square) is None or view.is_water(here.square):
        engine.resolver.resolved(trigger, f"{subject.id} no longer occupies an affected land site")
        return
    if here.region is not Region.SURFACE:
        engine.resolver.resolved(trigger, f"{subject.id} is below the site already")
        return
    below = Loc(here.square, Region.UNDERGROUND).text
    engine.resolver.resolved(trigger, f"burrows {subject.id}")
    engine.resolver.declare_path(subject.id, [here.text, below], "forced:burrow", None, cause=trigger.id, kinds=["burrow"])


def _may_submerge_here(engine: Primitives, trigger: TriggerState) -> None:
    """Vatn Draconis: every minion at its location (itself too) is submerged, if the player
    wants; a forced submerge (digest 2.4)."""
    here = location_of_source(engine, trigger.source) or ""
    minions = [
        u.id for u in sorted(engine.state.living_units(), key=lambda u: u.id)
        if u.kind == "minion" and u.location == here and u.carried_by is None
    ]
    moves = [(m, to, "submerge") for m in minions for to in forced_steps(engine, m, "submerge")]
    things = [(f.id, to) for f in forced_artifacts.on_ground(engine, here) if (to := forced_artifacts.down(engine.view(), f, "submerge")[0])]
    if not moves and not things:
        engine.resolver.resolved(trigger, f"no minion or artifact at {engine.label(here)} can be submerged: nothing to choose")
        return
    listed = ", ".join([*(m for m, _, _ in moves), *(f for f, _ in things)])
    if not may(engine, trigger, f"submerge {listed} at {engine.label(here)}?", f"submerges {listed}", "nothing is submerged"):
        return
    forced_artifacts.move_all(engine, things, f"{engine.name_of(trigger.source)}: submerged", trigger.id)
    engine.force(moves, cause=trigger.id)


def _submerge_heavy(engine: Primitives, trigger: TriggerState) -> None:
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
    moves = [(m, to, "submerge") for m in atop for to in forced_steps(engine, m, "submerge")]
    engine.resolver.resolved(trigger, f"minions atop total {total} power: submerges {', '.join(m for m, _, _ in moves) or 'none'}")
    engine.force(moves, cause=trigger.id)


def _may_burrow_or_unburrow(engine: Primitives, trigger: TriggerState) -> None:
    """Undertaker Engine: each minion at its site may be burrowed (atop) or unburrowed (below)."""
    if trigger.subject in engine.state.features:  # an artifact lying at its site
        _may_burrow_or_unburrow_artifact(engine, trigger)
        return
    subject = engine.state.units[trigger.subject or ""]
    square = int((location_of_source(engine, trigger.source) or "0").split("/")[0])
    at = parse_loc(subject.location or "0")
    if not subject.alive or at.square != square:
        engine.resolver.resolved(trigger, f"{subject.id} is no longer at this site")
        return
    how, verb = ("burrow", "burrow") if at.region is Region.SURFACE else ("raise", "unburrow")
    targets = forced_steps(engine, subject.id, how) if at.region in (Region.SURFACE, Region.UNDERGROUND) else []
    if not targets:
        engine.resolver.resolved(trigger, f"{subject.id} can't be burrowed or unburrowed: nothing to choose")
        return
    if not may(engine, trigger, f"{verb} {subject.id}?", f"{verb}s {subject.id}", f"{subject.id} stays"):
        return
    engine.force([(subject.id, targets[0], how)], cause=trigger.id)


def _may_burrow_or_unburrow_artifact(engine: Primitives, trigger: TriggerState) -> None:
    """Undertaker Engine: an artifact lying at its site may be burrowed (atop) or unburrowed
    (below), as a minion may (engine/artifacts.py)."""
    thing = engine.state.features[trigger.subject or ""]
    square = int((location_of_source(engine, trigger.source) or "0").split("/")[0])
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
    forced_artifacts.move_all(engine, [(thing.id, to)], f"{engine.name_of(trigger.source)}: {verb}", trigger.id)


def _raise_target_site(engine: Primitives, trigger: TriggerState) -> None:
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
    moves = [(m, to, "raise") for m in below[int(chosen)] for to in forced_steps(engine, m, "raise")]
    how = f"{trigger.controller}'s choice" if len(options) > 1 else "the only nearby site with a minion below"
    engine.resolver.resolved(trigger, f"target {engine.label(chosen)} ({how}): {', '.join(m for m, _, _ in moves) or 'none'} surface")
    engine.force(moves, cause=trigger.id)


def _submerge_area(engine: Primitives, trigger: TriggerState) -> None:
    """Atlantean Fate: every minion atop a site of its 2x2 area is submerged (the verb: forced,
    needing no Submerge; digest 2.4), in square order; atop a land site the verb fails (the
    aura floods non-Ordinary sites first: its passive, cards/auras.py), and the outcome names them."""
    aura = engine.state.features[trigger.source]
    view = engine.view()
    moves: list[tuple[str, str]] = []
    stays: list[str] = []
    for unit in sorted(engine.state.living_units(), key=lambda u: (parse_loc(u.location or "").square, u.id)):
        at = parse_loc(unit.location or "")
        if unit.kind != "minion" or at.square not in aura.area or at.region is not Region.SURFACE or view.site_at(at.square) is None:
            continue
        if unit.carried_by is not None:
            continue  # goes with its carrier
        if not view.is_water(at.square):
            stays.append(f"{unit.id} (atop a land site)")
            continue
        moves.append((unit.id, Loc(at.square, Region.UNDERWATER).text))
    done = ", ".join(u for u, _ in moves) or "no minion"
    engine.resolver.resolved(trigger, f"submerges {done}" + (f"; not submerged: {', '.join(stays)}" if stays else ""))
    for unit_id, to in reversed(moves):
        frm = engine.state.units[unit_id].location or ""
        engine.resolver.declare_path(unit_id, [frm, to], "forced:submerge", None, cause=trigger.id, kinds=[FORCED_KINDS["submerge"]])


#: the resolvers of this module, by the name a card's ``Resolve`` gives (triggers/registry.py)
def _burrow_chosen(engine: Primitives, trigger: TriggerState) -> None:
    """Gravedigger's Genesis: the adjacent Undead its summon named is burrowed below its site (a
    forced burrow: one without Burrowing dies there, digest 1.6); one no longer there, or with
    no land site below, is not."""
    chosen = choices_of(trigger)
    if not chosen:
        engine.resolver.resolved(trigger, "no adjacent Undead to burrow")
        return
    unit = engine.state.units[chosen[0]]
    below = forced_steps(engine, unit.id, "burrow") if unit.alive else []
    if not below:
        engine.resolver.resolved(trigger, f"{unit.id} can't be burrowed (no longer in the realm, or not atop a land site)")
        return
    engine.resolver.resolved(trigger, f"burrows {unit.id}")
    engine.force([(unit.id, below[0], "burrow")], cause=trigger.id)


RESOLVERS: dict[str, Callable[[Primitives, TriggerState], None]] = {
    "burrow_chosen": _burrow_chosen,
    "submerge_then_return_to_hand": _mariners_curse,
        "burrow_occupant": _rest_in_peace,
        "may_submerge_here": _may_submerge_here,
        "submerge_if_heavy": _submerge_heavy,
        "may_burrow_or_unburrow": _may_burrow_or_unburrow,
        "raise_target_site": _raise_target_site,
        "submerge_area": _submerge_area,
    }
