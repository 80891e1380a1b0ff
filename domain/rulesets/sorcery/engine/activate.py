"""The ``activate`` command (codex: Activated Ability): the ability is checked and planned
(activations/), then carried out through the primitives: the ability used, its cost, the effects
it starts and ends, the units it taps, its movement as paths that resolve step by step, and what
follows the movement ("on arrival", "tap that enemy", "to burrow it") as an ``ActivationItem``
behind it on the storyline, resolved by ``follow_up`` from one table."""

from __future__ import annotations

from collections.abc import Callable

from domain.rulesets.sorcery import turning
from domain.rulesets.sorcery.activations import (
    at_distance,
    boulder,
    constrict,
    lures,
    moves,
    projectiles,
    registry,
    shackles,
    spear,
    untaps,
)
from domain.rulesets.sorcery.activations.sources import check
from domain.rulesets.sorcery.commands import Activate
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events import AbilityActivated, ActivationPlanned, EffectEnded, UnitTapped
from domain.rulesets.sorcery.spells import react
from domain.rulesets.sorcery.state import ActivationItem
from domain.rulesets.sorcery.triggers import match
from domain.rulesets.sorcery.triggers.cards import cage_lock


def activate(engine: Primitives, cmd: Activate) -> None:
    source, ability, player = check(engine, cmd)
    plan = registry.of(ability).plan(engine, source, ability, player, cmd.targets)
    plan.moves = turning.turned_moves(engine.state, plan.moves, cmd.turn, source.card)
    spec = ability.activated
    assert spec is not None
    engine.emit(AbilityActivated, source=source.id, card=source.card, ability=ability.name, player=player, targets=list(cmd.targets))
    if spec.cost == "tap":
        engine.emit(UnitTapped, unit=source.id, reason=f"{source.card}: {ability.name}")
    for effect, duration, label in plan.effects:
        engine.start_effect(source.id, source.controller, effect, duration, label)
    for effect_id in plan.ended:
        engine.emit(EffectEnded, effect_id=effect_id, reason=f"{source.id} used '{ability.name}' again")
    for unit_id in plan.taps:
        if not engine.state.units[unit_id].alive:
            continue  # died as the site was flooded under it
        engine.emit(UnitTapped, unit=unit_id, reason=f"{source.card}: {ability.name}")
        if getattr(spec, "tap_without_submerge", False):
            engine.start_effect(
                source.id, source.controller, {"kind": "stays_tapped", "unit": unit_id}, "until_untap",
                f"{source.card}: {unit_id} doesn't untap the next time it would",
            )
    for event_type, fields in plan.said:
        engine.emit(event_type, **fields)
    for unit_id, path, purpose, kinds in reversed(plan.moves):  # each goes to the front: the first resolves first
        engine.resolver.declare_path(unit_id, path, purpose, None, kinds=kinds)
    for item in plan.after:
        engine.emit(ActivationPlanned, item=item)


def _cast_resolved(engine: Primitives, item: ActivationItem) -> None:
    match.cast_resolved(engine.resolver, item)


def _then_attack(engine: Primitives, item: ActivationItem) -> None:
    match.then_attack(engine.resolver, item)


#: what follows a movement on the storyline, by the item's ``then``: an activated ability's, a
#: spell's (``react:``), or a triggered ability's (a cage locking the minion it teleported)
FOLLOW_UPS: dict[str, Callable[[Primitives, ActivationItem], None]] = {
    "tap_others": moves.tap_others,
    "burrow": moves.burrow,
    "tap": lures.tap,
    "damage_heal": lures.damage_and_heal,
    "roll": boulder.roll,
    "spear": spear.resolve,
    "dragged": projectiles.dragged,
    "drag_submerge": projectiles.drag_submerge,
    "ranged_strike": projectiles.ranged_strike,
    "damage_at": at_distance.damage_at,
    "kill_at": at_distance.kill_at,
    "projectile_damage": projectiles.projectile_damage,
    "untap": untaps.untap,
    "hurt_untap": untaps.hurt_untap,
    "constrict": constrict.resolve,
    "release": shackles.resolve_release,
    "cage_lock": cage_lock,
    "react:joust": react.joust,
    "react:submerge_there": react.submerge_there,
    "react:may_attack_there": _then_attack,
    "react:after_cast": _cast_resolved,
}


def follow_up(engine: Primitives, item: ActivationItem) -> None:
    FOLLOW_UPS[item.then](engine, item)
