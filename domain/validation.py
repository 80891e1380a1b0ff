"""Pydantic's validation errors turned into the one problem a person should fix first.

A typo is the commonest bad input: a command name (``passs``), a field (``att``), a ruleset.
Pydantic reports it in its own words ("Input tag 'passs' found using 'command' does not match
any of the expected tags"), and often reports the field the typo left missing first. Here a typo
is preferred over what it caused, and is answered the way unknown units and cards are: the
closest known name and the names there are (``domain.errors.suggest``).
"""

from __future__ import annotations

import json
import types
import typing
from typing import Any, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from domain.errors import suggest

#: error types that name what was written wrong, ahead of what it left missing
TYPOS = ("union_tag_invalid", "extra_forbidden")


def first_problem(exc: ValidationError, root: Any = None) -> tuple[tuple[Any, ...], str]:
    """The location and message of the problem to report: a typo before anything else.

    ``root`` is the model (or type) validated, used to list the fields an unknown one could
    have meant; without it an unknown field is still named, with no suggestion."""
    errors = exc.errors()
    chosen = next((e for kind in TYPOS for e in errors if e["type"] == kind), errors[0])
    loc = tuple(chosen["loc"])
    if chosen["type"] == "union_tag_invalid":
        ctx = chosen.get("ctx") or {}
        key, tag = str(ctx.get("discriminator", "")).strip("'"), ctx.get("tag")
        expected = [t.strip().strip("'") for t in str(ctx.get("expected_tags", "")).split(",") if t.strip()]
        return (*loc, key), f"unknown {key} {tag!r}" + suggest(tag, expected, f"{key}s", limit=40)
    if chosen["type"] == "union_tag_not_found":  # a mapping without its tag: ``game.issue({})``
        key = str((chosen.get("ctx") or {}).get("discriminator", "")).strip("'")
        tags = _tags_at(root, loc) if root is not None else []
        return (*loc, key), f"missing field {key!r}" + (suggest(None, tags, f"{key}s", limit=40) if tags else "")
    if chosen["type"] == "model_attributes_type" and not loc and _tags_at(root, loc):
        given = chosen.get("input")  # ``game.issue(5)``: a command is a mapping
        key = next(k for k in ("command", "ruleset") if _tags_at(root, loc, k))
        return (key,), f"a {key} is a mapping with a {key!r} field, not {given!r}"
    if chosen["type"] == "extra_forbidden":
        name = loc[-1] if loc else ""
        known = fields_at(root, chosen.get("input"), loc[:-1], errors)
        message = f"unknown field {name!r}"
        return loc, message + (suggest(name, known, "fields") if known else "")
    return loc, str(chosen["msg"])


def problem_at(exc: ValidationError, data: Any = None, root: Any = None) -> tuple[list[Any], str]:
    """The path to the field to fix (into ``data`` when given: without union tags) and what is
    wrong with it, the value written included (``first_problem``, ``given_value``): what the
    scenario reader, the log reader and the old logs' converter each say of a validation error."""
    loc, message = first_problem(exc, root)
    path = data_path(data, loc) if data is not None else list(loc)
    return path, message + given_value(exc, loc)


def path_text(path: list[Any] | tuple[Any, ...]) -> str:
    """A field's path as the one line of a message writes it, ``setup.units.0.at``: a key that
    is not a plain word (a space, a dot, a newline, nothing at all: what a damaged or generated
    file may hold) is written quoted, as JSON writes it, so that the message stays one line
    and says exactly which key."""
    return ".".join(_part_text(part) for part in path)


def quoted(value: Any) -> str:
    """A value as JSON writes it (``"maybe"``, ``true``, ``2.5``), for a message: its text kept
    as written (``"é"``, ``"💩"``, where JSON's ASCII escapes gave ``"\\ud83d\\udca9"``), only
    what is not printable escaped (a line break, a terminal's control character), so the
    message stays one line that shows what the file holds."""
    text = json.dumps(value, ensure_ascii=False)
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else json.dumps(c)[1:-1] for c in text)


def _part_text(part: Any) -> str:
    text = str(part)
    plain = text != "" and all(c.isalnum() or c in "_-/@" for c in text)
    return text if plain or isinstance(part, int) else quoted(text)


