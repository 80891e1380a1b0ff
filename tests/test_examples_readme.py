"""Each example scenario has a row in examples/README.md saying what it shows: the README is how
a designer finds the scenario to copy, and the docs cite scenarios by number. 97 Sorcery
scenarios had no row (found by the docs audit), eleven GODSGLOOM ones shared one row naming a
range, and the tutorial's four had none."""

from __future__ import annotations

from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
FOLDERS = sorted(p.name for p in EXAMPLES.iterdir() if p.is_dir() and any(p.glob("*.yaml")))


@pytest.mark.parametrize("folder", FOLDERS)
def test_every_example_has_a_row_in_the_examples_readme(folder: str) -> None:
    readme = (EXAMPLES / "README.md").read_text()
    missing = [p.name for p in sorted((EXAMPLES / folder).glob("*.yaml")) if f"`{p.name}`" not in readme]
    assert missing == []


def test_every_row_of_the_examples_readme_names_a_file_that_exists() -> None:
    """The reverse: a row left behind by a renamed or removed scenario points a reader nowhere."""
    readme = (EXAMPLES / "README.md").read_text()
    names = {p.name for p in EXAMPLES.glob("*/*.yaml")}
    rows = [line.split("`")[1] for line in readme.splitlines() if line.startswith("| `") and line.split("`")[1].endswith(".yaml")]
    assert rows and [row for row in rows if row not in names] == []
