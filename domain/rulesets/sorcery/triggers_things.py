"""Triggered abilities of abilities_things.py that move an artifact or a unit at the start or the
end of a turn (issue 9): Purge Juggernaut's move, Aino's step across the realm's edges.

They are queued like every turn trigger (triggers_turnly: ``on_turn_start``, ``on_turn_end``)
and answer their "may" or target with ``choose`` (a ``ChoiceRequested`` naming the trigger).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from domain.rulesets.sorcery.choices import answer as answer_choice
from domain.rulesets.sorcery.choices import pick
from domain.rulesets.sorcery.effects import parse_spec
from domain.rulesets.sorcery.events import (
    ActivationPlanned,
    ActivationResolved,
    ArtifactMoved,
    UnitDropped,
    UnitPickedUp,
    UnitTapped,
)
from domain.rulesets.sorcery.movement import FORCED_KINDS, ForcedMovement, SorceryMovement
from domain.rulesets.sorcery.realm import COLUMNS, ROWS, Loc, Region, parse_loc
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import ActivationItem, EffectState
from domain.rulesets.sorcery.triggers_turnly import _step
from domain.state import TriggerState

if TYPE_CHECKING:
    from domain.rulesets.sorcery.engine import SorceryCommands as SorceryEngine

#: what Aino's step needs for the moment it is taken: the top and bottom edges connected for her
_ACROSS = {"kind": "as_if_connected"}


def _juggernaut(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Purge Juggernaut: it moves to an adjacent location, in its own region (digest 1.4: the
    locations of the orthogonally neighbouring squares), its controller's choice where there are
    two or more; then every other minion there is killed."""
    from domain.rulesets.sorcery.combat import kill

    feature = engine.state.features[trigger.source]
    if feature.location is None:
        engine.resolver.resolved(trigger, f"{feature.id} is borne: its move is not simulated")
        return
    at = parse_loc(feature.location)
    view = engine.view()
    options = [Loc(sq, at.region).text for sq in view.orthogonal(at.square) if view.location_exists(Loc(sq, at.region))]
    if not options:
        engine.resolver.resolved(trigger, f"no location is adjacent to {engine.label(at.text)}: {feature.id} stays")
        return
    if len(options) == 1:
        chosen, how = options[0], "the only adjacent location"
    else:
        answer = answer_choice(engine, trigger, "target_location", options, f"where does {feature.id} move?")
        if answer is None:
            return
        chosen, how = answer, f"{trigger.controller}'s choice"
    engine.resolver.resolved(trigger, f"{feature.id} moves to {engine.label(chosen)} ({how})")
    engine.emit(ArtifactMoved, cause=trigger.id, feature=feature.id, path=[at.text, chosen], reason=f"{feature.card} moves itself")
    why = rule(feature.card, "Kill all other minions there.", "triggered")
    for unit in sorted(engine.state.living_units(), key=lambda u: u.id):
        if unit.kind == "minion" and unit.location == chosen:
            kill(engine, unit.id, why, trigger.id)


def _opposite_edge(square: int) -> int | None:
    """The square across the top or bottom edge of the realm in the same column, if any."""
    row = (square - 1) // COLUMNS
    if row == 0:
        return square + COLUMNS * (ROWS - 1)
    if row == ROWS - 1:
        return square - COLUMNS * (ROWS - 1)
    return None


def _steps_across(engine: SorceryEngine, unit_id: str) -> list[str]:
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


def _aino(engine: SorceryEngine, trigger: TriggerState) -> None:
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
    _step(engine, trigger, unit.id, answer)


#: Cage of Sidrak: "Lock all minions with 2 or less power in this cage"
CAGED_MAX_POWER = 2


def _cage(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Cage of Sidrak's Genesis: every minion with 2 or less power (split power averaged) is
    teleported to the cage (FAQ), then locked in it, each once it has arrived (``cage_lock``).
    One that can't be teleported there (a ban on entering) stays free, and the outcome says so."""
    cage = engine.state.features[trigger.source]
    where = engine.view().location_of(cage.id)
    if where is None:
        engine.resolver.resolved(trigger, f"{cage.id} is not in the realm: nothing is locked")
        return
    view = engine.view()
    weak = [
        u for u in sorted(engine.state.living_units(), key=lambda u: u.id)
        if u.kind == "minion" and view.power(u.id) <= CAGED_MAX_POWER
    ]
    model = ForcedMovement(engine.state, "teleport_anywhere")
    moving: list[str] = []
    here: list[str] = []
    stuck: list[str] = []
    for unit in weak:
        if unit.location == where.text:
            here.append(unit.id)
            continue
        option = next((o for o in model.step_options(unit.id, unit.location or "") if o.to == where.text), None)
        (moving if option is not None and option.blocked is None else stuck).append(unit.id)
    if not weak:
        engine.resolver.resolved(trigger, "no minion has 2 or less power: nothing is locked")
        return
    note = f"; {', '.join(stuck)} can't be teleported there and stay free" if stuck else ""
    engine.resolver.resolved(
        trigger, f"teleports {', '.join(moving) or 'no minion'} to {engine.label(where.text)} and locks them in{note}",
    )
    for unit_id in here:
        cage_lock(engine, ActivationItem(source=cage.id, then="cage_lock", unit=unit_id, to=where.text), announce=False)
    for unit_id in reversed(moving):
        frm = engine.state.units[unit_id].location or ""
        engine.resolver.declare_path(unit_id, [frm, where.text], "forced:teleport_anywhere", None, cause=trigger.id,
                                     kinds=[FORCED_KINDS["teleport_anywhere"]])
    for unit_id in moving:
        engine.emit(ActivationPlanned, cause=trigger.id,
                    item=ActivationItem(source=cage.id, then="cage_lock", unit=unit_id, to=where.text))


def cage_lock(engine: SorceryEngine, item: ActivationItem, announce: bool = True) -> None:
    """The minion, if it arrived, is carried by the cage, tapped and disabled while it is (FAQ);
    a carrier it had drops it, and it drops what it carried."""
    unit = engine.state.units[item.unit]
    cage = engine.state.features[item.source]
    if not unit.alive or unit.location != item.to:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} did not arrive at {cage.id}: not locked")
        return
    if announce:
        engine.emit(ActivationResolved, source=item.source, outcome=f"{unit.id} is locked in {cage.id}, tapped and disabled")
    if unit.carried_by is not None:
        engine.emit(UnitDropped, unit=unit.id, carrier=unit.carried_by, at=unit.location, reason=f"locked in {cage.id}")
    for passenger in engine.view().passengers(unit.id):
        engine.emit(UnitDropped, unit=passenger, carrier=unit.id, at=unit.location, reason=f"its carrier was locked in {cage.id}")
    engine.emit(UnitPickedUp, carrier=cage.id, unit=unit.id)
    if not unit.tapped:
        engine.emit(UnitTapped, unit=unit.id, reason=f"locked in {cage.id}")
    engine.start_effect(
        cage.id, cage.controller,
        {"kind": "condition", "condition": "disabled", "units": [unit.id], "carried_by": cage.id}, "permanent",
        f"{cage.card}: {unit.id} is disabled while locked in {cage.id}",
    )


