"""The turn structure (digest 2): up to three actions a turn; a unit's second, different action
makes it Weakened; no repeated action, and no second attack even of another kind (the
rulebook's Taking Actions, option second_attack), while more than one of the player's units remains;
Weakened tokens removed at the end of a turn without action, by paying 2 Health, or for good when
a player is down to two units.

The checks here are pure functions of the state, so that the command handlers refuse exactly
what ``legal.py`` does not list.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, NamedTuple, get_args

from domain.rules import RuleRef
from domain.rulesets.tinyepic.events import ActionTaken, TurnEnded, TurnStarted, UnitWeakened, WeakenedRemoved
from domain.rulesets.tinyepic.grid import parse_space
from domain.rulesets.tinyepic.state import Action, TetState, TetUnit
from domain.rulesets.tinyepic.view import grid_view, rule

if TYPE_CHECKING:
    from domain.resolution import Resolver

ACTIONS_PER_TURN = 3
#: every action type, in the order the legal commands list them
ACTIONS: tuple[Action, ...] = get_args(Action)
PAY_TO_REMOVE = 2
#: units in id order (a key made once, not a lambda per turn's end)
_BY_ID = attrgetter("id")

NOT_ACTIVE = rule("digest 2 (Turn)", "only the active player's units act")
THREE_ACTIONS = rule("digest 2 (Turn)", "a turn has at most three actions")
WEAKENED = rule("digest 2 (Weakened)", "a Weakened unit can take no action until its token is removed")
NO_REPEAT = rule("digest 2 (Actions)", "no unit repeats an action while more than one of its player's units remains")
TWO_PER_UNIT = rule(
    "digest 2 (Actions)", "a unit takes at most two actions a turn while more than one of its player's units remains"
)
SECOND_ATTACK = rule(
    "the rulebook's Taking Actions (option second_attack: never, the default)",
    "a unit cannot attack twice in a turn, even with another kind of attack, while more than one of its player's units remains",
)
NOT_WEAKENED = rule("digest 2 (Weakened)", "only a Weakened unit pays to remove its token")
SAME_TURN = rule("digest 2 (Weakened)", "a unit stays Weakened for the rest of the turn it took the token")
TOO_HURT = rule("digest 2 (Weakened)", "a unit with 2 Health or less can't pay 2 Health to remove the token")


def tokens_in_use(state: TetState, player: str) -> bool:
    """Weakened tokens are used while the player has three units or more (digest 2)."""
    return units_left(state, player) >= 3


def last_unit(state: TetState, player: str) -> bool:
    return units_left(state, player) <= 1


def units_left(state: TetState, player: str) -> int:
    """How many living units ``player`` has (``GridView.counts``), counted off the units: the
    command handlers ask it once or twice of a state that an event has just made (no view of it
    built yet), and a view built for it would be read for nothing else."""
    found = 0
    for u in state.units.values():
        if u.owner == player and u.alive and u.location is not None:
            found += 1
    return found


class ActionEffect(NamedTuple):
    """What taking one action does to the turn's count and to the unit (digest 2)."""

    #: the action's number in the turn (the actions taken this turn, it included)
    number: int
    #: the unit's actions this turn, it included
    actions: list[Action]
    #: whether it makes the unit Weakened: its second action while tokens are in use
    weakens: bool


def action_effect(state: TetState, unit: TetUnit, action: Action) -> ActionEffect:
    """What ``unit`` taking ``action`` now does to the count: the one account of it, so that
    what ``begin_action`` records and what ``action_refusal`` foresees (``taken``) can't part."""
    actions = [*unit.actions, action]
    return ActionEffect(state.actions_taken + 1, actions, len(actions) == 2 and tokens_in_use(state, unit.owner))


