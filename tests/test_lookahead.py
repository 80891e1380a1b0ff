"""The lookahead projection: built from events alone, ongoing effects only, never a trigger."""

from __future__ import annotations

import io

from domain.events import ChoiceRequested, TriggerQueued, TriggerResolved, TriggersOrdered
from projections.lookahead import Lookahead, fact_topics
from sim.logfile import read_jsonl, write_jsonl
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES


def test_the_lookahead_reads_no_trigger_events() -> None:
    for cls in (TriggerQueued, TriggersOrdered, TriggerResolved, ChoiceRequested):
        assert cls.TOPIC not in fact_topics()


def test_a_lookahead_rebuilt_from_an_exported_log_answers_exactly_as_the_live_one(tmp_path) -> None:  # type: ignore[no-untyped-def]
    for path in sorted((EXAMPLES / "sorcery").glob("*.yaml")):
        played = play(load_scenario(path), strict=False)
        live = Lookahead()
        for event in played.events:
            live.process(event)
        out = io.StringIO()
        write_jsonl(played.events, out)
        log = tmp_path / f"{path.stem}.jsonl"
        log.write_text(out.getvalue(), encoding="utf-8")
        rebuilt = Lookahead.from_events(read_jsonl(log))
        for unit in played.game.state.units:
            a, b = live.range_of_motion(unit), rebuilt.range_of_motion(unit)
            assert (a.paths, a.costs, a.reasons) == (b.paths, b.costs, b.reasons), f"{path.name}: {unit}"


def test_the_lookahead_agrees_with_the_aggregates_defend_check() -> None:
    # Example 5: the lookahead says A is reachable, and the aggregate allowed the Defend
    played = play(load_scenario(EXAMPLES / "sorcery" / "05-giant-shark.yaml"))
    assert "DefendDeclared" in [e.name for e in played.events]
    assert "A" in played.lookahead(after=1).range_of_motion("nomads")
