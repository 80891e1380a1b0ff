"""Verification folds a logged event itself where the rules would make an equal one
(``sim.replay._LoggedRecorder``): sound only if folding an event never changes it, if the logged
event is taken only when validating the rules' fields would give its equal, and if anything
else is still made and compared."""

from __future__ import annotations

import gc
from datetime import UTC, datetime
from typing import Any
from uuid import uuid4

import pytest

from domain.event_base import GameEvent
from domain.events import MoveEnded, StepTaken
from domain.game import Game
from projections.state_hash import fold
from sim.replay import _takes, verify
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests.helpers import EXAMPLES, example_events, random_board_events

RULESETS = ("sorcery", "godsgloom", "skirmish", "tinyepic")
WHOLE_TURNS = (
    "sorcery/08-a-whole-turn.yaml", "godsgloom/19-a-whole-round.yaml", "skirmish/20-a-whole-turn.yaml",
    "tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml",
)


def _as_recorded(events: list[GameEvent]) -> list[str]:
    return [event.model_dump_json() for event in events]


def _logs() -> list[tuple[list[GameEvent], str]]:
    logs = [(example_events(path), path.stem) for path in sorted(EXAMPLES.rglob("*.yaml"))]
    for example in WHOLE_TURNS:
        scenario = load_scenario(EXAMPLES / example)
        logs += [(list(self_play(scenario, 5, "random", seed, verify_log=False).events), f"{example} seed {seed}") for seed in range(2)]
    logs += [(random_board_events(ruleset, seed, 2), f"random {ruleset} board {seed}") for ruleset in RULESETS for seed in range(3)]
    return logs


def test_folding_a_logged_event_changes_nothing_in_it() -> None:
    """Every example, long self-play of the whole-turn ones, and random boards: each event's JSON is what it was after
    the log is verified (its events folded into the re-run's state) and folded again."""
    checked = 0
    for events, name in _logs():
        before = _as_recorded(events)
        assert verify(events).ok, name
        fold(events)
        assert _as_recorded(events) == before, f"{name}: folding changed an event"
        checked += len(events)
    assert checked > 5_000


@pytest.mark.parametrize("example", WHOLE_TURNS)
def test_verification_folds_the_logged_events_instead_of_making_new_ones(example: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A sound log is re-run with almost no event made anew: only the classes the comparison
    cannot vouch for by value (a placement, a game's start) are."""
    events = list(self_play(load_scenario(EXAMPLES / example), 3, "random", 1, verify_log=False).events)
    made: list[str] = []
    original = Game.record_fields

    def counted(game: Game, event_class: type[GameEvent], fields: dict[str, Any]) -> GameEvent:
        made.append(event_class.__name__)
        return original(game, event_class, fields)

    monkeypatch.setattr(Game, "record_fields", counted)
    assert verify(events).ok
    assert len(events) > 50
    assert set(made) <= {"UnitPlaced", "ChoiceRequested"}, made


def _logged_step() -> StepTaken:
    return StepTaken(
        originator_id=uuid4(), originator_version=5, timestamp=datetime(2026, 11, 27, tzinfo=UTC), cause="c1", move_id="m1", unit="u1", index=0,
        frm="a", to="b", kind="walk", free=False, cost=1.0,
    )


def test_a_logged_event_is_taken_only_for_fields_that_validate_to_its_equal() -> None:
    logged = _logged_step()
    fields = {"cause": "c1", "move_id": "m1", "unit": "u1", "index": 0, "frm": "a", "to": "b", "kind": "walk", "free": False, "cost": 1.0}
    assert _takes(logged, dict(fields))
    assert _takes(logged, {k: v for k, v in fields.items() if k != "carried"})  # omitted: its default, as logged
    assert _takes(logged, {**fields, "cost": 1})  # validates to 1.0, the logged value
    assert not _takes(logged, {**fields, "to": "c"})
    assert not _takes(logged, {**fields, "carried": ["u2"]})
    assert not _takes(logged, {**fields, "surprise": 1})  # a field the class does not have: validation judges it
    assert not _takes(logged, {k: v for k, v in fields.items() if k != "unit"})  # required and missing
    partial = logged.model_copy(update={"not_recorded": frozenset({"free"})})
    assert not _takes(partial, dict(fields))  # a field the log never recorded is never vouched for


def test_a_tampered_log_is_still_refused_where_its_event_differs() -> None:
    """The logged event that differs from the rules' is not taken: the rules' own is made and
    the comparison names the difference, at that event."""
    events = example_events(EXAMPLES / "godsgloom" / "19-a-whole-round.yaml")
    at = next(i for i, e in enumerate(events) if isinstance(e, MoveEnded))
    edited = list(events)
    edited[at] = events[at].model_copy(update={"steps_taken": events[at].steps_taken + 1})
    verdict = verify(edited)
    assert not verdict.ok
    assert verdict.checked == events[at].originator_version
    assert "steps_taken" in verdict.message



@pytest.mark.parametrize("example", [w for w in WHOLE_TURNS if not w.startswith("sorcery")])
def test_a_verification_leaves_nothing_for_the_cyclic_collector(example: str) -> None:
    """The re-run's game, its recorder and its state's indexes are freed when verification
    returns, not left in reference cycles until the collector runs (a whole game each time).
    Sorcery's movement models hold themselves (their steps read through their own methods), so
    its re-run leaves those few; the other rulesets' leave nothing."""
    events = list(self_play(load_scenario(EXAMPLES / example), 3, "random", 1, verify_log=False).events)
    verify(events)  # what a first verification builds for the process (kept tables) is not counted
    gc.collect()
    gc.disable()
    try:
        assert verify(events).ok
        left = gc.collect()
    finally:
        gc.enable()
    assert left == 0
