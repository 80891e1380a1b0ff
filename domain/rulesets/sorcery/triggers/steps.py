"""Resolvers of triggered abilities whose units take steps of their own (digest 2.1: their
keywords apply; Immobile and Disabled stop them as each step comes): a "may take a step",
lures toward a card, Genesis steps, Sturmgeist's step toward a caster, Bladedancer's step and
second attack."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.rulesets.sorcery.effects import Scope, parse_spec
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events import (
    ActivationPlanned,
    UnitTapped,
)
from domain.rulesets.sorcery.events_combat import AttackPlanned
from domain.rulesets.sorcery.movement import SorceryMovement
from domain.rulesets.sorcery.realm import COLUMNS, ROWS, Loc, Region, parse_loc
from domain.rulesets.sorcery.state import ActivationItem, EffectState
from domain.rulesets.sorcery.triggers.choices import answer as answer_choice
from domain.rulesets.sorcery.triggers.choices import may, may_step, one_of, pick
from domain.rulesets.sorcery.triggers.common import (
    choices_of,
    step,
)
from domain.state import TriggerState

#: what Aino's step needs for the moment it is taken: the top and bottom edges connected for her
_ACROSS = {"kind": "as_if_connected"}


def _may_burrow(engine: Primitives, trigger: TriggerState) -> None:
    """Gneissgnath Gnomes: it burrows itself, by its own Burrowing (an own step down)."""
    unit = engine.state.units[trigger.source]
    at = parse_loc(unit.location or "")
    below = Loc(at.square, Region.UNDERGROUND).text
    if below not in engine.own_steps(unit.id):
        engine.resolver.resolved(trigger, f"{unit.id} can't burrow from {engine.label(at.text)}: nothing to choose")
        return
    if not may(engine, trigger, f"burrow {unit.id} at {engine.label(at.text)}?", f"{unit.id} burrows", f"{unit.id} does not burrow"):
        return
    step(engine, trigger, unit.id, below)


def _may_step(engine: Primitives, trigger: TriggerState) -> None:
    """Questing Beast: it may take a step of its own; the player picks where, or no."""
    unit = engine.state.units[trigger.source]
    answer = may_step(engine, trigger, unit.id)
    if answer is not None:
        step(engine, trigger, unit.id, answer)


def _opposite_edge(square: int) -> int | None:
    """The square across the top or bottom edge of the realm in the same column, if any."""
    row = (square - 1) // COLUMNS
    if row == 0:
        return square + COLUMNS * (ROWS - 1)
    if row == ROWS - 1:
        return square - COLUMNS * (ROWS - 1)
    return None


def _steps_across(engine: Primitives, unit_id: str) -> list[str]:
    """Aino's own steps across the top or bottom edge: judged on a copy of the state where the
    edges are connected for her (codex: As If Connected), so every other rule still applies."""
    unit = engine.state.units[unit_id]
    at = parse_loc(unit.location or "")
    across = _opposite_edge(at.square)
    if across is None:
        return []
    probe = engine.state.model_copy(deep=True)
    probe.effects["probe"] = EffectState(
        id="probe", source=unit_id, controller=unit.owner, spec=parse_spec({**_ACROSS, "unit": unit_id}),
        duration="this_turn", label="probe", started_turn=probe.turn,
    )
    probe.changed()
    model = SorceryMovement(probe, basic=False)
    if model.no_movement(unit_id) is not None:
        return []
    return [o.to for o in model.step_options(unit_id, at.text) if o.blocked is None and parse_loc(o.to).square == across]


def _aino(engine: Primitives, trigger: TriggerState) -> None:
    """Aino: she may take a step of her own between the top and bottom edges of the realm, and
    gains Stealth by it (kept while she is in the realm, as Sly Fox's: STEALTH_KEPT)."""
    unit = engine.state.units[trigger.source]
    answer = pick(
        engine, trigger, "may_step", _steps_across(engine, unit.id),
        f"does {unit.id} step across the edge of the realm, and to where?",
        f"{unit.id} can take no step across the top or bottom edge: nothing to choose", f"{unit.id} takes no step",
        lambda to: f"{unit.id} steps across the edge to {engine.label(to)} and gains Stealth",
    )
    if answer is None:
        return
    engine.start_effect(
        unit.id, unit.owner, {**_ACROSS, "unit": unit.id}, "this_turn",
        f"{unit.card}: {unit.id} steps between the top and bottom edges", cause=trigger.id,
    )
    engine.start_effect(
        unit.id, unit.owner, {"kind": "grant", "unit": unit.id, "keywords": ["Stealth"]}, "while_in_realm",
        f"{unit.card}: {unit.id} gained Stealth", cause=trigger.id,
    )
    step(engine, trigger, unit.id, answer)


def _toward(engine: Primitives, unit_id: str, square: int) -> list[str]:
    """The unit's own steps that end closer to ``square`` (digest 1.4: steps counted orthogonally)."""
    at = parse_loc(engine.state.units[unit_id].location or "")
    view = engine.view()
    return [to for to in engine.own_steps(unit_id) if view.steps_apart(parse_loc(to).square, square) < view.steps_apart(at.square, square)]


def _lure_target(engine: Primitives, trigger: TriggerState) -> None:
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
    picked = one_of(engine, trigger, "target_step", options, "which nearby enemy minion steps toward it, and to where?", "the only nearby enemy minion's only step toward it")
    if picked is None:
        return
    chosen, how = picked
    unit_id, to = chosen.split(">", 1)
    engine.resolver.resolved(trigger, f"{unit_id} takes a step toward it, to {engine.label(to)} ({how})")
    step(engine, trigger, unit_id, to)


def _lure_adjacent(engine: Primitives, trigger: TriggerState) -> None:
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
        (moved if target in engine.own_steps(unit.id) else stuck).append(unit.id)
    if not moved and not stuck:
        engine.resolver.resolved(trigger, "no enemy minion is atop an adjacent site")
        return
    note = f"; {', '.join(stuck)} can't step there" if stuck else ""
    engine.resolver.resolved(trigger, f"{', '.join(moved) or 'no minion'} takes a step to {engine.label(target)}{note}")
    for unit_id in reversed(moved):
        step(engine, trigger, unit_id, target)


def _tap_and_step(engine: Primitives, trigger: TriggerState) -> None:
    """Mesmer Demon, Screamer: tap the enemy (an effect may tap even a disabled unit: digest
    2.4), then it takes the step itself (its own movement: Immobile or Disabled stop it as it
    resolves, digest 2.1)."""
    chosen = choices_of(trigger)
    if not chosen:
        engine.resolver.resolved(trigger, "no enemy minion adjacent: nothing happens")
        return
    enemy = engine.state.units[chosen[0]]
    if not enemy.alive or enemy.location is None:
        engine.resolver.resolved(trigger, f"{enemy.id} is no longer in the realm")
        return
    card_name = engine.name_of(trigger.source)
    step = f" and makes it step to {engine.label(chosen[1])}" if len(chosen) > 1 else ": it has no such step to take"
    engine.resolver.resolved(trigger, f"taps {enemy.id}{step}")
    if not enemy.tapped:
        engine.emit(UnitTapped, cause=trigger.id, unit=enemy.id, reason=f"{card_name}'s Genesis")
    if len(chosen) > 1:
        engine.declare_path(enemy.id, [enemy.location, chosen[1]], f"step:{trigger.ability}", None, cause=trigger.id)


def _takes_a_step(engine: Primitives, trigger: TriggerState) -> None:
    chosen = choices_of(trigger)
    unit = engine.state.units[trigger.source]
    if not chosen or not unit.alive or unit.location is None:
        engine.resolver.resolved(trigger, f"{unit.id} has no step to take")
        return
    engine.resolver.resolved(trigger, f"{unit.id} takes a step to {engine.label(chosen[0])}")
    engine.declare_path(unit.id, [unit.location, chosen[0]], f"step:{trigger.ability}", None, cause=trigger.id)


def _roll_forward(engine: Primitives, trigger: TriggerState) -> None:
    """Hotwheel: two of its own steps toward its controller's far edge (docs/sorcery.md:
    "forward"); a step off the realm is not taken; a step the unit can't take is refused."""
    unit = engine.state.units[trigger.source]
    if not unit.alive or unit.location is None:
        engine.resolver.resolved(trigger, f"{unit.id} is no longer in the realm")
        return
    at = parse_loc(unit.location)
    d_row = -1 if unit.owner == engine.state.players[0] else 1
    _, rows = engine.view().wrap
    path = [at.text]
    row, column = divmod(at.square - 1, COLUMNS)
    for _ in range(2):
        row += d_row
        if rows:
            row %= ROWS
        if not 0 <= row < ROWS:
            break
        path.append(Loc(row * COLUMNS + column + 1, at.region).text)
    if len(path) == 1:
        engine.resolver.resolved(trigger, f"{unit.id} is at its far edge: no step forward")
        return
    engine.resolver.resolved(trigger, f"{unit.id} rolls forward to {' then '.join(engine.label(p) for p in path[1:])}")
    engine.declare_path(unit.id, path, f"step:{trigger.ability}", None, cause=trigger.id)


def _step_closer(engine: Primitives, trigger: TriggerState) -> None:
    """Sturmgeist FAQ: the location it could step to by its own movement that is closest to the
    caster, counted in steps (digest 1.4); ties are its controller's choice; no step is closer:
    no step."""
    unit = engine.state.units[trigger.source]
    target = engine.state.units[trigger.subject or ""]
    if not target.alive or target.location is None:
        engine.resolver.resolved(trigger, f"{target.id} is no longer in the realm: no step")
        return
    goal = parse_loc(target.location).square
    view = engine.view()
    now = view.steps_apart(parse_loc(unit.location or "").square, goal)
    steps = [(to, view.steps_apart(parse_loc(to).square, goal)) for to in engine.own_steps(unit.id)]
    closer = [(to, d) for to, d in steps if d < now]
    if not closer:
        engine.resolver.resolved(trigger, f"{unit.id} can take no step closer to {target.id}")
        return
    best = min(d for _, d in closer)
    options = [to for to, d in closer if d == best]
    to = options[0]
    if len(options) > 1:
        chosen = answer_choice(engine, trigger, "step_closer", options, f"which step takes {unit.id} closest to {target.id}?")
        if chosen is None:
            return
        to = chosen
        decided = f"{trigger.controller}'s choice of the closest steps"
    else:
        decided = "the only closest step"
    engine.resolver.resolved(trigger, f"{unit.id} steps closer to {target.id}, to {engine.label(to)} ({decided})")
    frm = unit.location or ""
    engine.declare_path(unit.id, [frm, to], "step:sturmgeist", None, cause=trigger.id)


def _may_step_then_attack(engine: Primitives, trigger: TriggerState) -> None:
    """Bladedancer FAQ: once the first attack is over, she may take a step to a different
    location (it can't be intercepted); when she does, she may attack a unit there: a real
    second attack, asked once the step has resolved."""
    unit = engine.state.units[trigger.source]
    if trigger.params.get("then") == "attack":
        _may_attack_there(engine, trigger, unit)
        return
    answer = may_step(engine, trigger, unit.id)
    if answer is None:
        return
    engine.declare_path(unit.id, [unit.location or "", answer], "step:bladedancer", None, cause=trigger.id)
    engine.emit(ActivationPlanned, cause=trigger.id, item=ActivationItem(
        source=unit.id, then="react:may_attack_there", unit=unit.id, to=answer, player=unit.owner,
    ))


def _may_attack_there(engine: Primitives, trigger: TriggerState, unit: Any) -> None:
    view = engine.view()
    targets = [
        u.id for u in sorted(engine.state.living_units(), key=lambda u: u.id)
        if u.location == unit.location and u.owner != unit.owner and view.attack_refusal(unit.id, u.id) is None
    ]
    answer = pick(
        engine, trigger, "may_attack", targets, f"which unit does {unit.id} attack there, if any?",
        f"no unit at {engine.label(unit.location or '')} {unit.id} may attack: nothing to choose",
        f"{unit.id} attacks no unit there", lambda target: f"{unit.id} attacks {target}",
    )
    if answer is None:
        return

    engine.emit(AttackPlanned, cause=trigger.id, unit=unit.id, target=answer)


#: the resolvers of this module, by the name a card's ``Resolve`` gives (triggers/registry.py)
RESOLVERS: dict[str, Callable[[Primitives, TriggerState], None]] = {
    "may_burrow": _may_burrow,
        "may_step": _may_step,
        "may_step_across_edges": _aino,
        "lure_target": _lure_target,
        "lure_adjacent": _lure_adjacent,
        "tap_and_step": _tap_and_step,
        "takes_a_step": _takes_a_step,
        "roll_forward": _roll_forward,
        "step_closer_to_caster": _step_closer,
        "step_then_attack": _may_step_then_attack,
    }
