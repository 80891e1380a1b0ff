"""What each Tiny Epic Tactics command does.

A command is checked whole before anything is recorded (a command is atomic): the turn
structure (``turns.py``), then the move's path walked with the step judge over the movement
model, or the attack's target and range (``combat.py``). Then the action is recorded, a move's
path is declared and the engine's resolver takes it one step at a time with the same judge,
queueing a Village's trigger when a step enters one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from pydantic import BaseModel

from domain.cached import cached_property
from domain.errors import BadInput, IllegalCommand
from domain.handlers import CommandHandlers
from domain.movement import Judgement, StepOption, find_option, walk_path
from domain.resolution import Resolver
from domain.rules import RuleRef
from domain.ruleset import known_player
from domain.rulesets.tinyepic import turns
from domain.rulesets.tinyepic.combat import Combat, ballista_refusal, melee_refusal, ranged_refusal
from domain.rulesets.tinyepic.commands import (
    TERRAIN_MARKS,
    EndTurn,
    FireBallista,
    MeleeAttack,
    MissileAttack,
    Move,
    PayToRemoveWeakened,
    SetUp,
    SpellAttack,
    UnitSetup,
)
from domain.rulesets.tinyepic.events import ActionTaken, BoardLaid, UnitPlaced, UnitWeakened
from domain.rulesets.tinyepic.grid import parse_space
from domain.rulesets.tinyepic.locations import LOCATIONS, kept_location, kept_locations, label
from domain.rulesets.tinyepic.movement import STEP_JUDGE, TetMovement, clear_path, shortfall
from domain.rulesets.tinyepic.options import Terrain
from domain.rulesets.tinyepic.state import Action, TetState, TetUnit
from domain.rulesets.tinyepic.view import GridView, rule
from domain.state import StepItem

TERRAINS: tuple[Terrain, ...] = ("plains", "bridge", "water", "forest", "peak", "village", "portal", "ballista")
MAX_SIDE = 60

NOT_A_STEP = rule("seed 003, Movement", "a unit moves space by space to an adjacent space, or from a portal to another")
GOES_NOWHERE = rule("seed 003, Movement", "a move enters at least one space")
OWN_UNITS = rule("Tiny Epic Tactics", "a player acts only with their own units")
GONE = rule("Tiny Epic Tactics", "the unit is no longer on the board")


def _fail(refusal: tuple[RuleRef, str] | None) -> None:
    if refusal is not None:
        raise IllegalCommand(*refusal)


class TetCommands(CommandHandlers[TetState]):
    """What each command does, recorded through the resolver of one command."""

    State = TetState

    @cached_property
    def combat(self) -> Combat:
        """The attacks' resolution, made for the commands that attack (most commands move)."""
        return Combat(self.resolver)

    def view(self) -> GridView:
        return GridView(self.state)

    def unit(self, unit_id: str, where: str = "unit") -> TetUnit:
        # a known id is read directly (every command names one or two units); an unknown one
        # is refused by ``known_unit``, which names the closest
        found: TetUnit | None = self.state.units.get(unit_id)
        if found is None:
            found = self.known_unit(unit_id, where)
            assert found is not None  # ``known_unit`` refuses an unknown id
        if not found.alive or found.location is None:
            raise IllegalCommand(GONE, f"{unit_id} was removed")
        return found

    def path(self, texts: list[str]) -> list[str]:
        """The spaces a path names, as ``location`` reads each (``BadInput`` names the step's
        field), by the ruleset's own reading directly, kept per text with the board
        (``kept_location``): a path names a space per step."""
        state = self.state
        known = kept_locations(state)
        found: list[str] = []
        for i, text in enumerate(texts):
            at = known.get(text)
            if at is None:
                try:
                    at = kept_location(state, text)
                except BadInput as exc:
                    raise BadInput(exc.message, f"path[{i}]") from None
            found.append(at)
        return found

    def acting(self, unit_id: str, player: str | None) -> TetUnit:
        unit = self.unit(unit_id)
        if player is not None and player != unit.owner:  # a command naming the unit's owner, or none, acts
            self.player(player, unit.owner)  # an unknown player is named as such (``BadInput``)
            raise IllegalCommand(OWN_UNITS, f"{unit.id} belongs to {unit.owner}")
        return unit

    # --- dispatch -------------------------------------------------------------------------------

    def execute(self, command: BaseModel) -> None:
        HANDLERS[type(command)](self, command)

    # --- set-up ---------------------------------------------------------------------------------

    def set_up(self, setup: SetUp) -> None:
        width, height, levels, terrain = read_board(setup)
        self.emit(BoardLaid, width=width, height=height, levels=levels, terrain=terrain)
        counts: dict[str, int] = {}
        for spec in setup.units:
            counts[spec.owner] = counts.get(spec.owner, 0) + 1
        seen: set[str] = set()
        for i, spec in enumerate(setup.units):
            where = f"setup.units[{i}]"
            if spec.id in seen:
                raise BadInput(f"duplicate unit id {spec.id!r}", f"{where}.id")
            seen.add(spec.id)
            if spec.owner not in self.state.players:
                raise BadInput(f"unknown player {spec.owner!r}: the players are {', '.join(self.state.players)}", f"{where}.owner")
            at = self.location(spec.at, f"{where}.at")
            holder = self.view().occupants.get(parse_space(at))
            if holder is not None:
                raise BadInput(f"space {spec.at} already holds {holder.id}: one unit per space", f"{where}.at")
            if spec.weakened and counts[spec.owner] < 3:
                raise BadInput(f"{spec.owner} has {counts[spec.owner]} units: Weakened tokens are used only with three or more", f"{where}.weakened")
            self.emit(UnitPlaced, unit=self.new_unit(spec, at, where))

        turns.start_turn(self.resolver, self.state.active_player, self.state.turn)

    def new_unit(self, spec: UnitSetup, at: str, where: str) -> TetUnit:
        movement = spec.movement if spec.movement is not None else self.state.options.movement_values.get(spec.unit_class)
        if movement is None:
            raise BadInput(
                f"no Movement for {spec.id}: give movement, or option movement_values for {spec.unit_class} "
                "(the cards' values are not public)", f"{where}.movement",
            )
        maxima = {"health": spec.max_health, "ammo": spec.max_ammo, "mana": spec.max_mana}
        values = {"health": spec.health, "ammo": spec.ammo, "mana": spec.mana}
        for name, most in maxima.items():
            if most is not None and values[name] > most:
                raise BadInput(f"{name} {values[name]} is more than max_{name} {most}", f"{where}.{name}")
        return TetUnit(
            id=spec.id, card=spec.name or spec.id, owner=spec.owner, kind=spec.unit_class, location=at,
            movement=movement, health=spec.health, max_health=spec.max_health or spec.health, ammo=spec.ammo,
            max_ammo=spec.ammo if spec.max_ammo is None else spec.max_ammo, mana=spec.mana,
            max_mana=spec.mana if spec.max_mana is None else spec.max_mana, melee=spec.melee, missile=spec.missile,
            spell=spec.spell, ranged_damage=spec.ranged_damage, miss_dice=spec.miss_dice, weakened=spec.weakened,
            weakened_turn=0 if spec.weakened else None,
        )

    # --- actions --------------------------------------------------------------------------------

    def begin(self, unit: TetUnit, action: Action) -> None:
        turns.begin_action(self.resolver, unit, action)

    def move(self, cmd: Move) -> None:
        handle_move(self.resolver, cmd)

    def _walk(self, unit: TetUnit, start: str, steps: list[str]) -> None:
        """Walk a path that is not plainly clear with the step judge (``walk_path``), refusing
        it at the first step it can't take, as the rule that step breaks says."""
        model = TetMovement(self.state)
        walk = walk_path(model, unit.id, start, steps)
        if walk.refused_at is not None:
            number = walk.refused_at
            frm, to = ([start, *steps])[number - 1], steps[number - 1]
            if walk.needed is not None:
                option = find_option(model, unit.id, frm, to)
                refusal = shortfall(model, unit.id, frm, to, option.kind if option else "step", walk.spent)
                raise IllegalCommand(refusal, f"{unit.id} needs {walk.needed:g} to reach {label(self.state, to)}, and has {unit.movement}")
            if walk.refusal is None:
                raise IllegalCommand(NOT_A_STEP, f"step {number}: {walk.detail} are not adjacent")
            raise IllegalCommand(walk.refusal, f"step {number} of {unit.id}'s path: {walk.detail}")

    def melee_attack(self, cmd: MeleeAttack) -> None:
        unit = self.acting(cmd.unit, cmd.player)
        target = self.unit(cmd.target, "target")
        _fail(turns.action_refusal(self.state, unit, "melee"))
        _fail(melee_refusal(self.view(), unit, target))
        self.begin(unit, "melee")
        self.combat.attack(unit.id, target.id, "melee", knock_back=cmd.knock_back)

    def missile_attack(self, cmd: MissileAttack) -> None:
        self._ranged(cmd.unit, cmd.player, cmd.target, "missile")

    def spell_attack(self, cmd: SpellAttack) -> None:
        self._ranged(cmd.unit, cmd.player, cmd.target, "spell")

    def _ranged(self, unit_id: str, player: str | None, target_id: str, kind: Literal["missile", "spell"]) -> None:
        unit = self.acting(unit_id, player)
        target = self.unit(target_id, "target")
        _fail(turns.action_refusal(self.state, unit, kind))
        _fail(ranged_refusal(self.view(), unit, target, kind))
        self.begin(unit, kind)
        self.combat.attack(unit.id, target.id, kind)

    def fire_ballista(self, cmd: FireBallista) -> None:
        unit = self.acting(cmd.unit, cmd.player)
        target = self.unit(cmd.target, "target")
        _fail(turns.action_refusal(self.state, unit, "ballista"))
        _fail(ballista_refusal(self.view(), unit, target, cmd.direction))
        self.begin(unit, "ballista")
        self.combat.attack(unit.id, target.id, "ballista", direction=cmd.direction)

    def pay_to_remove_weakened(self, cmd: PayToRemoveWeakened) -> None:
        unit = self.acting(cmd.unit, cmd.player)
        _fail(turns.pay_refusal(self.state, unit))
        turns.pay_to_remove(self.resolver, unit)

    def end_turn(self, cmd: EndTurn) -> None:
        handle_end_turn(self.resolver, cmd)


