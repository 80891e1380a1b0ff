"""What the skirmish lookahead keeps from one state to the next (issue 20) equals what a state
that keeps nothing works out.

Kept across states: each leg's shape on the table (``legs.leg_shape``, per table and rule
options), each surface's area grid (``areas._grid``, per table), and where a unit's moves end
(``legal.ends_of_moves``, per table under everything the search reads). The last test checks a
shortcut of the same searches: a way from a key point on a surface that no walk or jump could
join to a point's costs at least the difference in height more (``keypoints.least_rise``). After every event of
every skirmish example and of random self-play (the whole-turn example and random tables), for
every unit that may move, Move and Run: where its moves end, and every leg its searches planned,
are compared with those worked out on a copy of the state over a table built anew, which has
nothing kept.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from shapely.geometry import Point

from domain.game import Game
from domain.rulesets.skirmish.keypoints import least_rise, way
from domain.rulesets.skirmish.legal import _ends, _extent, _near, _reads, ends_of_moves
from domain.rulesets.skirmish.legs import Leg, may_move, may_run, plan
from domain.rulesets.skirmish.reach import TableSearch
from domain.rulesets.skirmish.state import SkirmishState
from domain.rulesets.skirmish.table import Spot
from domain.rulesets.skirmish.view import TableView, table_from_data
from projections.lookahead import Lookahead
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests import boards

EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples" / "skirmish").glob("*.yaml"))


def _bare_view(state: SkirmishState) -> TableView:
    """A view of a copy of ``state`` over a table built anew from its data: nothing kept."""
    copy = state.model_copy(deep=True)
    view = TableView(copy)
    assert copy.table is not None
    view.__dict__["table"] = table_from_data(copy.table)  # not the table kept for this data
    return view


def _check(state: SkirmishState, where: str) -> int:
    """Compare what is kept with what a bare view works out; how many searches were compared."""
    if state.table is None:
        return 0
    view, bare = TableView(state), _bare_view(state)
    compared = 0
    for unit in state.units.values():
        if not unit.alive or unit.location is None or may_move(view, unit.id) is not None:
            continue
        for running in (False, True):
            if running and may_run(view, unit.id) is not None:
                continue
            kept = ends_of_moves(TableSearch(view, unit.id, running=running))
            fresh = _ends(TableSearch(bare, unit.id, running=running))
            assert [s.text for s in kept] == [s.text for s in fresh], f"{where}: {unit.id} {'runs' if running else 'moves'}"
            compared += 1
        planned: dict[Any, Leg | None] = state.index(f"skirmish.planned.{unit.id}", dict)
        for leg in planned.values():
            if leg is not None:
                assert leg == plan(bare, unit.id, leg.frm, leg.to, leg.via), f"{where}: {unit.id}'s leg {leg.frm.text} -> {leg.to.text}"
    return compared


def _fold_and_check(events: list[Any], name: str) -> int:
    lookahead = Lookahead()
    compared = 0
    for n, event in enumerate(events, start=1):
        lookahead.process(event)
        state = lookahead.view
        if isinstance(state, SkirmishState) and state.units:
            compared += _check(state, f"{name}, after event {n} ({event.name})")
    return compared


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_kept_moves_and_legs_equal_those_of_a_state_keeping_nothing_after_every_event_of_every_example(path: Path) -> None:
    played = play(load_scenario(path), strict=False)
    _fold_and_check(list(played.events), path.stem)


@pytest.mark.parametrize("seed", range(3))
def test_kept_moves_and_legs_equal_those_of_a_state_keeping_nothing_along_self_play_of_the_whole_turn(seed: int) -> None:
    scenario = load_scenario(Path(EXAMPLES[0]).parent / "20-a-whole-turn.yaml")
    played = self_play(scenario, 2, "random", seed, verify_log=False)
    assert _fold_and_check(played.events, f"whole turn, seed {seed}") > 0


@pytest.mark.parametrize("seed", range(4))
def test_kept_moves_and_legs_equal_those_of_a_state_keeping_nothing_along_self_play_on_random_tables(seed: int) -> None:
    played = self_play(boards.scenario("skirmish", seed), 1, "random", seed, verify_log=False)
    assert _fold_and_check(played.events, f"random table {seed}") > 0


def _table_with_a_far_unit(far_at: str) -> Game:
    game = Game.start("skirmish", ["p1", "p2"], "p1")
    game.issue({
        "command": "set_up", "width": 40, "depth": 12,
        "surfaces": [{"id": "roof", "rect": [8, 4, 3, 3], "height": 3}],
        "units": [
            {"id": "mover", "side": "p1", "at": "4,6", "move": 6},
            {"id": "friend", "side": "p1", "at": "6,9"},
            {"id": "far", "side": "p2", "at": far_at},
        ],
    })
    return game


def test_a_unit_beyond_the_allowance_and_an_octagon_of_the_mover_changes_nothing_its_moves_are_kept_under() -> None:
    # the mover runs 9": a unit 20" away or more can add no key point in range, block no leg
    # and stand under no point asked about, so two states that differ only in where it stands
    # read the same (and a search keeping nothing finds the same moves in both)
    one, other = (_table_with_a_far_unit(at).state for at in ("30,6", "34,2"))
    for running in (False, True):
        searches = [TableSearch(TableView(state), "mover", running=running) for state in (one, other)]
        assert _reads(searches[0], 9.0) == _reads(searches[1], 9.0)
        bare = [_ends(TableSearch(_bare_view(state), "mover", running=running)) for state in (one, other)]  # type: ignore[arg-type]
        assert [s.text for s in bare[0]] == [s.text for s in bare[1]]


def test_a_unit_near_enough_to_matter_is_read() -> None:
    near, far = (_table_with_a_far_unit(at).state for at in ("12,6", "30,6"))
    assert _reads(TableSearch(TableView(near), "mover"), 9.0) != _reads(TableSearch(TableView(far), "mover"), 9.0)


def test_with_free_jumps_the_moves_are_kept_under_the_units_as_far_as_the_search_looked() -> None:
    # a way may go on from roof to roof for nothing: how far the search looked is known once it
    # has, and a unit beyond that (and an octagon's clearance) changes nothing
    games = []
    for at in ("30,6", "34,2", "9.5,3"):
        game = Game.start("skirmish", ["p1", "p2"], "p1", options={"jump_across_distance_cost": "free"})
        game.issue({
            "command": "set_up", "width": 40, "depth": 12,
            "surfaces": [{"id": f"r{i}", "rect": [6 + 4 * i, 4, 3, 3], "height": 3} for i in range(3)],
            "units": [{"id": "mover", "side": "p1", "at": "4,6"}, {"id": "far", "side": "p2", "at": at}],
        })
        games.append(game)
    searches = [TableSearch(TableView(game.state), "mover") for game in games]
    extent = _extent(searches[0]) if _ends(searches[0]) else 0.0
    assert extent > 6.0  # further than the Move: the roofs are joined for nothing
    assert _near(searches[0], extent) == _near(searches[1], extent) != _near(searches[2], extent)
    kept = [ends_of_moves(search) for search in searches]
    fresh = [_ends(TableSearch(_bare_view(game.state), "mover")) for game in games]  # type: ignore[arg-type]
    assert [[s.text for s in found] for found in kept] == [[s.text for s in found] for found in fresh]


@pytest.mark.parametrize("seed", range(3))
def test_kept_moves_and_legs_equal_those_of_a_state_keeping_nothing_along_self_play_with_free_jumps(seed: int) -> None:
    whole_turn = load_scenario(Path(EXAMPLES[0]).parent / "20-a-whole-turn.yaml")
    scenario = whole_turn.model_copy(update={"options": {**whole_turn.options, "jump_across_distance_cost": "free"}})
    played = self_play(scenario, 2, "random", seed, verify_log=False)
    assert _fold_and_check(played.events, f"whole turn, free jumps, seed {seed}") > 0


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_a_way_between_surfaces_no_walk_or_jump_joins_costs_their_difference_in_height_more(path: Path) -> None:
    # ``areas.reached`` counts the least a way through a key point could cost as its cost so
    # far, the distance and, from a surface no walk or jump joins to the targets' own, the
    # difference in height (``least_rise``): every leg ``way`` picks between such surfaces, and
    # every straight climb, must cost at least that (key points and the area grid's centres,
    # every unit's points)
    state = play(load_scenario(path), strict=False).game.state
    assert isinstance(state, SkirmishState)
    view = TableView(state)
    table = view.table
    centres = [
        Spot(x + 0.5, y + 0.5, surface)
        for surface in ["ground", *table.surfaces]
        for x in range(int(table.width)) for y in range(int(table.depth))
        if table.region(surface).covers(Point(x + 0.5, y + 0.5))
    ]
    for unit in state.units.values():
        if not unit.alive or unit.location is None:
            continue
        search = TableSearch(view, unit.id)
        graph = search.graphs[0]
        points = graph.points
        for a_key, a in points.nodes.items():
            for b in [*points.nodes.values(), *centres]:
                rise = least_rise(table, a.surface, b.surface)
                if not rise or b.text == a_key:
                    continue
                least = a.flat_distance(b) + rise - 1e-9
                via = way(view, points, a_key, b.text, a, b)
                leg = None if via is None else plan(view, unit.id, a, b, via)
                if leg is not None and leg.refusal is None:  # (a refused leg is no way: it costs nothing)
                    assert leg.cost >= least, f"{path.stem}: {a_key} -> {b.text}"
                if b.text not in points.nodes:
                    straight = graph.straight(a_key, b)
                    assert straight is None or straight[0] >= least, f"{path.stem}: {a_key} -> {b.text} (straight)"


def _plainly_reached(search: TableSearch, target: Spot) -> bool:
    """Whether a point is reached, by every run and every key point in range, one by one."""
    if search.denied is not None:
        return False
    view = search.view
    if target != view.spot(search.unit_id) and view.overlap_at(search.unit_id, target) is not None:
        return False
    for graph, reach in search.runs:
        if target.text in reach.cost:
            return True
        there = graph.nodes.get(target.text, target)
        for key, cost in reach.cost.items():
            joined = graph.join_cost(key, there)  # one leg, or a straight walk and climb
            if joined is not None and float(cost) + joined <= graph.budget + 1e-6:
                return True
    return False


def _final_states() -> list[tuple[str, SkirmishState]]:
    found = [(path.stem, play(load_scenario(path), strict=False).game.state) for path in EXAMPLES]
    whole_turn = load_scenario(Path(EXAMPLES[0]).parent / "20-a-whole-turn.yaml")
    found += [(f"whole turn, seed {seed}", self_play(whole_turn, 1, "random", seed, verify_log=False).game.state) for seed in range(3)]
    found += [(f"random table {seed}", self_play(boards.scenario("skirmish", seed), 1, "random", seed, verify_log=False).game.state)
              for seed in range(6)]
    return found  # type: ignore[return-value]  # skirmish states


def test_the_centres_reached_and_the_key_points_in_range_are_those_of_every_run_tried_one_by_one() -> None:
    # areas.reached joins a batch of centres at once, through the runs that can reach a point
    # (the first alone on a table without difficult terrain: ``TableSearch.needed_runs``); here
    # every run and every key point in range is tried for each centre of the grid near the unit
    from domain.rulesets.skirmish.areas import _grid, reached

    for name, state in _final_states():
        view = TableView(state)
        table = view.table
        for unit in state.units.values():
            if not unit.alive or unit.location is None:
                continue
            for running in (False, True):
                search = TableSearch(view, unit.id, running=running)
                if search.denied is not None:
                    continue
                start = view.spot(unit.id)
                needed = {key for _, reach in search.needed_runs for key in reach.cost}
                assert needed == {key for _, reach in search.runs for key in reach.cost}, f"{name}: {unit.id}"
                for surface in ["ground", *table.surfaces]:
                    grid = _grid(table, surface)
                    cells = [(i, j) for i in range(len(grid.xs)) for j in range(len(grid.ys))]
                    grid.learn(cells)
                    near = [
                        grid.cell(i, j)[0] for i, j in cells
                        if grid.cell(i, j)[2] and grid.cell(i, j)[0].flat_distance(start) <= search.graphs[0].budget + 1.0
                    ]
                    expected = [_plainly_reached(search, spot) for spot in near]
                    assert reached(search, list(near)) == expected, f"{name}: {unit.id} {'runs' if running else 'moves'} on {surface}"
