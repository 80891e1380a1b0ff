"""The skirmish commands the player to act may issue now (``Game.legal_commands``).

The table is continuous, so moves are listed to a finite sample of points (``SAMPLE_PITCH``): every
key point of the lookahead's graph the unit can end on (corners of walls and surfaces, ladder
ends, points along roof edges) and the centre of every cell of a 1" grid on each surface that it
can reach, each by the cheapest way the lookahead finds, its legs with their climbs, ladders and
jumps. For each unit of the side to move that may Move: ``move`` to each sampled point and ``run``
to each sampled point of its Run (when it may Run); ``attempt_engage`` for each unit that may
attempt to Engage (``may_engage``); then ``end_turn``.
A point between samples is as legal as its neighbours: the sample is what is listed, not all
that is allowed. Likewise one way to each point is listed, the cheapest: a dearer way with no
check (a ladder beside a Jump Down) is legal too, and ``sim why`` names it
(``TableSearch.safer``; docs/skirmish.md, "The lookahead").
"""

from __future__ import annotations

import math
import weakref
from typing import Any

from pydantic import BaseModel

from domain.legal import LegalCommands, Outline, Part
from domain.rulesets.skirmish.areas import free_furthest
from domain.rulesets.skirmish.commands import AttemptEngage, EndTurn, LegSpec, Move, Run
from domain.rulesets.skirmish.keypoints import MARGIN
from domain.rulesets.skirmish.legs import allowance, may_engage, may_move, may_run, plan
from domain.rulesets.skirmish.reach import TableSearch, reachable_centres
from domain.rulesets.skirmish.state import SkirmishState
from domain.rulesets.skirmish.table import EPSILON, Spot, Table, parse_spot
from domain.rulesets.skirmish.view import TableView

#: inches between sampled points on each surface (the lookahead's area grid)
SAMPLE_PITCH = 1.0


def legal_commands(state: SkirmishState) -> LegalCommands:
    """The commands as parts worked out when read (``domain.legal``): a unit's moves are
    counted from its range (which sampled points it reaches) and a move's path is searched only
    when that move is read."""
    view = TableView(state)
    player = state.active_player
    found: list[Part] = []
    for unit in sorted(state.units.values(), key=lambda u: u.id):
        if unit.owner != player or not unit.alive or unit.location is None:
            continue
        if may_move(view, unit.id) is None:
            found.append(_moves(view, unit.id, running=False))
            if may_run(view, unit.id) is None:
                found.append(_moves(view, unit.id, running=True))
        if may_engage(view, unit.id) is None:
            found.append(Part.of([AttemptEngage(player=player, unit=unit.id)]))
    found.append(Part.of([EndTurn(player=player)]))
    return LegalCommands(found)


def sample_points(search: TableSearch) -> list[Spot]:
    """Where the unit could end its move, sampled: reachable key points, then grid centres."""
    return _samples(search)[0]


def _samples(search: TableSearch) -> tuple[list[Spot], set[str]]:
    """The sampled points in order, and the texts of the grid centres among them (each already
    found reachable)."""
    start = search.view.spot(search.unit_id)
    points: dict[str, Spot] = {}
    for graph, reach in search.needed_runs:
        for key in reach.cost:
            spot = graph.nodes[key]
            if spot != start and search.view.overlap_at(search.unit_id, spot) is None:
                points.setdefault(spot.text, spot)
    centres = {text for *_, text in reachable_centres(search)}
    for text in centres:
        points.setdefault(text, parse_spot(text))
    return sorted(points.values(), key=lambda s: (s.surface, s.x, s.y)), centres


def _ends(search: TableSearch) -> list[Spot]:
    """The sampled points the unit reaches by a way of two points or more, in order: where its
    moves end (one move each)."""
    start, first = search.start, search.graphs[0]
    alone = start in first.nodes  # the start asked about is answered by a path of one point
    spots, centres = _samples(search)
    # a key point in range (every sample that is not a centre) is reachable: standable, clear
    # of other bases (``_samples``) and in a run's range; asked all the same if it were not
    in_range = {key for _, reach in search.needed_runs for key in reach.cost}
    return [
        s for s in spots
        if (s.text in centres or s.text in in_range or search.reachable(s)) and not (alone and s.text == start)
    ]


#: per table: where the moves of a unit end, by everything a search for them reads (``_reads``);
#: with free jumps, by all but the other units, then a few (extent, units, ends) each
_ENDS: weakref.WeakKeyDictionary[Table, dict[tuple[object, ...], Any]] = weakref.WeakKeyDictionary()
_ENDS_KEPT = 4096
#: with free jumps: the searches kept under one key but other units (the newest last)
_FREE_KEPT = 8
#: added to the distance within which another unit can change a search (rounding, tolerances)
_SLACK = 0.01


def ends_of_moves(search: TableSearch) -> list[Spot]:
    """``_ends(search)``, kept per table across states under everything the search reads: a
    self-played game asks for the moves of units whose surroundings the last command did not
    change (another unit moved far away, an Engage attempt, the same start in the next game)."""
    view = search.view
    kept = _ENDS.setdefault(view.table, {})
    if len(kept) >= _ENDS_KEPT:
        kept.clear()
    if view.options.jump_across_distance_cost == "deducted":
        key = _reads(search, _budget(search))
        found = kept.get(key)
        if found is None:
            found = kept[key] = tuple(_ends(search))
        return list(found)
    # free jumps: how far a search looks is known once it has looked (``_extent``)
    searches = kept.setdefault(_reads(search, None), [])
    for extent, near, ends in searches:
        if _near(search, extent) == near:
            return list(ends)
    found = tuple(_ends(search))
    extent = _extent(search)
    searches.append((extent, _near(search, extent), found))
    del searches[:-_FREE_KEPT]
    return list(found)