#: each command's handler, by the command's class (looked up once per command, not bound anew)
HANDLERS: dict[type[BaseModel], Any] = {
    SetUp: TetCommands.set_up,
    Move: TetCommands.move,
    MeleeAttack: TetCommands.melee_attack,
    MissileAttack: TetCommands.missile_attack,
    SpellAttack: TetCommands.spell_attack,
    FireBallista: TetCommands.fire_ballista,
    PayToRemoveWeakened: TetCommands.pay_to_remove_weakened,
    EndTurn: TetCommands.end_turn,
}


def handle_move(resolver: Resolver, cmd: Move) -> None:
    """A Move, handled off the resolver alone: the handlers' object (``TetCommands``) is made
    only to refuse a unit it may not move, to read a path's texts the board has not read
    before, or to walk a path that is not plainly clear. Moves are most of a game's commands,
    issued in the game and again in its verification, and a handlers' object costs a call to
    make and another to read its state."""
    state: TetState = resolver.state  # type: ignore[assignment]  # the ruleset's own state
    # ``acting(cmd.unit, cmd.player)``, inline for a unit on the board that the command may
    # move (every Move, in a game and again in its verification); else ``acting`` refuses
    unit = state.units.get(cmd.unit)
    player = cmd.player
    if unit is None or not unit.alive or unit.location is None or (player is not None and player != unit.owner):
        unit = TetCommands(resolver).acting(cmd.unit, player)
    # ``action_refusal`` is asked only of a unit that has acted this turn or is Weakened, or of
    # another player's, or once three actions are taken: it refuses none other (most moves)
    if unit.actions or unit.weakened or unit.owner != state.active_player or state.actions_taken >= turns.ACTIONS_PER_TURN:
        refusal = turns.action_refusal(state, unit, "move")
        if refusal is not None:  # ``_fail``, inline: most commands are moves
            raise IllegalCommand(*refusal)
    start = unit.location or ""
    # ``path(cmd.path)``: each text as the board read it before (``kept_locations``, off the
    # board's indexes directly), else ``path`` reads them (and names a bad one)
    known: dict[str, str] | None = state.__pydantic_private__["_board"].get(LOCATIONS)  # type: ignore[index]  # ``board_index``'s dict
    steps: list[str] = list(map(known.get, cmd.path)) if known else []  # type: ignore[arg-type]  # None checked next
    if not steps or None in steps:
        steps = TetCommands(resolver).path(cmd.path)
    if steps and steps[0] == start:
        steps = steps[1:]
    if not steps:
        raise IllegalCommand(GOES_NOWHERE, f"{unit.id}'s path names no space to enter")
    options = clear_path(state, unit, start, steps)  # a listed path is clear
    if options is None:
        TetCommands(resolver)._walk(unit, start, steps)
    # ``turns.begin_action(resolver, unit, "move")``, inline (``action_effect``: the action's
    # number, and a unit's second action Weakens it while tokens are in use): most commands move
    weakens = len(unit.actions) == 1 and turns.tokens_in_use(state, unit.owner)
    resolver.emit(ActionTaken, unit=unit.id, action="move", number=state.actions_taken + 1)
    if weakens:
        resolver.emit(UnitWeakened, unit=unit.id, turn=state.turn)
    # ``TetMovement.allowance``: the unit's Movement (an action's events change the unit in place)
    move_id = resolver.declare_path(unit.id, [start, *steps], "move", unit.movement)
    if options is not None:
        take_checked_steps(resolver, move_id, options)


