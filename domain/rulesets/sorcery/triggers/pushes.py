"""Resolvers of triggered abilities that push or pull units one step (codex: Push, Pull; digest
2.7: forced, in the unit's region): Nightmare, Sold-out Cemetery, Wind Sylph, Undertow, Mudslide,
Maelström."""

from __future__ import annotations

from collections.abc import Callable
from itertools import product

from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.movement import FORCED_KINDS, ForcedMovement
from domain.rulesets.sorcery.realm import COLUMNS, Loc, Region, parse_loc
from domain.rulesets.sorcery.triggers.choices import NO, one_of, pick
from domain.rulesets.sorcery.triggers.choices import answer as answer_choice
from domain.rulesets.sorcery.triggers.common import (
    choices_of,
    forced_steps,
    location_of_source,
)
from domain.state import TriggerState


def _may_push_enemy_here(engine: Primitives, trigger: TriggerState) -> None:
    """Nightmare: each enemy minion here may be pushed to an adjacent location or void (one
    trigger, one choice for each)."""
    subject = engine.state.units[trigger.subject or ""]
    here = location_of_source(engine, trigger.source)
    if not subject.alive or subject.location != here:
        engine.resolver.resolved(trigger, f"{subject.id} is no longer here")
        return
    how_of = {to: "push" for to in forced_steps(engine, subject.id, "push")}
    how_of.update({to: "push_void" for to in forced_steps(engine, subject.id, "push_void")})
    answer = pick(
        engine, trigger, "may_push", sorted(how_of, key=lambda loc: (parse_loc(loc).square, loc)),
        f"push {subject.id} where, if anywhere?", f"{subject.id} can be pushed nowhere: nothing to choose",
        f"{subject.id} is not pushed", lambda to: f"pushes {subject.id} to {engine.label(to)}",
    )
    if answer is None:
        return
    engine.force([(subject.id, answer, how_of[answer])], cause=trigger.id)


def _cemetery_push(engine: Primitives, trigger: TriggerState) -> None:
    """Sold-out Cemetery: when Undead enter it, another Undead here (at either level of the site,
    not the one that entered) is pushed away one step: to an adjacent location in its region
    (codex: Push). Not a "may": the site's controller picks which and where when there are two or
    more ways (``unit>location``); none, nothing happens."""


    site = engine.state.features[trigger.source]
    square = int(site.location or "0")
    view = engine.view()
    model = ForcedMovement(engine.state, "push")
    options = []
    for other in sorted(engine.state.living_units(), key=lambda u: u.id):
        if other.id == trigger.subject or other.location is None or other.carried_by is not None:
            continue
        if parse_loc(other.location).square != square or "Undead" not in view.subtypes(other):  # type: ignore[arg-type]  # Sorcery's units
            continue
        options += [f"{other.id}>{o.to}" for o in model.step_options(other.id, other.location) if o.blocked is None]
    if not options:
        engine.resolver.resolved(trigger, f"no other Undead at {engine.label(str(square))} can be pushed away: nothing happens")
        return
    picked = one_of(engine, trigger, "target_push", options, "which other Undead here is pushed away, and to where? unit>location", "the only way")
    if picked is None:
        return
    chosen, how = picked
    pushed, to = chosen.split(">", 1)
    frm = engine.state.units[pushed].location or ""
    engine.resolver.resolved(trigger, f"pushes {pushed} away to {engine.label(to)} ({how})")
    engine.resolver.declare_path(pushed, [frm, to], "forced:push", None, cause=trigger.id, kinds=[FORCED_KINDS["push"]])


def _may_push_here(engine: Primitives, trigger: TriggerState) -> None:
    """Wind Sylph: she may push a unit at her location one step (forced: a push stays in its
    region; codex: Step); the player picks the unit and where, or no."""
    unit = engine.state.units[trigger.source]
    here = unit.location or ""
    model = ForcedMovement(engine.state, "push")
    options = []
    for other in sorted(engine.state.living_units(), key=lambda u: u.id):
        if other.location == here and other.carried_by is None:
            options += [f"{other.id}>{o.to}" for o in model.step_options(other.id, here) if o.blocked is None]
    if not options:
        engine.resolver.resolved(trigger, f"no unit at {engine.label(here)} can be pushed: nothing to choose")
        return
    answer = answer_choice(engine, trigger, "may_push", [*options, NO], "push a unit here one step? unit>location, or no")
    if answer is None:
        return
    if answer == NO:
        engine.resolver.resolved(trigger, f"{unit.id} pushes no unit ({trigger.controller}'s choice)")
        return
    pushed, to = answer.split(">", 1)
    engine.resolver.resolved(trigger, f"{unit.id} pushes {pushed} to {engine.label(to)} ({trigger.controller}'s choice)")
    engine.resolver.declare_path(pushed, [here, to], "forced:push", None, cause=trigger.id, kinds=[FORCED_KINDS["push"]])


