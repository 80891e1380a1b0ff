"""The lookahead projection: built from events alone, ongoing effects only, never a trigger."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from domain.events import ChoiceRequested, TriggerQueued, TriggerResolved, TriggersOrdered
from domain.ruleset import get_ruleset
from projections.lookahead import Lookahead, fact_topics
from projections.state_hash import fold
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


BOOKKEEPING = {"storyline", "triggers", "unordered", "moves", "choice", "counters", "last_refusal"}


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*/*.yaml")), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_lookahead_equals_the_range_on_the_full_state_after_every_event(path: Path) -> None:
    """One rules model, two consumers: after any prefix of an example's events, the range of
    motion of every unit computed on the aggregate's full state (triggers queued, storyline and
    all) equals the lookahead's, built from fact events only. Prefixes where neither the full
    state's facts nor the lookahead changed are not asked twice."""
    played = play(load_scenario(path), strict=False)
    lookahead = Lookahead()
    last: str | None = None
    for n, event in enumerate(played.events, start=1):
        lookahead.process(event)
        full = fold(played.events[:n])
        rules = get_ruleset(full.ruleset)
        facts = full.model_dump(mode="json", exclude=BOOKKEEPING)
        key = json.dumps([facts, lookahead.view.model_dump(mode="json", exclude=BOOKKEEPING) if lookahead.view else None], sort_keys=True)
        if key == last or not full.units:
            continue
        last = key
        for unit_id, unit in full.units.items():
            if not unit.alive or unit.location is None:
                continue
            a, b = rules.range_of_motion(full, unit_id), lookahead.range_of_motion(unit_id)
            assert (a.paths, a.costs, a.reasons, a.denied) == (b.paths, b.costs, b.reasons, b.denied), f"e{n}: {unit_id}"


@pytest.mark.parametrize("ruleset", ["sorcery", "godsgloom", "skirmish", "tiny-epic-tactics"])
def test_a_range_of_motion_never_gives_a_reason_against_a_place_it_reaches(ruleset: str) -> None:
    """Every place listed as out of reach has a rule against it, and none of them is reachable:
    an answer that says both "reached in 2 steps" and "not 0,0" contradicts itself."""
    for path in sorted((EXAMPLES / ruleset).glob("*.yaml")):
        played = play(load_scenario(path), strict=False)
        lookahead = Lookahead.from_events(played.events)
        for unit in sorted(played.game.state.units):
            if not played.game.state.units[unit].alive or played.game.state.units[unit].location is None:
                continue
            answer = lookahead.range_of_motion(unit)
            both = sorted(set(answer.reasons) & set(answer.paths))
            assert both == [], f"{path.name}: {unit} reaches {both} and is told why not"
            empty = sorted(place for place, reasons in answer.reasons.items() if not reasons)
            assert empty == [], f"{path.name}: {unit} is kept out of {empty} for no reason"


def test_why_not_tells_the_rule_on_each_way_a_stop_and_the_way_round_that_costs_too_much() -> None:
    """README: ``why`` gives the rule that blocks each way. The short way to 1,1 enters the
    knights' Engagement Zone (GODSGLOOM §8.3: the move ends there); the way round through the
    Swamp (Difficult, 2 MP) needs 4 Movement Points of 3."""
    played = play(load_scenario(EXAMPLES / "tutorial" / "godsgloom.yaml"))
    reasons = [r.message for r in Lookahead.from_events(played.events).range_of_motion("pikemen").why_not("1,1")]
    assert any("Engagement Zone of knights" in m for m in reasons)
    assert any("needs 4, has 3" in m for m in reasons)
