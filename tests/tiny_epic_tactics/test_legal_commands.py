"""Legal commands on random grids: exactly the listed commands are accepted (the aggregate is the
reference), along random games."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from domain.errors import SimError
from domain.game import Game
from domain.rulesets.tinyepic.commands import (
    EndTurn,
    FireBallista,
    MeleeAttack,
    MissileAttack,
    Move,
    PayToRemoveWeakened,
    SpellAttack,
)
from domain.rulesets.tinyepic.grid import parse_space
from domain.rulesets.tinyepic.state import TetState
from tests.test_whole_turns import accepted, states_along_a_random_game


def refused_in_place(game: Game, command: BaseModel) -> bool:
    """Whether the rules refuse ``command``; a refusal leaves the game as it was (commands are
    atomic), so no copy is needed unless it is wrongly accepted, which fails the test anyway."""
    try:
        game.issue(command)
    except SimError:
        return True
    return False


def _straight(start: str, goal: str) -> list[str]:
    """Columns first, then rows: a path drawn without any rule."""
    here, end = parse_space(start), parse_space(goal)
    path = []
    x, y = here
    while x != end.x:
        x += 1 if end.x > x else -1
        path.append(f"{x},{y}")
    while y != end.y:
        y += 1 if end.y > y else -1
        path.append(f"{x},{y}")
    return path


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000))
def test_a_command_not_listed_is_refused(seed: int) -> None:
    for game in states_along_a_random_game("tinyepic", seed, steps=8):
        state = game.state
        assert isinstance(state, TetState)
        listed = game.legal_commands()
        legal = {c.model_dump_json() for c in listed}
        living = sorted(state.living_units(), key=lambda u: u.id)
        candidates: list[BaseModel] = [EndTurn(player=p) for p in state.players]
        for unit in living:
            candidates.append(PayToRemoveWeakened(player=unit.owner, unit=unit.id))
            for target in living:
                if target.id == unit.id:
                    continue
                p, u, t = unit.owner, unit.id, target.id
                candidates += [MeleeAttack(player=p, unit=u, target=t), MeleeAttack(player=p, unit=u, target=t, knock_back=False),
                               MissileAttack(player=p, unit=u, target=t), SpellAttack(player=p, unit=u, target=t)]
                candidates += [FireBallista(player=p, unit=u, target=t, direction=d) for d in ("N", "E", "S", "W")]
            answer = game.rules.range_of_motion(state, unit.id)
            for location in answer.reachable:
                path = answer.path_to(location) or []
                if len(path) > 1:
                    candidates.append(Move(player=unit.owner, unit=unit.id, path=path[1:]))
        for command in candidates:
            if command.model_dump_json() in legal:
                assert accepted(game, command), command
            else:
                assert refused_in_place(game, command), command
        # any other path is refused unless it ends where some listed move ends
        ends = {(c.unit, c.path[-1]) for c in listed if isinstance(c, Move)}
        for unit in living:
            for y in range(state.height):
                for x in range(state.width):
                    path = _straight(unit.location or "", f"{x},{y}")
                    if path and (unit.id, path[-1]) not in ends:
                        assert refused_in_place(game, Move(player=unit.owner, unit=unit.id, path=path)), (unit.id, path)
