"""GODSGLOOM: hex movement, Engagement Zones, the Minimum Move Guarantee and twelve movement traits.

Sources: the seeds 001 (§18.2 Movement Traits) and 002 (§8 Movement mechanic), with the digest
../shared/reference/godsgloom.md for what lies around them. Rule options below; the defaults
follow the digest's section 10 except where docs/godsgloom.md says otherwise.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel, TypeAdapter

import domain.rulesets.godsgloom.wordings  # noqa: F401  (registers the former wordings older logs hold)
from domain.board import Board
from domain.errors import BadInput
from domain.event_base import GameEvent
from domain.events import DiceRolled
from domain.legacy import LegacyEvent, LegacyFeaturePlaced, LegacyUnitPlaced, converted, envelope
from domain.movement import MovementModel, RangeOfMotion
from domain.resolution import Resolver
from domain.ruleset import Diagnostic, Ruleset, StateSummary
from domain.rulesets.godsgloom.commands import SCRIPT_COMMANDS, Command, SetUp
from domain.rulesets.godsgloom.events import TerrainPlaced, UnitPlaced
from domain.rulesets.godsgloom.hexgrid import parse_hex
from domain.rulesets.godsgloom.locations import label as hex_label
from domain.rulesets.godsgloom.locations import parse_location as parse_hex_location
from domain.rulesets.godsgloom.options import GloomOptions
from domain.rulesets.godsgloom.state import GloomState, GloomUnit, Terrain
from domain.rulesets.godsgloom.view import rule
from domain.state import MoveState

#: the movement mode of a declared path, by its purpose (a Move Action's mode is recorded by
#: ``MoveActionStarted``)
PURPOSE_MODES = {"scout_deploy": "normal", "gods_push": "push"}


class GodsgloomRuleset(Ruleset[GloomState]):
    name = "godsgloom"
    title = "GODSGLOOM"
    Options = GloomOptions
    State = GloomState
    commands: ClassVar[TypeAdapter[Any]] = TypeAdapter(Command)
    script_commands = SCRIPT_COMMANDS
    setup_model = SetUp
    not_a_step = rule("GODSGLOOM MOV.30", "a unit moves hex by hex to adjacent hexes")
    path_source = "GODSGLOOM MOV.30"
    left_board = "the unit left the mat"
    in_play_words = "on the mat"
    handlers = "domain.rulesets.godsgloom.engine:GloomCommands"
    outcome_rules = "domain.rulesets.godsgloom.outcome:GloomOutcome"

    def alias_target(self, name: str, where: Any) -> str:
        found = parse_hex(str(where)).text
        if "," in name:
            raise BadInput(f"alias {name!r} must not look like a hex")
        return found

    def board(self, state: GloomState) -> Board:
        board: Board = _late("board", "HexBoard")(state)
        return board

    def parse_location(self, state: GloomState, text: str) -> str:
        """As the board parses it, without making a board (and its view) for each hex a
        command names: every step of every command issued and verified asks."""
        return parse_hex_location(state, text)

    def label(self, state: GloomState, location: str) -> str:
        return hex_label(state, location) if location else "nowhere"

    def roll_verdict(self, state: GloomState, event: DiceRolled) -> str | None:
        from domain.rulesets.godsgloom.dice_notes import roll_verdict

        return roll_verdict(state, state.options, event)

    def range_of_motion(self, state: GloomState, unit_id: str) -> RangeOfMotion:
        from domain.rulesets.godsgloom.reach import range_of_motion

        return range_of_motion(state, unit_id)

    def movement_for_move(self, state: GloomState, move: MoveState) -> MovementModel:
        mode = PURPOSE_MODES.get(move.purpose)
        if mode is None and move.purpose.startswith("scout_deploy "):  # a Scout Deploy move using a trait
            mode = move.purpose.removeprefix("scout_deploy ")
        if mode is None:
            activation = state.activation
            mode = activation.mode if activation is not None and activation.mode else "normal"
        # the model that judges a resolving path's steps: a Breakaway move's spares the enemies
        # its activation recorded (``GloomMovement.spared``), wherever its steps have taken it
        model: MovementModel = _late("movement", "GloomMovement").of(state, mode)
        return model

    def move_ended(self, resolver: Resolver, move: MoveState, cause: str | None) -> None:
        """§8.3: a unit that stops in an enemy Engagement Zone is Engaged."""
        _late("engine", "note_engagement")(resolver, move.unit)

    def legal_commands(self, state: GloomState) -> Sequence[BaseModel]:
        listed: Sequence[BaseModel] = _late("legal", "legal_commands")(state)
        return listed

    def turn_number(self, state: GloomState) -> int:
        return state.round

    def decision_context(self, state: GloomState) -> dict[str, Any]:
        activation = state.activation.unit if state.activation is not None else None
        return {"round": state.round, "step": state.phase, "player": state.active_player, "activation": activation}

    def summary(self, state: GloomState, label: Callable[[str], str]) -> StateSummary:
        summary = StateSummary(
            headline=f"round {state.round}, {state.phase} step, {self.acting(state)}",
            columns=["unit", "name", "type", "owner", "at", "facing", "speed", "wounds", "tokens", "state"],
        )
        for unit in state.units.values():
            tokens = ", ".join(f"{n} {c}" for n, c in unit.tokens.model_dump().items() if c)
            flags = [f for f, on in (("activated", unit.activated), ("scouted", unit.scouted)) if on]
            flags += [self.unit_flags(unit)] if self.unit_flags(unit) else []
            at = label(unit.location) if unit.location else "-"
            summary.rows.append(
                [unit.id, unit.card, unit.kind, unit.owner, at, unit.facing, str(unit.speed), str(unit.wounds),
                 tokens, ", ".join(flags)]
            )
        activation = state.activation
        if activation is not None:
            done = [w for w, on in (("moved", activation.moved), ("attacked", activation.attacked)) if on]
            barred = f"; no Melee Attack: {activation.melee}" if activation.melee else ""
            summary.notes.append(f"activating {activation.unit} ({', '.join(done) or 'not yet moved'}){barred}")
        if state.pushed:
            summary.notes.append(f"moved in the God's Push step: {', '.join(state.pushed)}")
        return summary

    def diagnostics(self, state: GloomState) -> list[Diagnostic]:
        """No Charge terrain while its rule is not enforced (``charge.unenforced``); option
        teleport_arrival_engages: false, which the engine does not model (Engaged is read from
        where units stand, digest §10: only the arrival's ``UnitEngaged`` is left out)."""
        from domain.rulesets.godsgloom.charge import unenforced

        found = [Diagnostic(subject="No Charge", name="No Charge", unmodelled=(text,)) for text in unenforced(state)]
        if not state.options.teleport_arrival_engages:
            found.append(Diagnostic(subject="teleport_arrival_engages", name="teleport_arrival_engages", unmodelled=(
                "false: Engaged is read from where units stand (engaged_rule), so a unit that Flying or a teleport "
                "puts in an enemy zone is still Engaged by every rule; only its UnitEngaged is not recorded",
            )))
        return found

    def upcast_legacy(self, event: LegacyEvent) -> GameEvent:
        if isinstance(event, LegacyUnitPlaced):
            old = event.unit
            extra = old.extra
            unit = converted(GloomUnit, {
                "id": old.id, "card": old.card, "owner": old.owner, "kind": old.kind, "location": old.location,
                "alive": old.alive, "carried_by": old.carried_by, "traits": old.keywords,
                "facing": extra.get("facing", "N"), "speed": extra.get("speed", 4), "wounds": extra.get("wounds", 3),
                "tokens": extra.get("tokens", {}), "activated": extra.get("activated", False),
                "scouted": extra.get("scouted", False),
            }, "unit.extra")
            return UnitPlaced(**envelope(event), unit=unit)
        if isinstance(event, LegacyFeaturePlaced):
            old_feature = event.feature
            terrain = converted(Terrain, {
                "at": old_feature.location or "", "type": old_feature.card, "keywords": old_feature.props.get("keywords", []),
            }, "feature.props")
            return TerrainPlaced(**envelope(event), terrain=terrain)
        return super().upcast_legacy(event)


@functools.cache
def _late(module: str, name: str) -> Any:
    """A name of one of this ruleset's modules, imported when first asked for (the movement
    model and the legal commands import the engine, which a process that only names the
    ruleset need not load) and found by one look-up after: an import statement inside a method
    costs about a microsecond each time, and the resolver asks for the model at every step."""
    return getattr(importlib.import_module(f"domain.rulesets.godsgloom.{module}"), name)


RULESET = GodsgloomRuleset()
