"""A ready unit's Move and Attack commands are kept in a table shared by every state of the same
realm and places (``legal.kept_moves``, keyed on ``rules.shared.realm_key``), the whole listing of
the active player's moves too (``legal._moves``: keyed also on each unit's tapped mark and whether
it entered this turn), and the player's units and sites that have an activated ability
(``legal._sources``): after every event of every Sorcery example and of seeded random self-play,
each kept answer (made by whichever state asked first, of this game or another) is the answer
worked out for the state now, command for command and in order (issue 20)."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.rulesets.sorcery.commands import EndTurn, MoveAndAttack, Pass
from domain.rulesets.sorcery.legal import (
    _movement,
    _moves,
    _moves_of,
    _ready,
    _sources,
    _sources_now,
    kept_moves,
    main_phase,
)
from domain.rulesets.sorcery.rules.shared import realm_key, shared
from domain.rulesets.sorcery.state import SorceryState
from domain.state import GameState
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests.helpers import EXAMPLES, checked_after_each_event, example_events, game, self_played_examples
from tests.sorcery.test_movement_spells import SITES

SORCERY = sorted((EXAMPLES / "sorcery").glob("*.yaml"))


class _Seen:
    """How many listings a check found kept by an earlier state (the table was read, not filled)."""

    earlier = 0


def _same_as_fresh(state: GameState, where: str) -> int:
    assert isinstance(state, SorceryState)
    movement = _movement(state)  # the model legal.py lists by (oversized units part by part)
    compared = 0
    for player in state.players:
        for unit_id in _ready(state, player, movement):
            if (*realm_key(state), "moves", unit_id, player) in shared(state).tables:
                _Seen.earlier += 1
            kept = kept_moves(state, movement, unit_id, player)
            fresh = _moves_of(state, _movement(state), unit_id, player)
            assert list(kept) == fresh, f"{where}: {unit_id} of {player}"
            compared += len(fresh)
    listing = _moves(state)
    fresh_listing = [m for u in _ready(state, state.active_player, movement) for m in _moves_of(state, movement, u, state.active_player)]
    assert list(listing) == fresh_listing, f"{where}: the listing of {state.active_player}'s moves"
    for player in state.players:
        assert _sources(state, player) == _sources_now(state, player), f"{where}: {player}'s sources of abilities"
    kept_sources = main_phase(state)[1]  # kept beside the listing
    assert kept_sources == _sources_now(state, state.active_player), f"{where}: the sources kept with the listing"
    return compared + len(fresh_listing)


@pytest.mark.parametrize("path", SORCERY, ids=lambda p: p.stem)
def test_kept_moves_list_what_the_state_lists_after_every_event_of_each_example(path: Path) -> None:
    checked_after_each_event(example_events(path), path.stem, _same_as_fresh)


def test_kept_moves_made_by_earlier_states_list_what_a_later_state_lists_in_self_play() -> None:
    before = _Seen.earlier
    compared = sum(
        checked_after_each_event(events, name, _same_as_fresh)
        for events, name in self_played_examples(EXAMPLES / "sorcery", 3, range(2))
    )
    long = EXAMPLES / "sorcery" / "08-a-whole-turn.yaml"
    for seed in range(6):
        events = self_play(load_scenario(long), 10, "random", seed).events
        compared += checked_after_each_event(events, f"{long.stem} seed {seed}", _same_as_fresh)
    assert compared > 10_000
    assert _Seen.earlier - before > 1_000  # most listings were read from the table


def test_a_step_of_another_unit_changes_the_attacks_kept_for_a_unit_that_stays_ready() -> None:
    """Where every unit stands is part of the key: an enemy stepping next to a ready unit (the
    realm's facts unchanged) gives it a new target there; stepping away takes it back."""
    g = game(
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n" + SITES
        + "  units:\n    - {id: boars, card: Wild Boars, owner: p1, at: 6}\n"
        + "    - {id: hounds, card: Wild Boars, owner: p2, at: 8}\n"
    )

    def attacks_on_hounds() -> bool:
        state = g.state
        assert isinstance(state, SorceryState)
        listed = kept_moves(state, _movement(state), "boars", "p1")
        assert list(listed) == _moves_of(state, _movement(state), "boars", "p1")
        return any(isinstance(c, MoveAndAttack) and c.attack == "hounds" for c in listed)

    assert not attacks_on_hounds()
    g.issue(EndTurn(player="p1"))
    for to, near in (("7", True), ("8", False), ("7", True)):
        g.issue(MoveAndAttack(unit="hounds", path=[to]))
        g.issue(EndTurn(player="p2"))
        assert attacks_on_hounds() is near, to
        g.issue(EndTurn(player="p1"))


def test_a_unit_tapped_by_its_attack_where_it_stands_leaves_the_kept_listing_until_it_untaps() -> None:
    """An attack on the site where the unit stands moves nobody: the realm and places are the
    same, only its tapped mark changes, and the kept listing follows it (codex: Tap)."""
    g = game(
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
        + "    - {at: 6, card: Valley, controller: p2}\n    - {at: 7, card: Valley, controller: p1}\n"
        + "  units:\n    - {id: boars, card: Wild Boars, owner: p1, at: 6}\n"
    )

    def listed() -> bool:
        state = g.state
        assert isinstance(state, SorceryState)
        return any(isinstance(c, MoveAndAttack) and c.unit == "boars" for c in _moves(state))

    for _ in range(2):
        assert listed()
        g.issue(MoveAndAttack(unit="boars", attack="site"))
        g.issue(Pass(player="p2"))  # no defender
        assert not listed()
        g.issue(EndTurn(player="p1"))
        g.issue(EndTurn(player="p2"))
