"""The legal commands' shortcuts agree with the checks the command handlers make (issue 20).

``legal.py`` asks ``turns.allowed_actions`` once per unit instead of ``action_refusal`` once per
action, and skips an attack for a unit that fails a check of its own (no Melee dice, no range,
no Ammo or Mana, not able to fire the Ballista) instead of judging it against each enemy. On
every state of every example, of random games on random boards and of random self-play on the
benchmark's whole-turn scenario: the allowed actions are those ``action_refusal`` lets through,
and the listed attacks are exactly those a plain loop over every unit, enemy and refusal finds;
``may_melee`` and ``may_shoot`` (the refusals without their detail) agree with the refusals for
every pair of units on the board, ``in_melee_reach`` and ``in_shot`` with them for lists of its units, and
``allowed_actions`` given the player's units counted with the one that counts them itself.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Literal

import pytest
from pydantic import BaseModel

from domain.event_base import GameEvent
from domain.rulesets.tinyepic.combat import (
    ballista_directions,
    ballista_refusal,
    in_melee_reach,
    in_shot,
    may_melee,
    may_shoot,
    melee_refusal,
    ranged_refusal,
)
from domain.rulesets.tinyepic.commands import EndTurn, FireBallista, MeleeAttack, MissileAttack, Move, SpellAttack
from domain.rulesets.tinyepic.legal import legal_commands
from domain.rulesets.tinyepic.state import TetState
from domain.rulesets.tinyepic.turns import ACTIONS, action_refusal, allowed_actions
from domain.rulesets.tinyepic.view import GridView
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests.test_whole_turns import states_along_a_random_game

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tiny-epic-tactics"
WHOLE_TURN = EXAMPLES / "16-a-whole-turn-with-a-weakened-unit.yaml"


def _folded(events: Sequence[GameEvent]) -> Iterator[TetState]:
    state = None
    for event in events:
        if state is None:
            state = event.initial_state()  # type: ignore[attr-defined]  # the first event is GameStarted
            continue
        event.fold_into(state)
        if isinstance(state, TetState) and state.units:
            yield state.model_copy(deep=True)


def _plain_attacks(state: TetState) -> list[BaseModel]:
    """Every attack of the player to act, judged by the refusals alone."""
    view = GridView(state)
    player = state.active_player
    living = [u for u in state.units.values() if u.alive and u.location is not None]
    enemies = sorted((u for u in living if u.owner != player), key=lambda u: u.id)
    found: list[BaseModel] = []
    for unit in sorted((u for u in living if u.owner == player), key=lambda u: u.id):
        if action_refusal(state, unit, "melee") is None:
            for e in enemies:
                if melee_refusal(view, unit, e) is None:
                    found += [MeleeAttack(player=player, unit=unit.id, target=e.id),
                              MeleeAttack(player=player, unit=unit.id, target=e.id, knock_back=False)]
        if action_refusal(state, unit, "missile") is None:
            found += [MissileAttack(player=player, unit=unit.id, target=e.id)
                      for e in enemies if ranged_refusal(view, unit, e, "missile") is None]
        if action_refusal(state, unit, "spell") is None:
            found += [SpellAttack(player=player, unit=unit.id, target=e.id)
                      for e in enemies if ranged_refusal(view, unit, e, "spell") is None]
        if action_refusal(state, unit, "ballista") is None:
            found += [FireBallista(player=player, unit=unit.id, target=e.id, direction=d)
                      for e in enemies if ballista_refusal(view, unit, e, None) is None
                      for d in ballista_directions(view, unit, e)]
    return found


#: the two ranged attacks
_RANGED: tuple[Literal["missile", "spell"], ...] = ("missile", "spell")


def _check(state: TetState, where: str) -> None:
    for unit in state.units.values():
        if unit.alive and unit.location is not None:
            plain = tuple(a for a in ACTIONS if action_refusal(state, unit, a) is None)
            assert allowed_actions(state, unit) == plain, f"{where}: {unit.id}'s actions"
            left = sum(1 for u in state.units.values() if u.owner == unit.owner and u.alive and u.location is not None)
            assert allowed_actions(state, unit, left) == plain, f"{where}: {unit.id}'s actions, its units counted"
    view = GridView(state)
    on_board = [u for u in state.units.values() if u.alive and u.location is not None]
    for unit in on_board:
        for targets in (on_board, on_board[::-1], on_board[1:]):
            plain_melee = [o for o in targets if melee_refusal(view, unit, o) is None]
            assert in_melee_reach(view, unit, targets) == plain_melee, f"{where}: {unit.id}'s Melee targets"
            for kind in _RANGED:
                plain_shots = [o for o in targets if ranged_refusal(view, unit, o, kind) is None]
                assert in_shot(view, unit, targets, kind) == plain_shots, f"{where}: {unit.id}'s {kind} targets"
        for other in on_board:
            assert may_melee(view, unit, other) == (melee_refusal(view, unit, other) is None), f"{where}: {unit.id}, {other.id}"
            for kind in _RANGED:
                shoots = ranged_refusal(view, unit, other, kind) is None
                assert may_shoot(view, unit, other, kind) == shoots, f"{where}: {unit.id} {kind}, {other.id}"
    attacks = [c for c in legal_commands(state) if not isinstance(c, Move | EndTurn) and "target" in type(c).model_fields]
    assert attacks == _plain_attacks(state), f"{where}: the attacks"


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_every_state_of_every_example(path: Path) -> None:
    played = play(load_scenario(path), strict=False)
    for number, state in enumerate(_folded(played.events)):
        _check(state, f"{path.stem}, state {number}")


@pytest.mark.parametrize("seed", range(12))
def test_states_along_random_games_on_random_boards(seed: int) -> None:
    for number, game in enumerate(states_along_a_random_game("tinyepic", seed, steps=12)):
        state = game.state
        assert isinstance(state, TetState)
        _check(state, f"board {seed}, state {number}")


def test_random_self_play_on_the_whole_turn_scenario() -> None:
    scenario = load_scenario(WHOLE_TURN)
    for seed in random.Random(20).sample(range(1_000), 6):
        played = self_play(scenario, 6, "random", seed, verify_log=False)
        for number, state in enumerate(_folded(played.events)):
            _check(state, f"seed {seed}, state {number}")
