"""Every triggered ability is declared with its card (issue 18): when it triggers (a typed event
kind), for which unit (a ``Scope``) and what it does (a primitive, or a named resolver). Each kind
has exactly one matcher, each declaration exactly one resolver, and every declared trigger is
queued through the resolution engine, so that the timeline and the trace show it, what ordered
it and what it did (DESIGN.md, principle 6)."""

from __future__ import annotations

from functools import cache

import pytest

from domain.events import TriggerQueued
from domain.rulesets.sorcery.abilities import Ability, Resolve
from domain.rulesets.sorcery.cards import ABILITIES
from domain.rulesets.sorcery.triggers.primitives import PRIMITIVES
from domain.rulesets.sorcery.triggers.registry import MATCHERS, RESOLVERS
from projections.timeline import build_timeline
from projections.trace import build_trace
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES


def triggered() -> list[tuple[str, Ability]]:
    return [(card, a) for card, abilities in ABILITIES.items() for a in abilities if a.timing == "triggered"]


@cache
def resolved_in_the_examples() -> dict[str, str]:
    """Each trigger key queued, ordered and resolved in a Sorcery example, with the first such
    example; a trigger counts only when the timeline has its outcome and the trace its node."""
    found: dict[str, str] = {}
    for path in sorted((EXAMPLES / "sorcery").glob("*.yaml")):
        events = play(load_scenario(path), strict=False).events
        timeline = build_timeline(events)
        traced = {node.event.event_id for node in build_trace(events).nodes() if isinstance(node.event, TriggerQueued)}
        for event in events:
            if isinstance(event, TriggerQueued) and event.event_id in traced:
                entry = timeline.triggers[event.trigger.id]
                if entry.outcome is not None and entry.decided_by is not None:
                    found.setdefault(event.trigger.ability, path.name)
    return found


@pytest.mark.parametrize("card, ability", triggered(), ids=lambda x: x if isinstance(x, str) else x.trigger)
def test_a_triggered_ability_has_exactly_one_matcher_and_one_resolver(card: str, ability: Ability) -> None:
    assert ability.trigger and ability.when is not None and ability.does is not None, card
    assert type(ability.when) in MATCHERS, (card, type(ability.when).__name__)
    if isinstance(ability.does, Resolve):
        assert ability.does.name in RESOLVERS, (card, ability.does.name)
    else:
        assert type(ability.does) in PRIMITIVES, (card, type(ability.does).__name__)


def test_every_resolver_and_matcher_serves_a_declared_ability() -> None:
    declared = [a for _, a in triggered()]
    assert {a.does.name for a in declared if isinstance(a.does, Resolve)} == set(RESOLVERS)
    assert {type(a.when) for a in declared} == set(MATCHERS)


def test_one_trigger_key_names_one_kind_of_moment_and_one_resolver() -> None:
    by_key: dict[str, set[tuple[str, str]]] = {}
    for _, ability in triggered():
        by_key.setdefault(ability.trigger or "", set()).add((type(ability.when).__name__, type(ability.does).__name__))
    assert all(len(kinds) == 1 for kinds in by_key.values()), by_key


def test_every_declared_trigger_is_queued_through_the_resolution_engine_in_an_example() -> None:
    declared = {ability.trigger for _, ability in triggered()}
    assert declared - set(resolved_in_the_examples()) == set()
