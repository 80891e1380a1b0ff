"""Ongoing effects of Sorcery cards, as typed specs stored in ``EffectStarted`` events.

Each spec says what the effect does to movement in terms of concrete squares and units, so the
lookahead can apply it from the event alone, without the card that made it. Which cards make
which effects lives in ``abilities.py``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Spec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ConnectEdges(_Spec):
    """Opposite edges of the realm are connected (Magellan Globe; digest gap 2: both pairs)."""

    kind: Literal["connect_edges"] = "connect_edges"
    columns: bool = True
    rows: bool = True


class AsIfAdjacent(_Spec):
    """Units may step between these sites as if adjacent (Waypoint Portal); ``for_player`` limits
    it to one player's units when the card says "your units"."""

    kind: Literal["as_if_adjacent"] = "as_if_adjacent"
    squares: tuple[int, int]
    for_player: str | None = None


class EntryBan(_Spec):
    """Units with at least ``min_power`` power can't enter the site at ``square`` (Gnome Hollows)."""

    kind: Literal["entry_ban"] = "entry_ban"
    square: int
    min_power: int


class ImmobileAtop(_Spec):
    """Units atop these squares (their surface) are Immobile (Bog's Genesis); with
    ``any_level`` units occupying either level of the sites are (Quagmire; digest gap 12)."""

    kind: Literal["immobile_atop"] = "immobile_atop"
    squares: tuple[int, ...]
    any_level: bool = False


class Grant(_Spec):
    """A unit (or whoever bears an artifact) has extra keywords and Movement +X."""

    kind: Literal["grant"] = "grant"
    unit: str | None = None
    bearer_of: str | None = None
    keywords: tuple[str, ...] = ()
    movement: int = 0
    minions_only: bool = False


EffectSpec = Annotated[
    ConnectEdges | AsIfAdjacent | EntryBan | ImmobileAtop | Grant, Field(discriminator="kind")
]
_ADAPTER: TypeAdapter[Any] = TypeAdapter(EffectSpec)


def parse_spec(data: dict[str, Any]) -> ConnectEdges | AsIfAdjacent | EntryBan | ImmobileAtop | Grant:
    parsed: ConnectEdges | AsIfAdjacent | EntryBan | ImmobileAtop | Grant = _ADAPTER.validate_python(data)
    return parsed
