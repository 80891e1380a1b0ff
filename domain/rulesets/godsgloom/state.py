"""GODSGLOOM's typed game state: the mat, terrain, units with facing, Speed, Wounds, tokens and
activation marks, the step of the round and the unit being activated."""

from __future__ import annotations

import itertools
from typing import ClassVar, Literal

from pydantic import Field

from domain.copying import made_plainly
from domain.rulesets.godsgloom.hexgrid import Hex
from domain.rulesets.godsgloom.options import GloomOptions
from domain.state import GameState, StateModel, UnitState

Facing = Literal["N", "NE", "SE", "S", "SW", "NW"]
Phase = Literal["pregame", "activation", "gods_push"]


class Tokens(StateModel):
    """Tokens on a unit; only Slow changes movement (option slow_speed_modifier)."""

    slow: int = Field(default=0, ge=0)
    boost: int = Field(default=0, ge=0)
    morale: int = Field(default=0, ge=0)


#: the fields of a unit that its placement reads (``placement.UNIT_PLACE``): where it stands,
#: which way it faces, whether it lives
PLACE_FIELDS = frozenset({"location", "facing", "alive"})


class PlacesWritten:
    """A mark, new each time any GODSGLOOM unit's place, facing or life is set in this process
    (``GloomUnit.__setattr__``; a unit made anew, by an event or a copy, belongs to a state of
    its own, which keeps no view of the old one). A small mat's view kept across events
    (``MatView.of``) is found again at once while the mark is the one it was kept at: no unit
    anywhere has moved, turned or died since, so none of its units has; otherwise the units'
    places are read and compared with its placement. Each mark is drawn once from a counter
    (``next`` on ``itertools.count`` is one step under the GIL), so a mark is never seen again
    once replaced, whichever thread sets a unit.

    ``run`` is the unit the latest marks were drawn for and the first mark of that run: while
    a view's mark is at most one before it, every place written since was that one unit's (a
    move's steps, its pivot, a death), so only its entry of the view's placement key is read
    anew. A state's units are set by one thread at a time (the one folding its events); a run
    read while another thread draws marks for units of another state names a unit that state
    does not hold, and the view then reads every unit, as without it."""

    count = 0
    run: tuple[object, int] = (None, 0)


_MARKS = itertools.count(1)


class GloomUnit(UnitState):
    """A unit on the mat; ``kind`` is its unit type (Infantry, Swarm, Cavalry...)."""

    def __setattr__(self, name: str, value: object) -> None:
        if name in PLACE_FIELDS:
            mark = next(_MARKS)
            if PlacesWritten.run[0] is not self:
                PlacesWritten.run = (self, mark)
            PlacesWritten.count = mark
        if name in self.__plain_fields__:  # as ``StateModel.__setattr__`` sets it, without a second call
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            super().__setattr__(name, value)

    kind: str = "Infantry"
    traits: list[str] = Field(default_factory=list)
    facing: Facing = "N"
    speed: int = 4
    wounds: int = 3
    tokens: Tokens = Field(default_factory=Tokens)
    activated: bool = False
    scouted: bool = False


class Terrain(StateModel):
    """A terrain hex: its type (when one was named) and its keywords."""

    at: str
    type: str
    keywords: list[str] = Field(default_factory=list)


class Activation(StateModel):
    """The unit being activated (UAP) and what it has done so far this activation."""

    unit: str
    engaged_by: list[str] = Field(default_factory=list)
    moved: bool = False
    #: how its Move Action moves (normal, engaged_step, breakaway, nimble, trample...)
    mode: str | None = None
    #: why it may no longer make a Melee Attack Action, once a rule says so
    melee: str | None = None
    attacked: bool = False

    @classmethod
    def nominated(cls, unit: str, engaged_by: list[str]) -> Activation:
        """The activation ``Activation(unit=..., engaged_by=...)`` makes, without validating
        values a validated ``UnitActivated`` already holds as these very types (``engaged_by``
        is the caller's own list): every nomination of a game and of its verification folds one.
        tests/godsgloom/test_activation_nominated.py compares the two."""
        return made_plainly(cls, {
            "unit": unit, "engaged_by": engaged_by, "moved": False, "mode": None, "melee": None, "attacked": False,
        }, {"unit", "engaged_by"})


class GloomState(GameState):
    RULESET: ClassVar[str] = "godsgloom"
    BOARD_FIELDS: ClassVar[tuple[str, ...]] = ("aliases", "width", "height", "terrain")

    options: GloomOptions = GloomOptions()
    units: dict[str, GloomUnit] = Field(default_factory=dict)  # type: ignore[assignment]  # pydantic narrows the field per ruleset
    width: int = 0
    height: int = 0
    phase: Phase = "activation"
    round: int = 1
    terrain: dict[str, Terrain] = Field(default_factory=dict)
    activation: Activation | None = None
    #: units that made their God's Push move this step
    pushed: list[str] = Field(default_factory=list)

    def on_mat(self, h: Hex) -> bool:
        """Arithmetic, so that nothing builds the mat's hexes to ask (a 200x200 mat has 40,000)."""
        return 0 <= h.q < self.width and 0 <= h.r + h.q // 2 < self.height
