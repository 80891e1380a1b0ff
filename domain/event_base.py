"""Pydantic domain events that the ``eventsourcing`` library can store and replay.

eventsourcing 9.5 ships no pydantic integration, so this module supplies the small glue: a
frozen pydantic base carrying the library's three base fields, mixed with the library's
``CanMutateAggregate`` / ``CanInitAggregate`` so that ``trigger_event`` and replay work
unchanged. Every concrete event declares an explicit, stable ``TOPIC`` (stored with the event,
so renaming a class never orphans a log) and a ``class_version`` for upcasting.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar
from uuid import UUID

import pydantic_core
from eventsourcing.domain import CanInitAggregate, CanMutateAggregate, OriginatorIDError, OriginatorVersionError
from eventsourcing.utils import register_topic
from pydantic import ConfigDict, Field

from domain.attribute_reads import PlainModel
from domain.copying import set_dict, set_extra, set_fields_set, set_private

if TYPE_CHECKING:
    from domain.state import GameState

#: topic -> event class, for readers of exported logs that need no aggregate. Old topics kept
#: readable (``ALIASES``) resolve here too.
EVENT_TYPES: dict[str, type[GameEvent]] = {}

#: a location as people read it (its alias when it has one)
Labeler = Callable[[str], str]


#: the library's fields, which every stored record has outside its own fields
ENVELOPE = frozenset({"originator_id", "originator_version", "timestamp", "not_recorded", "stored_schema", "recorded"})


def alias_topic(old: str, cls: type[GameEvent]) -> None:
    """Keep an event's former topic readable after it was renamed (logs are forever)."""
    register_topic(old, cls)
    EVENT_TYPES[old] = cls


class DomainEvent(PlainModel):
    """Immutable, validated on construction; the library's base fields plus nothing else."""

    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

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
    #: True for events that change the board (the state's ``BOARD_FIELDS``): terrain, the
    #: mat's size, sites. Folding one drops the board's indexes (``GameState.board_index``).
    CHANGES_BOARD: ClassVar[bool] = False
    #: True for events that change no unit's or card's characteristics, no unit's being alive
    #: and on the board, no carrier, no card in play and no effect recorded: only where units
    #: on the board stand (never taking one off it), moves and the storyline, counters, taps,
    #: damage and the turn. Folding one keeps the state's ``characteristics_index``es, which
    #: every other event drops (a step does not make the realm's facts be worked out again).
    KEEPS_CHARACTERISTICS: ClassVar[bool] = False

    cause: str | None = None

    #: fields this event's class has that the stored record (an older schema) did not: they
    #: were filled by defaults or an upcaster, so verification does not compare them. Never
    #: stored nor shown (``exclude``); a field rather than a private attribute because pydantic
    #: initialises private attributes for every event it builds, and replays build many.
    not_recorded: frozenset[str] = Field(default=frozenset(), exclude=True, repr=False)
    #: the schema a stored record says it was written with (read from its ``class_version``
    #: key, never written back): a record older than the class goes through ``from_record``
    stored_schema: int = Field(default=0, alias="class_version", exclude=True, repr=False)
    #: an event read from a record older than its class: that record's schema and fields, as
    #: stored. A log exported or a store written from it writes the record so again (``record``),
    #: so that whoever reads it upcasts it the same way and knows, as this reader did, which
    #: fields it never recorded (``not_recorded``): written under today's schema with the
    #: upcaster's values, those would be compared by verification as if they had been logged.
    recorded: tuple[int, dict[str, Any]] | None = Field(default=None, exclude=True, repr=False)

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

    def record(self) -> tuple[int, dict[str, Any]]:
        """The schema and fields to write this event with: as it was recorded, when it was read
        from an older record (``recorded``), else today's."""
        if self.recorded is not None:
            return self.recorded[0], dict(self.recorded[1])
        return type(self).class_version, self.payload()

    def recorded_payload(self) -> dict[str, Any]:
        """The fields the log really recorded: what verification compares."""
        return {k: v for k, v in self.payload().items() if k not in self.not_recorded}

    def introduces(self) -> str | None:
        """An id this event gives to something later events may name as their cause (a
        command, a trigger, an attack), so that a causation trace can hang them under it."""
        return None

    @classmethod
    def from_record(
        cls, originator_id: UUID, originator_version: int, timestamp: Any, data: dict[str, Any]
    ) -> GameEvent:
        """Rebuild an event from its stored fields (a store's record or a log line), validating
        them and bringing an older ``class_version`` up to date one version at a time through
        the class's ``upcast_vN_vN+1`` static methods."""
        fields = dict(data)
        version = int(fields.pop("class_version", 1))
        return cls.from_fields(originator_id, originator_version, timestamp, fields, version)

    @classmethod
    def from_fields(
        cls, originator_id: UUID, originator_version: int, timestamp: Any, fields: dict[str, Any], version: int,
        strict: bool = False,
    ) -> GameEvent:
        """As ``from_record``, from fields written with schema ``version`` that the caller hands
        over: they are changed in place (a log reader parses each line into a new dictionary, so
        nothing is copied on the way to pydantic).

        ``strict`` reads them as JSON is read strictly: ``true`` or ``2.5`` or ``"3"`` where a
        whole number belongs is refused rather than taken as 1, 2 or 3. A log a person or
        another program wrote (it has no hash chain) is read so; pydantic's Python mode would
        turn ``true`` into 1 without a word, and a game would be replayed with a Speed of 1."""
        if version < cls.class_version:
            stored = frozenset(fields)
            original = (version, dict(fields))
            while version < cls.class_version:
                fields = getattr(cls, f"upcast_v{version}_v{version + 1}")(fields)
                version += 1
            fields["not_recorded"] = frozenset(cls.model_fields) - stored - ENVELOPE
            fields["recorded"] = original
        fields["originator_id"], fields["originator_version"], fields["timestamp"] = originator_id, originator_version, timestamp
        if strict:
            return cls.__pydantic_validator__.validate_json(pydantic_core.to_json(fields), strict=True)
        return cls.__pydantic_validator__.validate_python(fields)  # an instance of cls

    @classmethod
    def from_json(cls, originator_id: UUID, originator_version: int, data: bytes) -> GameEvent:
        """Rebuild an event from a stored record's JSON (its own fields, its timestamp and, for a
        schema above 1, its ``class_version``): parsed and validated by pydantic in one pass, and
        brought up to date through ``from_record`` when the record is older than the class."""
        global _last_head
        last = _last_head  # one tuple, read and replaced whole: safe across threads
        if last[0] is not originator_id:
            last = _last_head = (originator_id, b'{"originator_id":"%s","originator_version":' % _id_text(originator_id))
        body = data if data[:1] == b"{" else data.lstrip()
        if body == b"{}":
            text = b"%s%d}" % (last[1], originator_version)
        else:
            text = b"%s%d,%s" % (last[1], originator_version, body[1:])
        event = cls.__pydantic_validator__.validate_json(text)
        event.__dict__["originator_id"] = originator_id  # the same id, as the one object the store read
        version = cls.class_version
        if version > 1 and event.stored_schema < version:  # older than the class (0: schema 1)
            fields = json.loads(data)
            return cls.from_record(originator_id, originator_version, fields.pop("timestamp"), fields)
        return event

    def describe(self, label: Labeler) -> str:
        """One line saying what happened, in the game's own words (event log, timeline, trace).
        Every concrete event overrides it; this fallback shows the raw fields."""
        return f"{self.name} {self.payload()}"

    def restamped(self, originator_id: UUID, timestamp: datetime) -> Self:
        """This fact as another game's, at the same place in its stream, made at ``timestamp``
        (``restamped``, for one event)."""
        return restamped((self,), originator_id, timestamp)[0]

    def mutate(self, aggregate: Any) -> Any:
        """The library's check that this event is the next of its game, then the fold. The same
        checks as ``CanMutateAggregate.mutate``, with the game's id compared by identity first
        (a replay's events all carry the one id object its store read)."""
        known = aggregate.__dict__  # the library's ``_id``, ``_version``, ``_modified_on``, without its properties
        game_id = known["_id"]
        if self.originator_id is not game_id and self.originator_id != game_id:
            raise OriginatorIDError(self.originator_id, game_id)
        next_version = known["_version"] + 1
        if self.originator_version != next_version:
            raise OriginatorVersionError(self.originator_version, next_version)
        self.apply(aggregate)
        known["_version"] = next_version
        known["_modified_on"] = self.timestamp
        return aggregate

    def apply(self, aggregate: Any) -> None:
        self.fold_into(aggregate.state)

    def fold_into(self, state: GameState) -> None:
        """Apply this fact, then drop the indexes derived from the state before it (answers still
        asked of that state settle first)."""
        private = state.__pydantic_private__
        if private["_unsettled"]:  # type: ignore[index]  # set by PrivateAttr
            state.settle()
        self.apply_to(state)
        if self.CHANGES_BOARD:
            state.board_changed()
        if not self.KEEPS_CHARACTERISTICS:
            kept = private["_characteristics"]  # type: ignore[index]  # set by PrivateAttr
            if kept:
                kept.clear()
        indexes = private["_indexes"]  # type: ignore[index]  # set by PrivateAttr
        if indexes:
            indexes.clear()

    def apply_to(self, state: GameState) -> None:
        """Fold this fact into a game state. Must not consult any rule: events are facts."""



