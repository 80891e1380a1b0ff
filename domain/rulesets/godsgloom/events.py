"""GODSGLOOM's own events. Steps, paths, dice and deaths use the engine's.

Every event here but the set-up's (the mat, terrain, units placed) changes no unit's type or
traits, no option and no terrain: each keeps the state's ``characteristics_index``es
(``GameEvent.KEEPS_CHARACTERISTICS``), among them the cast a small mat's placements are keyed by
(``placement.Cast``). A pivot, a push or a teleport moves a unit; a Wound is damage; activations,
the round's steps and a Scout Deploy are marks like a tap."""

from __future__ import annotations

from typing import ClassVar

from domain.event_base import GameEvent, Labeler
from domain.events import UnitPlaced as CoreUnitPlaced
from domain.rulesets.godsgloom.state import Activation, Facing, GloomState, GloomUnit, Terrain
from domain.state import GameState


def _mat(state: GameState) -> GloomState:
    assert isinstance(state, GloomState)
    return state


def _unit(state: GameState, unit_id: str) -> GloomUnit:
    return _mat(state).units[unit_id]


def _activation_of(state: GameState, unit_id: str) -> Activation | None:
    activation = _mat(state).activation
    return activation if activation is not None and activation.unit == unit_id else None


class UnitPlaced(CoreUnitPlaced):
    """A unit was deployed on the mat with these characteristics."""

    TOPIC: ClassVar[str] = "godsgloom.UnitPlaced"
    unit: GloomUnit


class TerrainPlaced(GameEvent):
    """A terrain hex of the mat: its type and keywords."""

    TOPIC: ClassVar[str] = "godsgloom.TerrainPlaced"
    CHANGES_BOARD: ClassVar[bool] = True
    LOOKAHEAD: ClassVar[bool] = True
    terrain: Terrain

    def apply_to(self, state: GameState) -> None:
        _mat(state).terrain[self.terrain.at] = self.terrain.model_copy(deep=True)

    def describe(self, label: Labeler) -> str:
        keywords = ", ".join(self.terrain.keywords) or "no keywords"
        return f"terrain {self.terrain.type} at {label(self.terrain.at)}: {keywords}"


class MatLaid(GameEvent):
    """The mat's size (a rectangle of flat-topped hexes)."""

    TOPIC: ClassVar[str] = "godsgloom.MatLaid"
    CHANGES_BOARD: ClassVar[bool] = True
    LOOKAHEAD: ClassVar[bool] = True
    width: int
    height: int
    phase: str

    def apply_to(self, state: GameState) -> None:
        mat = _mat(state)
        mat.width, mat.height, mat.phase, mat.round = self.width, self.height, self.phase, 1  # type: ignore[assignment]  # phase is checked by the set-up command

    def describe(self, label: Labeler) -> str:
        return f"mat of {self.width}x{self.height} hexes; {self.phase} step"


class UnitPivoted(GameEvent):
    TOPIC: ClassVar[str] = "godsgloom.UnitPivoted"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    frm: str
    facing: Facing
    when: str

    def apply_to(self, state: GameState) -> None:
        _unit(state, self.unit).facing = self.facing

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} pivots {self.frm} -> {self.facing} ({self.when})"


class UnitActivated(GameEvent):
    """A unit was nominated (UAP.10); ``engaged_by`` are the enemies Engaging it right then.
    The lookahead reads it: what a unit that "starts its activation Engaged" may do (seed 002
    §8.2) is read off it (``movement.started_engaged``), not off where the unit stands."""

    TOPIC: ClassVar[str] = "godsgloom.UnitActivated"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    player: str
    engaged_by: list[str]

    def apply_to(self, state: GameState) -> None:
        _mat(state).activation = Activation.nominated(self.unit, list(self.engaged_by))

    def describe(self, label: Labeler) -> str:
        engaged = f" (Engaged by {', '.join(self.engaged_by)})" if self.engaged_by else ""
        return f"{self.player} activates {self.unit}{engaged}"


class MoveActionStarted(GameEvent):
    """The activated unit makes its one Move Action, in this mode, with these Movement Points."""

    TOPIC: ClassVar[str] = "godsgloom.MoveActionStarted"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    unit: str
    mode: str
    movement_points: int

    def apply_to(self, state: GameState) -> None:
        activation = _activation_of(state, self.unit)
        if activation is not None:
            activation.moved = True
            activation.mode = self.mode

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} makes its Move Action ({self.mode}, {self.movement_points} MP)"


