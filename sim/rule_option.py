"""``--option NAME=VALUE``: a scenario's rule options set on the command line.

A designer trying a rule change should not have to copy a scenario file to flip one option.
Every command that plays a scenario takes ``--option NAME=VALUE`` (repeatable) through the one
click decorator here, ``rule_options``. A value is read as YAML, as it would be in the file's
``options:`` (``true``, ``4.5``, ``[blank, damage]``, ``{Fighter: 4}``), laid over the file's
own options and checked by the ruleset's typed options with the same messages a file gets; the
error names ``--option NAME`` instead of a line of the file.

The decorator keeps the command's raw assignments for the length of the call (a context
variable: a nested call, a thread or a test's runner sees its own); ``sim.cli._play_file`` reads
them through ``command_line_options`` when it reads a scenario, inside the command's error
handling, so bad input is one line and exit 2 like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextvars import ContextVar
from functools import wraps
from typing import Any, TypeVar, cast

import click
import yaml

from domain.errors import BadInput
from domain.event_base import GameEvent
from domain.events import GameStarted
from domain.ruleset import get_ruleset
from sim.scenario import ScenarioBase

F = TypeVar("F", bound=Callable[..., Any])
WHERE = "--option"

_RAW: ContextVar[tuple[str, ...]] = ContextVar("rule_options", default=())


def rule_options(func: F) -> F:
    """The ``--option NAME=VALUE`` click option of a command that plays a scenario."""

    @click.option(
        "--option", "rule_option", multiple=True, metavar="NAME=VALUE",
        help="Set one of the ruleset's rule options over the scenario's (repeatable); VALUE as in YAML.",
    )
    @wraps(func)
    def wrapper(*args: Any, rule_option: tuple[str, ...] = (), **kwargs: Any) -> Any:
        token = _RAW.set(tuple(rule_option))
        try:
            return func(*args, **kwargs)
        finally:
            _RAW.reset(token)

    return cast(F, wrapper)


def given() -> dict[str, Any]:
    """The options the running command was given with ``--option``, parsed (BadInput if one is
    not ``NAME=VALUE``)."""
    return parse_assignments(_RAW.get())


def command_line_options(scenario: ScenarioBase) -> ScenarioBase:
    """The scenario with the running command's ``--option`` values over its own."""
    return with_options(scenario, given())


def parse_assignments(texts: Iterable[str], where: str = WHERE) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for text in texts:
        name, value = parse_assignment(text, where)
        found[name] = value
    return found


def parse_assignment(text: str, where: str = WHERE) -> tuple[str, Any]:
    """``NAME=VALUE`` as a name and a YAML value."""
    name, sep, value = text.partition("=")
    name = name.strip()
    if not sep or not name:
        raise BadInput(f"expected NAME=VALUE, not {text!r}", where)
    return name, parse_value(value, f"{where} {name}")


def parse_value(text: str, where: str) -> Any:
    """A value as the same text would read in a scenario file's ``options:``."""
    try:
        return yaml.safe_load(text) if text.strip() else ""
    except yaml.YAMLError as exc:
        problem = getattr(exc, "problem", None) or "not a YAML value"
        raise BadInput(f"{text!r} can't be read: {problem}", where) from None


def with_options(scenario: ScenarioBase, overrides: dict[str, Any], where: str = WHERE) -> ScenarioBase:
    """``overrides`` laid over the scenario's options, checked as a file's are. A problem in the
    file's own options is left for playing the scenario to report, at its place in the file."""
    if not overrides:
        return scenario
    rules = get_ruleset(scenario.ruleset)
    try:
        rules.check_options(dict(scenario.options))
    except BadInput:
        return scenario
    merged = {**scenario.options, **overrides}
    try:
        rules.check_options(merged)
    except BadInput as exc:
        raise BadInput(exc.message, _named(where, exc.where, overrides, rules.Options.model_fields)) from None
    return scenario.model_copy(update={"options": merged})


def _named(where: str, found: str | None, overrides: dict[str, Any], known: Iterable[str]) -> str:
    """``--option NAME`` for the option a check refused: the one it names, or the first unknown."""
    name = found.partition(".")[2] if found and found.startswith("options.") else ""
    if not name:
        name = next((n for n in overrides if n not in known), "")
    return f"{where} {name}" if name in overrides else where


def options_of(events: list[GameEvent]) -> dict[str, Any]:
    """The rule options a game was played under, as its ``GameStarted`` recorded them (an option
    whose absence means an older default than today's, at that default: ``RuleOptions.recorded``)."""
    started = next((e for e in events if isinstance(e, GameStarted)), None)
    return get_ruleset(started.ruleset).recorded_options(started.options) if started is not None else {}


def option_differences(first: list[GameEvent], second: list[GameEvent]) -> dict[str, list[Any]]:
    """The options two games were played under that differ: name -> [first's, second's] (an
    option one log did not record, from a version before it existed, reads as absent: None)."""
    a, b = options_of(first), options_of(second)
    return {name: [a.get(name), b.get(name)] for name in sorted(set(a) | set(b)) if a.get(name) != b.get(name)}
