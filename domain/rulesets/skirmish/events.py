"""The skirmish ruleset's own events. Paths, steps, moves ending and dice use the generic ones."""

from __future__ import annotations

from typing import Any, ClassVar

from domain.event_base import GameEvent
from domain.state import GameState


class TableLaid(GameEvent):
    """The table: size, raised surfaces, obstacles, difficult areas and ladders, as plain data."""

    TOPIC: ClassVar[str] = "skirmish.TableLaid"
    LOOKAHEAD: ClassVar[bool] = True
    table: dict[str, Any]

    def apply_to(self, state: GameState) -> None:
        state.extra["table"] = self.table


class MoveStarted(GameEvent):
    """A Move or Run begins, with its allowance after every modifier."""

    TOPIC: ClassVar[str] = "skirmish.MoveStarted"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    mode: str
    allowance: float
    difficult: bool

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].extra["moved"] = True


class UnitRan(GameEvent):
    """The unit Ran: it may not Shoot this turn. Later phases read the ``ran`` mark this leaves
    on the unit (cleared when the turn passes)."""

    TOPIC: ClassVar[str] = "skirmish.UnitRan"
    unit: str
    may_not_shoot: bool = True

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].extra["ran"] = True


class CheckMade(GameEvent):
    """An Agility Check: the d20 roll(s) kept against the unit's Agility."""

    TOPIC: ClassVar[str] = "skirmish.CheckMade"
    unit: str
    check: str
    agility: int
    rolls: list[int]
    kept: int
    disadvantage: bool
    passed: bool


class JumpDeclared(GameEvent):
    """Jumping Across: take-off and landing declared before anything is measured."""

    TOPIC: ClassVar[str] = "skirmish.JumpDeclared"
    unit: str
    frm: str
    to: str


class JumpMeasured(GameEvent):
    """Jumping Across, after the declaration: the measured length and rise, and what follows
    (no check needed, a check, or an automatic failure)."""

    TOPIC: ClassVar[str] = "skirmish.JumpMeasured"
    unit: str
    distance: float
    rise: float
    outcome: str


class UnitFell(GameEvent):
    """Falling: where the unit fell from, where it was placed, and the height of the fall."""

    TOPIC: ClassVar[str] = "skirmish.UnitFell"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    frm: str
    to: str
    height: float
    reason: str

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].location = self.to


class InjuryRolled(GameEvent):
    """The Injury Roll after a fall: the d20, the height modifier and the chart's result."""

    TOPIC: ClassVar[str] = "skirmish.InjuryRolled"
    unit: str
    roll: int
    modifier: int
    total: int
    result: str


class UnitStateChanged(GameEvent):
    """A unit's states (Stunned, Dazed, Incapacitated) and Wounds are now these."""

    TOPIC: ClassVar[str] = "skirmish.UnitStateChanged"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    states: list[str]
    wounds: int
    reason: str

    def apply_to(self, state: GameState) -> None:
        unit = state.units[self.unit]
        unit.extra["states"] = list(self.states)
        unit.extra["wounds"] = self.wounds


class MeleeLeft(GameEvent):
    """The unit moved away from a melee whose enemies were all Stunned or Dazed (Move Phase):
    it is no longer Engaged with them, nor they with it."""

    TOPIC: ClassVar[str] = "skirmish.MeleeLeft"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    enemies: list[str]

    def apply_to(self, state: GameState) -> None:
        mover = state.units[self.unit]
        mover.extra["engaged_with"] = [e for e in mover.extra.get("engaged_with", []) if e not in self.enemies]
        for enemy in self.enemies:
            if enemy in state.units:
                other = state.units[enemy].extra
                other["engaged_with"] = [e for e in other.get("engaged_with", []) if e != self.unit]


class EngageAttempted(GameEvent):
    """The unit attempted to Engage this turn, so it may not Move (the Engage phase itself is
    not modelled)."""

    TOPIC: ClassVar[str] = "skirmish.EngageAttempted"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].extra["attempted_engage"] = True


class TurnPassed(GameEvent):
    """The turn ends: per-turn marks (moved, ran, attempted to Engage) are cleared."""

    TOPIC: ClassVar[str] = "skirmish.TurnPassed"
    LOOKAHEAD: ClassVar[bool] = True
    player: str
    next_player: str

    def apply_to(self, state: GameState) -> None:
        state.active_player = self.next_player
        state.turn += 1
        for unit in state.units.values():
            for mark in ("moved", "ran", "attempted_engage"):
                unit.extra.pop(mark, None)
