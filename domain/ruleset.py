"""What the ``Game`` aggregate needs from a ruleset, and the registry of rulesets by name.

A ruleset owns its board, its commands and its movement model; the aggregate owns event
recording, atomicity and the event stream. Adding a ruleset adds an entry here, not a second
engine.
"""

from __future__ import annotations

import importlib
from typing import Any, Protocol

from pydantic import BaseModel, TypeAdapter

from domain.board import Board
from domain.errors import BadInput
from domain.event_base import GameEvent
from domain.movement import RangeOfMotion
from domain.options import Option, check_options
from domain.state import GameState


class GameHandle(Protocol):
    """The part of the aggregate a ruleset's engine may touch."""

    state: GameState

    def record(self, event_class: type[GameEvent], **fields: Any) -> GameEvent: ...


class Ruleset(Protocol):
    name: str
    title: str
    #: validates one command (a discriminated union over the ruleset's command models)
    commands: TypeAdapter[Any]
    #: the command models a scenario script may use (each with a ``command`` literal)
    script_commands: tuple[type[BaseModel], ...]
    setup_model: type[BaseModel]
    default_options: dict[str, Any]

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]: ...

    def check_aliases(self, aliases: dict[str, Any]) -> dict[str, str]: ...

    def execute(self, game: GameHandle, command: BaseModel, command_id: str) -> None: ...

    def board(self, state: GameState) -> Board: ...

    def range_of_motion(self, state: GameState, unit_id: str) -> RangeOfMotion: ...

    def parse_location(self, state: GameState, text: str) -> str: ...

    def label(self, state: GameState, location: str) -> str: ...


class RulesetBase:
    """What every ruleset does the same way: options checked against its ``OPTIONS`` table, and
    locations read and written by its board. Subclasses set ``name``, ``title``, ``OPTIONS``,
    ``commands``, ``script_commands`` and ``setup_model``, and give ``board``, ``execute`` and
    ``range_of_motion``."""

    name: str
    OPTIONS: dict[str, Option] = {}

    @property
    def default_options(self) -> dict[str, Any]:
        return {key: spec.default for key, spec in self.OPTIONS.items()}

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return check_options(self.name, self.OPTIONS, options)

    def board(self, state: GameState) -> Board:
        raise NotImplementedError

    def parse_location(self, state: GameState, text: str) -> str:
        return self.board(state).parse(text)

    def label(self, state: GameState, location: str) -> str:
        return self.board(state).label(location)


#: ruleset name -> the module whose ``RULESET`` implements it
RULESETS: dict[str, str] = {
    "sorcery": "domain.rulesets.sorcery",
    "godsgloom": "domain.rulesets.godsgloom",
    "skirmish": "domain.rulesets.skirmish",
}


def get_ruleset(name: str) -> Ruleset:
    """The ruleset called ``name``; imported lazily so unused rulesets cost nothing."""
    module = RULESETS.get(name)
    if module is None:
        raise BadInput(f"unknown ruleset {name!r}: expected one of {', '.join(known_rulesets())}")
    return importlib.import_module(module).RULESET  # type: ignore[no-any-return]


def known_rulesets() -> list[str]:
    return list(RULESETS)


def load_all_rulesets() -> None:
    """Import every ruleset, so that all their event topics are registered (for log readers)."""
    for name in RULESETS:
        get_ruleset(name)
