"""A small mat's occupants and Engagement Zones are kept per placement of the units, shared by
every state (of any game) whose units stand so (``domain.rulesets.godsgloom.placement``), and
keyed by the cast (what the options, the mat and each unit are), kept across the events that
change none of it. After every event of every GODSGLOOM example and of random self-play (its
verification included, which meets the game's placements again), the placement the state finds
is compared with the facts read here off the state's units by a plain loop: who stands on each
hex, and, for each hex around a unit and each side, which enemies' zones cover it (§8.3, the
Front Arc's three hexes or all six under option engagement_zone all_adjacent); who Engages each
unit under both readings of option engaged_rule (in an enemy's zone, or next to an enemy); and
the cast kept with the state is one read afresh off its options, mat and units, with the MP each
unit pays for a Difficult hex (§8.3 example, Ignore Difficult, the §8.2 step)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domain.events import GameStarted
from domain.rulesets.godsgloom.hexgrid import DIRECTIONS, FACINGS, parse_hex
from domain.rulesets.godsgloom.placement import Cast, Placement
from domain.rulesets.godsgloom.state import GloomState
from domain.rulesets.godsgloom.view import MatView
from sim.replay import verify
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests import boards
from tests.godsgloom.examples import GLOOM_EXAMPLES, WHOLE_ROUND
from tests.helpers import checked_after_each_event


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
    # the same placement made afresh twice: one answers each hex off the units next to it, the
    # other off the cover of every zone, read first (as after a search)
    bare, covered = Placement(kept.key), Placement(kept.key)
    assert covered.cover is not None and bare._cover is None
    for text in sorted(hexes):
        for side in sorted({u.owner for u in state.units.values()} | {"nobody"}):
            expected = sorted(u.id for u in living if u.owner != side and text in _zone(u.location, u.facing, option))
            assert list(kept.zones_over(parse_hex(text), side)) == expected, f"{where}: {text} for {side}"
            assert list(bare.zones_over_text(text, side)) == expected, f"{where}: {text} for {side}, no cover"
            assert list(covered.zones_over_text(text, side)) == expected, f"{where}: {text} for {side}, off the cover"
            asked += 1
    for unit in living:
        expected = sorted(e.id for e in living if e.owner != unit.owner and unit.location in _zone(e.location, e.facing, option))
        if state.options.engaged_rule != "mutual_adjacent":
            assert view.engaged_by(unit.id) == expected, f"{where}: who Engages {unit.id}"
        assert kept.engaged(unit.id, "in_enemy_zone") == tuple(expected), f"{where}: who Engages {unit.id}"
        adjacent = sorted(e.id for e in living if e.owner != unit.owner and unit.location in _zone(e.location, "N", "all_adjacent"))
        assert kept.engaged(unit.id, "mutual_adjacent") == tuple(adjacent), f"{where}: who is next to {unit.id}"
    for unit in state.units.values():
        if unit not in living:
            assert kept.engaged(unit.id, state.options.engaged_rule) is None, f"{where}: {unit.id} is off the mat"
    _check_cast(state, view.cast, where)
    return asked


def _check_cast(state: GloomState, cast: Cast, where: str) -> None:
    """The cast the state holds (kept across events) is the one its options, mat and units give
    now, read plainly; and the traits the rules read are each unit's own, Harass read as Nimble
    under option harass alias_of_nimble."""
    impassable = {parse_hex(t.at) for t in state.terrain.values() if "Impassable" in t.keywords}
    difficult = {parse_hex(t.at) for t in state.terrain.values() if "Difficult" in t.keywords}
    # every option in force, those a dump leaves out at their default (``RuleOptions.LATER``) too
    in_force = {name: getattr(state.options, name) for name in type(state.options).model_fields}
    options = tuple((name, tuple(v) if isinstance(v, list) else v) for name, v in in_force.items())
    units = tuple((u.id, u.owner, u.kind, tuple(u.traits)) for u in state.units.values())
    assert cast.facts == (options, (state.width, state.height, impassable, difficult), units), where
    assert cast == Cast(cast.facts) and hash(cast) == hash(Cast(cast.facts)), where
    for unit in state.units.values():
        read = set(unit.traits) | ({"Nimble"} if "Harass" in unit.traits and state.options.harass == "alias_of_nimble" else set())
        assert cast.traits[unit.id] == read, f"{where}: {unit.id}'s traits"
        for step_mode in (False, True):  # a §8.2-style step, or not
            plain = 1 if step_mode or "Ignore Difficult" in unit.traits else state.options.difficult_cost
            assert cast.difficult_cost(unit.id, step_mode) == plain, f"{where}: {unit.id}'s Difficult cost"


def _fold_and_check(events: list[Any], name: str) -> int:
    return checked_after_each_event(events, name, _check)


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


def test_a_cast_differs_by_any_of_its_facts_and_equal_facts_make_equal_casts() -> None:
    """A kept placement found under another unit's type, traits or side, another mat or other
    options would answer for the wrong game: the cast is part of every placement's key."""
    played = play(load_scenario(WHOLE_ROUND), strict=False)
    state = played.game.state
    assert isinstance(state, GloomState)
    facts = MatView(state).cast.facts
    options, board, units = facts
    first = units[0]
    others = [
        (options[:-1], board, units),
        (options, (board[0] + 1, *board[1:]), units),
        (options, board, ((first[0], first[1], "Swarm" if first[2] != "Swarm" else "Infantry", first[3]), *units[1:])),
        (options, board, ((first[0], first[1], first[2], (*first[3], "Skirmish")), *units[1:])),
        (options, board, ((first[0], "p9", first[2], first[3]), *units[1:])),
    ]
    for changed in others:
        assert Cast(changed) != Cast(facts)
    assert Cast(facts) == Cast(tuple(facts)) and hash(Cast(facts)) == hash(Cast(tuple(facts)))


def test_the_cast_is_kept_across_the_events_that_change_what_no_unit_is() -> None:
    """Kept across the events that change what no unit is (steps, pivots, activations, the
    round's steps); any other event (a unit placed) has it read again."""
    played = play(load_scenario(WHOLE_ROUND), strict=False)
    events = list(played.events)
    start = events[0]
    assert isinstance(start, GameStarted)
    state = start.initial_state()
    kept_across = 0
    for event in events[1:]:
        before = MatView(state).cast if state.units else None
        event.fold_into(state)
        if before is None:
            continue
        held = state.__pydantic_private__["_characteristics"]  # type: ignore[index]
        if type(event).KEEPS_CHARACTERISTICS:
            assert held.get("godsgloom.cast") is before, event.name
            kept_across += 1
        else:
            assert not held, event.name
    assert kept_across > 10
