"""Carrying units and artifacts: Pick Up and Drop, and who may carry whom (codex: Carrying Units,
Carrying Artifacts, Pick Up, Drop; digest 2.1, 2.6, 4.1, gap 11)."""

from __future__ import annotations

from domain.errors import BadInput, IllegalCommand, suggest
from domain.rules import RuleRef
from domain.rulesets.sorcery.abilities import Ability
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.catalog import card
from domain.rulesets.sorcery.commands import Drop, PickUp
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.engine.reader import OWN_UNITS, Reader
from domain.rulesets.sorcery.events import AbilityUsed, UnitDropped, UnitPickedUp, UnitPlaced
from domain.rulesets.sorcery.events_artifacts import ArtifactDropped, ArtifactPickedUp
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import CardState, SorceryState, SorceryUnit
from domain.rulesets.sorcery.uncarriable import CANT_BE_CARRIED, uncarriable_places

ONCE_PER_TURN = rule("codex: Pick Up", "Pick Up and Drop are each used once on your turn")
PICK_UP_HERE = rule("codex: Pick Up", "a unit picks up artifacts lying at its location")
DROP_OWN = rule("codex: Drop", "a unit drops only what it carries")
NOT_INTERACTED = rule("codex: Drop", "only if the unit hasn't interacted with the realm this turn")
#: a Monument is an artifact, but whether one may be carried is not in the sources (digest 5)
MONUMENT = rule("codex: Carrying Artifacts", "whether a Monument can be carried is not in the sources: not modelled")


def artifact_refusal(engine: Reader, unit: SorceryUnit, feature: CardState) -> RuleRef | None:
    """Why ``unit`` can't pick up ``feature`` now: Pick Up is a basic ability of every unit, so
    a disabled one has none (codex: Disabled), and it takes an artifact lying at its location
    (codex: Pick Up). A Red Rock of Ravannis there says "Artifacts can't be carried here"
    (``uncarriable.py``)."""
    if (why := _disabled(engine, unit)) is not None:
        return why
    if feature.bearer is not None or feature.location != unit.location:
        return PICK_UP_HERE
    if "Monument" in card(feature.card).subtypes:
        return MONUMENT
    forbidden_by = uncarriable_places(engine.state).get(unit.location or "")
    if forbidden_by is not None:
        return rule(forbidden_by, CANT_BE_CARRIED, "ongoing")
    return None


def artifact_drop_refusal(engine: Reader, unit: SorceryUnit, feature: CardState) -> RuleRef | None:
    """Why ``unit`` can't drop ``feature`` now, besides Drop's once on the turn and not after
    interacting: it must bear it, not be disabled, and no ability may forbid it (``Ability.
    undroppable``: Magnetic Muzzle, Tabula Rasa and Blade of Thorns can't be dropped by their
    bearer, Lord of Greed drops no artifact, Cursed Iron's area keeps what is borne there;
    can't beats can, codex: Can vs. Can't)."""
    if feature.bearer != unit.id:
        return DROP_OWN
    if (why := _disabled(engine, unit)) is not None:
        return why
    for name, kind in ((feature.card, "itself"), (unit.card, "borne")):
        ability = _undroppable(name, kind)
        if ability is not None:
            return rule(name, ability.name)
    square = parse_loc(unit.location or "").square
    for other in engine.state.features.values():
        if other.kind == "aura" and square in other.area and (ability := _undroppable(other.card, "here")) is not None:
            return rule(other.card, ability.name)
    return None


def _undroppable(name: str, kind: str) -> Ability | None:
    """The card's ability that forbids a Drop of this ``kind`` (``Ability.undroppable``), if any."""
    return next((a for a in abilities_of(name) if a.undroppable == kind), None)


def _disabled(engine: Reader, unit: SorceryUnit) -> RuleRef | None:
    """A disabled unit's refusal: no abilities, basic ones included (codex: Disabled)."""
    why = engine.view().disabled(unit.id, parse_loc(unit.location or ""))
    if why is None:
        return None
    return rule("codex: Disabled", f"a disabled unit has no abilities, basic ones included ({why.source}: {why.message})")


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
    if _carries(engine.state, unit.id, carrier.id):
        return rule("codex: Carrying Units", f"{unit.id} carries it (directly or through its passengers): a unit can't carry its own carrier")
    if len(view.passengers(carrier.id)) >= carrier.carries:
        return rule(carrier.card, f"{ability.name}: it can carry only {carrier.carries} unit(s)")
    return None


def _carries(state: SorceryState, carrier_id: str, unit_id: str) -> bool:
    """Whether ``carrier_id`` carries ``unit_id``, directly or through units it carries (digest
    2.6: carried units may carry others): what a pick-up must not turn into a loop."""
    seen: set[str] = set()
    current = state.units[unit_id].carried_by
    while current is not None and current not in seen:
        if current == carrier_id:
            return True
        seen.add(current)
        holder = state.units.get(current)
        current = holder.carried_by if holder is not None else None
    return False


