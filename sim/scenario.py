"""Scenario files: a ruleset, its options, a board set-up, a script of commands and expectations.

A scenario is both a game to play and a rules test: its ``expect`` section says what must be
reachable or not, which events must (or must not) happen, and where units end up. Files are
YAML validated by these pydantic models; ``sim schema`` prints their JSON Schema.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, create_model

from domain.errors import BadInput, suggest
from domain.locations import LocationText as Location
from domain.ruleset import get_ruleset, known_rulesets
from domain.validation import path_text, problem_at
from sim.expectations import check_event_expectations, check_reach_expectations, check_script_rules
from sim.infile import is_stdin, one_stdin, shown
from sim.yamlfile import Located, read_yaml


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ReachExpectation(_Model):
    """Whether ``unit`` has ``location`` in its range of motion after the script."""

    unit: str
    location: Location
    reachable: bool
    rule: str | None = Field(default=None, description="text the reason must contain, when unreachable")
    path: list[Location] | None = Field(default=None, description="the expected cheapest path, both ends included")
    after: int | None = Field(
        default=None, ge=0, description="ask after this many script commands (default: after the whole script)"
    )


class EventExpectation(BaseModel):
    """An event by its type, plus any fields it must have (``unit: troll``, ``at: S``)."""

    model_config = ConfigDict(extra="allow")
    type: str


class UnitExpectation(_Model):
    at: Location | None = None
    alive: bool | None = None
    tapped: bool | None = None
    damage: int | None = None
    carried_by: str | None = None
    extra: dict[str, Any] = Field(
        default_factory=dict, description="ruleset-specific unit fields that must match (facing, wounds, states...)"
    )


class Expectations(_Model):
    reach: list[ReachExpectation] = Field(default_factory=list)
    events: list[EventExpectation] = Field(default_factory=list, description="must occur, in this order")
    no_events: list[EventExpectation] = Field(default_factory=list, description="must not occur")
    units: dict[str, UnitExpectation] = Field(default_factory=dict)
    life: dict[str, int] = Field(default_factory=dict)
    pending_choice: str | None = Field(default=None, description="the player a choice waits for")


class ScriptMeta(_Model):
    expect: Literal["ok", "refused"] = "ok"
    rule: str | None = Field(default=None, description="text the refusal must contain")
    note: str | None = None


def _scripted(command_cls: type[BaseModel]) -> type[BaseModel]:
    """The command model plus the script-only fields (expect, rule, note)."""
    fields: dict[str, Any] = {name: (f.annotation, f) for name, f in ScriptMeta.model_fields.items()}
    return create_model(f"Scripted{command_cls.__name__}", __base__=command_cls, **fields)


class ScenarioBase(_Model):
    """What every scenario has; each ruleset adds its typed ``setup`` and ``script``."""

    ruleset: str
    title: str
    source: str | None = Field(default=None, description="where the rule or example comes from")
    description: str | None = None
    options: dict[str, Any] = Field(default_factory=dict, description="the ruleset's named rule options")
    players: list[str] = Field(default_factory=lambda: ["p1", "p2"])
    active_player: str | None = None
    aliases: dict[str, Any] = Field(default_factory=dict, description="names for locations, e.g. A: 11")
    seed: int = Field(default=0, ge=0, description="seed of the dice (and of a self-played game's policy), 0 or more")
    expect: Expectations = Field(default_factory=Expectations)
    #: typed per ruleset by ``_scenario_model``
    setup: Any = None
    script: list[Any] = Field(default_factory=list)


@functools.cache
def _scenario_model(name: str) -> type[ScenarioBase]:
    """The scenario model of one ruleset: its set-up and script commands, typed."""
    rules = get_ruleset(name)
    scripted = tuple(_scripted(cls) for cls in rules.script_commands)
    # types built at run time from the ruleset's commands: to mypy they are plain values (Any)
    entry: Any = Annotated[Union[scripted], Field(discriminator="command")]  # noqa: UP007
    tag: Any = Literal.__getitem__(name)
    options_schema = rules.Options.model_json_schema()
    options_field: Any = Field(
        default_factory=dict,
        description=f"{rules.title}'s named rule options; each defaults as shown",
        json_schema_extra={"properties": options_schema["properties"], "additionalProperties": False},
    )
    model: type[ScenarioBase] = create_model(
        f"{name.capitalize()}Scenario",
        __base__=ScenarioBase,
        ruleset=(tag, ...),
        options=(dict[str, Any], options_field),
        setup=(rules.setup_model, Field(default_factory=rules.setup_model)),
        script=(list[entry], Field(default_factory=list)),
    )
    return model


@functools.cache
def scenario_adapter(name: str) -> TypeAdapter[Any]:
    """The validator of one ruleset's scenarios, built the first time a scenario of it is read:
    a question about one game loads one ruleset."""
    return TypeAdapter(_scenario_model(name))


def _ruleset_of(located: Located) -> str:
    """The scenario's ``ruleset``, checked before anything else: it says which model reads the rest."""
    assert isinstance(located.data, dict)
    if "ruleset" not in located.data:
        raise BadInput("ruleset: a scenario names its ruleset (" + ", ".join(known_rulesets()) + ")", located.where(()))
    name = located.data["ruleset"]
    if not isinstance(name, str) or name not in known_rulesets():
        raise BadInput(
            f"ruleset: unknown ruleset {name!r}" + suggest(name, known_rulesets(), "rulesets"), located.where(["ruleset"])
        )
    return name


