"""Tiny Epic Tactics commands and the set-up of a board, as validated models.

``player`` may be left out: it defaults to the owner of the unit named and is checked when
given. Spaces are ``"x,y"`` (column, row; 0,0 top left) or aliases.

A board is written as rows of spaces, top row first, one token per space separated by blanks:
``terrain`` rows hold terrain names or their one-letter marks, ``levels`` rows whole numbers.
Either may be left out (all plains, all level 0); both must be rectangular and the same size.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from domain.attribute_reads import PlainModel
from domain.copying import made_plainly
from domain.locations import LocationText as Location
from domain.rulesets.tinyepic.grid import Direction
from domain.rulesets.tinyepic.options import UnitClass

#: one-letter marks for terrains in a board's rows; full names work too
TERRAIN_MARKS: dict[str, str] = {
    ".": "plains", "=": "bridge", "~": "water", "f": "forest", "^": "peak", "v": "village", "o": "portal",
    "b": "ballista",
}


#: the most Melee or miss dice a unit rolls: a card has a few squares of each (digest 2, 5);
#: this many still roll at once, while a count without bound could take minutes and gigabytes
#: for one roll of a unit set up with a typing slip
MOST_DICE = 1_000


class _Model(PlainModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class UnitSetup(_Model):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    id: str
    owner: str
    unit_class: UnitClass = Field(alias="class", description="Fighter, Rogue, Wizard or Beast")
    at: Location
    name: str | None = None
    movement: int | None = Field(default=None, ge=0, description="Movement (else option movement_values by class)")
    health: int = Field(ge=1)
    max_health: int | None = Field(default=None, ge=1, description="default: health")
    ammo: int = Field(default=0, ge=0)
    max_ammo: int | None = Field(default=None, ge=0, description="default: ammo")
    mana: int = Field(default=0, ge=0)
    max_mana: int | None = Field(default=None, ge=0, description="default: mana")
    melee: int = Field(default=1, ge=0, le=MOST_DICE, description="Melee dice")
    missile: int = Field(default=0, ge=0, description="Missile range (0: no Missile Attack)")
    spell: int = Field(default=0, ge=0, description="Spell range (0: no Spell Attack)")
    ranged_damage: int = Field(default=1, ge=0, description="damage of a Missile or Spell that lands; 0: no Missile or Spell Attack under option zero_damage_ranged_attacks: refused")
    miss_dice: int = Field(default=0, ge=0, le=MOST_DICE, description="Missile miss dice")
    weakened: bool = Field(default=False, description="starts Weakened (a token from its last turn)")


class SetUp(_Model):
    command: Literal["set_up"] = "set_up"
    width: int | None = Field(default=None, ge=1, le=60, description="needed only when no rows are given")
    height: int | None = Field(default=None, ge=1, le=60, description="needed only when no rows are given")
    terrain: list[str] = Field(default_factory=list, description="rows of terrain names or marks . = ~ f ^ v o b")
    levels: list[str] = Field(default_factory=list, description="rows of levels (whole numbers, 0 = the ground)")
    units: list[UnitSetup] = Field(default_factory=list)


class Move(_Model):
    """A Move action: the spaces entered in order (seed 003)."""

    command: Literal["move"] = "move"
    player: str | None = None
    unit: str
    path: list[Location] = Field(min_length=1)

    @classmethod
    def listed(cls, player: str, unit: str, path: list[str]) -> Move:
        """The move ``Move(player=..., unit=..., path=...)`` makes, without validating what the
        legal commands' search wrote itself: names of the state's player and unit, and a path of
        at least one space as the board writes it (``Space.text``: no number to read as text).
        A move picked from the listing is built this way (a validator call per space of its
        path otherwise); a command from outside is validated as ever, and a log's again when it
        is verified. ``test_listed_moves.py`` compares the two for every move listed."""
        return made_plainly(cls, {"command": "move", "player": player, "unit": unit, "path": path}, set(_LISTED))


#: the fields ``Move.listed`` sets, as pydantic marks them set when given to the constructor
_LISTED = frozenset({"player", "unit", "path"})


class MeleeAttack(_Model):
    """A Melee Attack on an orthogonally adjacent enemy at the same level (digest 4). With
    ``knock_back`` false, the dice's knock back results are not used."""

    command: Literal["melee_attack"] = "melee_attack"
    player: str | None = None
    unit: str
    target: str
    knock_back: bool = True


class MissileAttack(_Model):
    """A Missile Attack: 1 Ammo, orthogonal range (digest 5)."""

    command: Literal["missile_attack"] = "missile_attack"
    player: str | None = None
    unit: str
    target: str


class SpellAttack(_Model):
    """A Spell Attack: 1 Mana, range counted as a Missile's (digest 5)."""

    command: Literal["spell_attack"] = "spell_attack"
    player: str | None = None
    unit: str
    target: str


class FireBallista(_Model):
    """Fire the Ballista the unit stands on: 1 damage to an enemy within 4 spaces, knocked back
    1 space ``direction`` (seed 003, Ballista)."""

    command: Literal["fire_ballista"] = "fire_ballista"
    player: str | None = None
    unit: str
    target: str
    direction: Direction


class PayToRemoveWeakened(_Model):
    """Pay 2 Health to remove a Weakened token taken in an earlier turn (digest 2); not an action."""

    command: Literal["pay_to_remove_weakened"] = "pay_to_remove_weakened"
    player: str | None = None
    unit: str


class EndTurn(_Model):
    command: Literal["end_turn"] = "end_turn"
    player: str | None = None


SCRIPT_COMMANDS: tuple[type[BaseModel], ...] = (
    Move, MeleeAttack, MissileAttack, SpellAttack, FireBallista, PayToRemoveWeakened, EndTurn,
)

Command = Annotated[
    Move | MeleeAttack | MissileAttack | SpellAttack | FireBallista | PayToRemoveWeakened | EndTurn | SetUp,
    Field(discriminator="command"),
]
