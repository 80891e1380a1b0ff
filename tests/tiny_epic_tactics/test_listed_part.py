"""A part of commands listed whole when made (``legal.ListedPart``: a unit's attacks, its
payment) answers every reading a part answers as ``domain.legal.Part`` answers it over the same
commands (``Part.of``): the count, each command by its index, an index out of range, iteration,
whether a command is held (each listed one, another unit's, another command), before and after
the part settles. Checked for every part the legal commands list but moves,
after every event of every example and of random self-play, each question asked of a new part.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from domain.legal import Part
from domain.rulesets.tinyepic.commands import EndTurn, MeleeAttack, Move
from domain.rulesets.tinyepic.legal import ListedPart, _end_turn_part, legal_commands
from domain.rulesets.tinyepic.state import TetState
from tests.helpers import checked_after_each_event, example_events, random_board_events
from tests.tiny_epic_tactics.support import answers_as_plain_part

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tiny-epic-tactics"


def _part(key: tuple[str, str | None], listed: list[BaseModel]) -> ListedPart:
    """A part made as the listing makes one (``legal._add``)."""
    part = ListedPart(listed)
    part.key = key
    return part


def _same(listed: list[BaseModel], key: tuple[str, str | None], where: str) -> int:
    plain = Part.of(list(listed))
    asked: list[BaseModel] = [
        *listed, EndTurn(), Move(unit="nobody", path=["0,0"]), MeleeAttack(unit="nobody", target="nobody"),
    ]
    assert _part(key, list(listed)).key == plain.key, where
    return answers_as_plain_part(lambda: _part(key, list(listed)), plain, asked, where)


def _check(state: TetState, where: str) -> int:
    compared = 0
    for part in legal_commands(state)._parts:
        if isinstance(part, ListedPart):
            compared += _same(list(part), part.key, f"{where}: {part.key}")  # type: ignore[arg-type]  # a unit's part
    return compared


def test_a_listed_part_answers_as_a_plain_part_when_it_holds_one_command() -> None:
    command = EndTurn(player="p1")
    assert _same([command], ("end_turn", None), "one command") > 0


def test_the_turns_end_is_one_listed_part_per_player() -> None:
    part = _end_turn_part("p1")
    assert part is _end_turn_part("p1") and part.key == ("end_turn", None)
    assert list(part) == [EndTurn(player="p1")] and part.get(0) == EndTurn(player="p1")


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_a_listed_part_answers_as_a_plain_part_after_every_event_of_every_example(path: Path) -> None:
    checked_after_each_event(example_events(path), path.stem, _check)


@pytest.mark.parametrize("seed", range(3))
def test_a_listed_part_answers_as_a_plain_part_along_random_self_play(seed: int) -> None:
    assert checked_after_each_event(random_board_events("tinyepic", seed), f"random board {seed}", _check) > 0
