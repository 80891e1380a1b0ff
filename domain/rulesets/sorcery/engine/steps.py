"""A Sorcery step as it is taken (the ruleset's ``take_step``): what it carries along, what it
leaves behind, and what the step itself changes before the storyline goes on (digest 2.6)."""

from __future__ import annotations

import functools

from domain.movement import Judgement
from domain.rulesets.sorcery import oversized
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events import UnitDropped
from domain.rulesets.sorcery.events_parts import PartsMoved
from domain.rulesets.sorcery.realm import Region, parse_loc
from domain.state import StepItem


def take_step(engine: Primitives, item: StepItem, verdict: Judgement) -> None:
    """Passengers move with their carrier, unless they can't enter where it goes: then they
    stay, and once the step has separated them they are dropped (digest 2.6). What the step
    triggers is queued by the step's event itself. Then whatever the step changed is settled."""
    view = engine.view()
    carried, left = _load(engine, item, verdict)
    # a step into the void first: only there does a Planar Gate's Voidwalk matter (most steps aren't)
    gate = parse_loc(item.to).region is Region.VOID and view.kept_in_void(item.unit, parse_loc(item.frm))
    unit = engine.state.units[item.unit]
    if oversized.is_oversized(unit):  # every part moves the same way, or it grows (codex: Oversized Units)
        move = engine.state.moves.get(item.move_id)
        parts, power = oversized.moved_parts(view, unit, item.to, oversized.turn_of(move.purpose) if move else 0)
        engine.emit(PartsMoved, unit=unit.id, parts=parts, power=power)
    step = engine.resolver.take_step(item, verdict, carried)
    for passenger, carrier, reason in left:
        engine.emit(UnitDropped, cause=step.event_id, unit=passenger, carrier=carrier, at=item.frm, reason=reason)
    for moved in (item.unit, *carried):
        lost_once_it_moves(engine, moved, item.frm, step.event_id)
    if gate and "Voidwalk" not in engine.view().keywords(item.unit):
        engine.start_effect(
            item.unit, engine.state.units[item.unit].owner,
            {"kind": "grant", "unit": item.unit, "keywords": ["Voidwalk"]}, "until_enters_site",
            f"Planar Gate: {item.unit} keeps Voidwalk until it enters a site", cause=step.event_id,
        )
    engine.settle(step.event_id, moving=item.unit)


def _load(engine: Primitives, item: StepItem, verdict: Judgement) -> tuple[list[str], list[tuple[str, str, str]]]:
    """The units that go with the stepping unit: its passengers, and theirs in turn, since a
    carrier moved by force takes its load along (digest 2.6: carried units may carry others,
    Phantom Steed FAQ; Hyperparasite FAQ). One that can't enter where the step goes stays,
    with what it carries, and its carrier drops it: the units that go, and those left with
    their carrier and why."""
    view = engine.view()
    frm, to = parse_loc(item.frm), parse_loc(item.to)
    kind = verdict.option.kind if verdict.option else "carried"
    carried: list[str] = []
    left: list[tuple[str, str, str]] = []
    waiting = [(passenger, item.unit) for passenger in view.passengers(item.unit)]
    while waiting:
        passenger, carrier = waiting.pop(0)
        if passenger in carried or passenger == item.unit:
            continue  # no unit carries its own carrier (engine/carry.py); never twice
        ban = view.entry_refusal(passenger, frm, to, kind)
        if ban is not None:
            left.append((passenger, carrier, f"can't enter {engine.label(item.to)}: {ban}"))
            continue
        carried.append(passenger)
        waiting += [(theirs, passenger) for theirs in view.passengers(passenger)]
    return carried, left


def lost_once_it_moves(engine: Primitives, unit_id: str, frm: str, cause: str) -> None:
    """Moss Troll: "Loses Stealth if it moves": marked for good as its first step is taken, as a
    "permanently lose" is (``Primitives.mark_lasting_losses``), unless it had no abilities where
    it started (codex: Silenced, Disabled). Granted Stealth lasts; its marks are not simulated."""
    unit = engine.state.units[unit_id]
    lost = _lost_once_it_moves(unit.card)
    if not lost:
        return  # most cards: nothing to lose, so whether it had abilities where it started is not asked
    view = engine.view()
    start = parse_loc(frm)
    if view.silenced(unit_id, start) or view.disabled(unit_id, start):
        return
    if not engine.has_lasting(unit_id, "lose"):
        engine.lasting(unit_id, unit_id, "lose", f"{unit.card}: {unit_id} lost {' and '.join(lost)}: it moved", cause, lost)


@functools.lru_cache(maxsize=4096)
def _lost_once_it_moves(card_name: str) -> tuple[str, ...]:
    """The keywords a card's unit loses once it moves, worked out once per card (its
    declarations never change): every step of every unit asks."""
    return next((a.lost_once_it_moves for a in abilities_of(card_name) if a.lost_once_it_moves), ())
