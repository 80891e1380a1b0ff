"""What the rest group's triggered abilities do (issue 9, abilities_rest.py): Headless Haunt's
and Hauntless Head's random teleport at the start of their controller's turn; Hollow One woken
by a death nearby; Sold-out Cemetery's push."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from domain.rulesets.sorcery.realm import COLUMNS, ROWS, Loc, Region, parse_loc
from domain.state import TriggerState

if TYPE_CHECKING:
    from domain.rulesets.sorcery.engine import SorceryCommands as SorceryEngine


def _random_teleport(engine: SorceryEngine, trigger: TriggerState) -> None:
    """"Teleports to the top of a random site or void": each square of the realm is either a
    site or a void, so one die with a face per square (a d20 on the 4x5 realm, recorded as
    ``DiceRolled``) picks the square, in square order: the surface of its site, or its void. The
    teleport is judged as it resolves; into a location it can't enter (Gnome Hollows) it fails
    and the unit stays (Headless Haunt FAQ); to its own location it is no movement."""
    from domain.dice import roll

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


#: what wakes a Hollow One, and who (any player's)
_WAKERS = ("Mortal", "Beast")


def on_death(engine: SorceryEngine, unit_id: str, at: str | None) -> None:
    """Hollow One: "Disabled until a Mortal or Beast dies nearby." A minion or Avatar of either
    subtype, anyone's, that dies at a location nearby a Hollow One (its square or one of the 8
    around it, in its region: digest 1.4) ends its "disabled" effect for good, at once: the
    text is a duration, not a triggered ability."""
    from domain.rulesets.sorcery.catalog import card
    from domain.rulesets.sorcery.events import EffectEnded
    from domain.rulesets.sorcery.shackles import shackle

    dead = engine.state.units[unit_id]
    if at is None or not set(_WAKERS) & set(card(dead.card).subtypes):
        return
    there = parse_loc(at)
    view = engine.view()
    for hollow in sorted(engine.state.living_units(), key=lambda u: u.id):
        if hollow.card != "Hollow One" or hollow.location is None or hollow.id == unit_id:
            continue
        here = parse_loc(hollow.location)
        effect = shackle(engine.state, hollow.id)
        if effect is None or here.region is not there.region or there.square not in view.nearby(here.square):
            continue
        engine.emit(EffectEnded, effect_id=effect, reason=f"{unit_id} ({dead.card}, a Mortal or Beast) died nearby {hollow.id}")


def _cemetery_push(engine: SorceryEngine, trigger: TriggerState) -> None:
    """Sold-out Cemetery: when Undead enter it, another Undead here (at either level of the site,
    not the one that entered) is pushed away one step: to an adjacent location in its region
    (codex: Push). Not a "may": the site's controller picks which and where when there are two or
    more ways (``unit>location``); none, nothing happens."""
    from domain.rulesets.sorcery.choices import answer as answer_choice
    from domain.rulesets.sorcery.movement import FORCED_KINDS, ForcedMovement

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
    if len(options) == 1:
        chosen, how = options[0], "the only way"
    else:
        answer = answer_choice(engine, trigger, "target_push", options, "which other Undead here is pushed away, and to where? unit>location")
        if answer is None:
            return
        chosen, how = answer, f"{trigger.controller}'s choice"
    pushed, to = chosen.split(">", 1)
    frm = engine.state.units[pushed].location or ""
    engine.resolver.resolved(trigger, f"pushes {pushed} away to {engine.label(to)} ({how})")
    engine.resolver.declare_path(pushed, [frm, to], "forced:push", None, cause=trigger.id, kinds=[FORCED_KINDS["push"]])


RESOLVERS: dict[str, Callable[[SorceryEngine, TriggerState], None]] = {
    "start_random_teleport": _random_teleport,
    "cemetery_push_undead": _cemetery_push,
}
