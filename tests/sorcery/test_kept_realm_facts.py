"""Speed never changes an answer: what Sorcery keeps across the events that change no unit's or
card's characteristics (``GameState.characteristics_index``, ``GameEvent.KEEPS_CHARACTERISTICS``)
is what a rebuild from scratch gives.

After every event of every Sorcery example, and of random Sorcery self-play, folded into one
state as the aggregate folds them, the realm's facts (rules/shared.py: the fingerprint the
shared step tables are keyed by), the kinds of moment the cards in play wait for
(triggers/match.py), the sites by square (rules/facts.py, locations.py), the units that need
voids (engine/voids.py), whether an oversized unit is in the realm (oversized.py), the units'
step-table keys kept with the realm's facts (rules/shared.py) and the location texts read
(locations.py, kept with the board under the squares the sites are at) are read as the rules
read them, from what was kept, and compared with the same worked out on a copy of the state,
which keeps nothing.
"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from domain.event_base import GameEvent
from domain.events import GameStarted, StepTaken, UnitDied
from domain.rulesets.sorcery import locations, oversized
from domain.rulesets.sorcery.engine import voids
from domain.rulesets.sorcery.events import UnitTapped
from domain.rulesets.sorcery.events_combat import AttackDeclared, DamageTaken, DefenderJoined, FightStarted, StrikeDealt
from domain.rulesets.sorcery.rules import shared
from domain.rulesets.sorcery.triggers import match
from domain.rulesets.sorcery.view import RealmView
from domain.state import GameState
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES, folded, self_played_examples, sorcery_self_play

SORCERY = sorted((EXAMPLES / "sorcery").glob("*.yaml"))


def _compare(state: GameState, where: str) -> None:
    kept = shared.realm_facts(state)
    fresh = state.model_copy(deep=True)  # a copy keeps nothing
    rebuilt = shared._realm_facts(fresh)
    assert kept.fingerprint == rebuilt.fingerprint, f"{where}: the realm's facts"
    assert (kept.named, kept.broad, kept.at_rest, kept.volatile) == (
        rebuilt.named, rebuilt.broad, rebuilt.at_rest, rebuilt.volatile,
    ), f"{where}: what the realm's facts say effects read"
    assert match.kinds_present(state) == match.kinds_in_play(fresh), f"{where}: the kinds of moment cards wait for"  # type: ignore[arg-type]
    assert RealmView.of(state).sites == RealmView(fresh).sites_by_square(), f"{where}: the sites by square"
    assert locations.site_squares(state) == locations.sites_written(fresh), f"{where}: the squares sites are at"
    held = state.__pydantic_private__["_characteristics"]  # type: ignore[index]
    squares = locations.sites_written(fresh)
    for (text, at), read in dict(state.board_index(locations._READ, dict)).items():
        if at == squares:  # read with the sites where they are now (the board's index keeps every realm's)
            assert read == locations.read_location(fresh, text), f"{where}: the location {text!r} is read"
    for name, rebuild in (("sorcery.oversized", oversized.holds_oversized), ("sorcery.void_needs", voids.void_needs)):
        if name in held:  # kept from an earlier state, or worked out for this one
            assert held[name] == rebuild(fresh), f"{where}: {name}"  # type: ignore[operator]
    oversized.movement(None, state)  # both are kept from now on, as a step's judge and settling do
    voids.short_of_voids(state, RealmView.of(state))  # type: ignore[arg-type]  # kept from now on, as a step's settling does
    _compare_unit_keys(state, where)
    _read_locations(state)


def _compare_unit_keys(state: GameState, where: str) -> None:
    """The units' keys kept with the realm's facts (rules/shared.py ``_fixed_key``) are those
    worked out from this state's places; then every unit's is asked, as a step's movement
    asks, so that the next states keep them."""
    held = state.__pydantic_private__["_characteristics"]  # type: ignore[index]
    facts = shared.realm_facts(state)
    for unit_id, key in dict(held.get(shared._FIXED_KEYS) or {}).items():
        assert not facts.broad and key == shared.placed_key(state, facts, unit_id), f"{where}: {unit_id}'s kept key"
    for unit_id in state.units:
        shared.unit_key(state, unit_id)


def _read_locations(state: GameState) -> None:
    """Every alias and bare square read (locations.py ``parse_location``), as a declared path's
    are: kept from now on, and compared after the next events."""
    for text in (*state.aliases, *map(str, range(1, 21))):
        locations.parse_location(state, text)


def _check_events(events: list[GameEvent], where: str) -> int:
    checked = 0
    for state, event in folded(events):
        _compare(state, f"{where}, after {event.event_id} ({event.name})")
        checked += 1
    return checked


@pytest.mark.parametrize("path", SORCERY, ids=lambda p: p.stem)
def test_after_every_event_of_an_example_the_kept_realm_facts_are_those_rebuilt(path: Path) -> None:
    played = play(load_scenario(path), strict=False)
    assert _check_events(list(played.events), path.stem) > 0


@pytest.mark.parametrize("seed", range(4))
def test_after_every_event_of_random_self_play_the_kept_realm_facts_are_those_rebuilt(seed: int) -> None:
    for events in sorcery_self_play(seed):
        assert _check_events(events, f"self-play seed {seed}") > 0


def test_after_every_event_of_self_play_from_each_example_the_kept_realm_facts_are_those_rebuilt() -> None:
    # every example's realm, its attacks, intercepts, fights and strikes among them (each of
    # those events keeps what is in play: events_combat.py)
    checked = sum(_check_events(events, name) for events, name in self_played_examples(EXAMPLES / "sorcery", 2, [0]))
    assert checked > 0


def test_the_check_bites_an_event_kept_across_that_changes_what_is_in_play(monkeypatch: pytest.MonkeyPatch) -> None:
    # were a death (a unit leaves the realm: the realm's facts change) taken to keep what is in
    # play, the check after every event finds the kept facts differ from those rebuilt
    monkeypatch.setattr(UnitDied, "KEEPS_CHARACTERISTICS", True)
    events = list(play(load_scenario(EXAMPLES / "sorcery" / "08-a-whole-turn.yaml"), strict=False).events)
    with pytest.raises(AssertionError, match="the realm's facts"):
        _check_events(events, "a death taken to keep what is in play")


def test_an_attack_and_its_fight_keep_the_realm_facts() -> None:
    # the attack on p2's site (08-a-whole-turn): from its declaration to its end, nothing in play
    # changes until a unit dies, so the facts worked out before it are those read after each event
    state, events = _walker_game()
    kept_across = 0
    for event in events:
        before = shared.realm_facts(state)
        event.fold_into(state)
        if isinstance(event, (AttackDeclared, DefenderJoined, FightStarted, StrikeDealt, DamageTaken)) and not before.volatile:
            assert shared.realm_facts(state) is before, f"{event.event_id} ({event.name}) keeps them"
            kept_across += 1
    assert kept_across >= 5


def _walker_game() -> tuple[GameState, list[GameEvent]]:
    played = play(load_scenario(EXAMPLES / "sorcery" / "08-a-whole-turn.yaml"), strict=False)
    events = list(played.events)
    start = events[0]
    assert isinstance(start, GameStarted)
    return start.initial_state(), events[1:]


def test_a_step_or_a_tap_keeps_the_realm_facts_and_any_other_kind_of_event_drops_them() -> None:
    state, events = _walker_game()
    kept_across = 0
    for event in events:
        before = shared.realm_facts(state)
        event.fold_into(state)
        held = state.__pydantic_private__["_characteristics"]  # type: ignore[index]
        if not type(event).KEEPS_CHARACTERISTICS:
            assert not held, f"{event.event_id} ({event.name}) drops what was kept"
        elif isinstance(event, (StepTaken, UnitTapped)) and not before.volatile:
            assert shared.realm_facts(state) is before, f"{event.event_id} ({event.name}) keeps them"
            kept_across += 1
    assert kept_across > 0


def test_a_copy_and_a_pickled_state_start_without_what_was_kept() -> None:
    state, events = _walker_game()
    for event in events:
        event.fold_into(state)
    shared.realm_facts(state)
    assert state.__pydantic_private__["_characteristics"]  # type: ignore[index]
    assert not state.model_copy(deep=True).__pydantic_private__["_characteristics"]  # type: ignore[index]
    assert not pickle.loads(pickle.dumps(state)).__pydantic_private__["_characteristics"]  # type: ignore[index]


def test_a_pickled_state_carries_no_index_that_names_this_processs_realms() -> None:
    # a state sent to another process (``sim play`` games come back pickled) must not bring
    # a realm number of this process into that one's shared tables: every derived or kept
    # index stays behind, and the receiver's answers are worked out afresh
    state, events = _walker_game()
    for event in events:
        event.fold_into(state)
    before = RealmView.of(state).keywords("raiders")
    shared.realm_facts(state)
    private = state.__pydantic_private__
    assert private["_indexes"]  # type: ignore[index]
    received = pickle.loads(pickle.dumps(state))
    theirs = received.__pydantic_private__
    assert not theirs["_indexes"] and not theirs["_lasting"] and not theirs["_characteristics"]  # type: ignore[index]
    assert private["_indexes"]  # type: ignore[index]  # the sender keeps its own
    assert RealmView.of(received).keywords("raiders") == before
