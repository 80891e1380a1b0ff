"""GODSGLOOM's own events. Steps, paths, dice and deaths use the engine's generic events."""

from __future__ import annotations

from typing import ClassVar

from domain.event_base import GameEvent
from domain.state import GameState


class MatLaid(GameEvent):
    """The mat's size (a rectangle of flat-topped hexes)."""

    TOPIC: ClassVar[str] = "godsgloom.MatLaid"
    LOOKAHEAD: ClassVar[bool] = True
    width: int
    height: int
    phase: str

    def apply_to(self, state: GameState) -> None:
        state.extra.update(width=self.width, height=self.height, phase=self.phase, round=1)


class UnitPivoted(GameEvent):
    TOPIC: ClassVar[str] = "godsgloom.UnitPivoted"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    frm: str
    facing: str
    when: str

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].extra["facing"] = self.facing


class UnitActivated(GameEvent):
    """A unit was nominated (UAP.10); ``engaged_by`` are the enemies Engaging it right then."""

    TOPIC: ClassVar[str] = "godsgloom.UnitActivated"
    unit: str
    player: str
    engaged_by: list[str]

    def apply_to(self, state: GameState) -> None:
        state.extra["activation"] = {"unit": self.unit, "engaged_by": list(self.engaged_by), "moved": False, "melee": None, "attacked": False}


class MoveActionStarted(GameEvent):
    """The activated unit makes its one Move Action, in this mode, with these Movement Points."""

    TOPIC: ClassVar[str] = "godsgloom.MoveActionStarted"
    unit: str
    mode: str
    movement_points: int

    def apply_to(self, state: GameState) -> None:
        activation = state.extra.get("activation")
        if activation is not None and activation.get("unit") == self.unit:
            activation["moved"] = True


class MeleeBarred(GameEvent):
    """The unit can't make a Melee Attack Action for the rest of this activation, and why."""

    TOPIC: ClassVar[str] = "godsgloom.MeleeBarred"
    unit: str
    rule: str

    def apply_to(self, state: GameState) -> None:
        activation = state.extra.get("activation")
        if activation is not None and activation.get("unit") == self.unit:
            activation["melee"] = self.rule


class UnitEngaged(GameEvent):
    """The unit stopped in (or arrived in) the Engagement Zone of these enemies (§8.3)."""

    TOPIC: ClassVar[str] = "godsgloom.UnitEngaged"
    unit: str
    at: str
    by: list[str]


class UnitTeleported(GameEvent):
    TOPIC: ClassVar[str] = "godsgloom.UnitTeleported"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    frm: str
    to: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].location = self.to


class UnitDisplaced(GameEvent):
    TOPIC: ClassVar[str] = "godsgloom.UnitDisplaced"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    frm: str
    to: str
    by: str

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].location = self.to


class WoundsSuffered(GameEvent):
    TOPIC: ClassVar[str] = "godsgloom.WoundsSuffered"
    unit: str
    wounds: int
    left: int
    source: str

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].extra["wounds"] = self.left


class MeleeAttackDeclared(GameEvent):
    """The Standard Action was a Melee Attack on ``target`` (its outcome is not modelled)."""

    TOPIC: ClassVar[str] = "godsgloom.MeleeAttackDeclared"
    unit: str
    target: str

    def apply_to(self, state: GameState) -> None:
        activation = state.extra.get("activation")
        if activation is not None:
            activation["attacked"] = True


class ActivationEnded(GameEvent):
    """UAP.40: the unit is marked activated; ``next_player`` nominates next."""

    TOPIC: ClassVar[str] = "godsgloom.ActivationEnded"
    unit: str
    next_player: str

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].extra["activated"] = True
        state.extra.pop("activation", None)
        state.active_player = self.next_player


class RoundEnded(GameEvent):
    """Activations are over; the God's Push step follows."""

    TOPIC: ClassVar[str] = "godsgloom.RoundEnded"
    round: int

    def apply_to(self, state: GameState) -> None:
        state.extra["phase"] = "gods_push"
        state.extra["pushed"] = []


class GodsPushMoved(GameEvent):
    """A unit used its God's Push move (once per step)."""

    TOPIC: ClassVar[str] = "godsgloom.GodsPushMoved"
    unit: str
    eligible_because: str

    def apply_to(self, state: GameState) -> None:
        state.extra.setdefault("pushed", []).append(self.unit)


class RoundStarted(GameEvent):
    TOPIC: ClassVar[str] = "godsgloom.RoundStarted"
    LOOKAHEAD: ClassVar[bool] = True
    round: int
    first_player: str

    def apply_to(self, state: GameState) -> None:
        state.extra.update(phase="activation", round=self.round)
        state.extra.pop("pushed", None)
        state.active_player = self.first_player
        for unit in state.units.values():
            unit.extra["activated"] = False


class ScoutMoved(GameEvent):
    TOPIC: ClassVar[str] = "godsgloom.ScoutMoved"
    unit: str

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].extra["scouted"] = True
