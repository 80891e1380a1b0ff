"""What each GODSGLOOM command does: activations, Move Actions, the God's Push step.

A command is checked whole before anything is recorded: a declared path is walked with the step
judge, and an illegal step refuses the command with the rule that forbids it (a command is
atomic). Then the path is declared and the engine's resolver takes it one step at a time, with
the same judge: a step into an enemy Engagement Zone stops it (§8.3) and the steps left are
cancelled. Pivots, engagement, the Melee Attack it costs and Trample's dice follow as events.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from pydantic import BaseModel

from domain.dice import roll
from domain.errors import BadInput, IllegalCommand
from domain.events import StepsCancelled, UnitDied
from domain.handlers import CommandHandlers
from domain.logged import accepted_as_logged
from domain.movement import Judgement, StepJudge, StepOption, walk_path
from domain.resolution import Resolver
from domain.rules import RuleRef
from domain.rulesets.godsgloom.catalog import TERRAIN_TYPES, keyword, trait, unit_type
from domain.rulesets.godsgloom.charge import no_charge
from domain.rulesets.godsgloom.commands import (
    Activate,
    Displace,
    EndActivation,
    EndRound,
    GodsPushMove,
    MeleeAttack,
    Move,
    ScoutMove,
    SetUp,
    StartRound,
    Teleport,
)
from domain.rulesets.godsgloom.events import (
    ActivationEnded,
    GodsPushMoved,
    MatLaid,
    MeleeAttackDeclared,
    MeleeBarred,
    MoveActionStarted,
    RoundEnded,
    RoundStarted,
    ScoutMoved,
    TerrainPlaced,
    UnitActivated,
    UnitDisplaced,
    UnitEngaged,
    UnitPivoted,
    UnitPlaced,
    UnitTeleported,
    WoundsSuffered,
)
from domain.rulesets.godsgloom.hexgrid import FACINGS, direction_to, distance, facing_index, parse_hex
from domain.rulesets.godsgloom.movement import BREAKAWAY_MODES, LOCKED_MODES, NIMBLE_MODES, GloomMovement, choose_mode
from domain.rulesets.godsgloom.state import Activation, Facing, GloomState, GloomUnit, Terrain, Tokens
from domain.rulesets.godsgloom.view import MatView, engaged_after_own_move, rule
from domain.rulesets.godsgloom.wordings import NIMBLE_BAN, UNSTOPPABLE_BAN
from domain.state import StepItem

#: tokens a unit may carry; only Slow changes movement (-1 Speed each, option slow_speed_modifier)
TOKENS = ("slow", "boost", "morale")

ALTERNATE = rule("GODSGLOOM ACT", "players alternate activations; it is another player's turn to nominate")
ALREADY_ACTIVATED = rule("GODSGLOOM UAP.10", "only an unactivated unit may be nominated")
ONE_AT_A_TIME = rule("GODSGLOOM UAP", "one unit is activated at a time; end its activation first")
NOT_ACTIVE = rule("GODSGLOOM UAP.30", "only the unit being activated acts")
ONE_MOVE = rule("GODSGLOOM UAP.30", "a unit makes at most one Move Action per activation")
MOVE_FIRST = rule("GODSGLOOM UAP.30", "the Move Action comes before the Standard Action")
PHASE = rule("GODSGLOOM", "that command belongs to another step of the round")
OWN_UNITS = rule("GODSGLOOM", "a player acts only with their own units")
#: who plays a displace: the pushed unit's controller, as MEL.60 (digest §8) says; or the owner of
#: the unit displacing it, which MEL.60 does not say: a reading (a displacement by another unit's
#: ability, whose text is not public, is that ability's owner's)
DISPLACING_PLAYER = rule(
    "GODSGLOOM MEL.60 (the pushed unit's controller); the owner of the displacing unit: a reading",
    "a displacement is played by the owner of the unit displaced or of the unit displacing it",
)
IMMOVABLE = rule("Immovable (passive)", "enemies can't push, displace or teleport this unit", "passive")
PUSHED_ONCE = rule("GODSGLOOM GPP.10", "a unit moves once in the God's Push step")
PUSH_UNACTIVATED = rule("GODSGLOOM GPP.10", "only units unactivated this round are eligible (Tireless lifts this)")
PUSH_NOT_ENGAGED = rule("GODSGLOOM GPP.10", "an Engaged unit is not eligible (Combat Shift lifts this)")
SHIFT_UNACTIVATED = rule("GODSGLOOM §18.2 Combat Shift", "an Engaged unit is eligible only if still unactivated this round")
#: a Flying move's range: Speed hexes, or the guarantee's 1 hex (option flying_minimum_move: one_hex)
FLYING_RANGE = {
    False: rule("Flying (active)", "a Flying move teleports at most Speed hexes", "active"),
    True: rule("Flying (active); option flying_minimum_move: one_hex", "a Flying move teleports at most 1 hex at Speed 0", "active"),
}
#: §8.3's Minimum Move Guarantee not given to a Flying move (the default)
FLYING_NO_MINIMUM = rule(
    "Flying (active); option flying_minimum_move: speed_only",
    "a Flying move teleports at most Speed hexes; the Minimum Move Guarantee's 1 hex is a walking move's", "active",
)
#: how a Flying move's distance was counted, by option teleport_destination (said in a refusal)
WAY_ROUND = {"empty_within_speed": "", "path_within_speed": " along the way round Impassable hexes"}
TELEPORT_DESTINATION = rule("GODSGLOOM Teleport", "a teleported unit goes to an empty hex of the mat that is not Impassable")


@dataclass
class Walk:
    """A declared path checked against the movement model: where it really ends, and why."""

    taken: list[tuple[str, str, StepOption]] = field(default_factory=list)
    stop: RuleRef | None = None
    entered_zone: bool = False
    passed_zone: bool = False
    trampled: list[str] = field(default_factory=list)
    #: whether ``entered_zone`` and ``passed_zone`` were worked out (``GloomCommands.walk``
    #: with ``zones``): only Nimble's and Unstoppable's melee ban read them (``bar_melee``)
    zones_read: bool = False
    #: the judge's verdict on each step taken (``followed_path``), which the steps are taken
    #: with (``GloomCommands.take_walked``); None when the walk was not so followed
    verdicts: list[Judgement] | None = None


def push_eligibility(view: MatView, unit: GloomUnit) -> tuple[tuple[RuleRef, str | None] | None, list[str]]:
    """Whether a unit may move in the God's Push step (GPP.10 as modelled): unactivated and not
    Engaged; Combat Shift lifts "not Engaged" for a unit still unactivated this round, Tireless
    lifts "unactivated" (§18.2), so no trait lifts both. Returns the refusal (rule and detail),
    or the traits that made it eligible."""
    if unit.id in view.state.pushed:
        return (PUSHED_ONCE, None), []
    reasons = []
    if unit.activated:
        if not view.has(unit.id, "Tireless"):
            return (PUSH_UNACTIVATED, f"{unit.id} was activated"), []
        reasons.append("Tireless")
    if view.engaged(unit.id):
        if not view.has(unit.id, "Combat Shift"):
            return (PUSH_NOT_ENGAGED, f"{unit.id} is Engaged"), []
        if unit.activated:
            return (SHIFT_UNACTIVATED, f"{unit.id} is Engaged and was activated this round"), []
        reasons.append("Combat Shift")
    return None, reasons


def push_eligible(view: MatView, unit: GloomUnit) -> bool:
    """Whether ``push_eligibility`` lets the unit move, without its refusal or reasons written:
    the legal commands of the God's Push step ask it of every unit after every push."""
    if unit.id in view.state.pushed:
        return False
    traits = view.cast.traits[unit.id]  # ``MatView.traits``, read without its call
    if unit.activated and "Tireless" not in traits:
        return False
    return ("Combat Shift" in traits and not unit.activated) or not view.engaged(unit.id)


