"""GODSGLOOM commands and the set-up of a mat, as validated models.

``player`` may be left out: it defaults to the owner of the unit named (or the active player)
and is checked when given. Facings are N, NE, SE, S, SW, NW; hexes are axial ``"q,r"``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator
from pydantic_core import PydanticCustomError

from domain.attribute_reads import PlainModel
from domain.errors import BadInput
from domain.locations import LocationText as Location
from domain.logged import accepted_as_logged
from domain.rulesets.godsgloom.catalog import trait


class _Model(PlainModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TerrainSetup(_Model):
    at: Location
    type: str | None = Field(default=None, description="a terrain type (Hill, River, Forest...) giving its keywords")
    keywords: list[str] = Field(default_factory=list, description="keywords, added to the type's")


class UnitSetup(_Model):
    id: str
    owner: str
    at: Location
    facing: str = "N"
    type: str = "Infantry"
    name: str | None = None
    speed: int = Field(default=4, ge=0)
    wounds: int = Field(default=3, ge=1)
    traits: list[str] = Field(default_factory=list)
    tokens: dict[str, int] = Field(default_factory=dict, description="e.g. {slow: 1}")
    activated: bool = False


#: the largest mat side, in hexes: big enough for any table and for benchmarks (200x200), small
#: enough that a typo can't make a mat of millions of hexes
MAX_MAT_SIDE = 200


class SetUp(_Model):
    command: Literal["set_up"] = "set_up"
    width: int = Field(default=10, ge=1, le=MAX_MAT_SIDE)
    height: int = Field(default=9, ge=1, le=MAX_MAT_SIDE)
    phase: Literal["pregame", "activation"] = "activation"
    terrain: list[TerrainSetup] = Field(default_factory=list)
    units: list[UnitSetup] = Field(default_factory=list)


class Activate(_Model):
    """Nominate an unactivated unit (UAP.10)."""

    command: Literal["activate"] = "activate"
    player: str | None = None
    unit: str


class Move(_Model):
    """The Move Action (MOV): initial pivot, the hexes entered in order, final pivot.

    ``use`` chooses an active movement trait (Nimble, Flying, Trample, Breakaway, Harass), or a
    list of them used together (``[Nimble, Trample]``). With Flying, ``path`` is the one
    destination hex.
    """

    command: Literal["move"] = "move"
    player: str | None = None
    unit: str
    path: list[Location] = Field(default_factory=list)
    pivot: str | None = Field(default=None, description="facing after the free initial pivot")
    face: str | None = Field(default=None, description="facing after the free final pivot")
    use: str | list[str] | None = Field(default=None, description="an active movement trait, or a list of them used together")

    @field_validator("use", mode="after")
    @classmethod
    def _one_way_to_write(cls, use: str | list[str] | None) -> str | list[str] | None:
        return traits_written(use)


class MeleeAttack(_Model):
    """The Standard Action, as far as the movement rules forbid or allow it."""

    command: Literal["melee_attack"] = "melee_attack"
    player: str | None = None
    unit: str
    target: str


class EndActivation(_Model):
    command: Literal["end_activation"] = "end_activation"
    player: str | None = None


class EndRound(_Model):
    """All activations done: the God's Push step begins (option gods_push_timing)."""

    command: Literal["end_round"] = "end_round"
    player: str | None = None


class GodsPushMove(_Model):
    """In the God's Push step an eligible unit moves 1 hex (option gods_push_move)."""

    command: Literal["gods_push_move"] = "gods_push_move"
    player: str | None = None
    unit: str
    to: Location
    face: str | None = None


class StartRound(_Model):
    """From the pre-game or the God's Push step: a new round, every unit unactivated."""

    command: Literal["start_round"] = "start_round"
    player: str | None = None
    first_player: str | None = None


class ScoutMove(_Model):
    """Scout Deploy: a free Move Action in the pre-game; it may not end Engaged. ``use`` as for
    ``Move``: the Active movement traits work in it as in any Move Action."""

    command: Literal["scout_move"] = "scout_move"
    player: str | None = None
    unit: str
    path: list[Location] = Field(default_factory=list)
    face: str | None = None
    use: str | list[str] | None = Field(default=None, description="an active movement trait, or a list of them used together")

    @field_validator("use", mode="after")
    @classmethod
    def _one_way_to_write(cls, use: str | list[str] | None) -> str | list[str] | None:
        return traits_written(use)


class Displace(_Model):
    """A push or displacement of ``unit`` by ``by`` to an adjacent hex (MEL.60, simplified)."""

    command: Literal["displace"] = "displace"
    player: str | None = None
    unit: str
    by: str
    to: Location


class Teleport(_Model):
    """``by`` teleports ``unit`` to the hex ``to`` (the Teleport mechanic of another unit's ability,
    simplified: its range and triggers are not public). It exists so that Immovable's "teleported
    by enemy" and Lockdown's "does not restrict ... Teleport" (seed 001) can be played."""

    command: Literal["teleport"] = "teleport"
    player: str | None = None
    unit: str
    by: str
    to: Location


SCRIPT_COMMANDS: tuple[type[BaseModel], ...] = (
    Activate, Move, MeleeAttack, EndActivation, EndRound, GodsPushMove, StartRound, ScoutMove, Displace, Teleport,
)

Command = Annotated[
    Activate
    | Move
    | MeleeAttack
    | EndActivation
    | EndRound
    | GodsPushMove
    | StartRound
    | ScoutMove
    | Displace
    | Teleport
    | SetUp,
    Field(discriminator="command"),
]


def _spelled(name: str) -> str:
    """A trait's name as the catalog spells it, or as given when it names none (refused later,
    by the move, with the known traits)."""
    try:
        return trait(name).name
    except BadInput:
        return name


def traits_written(use: str | list[str] | None) -> str | list[str] | None:
    """A ``use`` list in one order, each trait named once and as the catalog spells it, and a
    list of one as that trait: a command has one written form, so that the legal commands find
    it (``in``) and a log compares equal however the player wrote it. A single trait written
    as text is spelled as the catalog does too (``use: trample`` is the listed ``Trample``).
    An empty list and a trait named twice are bad input (docs/godsgloom.md: ``use`` is one trait
    or a list of traits used together; no trait is ``use`` left out), except in a log's own
    command, which older versions accepted and recorded as ``[]`` or as the one trait."""
    if use is None:
        return None
    if isinstance(use, str):
        return _spelled(use)
    spelled = [_spelled(name) for name in use]
    # a log's own command is re-issued as recorded, said in the verdict (``domain.logged``)
    if not spelled and not accepted_as_logged("use: [] names no trait (read as no trait, as older versions did)"):
        raise PydanticCustomError("use_list", "an empty list names no trait: leave use out for a move without one, or name the traits used together")
    twice = sorted({name for name in spelled if spelled.count(name) > 1})
    if twice and not accepted_as_logged(f"use names {', '.join(twice)} more than once (read once, as older versions did)"):
        raise PydanticCustomError("use_list", "{twice} named more than once: a Move Action uses each trait once", {"twice": ", ".join(twice)})
    named = sorted(set(spelled))
    return named[0] if len(named) == 1 else named
