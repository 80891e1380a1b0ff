"""Reading a big board's scenario file, and writing `sim legal`'s script lines: ``sim.yamlfile.load_yaml`` (every value's position kept
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
from sim.yamlfile import FAST_LOADER, WIDE, load_yaml, script_line


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


def writing_case(repeats: int, side: int = 60) -> list[Row]:
    """``sim legal``'s lines for the commands listed on a Tiny Epic Tactics board of 300
    portals (``benchmarks.large``: some 30,000 Moves) written by ``script_line``, against
    PyYAML's own ``safe_dump`` of each, the way the lines were written before."""
    from benchmarks.large import scenario_of, tinyepic_portal_board
    from sim.runner import play

    portals = 300 if side >= 60 else side * side // 12
    game = play(scenario_of(tinyepic_portal_board(side=side, portals=portals))).game
    listed = [command.model_dump(mode="json") for command in game.legal_commands()]
    found = interleaved({
        "product": timed(lambda: [script_line(fields) for fields in listed]),
        "baseline": timed(lambda: [
            yaml.safe_dump(fields, default_flow_style=True, width=WIDE, sort_keys=False).strip() for fields in listed
        ]),
    }, repeats)
    ratio = found["product"] / found["baseline"]
    return [Row(
        f"writing the {len(listed):,} commands `sim legal` lists on a {side}x{side} Tiny Epic Tactics board of {portals} "
        "portals as script lines (`script_line`)",
        seconds(found["product"]), f"PyYAML `safe_dump` of each, pure Python: {seconds(found['baseline'])}",
        f"{ratio:.2f}x", "(reported, no target)", None,
    )]
