"""What each skirmish command does: set-up of a table, Move and Run with climbs, ladders and
jumps, checks, falls and injuries, each recorded as events with every die rolled.

A move is planned whole first (each leg's geometry and cost, assuming its checks pass) and
refused with the rule if any leg is illegal or, up to the first Jump Across, longer than the
allowance (the step judge says so). Then it is declared, and the engine's resolver takes it leg
by leg with the same judge: checks are rolled as each leg is taken, and a failed check ends the
move as the Move Phase says (a climb stays at its foot, a jump falls). Jumps Across are declared
before they are measured, so what follows a jump is judged against the movement left once the
jump has been made.
"""

from __future__ import annotations

import math
from typing import cast

from pydantic import BaseModel
from shapely.geometry import Polygon

from domain.dice import roll
from domain.errors import BadInput, IllegalCommand, suggest
from domain.handlers import CommandHandlers
from domain.movement import Judgement, walk_path
from domain.rules import RuleRef
from domain.rulesets.skirmish.commands import AttemptEngage, EndTurn, LegSpec, Move, Run, SetState, SetUp, Shape
from domain.rulesets.skirmish.events import (
    CheckMade,
    EngageAttempted,
    InjuryRolled,
    JumpDeclared,
    JumpMeasured,
    MeleeLeft,
    MoveStarted,
    TableLaid,
    TurnPassed,
    UnitFell,
    UnitMovedClear,
    UnitPlaced,
    UnitRan,
    UnitStateChanged,
)
from domain.rulesets.skirmish.legs import Leg, LegModel, allowance, jump_length, may_engage, may_move, may_run, plan
from domain.rulesets.skirmish.state import SkirmishState, SkirmishUnit, TableData
from domain.rulesets.skirmish.table import (
    EPSILON,
    FALL_TIE,
    GROUND,
    LOW_OBSTACLE,
    Side,
    Spot,
    bearing,
    compass,
    heading,
    parse_spot,
    short_of,
)
from domain.rulesets.skirmish.view import HELPLESS, TableView, full_inches_above, rule
from domain.rulesets.skirmish.wordings import FAILED_CLIMB_DOWN, FAILED_CLIMB_UP, LADDER_TOO_FAR, SECTORS
from domain.state import StepItem

TOO_FAR = "Move Phase"
ACTIVE = rule("Move Phase", "units move in their side's own turn")
#: the Injury chart (d20): up to 14 Dazed, up to 17 Stunned, above that Incapacitated
INJURY_CHART = ((14, "dazed"), (17, "stunned"), (10**6, "incapacitated"))
SEVERITY = ("dazed", "stunned", "incapacitated")
#: how close to an edge a unit made Stunned or Dazed must stand for the ledge check (base edge)
LEDGE_DISTANCE = 1.0
#: the gap left between bases when a falling unit is put beside another: next to, not touching
BESIDE_GAP = 0.01


