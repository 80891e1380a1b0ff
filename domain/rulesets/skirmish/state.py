"""The skirmish ruleset's typed game state: the table as laid, and units with their Move,
Agility, Wounds, base, states and the marks a turn leaves on them."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from domain.rulesets.skirmish.options import SkirmishOptions
from domain.state import GameState, StateModel, UnitState

Condition = Literal["stunned", "dazed", "incapacitated"]
Corners = list[tuple[float, float]]


class SurfaceData(StateModel):
    id: str
    polygon: Corners
    height: float


class ObstacleData(StateModel):
    polygon: Corners
    height: float


class DifficultData(StateModel):
    surface: str
    polygon: Corners


class LadderData(StateModel):
    id: str
    bottom: str
    top: str


class TableData(StateModel):
    """The table as its ``TableLaid`` event describes it: size, raised surfaces, low obstacles,
    difficult areas and ladders (the geometry is built from it by ``view.table_from_data``)."""

    width: float
    depth: float
    surfaces: list[SurfaceData] = Field(default_factory=list)
    obstacles: list[ObstacleData] = Field(default_factory=list)
    difficult: list[DifficultData] = Field(default_factory=list)
    ladders: list[LadderData] = Field(default_factory=list)


class SkirmishUnit(UnitState):
    kind: str = "unit"
    move: float = 6.0
    agility: int = 10
    wounds: int = 1
    base: float = 1.0
    animal: bool = False
    treasure: bool = False
    states: list[Condition] = Field(default_factory=list)
    engaged_with: list[str] = Field(default_factory=list)
    #: marks of the current turn, cleared when it passes
    moved: bool = False
    ran: bool = False
    attempted_engage: bool = False


class SkirmishState(GameState):
    RULESET: ClassVar[str] = "skirmish"

    options: SkirmishOptions = SkirmishOptions()
    units: dict[str, SkirmishUnit] = Field(default_factory=dict)  # type: ignore[assignment]  # pydantic narrows the field per ruleset
    table: TableData | None = None
