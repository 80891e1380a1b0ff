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
from operator import attrgetter

from pydantic import BaseModel

from domain.legal import LegalCommands, Part
from domain.movement import search_reach
from domain.rulesets.tinyepic.combat import (
    ballista_directions,
    ballista_refusal,
    melee_refusal,
    on_ballista_to_fire,
    ranged_refusal,
)
from domain.rulesets.tinyepic.commands import (
    EndTurn,
    FireBallista,
    MeleeAttack,
    MissileAttack,
    Move,
    PayToRemoveWeakened,
    SpellAttack,
)
from domain.rulesets.tinyepic.kept import UnitMoves, kept_moves, unit_facts
from domain.rulesets.tinyepic.movement import TetMovement
from domain.rulesets.tinyepic.moves import searched_moves
from domain.rulesets.tinyepic.state import TetState, TetUnit
from domain.rulesets.tinyepic.turns import allowed_actions, pay_refusal
from domain.rulesets.tinyepic.view import GridView, grid_view


def legal_commands(
    state: TetState, moves: Callable[[GridView, TetUnit], Sequence[Move]] | None = None
) -> LegalCommands:
    """The commands, part by part (``domain.legal``): each unit's moves counted from its kept
    search (``unit_moves``) and built when read, so that ``command in legal`` looks at one
    unit's moves and a random pick builds one; the other commands are cheap and listed. In the
    order of the plain list. ``moves`` lists a unit's moves instead (the tests' search from
    scratch)."""
    view = grid_view(state)
    player = state.active_player
    parts: list[Part] = []
    living = view.living
    enemies = sorted([u for u in living if u.owner != player], key=_BY_ID)
    for unit in sorted([u for u in living if u.owner == player], key=_BY_ID):  # ``view.units_of``
        allowed = allowed_actions(state, unit)
        if "move" in allowed:
            parts.append(_move_part(view, unit) if moves is None else Part.of(list(moves(view, unit))))
        others: list[list[BaseModel]] = []
        # each attack is judged by its refusal; a unit that fails a check of its own (no dice,
        # no range, no Ammo, not on the Ballista) is refused against every enemy, and skipped
        if "melee" in allowed:
            melee: list[BaseModel] = []
            if unit.melee > 0:
                for e in enemies:
                    if melee_refusal(view, unit, e) is None:
                        melee.append(MeleeAttack(player=player, unit=unit.id, target=e.id))
                        melee.append(MeleeAttack(player=player, unit=unit.id, target=e.id, knock_back=False))
            others.append(melee)
        if "missile" in allowed:
            others.append([
                MissileAttack(player=player, unit=unit.id, target=e.id)
                for e in (enemies if unit.missile > 0 and unit.ammo >= 1 else ())
                if ranged_refusal(view, unit, e, "missile") is None
            ])
        if "spell" in allowed:
            others.append([
                SpellAttack(player=player, unit=unit.id, target=e.id)
                for e in (enemies if unit.spell > 0 and unit.mana >= 1 else ())
                if ranged_refusal(view, unit, e, "spell") is None
            ])
        if "ballista" in allowed:
            others.append([
                FireBallista(player=player, unit=unit.id, target=e.id, direction=d)
                for e in (enemies if on_ballista_to_fire(view, unit) else ())
                if ballista_refusal(view, unit, e, None) is None
                for d in ballista_directions(view, unit, e)
            ])
        if pay_refusal(state, unit) is None:
            others.append([PayToRemoveWeakened(player=player, unit=unit.id)])
        parts.extend(Part.of(listed) for listed in others if listed)
    parts.append(Part.of([EndTurn(player=player)]))
    return LegalCommands(parts)


#: units in id order
_BY_ID = attrgetter("id")


def _move_part(view: GridView, unit: TetUnit) -> Part:
    """The unit's moves, one per space it can end on: counted from its kept search; a move is
    built when read; ``in`` finds a move by the space it ends on."""
    found: list[UnitMoves] = []

    def kept() -> UnitMoves:
        if not found:
            found.append(kept_moves(view, unit, lambda u: searched_moves(view, u)))
        return found[0]

    def find(command: BaseModel) -> int | None:
        path = getattr(command, "path", None)
        return kept().index_of(str(path[-1])) if isinstance(command, Move) and path else None

    return Part(("move", unit.id), size=lambda: len(kept()), item=lambda i: kept().move(i), find=find)


def unit_moves(view: GridView, unit: TetUnit) -> tuple[Move, ...]:
    """The unit's Move commands in this state, kept across events (``kept.py``)."""
    return kept_moves(view, unit, lambda u: searched_moves(view, u)).moves()


def moves_of(model: TetMovement, unit: TetUnit) -> UnitMoves:
    """A Move to each space of the unit's range of motion by a cheapest path (the engine's
    search over ``model``: what ``moves.searched_moves`` must agree with), and the spaces it
    could afford to step out of: where it stands, and each space it reached within its Movement
    (``kept.py`` keeps the moves while none of them, and no space one step from them, changes)."""
    start = unit.location or ""
    reach = search_reach(model, unit.id, start)
    left = frozenset({start, *reach.previous, *reach.cost}) if start else frozenset()
    ends = [loc for loc in reach.cost if loc != start]
    return UnitMoves(unit_facts(model.view.state, unit), left, unit.owner, unit.id, start, reach.previous, ends)
