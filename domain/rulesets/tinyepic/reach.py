"""Range of motion on the grid: the unit's Move with everything ongoing in force (units, portals
and who blocks them, climbing, terrain costs, the Ballista it started on), and no Village: those
are triggered abilities, which the lookahead never sees (DESIGN.md, "The lookahead").

A space just beyond the Movement left is explained step by step: what entering it costs (the
climb named when there is one) and what is left on the cheapest way there. A space within
Movement that only enemies keep out of reach says so (a second search over the same model, with
enemies' spaces passable, for the explanation only); so does one that only the Ballista the unit
started its turn on keeps out of reach (a search with that space open).
"""

from __future__ import annotations

from domain.movement import NO_PATH, RangeOfMotion, SharedSteps, range_from_reach, search_reach
from domain.rulesets.tinyepic.grid import parse_space
from domain.rulesets.tinyepic.locations import label
from domain.rulesets.tinyepic.movement import (
    BEHIND_BALLISTA,
    BEHIND_ENEMY,
    ENEMY,
    BoardSteps,
    TetMovement,
    board_steps,
    shortfall,
)
from domain.rulesets.tinyepic.state import TetState, reentry_bars
from domain.state import GameState


def _order(location: str) -> tuple[int, int]:
    s = parse_space(location)
    return (s.y, s.x)


def _ways_into(
    steps: BoardSteps, location: str, rank: dict[str, int], portals: list[tuple[str, float]],
) -> list[str]:
    """The reached spaces (``rank``: their place, cheapest first) with a step into ``location``,
    in that order: its neighbours (a step leads both ways), and when it is a portal, the first
    other reached portal that is not one of them. Every other portal's step into it is the
    board's one way into a portal (seed 003, Portals: ``BoardSteps.portal_group``), costing and
    blocked the same, so no later one makes up what the first does not."""
    own = steps[location]
    near = [option.to for option in (own.own if isinstance(own, SharedSteps) else own)]
    found = [frm for frm in near if frm in rank]
    if location in steps.portal_ways:
        skip = {location, *near}
        first = next((frm for frm, _ in portals if frm not in skip), None)
        if first is not None:
            found.append(first)
    found.sort(key=rank.__getitem__)
    return found


def range_of_motion(state: GameState, unit_id: str) -> RangeOfMotion:
    model = TetMovement(state)
    start = state.units[unit_id].location or ""
    reach = search_reach(model, unit_id, start)
    answer = range_from_reach(reach, (lambda loc: label(state, loc)) if state.aliases else None, _order)
    too_far = reach.too_far
    cheapest_first = sorted(reach.cost.items(), key=lambda kv: (kv[1], _order(kv[0]))) if too_far else []
    steps = board_steps(model.view)
    portals = [(frm, spent) for frm, spent in cheapest_first if frm in steps.portal_ways]
    rank = {frm: i for i, (frm, _) in enumerate(cheapest_first)}
    for location, needed in too_far.items():
        # the first space, cheapest first, whose step into ``location`` makes up what it needs:
        # only the spaces with a step into it (``_ways_into``) are looked at
        for frm in _ways_into(steps, location, rank, portals):
            spent = reach.cost[frm]
            option = model.step_option(unit_id, frm, location)  # the one ``step_options`` lists there
            if option is None or option.blocked is not None or spent + option.cost != needed:
                continue
            rule = shortfall(model, unit_id, frm, location, option.kind, spent)
            detail = rule.model_copy(update={"message": f"{rule.message}: needs {needed:g}, has {reach.allowance:g}"})
            shown = label(state, location)
            answer.reasons[shown] = [r for r in answer.reasons.get(shown, []) if "not enough Movement" not in r.message]
            answer.reasons[shown].append(detail)
            break
    if reach.denied is None:
        behind = search_reach(TetMovement(state, enemies_passable=True), unit_id, start)
        for location in behind.cost:
            if location in reach.cost or reach.blocked.get(location) == [ENEMY]:
                continue
            reasons = answer.reasons.setdefault(label(state, location), [])
            if BEHIND_ENEMY not in reasons:
                reasons.insert(0, BEHIND_ENEMY)
        started_on = reentry_bars(state).get(unit_id) if isinstance(state, TetState) else None
        if started_on is not None:
            # a space the Ballista alone keeps out of reach (the unit may not pass back through
            # it, seed 003, Ballista): a search with that space open, for the explanation only
            beyond = search_reach(TetMovement(state, ballista_passable=True), unit_id, start)
            for location in beyond.cost:
                if location in reach.cost or location == started_on:
                    continue
                shown = label(state, location)
                reasons = answer.reasons.setdefault(shown, [])
                answer.reasons[shown] = [BEHIND_BALLISTA, *(r for r in reasons if r is not NO_PATH and r != NO_PATH)]
    return answer
