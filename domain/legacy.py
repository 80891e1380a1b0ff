"""Events as the first released version wrote them, kept readable forever.

That version stored every ruleset's units and board features in two engine events,
``sim.UnitPlaced`` and ``sim.FeaturePlaced``, with the ruleset's characteristics in untyped
dictionaries (``extra``, ``props``). Today each ruleset places its own typed units and features
with events of its own. The classes below read the old records as they are; which ruleset's
event each one means depends on the game, so each ruleset converts them (``upcast_legacy``):

- folding an old event into a state converts it on the spot (a replay of an old store needs
  nothing else);
- ``upcast_log`` converts a whole log, so that verification compares it with what today's rules
  record for the same commands.

Events that only changed topic are registered under their old topic by their own module
(``alias_topic``); see docs/design.md, "Logs are forever".
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, TypeVar

import pydantic_core
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from domain.errors import BadInput
from domain.event_base import GameEvent, Labeler
from domain.events import GameStarted
from domain.state import GameState
from domain.validation import path_text, problem_at

Model = TypeVar("Model", bound=BaseModel)


class LegacyUnit(BaseModel):
    """A unit as schema 1 of ``sim.UnitPlaced`` wrote it, for every ruleset alike."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    card: str
    owner: str
    kind: str = "minion"
    location: str | None = None
    power: int = 0
    defence: int = 0
    keywords: list[str] = Field(default_factory=list)
    movement_bonus: int = 0
    carries: int = 0
    carry_allies_only: bool = True
    tapped: bool = False
    damage: int = 0
    alive: bool = True
    carried_by: str | None = None
    extra: dict[str, Any] = Field(default_factory=dict)


class LegacyFeature(BaseModel):
    """A site, artifact or terrain hex as schema 1 of ``sim.FeaturePlaced`` wrote it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    card: str
    kind: str
    controller: str | None = None
    location: str | None = None
    bearer: str | None = None
    props: dict[str, Any] = Field(default_factory=dict)


class LegacyEvent(GameEvent):
    """An old record whose meaning depends on the game's ruleset."""

    #: the class name the event had, which scenario expectations and people know it by
    SHOWN_AS: ClassVar[str] = ""

    @property
    def name(self) -> str:
        return self.SHOWN_AS

    def upcast(self, ruleset: str) -> GameEvent:
        from domain.ruleset import get_ruleset

        return get_ruleset(ruleset).upcast_legacy(self)

    def apply_to(self, state: GameState) -> None:
        self.upcast(state.ruleset).apply_to(state)

    def describe(self, label: Labeler) -> str:
        return f"{self.SHOWN_AS} (schema 1) {self.payload()}"


class LegacyUnitPlaced(LegacyEvent):
    TOPIC: ClassVar[str] = "sim.UnitPlaced"
    LOOKAHEAD: ClassVar[bool] = True
    SHOWN_AS: ClassVar[str] = "UnitPlaced"
    unit: LegacyUnit


class LegacyFeaturePlaced(LegacyEvent):
    TOPIC: ClassVar[str] = "sim.FeaturePlaced"
    LOOKAHEAD: ClassVar[bool] = True
    SHOWN_AS: ClassVar[str] = "FeaturePlaced"
    feature: LegacyFeature


def envelope(event: GameEvent) -> dict[str, Any]:
    """The library's fields and the cause, to build a converted event with."""
    return {
        "originator_id": event.originator_id,
        "originator_version": event.originator_version,
        "timestamp": event.timestamp,
        "cause": event.cause,
    }


def converted(model: type[Model], data: dict[str, Any], where: str) -> Model:
    """Today's ``model`` from an old record's fields, its untyped dictionaries (``extra``,
    ``props``) among them, read as JSON is read strictly. The first version wrote them as JSON,
    so ``true`` or ``2.5`` where a whole number belongs is a damaged or hand-edited record:
    refused with the field named (``where``, the dictionary it came from), where a plain
    ``int()`` would have turned it into a Speed of 1 or 2."""
    try:
        return model.__pydantic_validator__.validate_json(pydantic_core.to_json(data), strict=True)
    except ValidationError as exc:
        path, message = problem_at(exc)
        field = path_text((*where.split("."), *path))
        raise BadInput(f"{field}: {message}") from None


def upcast_log(events: Iterable[GameEvent]) -> list[GameEvent]:
    """The events of one game with every old record converted to today's event (a log of
    today's events only, as every log a self-played game makes, is returned as a list as it is:
    verification asks this of each log it checks)."""
    listed = list(events)
    if not any(issubclass(kind, LegacyEvent) for kind in set(map(type, listed))):  # the classes in one call
        return listed
    ruleset: str | None = None
    found: list[GameEvent] = []
    for event in listed:
        if isinstance(event, GameStarted):
            ruleset = event.ruleset
        if isinstance(event, LegacyEvent) and ruleset is not None:
            event = event.upcast(ruleset)
        found.append(event)
    return found