def _undertow(engine: Primitives, trigger: TriggerState) -> None:
    """Undertow: the target unit is moved one step (forced, staying in its region: Undertow FAQ,
    "a normal step"), to a location of the body of water; a ban met then refuses it."""
    chosen = choices_of(trigger)
    if not chosen:
        engine.resolver.resolved(trigger, "no unit in this body of water to move: nothing happens")
        return
    unit_id, to = chosen
    unit = engine.state.units[unit_id]
    if not unit.alive or unit.location is None:
        engine.resolver.resolved(trigger, f"{unit_id} is no longer in the realm")
        return
    engine.resolver.resolved(trigger, f"moves {unit_id} one step to {engine.label(to)}")
    engine.force([(unit_id, to, "push")], cause=trigger.id)


def _mudslide(engine: Primitives, trigger: TriggerState) -> None:
    """Mudslide: every unit at a land site of its column (either level; not a carried one, which
    goes with its carrier) is pushed one step to the side chosen once for all (Mudslide FAQ),
    staying in its region; one with nowhere to go there stays, and the outcome says so."""
    side = choices_of(trigger)[0]
    square = int(trigger.params["square"] or 0)
    column = (square - 1) % COLUMNS
    view = engine.view()
    d_col = -1 if side == "west" else 1
    moves: list[tuple[str, str]] = []
    stays: list[str] = []
    for unit in sorted(engine.state.living_units(), key=lambda u: (parse_loc(u.location or "").square, u.id)):
        at = parse_loc(unit.location or "")
        site = view.site_at(at.square)
        if (at.square - 1) % COLUMNS != column or site is None or view.is_water(at.square) or at.region is Region.VOID:
            continue
        if unit.carried_by is not None:
            continue
        c = column + d_col
        columns, _ = view.wrap
        if columns:
            c %= COLUMNS
        to = Loc(at.square + (c - column), at.region)
        if not 0 <= c < COLUMNS or not view.location_exists(to):
            stays.append(f"{unit.id} (no {at.region.value} location to its {side})")
            continue
        moves.append((unit.id, to.text))
    slid = ", ".join(f"{u} to {engine.label(t)}" for u, t in moves) or "no unit"
    engine.resolver.resolved(trigger, f"slides {slid} ({side})" + (f"; stays: {', '.join(stays)}" if stays else ""))
    engine.force([(unit_id, to, "push") for unit_id, to in moves], cause=trigger.id)


def _closer_pulls(engine: Primitives, unit_id: str, target: int) -> list[str]:
    """Where a pull takes the unit one step closer to ``target``: an orthogonal step in its
    region (digest 2.7) that the forced-movement model allows."""

    unit = engine.state.units[unit_id]
    at = parse_loc(unit.location or "")
    model = ForcedMovement(engine.state, "pull")
    view = engine.view()
    return [
        o.to for o in model.step_options(unit_id, at.text)
        if o.blocked is None and view.steps_apart(parse_loc(o.to).square, target) < view.steps_apart(at.square, target)
    ]


def _maelstrom(engine: Primitives, trigger: TriggerState) -> None:
    """Maelström: each minion occupying a site of its body of water (but its own) is pulled in
    one step, toward it, or none is (its FAQ: all or nothing). One answer says so: "no", or
    "yes" when every pull has one place to go, else one option per way of choosing the squares
    of the minions with two (``unit>location`` pairs, ``;``-separated)."""

    site = engine.state.features[trigger.source]
    square = parse_loc(site.location or "").square
    view = engine.view()
    body = view.body_of_water(square) - {square}
    minions = [
        u for u in sorted(engine.state.living_units(), key=lambda u: u.id)
        if u.kind == "minion" and u.location and u.carried_by is None
        and parse_loc(u.location).square in body and parse_loc(u.location).region in (Region.SURFACE, Region.UNDERWATER)
    ]
    ways = [(u.id, closer) for u in minions if (closer := _closer_pulls(engine, u.id, square))]
    if not ways:
        engine.resolver.resolved(trigger, "no minion in its body of water can be pulled in: nothing to choose")
        return
    combos = [";".join(f"{u}>{t}" for u, t in zip([u for u, _ in ways], pick, strict=True)) for pick in product(*(t for _, t in ways))]
    options = ["yes"] if len(combos) == 1 else combos
    chosen = answer_choice(engine, trigger, "may", [*options, "no"], "pull in each minion of its body of water one step?")
    if chosen is None:
        return
    if chosen == "no":
        engine.resolver.resolved(trigger, f"no minion is pulled in ({trigger.controller}'s choice)")
        return
    pulls = [pair.split(">", 1) for pair in (combos[0] if chosen == "yes" else chosen).split(";")]
    engine.resolver.resolved(trigger, "pulls in " + ", ".join(f"{u} to {engine.label(t)}" for u, t in pulls) + f" ({trigger.controller}'s choice)")
    for unit_id, to in reversed(pulls):  # each path goes to the front: the first listed resolves first
        frm = engine.state.units[unit_id].location or ""
        engine.resolver.declare_path(unit_id, [frm, to], "forced:pull", None, cause=trigger.id, kinds=["pull"])


#: the resolvers of this module, by the name a card's ``Resolve`` gives (triggers/registry.py)
RESOLVERS: dict[str, Callable[[Primitives, TriggerState], None]] = {
    "may_push": _may_push_enemy_here,
        "push_another_undead_away": _cemetery_push,
        "push_a_unit_here": _may_push_here,
        "move_in_body_of_water": _undertow,
        "slide": _mudslide,
        "may_pull_in": _maelstrom,
    }
