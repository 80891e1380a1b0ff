"""Reading a big board's scenario file: ``sim.yamlfile.load_yaml`` (every value's position kept
for one-line errors, the file's depth, aliases and size checked) against PyYAML's plain
``safe_load`` of the same text, the way a script would read it with no checks.

The file is the GODSGLOOM mat of ``benchmarks.large`` (200x200, its Difficult and Impassable
hexes and 20 units, some 12,000 lines), the largest scenario any ruleset's format takes. Before
libyaml's parser was used here, reading it took 1.4 s of a `sim reach`'s 4 s.
"""

from __future__ import annotations

import yaml

from benchmarks.harness import Row, interleaved, seconds, timed
from benchmarks.large import godsgloom_mat
from sim.yamlfile import FAST_LOADER, load_yaml


def reading_case(repeats: int, side: int = 200) -> list[Row]:
    text = yaml.safe_dump(godsgloom_mat(side=side))
    lines = text.count("\n")
    found = interleaved({
        "product": timed(lambda: load_yaml(text, "mat.yaml")),
        "baseline": timed(lambda: yaml.load(text, Loader=yaml.SafeLoader)),  # noqa: S506 (SafeLoader)
    }, repeats)
    parser = "libyaml" if FAST_LOADER is not yaml.SafeLoader else "PyYAML's own (no libyaml here)"
    ratio = found["product"] / found["baseline"]
    return [Row(
        f"reading a {side}x{side} GODSGLOOM mat's scenario file ({lines:,} lines) with positions and checks "
        f"(`load_yaml`, {parser} parser)",
        seconds(found["product"]), f"PyYAML `safe_load`, pure Python, no positions: {seconds(found['baseline'])}",
        f"{ratio:.2f}x", "(reported, no target)", None,
    )]
