"""Skirmish commands and the set-up of a table. Lengths are inches; a negative or non-numeric
length is bad input."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, model_validator

from domain.attribute_reads import PlainModel
from domain.locations import LocationText as Location

Inches = Annotated[float, Field(ge=0, allow_inf_nan=False)]
Point = tuple[Annotated[float, Field(allow_inf_nan=False)], Annotated[float, Field(allow_inf_nan=False)]]


class _Model(PlainModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Shape(_Model):
    """A footprint: ``polygon`` (at least 3 corners) or ``rect: [x, y, width, depth]``."""

    polygon: list[Point] | None = None
    rect: tuple[Inches, Inches, Inches, Inches] | None = None

    @model_validator(mode="after")
    def _one_shape(self) -> Shape:
        if (self.polygon is None) == (self.rect is None):
            raise ValueError("give exactly one of polygon and rect")
        if self.polygon is not None and len(self.polygon) < 3:
            raise ValueError("a polygon needs at least 3 corners")
        return self

    def corners(self) -> list[tuple[float, float]]:
        if self.rect is not None:
            x, y, w, d = self.rect
            return [(x, y), (x + w, y), (x + w, y + d), (x, y + d)]
        return [(float(px), float(py)) for px, py in self.polygon or []]


class SurfaceSetup(Shape):
    id: str
    height: Inches


class ObstacleSetup(Shape):
    height: Inches


class DifficultSetup(Shape):
    surface: str = "ground"


class LadderSetup(_Model):
    id: str
    bottom: Location
    top: Location


class UnitSetup(_Model):
    id: str
    #: the player the unit belongs to, ``owner`` as in every ruleset; ``side``, this ruleset's
    #: first name for it, is still read (scenarios and logs written with it stay valid)
    owner: str = Field(validation_alias=AliasChoices("owner", "side"))
    at: Location
    move: Inches = 6.0
    agility: int = Field(default=10, ge=1, le=20, description="d20 target: a check passes on a roll >= Agility")
    wounds: int = Field(default=1, ge=1)
    base: float = Field(default=1.0, gt=0, description="base diameter in inches")
    animal: bool = False
    treasure: bool = False
    states: list[Literal["stunned", "dazed", "incapacitated"]] = Field(default_factory=list)
    engaged_with: list[str] = Field(default_factory=list)


class SetUp(_Model):
    command: Literal["set_up"] = "set_up"
    width: Inches = 24.0
    depth: Inches = 24.0
    surfaces: list[SurfaceSetup] = Field(default_factory=list)
    obstacles: list[ObstacleSetup] = Field(default_factory=list)
    difficult: list[DifficultSetup] = Field(default_factory=list)
    ladders: list[LadderSetup] = Field(default_factory=list)
    units: list[UnitSetup] = Field(default_factory=list)


class LegSpec(_Model):
    to: Location
    via: Literal["walk", "climb", "ladder", "jump_down", "jump_across"] = "walk"


class Move(_Model):
    """Move (or Run) along legs, each a straight walk, a climb, a ladder or a jump."""

    command: Literal["move"] = "move"
    player: str | None = None
    unit: str
    path: list[LegSpec | Location] = Field(default_factory=list, description="legs; a bare point means a walk")


class Run(Move):
    command: Literal["run"] = "run"  # type: ignore[assignment]  # its own tag in the commands' tagged union


class AttemptEngage(_Model):
    """Marks an Engage attempt (the Engage phase itself is not modelled): no Move this turn."""

    command: Literal["attempt_engage"] = "attempt_engage"
    player: str | None = None
    unit: str


class SetState(_Model):
    """Records states a unit got outside the Move Phase (Shooting, Melee, a spell), so that a
    scenario can start from them. A unit made Stunned or Dazed near an edge then makes the ledge
    check (option ledge_check)."""

    command: Literal["set_state"] = "set_state"
    player: str | None = None
    unit: str
    states: list[Literal["stunned", "dazed", "incapacitated"]] = Field(default_factory=list)
    wounds: int | None = Field(default=None, ge=1, description="Wounds left; unchanged when omitted")
    reason: str = "from another phase"


class EndTurn(_Model):
    command: Literal["end_turn"] = "end_turn"
    player: str | None = None


SCRIPT_COMMANDS: tuple[type[BaseModel], ...] = (Move, Run, AttemptEngage, SetState, EndTurn)

Command = Annotated[Move | Run | AttemptEngage | SetState | EndTurn | SetUp, Field(discriminator="command")]
