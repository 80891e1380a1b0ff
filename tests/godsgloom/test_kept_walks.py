"""A small mat's placement keeps the walk of each declared path (``Placement.walks``, asked by
``engine.followed_path``): in random self-play and in its verification (which walks every path
again on the placements the game met), every walk found is the one worked out afresh on the
state it is asked of (``engine._followed``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domain.rulesets.godsgloom import engine
from domain.rulesets.godsgloom.movement import GloomMovement
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests import boards

ROUND = Path(__file__).resolve().parents[2] / "examples" / "godsgloom" / "19-a-whole-round.yaml"


@pytest.fixture
def walks_compared(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Each walk ``followed_path`` answers compared with a fresh one; how many, and how many
    were found kept."""
    counts = [0, 0]
    followed = engine.followed_path

    def compared(model: GloomMovement, unit_id: str, start: str, hexes: list[str]) -> Any:
        kept = model.view.placing.walks if model.view.small else {}
        before = len(kept)
        found = followed(model, unit_id, start, hexes)
        fresh = engine._followed(model, unit_id, start, hexes, model.allowance(unit_id))
        assert found == fresh, f"{unit_id} from {start} along {hexes}"
        counts[0] += 1
        counts[1] += len(kept) == before and model.view.small
        return found

    monkeypatch.setattr(engine, "followed_path", compared)
    return counts


@pytest.mark.parametrize("seed", range(3))
def test_kept_walks_are_fresh_walks_in_random_self_play_and_its_verification(seed: int, walks_compared: list[int]) -> None:
    played = self_play(boards.scenario("godsgloom", seed), 3, "random", seed)
    assert played.report.verified
    assert walks_compared[0] > 0


def test_the_verification_of_the_benchmark_round_finds_its_walks_kept(walks_compared: list[int]) -> None:
    played = self_play(load_scenario(ROUND), 3, "random", 5)
    assert played.report.verified
    assert walks_compared[1] > 0
