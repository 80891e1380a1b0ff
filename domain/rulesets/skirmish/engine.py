"""The skirmish rules engine: set-up of a table, Move and Run with climbs, ladders and jumps,
checks, falls and injuries, each recorded as events with every die rolled.

A move is planned whole first (each leg's geometry and cost, assuming its checks pass) and
refused with the rule if any leg is illegal. Then it resolves leg by leg: checks are rolled as
each leg is taken, and a failed check ends the move as the Move Phase says (a climb stays at its
foot, a jump falls).
"""

from __future__ import annotations

import math
from typing import Any

from pydantic import BaseModel
from shapely.geometry import Polygon

from domain.dice import roll
from domain.engine_base import EngineBase
from domain.errors import BadInput, IllegalCommand
from domain.events import MoveEnded, PathDeclared, StepsCancelled, StepTaken, UnitPlaced
from domain.rulesets.skirmish.commands import AttemptEngage, EndTurn, LegSpec, Move, Run, SetUp, Shape
from domain.rulesets.skirmish.events import (
    CheckMade,
    EngageAttempted,
    InjuryRolled,
    JumpDeclared,
    JumpMeasured,
    MoveStarted,
    TableLaid,
    TurnPassed,
    UnitFell,
    UnitRan,
    UnitStateChanged,
)
from domain.rulesets.skirmish.legs import Leg, allowance, may_move, may_run, plan
from domain.rulesets.skirmish.locations import label, parse_location
from domain.rulesets.skirmish.table import EPSILON, Spot, parse_spot
from domain.rulesets.skirmish.view import TableView, full_inches_above, rule
from domain.state import UnitState

TOO_FAR = "Move Phase"
ACTIVE = rule("Move Phase", "units move in their side's own turn")
INJURY_CHART = ((14, "dazed"), (17, "stunned"), (10**6, "incapacitated"))


