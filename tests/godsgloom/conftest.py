"""Fixtures the GODSGLOOM tests share."""

from __future__ import annotations

from typing import Any

import pytest

from domain.movement import Judgement, walk_path
from domain.resolution import Resolver
from domain.rulesets.godsgloom import engine
from domain.rulesets.godsgloom import view as gloom_view
from domain.rulesets.godsgloom.engine import GloomCommands
from domain.rulesets.godsgloom.movement import GloomMovement
from domain.state import StepItem


@pytest.fixture
def kept_on_every_mat(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every mat read as a large one: steps and searches kept across events (``MatView.small``),
    so that the kept paths are checked on the examples' small mats too."""
    monkeypatch.setattr(gloom_view, "SMALL_MAT_UNITS", -1)


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
