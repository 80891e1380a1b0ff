"""Tiny Epic Tactics' own events. Steps, paths, dice, triggers and deaths use the engine's: a Move
and a knock back are both declared paths whose steps are ``StepTaken`` events (a knock back's
purpose is ``knock back``, so no Village fires on it)."""

from __future__ import annotations

from typing import ClassVar, Literal

from domain.event_base import GameEvent, Labeler
from domain.events import UnitPlaced as CoreUnitPlaced
from domain.rulesets.tinyepic.grid import Direction
from domain.rulesets.tinyepic.options import Terrain
from domain.rulesets.tinyepic.state import Action, TetState, TetUnit
from domain.state import GameState

#: the marks a unit's turn keeps, emptied when a turn starts: plain fields (no validation on
#: assignment), which ``StateModel.__setattr__`` sets in the unit's ``__dict__`` and fields set
_TURN_MARKS = ("actions", "villages_used")
assert set(_TURN_MARKS) <= TetUnit.__plain_fields__
_TURN_MARK_SET = frozenset(_TURN_MARKS)
#: the state's fields a turn's start and an action set, plain fields too (the first two are
#: those ``GameState.new_turn`` sets: a test compares the fold with it)
_TURN_FIELDS = frozenset({"active_player", "turn", "actions_taken", "ballista_starters", "ballista_lifted", "move_ends"})
assert _TURN_FIELDS <= TetState.__plain_fields__


def _grid(state: GameState) -> TetState:
    assert isinstance(state, TetState)
    return state


def _unit(state: GameState, unit_id: str) -> TetUnit:
    return _grid(state).units[unit_id]


class BoardLaid(GameEvent):
    """The board: rows of spaces (top to bottom), each with its level and terrain."""

    TOPIC: ClassVar[str] = "tinyepic.BoardLaid"
    LOOKAHEAD: ClassVar[bool] = True
    #: the board's indexes (portals, its steps) are of the board laid here
    CHANGES_BOARD: ClassVar[bool] = True
    width: int
    height: int
    levels: list[list[int]]
    terrain: list[list[Terrain]]

    def apply_to(self, state: GameState) -> None:
        grid = _grid(state)
        grid.width, grid.height = self.width, self.height
        grid.levels = [list(row) for row in self.levels]
        grid.terrain = [list(row) for row in self.terrain]

    def describe(self, label: Labeler) -> str:
        kinds = sorted({t for row in self.terrain for t in row})
        top = max((lv for row in self.levels for lv in row), default=0)
        levels = f"levels 0-{top}" if top else "flat"
        return f"board of {self.width}x{self.height} spaces, {levels}: {', '.join(kinds)}"


class UnitPlaced(CoreUnitPlaced):
    """A unit was placed on the board with these characteristics."""

    TOPIC: ClassVar[str] = "tinyepic.UnitPlaced"
    unit: TetUnit

    def describe(self, label: Labeler) -> str:
        u = self.unit
        weakened = ", Weakened" if u.weakened else ""
        return f"{u.id} ({u.kind}, {u.owner}) placed at {label(u.location or '')}: Movement {u.movement}, Health {u.health}{weakened}"


class TurnStarted(GameEvent):
    """A player's turn began. ``on_ballista``: their units standing on a Ballista now (they may
    fire it, but not move out and back in this turn: seed 003, Ballista)."""

    TOPIC: ClassVar[str] = "tinyepic.TurnStarted"
    LOOKAHEAD: ClassVar[bool] = True
    player: str
    turn: int
    on_ballista: dict[str, str] = {}

    def apply_to(self, state: GameState) -> None:
        assert isinstance(state, TetState)  # ``_grid``, inline: every turn's start folds this
        grid = state
        # ``grid.new_turn(self.player, self.turn)`` (the active player and the turn), and
        # ``actions_taken``, ``ballista_starters``, ``ballista_lifted`` and ``move_ends``, set as
        # ``StateModel.__setattr__`` sets a plain field (all seven are: ``_TURN_FIELDS``), with no
        # call per field
        known = grid.__dict__
        known["active_player"] = self.player
        known["turn"] = self.turn
        known["actions_taken"] = 0
        known["ballista_starters"] = dict(self.on_ballista)
        known["ballista_lifted"] = []
        known["move_ends"] = {}
        turn_fields = grid.__pydantic_fields_set__
        turn_fields |= _TURN_FIELDS  # in place, through a name: no attribute set on the state
        for unit in grid.units.values():
            # ``unit.actions = []`` and ``unit.villages_used = []`` as ``StateModel.__setattr__``
            # sets a plain field (both are: ``_TURN_MARKS``), by subscripts and an in-place union
            # (no method call per unit: every turn's start folds this for every unit)
            fields = unit.__dict__
            fields["actions"] = []
            fields["villages_used"] = []
            fields_set = unit.__pydantic_fields_set__
            fields_set |= _TURN_MARK_SET  # in place, through a name: no attribute set on the unit

    def describe(self, label: Labeler) -> str:
        ballista = f"; on a Ballista: {', '.join(self.on_ballista)}" if self.on_ballista else ""
        return f"{self.player}'s turn {self.turn} begins{ballista}"


class ActionTaken(GameEvent):
    """A unit began one of its player's three actions this turn (digest 2)."""

    TOPIC: ClassVar[str] = "tinyepic.ActionTaken"
    unit: str
    action: Action
    number: int

    def apply_to(self, state: GameState) -> None:
        assert isinstance(state, TetState)  # ``_grid``, inline: every action folds this
        # ``state.actions_taken = self.number`` as ``StateModel.__setattr__`` sets a plain field
        state.__dict__["actions_taken"] = self.number
        state.__pydantic_fields_set__.add("actions_taken")
        state.units[self.unit].actions.append(self.action)

    def describe(self, label: Labeler) -> str:
        return f"action {self.number} of 3: {self.unit} takes a {self.action} action"