class SkirmishEngine(EngineBase):


    def view(self) -> TableView:
        return TableView(self.state)


    def spot(self, text: str, where: str) -> Spot:
        try:
            found = parse_spot(parse_location(self.state, text))
            if "table" in self.state.extra:
                self.view().table.check_spot(found)
        except BadInput as exc:
            raise BadInput(exc.message, where) from None
        return found

    def label(self, location: str) -> str:
        return label(self.state, location)

    def execute(self, command: BaseModel) -> None:
        if isinstance(command, SetUp):
            self.set_up(command)
        elif isinstance(command, (Move, Run)):
            self.move(command, running=isinstance(command, Run))
        elif isinstance(command, AttemptEngage):
            unit = self.unit(command.unit, command.player)
            self.emit(EngageAttempted, unit=unit.id)
        elif isinstance(command, EndTurn):
            player = command.player or self.state.active_player
            if player != self.state.active_player:
                raise IllegalCommand(ACTIVE, f"it is {self.state.active_player}'s turn")
            self.emit(TurnPassed, player=player, next_player=self.state.opponent_of(player))

    def unit(self, unit_id: str, player: str | None) -> UnitState:
        unit = self.state.units.get(unit_id)
        if unit is None:
            raise BadInput(f"unknown unit {unit_id!r}", "unit")
        acting = player or unit.owner
        if acting not in self.state.players:
            raise BadInput(f"unknown player {acting!r}", "player")
        if unit.owner != acting:
            raise IllegalCommand(rule("Move Phase", "a player moves only their own units"), f"{unit.id} is {unit.owner}'s")
        if acting != self.state.active_player:
            raise IllegalCommand(ACTIVE, f"it is {self.state.active_player}'s turn")
        return unit

    # --- set-up -----------------------------------------------------------------------------------

    def set_up(self, setup: SetUp) -> None:
        if setup.width <= 0 or setup.depth <= 0:
            raise BadInput("the table needs a positive width and depth", "setup.width")
        bounds = Polygon([(0, 0), (setup.width, 0), (setup.width, setup.depth), (0, setup.depth)]).buffer(EPSILON)
        ids = {"ground"}
        surfaces = []
        for i, surface in enumerate(setup.surfaces):
            where = f"setup.surfaces[{i}]"
            if surface.id in ids:
                raise BadInput(f"duplicate surface id {surface.id!r}", f"{where}.id")
            ids.add(surface.id)
            corners = self._footprint(surface, bounds, where)
            surfaces.append({"id": surface.id, "polygon": corners, "height": surface.height})
        obstacles = [{"polygon": self._footprint(o, bounds, f"setup.obstacles[{i}]"), "height": o.height} for i, o in enumerate(setup.obstacles)]
        difficult = []
        for i, area in enumerate(setup.difficult):
            if area.surface not in ids:
                raise BadInput(f"unknown surface {area.surface!r}", f"setup.difficult[{i}].surface")
            difficult.append({"surface": area.surface, "polygon": self._footprint(area, bounds, f"setup.difficult[{i}]")})
        table: dict[str, Any] = {
            "width": setup.width, "depth": setup.depth, "surfaces": surfaces,
            "obstacles": obstacles, "difficult": difficult, "ladders": [],
        }
        self.emit(TableLaid, table=table)
        ladders = []
        for i, ladder in enumerate(setup.ladders):
            where = f"setup.ladders[{i}]"
            bottom, top = self.spot(ladder.bottom, f"{where}.bottom"), self.spot(ladder.top, f"{where}.top")
            view = self.view()
            if view.table.height(top.surface) <= view.table.height(bottom.surface):
                raise BadInput("a ladder's top must be higher than its bottom", where)
            ladders.append({"id": ladder.id, "bottom": bottom.text, "top": top.text})
        if ladders:
            self.emit(TableLaid, table={**table, "ladders": ladders})
        seen: set[str] = set()
        for i, spec in enumerate(setup.units):
            where = f"setup.units[{i}]"
            if spec.id in seen:
                raise BadInput(f"duplicate unit id {spec.id!r}", f"{where}.id")
            seen.add(spec.id)
            if spec.side not in self.state.players:
                raise BadInput(f"unknown side {spec.side!r}: the sides are {', '.join(self.state.players)}", f"{where}.side")
            at = self.spot(spec.at, f"{where}.at")
            self.emit(
                UnitPlaced,
                unit=UnitState(
                    id=spec.id, card=spec.id, owner=spec.side, kind="animal" if spec.animal else "unit", location=at.text,
                    extra={
                        "move": spec.move, "agility": spec.agility, "wounds": spec.wounds, "base": spec.base,
                        "animal": spec.animal, "treasure": spec.treasure, "states": list(spec.states),
                        "engaged_with": list(spec.engaged_with),
                    },
                ),
            )
            other = self.view().overlap_at(spec.id, at)
            if other is not None:
                raise BadInput(f"{spec.id}'s base overlaps {other}'s at set-up", f"{where}.at")
        for i, spec in enumerate(setup.units):
            for enemy in spec.engaged_with:
                if enemy not in seen:
                    raise BadInput(f"unknown unit {enemy!r}", f"setup.units[{i}].engaged_with")

    def _footprint(self, shape: Shape, bounds: Polygon, where: str) -> list[list[float]]:
        corners = shape.corners()
        polygon = Polygon(corners)
        if not polygon.is_valid or polygon.area <= EPSILON:
            raise BadInput("the footprint is not a simple polygon with an area", where)
        if not bounds.covers(polygon):
            raise BadInput("the footprint goes off the table", where)
        return [[x, y] for x, y in corners]

    # --- Move and Run -----------------------------------------------------------------------------

    def move(self, cmd: Move, running: bool) -> None:
        unit = self.unit(cmd.unit, cmd.player)
        view = self.view()
        denied = may_move(view, unit.id)
        if denied is not None:
            raise IllegalCommand(denied, f"{unit.id} may not Move")
        if running:
            denied = may_run(view, unit.id)
            if denied is not None:
                raise IllegalCommand(denied, f"{unit.id} may not Run")
        legs = self.plan_legs(view, unit, cmd.path)
        start = view.spot(unit.id)
        difficult = any(leg.difficult for leg in legs) or view.table.crosses_difficult(start, start)
        budget = allowance(view, unit.id, running, difficult)
        spent = 0.0
        for i, leg in enumerate(legs):
            if leg.via == "jump_across":
                break  # from here a jump too long for what is left simply fails (option)
            spent += leg.cost
            if spent > budget + EPSILON:
                what = "climb it can't finish this turn" if leg.via in ("climb", "ladder") else "move"
                reason = rule(TOO_FAR, f"too far: a {what} needs {spent:.2f}\", the allowance is {budget:.2f}\"")
                raise IllegalCommand(reason, f"leg {i + 1} of {unit.id}'s path")
        if legs:
            end = legs[-1].to
            other = view.overlap_at(unit.id, end)
            if other is not None:
                raise IllegalCommand(rule("Move Phase, Moving Through Other Units", "a unit may not end its move on another unit"), f"{other} stands at {end.text}")
        self.emit(MoveStarted, unit=unit.id, mode="run" if running else "move", allowance=budget, difficult=difficult)
        if running:
            self.emit(UnitRan, unit=unit.id)
        self.resolve(unit, legs, budget)

    def plan_legs(self, view: TableView, unit: UnitState, path: list[LegSpec | str]) -> list[Leg]:
        legs: list[Leg] = []
        here = view.spot(unit.id)
        for i, item in enumerate(path):
            spec = item if isinstance(item, LegSpec) else LegSpec(to=item)
            to = self.spot(spec.to, f"path[{i}].to")
            leg = plan(view, unit.id, here, to, spec.via)
            if leg.refusal is not None:
                raise IllegalCommand(leg.refusal, f"leg {i + 1} of {unit.id}'s path ({spec.via} to {to.text})")
            legs.append(leg)
            here = to
        return legs

    def resolve(self, unit: UnitState, legs: list[Leg], budget: float) -> None:
        if not legs:
            return
        move_id = self.state.next_id("m", "move")
        path = [legs[0].frm.text, *(leg.to.text for leg in legs)]
        self.emit(PathDeclared, move_id=move_id, unit=unit.id, purpose="move", path=path, allowance=budget)
        remaining = budget
        for index, leg in enumerate(legs):
            if leg.via == "jump_across":
                self.emit(JumpDeclared, unit=unit.id, frm=leg.frm.text, to=leg.to.text)
                failure = leg.automatic_fail
                if failure is None and leg.cost > remaining + EPSILON:
                    failure = rule("Move Phase, Jumping Across", f"the jump needs {leg.cost:.2f}\" and only {remaining:.2f}\" are left: it fails")
                rise = self.view().table.height(leg.to.surface) - self.view().table.height(leg.frm.surface)
                outcome = "automatic failure" if failure else ("check" if leg.checks else "no check needed")
                self.emit(JumpMeasured, unit=unit.id, distance=round(leg.cost, 3), rise=rise, outcome=outcome)
                if failure is not None:
                    self.fall_from(unit, leg.frm, str(failure), move_id, len(legs) - index)
                    return
            for check in leg.checks:
                if not self.agility_check(unit, check.name, check.disadvantage):
                    if not check.fall:  # a failed climb: back at its foot, the move ends, no Fall
                        self.emit(StepsCancelled, move_id=move_id, unit=unit.id, steps=len(legs) - index, reason="failed Climb Check: the unit stays at the foot of the climb and its move ends (no fall)")
                        self.emit(MoveEnded, move_id=move_id, unit=unit.id, at=self.state.units[unit.id].location, steps_taken=index)
                        return
                    if leg.via == "jump_down":  # lands, then falls where it landed
                        self.emit(StepTaken, move_id=move_id, unit=unit.id, index=index, frm=leg.frm.text, to=leg.to.text, kind=leg.via)
                        drop = self.view().table.height(leg.frm.surface) - self.view().table.height(leg.to.surface)
                        self.fall(unit, leg.to, leg.to, drop, "failed the Jump Down check", move_id, len(legs) - index - 1, index + 1)
                        return
                    self.fall_from(unit, leg.frm, "failed the Jump Across check", move_id, len(legs) - index)
                    return
            self.emit(StepTaken, move_id=move_id, unit=unit.id, index=index, frm=leg.frm.text, to=leg.to.text, kind=leg.via)
            remaining -= leg.cost
        self.emit(MoveEnded, move_id=move_id, unit=unit.id, at=self.state.units[unit.id].location, steps_taken=len(legs))

    def agility_check(self, unit: UnitState, name: str, disadvantage: bool) -> bool:
        """d20 against Agility, passing on a roll >= Agility; disadvantage rolls two and keeps
        the worse (option disadvantage)."""
        agility = int(unit.extra.get("agility", 10))
        rolls = roll(self.game, 2 if disadvantage else 1, 20, f"{name} check for {unit.id}", self.cause)
        kept = min(rolls)
        passed = kept >= agility
        self.emit(CheckMade, unit=unit.id, check=name, agility=agility, rolls=rolls, kept=kept, disadvantage=disadvantage, passed=passed)
        return passed

    # --- falling ----------------------------------------------------------------------------------

    def fall_from(self, unit: UnitState, take_off: Spot, reason: str, move_id: str, legs_left: int) -> None:
        """A failed Jump Across: the unit falls to what lies below its take-off point."""
        view = self.view()
        table = view.table
        landing = table.standable_near(table.surface_below(take_off), view.radius(unit.id))
        height = table.height(take_off.surface) - table.height(landing.surface)
        self.fall(unit, take_off, landing, height, reason, move_id, legs_left, None)

    def fall(self, unit: UnitState, frm: Spot, landing: Spot, height: float, reason: str, move_id: str, legs_left: int, taken: int | None) -> None:
        """Move Phase, Falling: placed where it lands (beside, not on, another unit), an Injury
        Roll with +2 per full inch above 2\", and Stunned instead of Incapacitated while it has
        more than 1 Wound left."""
        spot = self.place_beside(unit, landing)
        self.emit(UnitFell, unit=unit.id, frm=frm.text, to=spot.text, height=round(height, 3), reason=reason)
        modifier = 2 * full_inches_above(height, 2.0)
        (injury,) = roll(self.game, 1, 20, f"Injury Roll for {unit.id}", self.cause)
        total = injury + modifier
        result = next(name for top, name in INJURY_CHART if total <= top)
        self.emit(InjuryRolled, unit=unit.id, roll=injury, modifier=modifier, total=total, result=result)
        wounds = int(unit.extra.get("wounds", 1))
        states = [s for s in unit.extra.get("states", []) if s not in ("dazed", "stunned")]
        if result == "incapacitated" and wounds > 1:
            states.append("stunned")
            wounds -= 1
            why = "a fall that would Incapacitate a unit with more than 1 Wound Stuns it and costs a Wound"
        else:
            states.append(result)
            why = "Injury Roll after a fall"
        self.emit(UnitStateChanged, unit=unit.id, states=states, wounds=wounds, reason=why)
        if legs_left > 0:
            self.emit(StepsCancelled, move_id=move_id, unit=unit.id, steps=legs_left, reason=f"the unit fell: {reason}")
        done = taken if taken is not None else 0
        self.emit(MoveEnded, move_id=move_id, unit=unit.id, at=self.state.units[unit.id].location, steps_taken=done)

    def place_beside(self, unit: UnitState, landing: Spot) -> Spot:
        """Where a falling unit is put: where it lands, or next to a unit it would land on, at a
        random bearing (a recorded d12: 30 degree sectors)."""
        view = self.view()
        other = view.overlap_at(unit.id, landing)
        if other is None:
            return landing
        (sector,) = roll(self.game, 1, 12, f"direction to place {unit.id} beside {other}", self.cause)
        there = view.spot(other)
        distance = view.radius(unit.id) + view.radius(other) + 0.01
        for turn in range(12):
            angle = math.radians(30 * ((sector - 1 + turn) % 12))
            spot = Spot(there.x + distance * math.cos(angle), there.y + distance * math.sin(angle), landing.surface)
            spot = Spot(round(spot.x, 3), round(spot.y, 3), landing.surface)
            try:
                view.table.check_spot(spot)
            except BadInput:
                continue
            if view.overlap_at(unit.id, spot) is None:
                return spot
        return landing
