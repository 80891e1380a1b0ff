"""A unit's moves as a part of the legal commands (``legal.MovePart``, a part of its own) answer
every reading a part answers as ``domain.legal.Part`` answers it over the same moves listed
(``Part.of``): the count, each move by its index, an index out of range, iteration, whether a
command is held (each listed move, the same move by another route, a move one space further, a
move of another unit, another command), before and after the part settles.

Checked for every living unit after every event of every example and of random self-play, each
question asked of a new part first (an unread part answers from the search alone).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from domain.legal import Part
from domain.rulesets.tinyepic.commands import EndTurn, Move
from domain.rulesets.tinyepic.legal import MovePart, unit_moves
from domain.rulesets.tinyepic.state import TetState
from domain.rulesets.tinyepic.view import GridView
from tests.helpers import checked_after_each_event, example_events, random_board_events
from tests.tiny_epic_tactics.support import answers_as_plain_part

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tiny-epic-tactics"


def _asked(listed: list[Move], unit: str) -> list[BaseModel]:
    asked: list[BaseModel] = [*listed, EndTurn(), Move(unit=f"{unit}-other", path=["0,0"])]
    for move in listed:
        end = move.path[-1]
        x, y = (int(v) for v in end.split(","))
        asked.append(move.model_copy(update={"path": [end]}))
        asked.append(move.model_copy(update={"path": [*move.path, f"{x + 1},{y}"]}))
    return asked


def _check(state: TetState, where: str) -> int:
    compared = 0
    for unit in [u for u in state.units.values() if u.alive and u.location is not None]:
        listed = list(unit_moves(GridView(state), unit))
        plain = Part.of(list(listed))
        compared += answers_as_plain_part(lambda unit=unit: MovePart(GridView(state), unit), plain, _asked(listed, unit.id), f"{where}: {unit.id}")
    return compared


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_a_move_part_answers_as_a_listed_part_after_every_event_of_every_example(path: Path) -> None:
    assert checked_after_each_event(example_events(path), path.stem, _check) > 0


@pytest.mark.parametrize("seed", range(3))
def test_a_move_part_answers_as_a_listed_part_along_random_self_play(seed: int) -> None:
    assert checked_after_each_event(random_board_events("tinyepic", seed), f"random board {seed}", _check) > 0
