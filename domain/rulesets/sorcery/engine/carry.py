"""Carrying units: Pick Up and Drop, and who may carry whom (codex: Carrying Units, Pick Up, Drop;
digest 2.6, gap 11)."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand, suggest
from domain.rules import RuleRef
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.commands import Drop, PickUp
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import OWN_UNITS, Reader
from domain.rulesets.sorcery.events import AbilityUsed, UnitDropped, UnitPickedUp, UnitPlaced
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import SorceryUnit

ONCE_PER_TURN = rule("codex: Pick Up", "Pick Up and Drop are each used once on your turn")


def carry_refusal(engine: Reader, carrier: SorceryUnit, unit: SorceryUnit) -> RuleRef | None:
    """Why ``carrier`` can't carry ``unit`` now (codex: Carrying Units; digest 2.6, gap 11)."""
    ability = next((a for a in abilities_of(carrier.card) if a.carry), None)
    view = engine.view()
    if ability is None or carrier.carries == 0:
        return rule("codex: Carrying Units", f"{carrier.card} can't carry units")
    where = parse_loc(carrier.location or "")
    if view.silenced(carrier.id, where) is not None or view.disabled(carrier.id, where) is not None:
        return rule("codex: Carrying Units", f"{carrier.card} has lost its ability to carry units")
    if unit.id == carrier.id or not unit.alive:
        return rule("codex: Carrying Units", "a carrier carries other units in the realm")
    kind = ability.carry_allies
    if kind != "any_minion" and unit.owner != carrier.owner:
        return rule(carrier.card, f"{ability.name}: allies only")
    if kind in ("minion", "weaker_minion", "any_minion") and unit.kind != "minion":
        return rule(carrier.card, f"{ability.name}: minions only")
    if kind == "weaker_minion" and view.power(unit.id) >= view.power(carrier.id):
        return rule(carrier.card, f"{ability.name}: only a weaker one (strictly less power; digest gap 11)")
    if (fixed := view.unmovable(unit.id)) is not None:  # a carried unit moves by force (digest 2.6)
        return fixed
    if carrier.location != unit.location:
        return rule("codex: Pick Up", "units are picked up at the carrier's location")
    if unit.carried_by == carrier.id:
        return rule("codex: Pick Up", "that unit is already carried by it")
    if len(view.passengers(carrier.id)) >= carrier.carries:
        return rule(carrier.card, f"{ability.name}: it can carry only {carrier.carries} unit(s)")
    return None


def _carrier(engine: Primitives, cmd: PickUp | Drop, used: str, name: str) -> SorceryUnit:
    """The player's own unit in the realm, which hasn't used this basic ability this turn."""
    carrier = engine.unit(cmd.unit)
    player = engine.player(cmd.player, carrier.owner)
    engine.check_main_phase(player)
    if carrier.owner != player or not carrier.alive:
        raise IllegalCommand(OWN_UNITS, f"{carrier.id} is not {player}'s unit in the realm")
    if f"{used}:{carrier.id}" in engine.state.used_this_turn:
        raise IllegalCommand(ONCE_PER_TURN, f"{carrier.id} has used {name} this turn")
    return carrier


def pick_up(engine: Primitives, cmd: PickUp) -> None:
    carrier = _carrier(engine, cmd, "pick_up", "Pick Up")
    if not cmd.targets:
        raise BadInput("name the units to pick up", "targets")
    engine.emit(AbilityUsed, unit=carrier.id, ability="pick_up")
    for target_id in cmd.targets:
        unit = engine.unit(target_id)
        refusal = carry_refusal(engine, engine.state.units[carrier.id], unit)
        if refusal is not None:
            raise IllegalCommand(refusal, f"{carrier.id} can't pick up {unit.id}")
        if unit.carried_by is not None:
            engine.emit(UnitDropped, unit=unit.id, carrier=unit.carried_by, at=unit.location, reason=f"picked up by {carrier.id}")
        engine.emit(UnitPickedUp, carrier=carrier.id, unit=unit.id)


def drop(engine: Primitives, cmd: Drop) -> None:
    carrier = _carrier(engine, cmd, "drop", "Drop")
    if f"interacted:{carrier.id}" in engine.state.used_this_turn:
        raise IllegalCommand(rule("codex: Drop", "only if the unit hasn't interacted with the realm this turn"), f"{carrier.id} has struck this turn")
    carried = engine.view().passengers(carrier.id)
    targets = cmd.targets or carried
    for target in targets:
        if target not in carried:
            raise IllegalCommand(rule("codex: Drop", "a unit drops only what it carries"), f"{carrier.id} doesn't carry {target}")
        if engine.view().held_by(target) is not None:
            raise IllegalCommand(rule(carrier.card, "a swallowed minion can't be dropped (FAQ)"), f"{carrier.id} holds {target}")
    engine.emit(AbilityUsed, unit=carrier.id, ability="drop")
    for target in targets:
        engine.emit(UnitDropped, unit=target, carrier=carrier.id, at=carrier.location, reason="dropped (Drop)")
    engine.settle(engine.cause)


def set_carried(engine: Primitives, unit_id: str, carrier_id: str, where: str) -> None:
    carrier = engine.state.units.get(carrier_id)
    unit = engine.state.units[unit_id]
    if carrier is None:
        raise BadInput(f"unknown unit {carrier_id!r}{suggest(carrier_id, engine.state.units, 'units')}", where)
    refusal = carry_refusal(engine, carrier, unit)
    if refusal is not None:
        raise BadInput(str(refusal), where)
    engine.emit(
        UnitPlaced, unit=unit.model_copy(update={"carried_by": carrier_id}),
        not_modelled=engine.state.not_modelled.get(unit_id),
    )
