"""Sorcery: Contested Realm: the realm, its cards and the range-of-motion rules.

Sources: the seed (codex entry "Range of Motion"), the digest ../shared/reference/sorcery.md and
the bundled card data. Rule options (``options:`` in a scenario):

- ``trigger_order``: ``policy`` (default) orders one player's simultaneous triggers in the order
  they were queued, recorded as decided by policy (digest gap 6); ``ask`` stops and waits for
  that player's ``order_triggers`` command.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, TypeAdapter

from domain.board import Board
from domain.errors import BadInput
from domain.movement import MovementModel, RangeOfMotion, range_from_reach, search_reach
from domain.options import Option
from domain.ruleset import GameHandle, RulesetBase
from domain.rulesets.sorcery.commands import SCRIPT_COMMANDS, Command, SetUp
from domain.rulesets.sorcery.locations import label
from domain.rulesets.sorcery.realm import Region, parse_loc
from domain.state import GameState

OPTIONS: dict[str, Option] = {
    "trigger_order": Option(
        "policy",
        ("policy", "ask"),
        "who orders one player's simultaneous triggers: the declaration-order policy, or the player",
    ),
}


def _square_order(location: str) -> tuple[int, str]:
    return (parse_loc(location).square, location)


class SorceryRuleset(RulesetBase):
    name = "sorcery"
    title = "Sorcery: Contested Realm"
    commands: TypeAdapter[Any] = TypeAdapter(Command)
    script_commands = SCRIPT_COMMANDS
    setup_model = SetUp
    OPTIONS = OPTIONS

    def execute(self, game: GameHandle, command: BaseModel, command_id: str) -> None:
        from domain.rulesets.sorcery.engine import SorceryEngine

        SorceryEngine(game, command_id).execute(command)

    def range_of_motion(self, state: GameState, unit_id: str) -> RangeOfMotion:
        """Range of motion by Move and Attack, ongoing effects only (codex: Range of Motion)."""
        unit = state.units[unit_id]
        reach = search_reach(self.movement(state), unit_id, unit.location or "")
        return range_from_reach(reach, lambda loc: label(state, loc), _square_order)

    def board(self, state: GameState) -> Board:
        from domain.rulesets.sorcery.board import RealmBoard

        return RealmBoard(state)

    def movement(self, state: GameState) -> MovementModel:
        from domain.rulesets.sorcery.movement import SorceryMovement

        return SorceryMovement(state)

    def check_aliases(self, aliases: dict[str, Any]) -> dict[str, str]:
        found: dict[str, str] = {}
        for name, square in aliases.items():
            loc = parse_loc(str(square))
            if loc.region is not Region.SURFACE:
                raise BadInput(f"alias {name!r} must name a square, not {square!r}", f"aliases.{name}")
            if str(name).isdigit() or "/" in str(name):
                raise BadInput(f"alias {name!r} must not look like a location", f"aliases.{name}")
            found[str(name)] = str(loc.square)
        return found


RULESET = SorceryRuleset()
