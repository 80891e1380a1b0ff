"""The Game aggregate: events are immutable facts, commands are atomic, replays rebuild state."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from pydantic import ValidationError

from domain.errors import BadInput, IllegalCommand
from domain.event_base import EVENT_TYPES
from domain.events import CommandIssued, GameStarted
from domain.game import Game
from domain.ruleset import known_rulesets, load_all_rulesets
from projections.state_hash import fold, state_hash
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES, played


def steed_game() -> Game:
    return play(load_scenario(EXAMPLES / "sorcery" / "07b-phantom-steed-shark-fights-warriors-first.yaml")).game


def test_events_are_frozen() -> None:
    event = steed_game().pending_events[3]
    with pytest.raises(ValidationError):
        event.cause = "tampered"  # type: ignore[misc]


def test_every_event_class_has_an_explicit_stable_topic() -> None:
    load_all_rulesets()
    assert EVENT_TYPES
    for topic, cls in EVENT_TYPES.items():
        own = cls.__dict__.get("TOPIC")
        shown = getattr(cls, "SHOWN_AS", "") or cls.__name__
        assert own.endswith(f".{shown}") and own.split(".")[0] in ("sim", *known_rulesets())
        assert cls.class_version >= 1
        if topic != own:  # an old topic kept readable: the first version's sim.<Name>
            assert topic == f"sim.{cls.__name__}", (topic, own)


def test_the_core_holds_no_rulesets_events() -> None:
    """Every ``sim.*`` topic a class writes today is an engine event that any ruleset records;
    a ruleset's own events carry its name."""
    load_all_rulesets()
    engine_topics = {cls.TOPIC for cls in EVENT_TYPES.values() if cls.TOPIC.startswith("sim.")}
    assert {t.split(".")[1] for t in engine_topics} <= {
        "GameStarted", "CommandIssued", "PathDeclared", "StepTaken", "StepRefused", "StepsCancelled", "MoveEnded",
        "UnitDied", "TriggerQueued", "ChoiceRequested", "ChoiceMade", "TriggersOrdered", "TriggerResolved", "DiceRolled",
        "UnitPlaced", "FeaturePlaced",  # schema-1 records, read through domain.legacy
    }


def test_a_refused_command_records_nothing_and_leaves_the_state_as_it_was() -> None:
    game = steed_game()
    before = (len(game.pending_events), game.version, state_hash(game.state))
    with pytest.raises(IllegalCommand):
        game.issue({"command": "move_and_attack", "unit": "raider"})  # dead, and not p2's turn
    with pytest.raises(BadInput):
        game.issue({"command": "move_and_attack", "unit": "nobody"})
    with pytest.raises(BadInput):
        game.issue({"command": "fly_away"})
    assert (len(game.pending_events), game.version, state_hash(game.state)) == before


def test_every_event_of_a_command_carries_the_moment_it_was_issued() -> None:
    """One moment a command: the clock's, or the one given (a log's command re-issued to verify it)."""
    logged = play(load_scenario(EXAMPLES / "sorcery" / "08-a-whole-turn.yaml"))
    assert isinstance(logged.events[0], GameStarted)
    moment = datetime(2020, 1, 2, 3, 4, 5, tzinfo=UTC)
    game = Game.start_as(logged.events[0], logged.events[0].originator_id)
    made = [game.issue(event.command, issued_at=moment) for event in logged.events if isinstance(event, CommandIssued)]
    assert made and all(event.timestamp == moment for events in made for event in events)
    clocked = game.issue(game.legal_commands()[0])
    assert len({event.timestamp for event in clocked}) == 1 and clocked[0].timestamp > moment


def test_folding_the_events_rebuilds_the_aggregates_state() -> None:
    game = steed_game()
    assert state_hash(fold(game.pending_events)) == state_hash(game.state)  # type: ignore[arg-type]


def test_unknown_card_is_bad_input_naming_the_field() -> None:
    with pytest.raises(BadInput) as info:
        played(
            """
            title: unknown card
            ruleset: sorcery
            setup:
              units:
                - {id: x, card: Nonexistent Dragon, owner: p1, at: 3}
            """
        )
    assert "unknown card 'Nonexistent Dragon'" in str(info.value)
    assert "setup.units[0]" in str(info.value)


def test_unknown_location_is_bad_input() -> None:
    with pytest.raises(BadInput, match="squares 1-20"):
        played(
            """
            title: unknown location
            ruleset: sorcery
            setup:
              sites:
                - {at: 21, card: Valley, controller: p1}
            """
        )


def test_loading_the_rulesets_registers_every_event_topic_in_a_fresh_process() -> None:
    """A log exported or read in a new process resolves every topic a ruleset can record: each
    ruleset's event modules load with the ruleset, not lazily with its engine."""
    import subprocess
    import sys

    code = (
        "import inspect, pkgutil, importlib\n"
        "from domain.ruleset import load_all_rulesets\n"
        "from domain.event_base import EVENT_TYPES, GameEvent\n"
        "load_all_rulesets()\n"
        "known = set(EVENT_TYPES)\n"
        "import domain.rulesets as pkg\n"
        "for m in pkgutil.walk_packages(pkg.__path__, 'domain.rulesets.'): importlib.import_module(m.name)\n"
        "missing = sorted(t for t in EVENT_TYPES if t not in known)\n"
        "print(missing)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]", done.stdout
