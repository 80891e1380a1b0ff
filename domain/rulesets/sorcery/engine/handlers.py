"""Sorcery's command handlers: each command to the one function that handles it, wired in one
table, and the duty that comes before any other command of the main phase (codex: Mandatory
Actions: while an active player's minion can attack and must, only a Move and Attack that meets
the duty is accepted)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from domain.errors import IllegalCommand
from domain.rulesets.sorcery import mandatory
from domain.rulesets.sorcery.commands import (
    Activate,
    Cast,
    Conjure,
    Defend,
    Drop,
    EndTurn,
    Intercept,
    MoveAndAttack,
    Pass,
    PickUp,
    PlaySite,
    SetUp,
    Summon,
)
from domain.rulesets.sorcery.engine import attack, carry, play, setup, turn
from domain.rulesets.sorcery.engine.activate import activate
from domain.rulesets.sorcery.engine.cast import cast
from domain.rulesets.sorcery.engine.primitives import Primitives
from domain.rulesets.sorcery.refs import rule

#: each command, and the function that checks it and records what it does
HANDLERS: dict[type[BaseModel], Callable[[Primitives, Any], None]] = {
    SetUp: setup.set_up,
    MoveAndAttack: attack.move_and_attack,
    Defend: attack.defend,
    Pass: attack.pass_defence,
    Intercept: attack.intercept,
    EndTurn: turn.end_turn,
    Cast: cast,
    PlaySite: play.play_site,
    Summon: play.summon,
    Conjure: play.conjure,
    PickUp: carry.pick_up,
    Drop: carry.drop,
    Activate: activate,
}
#: the main-phase commands a mandatory attack comes before
DUTY_FIRST = (MoveAndAttack, EndTurn, Cast, PlaySite, PickUp, Drop, Summon, Conjure, Activate)
MANDATORY = rule("codex: Mandatory Actions", "a minion that can attack and must, does so first")


class SorceryCommands(Primitives):
    """What each Sorcery command does, recorded through the resolver of one command."""

    def execute(self, command: BaseModel) -> None:
        # a duty is an effect's (``mandatory.duties``): with none recorded, none stands
        if isinstance(command, DUTY_FIRST) and self.state.effects:
            self.check_duties(command)
        HANDLERS[type(command)](self, command)

    def check_duties(self, command: BaseModel) -> None:
        """Mandatory attacks first (codex: Mandatory Actions): while an active player's minion
        can attack and must, only a Move and Attack that meets the duty is accepted."""
        if self.state.attack is not None or self.state.intercept is not None or self.state.storyline:
            return
        found = mandatory.duties(self.state)
        if not found:
            return
        if isinstance(command, MoveAndAttack):
            unit = self.state.units.get(command.unit)
            if unit is not None and unit.location is not None:
                end = self.location(command.path[-1], "path") if command.path else unit.location
                if any(mandatory.satisfies(self.state, d, unit.id, end, command.attack) for d in found):
                    return
        listed = "; ".join(
            f"{d.unit} must attack {d.target}" if d.target else f"{d.unit} must attack (near {d.source})" for d in found
        )
        raise IllegalCommand(MANDATORY, f"{listed} ({found[0].source})")
