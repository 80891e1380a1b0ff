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
        later = name in SorceryOptions.LATER and name not in SorceryOptions.ABSENT_MEANS
        assert ("left out of logs and hashes at its default" in row) == later, name
        if name in SorceryOptions.ABSENT_MEANS:  # a record without it means another value (carried_units_intercept)
            assert f"left out of logs and hashes at `{SorceryOptions.ABSENT_MEANS[name]}`" in row, name

