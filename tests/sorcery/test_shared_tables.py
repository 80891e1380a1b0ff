"""Speed never changes an answer: a unit's step table shared between states (rules/shared.py) is
the table worked out from scratch for each of them.

After every event of every Sorcery example, and of random Sorcery self-play, each unit in
the realm has the steps out of every location its table holds (those the searches of this state
and of every earlier state with the same key asked about) and out of where it stands, its
allowance at each location and whether it may move at all read twice: through the tables the
states of the game share, and from a new view of the state that shares nothing (every answer
worked out again by the rules). They must be equal; and two states with the same key must give
the same steps from scratch (the key names everything a table is read from).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domain.event_base import GameEvent
from domain.movement import Reach, search_reach
from domain.rulesets.sorcery import RULESET
from domain.rulesets.sorcery.movement import _LOCATIONS, SorceryMovement
from domain.rulesets.sorcery.rules import shared
from domain.rulesets.sorcery.view import RealmView
from domain.state import GameState
from projections.lookahead import Lookahead
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES, folded, sorcery_self_play

SORCERY = sorted((EXAMPLES / "sorcery").glob("*.yaml"))
#: the steps from scratch of every key met in this process: keys are unique to a process (realm
#: numbers are never reused), so one key met in two games must give the same steps in both
_SEEN: dict[tuple[Any, ...], dict[str, Any]] = {}


def _compare(state: GameState, unit_id: str, basic: bool, seen: dict[tuple[Any, ...], dict[str, Any]], where: str) -> None:
    model = SorceryMovement(state, basic=basic)
    table = model.steps_from(unit_id)
    alone = SorceryMovement(state, basic=basic)
    alone.view = RealmView(state)  # a view of its own: nothing worked out before, nothing shared
    location = state.units[unit_id].location or ""
    asked = sorted({location, *table})
    product = {at: list(table[at]) for at in asked}
    scratch = {at: list(alone._step_options(unit_id, at)) for at in asked}
    assert product == scratch, f"{where}: {unit_id}'s shared steps"
    assert model.no_movement(unit_id) == alone.view.disabled(unit_id), f"{where}: whether {unit_id} may move"
    if basic:
        allowances = {at.text: 1 + alone.view.movement_bonus(unit_id, at) for at in _LOCATIONS}
        assert model._allowances(unit_id) == allowances, f"{where}: {unit_id}'s allowances"
        assert model.allowance(unit_id) == 1 + alone.view.movement_bonus(unit_id), f"{where}: {unit_id}'s allowance"
    earlier = seen.setdefault((*shared.unit_key(state, unit_id), basic), scratch)
    for at in set(earlier) & set(scratch):
        assert earlier[at] == scratch[at], f"{where}: two states with {unit_id}'s key differ at {at}"


def _compare_judged(state: GameState, unit_id: str, where: str) -> None:
    """Each step out of where the unit stands judged alone, as a declared step is before any
    search (``step_option``: its answer shared under the unit's key), against a new view of the
    state that shares nothing."""
    location = state.units[unit_id].location or ""
    alone = SorceryMovement(state)
    alone.view = RealmView(state)  # nothing worked out before, nothing shared
    scratch = alone._step_options(unit_id, location)
    for option in scratch:
        found = SorceryMovement(state).step_option(unit_id, location, option.to, option.kind)
        assert found == option, f"{where}: {unit_id}'s {option.kind} step to {option.to} judged alone"
    owner = state.units[unit_id].owner
    near = {option.to for option in scratch}
    for at in _LOCATIONS:
        adjacent = SorceryMovement(state).adjacent(location, at.text, owner, unit_id)
        assert adjacent == (at.text in near), f"{where}: whether {at.text} is one step from {unit_id}"


def _reach_answers(reach: Reach, why: bool) -> dict[str, Any]:
    """What a range of motion answers: costs, paths, and the reasons ``why_not`` reads (the
    refused steps, what lies too far, the stops); with ``why``, also spelled out for the first
    place out of reach (which runs the unbounded search, kept too, once per reach)."""
    unreached = [at.text for at in _LOCATIONS if at.text not in reach.cost]
    return {
        "cost": reach.cost, "paths": {at: reach.path_to(at) for at in reach.cost}, "pass_only": reach.pass_only,
        "blocked": reach.blocked, "too_far": reach.too_far, "stopped_before": reach.stopped_before,
        "why_not": {at: reach.why_not(at) for at in unreached[:1]} if why else None,
    }


def _compare_search(state: GameState, unit_id: str, where: str, why: bool) -> None:
    """The reach searched through the shared tables (a search kept under the unit's key, maybe
    made in an earlier state or game, or by another model of the unit: ``kept_search``) against
    the search run now by a model that keeps none, over the same step tables (which ``_compare``
    holds to tables worked out from scratch): every cost, path and reason (``why``: spelled out
    too, for a basic move)."""
    location = state.units[unit_id].location or ""
    for basic in (True, False):
        alone = SorceryMovement(state, basic=basic)
        alone.kept_search = None  # type: ignore[assignment,method-assign]  # searched now, kept nowhere
        kept = search_reach(SorceryMovement(state, basic=basic), unit_id, location)
        scratch = search_reach(alone, unit_id, location)
        spelled = why and basic
        assert _reach_answers(kept, spelled) == _reach_answers(scratch, spelled), f"{where}: {unit_id}'s kept search (basic={basic})"


def _check_events(events: list[GameEvent], where: str, why: bool = False) -> int:
    """Every event folded as the aggregate folds it (not only the lookahead's facts); ``why``:
    the kept searches' reasons spelled out too (an unbounded search a unit and state)."""
    checked = 0
    for state, event in folded(events):
        for unit_id, unit in list(state.units.items()):
            if unit.alive and unit.location is not None:
                _compare_judged(state, unit_id, f"{where}, after {event.event_id}")  # before any search
                RULESET.range_of_motion(state, unit_id)  # the search fills the table, as a question does
                _compare_search(state, unit_id, f"{where}, after {event.event_id}", why)
                for basic in (True, False):
                    _compare(state, unit_id, basic, _SEEN, f"{where}, after {event.event_id}")
                checked += 1
    return checked


@pytest.mark.parametrize("path", SORCERY, ids=lambda p: p.stem)
def test_after_every_event_of_an_example_the_shared_tables_are_those_worked_out_from_scratch(path: Path) -> None:
    played = play(load_scenario(path), strict=False)
    assert _check_events(list(played.events), path.stem) > 0 or not played.game.state.units


@pytest.mark.parametrize("seed", range(4))
def test_after_every_event_of_random_self_play_the_shared_tables_are_those_worked_out_from_scratch(seed: int) -> None:
    for events in sorcery_self_play(seed):
        assert _check_events(events, f"self-play seed {seed}", why=True) > 0


def _realm() -> tuple[Lookahead, GameState]:
    from benchmarks.boards import sorcery_realm

    game, _, _ = sorcery_realm()
    lookahead = Lookahead.from_events(game.pending_events)  # type: ignore[arg-type]
    assert lookahead.view is not None
    return lookahead, lookahead.view


def _step(state: GameState, unit: str, frm: str, to: str) -> None:
    from uuid import uuid4

    from domain.events import StepTaken

    StepTaken(
        originator_id=uuid4(), originator_version=1, timestamp="2026-01-01T00:00:00Z", move_id="m",
        unit=unit, index=1, frm=frm, to=to, kind="orthogonal",
    ).fold_into(state)


def test_a_step_of_a_unit_no_effect_names_leaves_the_other_units_tables_shared() -> None:
    """What a step cannot change is shared between states: the Hounds' table after the
    Apprentice Wizard steps is the table of the state before (issue 20)."""
    lookahead, state = _realm()
    before = SorceryMovement(state).steps_from("hounds")
    before["1"]  # noqa: B018  # asked once, in the state before the step
    _step(state, "wizard", "3", "4")
    after = SorceryMovement(state).steps_from("hounds")
    assert after._known is before._known  # type: ignore[attr-defined]  # the shared table beneath


def test_a_step_of_a_unit_an_effect_names_gives_the_units_it_may_cover_new_tables() -> None:
    """Wings of Invention follows its bearer (the Phantom Steed): where the Steed stands is part
    of every unit's key, so its step gives every unit a table of its own state."""
    lookahead, state = _realm()
    before = SorceryMovement(state).steps_from("hounds")
    _step(state, "steed", "6", "7")
    after = SorceryMovement(state).steps_from("hounds")
    assert after._known is not before._known  # type: ignore[attr-defined]  # a table of its own


def test_a_spec_with_a_field_this_module_does_not_know_is_read_as_depending_on_every_unit() -> None:
    """A card added later with a new field is slower, never wrong (rules/shared.py: KNOWN)."""
    from domain.rulesets.sorcery.effects import Leap

    class Bigger(Leap):
        over: str = "x"

    assert shared._broad(Bigger(unit="u"))
    assert not shared._broad(Leap(unit="u"))


def test_a_model_held_past_an_event_shares_nothing_it_works_out_afterwards() -> None:
    """A movement model kept after its state changed answers for its own moment and puts
    nothing in the shared tables: they hold only answers of states as they were when asked."""
    lookahead, state = _realm()
    model = SorceryMovement(state)
    steps = model.steps_from("hounds")
    _step(state, "steed", "6", "7")
    steps["2"]  # noqa: B018  # asked after the event, of a model of the state before it
    assert "2" not in steps._known  # type: ignore[attr-defined]  # not shared


def test_each_thread_keeps_tables_of_its_own() -> None:
    """Tables are filled through the states of the thread that asks: two threads never share
    them (a state another thread is changing could answer for the wrong moment)."""
    import threading

    lookahead, state = _realm()
    mine = shared.shared(state)
    theirs: list[object] = []
    worker = threading.Thread(target=lambda: theirs.append(shared.shared(state)))
    worker.start()
    worker.join()
    assert theirs and theirs[0] is not mine and shared.shared(state) is mine


def test_a_step_judged_alone_is_the_step_worked_out_from_scratch_in_every_state_with_its_key() -> None:
    """A unit shuttling between the same places (the benchmarks' long game) meets each key again:
    its declared steps are judged from the shared answers, and must be those worked out anew."""
    from benchmarks.games import long_game

    events = list(long_game(400).pending_events)
    assert _check_events(events, "the long game") > 100  # type: ignore[arg-type]  # a game records only GameEvents