def action_refusal(
    state: TetState, unit: TetUnit, action: Action, taken: Action | None = None
) -> tuple[RuleRef, str] | None:
    """Why ``unit`` may not take ``action`` now (the rule and a detail), or None. ``taken``: as
    it will be once the unit has taken that action first (``action_effect``, as ``begin_action``
    records it), that action itself not judged (the legal commands ask whether a Move gains a
    Ballista shot: ``combat.shot_gained_by_moving_back``)."""
    if unit.owner != state.active_player:
        return NOT_ACTIVE, f"it is {state.active_player}'s turn, and {unit.id} belongs to {unit.owner}"
    count, actions, weakened = state.actions_taken, unit.actions, unit.weakened
    if taken is not None:
        effect = action_effect(state, unit, taken)
        count, actions, weakened = effect.number, effect.actions, weakened or effect.weakens
    if count >= ACTIONS_PER_TURN:
        return THREE_ACTIONS, f"{unit.owner} has taken {count} actions this turn"
    if weakened and tokens_in_use(state, unit.owner):
        return WEAKENED, f"{unit.id} is Weakened"
    repeats, third = action in actions, len(actions) >= 2
    # option second_attack: never (the default, the rulebook's Taking Actions): an attack after an
    # attack (of any kind) counts as a repeat
    again = action in ATTACKS and state.options.second_attack == "never" and not ATTACKS.isdisjoint(actions)
    if (repeats or third or again) and not last_unit(state, unit.owner):  # units counted only when it matters
        if repeats:
            return NO_REPEAT, f"{unit.id} already took a {action} action this turn"
        if third:
            return TWO_PER_UNIT, f"{unit.id} took {', '.join(actions)} this turn"
        return SECOND_ATTACK, f"{unit.id} took a {next(a for a in actions if a in ATTACKS)} attack this turn"
    return None


def allowed_actions(state: TetState, unit: TetUnit, units_left: int | None = None) -> tuple[Action, ...]:
    """The actions ``action_refusal`` lets ``unit`` take now, in ``ACTIONS`` order: what the
    legal commands ask for each unit, with the checks that do not depend on the action made
    once (a test compares it with ``action_refusal`` on every state of every example).
    ``units_left``: how many living units the unit's player has, when the caller counted them
    (the legal commands count once per state, not once per unit and check)."""
    if unit.owner != state.active_player or state.actions_taken >= ACTIONS_PER_TURN:
        return ()
    if units_left is None:
        if unit.weakened and tokens_in_use(state, unit.owner):
            return ()
        taken = unit.actions
        if not taken or last_unit(state, unit.owner):
            return ACTIONS
    else:
        if unit.weakened and units_left >= 3:  # ``tokens_in_use``
            return ()
        taken = unit.actions
        if not taken or units_left <= 1:  # ``last_unit``
            return ACTIONS
    if len(taken) >= 2:
        return ()
    # one action taken: every other one, in ``ACTIONS`` order (no second attack under option
    # second_attack: never, the default)
    return (_OTHER_NON_ATTACKS if state.options.second_attack == "never" else _OTHER_ACTIONS)[taken[0]]


#: each action -> every other action, in ``ACTIONS`` order (what a unit that took it may take)
_OTHER_ACTIONS: dict[str, tuple[Action, ...]] = {taken: tuple(a for a in ACTIONS if a != taken) for taken in ACTIONS}
#: the attacks (option second_attack): the Ballista's shot is "a special action" (seed 003), not one;
#: a Spell is always a Spell Attack on an enemy here (no healing or other spell is modelled)
ATTACKS: frozenset[Action] = frozenset(("melee", "missile", "spell"))
#: ``_OTHER_ACTIONS`` under option second_attack: never: an attack is followed by no other attack
_OTHER_NON_ATTACKS: dict[str, tuple[Action, ...]] = {
    taken: tuple(a for a in others if taken not in ATTACKS or a not in ATTACKS) for taken, others in _OTHER_ACTIONS.items()
}


def pay_refusal(state: TetState, unit: TetUnit) -> tuple[RuleRef, str] | None:
    if unit.owner != state.active_player:
        return NOT_ACTIVE, f"it is {state.active_player}'s turn"
    if not unit.weakened:
        return NOT_WEAKENED, f"{unit.id} is not Weakened"
    if unit.weakened_turn == state.turn:
        return SAME_TURN, f"{unit.id} was Weakened this turn"
    if unit.health <= PAY_TO_REMOVE:
        return TOO_HURT, f"{unit.id} has {unit.health} Health"
    return None


