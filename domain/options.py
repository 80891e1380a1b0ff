"""Named rule options: where the sources are silent or disagree, a scenario chooses.

Each ruleset declares its options as a typed pydantic model: every field has a default, the
values it allows and a description saying why the default was chosen (DESIGN.md, principle 8).
``check_options`` merges a scenario's choices over the defaults and refuses unknown names and
values with one line naming the option; the models' JSON Schema is part of ``sim schema``.
"""

from __future__ import annotations

import math
import typing
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from types import MappingProxyType
from typing import Annotated, Any, ClassVar, Self

from pydantic import ConfigDict, Field, SerializerFunctionWrapHandler, TypeAdapter, ValidationError, model_serializer

from domain.attribute_reads import PlainModel
from domain.errors import BadInput
from domain.validation import quoted


class RuleOptions(PlainModel):
    """Base of every ruleset's options model. Frozen: options never change during a game.

    What a record leaves out. A game's options are recorded whole in its ``GameStarted`` (and
    folded into its state, and so its hash), except the ``LATER`` options, added after games were
    recorded without them: each is left out while it holds the value its absence means, so that
    a game played as before it existed is recorded, hashed and verified exactly as before.

    An absent option means its default, unless that default changed after games were recorded
    without it (the rules turned out not to be silent): ``ABSENT_MEANS`` then names the value
    those games were played under, which its absence keeps meaning, while a new game gets
    today's default. Such an option is left out of a record only at that older value, so a new
    game at today's default records it: records never say less than was played, and every
    record written before the change keeps its meaning, its hash and its verification.
    A record is read back through ``recorded`` (folding a ``GameStarted``, replaying or
    re-running a logged game); ``check_options`` fills a new game's absent options with today's
    defaults. An option recorded whole from the start needs neither: its records say its value.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)
    #: options added after games were recorded without them: left out of what is recorded while
    #: they hold the value their absence means (their default, or their ``ABSENT_MEANS``)
    LATER: ClassVar[frozenset[str]] = frozenset()
    #: LATER options whose default changed since: name -> the value a record without it means
    #: (the default it had when those records were written)
    ABSENT_MEANS: ClassVar[Mapping[str, Any]] = MappingProxyType({})
    #: LATER options whose absence is ambiguous: some versions played a value other than
    #: ``ABSENT_MEANS`` (or the default) before the option existed, and recorded no more than
    #: the others did -> each such value -> the versions that recorded it so (a commit range,
    #: said to whoever reads a log verified under it). A start without the option is read as
    #: its absence means first; verification tries these only when that reading fails
    #: (``sim.replay.verify``), and takes the one the log's events agree with
    ABSENT_MAY_MEAN: ClassVar[Mapping[str, Mapping[Any, str]]] = MappingProxyType({})
    #: each LATER option -> the value its absence means (made once per class)
    _absent: ClassVar[dict[str, Any]] = {}
    #: options whose bounds were narrowed after games were recorded outside them (a value the
    #: rules turned out to exclude) -> the bounds older versions held them to, as ``Field``
    #: takes them (``{"ge": 0}``; ``{}``: none). A new game is held to today's bounds; a recorded
    #: start outside them but inside the older ones is read as recorded (``of_record``), and
    #: its readers say so (``outside_a_new_game``); outside the older ones too, no version
    #: accepted it, and it is refused as a new game's is
    NARROWED: ClassVar[Mapping[str, Mapping[str, Any]]] = MappingProxyType({})
    #: each NARROWED option -> its type under the older bounds (made once per class)
    _older: ClassVar[dict[str, TypeAdapter[Any]]] = {}

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        """Each ``ABSENT_MEANS`` option is a LATER one, and a value it takes other than its
        default (else it would need no entry): checked when the class is made, not when an old
        record is first read."""
        super().__pydantic_init_subclass__(**kwargs)
        for name, value in cls.ABSENT_MEANS.items():
            if name not in cls.LATER:
                raise TypeError(f"{cls.__name__}: option {name} in ABSENT_MEANS is not in LATER")
            if value == cls.model_fields[name].default:
                raise TypeError(f"{cls.__name__}: option {name}'s ABSENT_MEANS is its default")
            cls.model_validate({name: value})
        cls._absent = {name: cls.ABSENT_MEANS.get(name, cls.model_fields[name].default) for name in cls.LATER}
        for name, values in cls.ABSENT_MAY_MEAN.items():
            if name not in cls.LATER:
                raise TypeError(f"{cls.__name__}: option {name} in ABSENT_MAY_MEAN is not in LATER")
            for value in values:
                if value == cls._absent[name]:
                    raise TypeError(f"{cls.__name__}: option {name}'s ABSENT_MAY_MEAN repeats what its absence means")
                cls.model_validate({name: value})
        for name in cls.NARROWED:
            if name not in cls.model_fields:
                raise TypeError(f"{cls.__name__}: option {name} in NARROWED is no option")
        cls._older = {name: _bounded(cls.model_fields[name].annotation, bounds) for name, bounds in cls.NARROWED.items()}

    @model_serializer(mode="wrap")
    def _without_later_defaults(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for name, absent in self._absent.items():
            if name in data and getattr(self, name) == absent:
                del data[name]
        return data

    @classmethod
    def recorded(cls, options: Mapping[str, Any]) -> dict[str, Any]:
        """The options a record (a ``GameStarted``'s) means: those it holds, and each
        ``ABSENT_MEANS`` option it leaves out at the value its absence means. Every other
        absent option is its default, as ``model_validate`` and ``check_options`` fill it."""
        return {**{name: value for name, value in cls.ABSENT_MEANS.items() if name not in options}, **options}

    @classmethod
    def absent_may_mean(cls, options: Mapping[str, Any]) -> list[tuple[str, Any, str]]:
        """The other readings of a record (a ``GameStarted``'s ``options``) than ``recorded``:
        for each ``ABSENT_MAY_MEAN`` option it leaves out, each value it may have been played
        under instead, with the versions that recorded it so. Empty for most records."""
        return [
            (name, value, versions)
            for name, values in cls.ABSENT_MAY_MEAN.items()
            if name not in options
            for value, versions in values.items()
        ]

    @classmethod
    def of_record(cls, options: Mapping[str, Any], ruleset: str = "") -> Self:
        """The options of a recorded start: validated as a new game's, except that a
        ``NARROWED`` option outside today's bounds but inside the older ones keeps its recorded
        value (a log played under it replays as it was played; ``outside_a_new_game`` says so).
        Anything else a new game refuses is refused with ``check_options``'s one line naming
        the option (``BadInput``): a stored game folded outside ``check_options`` (``sim
        trace --db``) is told what is wrong with it, not handed pydantic's error."""
        try:
            parsed = cls.model_validate(options)
        except ValidationError as exc:
            outside = cls._outside_narrowed(exc, options)
            if not outside:
                raise _refusal(ruleset or cls.__name__, cls, exc, options, logged=True) from None
            parsed = cls.model_validate({name: value for name, value in options.items() if name not in outside})
            parsed = parsed.model_copy(update={name: cls._older[name].validate_python(options[name]) for name in outside})
        _check_kinds(cls, options)
        return parsed

    @classmethod
    def _outside_narrowed(cls, exc: ValidationError, options: Mapping[str, Any]) -> set[str]:
        """The ``NARROWED`` options a validation failed on for today's bounds alone, each
        inside the bounds older versions held it to; empty when anything else failed too."""
        errors = exc.errors()
        names = {str(error["loc"][0]) for error in errors if error["loc"]}
        if len(names) != len(errors) or not names <= cls.NARROWED.keys() or any(error["type"] not in _BOUNDS for error in errors):
            return set()
        if not all(cls._fits_older(name, options.get(name)) for name in names):
            return set()
        return names

    @classmethod
    def _fits_older(cls, name: str, value: Any) -> bool:
        try:
            cls._older[name].validate_python(value)
        except ValidationError:
            return False
        return True

    def outside_a_new_game(self) -> list[str]:
        """A note for each option of these (a recorded start's, ``of_record``) that a new game
        refuses: a log played under it replays as played, and whoever reads the log is told,
        since a log can't say which version wrote it (``domain.logged``)."""
        notes = []
        for name in sorted(self.NARROWED):
            value = getattr(self, name)
            try:
                type(self).model_validate({name: value})  # as a new game would take it
            except ValidationError:
                notes.append(f"the game's start uses option {name} = {_shown(value)}, outside what a new game accepts; replayed as played")
        return notes

    def __getitem__(self, name: str) -> Any:
        return getattr(self, name)


def _bounded(kind: Any, bounds: Mapping[str, Any]) -> TypeAdapter[Any]:
    """An option's type (without today's bounds) under ``bounds``: what an older version took.
    Strict: no version recorded ``true``, ``"3"`` or ``2.0`` for a whole number (the first
    checked an option's exact type; later ones refuse ``true`` and ``"3"``, ``_check_kinds``,
    and recorded a ``2.0`` they read as ``2``), so a logged start holding one is refused."""
    return TypeAdapter(Annotated[kind or Any, Field(strict=True, **bounds)])  # type: ignore[arg-type]  # a type made at run time


#: set while the options of a recorded start are checked (``reading_a_logged_start``)
_LOGGED_START: ContextVar[bool] = ContextVar("reading_a_logged_start", default=False)


@contextmanager
def reading_a_logged_start() -> Iterator[None]:
    """Check the options of a start a log holds (``Game.start(logged=True)``): a ``NARROWED``
    option outside today's bounds, inside the older ones, is taken as recorded, not refused (its
    readers say so: ``RuleOptions.outside_a_new_game``)."""
    token = _LOGGED_START.set(True)
    try:
        yield
    finally:
        _LOGGED_START.reset(token)


#: what a value of a plain type is called in a message to a designer ("a int" read as a typo)
_KIND_WORDS: dict[Any, str] = {int: "a whole number", float: "a number", bool: "true or false", str: "text"}


def _kind_word(kind: Any) -> str:
    if kind in _KIND_WORDS:
        return _KIND_WORDS[kind]
    origin = typing.get_origin(kind)
    if origin in (list, tuple, set, frozenset):
        return "a list"
    if origin is dict:
        return "a mapping"
    return f"a {getattr(kind, '__name__', str(kind))}"


def _shown(value: Any) -> str:
    """A value as it would be written in a scenario (``true``, ``"maybe"``), not as Python
    prints it (``True``, ``'maybe'``); ``inf`` and ``nan`` as YAML's ``.inf`` reads."""
    if isinstance(value, float) and not math.isfinite(value):
        return repr(value)
    try:
        return quoted(value)
    except (TypeError, ValueError):
        return repr(value)


def _allowed(model: type[RuleOptions], name: str) -> str:
    annotation = model.model_fields[name].annotation
    choices = typing.get_args(annotation) if typing.get_origin(annotation) is typing.Literal else ()
    if choices:
        return "one of " + ", ".join(str(c) for c in choices)
    members = [a for a in typing.get_args(annotation) if a is not type(None)]
    if len(members) == 1 and type(None) in typing.get_args(annotation):  # an option that may be left unset
        return f"{_kind_word(members[0])} or null"
    return _kind_word(annotation)


def _whole_only(model: type[RuleOptions], name: str) -> bool:
    """Whether the option takes whole numbers only (``int``, or ``int`` or unset)."""
    annotation = model.model_fields[name].annotation
    return annotation is int or set(typing.get_args(annotation)) == {int, type(None)}


def _switch_as_written(model: type[RuleOptions], name: str, value: Any) -> Any:
    """An option whose values are ``on`` and ``off``, as the user wrote it: YAML 1.1 (the
    scenario files, ``--option``) reads a bare ``on``/``off`` as true/false."""
    if isinstance(value, bool):
        annotation = model.model_fields[name].annotation
        if typing.get_origin(annotation) is typing.Literal and set(typing.get_args(annotation)) == {"on", "off"}:
            return "on" if value else "off"
    return value


#: pydantic's errors for a value of the right type out of its field's bounds, as "must be ..."
_BOUNDS = {
    "greater_than_equal": "{ge} or more",
    "greater_than": "more than {gt}",
    "less_than_equal": "{le} or less",
    "less_than": "less than {lt}",
    "too_short": "a list of at least {min_length}",
    "too_long": "a list of at most {max_length}",
}


def check_options(ruleset: str, model: type[RuleOptions], given: dict[str, Any]) -> dict[str, Any]:
    """The full set of options (defaults filled in) as plain JSON data, or ``BadInput``."""
    for name in given:
        if name not in model.model_fields:
            raise _unknown(ruleset, model, name)
    given = {name: _switch_as_written(model, name, value) for name, value in given.items()}
    if _LOGGED_START.get():  # read as recorded; its readers say so (``RuleOptions.outside_a_new_game``)
        return model.of_record(given, ruleset).model_dump(mode="json")
    try:
        parsed = model.model_validate(given, strict=False)
    except ValidationError as exc:
        raise _refusal(ruleset, model, exc, given, logged=False) from None
    _check_kinds(model, given)
    return parsed.model_dump(mode="json")


def _unknown(ruleset: str, model: type[RuleOptions], name: str) -> BadInput:
    known = ", ".join(model.model_fields)
    return BadInput(f"unknown rule option {name!r} for {ruleset}: known are {known}", "options")


def _refusal(ruleset: str, model: type[RuleOptions], exc: ValidationError, given: Mapping[str, Any], logged: bool) -> BadInput:
    """The one line naming the option a validation failed on: an unknown option first (it is
    the mistake, not whatever else failed with it); on a ``logged`` start, a ``NARROWED``
    option is worded by the bounds logs are read under (``RuleOptions.NARROWED``), not today's."""
    errors = exc.errors()
    for error in errors:
        if error["type"] == "extra_forbidden" and error["loc"]:
            return _unknown(ruleset, model, str(error["loc"][0]))
    if logged:  # a NARROWED option within the bounds logs are read under is no fault of the log
        errors = [e for e in errors if not _read_as_recorded(model, e, given)] or errors
    error = errors[0]
    name = str(error["loc"][0]) if error["loc"] else "options"
    if logged and name in model.NARROWED and name in given:
        try:
            model._older[name].validate_python(given[name])
        except ValidationError as older:
            error = older.errors()[0]
    value = given.get(name, error.get("input"))  # an option left at its default: the default
    # a value of the right type out of the option's bounds (ge=0, a list that may not be
    # empty) says the bound: "must be a int, not -5" named a type the value already has
    bound = _BOUNDS.get(error["type"])
    wanted = bound.format(**error.get("ctx", {})) if bound else _allowed(model, name) if name in model.model_fields else "valid"
    if error["type"] == "value_error":  # a ruleset's own check (a field validator) says what it wants
        wanted = str(error.get("ctx", {}).get("error", wanted))
    shown = _shown(value) if name in given else f"{_shown(value)} (its default)"
    return BadInput(f"option {name} must be {wanted}, not {shown}", f"options.{name}")


def _read_as_recorded(model: type[RuleOptions], error: Any, given: Mapping[str, Any]) -> bool:
    """Whether ``error`` is a ``NARROWED`` option's whose value a logged start keeps."""
    name = str(error["loc"][0]) if error["loc"] else ""
    return name in model.NARROWED and name in given and model._fits_older(name, given[name])


def _check_kinds(model: type[RuleOptions], given: Mapping[str, Any]) -> None:
    """Refuse what pydantic's lax reading would take for another kind (``true`` as 1, ``"3"``
    as 3, ``2.0`` as 2, ``.inf``): a new game's and a recorded start's alike."""
    for name, value in given.items():
        if isinstance(value, float) and not math.isfinite(value):  # .inf, .nan: no rule reads them
            raise BadInput(f"option {name} must be a finite number, not {_shown(value)}", f"options.{name}")
        default = model.model_fields[name].default
        if (
            isinstance(default, bool) != isinstance(value, bool)
            or (isinstance(default, (int, float)) and isinstance(value, str))
            or (isinstance(value, float) and _whole_only(model, name))  # 2.0 is read as 2 by pydantic, 2.5 refused
        ):
            raise BadInput(f"option {name} must be {_allowed(model, name)}, not {_shown(value)}", f"options.{name}")
