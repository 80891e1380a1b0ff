"""Replaying and verifying logs, for every example of every ruleset."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from projections.state_hash import fold, state_hash
from sim.logfile import read_jsonl, write_jsonl
from sim.replay import verify
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES

SCENARIOS = sorted(EXAMPLES.rglob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(p.relative_to(EXAMPLES)) for p in SCENARIOS])
def test_an_exported_log_replays_to_the_same_state_and_verifies_under_the_rules(path: Path, tmp_path: Path) -> None:
    played = play(load_scenario(path), strict=False)
    out = io.StringIO()
    write_jsonl(played.events, out)
    log = tmp_path / "game.jsonl"
    log.write_text(out.getvalue(), encoding="utf-8")
    events = read_jsonl(log)
    assert state_hash(fold(events)) == state_hash(played.game.state)
    verdict = verify(events)
    assert verdict.ok, verdict.message


def test_verification_names_the_first_event_the_rules_disagree_with(tmp_path: Path) -> None:
    played = play(load_scenario(EXAMPLES / "godsgloom" / "15-trample.yaml"), strict=False)
    events = list(played.events)
    rolled = next(i for i, e in enumerate(events) if e.name == "DiceRolled")
    events[rolled] = events[rolled].model_copy(update={"results": [7 - events[rolled].results[0]]})
    verdict = verify(events)
    assert not verdict.ok and verdict.message.startswith(f"e{rolled + 1}:")
