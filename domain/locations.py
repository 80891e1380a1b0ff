"""Location text as scenario files and events write it, whatever the board.

Every board writes its locations as text (a Sorcery square ``"11/underwater"``, a hex ``"2,-1"``,
a table point ``"10.5,3,2"``) so that events stay plain data; each board parses its own form.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BeforeValidator, Field


def _text(value: object) -> object:
    """YAML reads ``at: 3`` as a number; a location is text."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value


LocationText = Annotated[
    str,
    BeforeValidator(_text),
    Field(description="a location as the ruleset's board writes it (a square, a hex, a point), or an alias"),
]
