"""GODSGLOOM: hex movement, Engagement Zones, the Minimum Move Guarantee and twelve movement traits.

Sources: the seeds 001 (§18.2 Movement Traits) and 002 (§8 Movement mechanic), with the digest
../shared/reference/godsgloom.md for what lies around them. Rule options below; the defaults
follow the digest's section 10 except where docs/godsgloom.md says otherwise.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, TypeAdapter

from domain.board import Board
from domain.errors import BadInput
from domain.movement import RangeOfMotion
from domain.options import Option
from domain.ruleset import GameHandle, RulesetBase
from domain.rulesets.godsgloom import events as _events  # noqa: F401  (registers the topics)
from domain.rulesets.godsgloom.commands import SCRIPT_COMMANDS, Command, SetUp
from domain.rulesets.godsgloom.hexgrid import parse_hex
from domain.state import GameState

OPTIONS: dict[str, Option] = {
    "engagement_zone": Option("front_arc", ("front_arc", "all_adjacent"), "the 3 hexes across the Front Arc, or all 6 neighbours"),
    "engaged_rule": Option("in_enemy_zone", ("in_enemy_zone", "mutual_adjacent"), "when a unit counts as Engaged"),
    "difficult_cost": Option(2, (), "MP to enter a Difficult hex (§8.3 example)"),
    "slow_speed_modifier": Option(-1, (), "Speed change per Slow token (§8.3 example)"),
    "engaged_step_hexes": Option(1, (), "hexes a unit that starts Engaged may move (§8.2)"),
    "teleport_arrival_engages": Option(True, (True, False), "a Flying unit landing in an enemy zone is Engaged"),
    "nimble_melee_ban": Option("if_passed_through_zone", ("if_passed_through_zone", "if_entered_zone"), "when Nimble costs the Melee Attack"),
    "unstoppable_melee_ban": Option("when_used", ("when_used", "always_after_move"), "when Unstoppable costs the Melee Attack"),
    "harass": Option("alias_of_nimble", ("alias_of_nimble", "disabled"), "Harass, named only by Lockdown, read as Nimble"),
    "trample_passable": Option(["Infantry", "Swarm"], (), "unit types Trample moves through"),
    "attack_die_faces": Option(6, (), "faces of an Attack Die (odds not public)"),
    "attack_die_success": Option(4, (), "lowest face that is a success (default 4+ on a d6)"),
    "gods_push_move": Option("one_hex", ("one_hex", "disabled"), "what an eligible unit may do in the God's Push step"),
    "gods_push_timing": Option(
        "end_of_round", ("end_of_round",), "when the God's Push step comes: its procedure is not public; only this is modelled"
    ),
}


class GodsgloomRuleset(RulesetBase):
    name = "godsgloom"
    title = "GODSGLOOM"
    commands: TypeAdapter[Any] = TypeAdapter(Command)
    script_commands = SCRIPT_COMMANDS
    setup_model = SetUp
    OPTIONS = OPTIONS

    def check_aliases(self, aliases: dict[str, Any]) -> dict[str, str]:
        found: dict[str, str] = {}
        for name, where in aliases.items():
            try:
                found[str(name)] = parse_hex(str(where)).text
            except BadInput as exc:
                raise BadInput(exc.message, f"aliases.{name}") from None
            if "," in str(name):
                raise BadInput(f"alias {name!r} must not look like a hex", f"aliases.{name}")
        return found

    def execute(self, game: GameHandle, command: BaseModel, command_id: str) -> None:
        from domain.rulesets.godsgloom.engine import GloomEngine

        GloomEngine(game, command_id).execute(command)

    def board(self, state: GameState) -> Board:
        from domain.rulesets.godsgloom.board import HexBoard

        return HexBoard(state)

    def range_of_motion(self, state: GameState, unit_id: str) -> RangeOfMotion:
        from domain.rulesets.godsgloom.reach import range_of_motion

        return range_of_motion(state, unit_id)



RULESET = GodsgloomRuleset()