def split_entry(entry: BaseModel) -> tuple[dict[str, Any], ScriptMeta]:
    """A script entry's command (as a dict) and its script-only fields."""
    data = entry.model_dump(mode="json")
    meta = ScriptMeta(**{k: data.pop(k) for k in ScriptMeta.model_fields})
    return data, meta


def parse_scenario(located: Located) -> ScenarioBase:
    if not isinstance(located.data, dict):
        raise BadInput("a scenario is a mapping with at least 'title' and 'ruleset'", located.where(()))
    adapter = scenario_adapter(_ruleset_of(located))
    text = _as_json(located.data)
    try:
        scenario: ScenarioBase = (
            adapter.validate_python(located.data) if text is None else adapter.validate_json(text, strict=True)
        )
    except ValidationError as exc:
        path, message = problem_at(exc, located.data, _scenario_model(located.data["ruleset"]))
        field = path_text(path) or "scenario"
        raise BadInput(f"{field}: {message}", located.where(path)) from None
    try:
        check_setup_ids(located.data.get("setup"))
    except BadInput as exc:
        raise BadInput(f"{exc.where}: {exc.message}", located.where(_path_of(exc.where or "setup"))) from None
    check_event_expectations(scenario.ruleset, located.data.get("expect") or {}, located.where)
    check_reach_expectations(scenario.expect.reach, len(scenario.script), located.where)
    check_script_rules(scenario.script, located.where)
    return scenario


def check_setup_ids(setup: Any) -> None:
    """Refuse a blank ``id`` of anything a set-up places (units, sites, surfaces, artifacts...):
    no command could name it (``unit: ""`` reads as no unit). Asked of the set-up as written, the
    same for every ruleset, before it is played; a logged set-up is never asked (logs are
    forever). ``where`` is ``setup.units[1].id``."""
    if not isinstance(setup, dict):
        return
    for name, things in setup.items():
        if not isinstance(things, list):
            continue
        for index, thing in enumerate(things):
            thing_id = thing.get("id") if isinstance(thing, dict) else None
            if isinstance(thing_id, str) and not thing_id.strip():
                raise BadInput("an id can't be empty", f"setup.{name}[{index}].id")


def _path_of(where: str) -> list[Any]:
    """``setup.units[1].id`` as a path into the file: ``["setup", "units", 1, "id"]``."""
    return [int(part) if part.isdigit() else part for part in re.findall(r"[^.\[\]]+", where)]


def _as_json(data: Any) -> str | None:
    """The scenario as JSON text, read strictly (``movement: true`` or ``2.5`` for a whole number
    is refused, where pydantic's lax reading of Python data took a YAML boolean as 1); ``None``
    when YAML gave something JSON has no word for (a date, a number as a key), which the lax
    reading then refuses in its own words."""
    if not _plain(data):
        return None
    return json.dumps(data)


def _plain(value: Any) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain(v) for v in value)
    return value is None or isinstance(value, (str, int, float))


def load_scenario(path: str | Path) -> ScenarioBase:
    try:
        return parse_scenario(read_yaml(path))
    except BadInput:
        refuse_a_log(path)
        raise


def refuse_a_log(path: str | Path) -> None:
    """A file that is no scenario but a game log is named as one: "line 2: malformed YAML" would
    not say that a scenario was expected while other commands read logs. Asked only once the file
    failed as a scenario, so a scenario pays nothing for it."""
    from sim.logfile import is_log_file

    if is_log_file(path):
        raise BadInput(
            "a game log (JSON Lines), not a scenario: logs are read by sim replay, trace, explore, "
            "diff, render and view", shown(path),
        ) from None


def scenario_schema() -> dict[str, Any]:
    """The JSON Schema of every ruleset's scenarios (``sim schema``): the one place that builds all."""
    models = tuple(_scenario_model(name) for name in known_rulesets())
    union: Any = Annotated[Union[models], Field(discriminator="ruleset")]  # noqa: UP007
    schema = TypeAdapter(union).json_schema()
    schema["title"] = "sim scenario"
    return schema


def scenario_files(paths: list[str]) -> list[Path]:
    """Scenario files named directly or found (recursively, *.yaml / *.yml) in directories."""
    one_stdin(*paths)
    found: list[Path] = []
    for name in paths:
        path = Path(name)
        if is_stdin(name):
            found.append(path)  # standard input, read when its scenario is (``sim.infile``)
        elif path.is_dir():
            found.extend(sorted(p for p in path.rglob("*") if p.suffix in (".yaml", ".yml")))
        elif path.exists():
            found.append(path)
        else:
            raise BadInput("no such file or directory", name)
    return found
