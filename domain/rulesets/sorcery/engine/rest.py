"""Who won the first check between two minions that disable others at rest (codex: Ordering
Ongoing Effects, Minions Disabled While At Rest): recorded as a ``Precedence`` effect when one
of them comes to rest beside the other after moving in (its move ended) or entering the realm,
and ended when the other moves, or either leaves the realm. rules/rest.py reads it."""

from __future__ import annotations

from domain.events import MoveEnded, StepTaken, UnitDied
from domain.rulesets.sorcery.effects import Precedence
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events import EffectEnded

HOW_LONG = "while_in_realm"


def _precedences(engine: Primitives) -> list[tuple[str, Precedence]]:
    return [(e.id, e.spec) for e in engine.state.effects.values() if isinstance(e.spec, Precedence)]


def came_to_rest(engine: Primitives, unit_id: str, cause: str) -> None:
    """``unit_id`` has just moved in or entered the realm, so it was not at rest as it met each
    such minion at rest that it now names: it wins their first check, as the codex says, unless
    the other's ability does not name it back (then there is nothing to order)."""
    view = engine.view()
    mine = view.at_rest_disablers(unit_id)
    if not mine:
        return
    for other in sorted(engine.state.living_units(), key=lambda u: u.id):
        if other.id == unit_id or other.location is None:
            continue
        theirs = view.at_rest_disablers(other.id)
        meets = any(view.covers(spec, other.id) for _, spec in mine)
        named_back = any(view.covers(spec, unit_id, ignore_rest=True) for _, spec in theirs)
        if not (meets and named_back):
            continue
        pair = {unit_id, other.id}
        for effect_id, spec in _precedences(engine):
            if {spec.unit, spec.over} == pair:
                engine.emit(EffectEnded, cause=cause, effect_id=effect_id, reason=f"{unit_id} moved in beside {other.id}")
        engine.start_effect(
            unit_id, engine.state.units[unit_id].owner, {"kind": "precedence", "unit": unit_id, "over": other.id}, HOW_LONG,
            f"{engine.name_of(unit_id)}: applies before {other.id}'s ability while {other.id} stays at rest "
            "(it was not at rest as they met)", cause,
        )


def stopped(engine: Primitives, event: MoveEnded, units: list[str]) -> None:
    """The units that stopped as a move ended (triggers/stops.py) come to rest."""
    for unit_id in units:
        came_to_rest(engine, unit_id, event.event_id)


def moved(engine: Primitives, event: StepTaken) -> None:
    """A unit that moves is no longer at rest: a precedence over it ends."""
    gone = {event.unit, *event.carried}
    for effect_id, spec in _precedences(engine):
        if spec.over in gone:
            engine.emit(EffectEnded, cause=event.event_id, effect_id=effect_id, reason=f"{spec.over} moved: it is not at rest")


def died(engine: Primitives, event: UnitDied) -> None:
    """A precedence over a unit that left the realm ends with it (one of its own, with its source)."""
    for effect_id, spec in _precedences(engine):
        if spec.over == event.unit:
            engine.emit(EffectEnded, cause=event.event_id, effect_id=effect_id, reason=f"{spec.over} left the realm")
