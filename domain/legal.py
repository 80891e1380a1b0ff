"""The legal commands of a state as a lazy collection (``Game.legal_commands``).

Listing every legal command of a big board means a search per unit and a check per place it
could go; a player (or a policy) mostly wants one of them, or to know whether one command is
among them. As python-chess's ``legal_moves``, the collection works each part out only when it
is read:

- ``len(legal)`` and ``legal[i]`` work out how many commands each part holds, and build only the
  command asked for (a part may know its size before its commands: a point it can reach is
  counted before its path is written);
- ``command in legal`` looks only at the parts that could hold it (same command name, same
  unit), not at the whole list;
- iterating lists them all, in the same order a plain list would have them, so that every
  caller (and every seeded game) sees the same sequence as before;
- ``outlines()`` says, in that order, what a policy weighs of the commands (``Outline``: the
  name, the unit, where the path or ``to`` ends, whether it attacks), each distinct outline of a
  part once, at its first command, without building the commands of a part that can say so (a
  move's end is known before its path is searched): a policy that weighs every command by its
  outline builds only the one it picks.

A part is built by the ruleset from the state it was asked of; the collection is that state's
(``GameState.index``): the next event drops it with the state's other indexes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, NamedTuple, overload

from pydantic import BaseModel

from domain.errors import SimError
from domain.locations import location_fields


class Outline(NamedTuple):
    """What a policy weighs of a command, read without building it where its part can say
    (``Part.outlines``): the command's name, the unit it is about, where its path (or its ``to``)
    ends, and whether it names an attack or a target. ``outline_of`` reads it off a built
    command, and is what every part's own outline must agree with."""

    command: str
    unit: str | None
    end: str | None
    attacks: bool


def outline_of(command: BaseModel) -> Outline:
    """A built command's outline, read as its JSON says it: the end is the last step of its
    path (a leg's ``to``), else its ``to`` when that is text. Plain text and None are read off
    the fields themselves (their JSON is themselves); anything else is written out as JSON."""
    end = _plain_end(command)
    if end is _NOT_PLAIN:
        end = _json_end(command.model_dump(mode="json"))
    unit = getattr(command, "unit", None)
    attacks = bool(getattr(command, "attack", None) or getattr(command, "target", None))
    return Outline(str(getattr(command, "command", type(command).__name__)), unit if isinstance(unit, str) else None, end, attacks)


#: a command whose end is not read off its fields (``_plain_end``): its JSON says it
_NOT_PLAIN: Any = object()


def _plain_end(command: BaseModel) -> Any:
    """``_json_end`` of the command's JSON, where its path (its last leg's ``to``) and its
    ``to`` are plain text, None or missing; else ``_NOT_PLAIN``."""
    path = command.__dict__.get("path")
    if path is not None:
        if type(path) is not list:
            return _NOT_PLAIN
        if path:
            last = path[-1]
            if type(last) is str:
                return last
            to = last.__dict__.get("to", _NOT_PLAIN) if isinstance(last, BaseModel) else _NOT_PLAIN
            return to if type(to) is str else _NOT_PLAIN
    to = command.__dict__.get("to")
    if to is None or type(to) is str:
        return to
    return _NOT_PLAIN


def _json_end(data: dict[str, Any]) -> str | None:
    path = data.get("path")
    if isinstance(path, list) and path:
        last = path[-1]
        return str(last["to"] if isinstance(last, dict) else last)
    to = data.get("to")
    return to if isinstance(to, str) else None


def _key(command: BaseModel) -> tuple[str, str | None]:
    """What a part is filed under: the command's name and the unit it is about."""
    unit = getattr(command, "unit", None)
    return str(getattr(command, "command", type(command).__name__)), unit if isinstance(unit, str) else None


def distinct_outlines(commands: Iterable[BaseModel]) -> list[tuple[int, Outline]]:
    """Each distinct outline of ``commands`` (``outline_of``), with the index of the first
    command it outlines, in their order."""
    seen: set[Outline] = set()
    found: list[tuple[int, Outline]] = []
    for index, command in enumerate(commands):
        outline = outline_of(command)
        if outline not in seen:
            seen.add(outline)
            found.append((index, outline))
    return found


