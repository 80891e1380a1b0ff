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

from domain.movement import NO_PATH, RangeOfMotion, range_from_reach, search_reach
from domain.rulesets.tinyepic.grid import parse_space
from domain.rulesets.tinyepic.locations import label
from domain.rulesets.tinyepic.movement import BEHIND_BALLISTA, BEHIND_ENEMY, ENEMY, TetMovement, shortfall
from domain.state import GameState


def _order(location: str) -> tuple[int, int]:
    s = parse_space(location)
    return (s.y, s.x)


def range_of_motion(state: GameState, unit_id: str) -> RangeOfMotion:
    model = TetMovement(state)
    start = state.units[unit_id].location or ""
    reach = search_reach(model, unit_id, start)
    answer = range_from_reach(reach, (lambda loc: label(state, loc)) if state.aliases else None, _order)
    for location, needed in reach.too_far.items():
        for frm, spent in sorted(reach.cost.items(), key=lambda kv: (kv[1], _order(kv[0]))):
            option = next((o for o in model.step_options(unit_id, frm) if o.to == location), None)
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
        started_on = getattr(state, "ballista_starters", {}).get(unit_id)
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
