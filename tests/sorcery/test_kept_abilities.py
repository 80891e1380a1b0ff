"""Who has which activated ability is kept in a table shared by every state of the same realm
(``activations.sources``: keyed on the realm's facts and where every unit stands, found once per
state), and which living units grant one to their neighbours is worked out once per state
(``activations.shackles``). After every event of every Sorcery example and of seeded random
self-play, both answer as a fresh reading of the state does, for every unit and site: a kept
answer that outlived the event that changed it would differ here (issue 20)."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.rulesets.sorcery.activations import shackles, sources
from domain.rulesets.sorcery.activations.base import card_of
from domain.rulesets.sorcery.commands import EndTurn, MoveAndAttack
from domain.rulesets.sorcery.state import SorceryState
from domain.state import GameState
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests.helpers import EXAMPLES, checked_after_each_event, example_events, game, self_played_examples
from tests.sorcery.test_movement_spells import SITES

SORCERY = sorted((EXAMPLES / "sorcery").glob("*.yaml"))


def _same_as_fresh(state: GameState, where: str) -> int:
    assert isinstance(state, SorceryState)
    for source_id, kept in list(sources._kept_abilities(state).items()):
        # answers kept by earlier states (of this game or another) with the same realm and places
        fresh = sources._abilities_for(state, source_id)
        assert [a.name for a in kept] == [a.name for a in fresh], f"{where}: {source_id}, kept by an earlier state"
    ids = [*state.units, *(f.id for f in state.features.values() if f.kind == "site")]
    for source_id in ids:
        kept = sources.abilities_for(state, source_id)
        assert sources.abilities_for(state, source_id) is kept, where  # asked again: the kept answer
        fresh = sources._abilities_for(state, source_id)
        assert [a.name for a in kept] == [a.name for a in fresh], f"{where}: {source_id}"
    assert shackles._granting(state) == shackles._granting_now(state), where
    return len(ids)


@pytest.mark.parametrize("path", SORCERY, ids=lambda p: p.stem)
def test_kept_abilities_answer_as_a_fresh_reading_after_every_event_of_each_example(path: Path) -> None:
    checked_after_each_event(example_events(path), path.stem, _same_as_fresh)


def test_kept_abilities_answer_as_a_fresh_reading_in_self_play_with_abilities() -> None:
    compared = sum(
        checked_after_each_event(events, name, _same_as_fresh)
        for events, name in self_played_examples(EXAMPLES / "sorcery", 2, range(2))
    )
    assert compared > 10_000


def test_abilities_kept_by_one_state_answer_for_a_later_state_with_the_same_realm_in_long_self_play() -> None:
    """The benchmark game (10 turns of random self-play) meets the same realm and places again:
    every answer kept then, by whichever state asked first, is the fresh reading of the later one."""
    path = EXAMPLES / "sorcery" / "08-a-whole-turn.yaml"
    compared = 0
    for seed in range(6):
        events = self_play(load_scenario(path), 10, "random", seed).events
        compared += checked_after_each_event(events, f"{path.stem} seed {seed}", _same_as_fresh)
    assert compared > 1_000


def test_a_unit_stepping_onto_and_off_a_rolling_boulder_gains_and_loses_its_push_though_the_realm_is_the_same() -> None:
    """Rolling Boulder: "Units here have ...". A step changes none of the realm's facts, only
    where the unit stands: the kept table is keyed on that too, so the answer follows the unit."""
    g = game(
        "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n" + SITES
        + "  artifacts:\n    - {id: boulder, card: Rolling Boulder, at: 7}\n"
        + "  units:\n    - {id: pusher, card: Wild Boars, owner: p1, at: 6}\n"
    )
    push = "Rolling Boulder"

    def has_push() -> bool:
        assert isinstance(g.state, SorceryState)
        names = {a.name for a in sources.abilities_for(g.state, "pusher")}
        assert names == {a.name for a in sources._abilities_for(g.state, "pusher")}
        return any(push in card_of(a, "Wild Boars") for a in sources.abilities_for(g.state, "pusher"))

    assert not has_push()
    for to, here in (("7", True), ("6", False), ("7", True)):
        g.issue(MoveAndAttack(unit="pusher", path=[to]))
        assert has_push() is here, to
        g.issue(EndTurn(player="p1"))
        g.issue(EndTurn(player="p2"))
        assert has_push() is here, to
