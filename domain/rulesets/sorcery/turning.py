"""Teleporting an oversized unit turned (codex: Teleporting Oversized Units): the controller of a
teleport may turn the unit as it lands, a quarter turn clockwise at a time about its location.

The ``cast`` and ``activate`` commands name the turn (``turn``); the turn rides on the declared
path's purpose (``forced:teleport_nearby@90``, oversized.with_turn), so the judge of the step
(``movement_for_move``) and the parts it records (``moved_parts``) see the same orientation. This
module checks the field, rewrites an activation's teleports with it, and says which turns would
have landed a unit a teleport refused.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.movement import FORCED_KINDS, ForcedMovement
from domain.rulesets.sorcery.oversized import movement, split_turn, turnable, with_turn
from domain.rulesets.sorcery.refs import rule
from domain.rulesets.sorcery.state import SorceryState, SorceryUnit
from domain.state import GameState

TURNING = "codex: Teleporting Oversized Units"
#: the orientations a teleport may land a unit in: quarter turns clockwise, 0 its present one
QUARTER_TURNS = (0, 90, 180, 270)
TURN_RULE = rule(TURNING, "the controller of a teleport may turn an oversized unit as it lands: a quarter turn clockwise at a time")


def checked_turn(turn: int, units: Sequence[SorceryUnit], name: str) -> int:
    """``turn`` (a command's field) for a teleport of ``units``: a quarter turn, and 0 unless one
    of them has a turn to choose (``turnable``); a one-line refusal names the field otherwise."""
    if turn not in QUARTER_TURNS:
        raise IllegalCommand(TURN_RULE, f"turn: {turn} is not 0, 90, 180 or 270 (degrees clockwise)")
    if turn and not any(turnable(u) for u in units):
        raise IllegalCommand(
            TURN_RULE, f"turn: {name} teleports no unit a turn changes (an oversized unit whose outline turning changes)",
        )
    return turn


def lands(state: GameState, unit_id: str, how: str, to: str, turn: int = 0, legal: bool = False) -> bool:
    """Whether a forced move of this kind offers ``to`` to the unit, an oversized unit landing
    turned ``turn`` degrees clockwise; ``legal``: and nothing blocks it there."""
    frm = state.units[unit_id].location or ""
    model = movement(ForcedMovement(state, how), state, turn)
    return any(o.to == to and (not legal or o.blocked is None) for o in model.step_options(unit_id, frm))


#: an activation's path: unit, path, purpose, step kinds (activations.base.Plan.moves)
PlannedMove = tuple[str, list[str], str, "list[str] | None"]


def turned_moves(state: SorceryState, moves: list[PlannedMove], turn: int, name: str, legal: bool = False) -> list[PlannedMove]:
    """An activated ability's paths, its teleports of a unit that has a turn to choose landing
    turned ``turn`` degrees clockwise (the ``activate`` command's ``turn``; codex: Teleporting
    Oversized Units); a turn that lands no unit where its path goes is refused naming the field.
    ``legal``: the turned landing must be one nothing blocks (what legal commands list)."""
    teleports = [(u, path) for u, path, purpose, _ in moves if FORCED_KINDS.get(split_turn(purpose.partition(":")[2])[0]) == "teleport"]
    checked_turn(turn, [state.units[u] for u, _ in teleports], name)
    if not turn:
        return moves
    found: list[PlannedMove] = []
    for unit_id, path, purpose, kinds in moves:
        how = purpose.partition(":")[2]
        if (unit_id, path) in teleports and turnable(state.units[unit_id]):
            if not lands(state, unit_id, how, path[-1], turn, legal):
                raise IllegalCommand(TURN_RULE, f"turn: {unit_id} turned {turn} degrees does not land at {path[-1]} by {name}")
            purpose = f"forced:{with_turn(how, turn)}"
        found.append((unit_id, path, purpose, kinds))
    return found


def untried_turns(fits: Callable[..., bool], tried: int, unit: SorceryUnit) -> str:
    """What a refused teleport adds when another turn would have landed the unit (codex:
    Teleporting Oversized Units lets its controller choose one): those turns, by the command's
    ``turn`` field; empty when none would, or the unit has no turn to choose."""
    if not turnable(unit):
        return ""
    others = [t for t in QUARTER_TURNS if t != tried and fits(turn=t)]
    if not others:
        return ""
    return f"; turned it lands there ({TURNING}): turn {' or '.join(str(t) for t in others)}"