class MeleeBarred(GameEvent):
    """The unit can't make a Melee Attack Action for the rest of this activation, and why."""

    TOPIC: ClassVar[str] = "godsgloom.MeleeBarred"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    unit: str
    rule: str

    def apply_to(self, state: GameState) -> None:
        activation = _activation_of(state, self.unit)
        if activation is not None:
            activation.melee = self.rule

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} may not make a Melee Attack this activation: {self.rule}"


class UnitEngaged(GameEvent):
    """The unit stopped in (or arrived in) the Engagement Zone of these enemies (§8.3)."""

    TOPIC: ClassVar[str] = "godsgloom.UnitEngaged"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    unit: str
    at: str
    by: list[str]

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} is Engaged at {label(self.at)} by {', '.join(self.by)}"


class UnitTeleported(GameEvent):
    TOPIC: ClassVar[str] = "godsgloom.UnitTeleported"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    frm: str
    to: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].location = self.to

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} teleports {label(self.frm)} -> {label(self.to)} ({self.reason})"


class UnitDisplaced(GameEvent):
    TOPIC: ClassVar[str] = "godsgloom.UnitDisplaced"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    frm: str
    to: str
    by: str

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].location = self.to

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} is pushed {label(self.frm)} -> {label(self.to)} by {self.by}"


class WoundsSuffered(GameEvent):
    TOPIC: ClassVar[str] = "godsgloom.WoundsSuffered"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    unit: str
    wounds: int
    left: int
    source: str

    def apply_to(self, state: GameState) -> None:
        _unit(state, self.unit).wounds = self.left

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} suffers {self.wounds} Wound(s), {self.left} left ({self.source})"


class MeleeAttackDeclared(GameEvent):
    """The Standard Action was a Melee Attack on ``target`` (its outcome is not modelled)."""

    TOPIC: ClassVar[str] = "godsgloom.MeleeAttackDeclared"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    unit: str
    target: str

    def apply_to(self, state: GameState) -> None:
        activation = _mat(state).activation
        if activation is not None:
            activation.attacked = True

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} makes a Melee Attack on {self.target}"


class ActivationEnded(GameEvent):
    """UAP.40: the unit is marked activated; ``next_player`` nominates next. The lookahead
    reads it, to close the activation ``UnitActivated`` opened."""

    TOPIC: ClassVar[str] = "godsgloom.ActivationEnded"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    next_player: str

    def apply_to(self, state: GameState) -> None:
        mat = _mat(state)
        mat.units[self.unit].activated = True
        mat.activation = None
        mat.active_player = self.next_player

    def describe(self, label: Labeler) -> str:
        return f"the activation of {self.unit} ends; {self.next_player} nominates next"


class RoundEnded(GameEvent):
    """Activations are over; the God's Push step follows."""

    TOPIC: ClassVar[str] = "godsgloom.RoundEnded"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    round: int

    def apply_to(self, state: GameState) -> None:
        mat = _mat(state)
        mat.phase = "gods_push"
        mat.pushed = []

    def describe(self, label: Labeler) -> str:
        return f"round {self.round} ends: the God's Push step"


class GodsPushMoved(GameEvent):
    """A unit used its God's Push move (once per step)."""

    TOPIC: ClassVar[str] = "godsgloom.GodsPushMoved"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    unit: str
    eligible_because: str

    def apply_to(self, state: GameState) -> None:
        _mat(state).pushed.append(self.unit)

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} moves in the God's Push step ({self.eligible_because})"


class RoundStarted(GameEvent):
    TOPIC: ClassVar[str] = "godsgloom.RoundStarted"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    LOOKAHEAD: ClassVar[bool] = True
    round: int
    first_player: str

    def apply_to(self, state: GameState) -> None:
        mat = _mat(state)
        mat.phase, mat.round, mat.pushed = "activation", self.round, []
        mat.active_player = self.first_player
        for unit in mat.units.values():
            # ``unit.activated = False`` as ``StateModel.__setattr__`` sets a plain field (not a
            # place: ``PlacesWritten`` is not marked), with no call per unit
            unit.__dict__["activated"] = False
            unit.__pydantic_fields_set__.add("activated")

    def describe(self, label: Labeler) -> str:
        return f"round {self.round} begins; {self.first_player} nominates first"


class ScoutMoved(GameEvent):
    TOPIC: ClassVar[str] = "godsgloom.ScoutMoved"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    unit: str

    def apply_to(self, state: GameState) -> None:
        _unit(state, self.unit).scouted = True

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} makes its Scout Deploy move"
