"""Pydantic domain events that the ``eventsourcing`` library can store and replay.

eventsourcing 9.5 ships no pydantic integration, so this module supplies the small glue: a
frozen pydantic base carrying the library's three base fields, mixed with the library's
``CanMutateAggregate`` / ``CanInitAggregate`` so that ``trigger_event`` and replay work
unchanged. Every concrete event declares an explicit, stable ``TOPIC`` (stored with the event,
so renaming a class never orphans a log) and a ``class_version`` for upcasting.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar
from uuid import UUID

from eventsourcing.domain import CanInitAggregate, CanMutateAggregate
from eventsourcing.utils import register_topic
from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:
    from domain.state import GameState

#: topic -> event class, for readers of exported logs that need no aggregate.
EVENT_TYPES: dict[str, type[GameEvent]] = {}


class DomainEvent(BaseModel):
    """Immutable, validated on construction; the library's base fields plus nothing else."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    originator_id: UUID
    originator_version: int
    timestamp: datetime


class GameEvent(DomainEvent, CanMutateAggregate[UUID]):
    """Base of every game event.

    ``cause`` is the id of what made this happen: a command (``c3``) or an earlier event
    (``e17``). An event's own id is ``e<originator_version>``.
    """

    TOPIC: ClassVar[str] = ""
    class_version: ClassVar[int] = 1
    #: True for events that change what the lookahead needs: where things are, what they are,
    #: and which ongoing effects are in force. Never True for trigger bookkeeping.
    LOOKAHEAD: ClassVar[bool] = False

    cause: str | None = None

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        topic = cls.__dict__.get("TOPIC")
        if topic:
            register_topic(topic, cls)
            EVENT_TYPES[topic] = cls

    @property
    def event_id(self) -> str:
        return f"e{self.originator_version}"

    @property
    def name(self) -> str:
        return type(self).__name__

    def payload(self) -> dict[str, Any]:
        """The event's own fields, without the library's envelope."""
        return self.model_dump(
            mode="json", exclude={"originator_id", "originator_version", "timestamp"}
        )

    def apply(self, aggregate: Any) -> None:
        self.apply_to(aggregate.state)

    def apply_to(self, state: GameState) -> None:
        """Fold this fact into a game state. Must not consult any rule: events are facts."""


class GameCreatedEvent(GameEvent, CanInitAggregate[UUID]):
    """Base of the event that starts a game's stream."""

    originator_topic: str
