"""Indexes kept from one state to the next (issue 20) equal the same indexes rebuilt from scratch.

The occupancy and Engagement Zone indexes of GODSGLOOM, the occupancy of Tiny Epic Tactics and
each unit's steps in both are kept across every event that leaves what they read unchanged
(``GameState.lasting_index``); the units on a skirmish table are read once per state. After
every event of every example of these rulesets, and of random self-play on random boards, each
kept index is compared with one built here from the state's units by a plain loop (the zones
drawn from the hex directions, the occupants read off the units), and each unit's kept steps
with the steps worked out on a copy of the state, which keeps nothing; and each GODSGLOOM
unit's reach, whose search is kept across events that change no step it read, with the reach
searched on that copy.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domain.movement import search_reach
from domain.rulesets.godsgloom.hexgrid import DIRECTIONS, FACINGS
from domain.rulesets.godsgloom.movement import GloomMovement
from domain.rulesets.godsgloom.state import GloomState
from domain.rulesets.godsgloom.view import MatView
from domain.rulesets.skirmish.state import SkirmishState
from domain.rulesets.skirmish.view import TableView
from domain.rulesets.tinyepic.movement import TetMovement
from domain.rulesets.tinyepic.state import TetState
from domain.rulesets.tinyepic.view import GridView
from domain.state import GameState
from projections.lookahead import Lookahead
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests import boards

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FOLDERS = {"godsgloom": "godsgloom", "tinyepic": "tiny-epic-tactics", "skirmish": "skirmish"}
EXAMPLE_FILES = sorted(p for name in FOLDERS.values() for p in (EXAMPLES / name).glob("*.yaml"))


def _living(state: GameState) -> list[Any]:
    return [u for u in state.units.values() if u.alive and u.location is not None]


def _around(location: str) -> list[str]:
    q, r = (int(v) for v in location.split(","))
    return [location, *(f"{q + dq},{r + dr}" for dq, dr in DIRECTIONS)]


def _gloom_rebuilt(state: GloomState) -> tuple[dict[str, str], dict[str, list[tuple[str, str]]]]:
    """Occupants and zone cover, from the units alone."""
    occupants = {u.location: u.id for u in _living(state)}
    cover: dict[str, list[tuple[str, str]]] = {}
    for unit in sorted(_living(state), key=lambda u: u.id):
        q, r = (int(v) for v in unit.location.split(","))
        facing = FACINGS.index(unit.facing)
        edges = range(6) if state.options.engagement_zone == "all_adjacent" else (facing - 1, facing, facing + 1)
        for edge in edges:
            dq, dr = DIRECTIONS[edge % 6]
            cover.setdefault(f"{q + dq},{r + dr}", []).append((unit.id, unit.owner))
    return occupants, cover


def _check_gloom(state: GloomState, where: str) -> None:
    view = MatView(state)
    occupants, cover = _gloom_rebuilt(state)
    assert {h: u.id for h, u in view.occupant_at.items()} == occupants, where
    assert {h.text: u.id for h, u in view.occupants.items()} == occupants, where
    assert view.cover_at == cover, where
    assert {h.text: found for h, found in view.zone_cover.items()} == cover, where
    assert view.marked == frozenset(occupants) | frozenset(cover), where
    fresh = state.model_copy(deep=True)  # a copy keeps no index
    for unit in _living(state):
        for mode in ("normal", "engaged_step"):
            kept, scratch = GloomMovement(state, mode).steps_from(unit.id), GloomMovement(fresh, mode)
            around = {h for other in _living(state) for h in _around(other.location)}
            for h in sorted(around | set(kept)):  # every step kept so far, and the steps near units
                assert list(kept[h]) == list(scratch.step_options(unit.id, h)), f"{where}: {unit.id} ({mode}) out of {h}"
            _check_kept_search(state, fresh, unit.id, mode, f"{where}: {unit.id} ({mode})")


def _check_kept_search(state: GloomState, fresh: GloomState, unit_id: str, mode: str, where: str) -> None:
    """A unit's reach searched in this state (from the search kept since an earlier one, when
    no step it read has changed: ``GloomMovement.kept_search``) is the reach searched on a copy
    that keeps nothing: costs, the way to each place and every reason for the rest."""
    start = state.units[unit_id].location or ""
    kept, scratch = search_reach(GloomMovement(state, mode), unit_id, start), search_reach(GloomMovement(fresh, mode), unit_id, start)
    assert kept.cost == scratch.cost, where
    assert {h: kept.path_to(h) for h in kept.cost} == {h: scratch.path_to(h) for h in scratch.cost}, where
    assert kept.pass_only == scratch.pass_only, where
    assert kept.blocked == scratch.blocked and kept.stopped_before == scratch.stopped_before, where
    assert kept.too_far == scratch.too_far, where


def _check_tet(state: TetState, where: str) -> None:
    view = GridView(state)
    assert {s.text: u.id for s, u in view.occupants.items()} == {u.location: u.id for u in _living(state)}, where
    fresh = state.model_copy(deep=True)
    for unit in _living(state):
        kept, scratch = TetMovement(state).steps_from(unit.id), TetMovement(fresh)
        for h in list(kept):
            assert list(kept[h]) == list(scratch.step_options(unit.id, h)), f"{where}: {unit.id} out of {h}"
        for other in _living(state):
            x, y = (int(v) for v in other.location.split(","))
            for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)):
                if state.on_board(x + dx, y + dy):
                    h = f"{x + dx},{y + dy}"
                    assert list(kept[h]) == list(scratch.step_options(unit.id, h)), f"{where}: {unit.id} out of {h}"


def _check_skirmish(state: SkirmishState, where: str) -> None:
    placed = [(p.id, p.owner, p.spot.text) for p in TableView(state).placed()]
    expected = [(u.id, u.owner, TableView(state).spot(u.id).text) for u in _living(state)]
    assert placed == expected, where


CHECKS = {"godsgloom": _check_gloom, "tinyepic": _check_tet, "skirmish": _check_skirmish}


def _fold_and_check(events: list[Any], name: str) -> int:
    """Fold the events one at a time into one state (as an aggregate does), checking the kept
    indexes after each; how many states were checked."""
    lookahead = Lookahead()
    checked = 0
    for n, event in enumerate(events, start=1):
        lookahead.process(event)
        state = lookahead.view
        if state is None or not state.units:
            continue
        CHECKS[state.ruleset](state, f"{name}, after event {n} ({event.name})")  # type: ignore[operator]
        checked += 1
    return checked


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_kept_indexes_equal_rebuilt_ones_after_every_event_of_every_example(path: Path) -> None:
    played = play(load_scenario(path), strict=False)
    assert _fold_and_check(list(played.events), path.stem) > 0


@pytest.mark.parametrize("ruleset", ["godsgloom", "tinyepic", "skirmish"])
@pytest.mark.parametrize("seed", range(4))
def test_kept_indexes_equal_rebuilt_ones_along_random_self_play(ruleset: str, seed: int) -> None:
    turns = 1 if ruleset == "skirmish" else 3
    played = self_play(boards.scenario(ruleset, seed), turns, "random", seed, verify_log=False)
    assert _fold_and_check(played.events, f"random {ruleset} board {seed}") > 0