class Part:
    """Some of the legal commands, all of one command name and one unit (``key``; None for a
    part that may hold any), worked out when first read. ``size`` counts them (cheaper than building them, where the ruleset can);
    ``item`` builds the i-th; without ``size`` the part is listed whole on first use."""

    __slots__ = ("key", "_size", "_item", "_list", "_built", "_count", "_find", "_decides", "_outlines")

    def __init__(
        self, key: tuple[str, str | None] | None, *, items: Callable[[], list[BaseModel]] | None = None,
        size: Callable[[], int] | None = None, item: Callable[[int], BaseModel] | None = None,
        find: Callable[[BaseModel], int | None] | None = None,
        decides: Callable[[BaseModel], bool] | None = None,
        outlines: Callable[[], list[tuple[int, Outline]]] | None = None,
    ) -> None:
        if items is None and (size is None or item is None):
            raise ValueError("a part needs its items, or its size and a way to build one item")
        self.key = key
        self._size = size
        self._item = item
        self._list = items
        self._built: list[BaseModel] | None = None
        self._count: int | None = None
        #: where a command would be among the part's, if anywhere (so that ``in`` builds one)
        self._find = find
        #: whether a command is among the part's, decided alone from the state it was asked of
        #: (a ruleset that can judge one command without listing the others: Sorcery)
        self._decides = decides
        #: each distinct outline of the part's commands at its first, without building them
        #: (what ``distinct_outlines`` of the built commands gives)
        self._outlines = outlines

    @classmethod
    def of(cls, commands: list[BaseModel]) -> Part:
        """A part already listed (one command, or a few cheap ones)."""
        key = _key(commands[0]) if commands else ("", None)
        part = cls(key, items=lambda: commands)
        return part

    def _all(self) -> list[BaseModel]:
        if self._built is None:
            if self._list is not None:
                self._built = list(self._list())
            else:
                assert self._item is not None  # checked in __init__
                self._built = [self._item(i) for i in range(len(self))]
        return self._built

    def __len__(self) -> int:
        if self._count is None:
            self._count = len(self._all()) if self._size is None else self._size()
        return self._count

    def get(self, index: int) -> BaseModel:
        if self._built is not None or self._item is None:
            return self._all()[index]
        if not 0 <= index < len(self):
            raise IndexError("legal command index out of range")
        return self._item(index)

    def outlines(self) -> list[tuple[int, Outline]]:
        """Each distinct outline of the part's commands, with the index of the first command
        it outlines: the part's own reading while it has not built its commands, else the built
        commands' (``distinct_outlines``)."""
        if self._outlines is not None and self._built is None:
            len(self)  # counted first: the part's positions are known
            return self._outlines()
        return distinct_outlines(self)

    def settle(self) -> None:
        """Work out what is left, while the state it was asked of is still as it was."""
        self._all()

    def __iter__(self) -> Iterator[BaseModel]:
        return iter(self._all())

    def holds(self, command: BaseModel) -> bool:
        if self._built is None and self._decides is not None:
            return self._decides(command)
        if self._built is None and self._find is not None:
            len(self)  # counted first: the part's positions are known
            index = self._find(command)
            return index is not None and 0 <= index < len(self) and self.get(index) == command
        return any(command == listed for listed in self._all())


