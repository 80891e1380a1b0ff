"""Location text as scenario files and events write it, whatever the board.

Every board writes its locations as text (a Sorcery square ``"11/underwater"``, a hex ``"2,-1"``,
a table point ``"10.5,3,2"``) so that events stay plain data; each board parses its own form.
"""

from __future__ import annotations

from typing import Annotated, Any, get_args, get_origin

from pydantic import BaseModel, BeforeValidator, Field


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


#: ``location_fields`` of each class asked about
_LOCATION_FIELDS: dict[type[BaseModel], tuple[tuple[str, ...], tuple[str, ...]]] = {}


def location_fields(command_class: type[BaseModel]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The fields of a command class that hold a location, then those that hold a list of
    them (or of legs naming one), told by their type (``LocationText``) rather than by their
    name: a ``target`` is a place in one ruleset and a unit in another, and a unit's id read as
    a place would make the command unreadable."""
    known = _LOCATION_FIELDS.get(command_class)
    if known is None:
        known = _LOCATION_FIELDS[command_class] = _location_fields(command_class)
    return known


def _location_fields(command_class: type[BaseModel]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    single: list[str] = []
    lists: list[str] = []
    for name, field in command_class.model_fields.items():
        annotation = field.annotation
        if _is_location_text(field.metadata) or _holds_location(annotation, listed=False):
            single.append(name)
        elif _holds_location(annotation, listed=True):
            lists.append(name)
    return tuple(single), tuple(lists)


def _is_location_text(metadata: Any) -> bool:
    return any(isinstance(m, BeforeValidator) and m.func is _text for m in metadata)


def _holds_location(annotation: Any, listed: bool) -> bool:
    """Whether ``annotation`` is a location (``listed`` false: alone or optional) or a list
    whose items are locations or models with one (``listed`` true)."""
    origin = get_origin(annotation)
    if origin is Annotated:
        args = get_args(annotation)
        return (not listed and _is_location_text(args[1:])) or _holds_location(args[0], listed)
    if origin is list:
        return listed and any(_holds_location(item, False) or _names_location(item) for item in _alternatives(get_args(annotation)[0]))
    return any(_holds_location(arg, listed) for arg in get_args(annotation) if arg is not type(None))


def _alternatives(annotation: Any) -> tuple[Any, ...]:
    args = get_args(annotation)
    return args if args and get_origin(annotation) is not Annotated else (annotation,)


def _names_location(item: Any) -> bool:
    """A model (a leg of a path) with a location field of its own."""
    return isinstance(item, type) and issubclass(item, BaseModel) and bool(location_fields(item)[0])