class UnitWeakened(GameEvent):
    """The unit took a second, different action: it is Weakened (digest 2)."""

    TOPIC: ClassVar[str] = "tinyepic.UnitWeakened"
    unit: str
    turn: int

    def apply_to(self, state: GameState) -> None:
        unit = _unit(state, self.unit)
        unit.weakened, unit.weakened_turn = True, self.turn

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} is Weakened (its second action this turn)"


class WeakenedRemoved(GameEvent):
    """A Weakened token went: paid for with Health, at the end of a turn without action, or
    because its player has two units or fewer (digest 2)."""

    TOPIC: ClassVar[str] = "tinyepic.WeakenedRemoved"
    unit: str
    reason: str
    health_paid: int = 0
    health: int

    def apply_to(self, state: GameState) -> None:
        unit = _unit(state, self.unit)
        unit.weakened, unit.weakened_turn, unit.health = False, None, self.health

    def describe(self, label: Labeler) -> str:
        paid = f", paying {self.health_paid} Health ({self.health} left)" if self.health_paid else ""
        return f"{self.unit} is no longer Weakened: {self.reason}{paid}"


class HealthPaid(GameEvent):
    """A unit paid Health for something its rules allow. Recorded for a Weakened unit's Counter by
    logs from before the Counter's payment removed the token (now a ``WeakenedRemoved``); kept so
    those logs still read."""

    TOPIC: ClassVar[str] = "tinyepic.HealthPaid"
    unit: str
    amount: int
    health: int
    reason: str

    def apply_to(self, state: GameState) -> None:
        _unit(state, self.unit).health = self.health

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} pays {self.amount} Health ({self.health} left) {self.reason}"


class TurnEnded(GameEvent):
    TOPIC: ClassVar[str] = "tinyepic.TurnEnded"
    player: str
    turn: int
    actions: int

    def describe(self, label: Labeler) -> str:
        return f"{self.player}'s turn {self.turn} ends after {self.actions} action(s)"


AttackKind = Literal["melee", "missile", "spell", "ballista"]


class AttackMade(GameEvent):
    """An attack (or a Counter, or a Ballista shot) on ``target``; what it does follows."""

    TOPIC: ClassVar[str] = "tinyepic.AttackMade"
    attacker: str
    target: str
    attack: AttackKind
    counter: bool = False

    def describe(self, label: Labeler) -> str:
        if self.attack == "ballista":
            return f"{self.attacker} fires the Ballista at {self.target}"
        what = {"melee": "a Melee Attack", "missile": "a Missile Attack", "spell": "a Spell Attack"}[self.attack]
        verb = "Counters with" if self.counter else "makes"
        return f"{self.attacker} {verb} {what} on {self.target}"


class ResourceSpent(GameEvent):
    """Ammo or Mana spent on an attack (digest 5)."""

    TOPIC: ClassVar[str] = "tinyepic.ResourceSpent"
    unit: str
    resource: Literal["ammo", "mana"]
    amount: int
    left: int
    reason: str

    def apply_to(self, state: GameState) -> None:
        setattr(_unit(state, self.unit), self.resource, self.left)

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} spends {self.amount} {self.resource.capitalize()} ({self.left} left): {self.reason}"


class AttackMissed(GameEvent):
    TOPIC: ClassVar[str] = "tinyepic.AttackMissed"
    attacker: str
    target: str
    reason: str

    def describe(self, label: Labeler) -> str:
        return f"{self.attacker}'s shot at {self.target} misses: {self.reason}"


class DamageDealt(GameEvent):
    """A unit lost Health: ``base`` from the source, changed by ``modifiers`` (Water, Forest)."""

    TOPIC: ClassVar[str] = "tinyepic.DamageDealt"
    unit: str
    amount: int
    base: int
    modifiers: list[str] = []
    health: int
    source: str

    def apply_to(self, state: GameState) -> None:
        _unit(state, self.unit).health = self.health

    def describe(self, label: Labeler) -> str:
        mods = f" ({self.base} {' '.join(self.modifiers)})" if self.modifiers else ""
        return f"{self.unit} takes {self.amount} damage{mods} from {self.source}; {self.health} Health left"


class KnockBackStarted(GameEvent):
    """The target is knocked back this many spaces in a straight line (digest 4)."""

    TOPIC: ClassVar[str] = "tinyepic.KnockBackStarted"
    unit: str
    by: str
    direction: Direction
    spaces: int

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} is knocked back {self.spaces} space(s) {self.direction} by {self.by}"


class VillageVisited(GameEvent):
    """A Village healed a unit that passed through or ended in it: 4 Health, Ammo and Mana
    refilled (seed 003, Villages); the unit can't benefit from it again this turn."""

    TOPIC: ClassVar[str] = "tinyepic.VillageVisited"
    unit: str
    village: str
    healed: int
    health: int
    ammo: int
    mana: int

    def apply_to(self, state: GameState) -> None:
        unit = _unit(state, self.unit)
        unit.health, unit.ammo, unit.mana = self.health, self.ammo, self.mana
        unit.villages_used.append(self.village)

    def describe(self, label: Labeler) -> str:
        return (
            f"{self.unit} benefits from the Village at {label(self.village)}: +{self.healed} Health ({self.health}), "
            f"Ammo {self.ammo}, Mana {self.mana}"
        )