#: an event class, kept by the functions that copy events
E = TypeVar("E", bound=GameEvent)

#: the JSON head of the game whose events were read last (a replay reads one game's events in a row)
_last_head: tuple[UUID | None, bytes] = (None, b"")


@functools.lru_cache(maxsize=64)
def _id_text(originator_id: UUID) -> bytes:
    """A game's id as JSON text: every event of a replay names the same game."""
    return str(originator_id).encode()


class GameCreatedEvent(GameEvent, CanInitAggregate[UUID]):
    """Base of the event that starts a game's stream."""

    mutate = CanInitAggregate.mutate  # it creates the game: no game to check against

    originator_topic: str


def restamped(events: Iterable[E], originator_id: UUID, timestamp: datetime) -> list[E]:
    """These facts as another game's, at the same places in its stream, made at ``timestamp``:
    shallow copies with the two fields replaced. pydantic's ``model_copy(update=...)`` does the
    same through a general path, several times slower, and a kept script re-stamps every event
    of its start for each game: one loop here rather than one call an event."""
    made_events: list[E] = []
    append = made_events.append
    # the two fields as one map merged into each event's (in C, keeping the fields' order):
    # a kept script's 70-odd events are re-stamped for every game
    stamp = {"originator_id": originator_id, "timestamp": timestamp}
    for event in events:
        cls = type(event)
        made = cls.__new__(cls)
        set_dict(made, event.__dict__ | stamp)
        extra, private = event.__pydantic_extra__, event.__pydantic_private__
        set_extra(made, None if extra is None else extra.copy())
        set_fields_set(made, event.__pydantic_fields_set__.copy())
        set_private(made, None if private is None else private.copy())
        append(made)
    return made_events