def take_checked_steps(resolver: Resolver, move_id: str, options: list[StepOption]) -> None:
    """Take a Move's steps just declared with the options its path check found
    (``movement.clear_path``), as ``Resolver.resolve_step`` would with the options
    ``TetMovement.step_option`` finds, until a step queues a triggered ability: from there
    on the resolver judges each step again, on the state the ability leaves.

    The path was checked on the state before the move; the resolver judges each step on the
    state the events before it left. A Tiny Epic Tactics step's option reads the board and the
    options (fixed for the game), the Ballista each unit started its turn on (set when a turn
    starts) and who stands where (each living unit's space and side). The events in between
    are this command's own: the action taken (``ActionTaken``, perhaps ``UnitWeakened``, the
    mover's actions and token), the path declared, and the steps before, which move the mover
    alone (a space it left holds none other; one it returns to was its own). None of them
    moves, kills or turns another unit, so each option is the one the resolver would find.
    A triggered ability may (a Village heals only, but the argument does not rest on that): the
    first step that queues one ends this, and every step after it is judged as before. What
    the move has spent, its allowance and its first step are the move's own, read as each
    step is taken; the verdict is the step judge's (``STEP_JUDGE``, the model's: no tolerance,
    no first-step guarantee) on a step it takes, made here, and every other step is left to it.
    Anything else on the storyline, a step not where the mover stands or a verdict that is
    not a step taken is left to the resolver, which judges it and names its rule.
    tests/tiny_epic_tactics/test_checked_steps.py plays each Move both ways and compares the
    events, and holds a path an earlier step's trigger blocks to the refusal it had."""
    state = resolver.state
    storyline = state.storyline
    if len(storyline) != len(options) or state.unordered or state.choice is not None:
        return
    move = state.moves[move_id]
    units = state.units
    take = resolver.take_step  # ``TinyEpicTacticsRuleset.take_step`` of a step that is no fall
    limit = STEP_JUDGE.limit(move.allowance)  # the move's own allowance: one limit for its steps
    for option in options:
        item = storyline[0]
        if type(item) is not StepItem or item.move_id != move_id or item.to != option.to:
            return  # not this move's next step (nothing else is queued here): the resolver's
        unit = units[item.unit]
        if unit.location != item.frm or not unit.alive:
            return
        # ``STEP_JUDGE.judge``'s verdict on a step it takes (no rule blocks it, and what the move
        # has spent with it is within the limit), made here; any other the resolver judges
        # again (refuses it by its rule, or stops the move), as it does a fall, which the
        # ruleset's ``take_step`` would hurt (a Move never falls: only a knock back does)
        spent = move.paid_steps + option.cost
        if option.blocked is not None or spent > limit or option.stops is not None or option.kind == "fall":
            return
        take(item, Judgement(option, spent))
        if item.last:
            resolver.end_move(move_id)  # as ``resolve_step`` ends it, before any trigger resolves
            return
        if state.unordered or state.choice is not None:
            return  # a triggered ability fired: it resolves first, then the resolver goes on


