"""A declared GODSGLOOM path is checked by ``engine.followed_path`` (the engine's ``walk_path``
asked only for a refusal) and resolved with the verdicts its walk reached on the state before
the move (``GloomCommands.take_walked``), not judged again on each state the move passes
through. Every path issued, in every example, in random self-play and in its verification, is
walked here again by ``walk_path``, which must take the same steps and stop alike, or refuse
where ``followed_path`` gave up; and every step so taken is judged again as the resolver would
judge it (``Resolver.judge``: the movement model of the state the steps before it left) just
before it is recorded, and the verdicts must be one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domain.movement import Judgement, walk_path
from domain.resolution import Resolver
from domain.rulesets.godsgloom import engine
from domain.rulesets.godsgloom.engine import GloomCommands
from domain.rulesets.godsgloom.movement import GloomMovement
from domain.state import StepItem
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests import boards
from tests.godsgloom.examples import GLOOM_EXAMPLES


@pytest.fixture
def judged_again(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Walk each path again with ``walk_path`` and judge each walked step again as the resolver
    would; the count of paths and steps compared."""
    compared = [0]
    walking: list[bool] = [False]
    take = Resolver.take_step
    take_walked = GloomCommands.take_walked

    def walked(self: GloomCommands, *args: Any) -> None:
        walking[0] = True
        try:
            take_walked(self, *args)
        finally:
            walking[0] = False

    def taken(self: Resolver, item: StepItem, verdict: Judgement, carried: list[str] | None = None) -> Any:
        if walking[0]:
            move = self.state.moves[item.move_id]
            _, judged = self.judge(item, move)
            assert judged == verdict, f"{item.unit} {item.frm} -> {item.to}: walked {verdict}, judged {judged}"
            compared[0] += 1
        return take(self, item, verdict, carried)

    followed = engine.followed_path

    def followed_again(model: GloomMovement, unit_id: str, start: str, hexes: list[str]) -> Any:
        found = followed(model, unit_id, start, hexes)
        walked = walk_path(model, unit_id, start, hexes)
        said = f"{unit_id} from {start} along {hexes}"
        if found is None:
            assert walked.refused_at is not None, said
        else:
            assert walked.refused_at is None and (walked.taken, walked.stop) == found[:2], said
        compared[0] += 1
        return found

    monkeypatch.setattr(engine, "followed_path", followed_again)
    monkeypatch.setattr(GloomCommands, "take_walked", walked)
    monkeypatch.setattr(Resolver, "take_step", taken)
    return compared


@pytest.mark.parametrize("path", GLOOM_EXAMPLES, ids=lambda p: p.stem)
def test_walked_steps_are_the_steps_the_resolver_would_judge_in_every_example(path: Path, judged_again: list[int]) -> None:
    play(load_scenario(path), strict=False)


@pytest.mark.parametrize("seed", range(4))
def test_walked_steps_are_the_steps_the_resolver_would_judge_in_random_self_play_and_its_verification(
    seed: int, judged_again: list[int],
) -> None:
    played = self_play(boards.scenario("godsgloom", seed), 3, "random", seed)
    assert played.report.verified
    assert judged_again[0] > 0


def test_walked_steps_are_the_steps_the_resolver_would_judge_along_the_benchmark_round(judged_again: list[int]) -> None:
    scenario = load_scenario(next(p for p in GLOOM_EXAMPLES if p.stem == "19-a-whole-round"))
    for seed in range(3):
        assert self_play(scenario, 4, "random", seed).report.verified
    assert judged_again[0] > 0
