"""Who has which activated ability is worked out once per state (``activations.sources``: an
index the next event drops), and which living units grant one to their neighbours too
(``activations.shackles``). After every event of every Sorcery example and of seeded random
self-play, both answer as a fresh reading of the state does, for every unit and site: a kept
answer that outlived the event that changed it would differ here (issue 20)."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.rulesets.sorcery.activations import shackles, sources
from domain.state import GameState
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests.helpers import EXAMPLES, checked_after_each_event

SORCERY = sorted((EXAMPLES / "sorcery").glob("*.yaml"))


def _same_as_fresh(state: GameState, where: str) -> int:
    ids = [*state.units, *(f.id for f in state.features.values() if f.kind == "site")]
    for source_id in ids:
        kept = sources.abilities_for(state, source_id)  # type: ignore[arg-type]  # a Sorcery state
        assert sources.abilities_for(state, source_id) is kept, where  # asked again: the kept answer
        fresh = sources._abilities_for(state, source_id)  # type: ignore[arg-type]
        assert [a.name for a in kept] == [a.name for a in fresh], f"{where}: {source_id}"
    assert shackles._granting(state) == shackles._granting_now(state), where  # type: ignore[arg-type]
    return len(ids)


@pytest.mark.parametrize("path", SORCERY, ids=lambda p: p.stem)
def test_kept_abilities_answer_as_a_fresh_reading_after_every_event_of_each_example(path: Path) -> None:
    played = play(load_scenario(path), strict=False)
    checked_after_each_event(list(played.events), path.stem, _same_as_fresh)


def test_kept_abilities_answer_as_a_fresh_reading_in_self_play_with_abilities() -> None:
    compared = 0
    for path in SORCERY:
        if not load_scenario(path).script:
            continue
        for seed in range(2):
            events = self_play(load_scenario(path), 2, "random", seed).events
            compared += checked_after_each_event(events, f"{path.stem} seed {seed}", _same_as_fresh)
    assert compared > 10_000