def handle_end_turn(resolver: Resolver, cmd: EndTurn) -> None:
    """An end of turn, handled off the resolver alone (see ``handle_move``): a command naming no
    player, or the active one, ends the turn; another is refused, an unknown one named as
    such (``known_player``, as ``CommandHandlers.player`` asks it)."""
    state: TetState = resolver.state  # type: ignore[assignment]  # the ruleset's own state
    active = state.active_player
    player = cmd.player
    if player is not None and player != active:
        player = known_player(state, player, active)  # an unknown player is bad input
        raise IllegalCommand(turns.NOT_ACTIVE, f"it is {active}'s turn, not {player}'s")
    turns.end_turn(resolver, active)


def _on_handlers(handler: Callable[[TetCommands, Any], None]) -> Callable[[Resolver, Any], None]:
    """A handler of ``TetCommands`` called on handlers made for the command's resolver."""

    def run(resolver: Resolver, command: Any) -> None:
        handler(TetCommands(resolver), command)

    run.__doc__ = handler.__doc__
    return run


#: each command's handler called with the command's resolver (``TinyEpicTacticsRuleset.execute``):
#: a Move and an end of turn directly, the others on handlers made for them
DISPATCH: dict[type[BaseModel], Callable[[Resolver, Any], None]] = {
    kind: handle_move if kind is Move else handle_end_turn if kind is EndTurn else _on_handlers(handler)
    for kind, handler in HANDLERS.items()
}


