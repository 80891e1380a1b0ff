"""Storing pydantic events with the ``eventsourcing`` library.

The library's default mapper rebuilds events without calling ``__init__``, which would skip
pydantic's validation and leave nested models as dicts (eventsourcing notes, section 6). This
mapper writes ``model_dump(mode="json")`` and reads events back through their constructor, with
upcasting by ``class_version``.
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Mapper, StoredEvent, Transcoder
from eventsourcing.utils import resolve_topic

from domain.ruleset import event_type


class JSONBytesTranscoder(Transcoder):
    """Plain JSON; pydantic has already reduced every value to JSON types."""

    def encode(self, obj: Any) -> bytes:
        return json.dumps(obj, separators=(",", ":"), sort_keys=True).encode("utf-8")

    def decode(self, data: bytes) -> Any:
        return json.loads(data.decode("utf-8"))


#: the library's fields a stored record keeps outside its JSON
_ENVELOPE = {"originator_id", "originator_version"}


class PydanticMapper(Mapper[UUID]):
    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        """The event's own fields and its timestamp as JSON, written by pydantic's serializer in
        one pass (no intermediate dictionary), with the schema when it is above 1."""
        if domain_event.recorded is not None:
            data = _as_recorded(domain_event)
        else:
            data = domain_event.__pydantic_serializer__.to_json(domain_event, exclude=_ENVELOPE)
            version = type(domain_event).class_version
            if version > 1:
                data = b'{"class_version":%d%s' % (version, b"," + data[1:] if data != b"{}" else b"}")
        if self.compressor:
            data = self.compressor.compress(data)
        if self.cipher:
            data = self.cipher.encrypt(data)
        return stored_event(domain_event.originator_id, domain_event.originator_version, type(domain_event).TOPIC, data)

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        # a topic no ruleset registers is left to the library, which names it in its error
        cls: Any = event_type(stored_event.topic) or resolve_topic(stored_event.topic)
        data = stored_event.state
        if self.cipher:
            data = self.cipher.decrypt(data)
        if self.compressor:
            data = self.compressor.decompress(data)
        return cls.from_json(stored_event.originator_id, stored_event.originator_version, data)


def _as_recorded(event: Any) -> bytes:
    """An event read from an older record, stored as that record was (its schema and fields)
    with the event's timestamp: read back, it is upcast again and its unrecorded fields known
    (``GameEvent.recorded``)."""
    schema, fields = event.record()
    stamp = event.__pydantic_serializer__.to_json(event, include={"timestamp"})  # {"timestamp":...}, as any record has it
    head = b'{"class_version":%d,' % schema if schema > 1 else b"{"
    body = json.dumps(fields, separators=(",", ":")).encode("utf-8")
    return head + stamp[1:-1] + (b"," + body[1:] if body != b"{}" else b"}")


def stored_event(originator_id: UUID | str, originator_version: int, topic: str, state: bytes) -> StoredEvent:
    """A ``StoredEvent`` with these fields, as its constructor makes it: the library's frozen
    dataclass (eventsourcing 9.5: four fields, no ``__post_init__``) sets each field through
    ``object.__setattr__``, a third of the cost of reading a row or writing an event; here its
    fields are set in one assignment (tests/test_recording_fast_paths.py compares the two). The
    recorder makes one per row read, the mapper one per event written."""
    made = _new(StoredEvent)
    _set(made, "__dict__", {"originator_id": originator_id, "originator_version": originator_version, "topic": topic, "state": state})
    return made


_new = object.__new__
_set = object.__setattr__
