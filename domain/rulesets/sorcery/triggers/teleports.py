"""Resolvers of triggered abilities that teleport units (codex: Teleport): Cerberus in Chains
following its Avatar, Headless Haunt's random teleport, Wills-o'-the-Wisp evading an attack,
Shrine of the Dragonlord calling every Dragon to it."""

from __future__ import annotations

from collections.abc import Callable

from domain.dice import roll
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.movement import FORCED_KINDS, ForcedMovement
from domain.rulesets.sorcery.realm import COLUMNS, ROWS, Loc, Region
from domain.rulesets.sorcery.triggers.choices import pick
from domain.state import TriggerState


def _follows(engine: Primitives, trigger: TriggerState) -> None:
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


def _random_teleport(engine: Primitives, trigger: TriggerState) -> None:
    """"Teleports to the top of a random site or void": each square of the realm is either a
    site or a void, so one die with a face per square (a d20 on the 4x5 realm, recorded as
    ``DiceRolled``) picks the square, in square order: the surface of its site, or its void. The
    teleport is judged as it resolves; into a location it can't enter (Gnome Hollows) it fails
    and the unit stays (Headless Haunt FAQ); to its own location it is no movement."""

    unit = engine.state.units[trigger.source]
    if not unit.alive or unit.location is None:
        engine.resolver.resolved(trigger, f"{unit.id} is no longer in the realm")
        return
    (square,) = roll(engine.resolver, 1, COLUMNS * ROWS, f"{unit.card}: where {unit.id} teleports", trigger.id)
    view = engine.view()
    to = Loc(square, Region.SURFACE if view.site_at(square) is not None else Region.VOID).text
    where = "the top of the site" if view.site_at(square) is not None else "the void"
    if to == unit.location:
        engine.resolver.resolved(trigger, f"rolled {square}: {unit.id} is already at {where} there ({engine.label(to)}): no movement")
        return
    engine.resolver.resolved(trigger, f"rolled {square}: {unit.id} teleports to {where} at {engine.label(to)}")
    engine.resolver.declare_path(unit.id, [unit.location, to], "forced:teleport_anywhere", None, cause=trigger.id, kinds=["teleport"])


def _evade_teleport(engine: Primitives, trigger: TriggerState) -> None:
    """Wills-o'-the-Wisp: may teleport to another nearby location (in its region) or a nearby
    void; the attack goes on at its location without them (codex: Attack, steps 4-5)."""
    unit = engine.state.units[trigger.source]
    attack = engine.state.attack
    if attack is None or attack.id != trigger.params.get("attack") or unit.location != attack.location:
        engine.resolver.resolved(trigger, f"{unit.id} is no longer attacked where it stands: nothing to evade")
        return
    model = ForcedMovement(engine.state, "teleport_nearby_or_void")
    options = [o.to for o in model.step_options(unit.id, unit.location or "") if o.blocked is None]
    answer = pick(
        engine, trigger, "may_teleport", options, f"teleport {unit.id} to evade the attack? where, or no",
        f"{unit.id} has no nearby location or void to teleport to: nothing to choose", f"{unit.id} stays and is attacked",
        lambda to: f"{unit.id} teleports to {engine.label(to)} to evade the attack",
    )
    if answer is None:
        return
    engine.resolver.declare_path(
        unit.id, [unit.location or "", answer], "forced:teleport_nearby_or_void", None, cause=trigger.id,
        kinds=[FORCED_KINDS["teleport_nearby_or_void"]],
    )


#: the resolvers of this module, by the name a card's ``Resolve`` gives (triggers/registry.py)
def _dragons_here(engine: Primitives, trigger: TriggerState) -> None:
    """Shrine of the Dragonlord's Genesis: every Dragon minion in the realm, anyone's, teleports
    to the Shrine's location (one forced teleport each, in id order: codex: Teleport); one
    that can't be teleported there (a ban on entering) stays, and the outcome says so."""
    where = engine.view().location_of(trigger.source)
    if where is None:
        engine.resolver.resolved(trigger, f"{trigger.source} is not in the realm: no Dragon comes")
        return
    view = engine.view()
    model = ForcedMovement(engine.state, "teleport_anywhere")
    moving: list[str] = []
    stuck: list[str] = []
    for unit in sorted(engine.state.living_units(), key=lambda u: u.id):
        if unit.kind != "minion" or unit.location in (None, where.text) or "Dragon" not in view.subtypes(view.unit(unit.id)):
            continue
        option = next((o for o in model.step_options(unit.id, unit.location or "") if o.to == where.text), None)
        (moving if option is not None and option.blocked is None else stuck).append(unit.id)
    note = f"; {', '.join(stuck)} can't be teleported there and stay" if stuck else ""
    engine.resolver.resolved(trigger, f"teleports {', '.join(moving) or 'no Dragon'} to {engine.label(where.text)}{note}")
    engine.force([(unit_id, where.text, "teleport_anywhere") for unit_id in moving], cause=trigger.id)


RESOLVERS: dict[str, Callable[[Primitives, TriggerState], None]] = {
    "dragons_here": _dragons_here,
    "teleport_to_avatar": _follows,
        "random_teleport": _random_teleport,
        "evade_teleport": _evade_teleport,
    }