def read_board(setup: SetUp) -> tuple[int, int, list[list[int]], list[list[Terrain]]]:
    """The board's rows of terrain and levels, checked: rectangular, the same size, every token
    a terrain or a level the board knows (one clear line naming the row otherwise)."""
    terrain_rows = _rows(setup.terrain, "setup.terrain")
    level_rows = _rows(setup.levels, "setup.levels")
    shape = (len(terrain_rows[0]), len(terrain_rows)) if terrain_rows else None
    level_shape = (len(level_rows[0]), len(level_rows)) if level_rows else None
    if shape and level_shape and shape != level_shape:
        raise BadInput(
            f"the levels rows are {level_shape[0]}x{level_shape[1]} spaces, the terrain rows {shape[0]}x{shape[1]}: they must match",
            "setup.levels",
        )
    found = shape or level_shape
    if found is None:
        if setup.width is None or setup.height is None:
            raise BadInput("give rows of terrain or levels, or width and height", "setup")
        found = (setup.width, setup.height)
    width, height = found
    for name, given, size in (("width", setup.width, width), ("height", setup.height, height)):
        if given is not None and given != size:
            raise BadInput(f"{name} {given} does not match the rows, which are {size} spaces", f"setup.{name}")
    if width > MAX_SIDE or height > MAX_SIDE:
        raise BadInput(f"a board is at most {MAX_SIDE} spaces a side, not {width}x{height}", "setup")
    terrain: list[list[Terrain]] = [["plains"] * width for _ in range(height)]
    for y, row in enumerate(terrain_rows):
        terrain[y] = [_terrain(token, x, y) for x, token in enumerate(row)]
    levels = [[0] * width for _ in range(height)]
    for y, row in enumerate(level_rows):
        levels[y] = [_level(token, x, y) for x, token in enumerate(row)]
    return width, height, levels, terrain


def _rows(rows: list[str], where: str) -> list[list[str]]:
    split = [row.split() for row in rows]
    for y, row in enumerate(split):
        if not row:
            raise BadInput(f"row {y} is empty: a board is rectangular", f"{where}[{y}]")
        if len(row) != len(split[0]):
            raise BadInput(
                f"row {y} has {len(row)} spaces and row 0 has {len(split[0])}: a board is rectangular", f"{where}[{y}]"
            )
    return split


def _terrain(token: str, x: int, y: int) -> Terrain:
    name = TERRAIN_MARKS.get(token, token.lower())
    for known in TERRAINS:
        if known == name:
            return known
    marks = ", ".join(f"{t} ({m})" for m, t in TERRAIN_MARKS.items())
    raise BadInput(f"unknown terrain {token!r} at {x},{y}: the terrains are {marks}", f"setup.terrain[{y}]")


def _level(token: str, x: int, y: int) -> int:
    if not token.isdigit():
        raise BadInput(f"level {token!r} at {x},{y} is not a whole number of 0 or more", f"setup.levels[{y}]")
    return int(token)