def note_engagement(resolver: Resolver, unit_id: str) -> None:
    """§8.3: a unit now in an enemy Engagement Zone is Engaged (``UnitEngaged``, who Engages
    it). A function of the resolver, not a handler's method: the end of every move asks it
    (``GodsgloomRuleset.move_ended``), and a handler made for that one question costs more
    than the question on a small mat (its placement keeps the answer)."""
    state = resolver.state
    found = engaged_after_own_move(state, unit_id)  # without a view of the state the steps left
    if found is not None:
        if found:
            resolver.emit(UnitEngaged, unit=unit_id, at=state.units[unit_id].location or "", by=list(found))
        return
    view = MatView.of(state)
    if view.engaged(unit_id):  # most moves end Engaged by no one: no list copied for them
        resolver.emit(UnitEngaged, unit=unit_id, at=state.units[unit_id].location or "", by=view.engaged_by(unit_id))


def followed_path(
    model: GloomMovement, unit_id: str, start: str, hexes: list[str],
) -> tuple[list[tuple[str, str, StepOption]], RuleRef | None, list[Judgement]] | None:
    """The steps ``walk_path`` takes along ``hexes``, the stop that ends them and the judge's
    verdict on each (what the move has spent with it), when it takes every step it is given up
    to that stop and does not end on a hex it may only pass; None when it would refuse one
    (``GloomCommands.walk`` then asks it, for the refusal it names).
    The same judge on the same steps (``step_option``, ``StepJudge.judge``), without the
    record of a refusal that every accepted path of a game, and of its verification, made.
    tests/godsgloom/test_walked_steps.py compares the two on every path issued.

    On a small mat the answer is kept by the placement (``Placement.walks``), with the mode,
    the unit, the path and the allowance: all else it reads is the placement's (its steps are
    ``step_option``'s, kept there too) and the judge is the mode's. Verifying a log walks every
    path of the game again on the placements the game met. The lists are shared by every
    walk that finds them, and none changes them."""
    allowance = model.allowance(unit_id)
    view = model.view
    if not view.small:
        return _followed(model, unit_id, start, hexes, allowance)
    kept = view.placing.walks
    key = (model.kept_as(unit_id), unit_id, start, tuple(hexes), allowance)
    found = kept.get(key, _UNWALKED)
    if found is _UNWALKED:
        found = kept[key] = _followed(model, unit_id, start, hexes, allowance)
    return found  # the kept answer (the sentinel is replaced above)


#: a path not yet walked on a placement (``followed_path``: None is an answer, a refusal)
_UNWALKED: Any = object()


def _followed(
    model: GloomMovement, unit_id: str, start: str, hexes: list[str], allowance: float,
) -> tuple[list[tuple[str, str, StepOption]], RuleRef | None, list[Judgement]] | None:
    """``followed_path`` worked out."""
    judge = StepJudge.of(model).judge
    step_option = model.step_option
    taken: list[tuple[str, str, StepOption]] = []
    verdicts: list[Judgement] = []
    spent: float = 0
    here = start
    first = True
    for to in hexes:
        option = step_option(unit_id, here, to)
        if option is None:
            return None
        verdict = judge(option, spent, allowance, first)
        if verdict.refusal is not None:
            return None
        spent, first = verdict.spent, False
        taken.append((here, to, option))
        verdicts.append(verdict)
        here = to
        if option.stops is not None and option.pass_only is None:
            return taken, option.stops, verdicts
    if taken and taken[-1][2].pass_only is not None:
        return None
    return taken, None, verdicts


