"""A small mat's occupants and Engagement Zones are kept per placement of the units, shared by
every state (of any game) whose units stand so (``domain.rulesets.godsgloom.placement``). After
every event of every GODSGLOOM example and of random self-play (its verification included, which
meets the game's placements again), the placement the state finds is compared with the facts
read here off the state's units by a plain loop: who stands on each hex, and, for each hex
around a unit and each side, which enemies' zones cover it (§8.3, the Front Arc's three hexes or
all six under option engagement_zone all_adjacent)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domain.events import GameStarted
from domain.rulesets.godsgloom.hexgrid import DIRECTIONS, FACINGS, parse_hex
from domain.rulesets.godsgloom.state import GloomState
from domain.rulesets.godsgloom.view import MatView
from sim.replay import verify
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests import boards

GLOOM_EXAMPLES = sorted((Path(__file__).resolve().parents[2] / "examples" / "godsgloom").glob("*.yaml"))


def _zone(location: str, facing: str, option: str) -> set[str]:
    """The hexes of a unit's zone, from the hex directions alone."""
    q, r = (int(v) for v in location.split(","))
    f = FACINGS.index(facing)
    edges = range(6) if option == "all_adjacent" else (f - 1, f, f + 1)
    return {f"{q + DIRECTIONS[e % 6][0]},{r + DIRECTIONS[e % 6][1]}" for e in edges}


def _check(state: GloomState, where: str) -> int:
    """Compare the kept placement with a plain reading of the units; how many hexes were asked."""
    view = MatView(state)
    if not view.small:
        return 0
    living = [u for u in state.units.values() if u.alive and u.location is not None]
    option = state.options.engagement_zone
    kept = view.placing
    assert kept.occupant == {u.location: u.id for u in living}, where
    asked = 0
    hexes = {h for u in living for h in (u.location, *_zone(u.location, "N", "all_adjacent"))}
    for text in sorted(hexes):
        for side in sorted({u.owner for u in state.units.values()} | {"nobody"}):
            expected = sorted(u.id for u in living if u.owner != side and text in _zone(u.location, u.facing, option))
            assert list(kept.zones_over(parse_hex(text), side)) == expected, f"{where}: {text} for {side}"
            asked += 1
    for unit in living:
        expected = sorted(e.id for e in living if e.owner != unit.owner and unit.location in _zone(e.location, e.facing, option))
        if state.options.engaged_rule != "mutual_adjacent":
            assert view.engaged_by(unit.id) == expected, f"{where}: who Engages {unit.id}"
    return asked


def _fold_and_check(events: list[Any], name: str) -> int:
    start = events[0]
    assert isinstance(start, GameStarted)
    state = start.initial_state()
    asked = 0
    for n, event in enumerate(events[1:], start=2):
        event.fold_into(state)
        if state.units:
            assert isinstance(state, GloomState)
            asked += _check(state, f"{name}, after event {n} ({event.name})")
    return asked


@pytest.mark.parametrize("path", GLOOM_EXAMPLES, ids=lambda p: p.stem)
def test_kept_placement_equals_the_units_read_after_every_event_of_every_example(path: Path) -> None:
    played = play(load_scenario(path), strict=False)
    _fold_and_check(list(played.events), path.stem)


@pytest.mark.parametrize("seed", range(4))
def test_kept_placement_equals_the_units_read_along_random_self_play_and_its_verification(seed: int) -> None:
    played = self_play(boards.scenario("godsgloom", seed), 3, "random", seed, verify_log=False)
    events = list(played.events)
    assert verify(events).ok  # the verification meets the game's placements, kept from the game
    assert _fold_and_check(events, f"random godsgloom board {seed}") > 0
