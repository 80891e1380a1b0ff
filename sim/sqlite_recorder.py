"""The library's SQLite store, reading a game's id once per page instead of once per event.

Every row of a page of events names the same game; the library parses the id text of each row
into a ``UUID`` (``convert_originator_id``), a cost as large as any other part of reading a
row. This recorder keeps the last ids it parsed. Selected by the store address
(``sim.store.parse_address``) through the library's ``PERSISTENCE_MODULE`` setting.
"""

from __future__ import annotations

from uuid import UUID

from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteFactory

#: how many parsed ids a recorder keeps (a process rarely reads more games at once)
KEPT_IDS = 256


class GameSQLiteRecorder(SQLiteApplicationRecorder):
    def convert_originator_id(self, originator_id: str) -> UUID | str:
        ids: dict[str, UUID | str] = self.__dict__.setdefault("_ids", {})
        found = ids.get(originator_id)
        if found is None:
            if len(ids) >= KEPT_IDS:
                ids.clear()
            found = ids[originator_id] = super().convert_originator_id(originator_id)
        return found


class GameSQLiteFactory(SQLiteFactory):
    application_recorder_class = GameSQLiteRecorder
