"""A Sorcery step as it is taken (the ruleset's ``take_step``): what it carries along, what it
leaves behind, and what the step itself changes before the storyline goes on (digest 2.6)."""

from __future__ import annotations

from domain.movement import Judgement
from domain.rulesets.sorcery.cards import abilities_of
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.events import UnitDropped
from domain.rulesets.sorcery.realm import Region, parse_loc
from domain.state import StepItem


def take_step(engine: Primitives, item: StepItem, verdict: Judgement) -> None:
    """Passengers move with their carrier, unless they can't enter where it goes: then they
    stay, and once the step has separated them they are dropped (digest 2.6). What the step
    triggers is queued by the step's event itself. Then whatever the step changed is settled."""
    view = engine.view()
    carried: list[str] = []
    left: list[tuple[str, str]] = []
    for passenger in view.passengers(item.unit):
        ban = view.entry_refusal(passenger, parse_loc(item.frm), parse_loc(item.to), verdict.option.kind if verdict.option else "carried")
        if ban is not None:
            left.append((passenger, f"can't enter {engine.label(item.to)}: {ban}"))
        else:
            carried.append(passenger)
    gate = view.kept_in_void(item.unit, parse_loc(item.frm)) and parse_loc(item.to).region is Region.VOID
    step = engine.resolver.take_step(item, verdict, carried)
    for passenger, reason in left:
        engine.emit(UnitDropped, cause=step.event_id, unit=passenger, carrier=item.unit, at=item.frm, reason=reason)
    for moved in (item.unit, *carried):
        stealth_on_move(engine, moved, item.frm, item.to, step.event_id)
    if gate and "Voidwalk" not in engine.view().keywords(item.unit):
        engine.start_effect(
            item.unit, engine.state.units[item.unit].owner,
            {"kind": "grant", "unit": item.unit, "keywords": ["Voidwalk"]}, "until_enters_site",
            f"Planar Gate: {item.unit} keeps Voidwalk until it enters a site", cause=step.event_id,
        )
    engine.settle(step.event_id, moving=item.unit)


def stealth_on_move(engine: Primitives, unit_id: str, frm: str, to: str, cause: str) -> None:
    """What a step does to Stealth: Moss Troll loses it for good when it moves; Phase
    Assassin gains it whenever he enters the void; the first minion that enters Dark Alley
    gains it (codex: Stealth; granted Stealth lasts, its marks are not simulated)."""
    unit = engine.state.units[unit_id]
    view = engine.view()
    start, end = parse_loc(frm), parse_loc(to)
    muted = view.silenced(unit_id, start) or view.disabled(unit_id, start)
    for ability in abilities_of(unit.card):
        if muted is not None:
            break
        if ability.trigger == "loses_stealth_if_moves" and not engine.has_lasting(unit_id, "lose"):
            engine.lasting(unit_id, unit_id, "lose", f"{unit.card}: {unit_id} lost Stealth: it moved", cause)
        if (
            ability.trigger == "gains_stealth_entering_void" and end.region is Region.VOID
            and start.region is not Region.VOID
        ):
            engine.lasting(unit_id, unit_id, "grant", f"{unit.card}: {unit_id} gained Stealth entering the void", cause)
    if unit.kind != "minion" or start.square == end.square:
        return
    site = view.site_at(end.square)
    if site is None or end.region is Region.VOID or site.id in view.suppressed_sites:
        return
    for ability in abilities_of(site.card):
        if ability.trigger == "first_minion_entering_gains_stealth" and not any(
            e.source == site.id and e.duration == "permanent" for e in engine.state.effects.values()
        ):
            engine.lasting(site.id, unit_id, "grant", f"{site.card}: {unit_id}, the first minion to enter, gained Stealth", cause)