class LegalCommands(Sequence[BaseModel]):
    """The commands the player to act may issue now, worked out part by part as they are read
    (see the module's docstring). Compares equal to a list of the same commands."""

    def __init__(self, parts: Iterable[Part]) -> None:
        self._parts = list(parts)
        #: the state (and game version) it is the answer of (``asked_of``)
        self.state: object | None = None
        self.version = -1
        #: a command as the listed ones are written (``command_as_listed``), None when it can't
        #: be read; unset, only commands already in that form are found
        self.as_listed: Callable[[BaseModel | dict[str, Any]], BaseModel | None] | None = None

    def asked_of(self, state: Any, version: int) -> None:
        """Remember the state these commands are of, and have them settle before an event
        changes it (``GameState.keep_settled``)."""
        self.state, self.version = state, version
        state.keep_settled(self)

    def settle(self) -> None:
        """The state is about to change: list what is not worked out yet, from it as it is."""
        for part in self._parts:
            part.settle()

    @classmethod
    def of(cls, commands: Iterable[BaseModel]) -> LegalCommands:
        """The collection of commands already listed (a ruleset that lists them whole)."""
        listed = list(commands)
        return cls([Part(None, items=lambda: listed)])

    def __len__(self) -> int:
        return sum(map(len, self._parts))  # a policy counts them before every choice

    def __bool__(self) -> bool:
        return any(map(len, self._parts))

    @overload
    def __getitem__(self, index: int) -> BaseModel: ...

    @overload
    def __getitem__(self, index: slice) -> list[BaseModel]: ...

    def __getitem__(self, index: int | slice) -> BaseModel | list[BaseModel]:
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += len(self)
        if index < 0:
            raise IndexError("legal command index out of range")
        for part in self._parts:
            size = len(part)
            if index < size:
                return part.get(index)
            index -= size
        raise IndexError("legal command index out of range")

    def __iter__(self) -> Iterator[BaseModel]:
        for part in self._parts:
            yield from part

    def outlines(self) -> Iterator[tuple[int, Outline]]:
        """Each part's distinct outlines (``Part.outlines``) with the index of the first
        command each outlines, in the collection's order. A command left out is outlined as an
        earlier one of its part: to a policy that weighs outlines alone and breaks ties by the
        order, it is never worth more. A part that can outline its commands builds none of
        them; any other is listed and read."""
        start = 0
        for part in self._parts:
            size = len(part)
            found = getattr(part, "outlines", None)  # a ruleset's own part may not have them
            for index, outline in distinct_outlines(part) if found is None else found():
                yield start + index, outline
            start += size

    def __contains__(self, command: object) -> bool:
        """Whether ``command`` is one of these, read as ``Game.issue`` reads it: a dict is
        parsed, a player left out is the player to act, a location may be written by its alias
        (``as_listed``, set by the game). A command already in the listed form is looked up
        without being read again."""
        if isinstance(command, BaseModel) and self._lists(command):
            return True
        if not isinstance(command, BaseModel | dict):
            raise TypeError(f"a legal command is a command model or a dict, not {type(command).__name__}")
        if self.as_listed is None:
            return False
        listed = self.as_listed(command)
        return listed is not None and listed != command and self._lists(listed)

    def _lists(self, command: BaseModel) -> bool:
        key = _key(command)
        return any((part.key is None or part.key == key) and part.holds(command) for part in self._parts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalCommands | list | tuple):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a collection compared by its contents

    def __repr__(self) -> str:
        return f"LegalCommands({list(self)!r})"

    def as_list(self) -> list[BaseModel]:
        return list(self)


def as_legal(found: Any) -> LegalCommands:
    """A ruleset's answer as the lazy collection: a plain list (Sorcery, and any ruleset not
    written part by part) is wrapped as it is."""
    return found if isinstance(found, LegalCommands) else LegalCommands.of(found)


def command_as_listed(rules: Any, state: Any, command: BaseModel | dict[str, Any]) -> BaseModel | None:
    """``command`` as a ruleset lists its legal commands: parsed, the player to act filled in
    where it is left out, each location written canonically (an alias read as the place it
    names). None when it can't be read at all (an unknown command or location, a malformed
    field): such a command is not among any state's legal commands."""
    try:
        parsed = rules.parse_command(command)
        payload = parsed.model_dump(mode="json")
        if "player" in type(parsed).model_fields and payload.get("player") is None:
            payload["player"] = _default_player(rules, state, payload)
        single, lists = location_fields(type(parsed))
        for key in single:
            if isinstance(payload.get(key), str):
                payload[key] = rules.parse_location(state, payload[key])
        for key in lists:
            if isinstance(payload.get(key), list):
                payload[key] = [_canonical_item(rules, state, item) for item in payload[key]]
        return rules.parse_command(payload)
    except SimError:
        return None


def _default_player(rules: Any, state: Any, payload: dict[str, Any]) -> str:
    """The player a command that names none is issued for, as every ruleset's handlers read it:
    the owner of the unit it names (GODSGLOOM's God's Push moves a unit of either player while
    one of them is to act), else the player to act."""
    unit = state.units.get(payload["unit"]) if isinstance(payload.get("unit"), str) else None
    return unit.owner if unit is not None else rules.to_act(state)


def _canonical_item(rules: Any, state: Any, item: Any) -> Any:
    if isinstance(item, str):
        return rules.parse_location(state, item)
    if isinstance(item, dict) and isinstance(item.get("to"), str):
        return {**item, "to": rules.parse_location(state, item["to"])}
    return item
