"""The skirmish ruleset's own events. Paths, steps, moves ending and dice use the engine's."""

from __future__ import annotations

from typing import ClassVar

from domain.event_base import GameEvent, Labeler
from domain.events import UnitPlaced as CoreUnitPlaced
from domain.rulesets.skirmish.state import Condition, SkirmishState, SkirmishUnit, TableData
from domain.rulesets.skirmish.table import heading, parse_spot
from domain.state import GameState


def _table(state: GameState) -> SkirmishState:
    assert isinstance(state, SkirmishState)
    return state


def _unit(state: GameState, unit_id: str) -> SkirmishUnit:
    return _table(state).units[unit_id]


class UnitPlaced(CoreUnitPlaced):
    """A unit was put on the table with these characteristics."""

    TOPIC: ClassVar[str] = "skirmish.UnitPlaced"
    unit: SkirmishUnit


class TableLaid(GameEvent):
    """The table: size, raised surfaces, obstacles, difficult areas and ladders, as plain data."""

    TOPIC: ClassVar[str] = "skirmish.TableLaid"
    LOOKAHEAD: ClassVar[bool] = True
    table: TableData

    def apply_to(self, state: GameState) -> None:
        _table(state).table = self.table.model_copy(deep=True)

    def describe(self, label: Labeler) -> str:
        t = self.table
        return f"table of {t.width:g}x{t.depth:g} inches, {len(t.surfaces)} raised surface(s), {len(t.ladders)} ladder(s)"


class MoveStarted(GameEvent):
    """A Move or Run begins, with its allowance after every modifier."""

    TOPIC: ClassVar[str] = "skirmish.MoveStarted"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    mode: str
    allowance: float
    difficult: bool

    def apply_to(self, state: GameState) -> None:
        _unit(state, self.unit).moved = True

    def describe(self, label: Labeler) -> str:
        difficult = " (difficult terrain: 2\" less)" if self.difficult else ""
        return f"{self.unit} starts to {self.mode}: {self.allowance:g}\" allowed{difficult}"


class UnitRan(GameEvent):
    """The unit Ran: it may not Shoot this turn. Later phases read the ``ran`` mark this leaves
    on the unit (cleared when the turn passes)."""

    TOPIC: ClassVar[str] = "skirmish.UnitRan"
    unit: str
    may_not_shoot: bool = True

    def apply_to(self, state: GameState) -> None:
        _unit(state, self.unit).ran = True

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} ran: it may not Shoot this turn"


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

    def describe(self, label: Labeler) -> str:
        verdict = "passes" if self.passed else "fails"
        worse = " (disadvantage)" if self.disadvantage else ""
        return f"{self.unit} {verdict} a {self.check} check: rolled {self.rolls}{worse}, kept {self.kept} vs Agility {self.agility}"


class JumpDeclared(GameEvent):
    """Jumping Across: take-off and landing declared before anything is measured."""

    TOPIC: ClassVar[str] = "skirmish.JumpDeclared"
    unit: str
    frm: str
    to: str

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} declares a jump {label(self.frm)} -> {label(self.to)}"


class JumpMeasured(GameEvent):
    """Jumping Across, after the declaration: the measured length and rise, and what follows
    (no check needed, a check, or an automatic failure)."""

    TOPIC: ClassVar[str] = "skirmish.JumpMeasured"
    unit: str
    distance: float
    rise: float
    outcome: str

    def describe(self, label: Labeler) -> str:
        return f"measured: {self.distance:g}\" across, {self.rise:g}\" up: {self.outcome}"


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

    def describe(self, label: Labeler) -> str:
        way = heading(parse_spot(self.frm), parse_spot(self.to))
        return f"{self.unit} falls {self.height:g}\" {way} from {label(self.frm)} to {label(self.to)} ({self.reason})"


class UnitMovedClear(GameEvent):
    """A move cut short (a failed climb, a leg that no longer fits after a jump) stopped where the
    unit's base is on another unit's: it is put at the nearest point clear of every base instead
    (Moving Through Other Units: a unit never ends its move on another unit)."""

    TOPIC: ClassVar[str] = "skirmish.UnitMovedClear"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    frm: str
    to: str
    other: str

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].location = self.to

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} would end its move on {self.other} at {label(self.frm)}: placed clear of it at {label(self.to)}"


class InjuryRolled(GameEvent):
    """The Injury Roll after a fall: the d20, the height modifier and the chart's result."""

    TOPIC: ClassVar[str] = "skirmish.InjuryRolled"
    unit: str
    roll: int
    modifier: int
    total: int
    result: str

    def describe(self, label: Labeler) -> str:
        return f"{self.unit}'s Injury Roll: {self.roll} + {self.modifier} = {self.total}: {self.result}"


class UnitStateChanged(GameEvent):
    """A unit's states (Stunned, Dazed, Incapacitated) and Wounds are now these."""

    TOPIC: ClassVar[str] = "skirmish.UnitStateChanged"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    states: list[Condition]
    wounds: int
    reason: str

    def apply_to(self, state: GameState) -> None:
        unit = _unit(state, self.unit)
        unit.states = list(self.states)
        unit.wounds = self.wounds

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} is now {', '.join(self.states) or 'unhurt'}, {self.wounds} Wound(s) ({self.reason})"


class MeleeLeft(GameEvent):
    """The unit moved away from a melee whose enemies were all Stunned or Dazed (Move Phase):
    it is no longer Engaged with them, nor they with it."""

    TOPIC: ClassVar[str] = "skirmish.MeleeLeft"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    enemies: list[str]

    def apply_to(self, state: GameState) -> None:
        units = _table(state).units
        mover = units[self.unit]
        mover.engaged_with = [e for e in mover.engaged_with if e not in self.enemies]
        for enemy in self.enemies:
            if enemy in units:
                units[enemy].engaged_with = [e for e in units[enemy].engaged_with if e != self.unit]

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} leaves the melee with {', '.join(self.enemies)} (all Stunned or Dazed)"


class EngageAttempted(GameEvent):
    """The unit attempted to Engage this turn, so it may not Move (the Engage phase itself is
    not modelled)."""

    TOPIC: ClassVar[str] = "skirmish.EngageAttempted"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str

    def apply_to(self, state: GameState) -> None:
        _unit(state, self.unit).attempted_engage = True

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} attempts to Engage (no Move this turn)"


class TurnPassed(GameEvent):
    """The turn ends: per-turn marks (moved, ran, attempted to Engage) are cleared."""

    TOPIC: ClassVar[str] = "skirmish.TurnPassed"
    LOOKAHEAD: ClassVar[bool] = True
    player: str
    next_player: str

    def apply_to(self, state: GameState) -> None:
        table = _table(state)
        table.new_turn(self.next_player, table.turn + 1)
        for unit in table.units.values():
            unit.moved = unit.ran = unit.attempted_engage = False

    def describe(self, label: Labeler) -> str:
        return f"{self.player}'s turn ends; {self.next_player} moves next"
