"""Who may act with a unit (``TetCommands.acting``): a command that names no player, or the
unit's owner, acts; one that names the other player is refused (a player acts only with their
own units); one that names an unknown player is bad input naming the players. The handler asks
the player check only when the command names someone other than the owner."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import BadInput, IllegalCommand
from tests.tiny_epic_tactics.support import tet, unit

BOARD = [". . . .", ". . . .", ". . . ."]


def _game() -> Any:
    return tet(BOARD, units=[unit("a", "p1", "0,0", melee=1), unit("b", "p2", "1,0"), unit("c", "p2", "3,2")]).game


@pytest.mark.parametrize("player", [None, "p1"])
def test_no_player_or_the_owner_acts(player: str | None) -> None:
    game = _game()
    command: dict[str, Any] = {"command": "move", "unit": "a", "path": ["0,1"]}
    if player is not None:
        command["player"] = player
    assert [e.name for e in game.issue(command)][:2] == ["CommandIssued", "ActionTaken"]


@pytest.mark.parametrize("command", [
    {"command": "move", "unit": "a", "path": ["0,1"]},
    {"command": "melee_attack", "unit": "a", "target": "b"},
])
def test_the_other_player_is_refused_and_an_unknown_one_is_bad_input(command: dict[str, Any]) -> None:
    game = _game()
    before = len(game.pending_events)
    with pytest.raises(IllegalCommand) as refused:
        game.issue({**command, "player": "p2"})
    assert "own units" in str(refused.value) and "a belongs to p1" in str(refused.value)
    for name in ("p3", ""):
        with pytest.raises(BadInput) as bad:
            game.issue({**command, "player": name})
        assert f"unknown player {name!r}" in str(bad.value)
    assert len(game.pending_events) == before
