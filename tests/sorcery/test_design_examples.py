"""The worked examples of docs/design.md's "Adding a card" are the declarations the code
holds, word for word: a newcomer copying one copies what works."""

from __future__ import annotations

import re
from pathlib import Path

from domain.rulesets.sorcery import abilities, spell_kinds
from domain.rulesets.sorcery.cards import ABILITIES, SPELLS

DESIGN = Path(__file__).resolve().parents[2] / "docs" / "design.md"


def examples() -> list[str]:
    text = DESIGN.read_text()
    section = text.split("## Adding a card", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_each_worked_example_is_the_declaration_in_the_code() -> None:
    found = examples()
    assert len(found) == 4  # an ongoing, a triggered and an activated ability, and a spell
    timings = set()
    for block in found:
        declared = eval("{" + block + "}", {**vars(abilities), **vars(spell_kinds)})  # noqa: S307 - the repository's own docs
        for name, value in declared.items():
            if isinstance(value, spell_kinds.Spell):
                assert SPELLS[name] == value, name
                timings.add("spell")
            else:
                assert ABILITIES[name] == value, name
                timings.update(a.timing for a in value)
    assert timings == {"ongoing", "triggered", "activated", "spell"}
