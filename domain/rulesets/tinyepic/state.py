"""Tiny Epic Tactics' typed game state: the grid of spaces (level and terrain), the units with
their class, Movement, Health, Ammo and Mana, Weakened tokens, and the marks a turn keeps (the
actions taken, the Villages each unit has used, who started on a Ballista)."""

from __future__ import annotations

from copy import deepcopy
from typing import Any, ClassVar, Literal, Self

from pydantic import Field

from domain.rulesets.tinyepic.options import Terrain, TetOptions, UnitClass
from domain.state import GameState, UnitState

#: the action types a unit takes (digest 2); the Ballista is an action of its own (seed 003)
Action = Literal["move", "melee", "missile", "spell", "ballista"]


class TetUnit(UnitState):
    """A unit on the grid; ``kind`` is its class."""

    kind: UnitClass = "Fighter"
    movement: int = Field(ge=0)
    health: int
    max_health: int
    ammo: int = 0
    max_ammo: int = 0
    mana: int = 0
    max_mana: int = 0
    #: Melee dice
    melee: int = 1
    #: Missile and Spell range (0: the unit has no such attack)
    missile: int = 0
    spell: int = 0
    #: what a Missile or Spell that lands deals, before terrain
    ranged_damage: int = 1
    #: Missile miss dice (the green squares)
    miss_dice: int = 0
    weakened: bool = False
    #: the turn the token was taken: it stays for the rest of that turn
    weakened_turn: int | None = None
    #: the actions taken this turn, in order
    actions: list[Action] = Field(default_factory=list)
    #: the Villages it benefited from this turn (seed 003, Villages: once per Village per turn)
    villages_used: list[str] = Field(default_factory=list)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """``StateModel``'s deep copy, with the unit's two lists of names copied as lists
        rather than name by name (a rollback point copies every unit; the rest of a unit is
        plain values, kept as they are)."""
        cls = type(self)
        made = cls.__new__(cls)
        if memo is None:
            memo = {}
        memo[id(self)] = made
        fields = {
            name: value if type(value) in _ATOMS else list(value) if name in _NAME_LISTS else deepcopy(value, memo)
            for name, value in self.__dict__.items()
        }
        object.__setattr__(made, "__dict__", fields)
        object.__setattr__(made, "__pydantic_extra__", deepcopy(self.__pydantic_extra__, memo))
        object.__setattr__(made, "__pydantic_fields_set__", set(self.__pydantic_fields_set__))
        private = self.__pydantic_private__
        object.__setattr__(made, "__pydantic_private__", None if private is None else deepcopy(private, memo))
        return made


#: values a deep copy keeps as they are, and a unit's fields that are lists of such values
_ATOMS: frozenset[type] = frozenset({str, int, float, bool, type(None)})
_NAME_LISTS = frozenset({"actions", "villages_used"})


class TetState(GameState):
    RULESET: ClassVar[str] = "tinyepic"
    BOARD_FIELDS: ClassVar[tuple[str, ...]] = ("aliases", "width", "height", "levels", "terrain")

    options: TetOptions = TetOptions()
    units: dict[str, TetUnit] = Field(default_factory=dict)  # type: ignore[assignment]  # pydantic narrows the field per ruleset
    width: int = 0
    height: int = 0
    #: rows top to bottom, each space's level and terrain (x is the column, y the row)
    levels: list[list[int]] = Field(default_factory=list)
    terrain: list[list[Terrain]] = Field(default_factory=list)
    #: actions the active player has taken this turn (digest 2: at most three)
    actions_taken: int = 0
    #: units of the active player that started the turn on a Ballista, and where
    ballista_starters: dict[str, str] = Field(default_factory=dict)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """The board's rows copied row by row (``list``) rather than cell by cell through
        ``copy.deepcopy``: they hold only numbers and names. A rollback point is a deep copy of
        the state, taken about every command, and the rows were much of what it copied. The copy
        shares nothing mutable with the original (tests/test_recording_fast_paths.py)."""
        if memo is None:
            memo = {}
        for rows in (self.levels, self.terrain):
            memo[id(rows)] = [list(row) for row in rows]
        return super().__deepcopy__(memo)

    def level(self, x: int, y: int) -> int:
        return self.levels[y][x]

    def terrain_at(self, x: int, y: int) -> Terrain:
        return self.terrain[y][x]

    def on_board(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height
