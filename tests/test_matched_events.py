"""A ruleset names the events its triggered abilities can match (``Ruleset.matched_events``), and
the resolver hands it no other: most events of most games match nothing, and asking costs a
call each. Naming them is not optional for a ruleset that matches triggers."""

from __future__ import annotations

from typing import Any

import pytest

from domain.events import StepTaken
from domain.ruleset import Ruleset, get_ruleset
from domain.rulesets.sorcery import ON_EVENT


def test_a_ruleset_that_matches_triggers_without_naming_its_events_is_refused() -> None:
    with pytest.raises(TypeError, match="matched_events"):
        class Forgetful(Ruleset):  # noqa: F841  # the class statement itself is refused
            def match_triggers(self, resolver: Any, event: Any) -> None:
                pass


def test_each_ruleset_names_what_it_matches() -> None:
    assert get_ruleset("sorcery").matched_events == frozenset(ON_EVENT)
    assert get_ruleset("tinyepic").matched_events == frozenset({StepTaken})
    for name in ("godsgloom", "skirmish"):  # no triggered ability: nothing to match
        rules = get_ruleset(name)
        assert type(rules).match_triggers is Ruleset.match_triggers and not rules.matched_events
