"""Speed never changes an answer: Sorcery reads a recorded command with the class its
``command`` names (``SorceryRules.parse_command``) instead of through the union of commands; both
give the same model for every command of every example and of random self-play, and the same
refusal, word for word, for a record either refuses."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import BadInput
from domain.events import CommandIssued
from domain.ruleset import Ruleset, get_ruleset
from tests.helpers import EXAMPLES, example_events, self_played_examples

SORCERY = sorted((EXAMPLES / "sorcery").glob("*.yaml"))
RULES = get_ruleset("sorcery")


def _same_reading(record: dict[str, Any], where: str) -> None:
    """The command read by its own class is the one the union reads, or both refuse alike."""
    try:
        through_union: Any = Ruleset.parse_command(RULES, record)
    except BadInput as exc:
        through_union = exc
    try:
        direct: Any = RULES.parse_command(record)
    except BadInput as exc:
        direct = exc
    if isinstance(through_union, BadInput):
        assert isinstance(direct, BadInput), f"{where}: {record} is refused only through the union"
        assert (direct.message, direct.where) == (through_union.message, through_union.where), where
        return
    assert type(direct) is type(through_union), f"{where}: {record}"
    assert direct == through_union, f"{where}: {record}"
    assert direct.model_dump(mode="json") == through_union.model_dump(mode="json"), f"{where}: {record}"


def _records(events: list[Any]) -> list[dict[str, Any]]:
    return [e.command for e in events if isinstance(e, CommandIssued) and isinstance(e.command, dict)]


def test_every_command_of_every_example_reads_alike() -> None:
    checked = 0
    for path in SORCERY:
        for record in _records(example_events(path)):
            _same_reading(record, path.stem)
            checked += 1
    assert checked > 100


def test_every_command_of_random_self_play_reads_alike() -> None:
    checked = 0
    for events, name in self_played_examples(EXAMPLES / "sorcery", 2, [0, 1]):
        for record in _records(events):
            _same_reading(record, name)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize(
    "record",
    [
        {"command": "end_turn", "player": 3},
        {"command": "end_turn", "player": "p1", "unit": "x"},
        {"command": "move_and_attack", "player": "p1"},
        {"command": "move_and_attack", "unit": "boars", "path": "C"},
        {"command": "move_and_attack", "unit": "boars", "path": [["C"]]},
        {"command": "defend"},
        {"command": "summon", "card": 3},
        {"command": "no_such_command"},
        {"command": ["end_turn"]},
        {"command": None},
        {"player": "p1"},
        {},
    ],
)
def test_a_record_refused_is_refused_alike(record: dict[str, Any]) -> None:
    _same_reading(record, "a malformed record")


@pytest.mark.parametrize(
    "record",
    [
        {"command": "end_turn", "player": "p1"},
        {"command": "pass", "player": None},
        {"command": "pass", "player": "p2"},
        {"command": "move_and_attack", "player": "p1"},
        {"command": "defend", "player": "p2"},
        {"command": "end_turn", "player": True},
    ],
)
def test_a_record_of_a_name_and_a_player_alone_reads_alike_every_time(record: dict[str, Any]) -> None:
    """Such a record's command is kept once read (``_NAMED_ONLY``): read again, it is the
    command the union reads, or refused alike, as the first time."""
    for reading in ("first", "again", "a third time"):
        _same_reading(dict(record), f"read {reading}")
