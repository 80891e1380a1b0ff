"""The skirmish ruleset: an inch-measured 3D table with Move, Run, Climb, Jump Down, Jump Across,
Falling, Ladders and Difficult Terrain.

Source: the seed 004 (the Move Phase, with its designers' comments); the digest
../shared/reference/skirmish.md for checks (d20, pass on a roll >= Agility), the injury chart and
the open points. Rule options below; docs/skirmish.md explains each reading.
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
    "difficult_penalty": Option(2.0, (), "inches lost once per turn after crossing difficult terrain"),
    "climb_horizontal_leeway": Option(1.0, (), "horizontal inches a climb may include"),
    "jump_down_max_horizontal": Option(3.0, (), "how far from the edge a Jump Down may land"),
    "jump_down_target": Option("ground_only", ("ground_only", "any_lower_surface"), "where a Jump Down may land"),
    "jump_down_disadvantage_height": Option(4.0, (), "drops this high or more are checked with disadvantage"),
    "jump_across_free_gap": Option(1.0, (), "gaps up to this need no check"),
    "jump_across_max_gap": Option(3.0, (), "longer jumps fail outright"),
    "jump_across_max_rise": Option(1.0, (), "landing higher than this above the take-off fails outright"),
}


class SkirmishRuleset(RulesetBase):
    name = "skirmish"
    title = "the skirmish ruleset"
    commands: TypeAdapter[Any] = TypeAdapter(Command)
    script_commands = SCRIPT_COMMANDS
    setup_model = SetUp
    OPTIONS = OPTIONS

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

        return range_of_motion(TableView(state), unit_id)



RULESET = SkirmishRuleset()