def _follows(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Cerberus in Chains (FAQ): whenever its controller's Avatar enters a new location, it
    teleports there; disabled or silenced, it has no abilities and stays."""
    cerberus = engine.state.units[trigger.source]
    avatar = engine.state.units[trigger.subject or ""]
    if not cerberus.alive or not avatar.alive or avatar.location is None:
        engine.resolver.resolved(trigger, "it or the Avatar is no longer in the realm")
        return
    view = engine.view()
    lost = view.disabled(cerberus.id) or view.silenced(cerberus.id)
    if lost is not None:
        engine.resolver.resolved(trigger, f"{cerberus.id} has no abilities ({lost.source}): it stays")
        return
    if cerberus.location == avatar.location:
        engine.resolver.resolved(trigger, f"{cerberus.id} is already at {engine.label(avatar.location)}")
        return
    model = ForcedMovement(engine.state, "teleport_anywhere")
    option = next((o for o in model.step_options(cerberus.id, cerberus.location or "") if o.to == avatar.location), None)
    if option is None or option.blocked is not None:
        why = option.blocked.message if option is not None and option.blocked is not None else "no such location"
        engine.resolver.resolved(trigger, f"{cerberus.id} can't teleport to {engine.label(avatar.location)}: {why}")
        return
    engine.resolver.resolved(trigger, f"{cerberus.id} teleports to {avatar.id} at {engine.label(avatar.location)}")
    engine.resolver.declare_path(cerberus.id, [cerberus.location or "", avatar.location], "forced:teleport_anywhere", None,
                                 cause=trigger.id, kinds=[FORCED_KINDS["teleport_anywhere"]])


RESOLVERS: dict[str, Callable[[SorceryEngine, TriggerState], None]] = {
    "follows_avatar": _follows,
    "start_juggernaut_moves": _juggernaut,
    "end_may_step_across_edges": _aino,
}

#: Tadpole Pool: "(W)(W)(W) — Genesis → Summon three submerged Frog tokens here."
TADPOLE_THRESHOLD = ("water", 3)
FROGS = 3


def _tadpoles(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Tadpole Pool: if its controller has three water affinity as its Genesis resolves (the site
    itself counted), three Frog tokens (Submerge) are summoned underwater here; summoning is
    entering (digest 2.3). Their ids: the site's, then ``-frog-1`` to ``-frog-3``."""
    from domain.rulesets.sorcery import triggers
    from domain.rulesets.sorcery.catalog import card

    site = engine.state.features[trigger.source]
    player = trigger.controller or site.controller or ""
    element, needed = TADPOLE_THRESHOLD
    have = engine.view().affinity(player, element)
    if have < needed:
        engine.resolver.resolved(trigger, f"{player} has {have} water affinity, less than {needed}: no Frog is summoned")
        return
    below = Loc(parse_loc(site.location or "").square, Region.UNDERWATER).text
    ids = [f"{site.id}-frog-{n}" for n in range(1, FROGS + 1)]
    taken = [i for i in ids if i in engine.state.units or i in engine.state.features]
    if taken:
        engine.resolver.resolved(trigger, f"the ids {', '.join(taken)} are taken: no Frog is summoned")
        return
    engine.resolver.resolved(trigger, f"{player} has {have} water affinity: summons {', '.join(ids)} at {engine.label(below)}")
    for unit_id in ids:
        engine._place_unit(unit_id, card("Frog"), player, below, tapped=False, summoned=True)
        triggers.on_entry(engine, unit_id, "summoned", below, trigger.id)


#: Genesis abilities: resolved like every Genesis (genesis.py; no choices to check)
GENESIS_RESOLVERS: dict[str, Callable[[SorceryEngine, TriggerState], None]] = {
    "genesis_cage": _cage,
    "genesis_tadpoles": _tadpoles,
}
