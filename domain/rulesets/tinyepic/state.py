"""Tiny Epic Tactics' typed game state: the grid of spaces (level and terrain), the units with
their class, Movement, Health, Ammo and Mana, Weakened tokens, and the marks a turn keeps (the
actions taken, the Villages each unit has used, who started on a Ballista)."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, ClassVar, Literal, Self, get_origin

from pydantic import Field
from pydantic_core import PydanticUndefined

from domain.copying import ATOMS, copy_model, copy_value, set_dict, set_extra, set_fields_set, set_private
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
    #: units of the active player that started the turn on a Ballista, and where: they may fire
    #: it, and may not move out and back into it this turn (seed 003, Ballista)
    ballista_starters: dict[str, str] = Field(default_factory=dict)
    #: those of them whose bar on entering it again a knock back lifted this turn (option
    #: ballista_reentry_after_knockback: allowed; never any under barred), in the order lifted.
    #: Read by the movement code only (``reentry_bars``), never by firing: the unit still
    #: started its turn there. Empty, it is not written, so that states hash as before it existed
    ballista_lifted: list[str] = Field(default_factory=list, exclude_if=operator.not_)
    #: where each unit's Move this turn ended: a unit knocked onto a Ballista afterwards did not
    #: move into it (seed 003, Ballista)
    move_ends: dict[str, str] = Field(default_factory=dict)

    def record_move_end(self, unit_id: str, at: str | None, purpose: str | None, carried: Sequence[str] = ()) -> None:
        if purpose != "move":
            # a knock back is no Move (its steps are not a Move: Villages read it so too). One
            # that carried a unit off the Ballista it started on, before any Move of its own
            # took it out, lifts its bar on entering it under option
            # ballista_reentry_after_knockback: allowed, for the rest of the turn (seed 003 bars
            # "move out and back"); the unit still started its turn there (``ballista_starters``)
            if (
                self.ballista_starters and self.options.ballista_reentry_after_knockback == "allowed"
                and unit_id not in self.ballista_lifted and carried_off_ballista(self, unit_id)
            ):
                self.ballista_lifted.append(unit_id)
            return
        if at is not None:
            self.move_ends[unit_id] = at
        else:
            self.move_ends.pop(unit_id, None)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """``StateModel``'s copy (``copying.copy_model``), with the units and the board's rows
        copied first by what they are: a unit's fields are plain values but for its lists, a
        row is plain values. Each copy goes in the memo, where the state's copy then finds it,
        so the copy is the one ``copy_model`` makes (``test_state_copy.py`` compares them).
        A rollback point and each game started from a kept script copy the state.

        A copy of the state alone (an empty memo: ``model_copy``, ``copy.deepcopy(state)``) is
        ``_copied_alone``."""
        if not memo:
            return self._copied_alone()
        for unit in self.units.values():
            if id(unit) not in memo:
                _copy_unit(unit, memo)
        for rows in (self.levels, self.terrain):
            for row in rows:
                if id(row) not in memo:
                    memo[id(row)] = list(row)
        return copy_model(self, memo)

    def _copied_alone(self) -> Self:
        """``copy_model(self, {})``, made field by field by what each field holds: the units (a
        unit's lists by slicing), the board's rows, and the maps and lists of plain values
        (``_PLAIN_FIELDS``) copied outside the memo; every other field, the fields set and the
        private attributes as ``copy_model`` copies them. Outside the memo is the memo's copy
        because none of these is held twice in a state and each holds plain values (the test
        checks every state of the examples and of self-play)."""
        cls = type(self)
        made = cls.__new__(cls)
        memo: dict[int, Any] = {id(self): made}
        fields = self.__dict__.copy()
        fields["units"] = {unit_id: _copy_unit(unit, None) for unit_id, unit in self.units.items()}
        fields["levels"] = [row[:] for row in self.levels]
        fields["terrain"] = [row[:] for row in self.terrain]
        for name in _PLAIN_FIELDS:
            value = fields[name]
            fields[name] = value[:] if type(value) is list else dict(value)
        fields["options"] = _copy_options(self.options, memo)
        for name, value in fields.items():  # every other field (a subclass's too)
            if name not in _COPIED_ALONE and type(value) not in ATOMS:
                fields[name] = copy_value(value, memo)
        set_dict(made, fields)
        extra = self.__pydantic_extra__
        set_extra(made, None if extra is None else copy_value(extra, memo))
        set_fields_set(made, set(self.__pydantic_fields_set__))
        private = self.__pydantic_private__
        if private is None:
            set_private(made, None)
        else:
            set_private(made, {name: copy_value(value, memo) for name, value in private.items() if value is not PydanticUndefined})
        return made

    def level(self, x: int, y: int) -> int:
        return self.levels[y][x]

    def terrain_at(self, x: int, y: int) -> Terrain:
        return self.terrain[y][x]

    def on_board(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height


def carried_off_ballista(state: TetState, unit_id: str) -> bool:
    """Whether ``unit_id`` started its turn on a Ballista (``ballista_starters``) and stands
    elsewhere now though no Move of its own took it out (a knock back carried it off): it is
    not moving, and its Moves this turn, if any, ended there (a Move out and back in is barred,
    so only one that took no step). Option ballista_reentry_after_knockback reads it."""
    started_on = state.ballista_starters.get(unit_id)
    if started_on is None:
        return False
    unit = state.units.get(unit_id)
    if unit is None or unit.location is None or unit.location == started_on:
        return False
    if state.move_ends.get(unit_id, started_on) != started_on:
        return False
    return not any(move.unit == unit_id and move.purpose == "move" for move in state.moves.values())


def reentry_bars(state: TetState) -> dict[str, str]:
    """The Ballista each unit may not enter this turn, by unit (seed 003, Ballista: one that
    started its turn there "cannot move out and back into" it): ``ballista_starters``, less,
    under option ballista_reentry_after_knockback: allowed, those a knock back carried off: the
    bar lifted when its move ended (``ballista_lifted``), or being carried off now (after the
    knock back's step, before its ``MoveEnded``: ``carried_off_ballista``), so that no state
    reads the bar of the other value. The starters themselves when none is lifted (every game
    under barred): empty on most turns. What the movement code reads; firing reads the starters."""
    starters = state.ballista_starters
    if not starters or state.options.ballista_reentry_after_knockback != "allowed":
        return starters
    lifted = state.ballista_lifted
    return {u: at for u, at in starters.items() if u not in lifted and not carried_off_ballista(state, u)}


#: the state's fields that hold a list or a map of plain values (strings, numbers), never held
#: twice: a copy of the state alone copies them shallowly (``TetState._copied_alone``)
_PLAIN_FIELDS: tuple[str, ...] = (
    "players", "unordered", "aliases", "counters", "ballista_starters", "ballista_lifted", "move_ends"
)
#: the fields ``TetState._copied_alone`` copies by what they hold (the others as ``copy_model`` does)
_COPIED_ALONE: frozenset[str] = frozenset({"units", "levels", "terrain", "options", *_PLAIN_FIELDS})

#: the fields of the options that may hold something other than a plain value (their maps and
#: lists, and any field not typed as a plain value): the others are typed as strings (a
#: ``Literal`` of them), numbers and booleans, which a copy holds as they are
_OPTION_CONTAINERS: tuple[str, ...] = tuple(
    name for name, field in TetOptions.model_fields.items()
    if not (field.annotation in ATOMS or get_origin(field.annotation) is Literal)
)


def _copy_options(options: TetOptions, memo: dict[int, Any]) -> TetOptions:
    """``copy_model`` of the state's options, their maps and lists copied through the memo
    (``copy_value``) and every other field, a plain value, as it is, without a look at each
    of them: a copy of the state alone (a game started from a kept script, its verification)
    copies them. Options with extra fields or private attributes (none has) are copied by
    ``copy_value``; ``test_state_copy.py`` compares the copy with pydantic's."""
    if type(options) is not TetOptions or options.__pydantic_extra__ is not None or options.__pydantic_private__ is not None:
        copied: TetOptions = copy_value(options, memo)
        return copied
    made = TetOptions.__new__(TetOptions)
    memo[id(options)] = made
    fields = options.__dict__.copy()
    for name in _OPTION_CONTAINERS:
        value = fields[name]
        if type(value) not in ATOMS:
            fields[name] = copy_value(value, memo)
    set_dict(made, fields)
    set_extra(made, None)
    set_fields_set(made, set(options.__pydantic_fields_set__))
    set_private(made, None)
    return made

#: the fields of a unit that hold lists (the rest hold strings, numbers, booleans or None)
_UNIT_LISTS: tuple[str, ...] = tuple(name for name, field in TetUnit.model_fields.items() if get_origin(field.annotation) is list)


def _copy_unit(unit: TetUnit, memo: dict[int, Any] | None) -> TetUnit:
    """``copy_model`` of a unit: its plain values as they are, its lists copied (through the
    memo when given, else sliced: lists of plain values held by this unit alone), no extra
    fields and no private attributes (``TetUnit`` has none)."""
    cls = type(unit)
    made = cls.__new__(cls)
    fields = unit.__dict__.copy()
    if memo is None:
        for name in _UNIT_LISTS:
            fields[name] = fields[name][:]
    else:
        memo[id(unit)] = made
        for name in _UNIT_LISTS:
            fields[name] = copy_value(fields[name], memo)
    set_dict(made, fields)
    set_extra(made, None)
    set_fields_set(made, set(unit.__pydantic_fields_set__))
    set_private(made, None)
    return made
