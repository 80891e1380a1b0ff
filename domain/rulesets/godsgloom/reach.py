"""Range of motion on the hex mat: the unit's own Move Action, with passive traits in force, and
the extra hexes each active movement trait would open. Triggered traits play no part."""

from __future__ import annotations

import copy

from domain.movement import RangeOfMotion, Reach, range_from_reach, search_reach
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


#: the Scout Deploy move's end (seed 001), as the lookahead says it of a hex it leaves out
SCOUT_END = rule("Scout Deploy (active)", "the free move can't end where the unit would be Engaged", "active")


def _scouting(state: GameState, view: MatView, unit_id: str) -> bool:
    """Whether the unit's Move Action now is Scout Deploy's free one: the pre-game, a unit with
    the trait (what it moved already is bookkeeping, which the lookahead does not read). It is
    no activation (§8.2 and what Nimble and Breakaway say of a unit that starts its activation
    Engaged do not apply) and may not end where the unit would be Engaged, as ``scout_move``
    judges it."""
    return getattr(state, "phase", None) == "pregame" and view.has(unit_id, "Scout Deploy")


def _scout_ends(reach: Reach, view: MatView, unit_id: str) -> Reach:
    """``reach`` less the hexes a Scout Deploy move may not end in (``SCOUT_END``): a copy, as
    the search's own reach is kept for other questions; those hexes are then ones it may only
    pass, with the rule."""
    dropped = {h for h in reach.cost if h != reach.start and view.engaged_by(unit_id, parse_hex(h))}
    if not dropped:
        return reach
    reach.settle()  # its reasons worked out on the search's own state first
    scout = copy.copy(reach)
    scout.cost = {h: cost for h, cost in reach.cost.items() if h not in dropped}
    scout.pass_only = {**reach.pass_only, **dict.fromkeys(sorted(dropped), SCOUT_END)}
    return scout


def _reachable(state: GameState, unit_id: str, mode: str, scouting: bool = False) -> set[str]:
    """The hexes a move in ``mode`` may reach, the unit's own excluded: a unit doesn't reach
    where it stands (what a trait reaches is listed beside a range of motion that may have
    none, under Lockdown). ``scouting``: a Scout Deploy move's ends (``_scout_ends``)."""
    model = GloomMovement.of(state, mode)
    if mode == "flying":
        flight = model.flight_range(unit_id)
        found = {o.to for o in model.teleport_options(unit_id) if o.blocked is None and o.cost <= flight}
    else:
        start = state.units[unit_id].location or ""
        found = set(search_reach(model, unit_id, start).cost) - {start}
    if scouting:
        found = {h for h in found if not model.view.engaged_by(unit_id, parse_hex(h))}
    return found


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
    scouting = on_mat and _scouting(state, view, unit_id)
    in_activation = not scouting
    base_mode = choose_mode(view, unit_id, None, in_activation)[0] if on_mat else "normal"
    model = GloomMovement.of(state, base_mode)
    reach = search_reach(model, unit_id, state.units[unit_id].location or "")
    if scouting:
        reach = _scout_ends(reach, view, unit_id)
    answer = range_from_reach(reach, (lambda loc: label(state, loc)) if state.aliases else None, _order, _on_the_mat)
    base = set(reach.cost)
    with_traits: dict[str, list[str]] = {}
    alone = set(base)  # what the unit reaches with no trait or one, for the pairs below
    for name in sorted(view.traits(unit_id)) if on_mat else ():
        known = TRAITS.get(name)
        if known is None or not known.movement_option or (name == "Harass" and "Nimble" in view.traits(unit_id)):
            continue
        mode, blocked = choose_mode(view, unit_id, name, in_activation)
        if blocked is not None or mode in (base_mode, "engaged_step"):
            continue
        reached = _reachable(state, unit_id, mode, scouting)
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
        mode, blocked = choose_mode(view, unit_id, pair, in_activation)
        if blocked is not None or mode == base_mode or mode in {choose_mode(view, unit_id, n, in_activation)[0] for n in pair}:
            continue
        if GloomMovement.of(state, mode).no_movement(unit_id) is not None:
            continue
        extra = sorted(_reachable(state, unit_id, mode, scouting) - alone, key=_order)
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
