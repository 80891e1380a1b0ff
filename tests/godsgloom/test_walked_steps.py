"""A declared GODSGLOOM path is checked by ``engine.followed_path`` (the engine's ``walk_path``
asked only for a refusal) and resolved with the verdicts its walk reached on the state before
the move (``GloomCommands.take_walked``), not judged again on each state the move passes
through. Every path issued, in every example, in random self-play and in its verification, is
walked here again by ``walk_path``, which must take the same steps and stop alike, or refuse
where ``followed_path`` gave up; and every step so taken is judged again as the resolver would
judge it (the fixture ``judged_again``, in conftest.py) (``Resolver.judge``: the movement model of the state the steps before it left) just
before it is recorded, and the verdicts must be one."""

from __future__ import annotations

from pathlib import Path

import pytest

from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests import boards
from tests.godsgloom.examples import GLOOM_EXAMPLES


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