def _budget(search: TableSearch) -> float:
    """The larger of the search's allowances (the key points are not built for it)."""
    view, unit_id = search.view, search.unit_id
    return max(allowance(view, unit_id, running=search.running, difficult=difficult) for difficult in (False, True))


def _extent(search: TableSearch) -> float:
    """How far from the start the search for the unit's moves looked (free jumps): the key
    points in range, each with the longest leg tried out of it, and the grid centres asked
    about. A way may go on from roof to roof for nothing, so no bound is known before."""
    start = search.view.spot(search.unit_id)
    furthest = free_furthest(search, start)
    for graph, reach in search.needed_runs:
        for key, cost in reach.cost.items():
            furthest = max(furthest, start.flat_distance(graph.nodes[key]) + graph.reach_from(cost) + EPSILON)
    return furthest


def _near(search: TableSearch, extent: float) -> tuple[object, ...]:
    """The other units a search that looked no further than ``extent`` from the start could
    meet: one further away adds no key point there (the octagon round its base is wider than
    both bases), stands in the way of no leg there and under no point asked about."""
    view, unit_id = search.view, search.unit_id
    start = view.spot(unit_id)
    mine = view.radius(unit_id)
    return tuple(
        (other.id, other.owner, other.spot.x, other.spot.y, other.spot.surface, other.radius, other.stuck)
        for other in view.placed()
        if other.id != unit_id
        and start.flat_distance(other.spot) <= extent + (mine + other.radius + MARGIN) / math.cos(math.pi / 8) + _SLACK
    )


def _reads(search: TableSearch, extent: float | None) -> tuple[object, ...]:
    """Everything a search for the unit's moves reads: the unit, the rule options, whether it
    may move, and the units within ``extent`` of the start (None: leave them out). Whether it may
    Run is not read by the search (only whether its runs are listed at all).

    When jumps are paid every leg costs at least its length, so every point a way passes or
    ends at lies within the allowance of the start (``search.py``): ``extent`` is the allowance.
    With free jumps it is known once the search has looked (``_extent``)."""
    view, unit_id = search.view, search.unit_id
    near = () if extent is None else _near(search, extent)
    return (
        view.options_key, view.unit(unit_id).model_dump_json(), search.running, search.denied,
        _budget(search), extent, near,
    )


def _moves(view: TableView, unit_id: str, running: bool) -> Part:
    """A unit's moves (or runs), one per sampled point it reaches by a way of two points or
    more. The points are counted from the unit's range (``TableSearch.reachable``, the answer's
    ``reachable`` without its path); a move's way is searched when the move is read. A run whose
    every point must keep away from enemies (``run_enemy_range_measured: whole_path``) needs
    the way to be counted: those are listed whole."""
    key = ("run" if running else "move", unit_id)
    search = TableSearch(view, unit_id, running=running)
    if search.denied is not None:
        return Part(key, items=list)
    kind = Run if running else Move
    player = view.unit(unit_id).owner
    by_way = running and view.options.run_enemy_range_measured == "whole_path"

    def command(spot: Spot) -> BaseModel | None:
        answer = search.answer(spot)
        if not answer.reachable or not answer.path or len(answer.path) < 2:
            return None
        hops = list(zip(answer.path[:-1], answer.path[1:], answer.ways, strict=True))
        if by_way:
            planned = [plan(view, unit_id, parse_spot(a), parse_spot(b), via) for a, b, via in hops]
            if may_run(view, unit_id, planned) is not None:
                return None  # the run would pass too close to an enemy (option run_enemy_range_measured)
        legs: list[LegSpec | str] = [LegSpec.model_validate({"to": b, "via": via}) for _, b, via in hops]
        return kind(player=player, unit=unit_id, path=legs)

    if by_way:
        return Part(key, items=lambda: [c for spot in sample_points(search) if (c := command(spot)) is not None])
    kept: list[Spot] = []

    def size() -> int:
        kept[:] = ends_of_moves(search)
        return len(kept)

    def item(index: int) -> BaseModel:
        found = command(kept[index])
        if found is None:  # the count and the answer disagree: a bug in one of them
            raise AssertionError(f"{unit_id}: sampled point {kept[index].text} counted as reachable but not answered so")
        return found

    def find(command: BaseModel) -> int | None:
        path = getattr(command, "path", None)
        if not isinstance(command, kind) or not path:
            return None
        last = path[-1]
        text = parse_spot(last.to if isinstance(last, LegSpec) else str(last)).text
        return next((i for i, spot in enumerate(kept) if spot.text == text), None)

    def outlines() -> list[tuple[int, Outline]]:
        # the way to a sampled point ends at it (one move each): its path is searched only for
        # the move built (the part is counted first: ``kept`` holds the points)
        return [(i, Outline(key[0], unit_id, spot.text, False)) for i, spot in enumerate(kept)]

    return Part(key, size=size, item=item, find=find, outlines=outlines)
