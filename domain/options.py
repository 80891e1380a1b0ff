"""Named rule options: where the sources are silent or disagree, a scenario chooses.

Each ruleset declares its options with a default, the values allowed and why the default was
chosen (DESIGN.md, principle 8); ``check_options`` merges a scenario's choices over the defaults
and refuses unknown names and values with a line naming the option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from domain.errors import BadInput


@dataclass(frozen=True)
class Option:
    default: Any
    #: allowed values; empty means "any value of the default's type"
    choices: tuple[Any, ...] = ()
    doc: str = ""


def check_options(ruleset: str, specs: dict[str, Option], given: dict[str, Any]) -> dict[str, Any]:
    merged = {name: spec.default for name, spec in specs.items()}
    for name, value in given.items():
        spec = specs.get(name)
        if spec is None:
            raise BadInput(f"unknown rule option {name!r} for {ruleset}: known are {', '.join(specs)}", "options")
        if spec.choices and value not in spec.choices:
            allowed = ", ".join(map(str, spec.choices))
            raise BadInput(f"option {name} must be one of {allowed}, not {value!r}", f"options.{name}")
        if not spec.choices and type(value) is not type(spec.default):
            kind = type(spec.default).__name__
            raise BadInput(f"option {name} must be a {kind}, not {value!r}", f"options.{name}")
        merged[name] = value
    return merged
