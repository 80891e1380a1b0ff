"""The skirmish commands the player to act may issue now (``Game.legal_commands``).

The table is continuous, so moves are listed to a finite sample of points (``SAMPLE_PITCH``): every
key point of the lookahead's graph the unit can end on (corners of walls and surfaces, ladder
ends, points along roof edges) and the centre of every cell of a 1" grid on each surface that it
can reach, each by the cheapest way the lookahead finds, its legs with their climbs, ladders and
jumps. For each unit of the side to move that may Move: ``move`` to each sampled point and ``run``
to each sampled point of its Run (when it may Run); ``attempt_engage`` for each unit that may
attempt to Engage (``may_engage``); then ``end_turn``.
A point between samples is as legal as its neighbours: the sample is what is listed, not all
that is allowed.
"""

from __future__ import annotations

from pydantic import BaseModel

from domain.rulesets.skirmish.commands import AttemptEngage, EndTurn, LegSpec, Move, Run
from domain.rulesets.skirmish.legs import may_engage, may_move, may_run, plan
from domain.rulesets.skirmish.reach import TableSearch, reachable_areas
from domain.rulesets.skirmish.state import SkirmishState
from domain.rulesets.skirmish.table import Spot, parse_spot
from domain.rulesets.skirmish.view import TableView

#: inches between sampled points on each surface (the lookahead's area grid)
SAMPLE_PITCH = 1.0


def legal_commands(state: SkirmishState) -> list[BaseModel]:
    view = TableView(state)
    player = state.active_player
    found: list[BaseModel] = []
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.owner != player or not unit.alive or unit.location is None:
            continue
        if may_move(view, unit.id) is None:
            found.extend(_moves(view, unit.id, running=False))
            if may_run(view, unit.id) is None:
                found.extend(_moves(view, unit.id, running=True))
        if may_engage(view, unit.id) is None:
            found.append(AttemptEngage(player=player, unit=unit.id))
    found.append(EndTurn(player=player))
    return found


def sample_points(search: TableSearch) -> list[Spot]:
    """Where the unit could end its move, sampled: reachable key points, then grid centres."""
    start = search.view.spot(search.unit_id)
    points: dict[str, Spot] = {}
    for graph, reach in search.runs:
        for key in reach.cost:
            spot = graph.nodes[key]
            if spot != start and search.view.overlap_at(search.unit_id, spot) is None:
                points.setdefault(spot.text, spot)
    _, samples = reachable_areas(search)
    for text in samples:
        points.setdefault(text, parse_spot(text))
    return sorted(points.values(), key=lambda s: (s.surface, s.x, s.y))


def _moves(view: TableView, unit_id: str, running: bool) -> list[BaseModel]:
    search = TableSearch(view, unit_id, running=running)
    if search.denied is not None:
        return []
    kind = Run if running else Move
    player = view.unit(unit_id).owner
    found: list[BaseModel] = []
    for spot in sample_points(search):
        answer = search.answer(spot)
        if not answer.reachable or not answer.path or len(answer.path) < 2:
            continue
        hops = list(zip(answer.path[:-1], answer.path[1:], answer.ways, strict=True))
        if running:
            planned = [plan(view, unit_id, parse_spot(a), parse_spot(b), via) for a, b, via in hops]
            if may_run(view, unit_id, planned) is not None:
                continue  # the run would pass too close to an enemy (option run_enemy_range_measured)
        legs: list[LegSpec | str] = [LegSpec.model_validate({"to": b, "via": via}) for _, b, via in hops]
        found.append(kind(player=player, unit=unit_id, path=legs))
    return found
