"""The Tiny Epic Tactics commands the active player may issue now (``Game.legal_commands``).

For each of the player's units, each action the turn structure allows it (``turns.py``): a Move
to each space of its range of motion by a cheapest path; a Melee Attack on each adjacent enemy
at its level, with and without knock back; a Missile and a Spell Attack on each enemy in range;
firing the Ballista at each enemy in range, in each direction allowed. Then paying to remove a
Weakened token where allowed, and ``end_turn``. Other paths to the same space are allowed but
not listed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import BaseModel

from domain.movement import search_reach
from domain.rulesets.tinyepic.combat import ballista_directions, ballista_refusal, melee_refusal, ranged_refusal
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
from domain.rulesets.tinyepic.kept import UnitMoves, kept_moves, unit_facts
from domain.rulesets.tinyepic.movement import TetMovement, board_steps
from domain.rulesets.tinyepic.state import TetState, TetUnit
from domain.rulesets.tinyepic.turns import action_refusal, pay_refusal
from domain.rulesets.tinyepic.view import GridView, grid_view


def legal_commands(state: TetState, moves: Callable[[GridView, TetUnit], Sequence[Move]] | None = None) -> list[BaseModel]:
    """The list, each unit's moves kept from earlier states where nothing they read changed
    (``unit_moves``); ``moves`` lists them otherwise (the tests' search from scratch)."""
    view = grid_view(state)
    moves_of_unit = unit_moves if moves is None else moves
    player = state.active_player
    found: list[BaseModel] = []
    enemies = sorted((u for u in view.living if u.owner != player), key=lambda u: u.id)
    for unit in sorted(view.units_of(player), key=lambda u: u.id):
        if action_refusal(state, unit, "move") is None:
            found.extend(moves_of_unit(view, unit))
        if action_refusal(state, unit, "melee") is None:
            for e in enemies:
                if melee_refusal(view, unit, e) is None:
                    found.append(MeleeAttack(player=player, unit=unit.id, target=e.id))
                    found.append(MeleeAttack(player=player, unit=unit.id, target=e.id, knock_back=False))
        if action_refusal(state, unit, "missile") is None:
            found.extend(
                MissileAttack(player=player, unit=unit.id, target=e.id)
                for e in enemies if ranged_refusal(view, unit, e, "missile") is None
            )
        if action_refusal(state, unit, "spell") is None:
            found.extend(
                SpellAttack(player=player, unit=unit.id, target=e.id)
                for e in enemies if ranged_refusal(view, unit, e, "spell") is None
            )
        if action_refusal(state, unit, "ballista") is None:
            for e in enemies:
                if ballista_refusal(view, unit, e, None) is None:
                    found.extend(
                        FireBallista(player=player, unit=unit.id, target=e.id, direction=d)
                        for d in ballista_directions(view, unit, e)
                    )
        if pay_refusal(state, unit) is None:
            found.append(PayToRemoveWeakened(player=player, unit=unit.id))
    found.append(EndTurn(player=player))
    return found


def unit_moves(view: GridView, unit: TetUnit) -> tuple[Move, ...]:
    """The unit's Move commands in this state, kept across events (``kept.py``)."""
    return kept_moves(view, unit, lambda u: moves_of(TetMovement(view.state, view=view), u))


def moves_of(model: TetMovement, unit: TetUnit) -> UnitMoves:
    """A Move to each space of the unit's range of motion by a cheapest path, in reading order,
    and the spaces whose occupant the search read: each space it could afford to step out of
    (where it stands, and each space it reached within its Movement) and every space one of its
    steps leads to from those (``kept.py`` keeps the moves while none of them changes)."""
    start = unit.location or ""
    reach = search_reach(model, unit.id, start)
    ends = sorted((loc for loc in reach.cost if loc != start), key=_reading_order)
    moves = tuple(Move(player=unit.owner, unit=unit.id, path=(reach.path_to(loc) or [loc])[1:]) for loc in ends)
    steps = board_steps(model.view)
    left = {start, *reach.previous, *reach.cost} if start else set()
    reads = frozenset(left).union(*([option.to for option in steps[frm]] for frm in left))
    return UnitMoves(unit_facts(model.view.state, unit), reads, moves)


def _reading_order(location: str) -> tuple[int, int]:
    space = parse_space(location)
    return space.y, space.x
