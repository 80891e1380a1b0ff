"""The skirmish ruleset: an inch-measured 3D table with Move, Run, Climb, Jump Down, Jump Across,
Falling, Ladders and Difficult Terrain.

Source: the seed 004 (the Move Phase, with its designers' comments); the digest
../shared/reference/skirmish.md for checks (d20, pass on a roll >= Agility), the injury chart and
the open points. The seed wins where they differ.

Rule options (``options:`` in a scenario), named and defaulted as in the digest's open points
(section 5); docs/skirmish.md explains each reading:

- ``run_multiplier`` 1.5; ``run_enemy_range`` 8.0 inches; ``run_enemy_range_measured``
  ``start_of_move`` (default: base to base where the unit stands) or ``whole_path`` (no point of
  the run may come within range);
- ``difficult_penalty`` 2.0 inches, once per turn, after every other modifier;
- ``climb_check_per`` ``surface`` (one Agility Check per wall climbed); ``climb_horizontal_leeway``
  1.0 inch; ``wall_running`` ``forbidden`` (default) or ``allowed`` (a climb may run along the
  wall further than the leeway, paying for it);
- ``jump_down_max_horizontal`` 3.0; ``jump_down_target`` ``ground_only`` or ``any_lower_surface``;
  ``jump_down_disadvantage_height`` 4.0;
- ``jump_across_free_gap`` 1.0; ``jump_across_max_gap`` 3.0; ``jump_across_max_rise`` 1.0;
  ``jump_across_distance_cost`` ``deducted`` (default: a jump longer than the movement left fails)
  or ``free``; ``jump_across_lower_landing`` ``not_to_the_ground`` (default: onto the ground is a Jump Down) or ``allowed``;
  ``jump_across_measured`` ``horizontal`` (default) or ``straight_line`` (the drop or rise counts);
- ``failed_jump_from_the_ground`` ``injury_roll`` (a 0" fall where it stands, rolled) or ``no_fall``, for a
  take-off on the ground or on a surface up to 1" high, one level with it;
- ``fall_height_from`` ``take_off_surface``; ``fall_injury_modifier`` 2 per full inch above 2";
  ``fall_always_injures`` true (the chart always gives at least Dazed) or false (its Dazed band
  leaves a falling unit unhurt); ``fall_scatter`` ``random_direction``;
- ``disadvantage`` ``two_d20_keep_worse``; ``ladder_users`` ``not_animals``;
  ``ledge_check`` ``on`` (a unit made Stunned or Dazed within 1" of an edge checks or falls) or
  ``off``; ``declare_before_measure`` true.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, cast

from pydantic import TypeAdapter

import domain.rulesets.skirmish.wordings  # noqa: F401  (registers the former wordings older logs hold)
from domain.board import Board
from domain.errors import BadInput
from domain.event_base import GameEvent
from domain.legacy import LegacyEvent, LegacyUnitPlaced, converted, envelope
from domain.legal import LegalCommands
from domain.movement import Judgement, MovementModel, RangeOfMotion
from domain.resolution import Resolver
from domain.ruleset import Ruleset, StateSummary
from domain.rulesets.skirmish.commands import SCRIPT_COMMANDS, Command, SetUp
from domain.rulesets.skirmish.events import UnitPlaced
from domain.rulesets.skirmish.options import SkirmishOptions
from domain.rulesets.skirmish.state import SkirmishState, SkirmishUnit
from domain.rulesets.skirmish.table import parse_spot
from domain.rulesets.skirmish.view import rule
from domain.state import MoveState, StepItem

if TYPE_CHECKING:
    from domain.rulesets.skirmish.engine import SkirmishCommands


class SkirmishRuleset(Ruleset[SkirmishState]):
    name = "skirmish"
    title = "the skirmish ruleset"
    Options = SkirmishOptions
    State = SkirmishState
    commands: ClassVar[TypeAdapter[Any]] = TypeAdapter(Command)
    script_commands = SCRIPT_COMMANDS
    setup_model = SetUp
    not_a_step = rule("Move Phase", "a leg goes straight to a point on the table")
    path_source = "Move Phase"
    left_board = "the unit left the table"
    in_play_words = "on the table"
    handlers = "domain.rulesets.skirmish.engine:SkirmishCommands"
    outcome_rules = "domain.rulesets.skirmish.outcome:SkirmishOutcome"

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Inches may be written as whole numbers (YAML reads ``8`` as an int), but never as
        negative numbers or booleans."""
        for name, value in options.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value < 0:
                raise BadInput(f"option {name} must not be negative, not {value!r}", f"options.{name}")
        return super().check_options(options)

    def alias_target(self, name: str, where: Any) -> str:
        return parse_spot(str(where)).text

    def board(self, state: SkirmishState) -> Board:
        from domain.rulesets.skirmish.board import TableBoard

        return TableBoard(state)

    def range_of_motion(self, state: SkirmishState, unit_id: str) -> RangeOfMotion:
        from domain.rulesets.skirmish.reach import range_of_motion
        from domain.rulesets.skirmish.view import TableView

        # a frozen copy: the answer is searched lazily and must stay that of this state; one copy
        # per state (its index, dropped by the next event), so that every question asked of the
        # state (each unit's range, each point's "why not") shares the key points and legs kept
        return range_of_motion(state.index("skirmish.snapshot", lambda: TableView.snapshot(state)), unit_id)

    def movement_for_move(self, state: SkirmishState, move: MoveState) -> MovementModel:
        from domain.rulesets.skirmish.legs import LegModel

        return LegModel(state, move.allowance or 0.0)

    def commands_for(self, resolver: Resolver) -> SkirmishCommands:
        """The skirmish handlers (``handlers`` names their class, imported when first needed):
        they also take and refuse the legs of a declared path."""
        return cast("SkirmishCommands", super().commands_for(resolver))

    def take_step(self, resolver: Resolver, item: StepItem, verdict: Judgement) -> bool:
        return bool(self.commands_for(resolver).take_leg(item, verdict))

    def refuse_step(self, resolver: Resolver, item: StepItem, verdict: Judgement) -> bool:
        return bool(self.commands_for(resolver).refuse_leg(item, verdict))

    def legal_commands(self, state: SkirmishState) -> LegalCommands:
        from domain.rulesets.skirmish.legal import legal_commands

        return legal_commands(state)

    def summary(self, state: SkirmishState, label: Callable[[str], str]) -> StateSummary:
        summary = StateSummary(
            headline=f"turn {state.turn}, {state.active_player} to move",
            columns=["unit", "side", "at", "move", "agility", "wounds", "states", "engaged with", "this turn"],
        )
        for unit in state.units.values():
            marks = [m for m, on in (("moved", unit.moved), ("ran", unit.ran), ("attempted to engage", unit.attempted_engage)) if on]
            at = label(unit.location) if unit.location else "-"
            summary.rows.append(
                [unit.id, unit.owner, at, f"{unit.move:g}\"", str(unit.agility), str(unit.wounds),
                 ", ".join(unit.states), ", ".join(unit.engaged_with), ", ".join(marks)]
            )
        return summary

    def upcast_legacy(self, event: LegacyEvent) -> GameEvent:
        if isinstance(event, LegacyUnitPlaced):
            old = event.unit
            unit = converted(SkirmishUnit, {
                "id": old.id, "card": old.card, "owner": old.owner, "kind": old.kind, "location": old.location,
                "alive": old.alive, "carried_by": old.carried_by,
                **{k: v for k, v in old.extra.items() if k in SkirmishUnit.model_fields},
            }, "unit.extra")
            return UnitPlaced(**envelope(event), unit=unit)
        return super().upcast_legacy(event)


RULESET = SkirmishRuleset()