def _carrier(engine: Primitives, cmd: PickUp | Drop, used: str, name: str) -> SorceryUnit:
    """The player's own unit in the realm, which hasn't used this basic ability this turn; the
    targets named once each."""
    carrier = engine.unit(cmd.unit)
    if len(set(cmd.targets)) != len(cmd.targets):
        raise BadInput(f"name each target once: {', '.join(t for t in dict.fromkeys(cmd.targets) if cmd.targets.count(t) > 1)} twice", "targets")
    player = engine.player(cmd.player, carrier.owner)
    engine.check_main_phase(player)
    if carrier.owner != player or not carrier.alive:
        raise IllegalCommand(OWN_UNITS, f"{carrier.id} is not {player}'s unit in the realm")
    if f"{used}:{carrier.id}" in engine.state.used_this_turn:
        raise IllegalCommand(ONCE_PER_TURN, f"{carrier.id} has used {name} this turn")
    return carrier


def _artifact(engine: Reader, target_id: str) -> CardState | None:
    """The artifact ``target_id`` names, None when it names no card of the realm (then a unit);
    another card (a site, an aura) is bad input."""
    feature = engine.state.features.get(target_id)
    if feature is None:
        if target_id not in engine.state.units:
            known = [*engine.state.units, *(f for f, c in engine.state.features.items() if c.kind == "artifact")]
            raise BadInput(f"unknown unit or artifact {target_id!r}{suggest(target_id, known, 'units and artifacts')}", "targets")
        return None
    if feature.kind != "artifact":
        raise BadInput(f"{target_id} is a {feature.kind}, not an artifact or a unit", "targets")
    return feature


def pick_up(engine: Primitives, cmd: PickUp) -> None:
    carrier = _carrier(engine, cmd, "pick_up", "Pick Up")
    if not cmd.targets:
        raise BadInput("name the units or artifacts to pick up", "targets")
    # the artifacts are judged together as the ability resolves, before any is borne (Iron
    # Shackles picked up disables its bearer, and must not refuse what it picks up beside them)
    artifacts = [f for f in (_artifact(engine, t) for t in cmd.targets) if f is not None]
    for feature in artifacts:
        refused = artifact_refusal(engine, carrier, feature)
        if refused is not None:
            raise IllegalCommand(refused, f"{carrier.id} can't pick up {feature.id}")
    engine.emit(AbilityUsed, unit=carrier.id, ability="pick_up")
    for target_id in cmd.targets:
        if target_id in {f.id for f in artifacts}:
            continue  # picked up once the units are (below)
        unit = engine.unit(target_id)
        refusal = carry_refusal(engine, engine.state.units[carrier.id], unit)
        if refusal is not None:
            raise IllegalCommand(refusal, f"{carrier.id} can't pick up {unit.id}")
        if unit.carried_by is not None:
            engine.emit(UnitDropped, unit=unit.id, carrier=unit.carried_by, at=unit.location, reason=f"picked up by {carrier.id}")
        engine.emit(UnitPickedUp, carrier=carrier.id, unit=unit.id)
    for feature in artifacts:
        engine.emit(ArtifactPickedUp, feature=feature.id, unit=carrier.id)
    if artifacts:  # what it bears now may disable it (Iron Shackles): it drops what it carries
        engine.settle(engine.cause)


def drop(engine: Primitives, cmd: Drop) -> None:
    carrier = _carrier(engine, cmd, "drop", "Drop")
    if f"interacted:{carrier.id}" in engine.state.used_this_turn:
        raise IllegalCommand(NOT_INTERACTED, f"{carrier.id} has struck this turn")
    carried = engine.view().passengers(carrier.id)
    targets = cmd.targets or carried  # without targets, the units it carries (as before artifacts)
    if not targets:  # a Drop of nothing would still use the turn's Drop (and legal lists none)
        raise BadInput(f"name the units or artifacts to drop: {carrier.id} carries no unit", "targets")
    artifacts = [f for f in (_artifact(engine, t) for t in targets) if f is not None]
    for feature in artifacts:
        refused = artifact_drop_refusal(engine, carrier, feature)
        if refused is not None:
            raise IllegalCommand(refused, f"{carrier.id} can't drop {feature.id}")
    units = [t for t in targets if t not in {f.id for f in artifacts}]
    for target in units:
        if target not in carried:
            raise IllegalCommand(DROP_OWN, f"{carrier.id} doesn't carry {target}")
        if engine.view().held_by(target) is not None:
            raise IllegalCommand(rule(carrier.card, "a swallowed minion can't be dropped (FAQ)"), f"{carrier.id} holds {target}")
    engine.emit(AbilityUsed, unit=carrier.id, ability="drop")
    for target in targets:
        if target in units:
            engine.emit(UnitDropped, unit=target, carrier=carrier.id, at=carrier.location, reason="dropped (Drop)")
        else:
            engine.emit(ArtifactDropped, feature=target, unit=carrier.id, at=carrier.location or "")
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