class SkirmishCommands(CommandHandlers[SkirmishState]):
    """What each skirmish command does, recorded through the resolver of one command."""

    State = SkirmishState

    def view(self) -> TableView:
        return TableView(self.state)

    def spot(self, text: str, where: str) -> Spot:
        found = parse_spot(self.location(text, where))
        if self.state.table is not None:
            try:
                self.view().table.check_spot(found)
            except BadInput as exc:
                raise BadInput(exc.message, where) from None
        return found

    def execute(self, command: BaseModel) -> None:
        if isinstance(command, SetUp):
            self.set_up(command)
        elif isinstance(command, (Move, Run)):
            self.move(command, running=isinstance(command, Run))
        elif isinstance(command, AttemptEngage):
            unit = self.unit(command.unit, command.player)
            denied = may_engage(self.view(), unit.id)
            if denied is not None:
                raise IllegalCommand(denied, f"{unit.id} may not attempt to Engage")
            self.emit(EngageAttempted, unit=unit.id)
        elif isinstance(command, SetState):
            self.set_state(command)
        elif isinstance(command, EndTurn):
            player = command.player or self.state.active_player
            if player != self.state.active_player:
                raise IllegalCommand(ACTIVE, f"it is {self.state.active_player}'s turn")
            self.emit(TurnPassed, player=player, next_player=self.state.opponent_of(player))

    def unit(self, unit_id: str, player: str | None) -> SkirmishUnit:
        unit = self.unit_of(unit_id, player)
        acting = player or unit.owner
        if unit.owner != acting:
            raise IllegalCommand(rule("Move Phase", "a player moves only their own units"), f"{unit.id} is {unit.owner}'s")
        if acting != self.state.active_player:
            raise IllegalCommand(ACTIVE, f"it is {self.state.active_player}'s turn")
        return unit

    def unit_of(self, unit_id: str, player: str | None) -> SkirmishUnit:
        """The unit named, and the player named (when one is) checked to exist."""
        unit: SkirmishUnit = self.known_unit(unit_id)
        if player is not None:
            self.player(player, unit.owner)
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
            _check_id(surface.id, "surface", f"{where}.id")
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
        table = TableData.model_validate({
            "width": setup.width, "depth": setup.depth, "surfaces": surfaces,
            "obstacles": obstacles, "difficult": difficult, "ladders": [],
        })
        self.emit(TableLaid, table=table)
        ladders = []
        for i, ladder in enumerate(setup.ladders):
            where = f"setup.ladders[{i}]"
            _check_id(ladder.id, "ladder", f"{where}.id")
            bottom, top = self.spot(ladder.bottom, f"{where}.bottom"), self.spot(ladder.top, f"{where}.top")
            view = self.view()
            if view.table.height(top.surface) <= view.table.height(bottom.surface):
                raise BadInput("a ladder's top must be higher than its bottom", where)
            ladders.append({"id": ladder.id, "bottom": bottom.text, "top": top.text})
        if ladders:
            self.emit(TableLaid, table=table.model_copy(update={"ladders": TableData.model_validate({**table.model_dump(), "ladders": ladders}).ladders}))
        seen: set[str] = set()
        for i, spec in enumerate(setup.units):
            where = f"setup.units[{i}]"
            _check_id(spec.id, "unit", f"{where}.id")
            if spec.id in seen:
                raise BadInput(f"duplicate unit id {spec.id!r}", f"{where}.id")
            seen.add(spec.id)
            if spec.owner not in self.state.players:
                raise BadInput(f"unknown owner {spec.owner!r}: the players are {', '.join(self.state.players)}", f"{where}.owner")
            at = self.spot(spec.at, f"{where}.at")
            self.emit(
                UnitPlaced,
                unit=SkirmishUnit(
                    id=spec.id, card=spec.id, owner=spec.owner, kind="animal" if spec.animal else "unit", location=at.text,
                    move=_move_of(spec.move, self.state.options.unit_move), agility=spec.agility, wounds=spec.wounds,
                    base=spec.base, animal=spec.animal,
                    treasure=spec.treasure, states=list(spec.states), engaged_with=list(spec.engaged_with),
                ),
            )
            other = self.view().overlap_at(spec.id, at)
            if other is not None:
                raise BadInput(f"{spec.id}'s base overlaps {other}'s at set-up", f"{where}.at")
        engaged = {spec.id: spec.engaged_with for spec in setup.units}
        owners = {spec.id: spec.owner for spec in setup.units}
        for i, spec in enumerate(setup.units):
            for enemy in spec.engaged_with:
                if enemy not in seen:
                    raise BadInput(f"unknown unit {enemy!r}{suggest(enemy, seen, 'units')}", f"setup.units[{i}].engaged_with")
                if owners[enemy] == spec.owner:
                    # Move Phase: a unit is Engaged with enemies (itself and its allies are not)
                    what = "itself" if enemy == spec.id else f"{enemy}, its ally ({spec.owner})"
                    raise BadInput(f"{spec.id} can't be Engaged with {what}: Engagement is with enemies", f"setup.units[{i}].engaged_with")
                if spec.id not in engaged[enemy]:
                    # Move Phase: Engaged holds both units (neither may Move while the other is
                    # neither Stunned nor Dazed); one side alone let the other move freely
                    why = f"{spec.id} is Engaged with {enemy}, but {enemy} does not list {spec.id}: Engagement is mutual, write it on both"
                    raise BadInput(why, f"setup.units[{i}].engaged_with")

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
        if not cmd.path:
            # a Move goes somewhere: one with no legs marked the unit as moved (and, run, as
            # unable to Shoot) having gone nowhere
            raise BadInput(f"a {'run' if running else 'move'} needs at least one leg in its path", "path")
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
        if running:
            denied = may_run(view, unit.id, legs)
            if denied is not None:
                raise IllegalCommand(denied, f"{unit.id} may not Run")
        start = view.spot(unit.id)
        difficult = any(leg.difficult for leg in legs) or view.table.crosses_difficult(start, start)
        budget = allowance(view, unit.id, running, difficult)
        self.check_budget(unit, legs, budget)
        if legs:
            end = legs[-1].to
            other = view.overlap_at(unit.id, end)
            if other is not None:
                why = rule("Move Phase, Moving Through Other Units", "a unit may not end its move on another unit")
                raise IllegalCommand(why, f"{other} stands at {end.text}")
        self.emit(MoveStarted, unit=unit.id, mode="run" if running else "move", allowance=budget, difficult=difficult)
        if running:
            self.emit(UnitRan, unit=unit.id)
        if legs:
            path = [legs[0].frm.text, *(leg.to.text for leg in legs)]
            self.resolver.declare_path(unit.id, path, "move", budget, kinds=[leg.via for leg in legs])
            self.resolver.run_to_end()
        self.leave_melee(unit.id, start)

    def check_budget(self, unit: SkirmishUnit, legs: list[Leg], budget: float) -> None:
        """Refuse a move whose legs cost more than the allowance, up to the first Jump Across:
        a jump is declared before it is measured (Move Phase, Jumping Across), so the legs after
        it are judged against what is left once it has been made, as they resolve."""
        if not legs:
            return
        model = LegModel(self.state, budget)
        walk = walk_path(
            model, unit.id, legs[0].frm.text, [leg.to.text for leg in legs], [leg.via for leg in legs],
            until=lambda option: option.kind == "jump_across",
        )
        if walk.needed is not None and walk.refused_at is not None:
            leg = legs[walk.refused_at - 1]
            short = short_of(walk.needed, budget)
            if leg.via == "ladder":  # not a climb: no check, but no stopping half-way up either
                reason = rule(LADDER_TOO_FAR[0], LADDER_TOO_FAR[1].format(short=short))
            elif leg.via == "climb":
                reason = rule("Move Phase, Climbing", f"too far: a climb it can't finish this turn {short}")
            else:
                reason = rule(TOO_FAR, f"too far: a move {short}")
            raise IllegalCommand(reason, f"leg {walk.refused_at} of {unit.id}'s path")

    def plan_legs(self, view: TableView, unit: SkirmishUnit, path: list[LegSpec | str]) -> list[Leg]:
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

    # --- a declared leg, as the resolver reaches it ---------------------------------------------

    def take_leg(self, item: StepItem, verdict: Judgement) -> bool:
        """The leg is within the movement left: a jump is declared and measured, checks are
        rolled, and a failure ends the move as the Move Phase says. True when the leg is taken
        and the move goes on."""
        unit = self.state.units[item.unit]
        leg = self.leg_of(item)
        if leg.via == "jump_across" and not self.jump_across(unit, leg, item, None):
            return False
        for check in leg.checks:
            made = self.agility_check(unit, check.name, check.disadvantage)
            if made.passed:
                continue
            failed = made.event_id  # what follows a failed check is caused by it
            if not check.fall:  # a failed climb: where it started, the move ends, no Fall
                table = self.view().table
                down = table.height(leg.to.surface) < table.height(leg.frm.surface)
                self.stop_clear(item, FAILED_CLIMB_DOWN if down else FAILED_CLIMB_UP, failed)
                return False
            if leg.via == "jump_down":  # it lands, then falls where it landed
                self.resolver.take_step(item, verdict)
                drop = self.view().table.height(leg.frm.surface) - self.view().table.height(leg.to.surface)
                self.fall(unit.id, leg.frm, leg.to, drop, "failed the Jump Down check", failed)
                self.resolver.stop_move(item.move_id, "the unit fell: failed the Jump Down check", failed)
                return False
            self.jump_failed(unit.id, leg.frm, item, "failed the Jump Across check", failed)
            return False
        self.resolver.take_step(item, verdict)
        return True

    def refuse_leg(self, item: StepItem, verdict: Judgement) -> bool:
        """A leg the judge refuses once the move is under way: only after a Jump Across can a
        leg be longer than what is left. A jump too long for it fails and the unit falls; any
        other leg ends the move where the unit stands."""
        unit = self.state.units[item.unit]
        move = self.state.moves[item.move_id]
        remaining = (move.allowance or 0.0) - move.paid_steps
        leg = self.leg_of(item)
        if verdict.over_allowance and leg.via == "jump_across":
            why = f"the jump needs {leg.cost:.2f}\" and only {remaining:.2f}\" are left: it fails"
            self.jump_across(unit, leg, item, rule("Move Phase, Jumping Across", why))
            return False
        if verdict.over_allowance:
            why = f"too far: after the jump {remaining:.2f}\" are left, and the next leg needs {leg.cost:.2f}\""
            self.stop_clear(item, str(rule(TOO_FAR, why)))
            return False
        self.stop_clear(item, str(verdict.refusal))
        return False

    def stop_clear(self, item: StepItem, reason: str, cause: str | None = None) -> None:
        """End the move where the unit stands, or, where that is on another unit's base (a climb
        that failed where a free ally stands, the landing of a jump after which the next leg no
        longer fits), at the nearest point clear of every base and wall (Moving Through Other
        Units: a unit never ends its move on another unit; the whole move's end was checked when
        it was declared, a point part-way was not). ``UnitMovedClear`` records it."""
        view = self.view()
        here = view.spot(item.unit)
        other = view.overlap_at(item.unit, here)
        if other is not None:
            clear = self.nearest_clear(item.unit, here)
            self.emit(UnitMovedClear, cause=cause, unit=item.unit, frm=here.text, to=clear.text, other=other)
        self.resolver.stop_move(item.move_id, reason, cause)

    def leg_of(self, item: StepItem) -> Leg:
        return plan(self.view(), item.unit, parse_spot(item.frm), parse_spot(item.to), item.kind or "walk")

    def jump_across(self, unit: SkirmishUnit, leg: Leg, item: StepItem, too_long: RuleRef | None) -> bool:
        """Move Phase, Jumping Across: declared, then measured; too long, too high or longer than
        the movement left (``too_long``; option jump_across_distance_cost) fails outright and the
        unit falls from where it took off. True when the unit goes on to the jump's check (if any)."""
        self.emit(JumpDeclared, unit=unit.id, frm=leg.frm.text, to=leg.to.text)
        failure = leg.automatic_fail or too_long
        table = self.view().table
        rise = table.height(leg.to.surface) - table.height(leg.frm.surface)
        outcome = "automatic failure" if failure else ("check" if leg.checks else "no check needed")
        distance = round(jump_length(table, self.state.options.jump_across_measured, leg.frm, leg.to), 3)
        measured = self.emit(JumpMeasured, unit=unit.id, distance=distance, rise=rise, outcome=outcome)
        if failure is None:
            return True
        self.jump_failed(unit.id, leg.frm, item, str(failure), measured.event_id)
        return False

    def jump_failed(self, unit_id: str, take_off: Spot, item: StepItem, reason: str, cause: str) -> None:
        """A Jump Across failed (outright or its check): the unit falls to the ground below its
        take-off and its move ends (Move Phase, Jumping Across). From the ground it stands on
        that ground already, and so on a surface up to 1\" high, one level with it (Move Phase:
        moved over freely; a Jump Down lands "on the ground" there too): under option
        failed_jump_from_the_ground ``no_fall`` it does not fall (no Injury Roll), and the stop
        says so; by default it falls 0\" where it stands and rolls."""
        ground_level = self.view().table.height(take_off.surface) <= LOW_OBSTACLE + EPSILON
        if ground_level and self.state.options.failed_jump_from_the_ground == "no_fall":
            what = "the ground" if take_off.surface == GROUND else f"{take_off.surface}, one level with the ground"
            why = (
                f"the jump failed ({reason}), but it took off from {what}: it stays there, no fall and no "
                "Injury Roll (option failed_jump_from_the_ground: no_fall)"
            )
            self.resolver.stop_move(item.move_id, why, cause)
            return
        self.fall_from(unit_id, take_off, reason, cause)
        self.resolver.stop_move(item.move_id, f"the unit fell: {reason}", cause)

    def leave_melee(self, unit_id: str, start: Spot) -> None:
        """Move Phase: a unit Engaged only with Stunned or Dazed enemies may leave the melee;
        once it stands somewhere else it is no longer Engaged with them."""
        unit = self.state.units[unit_id]
        enemies = [e for e in unit.engaged_with if e in self.state.units]
        if enemies and unit.location != start.text:
            self.emit(MeleeLeft, unit=unit_id, enemies=enemies)

    def agility_check(self, unit: SkirmishUnit, name: str, disadvantage: bool, cause: str | None = None) -> CheckMade:
        """d20 against Agility, passing on a roll >= Agility; disadvantage rolls two and keeps
        the worse (option disadvantage). The ``CheckMade`` event says whether it passed."""
        agility = unit.agility
        rolls = roll(self.game, 2 if disadvantage else 1, 20, f"{name} check for {unit.id}", cause or self.cause)
        kept = min(rolls)
        made = self.emit(
            CheckMade, cause=cause, unit=unit.id, check=name, agility=agility, rolls=rolls, kept=kept,
            disadvantage=disadvantage, passed=kept >= agility,
        )
        return cast(CheckMade, made)

    # --- states from other phases, and the ledge check ---------------------------------------------

    def set_state(self, cmd: SetState) -> None:
        unit = self.unit_of(cmd.unit, cmd.player)
        if unit.location is None or not unit.alive:
            raise BadInput(f"{unit.id} is not on the table", "unit")
        wounds = unit.wounds if cmd.wounds is None else cmd.wounds
        before = set(unit.states)
        changed = self.emit(UnitStateChanged, unit=unit.id, states=list(cmd.states), wounds=wounds, reason=cmd.reason)
        if set(cmd.states) & (set(HELPLESS) - before):  # newly Stunned or Dazed
            self.ledge_check(unit.id, changed.event_id)

    def ledge_check(self, unit_id: str, cause: str) -> None:
        """A unit made Stunned or Dazed within 1\" of an edge makes one Agility Check or falls
        over it (the designers' comment of 23-03-25; option ledge_check)."""
        if self.state.options.ledge_check != "on":
            return
        view = self.view()
        here = view.spot(unit_id)
        ledges = view.table.ledges_near(here, LEDGE_DISTANCE + view.radius(unit_id))
        if not ledges:
            return
        made = self.agility_check(self.state.units[unit_id], "ledge", False, cause)
        if made.passed:
            return
        # over the edge it is nearest (a roll among equally near ones), to the foot of the wall
        # below it (as for a failed Jump Across)
        side = self.fall_side(unit_id, ledges, made.event_id)
        # from just beyond the side it goes over, on the ground or the stage there, the nearest
        # room it could reach from there (``land_beyond``)
        landing, how = self.land_beyond(unit_id, side, here, made.event_id)
        # the drop to where it landed: the ground past a stage with no room for the base, or 0"
        drop = view.table.height(here.surface) - view.table.height(landing.surface)
        reason = f"failed the ledge check at the edge {side.edge.text}{how}"
        self.fall(unit_id, here, landing, drop, reason, made.event_id, self.fall_ends_here(here, landing))

    # --- falling ----------------------------------------------------------------------------------

    def fall_from(self, unit_id: str, take_off: Spot, reason: str, cause: str) -> None:
        """A failed Jump Across: the unit falls from its take-off point over the nearest edge of
        the surface it stood on, to what lies below beyond that edge (Move Phase, Jumping Across:
        "the ground below"): the ground at the foot of the wall, or a lower surface reaching out
        past the wall (a tier of a stepped building), never a floor inside the walls under it
        (option fall_height_from: the take-off surface's height above where it lands)."""
        view = self.view()
        table = view.table
        if table.height(take_off.surface) <= LOW_OBSTACLE + EPSILON:
            # the ground, or a stage up to 1" high, one level with it: the ground below the
            # take-off is where the unit stands (it went over the stage's nearest edge, inches
            # from where it jumped, and fell its 0.5" to the street)
            below = take_off
        else:
            # a roof as high beyond the edge is no landing (a 0" fall): the unit goes down past it
            side = self.fall_side(unit_id, table.sides_of(take_off, lower_only=True), cause)
            # from just beyond the side it goes over: the nearest room reachable from there
            landing, how = self.land_beyond(unit_id, side, take_off, cause)
            height = table.height(take_off.surface) - table.height(landing.surface)
            self.fall(unit_id, take_off, landing, height, reason + how, cause, self.fall_ends_here(take_off, landing))
            return
        landing = table.standable_near(below, view.radius(unit_id))
        height = table.height(take_off.surface) - table.height(landing.surface)
        self.fall(unit_id, take_off, landing, height, reason, cause)

    def land_beyond(self, unit_id: str, side: Side, here: Spot, cause: str) -> tuple[Spot, str]:
        """Where a unit that went over an edge lands (Move Phase, Falling): the nearest room
        reachable from ``beyond``, the point just past the edge (``Table.fall_landings``). Where
        two or more are as near (both ends of a gap too narrow for its base), the place it drops
        to is ambiguous and a random direction decides: a recorded 1dN among the N landings, one
        face each, named clockwise from north as ``fall_side`` names edges. With the landing, the clause its reason ends with
        (empty where one landing was nearest). Where no base fits beyond the edge (a roof over the
        whole table, a strip too narrow between the wall and a hedge or the table's edge), option
        fall_without_room decides (``land_without_room``)."""
        view = self.view()
        beyond = side.beyond
        landings = view.table.fall_landings(beyond, view.radius(unit_id), side.edge)
        if not landings:
            return self.land_without_room(unit_id, side, here, cause)
        return self.pick_landing(unit_id, beyond, landings, cause)

    def land_without_room(self, unit_id: str, side: Side, here: Spot, cause: str) -> tuple[Spot, str]:
        """No base fits beyond the edge (seed 004 is silent; option fall_without_room). stays:
        the unit stays ``here``, a 0\" fall. nearest_fit: it drops to the ground below
        (Jumping Across: "the ground below") at the nearest point to the ground under the edge
        where its whole base is clear of every footprint and on the table
        (``Table.nearest_clear_ground``; a 1dN among points as near); where none is, it stays
        and the reason says the case is not modelled, so the 0\" fall is never silent."""
        stays = f"; no room to land beyond the edge {side.edge.text} for its base: it stays where it was (0\" fall)"
        if self.state.options.fall_without_room == "stays":
            return here, stays
        view = self.view()
        below = Spot(side.edge.x, side.edge.y, GROUND)
        landings = view.table.nearest_clear_ground(below, view.radius(unit_id))
        if not landings:
            return here, stays[:-1] + "; not modelled: no room for its base anywhere on the ground or a low stage of the table); its move ends there, no further ledge check"
        landing, tie = self.pick_landing(unit_id, below, landings, cause)
        far = f"{round(landing.flat_distance(below), 2):g}"
        where = "ground" if landing.surface == GROUND else f"stage {landing.surface} ({view.table.height(landing.surface):g}\" high, moved over freely)"
        return landing, (
            f"; no room to land beyond the edge {side.edge.text} for its base: placed at the nearest room on the "
            f"{where}, {far}\" from below the edge (option fall_without_room: nearest_fit){tie}"
        )

    def fall_ends_here(self, here: Spot, landing: Spot) -> bool:
        """Whether a fall left the unit where it went over (no room for its base anywhere, option
        fall_without_room: nearest_fit): its move ends there and its Injury Roll starts no ledge
        check (seed 004 Falling: one Injury Roll per fall; a ledge check would only fall the same
        0\" again). Under ``stays``, the behaviour before the option (a ledge check may follow) is
        kept, so logs recorded under it verify as played."""
        return landing == here and self.state.options.fall_without_room == "nearest_fit"

    def pick_landing(self, unit_id: str, beyond: Spot, landings: list[Spot], cause: str) -> tuple[Spot, str]:
        """The one landing, or a recorded 1dN among ``landings`` as near ``beyond`` (one face
        each, named clockwise from north), with the clause saying which was rolled."""
        if len(landings) == 1:
            return landings[0], ""
        # one face per landing, as for edges as near (``fall_side``): the first landing
        # counterclockwise from a rolled d12 sector favoured the landing after the wider angle
        landings = sorted(landings, key=lambda spot: bearing(beyond, spot))
        named = ", ".join(f"{n} {compass(bearing(beyond, spot))} ({spot.text})" for n, spot in enumerate(landings, 1))
        count = len(landings)
        (pick,) = roll(self.game, 1, count, f"direction {unit_id} lands, among the {count} places as near the edge's foot: {named}", cause)
        landing = landings[pick - 1]
        return landing, f"; {count} places as near, landed {heading(beyond, landing)} (1d{count} rolled {pick})"

    def fall_side(self, unit_id: str, sides: list[Side], cause: str) -> Side:
        """The side of its surface a falling unit goes over: the nearest of ``sides`` (nearest
        first); where two or more are as near (within ``FALL_TIE``), where it would drop is
        ambiguous and a die among them decides (Move Phase, Falling: "Determine a random
        direction"; option fall_scatter), recorded, so a replay reads it and never rolls again.
        The sides are offered clockwise from north, each named by its bearing and edge point."""
        tied = [side for side in sides if side.distance <= sides[0].distance + FALL_TIE]
        if len(tied) == 1:
            return tied[0]
        here = self.view().spot(unit_id)
        tied.sort(key=lambda side: bearing(here, side.edge))
        named = ", ".join(f"{n} {compass(bearing(here, side.edge))} ({side.edge.text})" for n, side in enumerate(tied, 1))
        (pick,) = roll(self.game, 1, len(tied), f"direction {unit_id} falls, among the {len(tied)} edges as near: {named}", cause)
        return tied[pick - 1]

    def fall(self, unit_id: str, frm: Spot, landing: Spot, height: float, reason: str, cause: str, ends: bool = False) -> None:
        """Move Phase, Falling: placed where it lands (beside, not on, another unit), an Injury
        Roll with +2 per full inch above 2\", and Stunned instead of Incapacitated while it has
        more than 1 Wound left. A state never improves by falling: a Stunned unit that rolls
        Dazed stays Stunned. ``ends``: it stayed where it went over (``fall_ends_here``), no
        ledge check follows."""
        spot, beside = self.place_beside(unit_id, landing, cause)
        fell = self.emit(UnitFell, cause=cause, unit=unit_id, frm=frm.text, to=spot.text, height=round(height, 3), reason=reason + beside)
        modifier = self.state.options.fall_injury_modifier * full_inches_above(height, 2.0)
        (injury,) = roll(self.game, 1, 20, f"Injury Roll for {unit_id}", fell.event_id)
        total = injury + modifier
        result = next(name for top, name in INJURY_CHART if total <= top)
        if result == "dazed" and not self.state.options.fall_always_injures:
            result = "unhurt"
        rolled = self.emit(InjuryRolled, cause=fell.event_id, unit=unit_id, roll=injury, modifier=modifier, total=total, result=result)
        unit = self.state.units[unit_id]
        wounds = unit.wounds
        old = list(unit.states)
        why = "Injury Roll after a fall"
        if result == "incapacitated" and wounds > 1:
            result, wounds = "stunned", wounds - 1
            why = "a fall that would Incapacitate a unit with more than 1 Wound Stuns it and costs a Wound"
        if result == "unhurt":
            return
        worst = max([s for s in old if s in SEVERITY] + [result], key=SEVERITY.index)
        states = [s for s in old if s not in SEVERITY] + [worst]
        changed = self.emit(UnitStateChanged, cause=rolled.event_id, unit=unit_id, states=states, wounds=wounds, reason=why)
        if worst in HELPLESS and worst not in old and not ends:
            self.ledge_check(unit_id, changed.event_id)

    def place_beside(self, unit_id: str, landing: Spot, cause: str) -> tuple[Spot, str]:
        """Where a falling unit is put: where it lands, or next to (not touching, so not
        Engaged with) a unit it would land on, at a random bearing (a recorded d12: 30 degree
        sectors, sector 1 due east (+x), numbered counterclockwise with +y as north, so 4 is
        north, 7 west, 10 south; the next free sector counterclockwise when that one is taken).
        A sector is free when the base fits there: on the table, on no other base, on the ground
        clear of every wall (a base beside a unit at the foot of a building must not reach into
        it), and where a straight walk from the landing goes (``Table.walkable``: not across a
        wall standing on its surface, a thin wall on the ground or a gap in its surface). When
        no sector is free, the nearest point clear of every base and wall that the unit could
        reach from where it landed (``Table.standable_near``).

        With the spot, the clause the fall's reason ends with (``BESIDE_CLAUSE``): empty where
        it landed on no unit, else the unit, the compass point it was put at from it and the
        sector (and the sector rolled, when that one had no room), so a trace says which way
        it fell."""
        view = self.view()
        other = view.overlap_at(unit_id, landing)
        if other is None:
            return landing, ""
        (sector,) = roll(self.game, 1, 12, f"direction to place {unit_id} beside {other}{SECTORS}", cause)
        there = view.spot(other)
        distance = view.radius(unit_id) + view.radius(other) + BESIDE_GAP
        for turn in range(12):
            angle = math.radians(30 * ((sector - 1 + turn) % 12))
            spot = Spot(there.x + distance * math.cos(angle), there.y + distance * math.sin(angle), landing.surface)
            spot = Spot(round(spot.x, 3), round(spot.y, 3), landing.surface)
            try:
                view.table.check_spot(spot)
            except BadInput:
                continue
            # where it could walk from where it landed: on its side of any wall standing on the
            # surface (a storey on its terrace), of a wall on the ground thinner than a base (a
            # garden wall beside a unit standing against it), and of a gap in its surface
            if (
                view.overlap_at(unit_id, spot) is None and view.table.base_clear(spot, view.radius(unit_id))
                and view.table.walkable(landing, spot)
            ):
                used = (sector - 1 + turn) % 12 + 1
                rolled = "" if used == sector else f": sector {sector} rolled had no room"
                return spot, f"; placed beside {other}, {heading(there, spot)} of it (d12 sector {used}{rolled})"
        # no bearing has room (walls and other bases all round): the nearest point where the base
        # touches no other base, rather than on top of one
        clear = self.nearest_clear(unit_id, landing)
        return clear, f"; placed beside {other}, {heading(there, clear)} of it (no d12 sector had room: the nearest clear point)"

    def nearest_clear(self, unit_id: str, spot: Spot) -> Spot:
        """The nearest point to ``spot`` on its surface where the unit's base touches no other
        base on its level (``bases_on_level``: a low surface and the ground are one) and, on the
        ground, no wall."""
        view = self.view()
        avoid = [(base.spot, base.radius + BESIDE_GAP) for base in view.bases_on_level(unit_id, spot.surface)]
        return view.table.standable_near(spot, view.radius(unit_id), avoid)


def _check_id(name: str, what: str, where: str) -> None:
    """An id must be text a command or a location can name: a surface's is read stripped after
    the ``@`` of ``x,y@id`` (an empty one reads as the ground), so an empty or padded id names
    nothing; a unit's or a ladder's, empty, can't be named by a command."""
    if not name.strip():
        raise BadInput(f"a {what} id must not be empty", where)
    if what == "surface" and name != name.strip():
        raise BadInput(f"a {what} id must not start or end with spaces, not {name!r}", where)


def _move_of(given: float, unit_move: float | None) -> float:
    """A unit's Move: its own, unless the option ``unit_move`` sets every unit's (a designer's what-if)."""
    return given if unit_move is None else unit_move
