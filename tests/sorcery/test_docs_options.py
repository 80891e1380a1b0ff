"""docs/sorcery.md's rule options agree with ``SorceryOptions`` (the brief's docs audit: a
docs row that says one default while the engine has another is a silent wrong answer)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import get_args

from domain.rulesets.sorcery.options import SorceryOptions

DOCS = Path(__file__).resolve().parents[2] / "docs" / "sorcery.md"


def _rows() -> dict[str, str]:
    text = DOCS.read_text()
    section = text[text.index("## Rule options"):]
    section = section[: section.index("\n## ", 1)]
    return {m.group(1): m.group(0) for m in re.finditer(r"^\| `(\w+)` \|.*$", section, re.M)}


def test_every_rule_option_has_a_row_with_its_values_and_default() -> None:
    """Each field of ``SorceryOptions`` has a row in docs/sorcery.md's "Rule options" table
    naming each value it takes and its default, and no row names an option that isn't one.
    trigger_order had no line in docs/sorcery.md (only in README and docs/design.md)."""
    rows = _rows()
    fields = SorceryOptions.model_fields
    assert set(rows) == set(fields), (set(fields) - set(rows), set(rows) - set(fields))
    for name, info in fields.items():
        row = rows[name]
        values = get_args(info.annotation)
        for value in values:
            assert f"`{value}`" in row, (name, value)
        assert f"default `{info.default}`" in row, (name, info.default)
        later = name in SorceryOptions.LATER
        assert ("left out of logs and hashes at its default" in row) == later, name


def test_every_sorcery_example_has_a_row_in_the_examples_readme() -> None:
    """The common brief: each example scenario gets a row in examples/README.md. 97 of the 161
    Sorcery scenarios (08, 09-three-triggers, 33b, 48 to 144) had none, though docs/sorcery.md
    cites them by number."""
    examples = DOCS.parents[1] / "examples"
    readme = (examples / "README.md").read_text()
    missing = [p.name for p in sorted((examples / "sorcery").glob("*.yaml")) if f"`{p.name}`" not in readme]
    assert missing == []
