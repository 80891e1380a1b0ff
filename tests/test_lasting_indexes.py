"""Indexes kept from one state to the next (issue 20) equal the same indexes rebuilt from scratch.

The occupancy and Engagement Zone indexes of GODSGLOOM, the occupancy of Tiny Epic Tactics and
each unit's steps in both are kept across every event that leaves what they read unchanged
(``GameState.lasting_index``); the units on a skirmish table are read once per state. After
every event of every example of these rulesets, and of random self-play on random boards, each
kept index is compared with one built here from the state's units by a plain loop (the zones
drawn from the hex directions, the occupants read off the units), and each unit's kept steps
with the steps worked out on a copy of the state, which keeps nothing; and each GODSGLOOM
unit's reach, whose search is kept across events that change no step it read, with the reach
searched on that copy, and the legal commands (worked out from those kept searches) with the list
a rebuild on the copy gives.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domain.events import GameStarted
from domain.movement import search_reach
from domain.rulesets.godsgloom.catalog import TRAITS
from domain.rulesets.godsgloom.commands import GodsPushMove, Move
from domain.rulesets.godsgloom.engine import push_eligibility
from domain.rulesets.godsgloom.hexgrid import DIRECTIONS, FACINGS
from domain.rulesets.godsgloom.legal import legal_commands as gloom_legal
from domain.rulesets.godsgloom.movement import GloomMovement, choose_mode
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
    _check_step_option(state, where)


def _check_step_option(state: GloomState, where: str) -> None:
    """A declared step judged alone (``GloomMovement.step_option``, read off the units) is the
    step ``step_options`` lists from a copy that keeps nothing, with or without its kind, on a
    state whose indexes are built and on a copy that has none (its zones read unit by unit)."""
    scratch_state, bare = state.model_copy(deep=True), state.model_copy(deep=True)
    around = sorted({h for other in _living(state) for h in _around(other.location)})
    for unit in _living(state):
        for mode in ("normal", "engaged_step", "trample", "nimble", "push", "trample_nimble", "breakaway", "breakaway_trample"):
            scratch = GloomMovement(scratch_state, mode)
            for checked in (GloomMovement(bare, mode), GloomMovement(state, mode)):
                for h in around:
                    listed = list(scratch.step_options(unit.id, h))
                    for option in listed:
                        said = f"{where}: {unit.id} ({mode}) {h} -> {option.to}"
                        assert checked.step_option(unit.id, h, option.to) == option, said
                        assert checked.step_option(unit.id, h, option.to, option.kind) == option, said
                        assert checked.step_option(unit.id, h, option.to, "no such kind") is None, said
                    assert checked.step_option(unit.id, h, h) is None, f"{where}: {unit.id} ({mode}) {h} -> itself"


def _check_legal(state: GloomState, fresh: GloomState, where: str) -> None:
    """The legal commands of this state (a lazy collection whose moves come from the units'
    kept searches) are the list a rebuild on a copy gives, in the same order, read whole, by
    index and one command at a time (``in``, on a collection nothing was read of yet)."""
    whole = _rebuilt(fresh)
    assert list(gloom_legal(state)) == whole, where
    by_index = gloom_legal(state)
    assert len(by_index) == len(whole), where
    assert [by_index[i] for i in range(len(whole))] == whole, where
    for command in whole:
        assert command in gloom_legal(state), f"{where}: {command!r}"
    for command in whole:
        if isinstance(command, Move) and command.path:  # a move one hex further, back where it was: listed never
            other = command.model_copy(update={"path": [*command.path, command.path[-1]]})
            assert other not in gloom_legal(state), f"{where}: {other!r}"


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
    _check_tet_step_option(state, where)


def _check_tet_step_option(state: TetState, where: str) -> None:
    """A declared step judged alone (``TetMovement.step_option``) is the step ``step_options``
    lists from a copy that keeps nothing, on this state and on a bare copy (whose occupants are
    read unit by unit)."""
    scratch, bare = TetMovement(state.model_copy(deep=True)), state.model_copy(deep=True)
    for unit in _living(state):
        for checked in (TetMovement(bare), TetMovement(state)):
            for other in _living(state):
                x, y = (int(v) for v in other.location.split(","))
                for dx, dy in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)):
                    if not state.on_board(x + dx, y + dy):
                        continue
                    h = f"{x + dx},{y + dy}"
                    for option in scratch.step_options(unit.id, h):
                        assert checked.step_option(unit.id, h, option.to) == option, f"{where}: {unit.id} {h} -> {option.to}"


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


def _ends(state: GloomState, unit_id: str, mode: str) -> list[list[str]]:
    """Each hex the unit can end a move in, by a cheapest path (start left out), by q then r."""
    model = GloomMovement(state, mode)
    if mode == "flying":
        flight = model.flight_range(unit_id)  # Speed, or 1 at Speed 0 under option flying_minimum_move: one_hex
        return [[o.to] for o in sorted(model.teleport_options(unit_id), key=lambda o: _qr(o.to)) if o.blocked is None and o.cost <= flight]
    reach = search_reach(model, unit_id, state.units[unit_id].location or "")
    return [reach.path_to(h)[1:] for h in sorted(reach.cost, key=_qr) if h != reach.start]  # type: ignore[index]  # reached


def _qr(text: str) -> tuple[int, ...]:
    return tuple(int(v) for v in text.split(","))


def _rebuilt(state: GloomState) -> list[Any]:
    """The legal commands listed whole, as a plain loop would, on a state that keeps nothing:
    the part of ``gloom_legal`` that moves (the activated unit's moves and the God's Push
    moves) written out here; the rest (activations, attacks, ends) taken from it."""
    listed = list(gloom_legal(state))
    view = MatView(state)
    if state.phase == "gods_push":
        pushes = []
        for unit in sorted(view.living, key=lambda u: u.id):
            if state.options.gods_push_move != "disabled" and push_eligibility(view, unit)[0] is None:
                pushes += [GodsPushMove(player=unit.owner, unit=unit.id, to=path[-1]) for path in _ends(state, unit.id, "push")]
        return [*pushes, *(c for c in listed if not isinstance(c, GodsPushMove))]
    if state.phase != "activation" or state.activation is None or state.activation.moved or state.activation.attacked:
        return listed
    unit = state.units[state.activation.unit]
    moves: list[Any] = []
    mode, denied = choose_mode(view, unit.id, None)
    if denied is None and GloomMovement(state, mode).no_movement(unit.id) is None:
        moves += [Move(player=unit.owner, unit=unit.id, path=path, face=face) for path in _ends(state, unit.id, mode) for face in FACINGS]
        moves += [Move(player=unit.owner, unit=unit.id, face=face) for face in FACINGS if face != unit.facing]
    seen = {tuple(m.path) for m in moves}
    alone: set[str] = set()  # the modes of the traits used alone
    for name in sorted(view.traits(unit.id)):
        trait = TRAITS.get(name)
        use, blocked = choose_mode(view, unit.id, name) if trait is not None and trait.movement_option else (mode, None)
        if blocked is not None or use == mode or (use != "flying" and GloomMovement(state, use).no_movement(unit.id)):
            continue
        moves += [
            Move(player=unit.owner, unit=unit.id, path=path, face=face, use=name)
            for path in _ends(state, unit.id, use) if tuple(path) not in seen for face in FACINGS
        ]
        alone.add(use)
    traits = view.traits(unit.id)
    for pair in (("Nimble", "Trample"), ("Breakaway", "Trample")):  # traits used together
        if state.options.movement_traits_per_move == "one" or not set(pair) <= traits:
            continue
        use, blocked = choose_mode(view, unit.id, pair)
        if blocked is not None or use == mode or use in alone or GloomMovement(state, use).no_movement(unit.id):
            continue
        moves += [
            Move(player=unit.owner, unit=unit.id, path=path, face=face, use=list(pair))
            for path in _ends(state, unit.id, use) if tuple(path) not in seen for face in FACINGS
        ]
    return [*moves, *(c for c in listed if not isinstance(c, Move))]


GLOOM_EXAMPLES = sorted((EXAMPLES / "godsgloom").glob("*.yaml"))


def _fold_whole_and_check(events: list[Any], name: str) -> int:
    """Fold the events one at a time into the game's whole state (the lookahead's view leaves
    activations and the step of the round out), checking the kept indexes and the legal
    commands after each; how many states had moves among their legal commands."""
    start = events[0]
    assert isinstance(start, GameStarted)
    state = start.initial_state()
    with_moves = 0
    for n, event in enumerate(events[1:], start=2):
        event.fold_into(state)
        if not state.units:
            continue
        assert isinstance(state, GloomState)
        where = f"{name}, after event {n} ({event.name})"
        _check_gloom(state, where)
        _check_legal(state, state.model_copy(deep=True), where)
        with_moves += any(isinstance(c, Move) and c.path for c in gloom_legal(state))
    return with_moves


@pytest.mark.parametrize("path", GLOOM_EXAMPLES, ids=lambda p: p.stem)
def test_legal_commands_from_kept_searches_equal_a_rebuild_after_every_event_of_every_example(path: Path) -> None:
    played = play(load_scenario(path), strict=False)
    _fold_whole_and_check(list(played.events), path.stem)


@pytest.mark.parametrize("seed", range(4))
def test_legal_commands_from_kept_searches_equal_a_rebuild_along_random_self_play(seed: int) -> None:
    played = self_play(boards.scenario("godsgloom", seed), 3, "random", seed, verify_log=False)
    assert _fold_whole_and_check(played.events, f"random godsgloom board {seed}") > 0