def given_value(exc: ValidationError, loc: tuple[Any, ...]) -> str:
    """``, not true``: the value written, for an error of a value's kind (a boolean or a
    fraction where a whole number belongs), so that the person sees what was read; empty for
    other errors, whose message says enough."""
    for error in exc.errors():
        if tuple(error["loc"]) == loc and error["type"].endswith(("_type", "_parsing", "_from_float")):
            value = error.get("input")
            if isinstance(value, (bool, int, float, str)):
                return f", not {quoted(value)}"
    return ""


def data_path(data: Any, loc: tuple[Any, ...]) -> list[Any]:
    """Pydantic's error location as a path into the data, without union tags."""
    path: list[Any] = []
    current = data
    for part in loc:
        if isinstance(current, dict) and part in current:
            path.append(part)
            current = current[part]
        elif isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current):
            path.append(part)
            current = current[part]
        elif isinstance(current, dict) and part in [str(v) for v in current.values()]:
            continue  # a discriminated union's tag, not a key
        else:
            path.append(part)
            break
    return path


def fields_at(root: Any, _input: Any, loc: tuple[Any, ...], errors: list[Any]) -> list[str]:
    """The field names of the model found at ``loc`` below ``root`` (union members chosen by the
    tag pydantic put in the location); the missing fields pydantic reported there otherwise."""
    model = _model_at(root, loc) if root is not None else None
    if model is not None:
        return [field.alias or name for name, field in model.model_fields.items()]
    return [str(e["loc"][-1]) for e in errors if e["type"] == "missing" and tuple(e["loc"][:-1]) == loc]


def _model_at(current: Any, loc: tuple[Any, ...]) -> type[BaseModel] | None:
    for part in loc:
        current = _step(current, part)
        if current is None:
            return None
    current = _unwrap(current)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _unwrap(kind: Any) -> Any:
    """The type inside ``Annotated``, ``Optional`` and the like."""
    while get_origin(kind) is typing.Annotated:
        kind = get_args(kind)[0]
    if get_origin(kind) in (Union, types.UnionType):
        members = [a for a in get_args(kind) if a is not type(None)]
        if len(members) == 1:
            return _unwrap(members[0])
    return kind


def _step(kind: Any, part: Any) -> Any:
    """The type one location part below ``kind``: a field, an item, or a tagged union member."""
    kind = _unwrap(kind)
    origin = get_origin(kind)
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        for name, field in kind.model_fields.items():
            if part in (name, field.alias):
                return field.annotation
        return None
    if origin in (list, tuple, set, frozenset) and isinstance(part, int):
        return get_args(kind)[0] if get_args(kind) else None
    if origin is dict:
        return get_args(kind)[1] if len(get_args(kind)) == 2 else None
    if origin in (Union, types.UnionType) and isinstance(part, str):
        for member in get_args(kind):
            member = _unwrap(member)
            if isinstance(member, type) and issubclass(member, BaseModel) and _tag_of(member) == part:
                return member
    return None


def _tags_at(root: Any, loc: tuple[Any, ...], key: str | None = None) -> list[str]:
    """The tags of the tagged union found at ``loc`` below ``root`` (the commands a script
    entry may name), those under ``key`` only when given; none when there is no union there."""
    if root is None:
        return []
    current = root
    for part in loc:
        current = _step(current, part)
        if current is None:
            return []
    current = _unwrap(current)
    if get_origin(current) not in (Union, types.UnionType):
        return []
    tags = []
    for member in get_args(current):
        member = _unwrap(member)
        if isinstance(member, type) and issubclass(member, BaseModel) and (key is None or key in member.model_fields):
            tag = _tag_of(member)
            if tag is not None:
                tags.append(tag)
    return tags


def _tag_of(model: type[BaseModel]) -> str | None:
    """A union member's tag: the default of its ``command`` or ``ruleset`` literal."""
    for key in ("command", "ruleset"):
        field = model.model_fields.get(key)
        if field is not None:
            args = get_args(field.annotation)
            if get_origin(field.annotation) is typing.Literal and args:
                return str(args[0])
    return None
