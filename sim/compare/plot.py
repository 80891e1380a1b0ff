"""``--plot FILE``: a comparison as a figure made with matplotlib (the ``plot`` extra).

Panels, each variant side by side: the win rate of each player and of the first player with
their 95% intervals; then box plots of game length, each player's score and each counter that
any game recorded (one box per player per variant), at most ``MAX_PANELS``: the title names the
counters left out. The format follows the file's extension
(``.png``, ``.svg``, ``.pdf``); the file is written whole or not at all (a ``.partial`` file
renamed when complete), as exports are.
"""

from __future__ import annotations

import math
import os
import tempfile
from pathlib import Path
from typing import Any

from domain.errors import BadInput

#: panels beyond the outcomes at most (game length, scores, then counters in order)
MAX_PANELS = 11
COLOURS = ("#4C72B0", "#DD8452", "#55A868", "#C44E52")


def require_matplotlib(path: str) -> None:
    """Refuse ``--plot`` before any game is played when it could not be written."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise BadInput("--plot needs matplotlib: pip install 'tabletop-movement-sim[plot]'", "--plot") from None
    folder = Path(path).resolve().parent
    if not folder.is_dir():
        raise BadInput(f"{'not a folder' if folder.exists() else 'no such folder'}: {folder}", "--plot")
    if Path(path).suffix.lower().lstrip(".") not in ("png", "svg", "pdf", "jpg", "jpeg"):
        raise BadInput(f"the figure's format comes from its extension: .png, .svg or .pdf, not {Path(path).name!r}", "--plot")
    try:  # a folder that takes no file (read-only, /proc) was found once every game had been played
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".sim-compare-", suffix=".probe"):
            pass
    except OSError as exc:
        raise BadInput(f"can't write {path}: {exc.strerror or exc}", "--plot") from None


def plot(summary: dict[str, Any], games: list[dict[str, Any]], path: str, title: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    measures, left_out = _measures(summary)
    panels = 1 + len(measures)
    columns = min(3, panels)
    rows = math.ceil(panels / columns)
    figure, axes = plt.subplots(rows, columns, figsize=(5.2 * columns, 3.8 * rows), squeeze=False)
    flat = [a for row in axes for a in row]
    _outcome_panel(flat[0], summary)
    for axis, (label, values) in zip(flat[1:], measures, strict=False):
        _box_panel(axis, summary, games, label, values)
    for axis in flat[panels:]:
        axis.set_visible(False)
    if left_out:  # never a counter dropped without a word: the table and --json have them all
        title += f"\nnot drawn (too many panels; in the table and --json): {', '.join(left_out)}"
    figure.suptitle(title)
    # room above the panels for the title's lines (tight_layout alone let them overlap the top row)
    figure.tight_layout(rect=(0.0, 0.0, 1.0, 1.0 - 0.035 * (title.count("\n") + 1) / rows))
    partial = f"{path}.partial"
    fmt = Path(path).suffix.lower().lstrip(".")
    try:
        figure.savefig(partial, dpi=110, format=fmt)
        os.replace(partial, path)
    except OSError as exc:
        Path(partial).unlink(missing_ok=True)
        raise BadInput(f"can't write the figure: {exc.strerror}", path) from None
    finally:
        plt.close(figure)


def _measures(summary: dict[str, Any]) -> tuple[list[tuple[str, Any]], list[str]]:
    """(label, how to read one game's value per player or None for a game-wide figure) for each
    panel, and the labels of the counters left out for want of panels (named on the figure)."""
    found: list[tuple[str, Any]] = [("game length (turns)", None), ("score", "score")]
    for name in summary["counters"]:
        if any(v["players"][p]["counters"][name]["max"] for v in summary["variants"] for p in summary["players"]):
            found.append((name, name))
    return found[:MAX_PANELS], [label for label, _ in found[MAX_PANELS:]]


def _outcome_panel(axis: Any, summary: dict[str, Any]) -> None:
    variants = summary["variants"]
    series: list[tuple[str, list[dict[str, float] | None]]] = [
        (p, [v["players"][p]["win_rate"] for v in variants]) for p in summary["players"]
    ]
    series.append(("first player*", [v["first_player"]["win_rate"] for v in variants]))
    width = 0.8 / len(series)
    for i, (label, rates) in enumerate(series):
        # a rate that is not known (no decided game) has no bar, rather than a bar at 0
        known = [(j, r) for j, r in enumerate(rates) if r is not None]
        xs = [j + (i - (len(series) - 1) / 2) * width for j, _ in known]
        heights = [r["estimate"] for _, r in known]
        errors = [[r["estimate"] - r["low"] for _, r in known], [r["high"] - r["estimate"] for _, r in known]]
        axis.bar(xs, heights, width, yerr=errors, capsize=3, label=label, color=COLOURS[i % len(COLOURS)])
    axis.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    axis.set_xticks(range(len(variants)), [v["name"] for v in variants])
    axis.set_ylim(0, 1)
    axis.set_title("win rate (95% interval)")
    axis.legend(fontsize="small", title="*of decided games", title_fontsize="x-small")


def _box_panel(axis: Any, summary: dict[str, Any], games: list[dict[str, Any]], label: str, key: str | None) -> None:
    variants = [v["name"] for v in summary["variants"]]
    players = summary["players"] if key is not None else [None]
    width = 0.8 / len(players)
    for i, player in enumerate(players):
        data = []
        for name in variants:
            mine = [g for g in games if g["variant"] == name]
            if player is None:
                data.append([g["turns"] for g in mine])
            elif key == "score":
                data.append([g["scores"].get(player, 0.0) for g in mine])
            else:
                data.append([g["counters"].get(player, {}).get(key, 0.0) for g in mine])
        xs = [j + (i - (len(players) - 1) / 2) * width for j in range(len(variants))]
        boxes = axis.boxplot(data, positions=xs, widths=width * 0.9, patch_artist=True, showmeans=True,
                             medianprops={"color": "black"}, meanprops={"marker": "^", "markerfacecolor": "white"})
        for box in boxes["boxes"]:
            box.set_facecolor(COLOURS[i % len(COLOURS)])
        if player is not None:
            boxes["boxes"][0].set_label(player)
    axis.set_xticks(range(len(variants)), variants)
    axis.set_title(label)
    if key is not None:
        axis.legend(fontsize="small")
