"""Villages, a triggered ability (seed 003, Villages): a unit that passes through or ends its
move in a Village regains 4 Health and refills its Ammo and Mana; once per Village per unit per
turn; not for starting the turn there; a knock back never benefits (digest 3).

The trigger matches a ``StepTaken`` of a Move (a path declared with purpose ``move``) into a
Village space. What records "once per turn" is the ``VillageVisited`` event the trigger resolves
to (the unit's ``villages_used``, emptied when a turn starts). The movement model never reads any
of this, so range of motion ignores the Villages.
"""

from __future__ import annotations

from domain.errors import BadInput
from domain.events import StepTaken
from domain.resolution import Resolver
from domain.rulesets.tinyepic.events import VillageVisited
from domain.rulesets.tinyepic.grid import parse_space
from domain.rulesets.tinyepic.state import TetState
from domain.state import GameState, TriggerState

ABILITY = "village"
VILLAGE_HEALTH = 4
WHAT = "regains 4 Health and refills Ammo and Mana"


def is_village(state: TetState, location: str) -> bool:
    """Whether ``location`` names a Village space of the board: worked out once per text and
    board (a board index: every step of a Move asks it of the space entered)."""
    known: dict[str, bool] = state.board_index("tinyepic.villages", dict)
    found = known.get(location)
    if found is None:
        found = known[location] = village_space(state, location)
    return found


def village_spaces(state: GameState) -> frozenset[str]:
    """The Village spaces of the board, each as its step names it (``"x,y"``, as ``Space.text``
    writes it): a board index, so that a step asks one set (``on_step``: every step of every
    move). A test compares it with ``village_space`` after every event."""
    return state.board_index(VILLAGE_SPACES, lambda: _village_texts(state))


#: the board index of ``village_spaces``
VILLAGE_SPACES = "tinyepic.village_spaces"


def _village_texts(state: GameState) -> frozenset[str]:
    assert isinstance(state, TetState)
    return frozenset(
        f"{x},{y}" for y in range(state.height) for x in range(state.width) if state.terrain_at(x, y) == "village"
    )


def village_space(state: TetState, location: str) -> bool:
    """``is_village`` read off the board's rows."""
    try:
        space = parse_space(location)
    except BadInput:
        return False
    return state.on_board(space.x, space.y) and state.terrain_at(space.x, space.y) == "village"


def on_step(resolver: Resolver, event: StepTaken) -> None:
    """A step into a Village queues its trigger. A step names its spaces as ``Space.text``
    writes them (a path is parsed to them; a test checks every step of the examples and of
    self-play), so the board's set of Village texts answers; most steps enter none."""
    state = resolver.state
    if event.to not in village_spaces(state):
        return
    assert isinstance(state, TetState)
    move = state.moves.get(event.move_id)
    if move is None or move.purpose != "move":
        return
    unit = state.units[event.unit]
    if event.to in unit.villages_used:
        return  # the same Village twice in a turn: no benefit
    waiting = any(
        t.ability == ABILITY and t.subject == unit.id and t.source == event.to for t in state.triggers.values()
    )
    if not waiting:
        resolver.queue_trigger(ABILITY, WHAT, event.to, unit.owner, unit.id, {}, event.event_id)


def resolve(resolver: Resolver, trigger: TriggerState) -> None:
    state = resolver.state
    assert isinstance(state, TetState)
    unit = state.units[trigger.subject or ""]
    if not unit.alive or unit.location is None:
        resolver.resolved(trigger, f"{unit.id} is no longer on the board")
        return
    health = min(unit.max_health, unit.health + VILLAGE_HEALTH)
    healed = health - unit.health
    resolver.resolved(trigger, f"{unit.id} regains {healed} Health and refills Ammo and Mana")
    resolver.emit(
        VillageVisited, cause=trigger.id, unit=unit.id, village=trigger.source, healed=healed, health=health,
        ammo=unit.max_ammo, mana=unit.max_mana,
    )
