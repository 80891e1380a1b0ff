"""Range of motion on the hex mat: the unit's own Move Action, with passive traits in force, and
the extra hexes each active movement trait would open. Triggered traits play no part."""

from __future__ import annotations

from domain.movement import RangeOfMotion, range_from_reach, search_reach
from domain.rules import RuleRef
from domain.rulesets.godsgloom.catalog import TRAITS
from domain.rulesets.godsgloom.hexgrid import parse_hex
from domain.rulesets.godsgloom.legal import trait_pairs
from domain.rulesets.godsgloom.locations import label
from domain.rulesets.godsgloom.mat_steps import OFF_MAT
from domain.rulesets.godsgloom.movement import GloomMovement, choose_mode
from domain.rulesets.godsgloom.view import MatView, rule
from domain.state import GameState


def _order(location: str) -> tuple[int, int]:
    h = parse_hex(location)
    return (h.q, h.r)


def _reachable(state: GameState, unit_id: str, mode: str) -> set[str]:
    """The hexes a move in ``mode`` may reach, the unit's own excluded: a unit doesn't reach
    where it stands (what a trait reaches is listed beside a range of motion that may have
    none, under Lockdown)."""
    model = GloomMovement.of(state, mode)
    if mode == "flying":
        speed = model.view.speed(unit_id)
        return {o.to for o in model.teleport_options(unit_id) if o.blocked is None and o.cost <= speed}
    start = state.units[unit_id].location or ""
    return set(search_reach(model, unit_id, start).cost) - {start}


def _on_the_mat(reasons: dict[str, list[RuleRef]]) -> None:
    """A hex off the mat is no place a unit could be kept out of: it is not listed (asked about,
    it is bad input, as every place off a board)."""
    for place in [p for p, found in reasons.items() if found and all(r is OFF_MAT for r in found)]:
        del reasons[place]


def range_of_motion(state: GameState, unit_id: str) -> RangeOfMotion:
    view = MatView.of(state)
    unit = state.units[unit_id]
    # a unit no longer on the mat (destroyed) has no mode to choose and no trait to use: the
    # search refuses it with its own rule (``GloomMovement.no_movement``)
    on_mat = unit.alive and unit.location is not None
    base_mode = choose_mode(view, unit_id, None)[0] if on_mat else "normal"
    model = GloomMovement.of(state, base_mode)
    reach = search_reach(model, unit_id, state.units[unit_id].location or "")
    answer = range_from_reach(reach, (lambda loc: label(state, loc)) if state.aliases else None, _order, _on_the_mat)
    base = set(reach.cost)
    with_traits: dict[str, list[str]] = {}
    alone = set(base)  # what the unit reaches with no trait or one, for the pairs below
    for name in sorted(view.traits(unit_id)) if on_mat else ():
        known = TRAITS.get(name)
        if known is None or not known.movement_option or (name == "Harass" and "Nimble" in view.traits(unit_id)):
            continue
        mode, blocked = choose_mode(view, unit_id, name)
        if blocked is not None or mode in (base_mode, "engaged_step"):
            continue
        reached = _reachable(state, unit_id, mode)
        alone |= reached
        extra = sorted(reached - base, key=_order)
        if not extra:
            continue
        with_traits[name] = [label(state, h) for h in extra]
        for h in extra:
            shown = label(state, h)
            note = rule(f"{name} ({known.timing})", f"reachable if {unit_id} uses {name}", known.timing)
            answer.reasons.setdefault(shown, reach.why_not(h)).append(note)
    for pair in trait_pairs(view, unit_id) if on_mat else ():
        mode, blocked = choose_mode(view, unit_id, pair)
        if blocked is not None or mode == base_mode or mode in {choose_mode(view, unit_id, n)[0] for n in pair}:
            continue
        if GloomMovement.of(state, mode).no_movement(unit_id) is not None:
            continue
        extra = sorted(_reachable(state, unit_id, mode) - alone, key=_order)
        if not extra:
            continue
        both = " and ".join(pair)
        with_traits["+".join(pair)] = [label(state, h) for h in extra]
        for h in extra:
            note = rule(f"{both} (active)", f"reachable if {unit_id} uses {both} together", "active")
            answer.reasons.setdefault(label(state, h), reach.why_not(h)).append(note)
    facing = view.unit(unit_id).facing
    answer.extra = {"mode": base_mode, "facing": facing, "with_traits": with_traits}
    return answer
