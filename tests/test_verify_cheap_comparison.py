"""Verification compares events cheaply first (equal Python values), and exactly (JSON fields)
only where the cheap test does not vouch for them: the verdict and its message must be the
exact comparison's on every log, sound or tampered with."""

from __future__ import annotations

import random
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar
from uuid import uuid4

import pytest
from pydantic import ConfigDict, SerializerFunctionWrapHandler, model_serializer

from domain.event_base import GameEvent
from sim.replay import _compared_fields, _same_values, verify, verify_exactly
from sim.runner import play
from sim.scenario import load_scenario
from sim.script_start import kept_script
from sim.selfplay import self_play
from tests.helpers import EXAMPLES
from tests.tampering import outcome, tampered

#: a few examples of each ruleset, and their whole-turn scenarios played on by random self-play
SAMPLED = [
    "sorcery/08-a-whole-turn.yaml", "sorcery/05-giant-shark.yaml", "godsgloom/15-trample.yaml",
    "godsgloom/19-a-whole-round.yaml", "skirmish/20-a-whole-turn.yaml",
    "tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml",
]


@pytest.mark.parametrize("path", SAMPLED)
def test_the_cheap_comparison_gives_the_exact_verdict_on_sound_and_tampered_logs(path: str) -> None:
    scenario = load_scenario(EXAMPLES / path)
    logs = [play(scenario, strict=False).events]
    if "whole" in path:
        logs += [self_play(scenario, 2, "random", seed, verify_log=False).events for seed in range(2)]
    rng = random.Random(path)
    for events in logs:
        assert verify(events) == verify_exactly(events)
        assert verify(events).ok
        tried = 0
        while tried < 25:
            edited = tampered(events, rng)
            if edited is None:
                continue
            tried += 1
            assert outcome(verify, edited) == outcome(verify_exactly, edited)


NOW = datetime(2026, 11, 27, tzinfo=UTC)


class _WithSet(GameEvent):
    TOPIC: ClassVar[str] = ""
    names: frozenset[str]


class _Untyped(GameEvent):
    TOPIC: ClassVar[str] = ""
    data: dict[str, Any]


class _Serialised(GameEvent):
    TOPIC: ClassVar[str] = ""
    note: str | None = None

    @model_serializer(mode="wrap")
    def _drop(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        return dict(handler(self))


class _Open(GameEvent):
    model_config = ConfigDict(extra="allow")
    TOPIC: ClassVar[str] = ""


class _Plain(GameEvent):
    TOPIC: ClassVar[str] = ""
    unit: str
    path: list[str]
    cost: float | None = None


def test_events_whose_equal_values_may_serialise_apart_are_always_compared_exactly() -> None:
    # a set's JSON order is its iteration order; an untyped field, extra fields or a custom serializer may
    # turn equal values into different JSON: none of them is vouched for by equal values
    assert _compared_fields(_WithSet) == ()
    assert _compared_fields(_Untyped) == ()
    assert _compared_fields(_Serialised) == ()
    assert _compared_fields(_Open) == ()
    assert _compared_fields(_Plain) == ("cause", "unit", "path", "cost")


def test_every_example_log_verifies_with_the_same_verdict_both_ways() -> None:
    for path in sorted(Path(EXAMPLES).rglob("*.yaml"))[::7]:
        events = play(load_scenario(path), strict=False).events
        assert verify(events) == verify_exactly(events), path


def test_events_compared_exactly_are_vouched_for_cheaply_only_when_they_share_every_value() -> None:
    # a kept script's events re-stamped for a game share their values with the kept ones: the
    # same objects serialise alike whatever their type, equal ones (a set) may not
    names = frozenset({"b", "a", "c"})
    kept = _WithSet(originator_id=uuid4(), originator_version=2, timestamp=NOW, names=names)
    again = kept.restamped(uuid4(), kept.timestamp)
    assert _same_values(kept, kept) and _same_values(again, kept)
    rebuilt = _WithSet(originator_id=kept.originator_id, originator_version=2, timestamp=NOW, names=frozenset(sorted(names)))
    assert rebuilt.names == names and rebuilt.names is not names
    assert not _same_values(rebuilt, kept)
    opened = _Open(originator_id=uuid4(), originator_version=2, timestamp=NOW, note="x")
    assert not _same_values(opened.restamped(uuid4(), opened.timestamp), opened)  # extra fields: exact


def test_a_kept_scripts_games_verify_with_the_exact_verdict() -> None:
    scenario = load_scenario(EXAMPLES / "sorcery/08-a-whole-turn.yaml")
    kept = kept_script(scenario)
    assert kept is not None and kept.prefix is not None
    for seed in range(3):
        events = self_play(scenario, 2, "random", seed, verify_log=False).events
        assert verify(events, kept.prefix) == verify_exactly(events) == verify(events)
        assert verify(events, kept.prefix).ok
