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


class JSONBytesTranscoder(Transcoder):
    """Plain JSON; pydantic has already reduced every value to JSON types."""

    def encode(self, obj: Any) -> bytes:
        return json.dumps(obj, separators=(",", ":"), sort_keys=True).encode("utf-8")

    def decode(self, data: bytes) -> Any:
        return json.loads(data.decode("utf-8"))


class PydanticMapper(Mapper[UUID]):
    def to_stored_event(self, domain_event: Any) -> StoredEvent:
        state = domain_event.model_dump(mode="json", exclude={"originator_id", "originator_version"})
        version = int(getattr(type(domain_event), "class_version", 1))
        if version > 1:
            state["class_version"] = version
        data = self.transcoder.encode(state)
        if self.compressor:
            data = self.compressor.compress(data)
        if self.cipher:
            data = self.cipher.encrypt(data)
        return StoredEvent(
            originator_id=domain_event.originator_id,
            originator_version=domain_event.originator_version,
            topic=type(domain_event).TOPIC,
            state=data,
        )

    def to_domain_event(self, stored_event: StoredEvent) -> Any:
        cls = resolve_topic(stored_event.topic)
        data = stored_event.state
        if self.cipher:
            data = self.cipher.decrypt(data)
        if self.compressor:
            data = self.compressor.decompress(data)
        if hasattr(cls, "from_json"):
            return cls.from_json(stored_event.originator_id, stored_event.originator_version, data)
        state = self.transcoder.decode(data)
        return cls.from_record(
            stored_event.originator_id, stored_event.originator_version, state.pop("timestamp"), state
        )
