"""A refused command is rolled back by putting its declaration back when the declaration is all
it recorded (``domain.game._Declared``), and from the rollback point otherwise: every example,
every ruleset, played both ways gives the same events, the same state and the same refusals;
the rollback point survives such a refusal; and a fold that fails part-way is always restored
from the rollback point, never undone by halves."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain import game as game_module
from domain.errors import SimError
from domain.events import CommandIssued
from domain.game import Game
from projections.state_hash import state_hash
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES

WITH_REFUSALS = sorted(
    path for path in EXAMPLES.rglob("*.yaml")
    if "expect: refused" in path.read_text(encoding="utf-8") and "tutorial" not in path.parts
)


def _played(path: Path) -> tuple[list[str], list[dict[str, object]], str, object]:
    played = play(load_scenario(path), strict=False)
    refusals = [str(o.refusal) for o in played.outcomes if o.refusal is not None]
    # the state's fields, whole (its private indexes are derived, and a restored state starts without them)
    return refusals, [e.payload() for e in played.events], state_hash(played.game.state), played.game.state.model_dump()


def test_the_examples_hold_refusals_of_every_ruleset() -> None:
    rulesets = {path.relative_to(EXAMPLES).parts[0] for path in WITH_REFUSALS}
    assert {"sorcery", "godsgloom", "skirmish", "tiny-epic-tactics"} <= rulesets


@pytest.mark.parametrize("path", WITH_REFUSALS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_refusal_undone_leaves_the_game_as_the_rollback_point_does(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    undone = _played(path)
    monkeypatch.setattr(game_module._Declared, "undone", lambda self, game, pending_before: False)
    restored = _played(path)
    assert undone[0] and undone[0] == restored[0]  # the same refusals, with the same rules
    assert undone[1] == restored[1]  # the same events
    assert undone[2] == restored[2] and undone[3] == restored[3]  # the same state, field by field


def test_a_refused_command_keeps_the_rollback_point_and_takes_no_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    path = EXAMPLES / "tiny-epic-tactics" / "16-a-whole-turn-with-a-weakened-unit.yaml"
    game = play(load_scenario(path)).game
    point = game._checkpoint()
    copies: list[object] = []
    original = game_module.GameState.model_copy
    monkeypatch.setattr(game_module.GameState, "model_copy", lambda self, **kw: copies.append(self) or original(self, **kw))
    before, version = state_hash(game.state), game.version
    with pytest.raises(SimError):
        game.issue({"command": "move", "unit": "no-such-unit", "path": ["1,1"]})
    assert game.__dict__["_rollback_point"] is point and not copies
    assert game.version == version and state_hash(game.state) == before
    assert not any(isinstance(e, CommandIssued) and e.originator_version > version for e in game.pending_events)


def test_a_fold_that_fails_part_way_is_restored_from_the_rollback_point(monkeypatch: pytest.MonkeyPatch) -> None:
    path = EXAMPLES / "tiny-epic-tactics" / "16-a-whole-turn-with-a-weakened-unit.yaml"
    game = play(load_scenario(path)).game
    before, version, count = game.state.model_copy(deep=True), game.version, len(game.pending_events)

    fold = CommandIssued.apply_to
    failed: list[str] = []

    def torn(self: CommandIssued, state: game_module.GameState) -> None:
        if failed:  # the restore re-applies the earlier declarations as they were
            fold(self, state)
            return
        failed.append(self.command_id)
        state.counters["command"] = 10_000  # changed, then the fold fails
        raise SimError("a fold that failed part-way")

    monkeypatch.setattr(CommandIssued, "apply_to", torn)
    with pytest.raises(SimError):
        game.issue({"command": "end_turn", "player": game.state.active_player})
    monkeypatch.undo()
    assert game.state.model_dump() == before.model_dump() and game.version == version and len(game.pending_events) == count
    assert "_torn" not in game.__dict__
    assert isinstance(game, Game)
