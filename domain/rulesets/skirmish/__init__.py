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
  or ``free``; ``jump_across_lower_landing`` ``allowed``;
- ``fall_height_from`` ``take_off_surface``; ``fall_injury_modifier`` 2 per full inch above 2";
  ``fall_always_injures`` true (the chart always gives at least Dazed) or false (its Dazed band
  leaves a falling unit unhurt); ``fall_scatter`` ``random_direction``;
- ``disadvantage`` ``two_d20_keep_worse``; ``ladder_users`` ``not_animals``;
  ``ledge_check`` ``on`` (a unit made Stunned or Dazed within 1" of an edge checks or falls) or
  ``off``; ``declare_before_measure`` true.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, TypeAdapter

from domain.board import Board
from domain.errors import BadInput
from domain.movement import RangeOfMotion
from domain.options import Option
from domain.ruleset import GameHandle, RulesetBase
from domain.rulesets.skirmish import events as _events  # noqa: F401  (registers the topics)
from domain.rulesets.skirmish.commands import SCRIPT_COMMANDS, Command, SetUp
from domain.rulesets.skirmish.table import parse_spot
from domain.state import GameState

OPTIONS: dict[str, Option] = {
    "run_multiplier": Option(1.5, (), "Run = Move x 1.5"),
    "run_enemy_range": Option(8.0, (), "no Running within this many inches of an enemy (base to base)"),
    "run_enemy_range_measured": Option(
        "start_of_move", ("start_of_move", "whole_path"), "where the enemy range is measured from"
    ),
    "difficult_penalty": Option(2.0, (), "inches lost once per turn after crossing difficult terrain"),
    "climb_check_per": Option("surface", ("surface",), "one Agility Check per vertical surface climbed"),
    "climb_horizontal_leeway": Option(1.0, (), "horizontal inches a climb may include"),
    "wall_running": Option("forbidden", ("forbidden", "allowed"), "whether a climb may go further along the wall"),
    "jump_down_max_horizontal": Option(3.0, (), "how far from the edge a Jump Down may land"),
    "jump_down_target": Option("ground_only", ("ground_only", "any_lower_surface"), "where a Jump Down may land"),
    "jump_down_disadvantage_height": Option(4.0, (), "drops this high or more are checked with disadvantage"),
    "jump_across_free_gap": Option(1.0, (), "gaps up to this need no check"),
    "jump_across_max_gap": Option(3.0, (), "longer jumps fail outright"),
    "jump_across_max_rise": Option(1.0, (), "landing higher than this above the take-off fails outright"),
    "jump_across_distance_cost": Option(
        "deducted", ("deducted", "free"), "whether a jump's length is paid from the movement left"
    ),
    "jump_across_lower_landing": Option("allowed", ("allowed",), "a lower landing is a Jump Across too"),
    "fall_height_from": Option("take_off_surface", ("take_off_surface",), "a fall's height is measured from"),
    "fall_injury_modifier": Option(2, (), "added to the Injury Roll per full inch fallen above 2\""),
    "fall_always_injures": Option(True, (True, False), "a fall always has the chart's effect (else Dazed = unhurt)"),
    "fall_scatter": Option("random_direction", ("random_direction",), "how a unit landing on another is placed"),
    "disadvantage": Option("two_d20_keep_worse", ("two_d20_keep_worse",), "what disadvantage means"),
    "ladder_users": Option("not_animals", ("not_animals",), "who climbs ladders without a check"),
    "ledge_check": Option("on", ("on", "off"), "a unit Stunned or Dazed within 1\" of an edge checks or falls"),
    "declare_before_measure": Option(True, (True,), "jumps are declared (an event) before they are measured"),
}


class SkirmishRuleset(RulesetBase):
    name = "skirmish"
    title = "the skirmish ruleset"
    commands: TypeAdapter[Any] = TypeAdapter(Command)
    script_commands = SCRIPT_COMMANDS
    setup_model = SetUp
    OPTIONS = OPTIONS

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """Inches may be written as whole numbers (YAML reads ``8`` as an int), but never as
        negative numbers or booleans."""
        given = dict(options)
        for name, value in options.items():
            spec = OPTIONS.get(name)
            if spec is None or spec.choices or isinstance(value, bool) or not isinstance(value, (int, float)):
                continue
            if isinstance(spec.default, float):
                given[name] = float(value)
            if value < 0:
                raise BadInput(f"option {name} must not be negative, not {value!r}", f"options.{name}")
        return super().check_options(given)

    def check_aliases(self, aliases: dict[str, Any]) -> dict[str, str]:
        found: dict[str, str] = {}
        for name, where in aliases.items():
            try:
                found[str(name)] = parse_spot(str(where)).text
            except BadInput as exc:
                raise BadInput(exc.message, f"aliases.{name}") from None
        return found

    def execute(self, game: GameHandle, command: BaseModel, command_id: str) -> None:
        from domain.rulesets.skirmish.engine import SkirmishEngine

        SkirmishEngine(game, command_id).execute(command)

    def board(self, state: GameState) -> Board:
        from domain.rulesets.skirmish.board import TableBoard

        return TableBoard(state)

    def range_of_motion(self, state: GameState, unit_id: str) -> RangeOfMotion:
        from domain.rulesets.skirmish.reach import range_of_motion
        from domain.rulesets.skirmish.view import TableView

        # a frozen copy: the answer is searched lazily and must stay that of this state
        return range_of_motion(TableView.snapshot(state), unit_id)


RULESET = SkirmishRuleset()
