"""Rule variants as ``--variant NAME:OPT=VAL[,OPT=VAL]...`` says them.

A variant is a name and the rule options it sets over the scenario's own; ``NAME:`` alone is the
scenario as it is (a baseline). Values are read as in a file's ``options:`` (``sim.rule_option``),
and a value that is a YAML list or map may hold commas: ``tiles:[a, b],x=1`` splits only at the
commas outside brackets. Each variant's options are checked against the ruleset's typed
options, with the messages a file gets, naming ``--variant NAME``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from domain.errors import BadInput
from domain.ruleset import get_ruleset
from sim.rule_option import parse_assignment, with_options
from sim.scenario import ScenarioBase

NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.\-]*$")


@dataclass(frozen=True)
class Variant:
    name: str
    options: dict[str, Any] = field(default_factory=dict)

    def as_json(self) -> dict[str, Any]:
        return {"name": self.name, "options": dict(self.options)}


def parse_variant(text: str) -> Variant:
    name, sep, rest = text.partition(":")
    name = name.strip()
    if not sep:
        raise BadInput(f"expected NAME:OPT=VAL[,OPT=VAL]..., not {text!r}", "--variant")
    if not NAME.match(name):
        raise BadInput(f"a variant's name is letters, digits, '_', '-' or '.', not {name!r}", "--variant")
    options: dict[str, Any] = {}
    for part in split_top_level(rest):
        if not part.strip():
            continue
        option, value = parse_assignment(part, f"--variant {name}")
        if option in options:
            raise BadInput(f"option {option} is set twice", f"--variant {name}")
        options[option] = value
    return Variant(name, options)


def parse_variants(texts: tuple[str, ...] | list[str]) -> list[Variant]:
    if not texts:
        raise BadInput("give at least one --variant NAME:OPT=VAL (NAME: alone plays the scenario as it is)", "--variant")
    variants = [parse_variant(t) for t in texts]
    seen: set[str] = set()
    for variant in variants:
        if variant.name in seen:
            raise BadInput(f"variant {variant.name!r} is named twice", "--variant")
        seen.add(variant.name)
    return variants


def apply_variant(scenario: ScenarioBase, variant: Variant) -> ScenarioBase:
    """The scenario under the variant's options, checked as a file's would be."""
    return with_options(scenario, variant.options, where=f"--variant {variant.name}")


def rules_of(scenario: ScenarioBase, variant: Variant) -> dict[str, Any]:
    """Every rule option the variant's games are played under, defaults filled in: what it
    changes is what these differ in, not what it names (an option set to the value it already
    has changes nothing)."""
    return get_ruleset(scenario.ruleset).check_options(dict(apply_variant(scenario, variant).options))


def option_changes(first: dict[str, Any], other: dict[str, Any]) -> dict[str, list[Any]]:
    """The options two variants are played under that differ: name -> [first's, other's] (as
    ``sim diff`` names a pair of games' options)."""
    return {name: [first.get(name), other.get(name)] for name in sorted(set(first) | set(other)) if first.get(name) != other.get(name)}


def split_top_level(text: str) -> list[str]:
    """Split at commas outside ``[]``, ``{}`` and quotes."""
    parts: list[str] = []
    depth, quote, start = 0, "", 0
    for i, char in enumerate(text):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in "[{":
            depth += 1
        elif char in "]}":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return parts
