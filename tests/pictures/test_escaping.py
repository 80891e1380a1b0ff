"""Every text from a scenario or a log is text in the SVG: it can't open an element or an
attribute, whatever it holds (the browser test does the same for the viewer's page)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from click.testing import CliRunner

from sim.cli import main
from tests.pictures.hostile import TITLE, UNIT, hostile_scenario


def test_hostile_titles_ids_and_aliases_are_text_in_the_svg(tmp_path: Path) -> None:
    out = tmp_path / "board.svg"
    result = CliRunner().invoke(main, ["render", str(hostile_scenario(tmp_path)), "--unit", UNIT, "-o", str(out)])
    assert result.exit_code == 0, result.output
    root = ET.parse(out).getroot()  # well-formed, whatever the texts held
    tags = {element.tag.split("}")[1] for element in root.iter()}
    assert not tags & {"script", "img", "foreignObject", "b"}
    assert not [name for element in root.iter() for name in element.attrib if name.lower().startswith("on")]
    texts = [element.text or "" for element in root.iter()]
    assert any(text.startswith("Title <script>") for text in texts)  # the title, cut to the width, as text
    assert TITLE[:40] in "".join(texts)
    units = [e for e in root.iter() if e.get("data-unit") == UNIT]
    assert units, "the unit id is an attribute value, whole"
    assert "<script>" not in out.read_text().replace("&lt;script&gt;", "")
