"""The attacks and payments the legal commands list are made once per process and shared
(``legal._COMMANDS``): each equals the command made anew for the state it is listed in.

After every event of every Tiny Epic Tactics example and of random self-play, the state's
listing (every command, moves included) equals, in order, a listing made with nothing kept,
command for command and with the same fields set (what ``model_dump(exclude_unset=True)`` and
so the log would write), and every kept command is frozen (a shared command can't be changed
by one of the states that list it).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from pydantic import BaseModel

from domain.rulesets.tinyepic import legal
from domain.rulesets.tinyepic.legal import legal_commands
from domain.rulesets.tinyepic.state import TetState
from tests.helpers import checked_after_each_event, example_events, random_board_events
from tests.tiny_epic_tactics.support import self_play_events

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tiny-epic-tactics"
#: what makes the kept commands, as the module has it (a test below swaps one for a worse one)
_MAKERS = {"_melee": legal._melee, "_command": legal._command}


def _made_anew(state: TetState, monkeypatch: pytest.MonkeyPatch) -> list[BaseModel]:
    """The listing of a copy of ``state`` with no command kept from before (each made as it is
    first listed)."""
    with monkeypatch.context() as patched:
        patched.setattr(legal, "_COMMANDS", {})
        for name, maker in _MAKERS.items():
            patched.setattr(legal, name, maker)
        fresh = state.model_copy(deep=True)
        assert isinstance(fresh, TetState)
        return list(legal_commands(fresh))


def _checker(monkeypatch: pytest.MonkeyPatch) -> Callable[[TetState, str], int]:
    """The check ``checked_after_each_event`` runs on each state."""
    def check(state: TetState, where: str) -> int:
        state.changed()  # a listing of this state, not one kept from before the event
        kept = list(legal_commands(state))
        anew = _made_anew(state, monkeypatch)
        assert kept == anew, where
        for mine, theirs in zip(kept, anew, strict=True):
            assert type(mine) is type(theirs), where
            assert mine.model_fields_set == theirs.model_fields_set, f"{where}: {mine}"
            assert mine.model_dump(exclude_unset=True) == theirs.model_dump(exclude_unset=True), f"{where}: {mine}"
            assert mine.model_config.get("frozen"), f"{where}: {mine} is shared, so it must be frozen"
        return len(kept)

    return check


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_kept_commands_equal_ones_made_anew_after_every_event_of_every_example(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert checked_after_each_event(example_events(path), path.stem, _checker(monkeypatch)) > 0


@pytest.mark.parametrize("seed", range(3))
def test_kept_commands_equal_ones_made_anew_along_random_self_play(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    assert checked_after_each_event(random_board_events("tinyepic", seed), f"random board {seed}", _checker(monkeypatch)) > 0


def test_kept_commands_equal_ones_made_anew_along_self_play_of_the_whole_turn_scenario(monkeypatch: pytest.MonkeyPatch) -> None:
    for name, events in self_play_events(range(2)):
        assert checked_after_each_event(list(events), name, _checker(monkeypatch)) > 0


def test_a_command_kept_under_too_short_a_key_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept Melee Attack found again by its unit alone (not its target) lists the wrong
    target on a board where one unit reaches two enemies: the check above sees it."""
    from tests.tiny_epic_tactics.support import tet, unit

    game = tet([". . .", ". . .", ". . ."], units=[
        unit("a", "p1", "1,1"), unit("b", "p2", "1,0"), unit("c", "p2", "1,2"), unit("d", "p1", "0,0"),
    ]).game
    state = game.state
    assert isinstance(state, TetState)
    made = legal._melee

    def by_unit_only(player: str, unit_id: str, target: str) -> tuple[BaseModel, BaseModel]:
        key = ("short", player, unit_id)
        found = legal._COMMANDS.get(key)
        if found is None:
            found = legal._COMMANDS[key] = made(player, unit_id, target)
        return found  # type: ignore[return-value]

    monkeypatch.setattr(legal, "_melee", by_unit_only)
    with pytest.raises(AssertionError):
        _checker(monkeypatch)(state, "two enemies in reach")
