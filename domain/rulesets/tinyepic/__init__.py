"""Tiny Epic Tactics: a square grid with elevation levels and terrain, Villages, Portals, the
Ballista, knock back, and a turn of up to three actions.

Sources: the seed 003 ("Effects of Terrain"), with the digest ../shared/reference/tiny-epic-tactics.md
for the turn structure, knock back, missile counting and the open points (its section 6, the rule
options in ``options.py``). The seed wins where they differ. docs/tiny-epic-tactics.md explains
each option and reading.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from pydantic import BaseModel, TypeAdapter

from domain.board import Board
from domain.copying import ATOMS, copy_value
from domain.errors import BadInput
from domain.event_base import GameEvent
from domain.events import StepTaken
from domain.movement import Judgement, MovementModel, RangeOfMotion
from domain.resolution import Resolver
from domain.ruleset import Ruleset, StateSummary
from domain.rulesets.tinyepic import events as _events  # noqa: F401  # registers every event topic for log readers
from domain.rulesets.tinyepic import villages  # imported here, not per step: every Move's steps ask it
from domain.rulesets.tinyepic.board import GridBoard  # the tally asks for a board per command
from domain.rulesets.tinyepic.commands import SCRIPT_COMMANDS, Command, SetUp
from domain.rulesets.tinyepic.grid import parse_space
from domain.rulesets.tinyepic.legal import legal_commands  # imported here, not per listing: self-play lists every state
from domain.rulesets.tinyepic.locations import label, parse_location
from domain.rulesets.tinyepic.movement import STEP_MODEL, KnockBackMovement, TetMovement  # asked for on every step
from domain.rulesets.tinyepic.options import TetOptions
from domain.rulesets.tinyepic.state import TetState
from domain.rulesets.tinyepic.view import rule
from domain.state import MoveState, StepItem, TriggerState, UnitState

KNOCK_BACK = "knock back"


class TinyEpicTacticsRuleset(Ruleset[TetState]):
    name = "tinyepic"
    title = "Tiny Epic Tactics"
    Options = TetOptions
    State = TetState
    commands: ClassVar[TypeAdapter[Any]] = TypeAdapter(Command)
    script_commands = SCRIPT_COMMANDS
    setup_model = SetUp
    not_a_step = rule("seed 003, Movement", "a unit moves space by space to an adjacent space, or from a portal to another")
    path_source = "seed 003, Movement"
    left_board = "the unit left the board"
    in_play_words = "on the board"
    handlers = "domain.rulesets.tinyepic.engine:TetCommands"
    outcome_rules = "domain.rulesets.tinyepic.outcome:TetOutcome"

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """``checked_options``, kept per process by the options given (every game starts
        with this check, and every verification of its log again: self-play starts thousands
        of games of one scenario). A copy of what is kept: the caller may change it."""
        key = frozen(options)
        found = _CHECKED.get(key) if key is not None else None
        if found is None:
            found = self.checked_options(options)
            if key is not None:
                while len(_CHECKED) >= _CHECKED_MOST:
                    _CHECKED.pop(next(iter(_CHECKED)), None)  # the oldest first
                _CHECKED[key] = found
        return copy_value(found, {})  # a copy of the map

    def checked_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The two maps among the options say which key or value is wrong (the shared check can
        only say that the option must be a map)."""
        from typing import get_args

        from domain.rulesets.tinyepic.options import Terrain, UnitClass

        for name, keys in (("movement_values", get_args(UnitClass)), ("terrain_entry_surcharge", get_args(Terrain))):
            given = options.get(name)
            if not isinstance(given, dict):
                continue
            for key, value in given.items():
                if key not in keys:
                    raise BadInput(f"option {name}: {key!r} is not one of {', '.join(keys)}", f"options.{name}")
                if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                    raise BadInput(f"option {name}: {key} must be a whole number of 0 or more, not {value!r}", f"options.{name}")
        return super().check_options(options)

    # --- locations ------------------------------------------------------------------------------

    def alias_target(self, name: str, where: Any) -> str:
        found = parse_space(str(where)).text
        if "," in name:
            raise BadInput(f"alias {name!r} must not look like a space")
        return found

    def parse_location(self, state: TetState, text: str) -> str:
        """As the board parses it (``GridBoard.parse``), without building a board and its view
        for each space a command names (a Move names every space of its path)."""
        return parse_location(state, text)

    def board(self, state: TetState) -> Board:
        return GridBoard(state)

    def label(self, state: TetState, location: str) -> str:
        """As the board labels it (``GridBoard.label``), without building a board for each
        space an event's description or a refusal names."""
        return label(state, location)

    def name_of(self, state: TetState, thing_id: str) -> str:
        if thing_id not in state.units and villages.is_village(state, thing_id):
            return f"the Village at {self.label(state, thing_id)}"
        return super().name_of(state, thing_id)

    def in_play(self, state: TetState, thing_id: str) -> bool:
        """A Village is a space of the board: it is always in play."""
        return villages.is_village(state, thing_id) or super().in_play(state, thing_id)

    # --- movement -------------------------------------------------------------------------------

    def range_of_motion(self, state: TetState, unit_id: str) -> RangeOfMotion:
        from domain.rulesets.tinyepic.reach import range_of_motion

        return range_of_motion(state, unit_id)

    def movement_for_move(self, state: TetState, move: MoveState) -> MovementModel:
        if move.purpose == KNOCK_BACK:
            a, b = parse_space(move.path[0]), parse_space(move.path[1])
            return KnockBackMovement(state, (b.x - a.x, b.y - a.y))
        # ``TetMovement.of_state``, its kept model read here first: the resolver asks for every
        # declared step it judges (in a game and again in its verification)
        kept = state.__pydantic_private__["_lasting"].get(STEP_MODEL)  # type: ignore[index]  # set by PrivateAttr
        return kept[1] if kept is not None else TetMovement.of_state(state)

    # --- commands and resolution ----------------------------------------------------------------

    #: a Village matches a step alone (``match_triggers``)
    matched_events = frozenset({StepTaken})

    def match_triggers(self, resolver: Resolver, event: GameEvent) -> None:
        # a step is the only event a Village matches (no class extends it; a test checks), and
        # only a step into a Village space (most steps enter none: ``on_step`` not called then)
        if type(event) is StepTaken:
            state = resolver.game.state  # ``resolver.state``
            # ``villages.village_spaces``, read off the board's indexes directly: every step asks
            found = state.__pydantic_private__["_board"].get(villages.VILLAGE_SPACES)  # type: ignore[index]  # ``board_index``'s dict
            if event.to in (found if found is not None else villages.village_spaces(state)):
                villages.on_step(resolver, event)

    def resolve_trigger(self, resolver: Resolver, trigger: TriggerState) -> None:
        if trigger.ability == villages.ABILITY:
            villages.resolve(resolver, trigger)
        else:
            super().resolve_trigger(resolver, trigger)

    def take_step(self, resolver: Resolver, item: StepItem, verdict: Judgement) -> bool:
        """A knock back that drops a level may hurt (option knockback_fall_damage, 0 by default)."""
        resolver.take_step(item, verdict)
        option = verdict.option
        if option is None or option.kind != "fall":  # only a knock back falls: most steps stop here
            return True
        state = resolver.state
        assert isinstance(state, TetState)
        move = state.moves[item.move_id]
        damage = state.options.knockback_fall_damage
        if move.purpose == KNOCK_BACK and damage:
            from domain.rulesets.tinyepic.combat import Combat

            frm, to = parse_space(item.frm), parse_space(item.to)
            drop = state.level(frm.x, frm.y) - state.level(to.x, to.y)
            Combat(resolver).deal(item.unit, damage * drop, f"falling {drop} level(s) in a knock back", attack=False)
        return True

    def refuse_step(self, resolver: Resolver, item: StepItem, verdict: Judgement) -> bool:
        """A knock back cut short by a wall, the edge, a unit or a portal stops there, and the
        unit loses Health (digest 4; option knockback_stop_damage)."""
        state = resolver.state
        assert isinstance(state, TetState)
        move = state.moves[item.move_id]
        if move.purpose != KNOCK_BACK:
            return super().refuse_step(resolver, item, verdict)
        why = verdict.refusal or self.not_a_step
        resolver.refuse_step(item, why)
        damage = state.options.knockback_stop_damage
        if damage:
            from domain.rulesets.tinyepic.combat import Combat

            Combat(resolver).deal(item.unit, damage, f"a knock back cut short ({why.message})", attack=False)
        resolver.stop_move(item.move_id, why.message)
        return False

    def execute(self, resolver: Resolver, command: BaseModel) -> None:
        """The command's handler (``engine.DISPATCH``) called with the resolver directly:
        ``commands_for`` finds the handlers' class by its spec, and ``TetCommands.execute``
        looks the handler up, for every command issued (in a game, and again in its
        verification); a Move and an end of turn make no handlers' object at all."""
        found = _ENGINE
        if not found:
            from domain.rulesets.tinyepic.engine import DISPATCH

            found.append(DISPATCH)
        found[0][type(command)](resolver, command)

    # --- turns ----------------------------------------------------------------------------------

    #: ``legal.legal_commands`` itself, called with the state: no call of a method of this
    #: ruleset's between (the game lists nearly every state in self-play)
    legal_commands = staticmethod(legal_commands)

    def decision_context(self, state: TetState) -> dict[str, Any]:
        return {"turn": state.turn, "player": state.active_player, "actions": state.actions_taken}

    def summary(self, state: TetState, label: Callable[[str], str]) -> StateSummary:
        summary = StateSummary(
            headline=f"turn {state.turn}, {state.active_player} to act, {state.actions_taken} of 3 actions taken",
            columns=["unit", "class", "owner", "at", "move", "health", "ammo/mana", "this turn"],
        )
        for unit in state.units.values():
            at = "-"
            if unit.location:
                s = parse_space(unit.location)
                at = f"{label(unit.location)} {state.terrain_at(s.x, s.y)} L{state.level(s.x, s.y)}"
            stores = [f"{name} {now}/{most}" for name, now, most in
                      (("ammo", unit.ammo, unit.max_ammo), ("mana", unit.mana, unit.max_mana)) if most]
            done = ", ".join([*unit.actions, *([self.unit_flags(unit)] if self.unit_flags(unit) else [])])
            summary.rows.append(
                [unit.id, unit.kind, unit.owner, at, str(unit.movement), f"{unit.health}/{unit.max_health}",
                 ", ".join(stores) or "-", done]
            )
        if state.ballista_starters:
            summary.notes.append("started the turn on a Ballista: " + ", ".join(state.ballista_starters))
        if state.ballista_lifted:
            # option ballista_reentry_after_knockback: allowed (``TetState.record_move_end``)
            summary.notes.append(
                "carried off their Ballista by a knock back, may enter it again this turn "
                "(option ballista_reentry_after_knockback: allowed): " + ", ".join(state.ballista_lifted)
            )
        return summary

    def unit_flags(self, unit: UnitState) -> str:
        flags = [super().unit_flags(unit)] if super().unit_flags(unit) else []
        if getattr(unit, "weakened", False):
            flags.append("Weakened")
        return ", ".join(flags)


#: the engine's handler of each command class (``execute``), imported when the first command
#: is: the engine imports this package's modules
_ENGINE: list[Any] = []

#: options given -> the full options the check made of them (``check_options``), the oldest
#: dropped first; a check that refuses is not kept
_CHECKED: dict[object, dict[str, Any]] = {}
_CHECKED_MOST = 64


def frozen(value: Any) -> object | None:
    """A key equal for equal options only: plain values with their type (``True`` and ``1``
    are equal in Python, not as an option's value), lists and maps in their order; None for
    anything else (such options are checked every time)."""
    kind = type(value)
    if kind in ATOMS:
        return kind, value
    atoms = ATOMS  # a plain value's key made here, without a call per value (most are plain)
    if kind is list:
        items = [(type(v), v) if type(v) in atoms else frozen(v) for v in value]
        return None if None in items else (list, tuple(items))
    if kind is dict:
        pairs = [
            ((type(k), k) if type(k) in atoms else frozen(k), (type(v), v) if type(v) in atoms else frozen(v))
            for k, v in value.items()
        ]
        return None if None in [part for pair in pairs for part in pair] else (dict, tuple(pairs))
    return None


RULESET = TinyEpicTacticsRuleset()
