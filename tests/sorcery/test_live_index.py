"""The realm's indexes kept current by what events change (rules/live.py) are, after every event
of every Sorcery example and of random Sorcery self-play, the indexes built from scratch by other
code: a plain loop over the units for who stands where, and a view of the state that shares
nothing for the effects in force, whom each covers and each unit's keywords (issue 20)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from domain.event_base import GameEvent
from domain.events import GameStarted
from domain.rulesets.sorcery.effects import Scope
from domain.rulesets.sorcery.realm import parse_loc
from domain.rulesets.sorcery.rules.live import live
from domain.rulesets.sorcery.view import RealmView
from domain.state import GameState
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES, sorcery_self_play

SORCERY = sorted((EXAMPLES / "sorcery").glob("*.yaml"))


def _from_scratch(state: GameState) -> dict[str, Any]:
    view = RealmView(state)  # a view of its own, nothing shared
    occupancy: dict[str, list[str]] = {}
    squares: dict[int, list[str]] = {}
    placed = [u for u in state.units.values() if u.alive and u.location is not None]
    for unit in placed:
        assert unit.location is not None
        occupancy.setdefault(unit.location, []).append(unit.id)
        squares.setdefault(parse_loc(unit.location).square, []).append(unit.id)
    in_force = tuple(effect_id for effect_id, _ in view.specs)
    covers = {}
    for effect_id, spec in view.specs:
        if isinstance(spec, Scope):
            covers[effect_id] = frozenset(u.id for u in placed if view.in_scope(spec, u, parse_loc(u.location or "")))  # type: ignore[arg-type]  # Sorcery units
    keywords = {u.id: view.keywords(u.id) for u in placed}
    return {"occupancy": occupancy, "squares": squares, "in_force": in_force, "covers": covers, "keywords": keywords}


def _kept(state: GameState) -> dict[str, Any]:
    index = live(state)
    return {
        "occupancy": index.occupancy, "squares": index.squares, "in_force": index.in_force, "covers": index.covers,
        "keywords": index.keywords,
    }


def _check(events: list[GameEvent], where: str, how: Counter[str]) -> None:
    start = events[0]
    assert isinstance(start, GameStarted)
    state = start.initial_state()
    for event in events[1:]:
        event.fold_into(state)
        assert _kept(state) == _from_scratch(state), f"{where}, after {event.event_id} ({event.name})"
        how[live(state).last] += 1


def test_after_every_event_of_every_example_the_live_index_is_the_one_built_from_scratch() -> None:
    how: Counter[str] = Counter()
    for path in SORCERY:
        _check(list(play(load_scenario(path), strict=False).events), path.stem, how)
    # the examples set realms up (each unit, site and artifact placed builds it again), yet many
    # events are kept or updated by what they changed
    assert how["updated"] > 0 and how["kept"] > 0, how


@pytest.mark.parametrize("seed", range(4))
def test_after_every_event_of_random_self_play_the_live_index_is_the_one_built_from_scratch(seed: int) -> None:
    how: Counter[str] = Counter()
    for events in sorcery_self_play(seed):
        _check(events, f"self-play seed {seed}", how)
    assert how["updated"] > 0, how


def test_a_step_moves_one_unit_in_the_occupancy_and_keeps_the_rest(tmp_path: Path) -> None:
    """A step is an update, not a rebuild: the unit leaves its square and enters the next."""
    from benchmarks.boards import sorcery_realm
    from tests.sorcery.test_shared_tables import _step

    game, _, _ = sorcery_realm()
    state = game.state
    before = live(state)
    assert before.units_at("3") == ["wizard"]
    _step(state, "wizard", "3", "4")
    after = live(state)
    assert after is before and after.last == "updated"
    assert after.units_at("3") == [] and after.units_at("4") == ["wizard"]


def test_an_aura_that_follows_its_source_covers_the_units_near_where_the_source_stepped() -> None:
    """An effect naming a unit (allies nearby it gain Airborne) is judged again for every unit
    when that unit steps: the Nomads at 20 come near the Apprentice Wizard as it steps from 3 to
    4 (the edges are joined by the Magellan Globe), and gain the keyword in the live index."""
    from benchmarks.boards import sorcery_realm
    from domain.rulesets.sorcery.effects import parse_spec
    from domain.rulesets.sorcery.state import EffectState, SorceryState
    from tests.sorcery.test_shared_tables import _step

    game, _, _ = sorcery_realm()
    state = game.state
    assert isinstance(state, SorceryState)
    live(state)
    state.effects["aura"] = EffectState(
        id="aura", source="wizard", controller="p1", spec=parse_spec({"kind": "grant", "near": "wizard", "keywords": ["Burrowing"]}),
        duration="while_in_realm", label="test: nearby units gain Burrowing", started_turn=1,
    )
    state.changed()
    assert "Burrowing" not in live(state).keywords["raiders"]
    _step(state, "wizard", "3", "4")
    assert live(state).last == "updated"
    assert "Burrowing" in live(state).keywords["raiders"]
    assert _kept(state) == _from_scratch(state)