def begin_action(resolver: Resolver, unit: TetUnit, action: Action) -> None:
    """Record the action (``action_effect``): a unit's second action makes it Weakened while
    tokens are in use."""
    state = resolver.game.state  # ``resolver.state``, read past its property: every action and turn asks
    assert isinstance(state, TetState)
    effect = action_effect(state, state.units[unit.id], action)
    resolver.emit(ActionTaken, unit=unit.id, action=action, number=effect.number)
    if effect.weakens:
        resolver.emit(UnitWeakened, unit=unit.id, turn=state.turn)


def pay_to_remove(resolver: Resolver, unit: TetUnit) -> None:
    resolver.emit(
        WeakenedRemoved, unit=unit.id, reason="paid for with Health", health_paid=PAY_TO_REMOVE,
        health=unit.health - PAY_TO_REMOVE,
    )


def drop_unused_tokens(resolver: Resolver, player: str) -> None:
    """After a death: a player down to two units no longer uses Weakened tokens (digest 2)."""
    state = resolver.state
    assert isinstance(state, TetState)
    if tokens_in_use(state, player):
        return
    for unit in sorted(grid_view(state).units_of(player), key=_BY_ID):
        if unit.weakened:
            resolver.emit(
                WeakenedRemoved, unit=unit.id, reason=f"{player} has two units or fewer: Weakened tokens are no longer used",
                health=unit.health,
            )


def on_ballista(state: TetState, player: str) -> dict[str, str]:
    """The player's units standing on a Ballista as their turn starts (seed 003, Ballista):
    none on a board without one (most boards; every turn asks)."""
    # ``has_ballista``, read off the board's indexes directly once the board has it
    found = state.__pydantic_private__["_board"].get(HAS_BALLISTA)  # type: ignore[index]  # ``board_index``'s dict
    if not (found if found is not None else has_ballista(state)):
        return {}
    view = grid_view(state)
    return {
        u.id: u.location or "" for u in sorted(view.units_of(player), key=_BY_ID)
        if view.terrain(parse_space(u.location or "")) == "ballista"
    }


def has_ballista(state: TetState) -> bool:
    """Whether any space of the board is a Ballista: a board index (the board's rows change only
    when it is laid)."""
    found: bool = state.board_index(HAS_BALLISTA, lambda: any("ballista" in row for row in state.terrain))
    return found


#: the board index of ``has_ballista``
HAS_BALLISTA = "tinyepic.has_ballista"


def start_turn(resolver: Resolver, player: str, turn: int) -> None:
    state = resolver.game.state  # ``resolver.state``, read past its property: every action and turn asks
    assert isinstance(state, TetState)
    resolver.emit(TurnStarted, player=player, turn=turn, on_ballista=on_ballista(state, player))


def end_turn(resolver: Resolver, player: str) -> None:
    """Step 3 of the turn: Weakened tokens go from the player's units that took no action; then
    the other player's turn begins."""
    state = resolver.game.state  # ``resolver.state``, read past its property: every action and turn asks
    assert isinstance(state, TetState)
    # the player's living units (``GridView.units_of``) that are Weakened and took no action:
    # read off the units directly, and sorted only when there are any (most turns)
    idle = [
        u for u in state.units.values()
        if u.weakened and not u.actions and u.owner == player and u.alive and u.location is not None
    ]
    for unit in sorted(idle, key=_BY_ID) if idle else idle:
        resolver.emit(WeakenedRemoved, unit=unit.id, reason="it took no action this turn", health=unit.health)
    resolver.emit(TurnEnded, player=player, turn=state.turn, actions=state.actions_taken)
    # ``start_turn``, inline: every turn's end starts the next
    player = state.opponent_of(player)
    resolver.emit(TurnStarted, player=player, turn=state.turn + 1, on_ballista=on_ballista(state, player))
