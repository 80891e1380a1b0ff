"""A small mat's view (``MatView.of``) and movement models (``GloomMovement.of``) are kept across
the events that move no unit: the view is kept with the state's characteristics (dropped by any
event that changes what a unit is) and found again while the units stand where its placement
says (each unit's place, facing and life: ``placement.UNIT_PLACE``). Every answer a view or
model keeps reads only those, the cast and the mat; what else it reads (tokens, activation
marks, the God's Push list) it reads off the state when asked.

After every event of every GODSGLOOM example, of seeded random self-play on random boards and
of self-play from the examples' scripts, the view and models the state finds are compared with
a view made afresh for it: the placement, the living units, the hexes held, each unit's zone,
who Engages each unit, the zones over the hexes around each unit and, in every mode, each
unit's steps out of its hex and the hexes around it."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.rulesets.godsgloom.hexgrid import DIRECTIONS, parse_hex
from domain.rulesets.godsgloom.movement import MODES, GloomMovement
from domain.rulesets.godsgloom.placement import UNIT_PLACE
from domain.rulesets.godsgloom.state import GloomState
from domain.rulesets.godsgloom.view import MatView
from tests.godsgloom.examples import EXAMPLES, GLOOM_EXAMPLES, WHOLE_ROUND
from tests.helpers import checked_after_each_event, example_events, folded, random_board_events, self_played_examples


def _around(location: str) -> list[str]:
    q, r = (int(v) for v in location.split(","))
    return [location, *(f"{q + dq},{r + dr}" for dq, dr in DIRECTIONS)]


def _fresh_model(state: GloomState, mode: str, view: MatView) -> GloomMovement:
    """A model of ``state`` in ``mode`` reading ``view``, kept nowhere."""
    model = GloomMovement(state, mode)  # made here, not the one the state keeps
    model.view = view
    return model


def _check(state: GloomState, where: str) -> int:
    """Compare the view and models the state finds (kept, maybe) with fresh ones; how many
    answers were compared."""
    kept = MatView.of(state)
    fresh = MatView(state)
    assert kept.state is state, where
    assert kept.small == fresh.small, where
    if not fresh.small:
        return 0
    assert kept.placing is fresh.placing, f"{where}: placement"
    assert kept.placing.key[1] == tuple(map(UNIT_PLACE, state.units.values())), f"{where}: placement key"
    assert [u.id for u in kept.living] == [u.id for u in fresh.living], f"{where}: living units"
    assert all(a is b for a, b in zip(kept.living, fresh.living, strict=True)), f"{where}: the units themselves"
    assert kept.held == fresh.held, f"{where}: hexes held"
    compared = 3
    for unit in fresh.living:
        assert kept.zone(unit.id) == fresh.zone(unit.id), f"{where}: {unit.id}'s zone"
        assert kept.engaged_by(unit.id) == fresh.engaged_by(unit.id), f"{where}: who Engages {unit.id}"
        assert kept.speed(unit.id) == fresh.speed(unit.id), f"{where}: {unit.id}'s Speed"
        compared += 3
        for text in _around(unit.location or ""):
            assert kept.zones_over(parse_hex(text), unit.id) == fresh.zones_over(parse_hex(text), unit.id), f"{where}: {text}"
            compared += 1
        for mode in MODES:
            model = GloomMovement.of(state, mode)
            assert model.view is kept and model.state is state, f"{where}: {mode} model"
            plain = _fresh_model(state, mode, fresh)
            assert model.no_movement(unit.id) == plain.no_movement(unit.id), f"{where}: {unit.id} ({mode}) may move"
            for frm in _around(unit.location or ""):
                if not state.on_mat(parse_hex(frm)):
                    continue
                said = f"{where}: {unit.id} ({mode}) out of {frm}"
                assert list(model.step_options(unit.id, frm)) == list(plain.step_options(unit.id, frm)), said
                compared += 1
    return compared


@pytest.mark.parametrize("path", GLOOM_EXAMPLES, ids=lambda p: p.stem)
def test_kept_views_answer_as_fresh_ones_after_every_event_of_every_example(path: Path) -> None:
    checked_after_each_event(example_events(path), path.stem, _check)


@pytest.mark.parametrize("seed", range(4))
def test_kept_views_answer_as_fresh_ones_along_random_self_play(seed: int) -> None:
    assert checked_after_each_event(random_board_events("godsgloom", seed), f"random godsgloom board {seed}", _check) > 0


def test_kept_views_answer_as_fresh_ones_along_self_play_from_the_examples() -> None:
    compared = 0
    for events, name in self_played_examples(EXAMPLES, 2, range(2)):
        compared += checked_after_each_event(events, name, _check)
    assert compared > 0


def test_a_view_is_kept_across_an_event_that_moves_no_unit_and_made_anew_after_one_that_does() -> None:
    """Both happen along a game: the kept view is found again after most events, and a step or
    a pivot has a new one made."""
    events = example_events(WHOLE_ROUND)
    kept = made = 0
    previous: MatView | None = None
    for state, event in folded(events):  # one state, changed in place: read before the next
        if not state.units:
            previous = None
            continue
        places = tuple(map(UNIT_PLACE, state.units.values()))
        view = MatView.of(state)
        if previous is not None and view is previous:
            assert previous.placing.key[1] == places, event.name
            kept += 1
        elif previous is not None:
            made += 1
        previous = view
    assert kept > 0 and made > 0