class GloomCommands(CommandHandlers[GloomState]):
    """What each GODSGLOOM command does, recorded through the resolver of one command."""

    State = GloomState

    @property
    def activation(self) -> Activation | None:
        return self.state.activation

    def view(self) -> MatView:
        return MatView.of(self.state)

    def unit(self, unit_id: str, where: str = "unit") -> GloomUnit:
        found: GloomUnit = self.known_unit(unit_id, where, living=True)
        return found

    def facing(self, name: str, where: str) -> Facing:
        try:
            return cast(Facing, FACINGS[facing_index(name)])
        except BadInput as exc:
            raise BadInput(exc.message, where) from None

    # --- dispatch -------------------------------------------------------------------------------

    #: the handler of each command, by its class (one table, not a dict of bound methods
    #: made for every command issued)
    HANDLERS: dict[type[BaseModel], str] = {
        SetUp: "set_up", Activate: "activate", Move: "move", MeleeAttack: "melee_attack",
        EndActivation: "end_activation", EndRound: "end_round", GodsPushMove: "gods_push_move",
        StartRound: "start_round", ScoutMove: "scout_move", Displace: "displace", Teleport: "teleport",
    }

    def execute(self, command: BaseModel) -> None:
        getattr(self, self.HANDLERS[type(command)])(command)

    def require_phase(self, *phases: str) -> None:
        phase = self.state.phase
        if phase not in phases:
            raise IllegalCommand(PHASE, f"the game is in the {phase} step, not {' or '.join(phases)}")

    # --- set-up ---------------------------------------------------------------------------------

    def set_up(self, setup: SetUp) -> None:
        self.emit(MatLaid, width=setup.width, height=setup.height, phase=setup.phase)
        view = self.view()
        for i, terrain in enumerate(setup.terrain):
            where = f"setup.terrain[{i}]"
            at = self.location(terrain.at, f"{where}.at")
            if not view.on_mat(parse_hex(at)):
                raise BadInput(f"hex {terrain.at} is off the {setup.width}x{setup.height} mat", f"{where}.at")
            words: list[str] = []
            if terrain.type is not None:
                preset = next((k for k in TERRAIN_TYPES if k.casefold() == terrain.type.casefold()), None)
                if preset is None:
                    raise BadInput(f"unknown terrain type {terrain.type!r}: expected one of {', '.join(TERRAIN_TYPES)}", f"{where}.type")
                words.extend(TERRAIN_TYPES[preset])
            try:
                words.extend(keyword(k) for k in terrain.keywords)
            except BadInput as exc:
                raise BadInput(exc.message, f"{where}.keywords") from None
            self.emit(TerrainPlaced, terrain=Terrain(at=at, type=terrain.type or "terrain", keywords=sorted(set(words))))
        seen: set[str] = set()
        for i, spec in enumerate(setup.units):
            where = f"setup.units[{i}]"
            if spec.id in seen:
                raise BadInput(f"duplicate unit id {spec.id!r}", f"{where}.id")
            seen.add(spec.id)
            if spec.owner not in self.state.players:
                raise BadInput(f"unknown player {spec.owner!r}", f"{where}.owner")
            at = self.location(spec.at, f"{where}.at")
            h = parse_hex(at)
            current = self.view()
            if not current.on_mat(h):
                raise BadInput(f"hex {spec.at} is off the {setup.width}x{setup.height} mat", f"{where}.at")
            if "Impassable" in current.keywords(h):
                raise BadInput(f"hex {spec.at} is Impassable", f"{where}.at")
            if h in current.occupants:
                raise BadInput(f"hex {spec.at} is already occupied by {current.occupants[h].id}", f"{where}.at")
            try:
                traits = [trait(t).name for t in spec.traits]
                kind = unit_type(spec.type)
            except BadInput as exc:
                raise BadInput(exc.message, f"{where}.traits" if "trait" in exc.message else f"{where}.type") from None
            unknown_tokens = set(spec.tokens) - set(TOKENS)
            if unknown_tokens:
                known = ", ".join(TOKENS)
                raise BadInput(f"unknown token {sorted(unknown_tokens)[0]!r}: known tokens are {known}", f"{where}.tokens")
            self.emit(
                UnitPlaced,
                unit=GloomUnit(
                    id=spec.id, card=spec.name or spec.id, owner=spec.owner, kind=kind, location=at, traits=traits,
                    facing=self.facing(spec.facing, f"{where}.facing"), speed=spec.speed, wounds=spec.wounds,
                    tokens=Tokens(**spec.tokens), activated=spec.activated,
                ),
            )

    # --- activations ------------------------------------------------------------------------------

    def activate(self, cmd: Activate) -> None:
        self.require_phase("activation")
        unit = self.unit(cmd.unit)
        player = self.player(cmd.player, unit.owner)
        if unit.owner != player:
            raise IllegalCommand(OWN_UNITS, f"{unit.id} belongs to {unit.owner}")
        if player != self.state.active_player:
            raise IllegalCommand(ALTERNATE, f"{self.state.active_player} nominates next, not {player}")
        if self.activation is not None:
            raise IllegalCommand(ONE_AT_A_TIME, f"{self.activation.unit} is being activated")
        if unit.activated:
            raise IllegalCommand(ALREADY_ACTIVATED, f"{unit.id} was already activated this round")
        self.emit(UnitActivated, unit=unit.id, player=player, engaged_by=self.view().engaged_by(unit.id))

    def _activated(self, unit_id: str, player: str | None) -> GloomUnit:
        unit = self.unit(unit_id)
        acting = self.player(player, unit.owner)
        if unit.owner != acting:
            raise IllegalCommand(OWN_UNITS, f"{unit.id} belongs to {unit.owner}")
        activation = self.activation
        if activation is None or activation.unit != unit.id:
            if unit.activated:
                raise IllegalCommand(NOT_ACTIVE, f"{unit.id} was already activated this round")
            raise IllegalCommand(NOT_ACTIVE, f"{unit.id} is not being activated (nominate it first)")
        return unit

    def move(self, cmd: Move) -> None:
        self.require_phase("activation")
        unit = self._activated(cmd.unit, cmd.player)
        if self.activation is not None and self.activation.moved:
            raise IllegalCommand(ONE_MOVE, f"{unit.id} already made its Move Action")
        if self.activation is not None and self.activation.attacked:
            raise IllegalCommand(MOVE_FIRST, f"{unit.id} already made its Standard Action (a Melee Attack)")
        self._move_action(unit, cmd.path, cmd.pivot, cmd.face, _traits_used(cmd.use), purpose="move")

    def _move_action(
        self, unit: GloomUnit, path: list[str], pivot: str | None, face: str | None, use: str | list[str] | None, purpose: str
    ) -> Walk | None:
        """MOV.10-MOV.50: Movement Points, initial pivot, the hexes, final pivot."""
        start_facing = self.facing(pivot, "pivot") if pivot is not None else None
        final_facing = self.facing(face, "face") if face is not None else None
        view = self.view()
        chosen = _traits_used(use)
        mode, denied = choose_mode(view, unit.id, chosen)
        if denied is not None:
            raise IllegalCommand(denied, f"{unit.id} can't move that way")
        model = GloomMovement.of(self.state, mode)
        if mode != "flying":
            blocked = model.no_movement(unit.id)
            if blocked is not None:
                raise IllegalCommand(blocked, f"{unit.id} can't make a Move Action")
        hexes = [self.location(p, f"path[{i}]") for i, p in enumerate(path)]
        if hexes and hexes[0] == unit.location:
            hexes = hexes[1:]
        if mode == "flying":
            self._fly(unit, hexes, start_facing, final_facing, model)
            return None
        walk = self.walk(unit, hexes, model, zones=mode in NIMBLE_MODES or view.has(unit.id, "Unstoppable"))
        self.emit(MoveActionStarted, unit=unit.id, mode=mode, movement_points=model.allowance(unit.id))
        self.pivot(unit, start_facing, "initial")
        self.record_walk(unit, [unit.location or "", *hexes], walk, model, purpose)
        self.pivot(unit, final_facing, "final")
        self.bar_melee(unit, mode, walk)
        if walk.trampled:
            self.trample(unit, walk.trampled)
        return walk

    def walk(self, unit: GloomUnit, hexes: list[str], model: GloomMovement, zones: bool = False) -> Walk:
        """Check a declared path against the movement model as it would resolve, and note what
        the traits care about: enemies trampled and, when ``zones`` (a Nimble move, a unit with
        Unstoppable: what ``bar_melee`` reads), zone hexes entered or passed. The zones of each
        hex are read only for those: a God's Push hex, a Scout Deploy move and most Move
        Actions never ask, and the path is judged on the state before the move, so they can't
        be read later."""
        accepted = followed_path(model, unit.id, unit.location or "", hexes)
        if accepted is not None:
            walk = Walk(taken=accepted[0], stop=accepted[1], zones_read=zones, verdicts=accepted[2])
        else:
            walk = self._refused_walk(unit, hexes, model, zones)
        if walk.stop is not None and len(walk.taken) < len(hexes):
            try:
                self._check_cancelled(unit, hexes, walk, model)
            except IllegalCommand as refused:
                # a log's own command is re-issued as older versions accepted it, said in the
                # verdict (``domain.logged``): they cancelled the rest of a path unread
                if not accepted_as_logged(f"the rest of the path, cancelled at the zone stop, is refused today: {refused}"):
                    raise
        view = model.view
        for i, (_, to, option) in enumerate(walk.taken):
            if option.kind.endswith("(Trample)"):  # the only step whose occupant is read
                occupant = self._occupant(view, to)
                # one die "for each hex it moves through" (seed 001, Trample): a path that comes
                # back through the hex rolls no second die
                if occupant is not None and occupant.owner != unit.owner and occupant.id not in walk.trampled:
                    walk.trampled.append(occupant.id)
            if zones and option.pass_only is None and view.in_enemy_zone(to, unit.id):
                walk.entered_zone = True
                if i < len(hexes) - 1 and option.stops is None:
                    walk.passed_zone = True
        return walk

    def _check_cancelled(self, unit: GloomUnit, hexes: list[str], walk: Walk, model: GloomMovement) -> None:
        """The steps declared after a zone stop (§8.3), which the move will cancel, checked as
        declared: a declared path is checked whole (docs/godsgloom.md), so each of them is
        judged as if the zone had not stopped the unit (adjacency, terrain, the units where they
        stand, the Movement Points or the §8.2 step's hexes, no end in an occupied hex) and an
        illegal one refuses the command with its rule. Zone stops after the first are not read:
        every step past it is cancelled anyway. Before this, any remainder but one off the mat
        was cancelled unread, so a path through a Lake or an enemy was recorded as a move."""
        judge = StepJudge.of(model)
        allowance = model.allowance(unit.id)
        stop_at = walk.taken[-1][1] if walk.taken else unit.location or ""
        after = f"declared after the zone stop at {self.label(stop_at)}"
        here, spent = unit.location or "", 0.0
        option: StepOption | None = None
        for number, to in enumerate(hexes, start=1):
            option = model.step_option(unit.id, here, to)
            if option is None:
                raise IllegalCommand(
                    rule("GODSGLOOM MOV.30", "a unit moves hex by hex to adjacent hexes"),
                    f"step {number}: {here} -> {to} are not adjacent ({after})",
                )
            verdict = judge.judge(option, spent, allowance, number == 1)
            if verdict.over_allowance:
                detail = f"{unit.id} needs {verdict.spent:g} MP to reach {self.label(to)}, and has {allowance:g} ({after})"
                raise IllegalCommand(verdict.refusal or model.allowance_rule, detail)
            if verdict.refusal is not None:
                raise IllegalCommand(verdict.refusal, f"step {number} of {unit.id}'s path: {here} -> {to} ({after})")
            here, spent = to, verdict.spent
        if option is not None and option.pass_only is not None:
            raise IllegalCommand(option.pass_only, f"{unit.id}'s path would end at {self.label(here)} ({after})")

    @staticmethod
    def _occupant(view: MatView, to: str) -> GloomUnit | None:
        """The living unit holding hex ``to`` (``MatView.occupants``: on a small mat its
        placement's, the last in the units' order as that index keeps it, without the index
        made for one hex)."""
        if view.small:
            held = view.placing.occupant.get(to)
            return view.state.units[held] if held is not None else None
        return view.occupants.get(parse_hex(to))

    def _refused_walk(self, unit: GloomUnit, hexes: list[str], model: GloomMovement, zones: bool) -> Walk:
        """The engine's walk of a path ``followed_path`` did not accept: the refusal it names,
        raised (a path the engine's walk accepts is returned as its walk)."""
        followed = walk_path(model, unit.id, unit.location or "", hexes)
        if followed.refusal is None and followed.refused_at is not None:
            raise IllegalCommand(
                rule("GODSGLOOM MOV.30", "a unit moves hex by hex to adjacent hexes"),
                f"step {followed.refused_at}: {followed.detail} are not adjacent",
            )
        if followed.needed is not None:
            target = self.label(hexes[(followed.refused_at or 1) - 1])
            detail = f"{unit.id} needs {followed.needed:g} MP to reach {target}, and has {model.allowance(unit.id):g}"
            raise IllegalCommand(followed.refusal or model.allowance_rule, detail)
        if followed.refusal is not None:
            raise IllegalCommand(followed.refusal, f"step {followed.refused_at} of {unit.id}'s path: {followed.detail}")
        return Walk(taken=followed.taken, stop=followed.stop, zones_read=zones)

    def record_walk(self, unit: GloomUnit, path: list[str], walk: Walk, model: GloomMovement, purpose: str) -> None:
        """Declare the checked path and take its steps as the resolver would, then end the move
        (the end of the move notes who Engages the unit: ``GodsgloomRuleset.move_ended``).

        The steps are the walk's: ``take_walked`` records them with the verdicts the walk's
        judge gave them (``Walk.verdicts``) where the resolver would reach the same ones, and
        leaves the rest of the storyline, if any, to the resolver."""
        if len(path) < 2:
            return
        move_id = self.resolver.declare_path(unit.id, path, purpose, model.allowance(unit.id))
        self.take_walked(move_id, unit.id, path, walk)
        self.resolver.run_to_end()

    def take_walked(self, move_id: str, unit_id: str, path: list[str], walk: Walk) -> None:
        """Resolve a path just declared with the walk's verdicts, as ``Resolver.resolve_step``
        would with the judge's: each step taken (``StepTaken``), the steps a stop cuts off
        cancelled (``StepsCancelled``), the move ended (``MoveEnded``, then ``move_ended``).

        The walk judged each step on the state before the move; the resolver would judge it
        on the state the steps before it left. A GODSGLOOM step reads the cast (options, mat,
        the units' types, traits and sides), the mode, what the move has spent, and where
        the other units stand and face (who holds the hex entered, whose zones cover it); of
        all that, only the mover's own place and facing change between the two (the events
        in between are the command's own: the push or Move Action marked, the initial pivot,
        the path declared, the steps before; GODSGLOOM has no triggered ability to add
        others), so the verdicts are the same, and resolving a step no longer makes the view,
        the model and the placement of each state the move passes through. Anything else on
        the storyline, or a path that repeats a step (the resolver refuses the repeat), is
        left to the resolver, as is a walk with no verdicts (``Walk.verdicts``).
        tests/godsgloom/test_walked_steps.py judges every step taken again, as the resolver
        would, on the state it was taken from."""
        state = self.state
        storyline = state.storyline
        steps = len(path) - 1
        if (
            len(storyline) != steps or state.unordered or state.choice is not None
            or len(set(zip(path, path[1:], strict=False))) != steps
        ):
            return
        verdicts = walk.verdicts
        if verdicts is None:
            return
        resolver = self.resolver
        take = self.rules.take_step
        for number, verdict in enumerate(verdicts):
            item = storyline[0]
            assert isinstance(item, StepItem) and item.move_id == move_id and item.index == number  # declared just now
            if not take(resolver, item, verdict):
                return  # the ruleset ended the move itself
        left = steps - len(walk.taken)
        if left:  # a step stopped the move (the walk stopped there too): the rest is cancelled
            resolver.emit(StepsCancelled, move_id=move_id, unit=unit_id, steps=left, reason=str(walk.stop))
        resolver.end_move(move_id)

    def note_engagement(self, unit_id: str) -> None:
        note_engagement(self.resolver, unit_id)

    def pivot(self, unit: GloomUnit, facing: str | None, when: str) -> None:
        current = self.state.units[unit.id].facing
        if facing is not None and facing != current:
            self.emit(UnitPivoted, unit=unit.id, frm=current, facing=facing, when=when)

    def bar_melee(self, unit: GloomUnit, mode: str, walk: Walk) -> None:
        """Moves that cost the Melee Attack Action: §8.2, Nimble through a zone, Unstoppable used."""
        view = self.view()
        reason: str | None = None
        if mode in ("engaged_step", "engaged_trample"):
            reason = "GODSGLOOM §8.2: it started its activation Engaged"
        elif mode in NIMBLE_MODES:
            assert walk.zones_read, "a Nimble move's walk reads the zones"
            crossed = walk.passed_zone if view.options.nimble_melee_ban == "if_passed_through_zone" else walk.entered_zone
            if crossed:
                reason = NIMBLE_BAN
                # Unstoppable (passive) passed the zone too (``_zone_stop`` reads it first), and
                # takes the Melee Attack for it as well: the reason names both traits
                if view.has(unit.id, "Unstoppable") and walk.passed_zone and mode not in LOCKED_MODES:
                    reason = f"{NIMBLE_BAN}; {UNSTOPPABLE_BAN}"
        elif view.has(unit.id, "Unstoppable"):
            assert walk.zones_read, "an Unstoppable unit's walk reads the zones"
            started_engaged = bool(self.activation.engaged_by) if self.activation is not None else False
            # option when_used: Unstoppable is used when it gave a unit that started Engaged its
            # Move Action (not when Breakaway did: seed 001 Breakaway costs no Melee Attack) or
            # took the unit on through an enemy zone; never in a Trample move Lockdown leaves a
            # unit (``LOCKED_MODES``: it gives no Move Action there, and passes no zone)
            used = ((started_engaged and mode not in BREAKAWAY_MODES) or walk.passed_zone) and mode not in LOCKED_MODES
            if view.options.unstoppable_melee_ban == "always_after_move" and walk.taken:
                used = True
            if used:
                reason = UNSTOPPABLE_BAN
        if reason is not None:
            self.emit(MeleeBarred, unit=unit.id, rule=reason)

    def trample(self, unit: GloomUnit, trampled: list[str]) -> None:
        """Trample: one Attack Die per enemy-occupied hex passed, rolled after the move; a
        success is one Wound; no reroll (§18.2). Odds: options attack_die_faces/_success."""
        options = self.state.options
        faces, success = options.attack_die_faces, options.attack_die_success
        for victim in trampled:
            (result,) = roll(self.game, 1, faces, f"Trample: {unit.id} through {victim}", self.cause)
            if result >= success:
                left = self.state.units[victim].wounds - 1
                self.emit(WoundsSuffered, unit=victim, wounds=1, left=left, source=f"Trample by {unit.id}")
                if left <= 0:
                    self.emit(UnitDied, unit=victim, at=self.state.units[victim].location, rule=rule("GODSGLOOM", "a unit with no Wounds left is destroyed"))

    def _fly(self, unit: GloomUnit, hexes: list[str], start_facing: str | None, final_facing: str | None, model: GloomMovement) -> None:
        destination = self._flight(unit, hexes, model)
        self.emit(MoveActionStarted, unit=unit.id, mode="flying", movement_points=model.view.speed(unit.id))
        self.pivot(unit, start_facing, "initial")
        self._teleported(unit, destination)
        self.pivot(unit, final_facing, "final")
        self.bar_melee_after_flight(unit)

    def bar_melee_after_flight(self, unit: GloomUnit) -> None:
        """Seed 001 Unstoppable's lost Melee Attack after a Flying Move Action, which has no
        walk for ``bar_melee`` to read: under option unstoppable_melee_ban always_after_move any
        move of a hex or more costs it, a flight too; under when_used only a flight that
        Unstoppable gave a unit that started its activation Engaged (a flight passes no zone).
        A flyer with Breakaway too had the flight from Breakaway, which costs no Melee Attack
        (seed 001 Breakaway; a flight names no other trait, so it can't be declared as
        Breakaway's): as a walk declared with Breakaway, it keeps its attack."""
        view = self.view()
        if not view.has(unit.id, "Unstoppable"):
            return
        activation = self.activation
        started_engaged = activation is not None and bool(activation.engaged_by)
        relied = started_engaged and not view.has(unit.id, "Breakaway")
        if view.options.unstoppable_melee_ban == "always_after_move" or relied:
            self.emit(MeleeBarred, unit=unit.id, rule=UNSTOPPABLE_BAN)

    def _teleported(self, unit: GloomUnit, destination: str) -> None:
        self.emit(UnitTeleported, unit=unit.id, frm=unit.location or "", to=destination, reason="Flying")
        if self.state.options.teleport_arrival_engages:
            self.note_engagement(unit.id)

    def _flight(self, unit: GloomUnit, hexes: list[str], model: GloomMovement) -> str:
        """The destination of a Flying move declared as ``hexes``, checked: on the mat, empty,
        enterable, within Speed hexes as option teleport_destination counts them."""
        if not hexes and unit.location is not None:  # nothing, or only its own hex (dropped)
            raise BadInput(f"a Flying move names one destination hex, not the hex {unit.id} stands on", "path")
        if len(hexes) != 1:
            raise BadInput("a Flying move names exactly one destination hex", "path")
        destination = hexes[0]
        option = next((o for o in model.teleport_options(unit.id) if o.to == destination), None)
        if option is None:
            raise IllegalCommand(rule("Flying (active)", "the destination must be on the mat"), f"{self.label(destination)}")
        if option.blocked is not None:
            raise IllegalCommand(option.blocked, f"Flying to {self.label(destination)}")
        speed = model.view.speed(unit.id)
        flight = model.flight_range(unit.id)
        if option.cost > flight:
            detail = f"{self.label(destination)} is {option.cost} hexes away{WAY_ROUND[self.state.options.teleport_destination]}; Speed is {speed}"
            if option.cost == 1 and flight < 1:  # what §8.3's guarantee would give a walking move
                raise IllegalCommand(FLYING_NO_MINIMUM, detail)
            raise IllegalCommand(FLYING_RANGE[flight != speed], detail)
        return destination

    def melee_attack(self, cmd: MeleeAttack) -> None:
        self.require_phase("activation")
        unit = self._activated(cmd.unit, cmd.player)
        target = self.unit(cmd.target, "target")
        activation = self.activation
        assert activation is not None
        if activation.attacked:
            raise IllegalCommand(rule("GODSGLOOM UAP.30", "one Standard Action per activation"))
        if activation.melee:
            raise IllegalCommand(rule("GODSGLOOM", activation.melee), f"{unit.id} can't make a Melee Attack Action this activation")
        if target.owner == unit.owner:
            raise IllegalCommand(rule("GODSGLOOM MEL", "a Melee Attack targets an enemy"))
        here, there = parse_hex(unit.location or ""), parse_hex(target.location or "")
        d = direction_to(here, there)
        if d is None:
            raise IllegalCommand(rule("GODSGLOOM MEL", "the target must be in an adjacent hex"), f"{target.id} is {distance(here, there)} hexes away")
        barred = no_charge(self.state, unit.id, target.id)
        if barred is not None:
            raise IllegalCommand(barred)
        self.pivot(unit, FACINGS[d], "melee")
        self.emit(MeleeAttackDeclared, unit=unit.id, target=target.id)

    def end_activation(self, cmd: EndActivation) -> None:
        self.require_phase("activation")
        activation = self.activation
        if activation is None:
            raise IllegalCommand(rule("GODSGLOOM UAP.40", "no unit is being activated"))
        unit = self.state.units[activation.unit]
        player = self.player(cmd.player, unit.owner)
        if player != unit.owner:
            raise IllegalCommand(OWN_UNITS, f"{unit.id}'s activation belongs to {unit.owner}")
        opponent = self.state.opponent_of(unit.owner)
        waiting = False  # whether the opponent has a unit left to nominate: read up to the first
        for other in self.state.units.values():
            if other.alive and other.location and other.owner == opponent and not other.activated:
                waiting = True
                break
        self.emit(ActivationEnded, unit=unit.id, next_player=opponent if waiting else unit.owner)

    def end_round(self, cmd: EndRound) -> None:
        self.require_phase("activation")
        if self.activation is not None:
            raise IllegalCommand(ONE_AT_A_TIME, f"{self.activation.unit} is still being activated")
        self.emit(RoundEnded, round=self.state.round)

    def gods_push_move(self, cmd: GodsPushMove) -> None:
        """The God's Push step (assumption, options gods_push_*): an eligible unit moves 1 hex.
        Eligible: unactivated and not Engaged; Combat Shift lifts "not Engaged", Tireless lifts
        "unactivated" (§18.2)."""
        self.require_phase("gods_push")
        if self.state.options.gods_push_move == "disabled":
            raise IllegalCommand(rule("option gods_push_move", "the God's Push move is disabled in this scenario"))
        unit = self.unit(cmd.unit)
        player = self.player(cmd.player, unit.owner)
        if unit.owner != player:
            raise IllegalCommand(OWN_UNITS, f"{unit.id} belongs to {unit.owner}")
        refusal, reasons = push_eligibility(self.view(), unit)
        if refusal is not None:
            raise IllegalCommand(*refusal)
        model = GloomMovement.of(self.state, "push")
        to = self.location(cmd.to, "to")
        walk = self.walk(unit, [to], model)
        self.emit(GodsPushMoved, unit=unit.id, eligible_because=", ".join(reasons) or "unactivated and not Engaged")
        self.record_walk(unit, [unit.location or "", to], walk, model, "gods_push")
        self.pivot(unit, self.facing(cmd.face, "face") if cmd.face else None, "final")

    def start_round(self, cmd: StartRound) -> None:
        self.require_phase("pregame", "gods_push")
        first = self.player(cmd.first_player, self.state.players[0])
        number = self.state.round + (0 if self.state.phase == "pregame" else 1)
        self.emit(RoundStarted, round=number, first_player=first)

    def scout_move(self, cmd: ScoutMove) -> None:
        self.require_phase("pregame")
        unit = self.unit(cmd.unit)
        player = self.player(cmd.player, unit.owner)
        if unit.owner != player:
            raise IllegalCommand(OWN_UNITS, f"{unit.id} belongs to {unit.owner}")
        view = self.view()
        if not view.has(unit.id, "Scout Deploy"):
            raise IllegalCommand(rule("Scout Deploy (active)", "only units with Scout Deploy move before the game"), f"{unit.id} lacks Scout Deploy")
        if unit.scouted:
            raise IllegalCommand(rule("Scout Deploy (active)", "one free Move Action before the game"))
        # a free Move Action: the Active movement traits work in it as in any (seed 001)
        mode, denied = choose_mode(view, unit.id, _traits_used(cmd.use), in_activation=False)
        if denied is not None:
            raise IllegalCommand(denied, f"{unit.id} can't move that way")
        model = GloomMovement.of(self.state, mode)
        if mode != "flying" and (blocked := model.no_movement(unit.id)) is not None:  # Lockdown forbids any Move Action
            raise IllegalCommand(blocked, f"{unit.id} can't make a Move Action")
        hexes = [self.location(p, f"path[{i}]") for i, p in enumerate(cmd.path)]
        if hexes and hexes[0] == unit.location:
            hexes = hexes[1:]
        if mode == "flying":
            end = self._flight(unit, hexes, model)
        else:
            walk = self.walk(unit, hexes, model)
            end = walk.taken[-1][1] if walk.taken else unit.location or ""
        # who would Engage it is option engaged_rule's (under mutual_adjacent an enemy behind the
        # hex too), so the refusal names those enemies, not a zone the hex may not be in
        engaged = view.engaged_by(unit.id, parse_hex(end))
        if engaged:
            raise IllegalCommand(rule("Scout Deploy (active)", "the free move can't end where the unit would be Engaged"), f"{unit.id} would be Engaged at {self.label(end)} by {', '.join(engaged)}")
        self.emit(ScoutMoved, unit=unit.id)
        if mode == "flying":
            self._teleported(unit, end)
        else:
            # the path's purpose names a mode other than the normal one, for the steps' judge
            purpose = "scout_deploy" if mode == "normal" else f"scout_deploy {mode}"
            self.record_walk(unit, [unit.location or "", *hexes], walk, model, purpose)
            if walk.trampled:
                self.trample(unit, walk.trampled)
        self.pivot(unit, self.facing(cmd.face, "face") if cmd.face else None, "final")

    def displace(self, cmd: Displace) -> None:
        unit = self.unit(cmd.unit)
        by = self.unit(cmd.by, "by")
        # a push is one unit's of another (MEL.60: the winner pushes the loser); ``by`` naming
        # the unit itself was not refused before, so a log's own is re-issued as logged, said so
        if by.id == unit.id and not accepted_as_logged(f"{unit.id} displaced by itself (displace did not check by)"):
            raise BadInput(f"names {unit.id}, the unit displaced: a unit is displaced by another unit", "by")
        # a player named is checked: MEL.60 (digest §8) has the pushed unit's own controller
        # displace it; that a displacement by another unit's ability (not public) is that
        # ability's owner's is a reading: so the owner of ``unit`` or of ``by`` (``by``'s when
        # none is named); anyone else is refused. It was not read before, so a log's own
        # displace naming another player is re-issued as logged, said so
        player = self.player(cmd.player, by.owner)
        if player not in (unit.owner, by.owner) and not accepted_as_logged(
            f"neither {unit.id} nor {by.id} belongs to {player} (displace did not check the player)"
        ):
            raise IllegalCommand(DISPLACING_PLAYER, f"{unit.id} belongs to {unit.owner}, {by.id} to {by.owner}")
        to = self.location(cmd.to, "to")
        view = self.view()
        if by.owner != unit.owner and view.has(unit.id, "Immovable"):
            raise IllegalCommand(IMMOVABLE, f"{by.id} can't displace {unit.id}")
        here, there = parse_hex(unit.location or ""), parse_hex(to)
        if direction_to(here, there) is None:
            raise IllegalCommand(rule("GODSGLOOM MEL.60", "a push moves the unit 1 hex"))
        if not view.on_mat(there) or "Impassable" in view.keywords(there) or there in view.occupants:
            raise IllegalCommand(rule("GODSGLOOM MEL.60", "a pushed unit goes to an empty, enterable hex"), f"{self.label(to)}")
        self.emit(UnitDisplaced, unit=unit.id, frm=unit.location or "", to=to, by=by.id)

    def teleport(self, cmd: Teleport) -> None:
        """``by`` teleports ``unit`` (seed 001: Immovable refuses an enemy's teleport, Lockdown
        doesn't restrict it). The Teleport mechanic is not public: like Flying's destination, the
        hex must be on the mat, not Impassable and empty (§8.1: never ending in an occupied hex);
        no range is enforced. Arriving in an enemy zone engages under the same option as Flying,
        teleport_arrival_engages."""
        unit = self.unit(cmd.unit)
        by = self.unit(cmd.by, "by")
        player = self.player(cmd.player, by.owner)
        if player != by.owner:
            raise IllegalCommand(OWN_UNITS, f"{by.id} belongs to {by.owner}")
        to = self.location(cmd.to, "to")
        view = self.view()
        if by.owner != unit.owner and view.has(unit.id, "Immovable"):
            raise IllegalCommand(IMMOVABLE, f"{by.id} can't teleport {unit.id}")
        there = parse_hex(to)  # on the mat: ``location`` refuses a hex off it
        if "Impassable" in view.keywords(there):
            raise IllegalCommand(TELEPORT_DESTINATION, f"{self.label(to)} is Impassable")
        if there in view.occupants:
            raise IllegalCommand(TELEPORT_DESTINATION, f"{self.label(to)} is occupied by {view.occupants[there].id}")
        self.emit(UnitTeleported, unit=unit.id, frm=unit.location or "", to=to, reason=f"teleported by {by.id}")
        if self.state.options.teleport_arrival_engages:
            self.note_engagement(unit.id)


def _traits_used(use: str | list[str] | None) -> list[str] | None:
    """The traits a ``use`` names, as the catalog names them; BadInput (field ``use``) for one
    it does not know."""
    if use is None:
        return None
    try:
        return [trait(name).name for name in ([use] if isinstance(use, str) else use)]
    except BadInput as exc:
        raise BadInput(exc.message, "use") from None
