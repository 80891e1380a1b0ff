"""A comparison for people: rich tables of outcomes, first-player advantage, game length and
counters, each variant beside the first with the difference and its 95% interval."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from sim.console import PlainTable


def interval(data: dict[str, float] | None, percent: bool = False, signed: bool = False, unknown: str = "-") -> str:
    """An estimate and its interval; ``unknown`` for one that is not known (a rate over no game)."""
    if data is None:
        return unknown
    scale, unit = (100.0, "%") if percent else (1.0, "")
    sign = "+" if signed else ""
    return f"{data['estimate'] * scale:{sign}.1f}{unit} [{data['low'] * scale:{sign}.1f}, {data['high'] * scale:{sign}.1f}]"


def significant(data: dict[str, float]) -> bool:
    return data["low"] > 0 or data["high"] < 0


def print_summary(console: Console, summary: dict[str, Any]) -> None:
    console.print(_outcomes(summary))
    console.print(_measures(summary))


def _outcomes(summary: dict[str, Any]) -> Table:
    table = PlainTable(title="outcomes: win rates with 95% intervals; Δ against the first variant (* the interval excludes 0)")
    for column in ("variant", "who", "W / D / L", "win rate", "Δ win rate"):
        table.add_column(column)
    for variant in summary["variants"]:
        difference = variant["difference"]
        for i, (player, data) in enumerate(variant["players"].items()):
            diff = difference["players"][player]["win_rate"] if difference else None
            table.add_row(
                variant["name"] if i == 0 else "", player, f"{data['wins']} / {data['draws']} / {data['losses']}",
                interval(data["win_rate"], percent=True, unknown="no game"), _delta(diff),
            )
        first = variant["first_player"]
        table.add_row(
            "", "first player*", f"{first['wins']} / {first['draws']} / {first['losses']}",
            interval(first["win_rate"], percent=True, unknown="no decided game"),
            _delta(difference["first_player_win_rate"] if difference else None),
        )
        table.add_row("", "advantage", "", _delta(first["advantage"]), "")
        table.add_section()
    table.caption = (
        "*the player who moved first, its win rate over the decided games (draws left out); "
        "advantage: that rate less 50%"
    )
    return table


def _delta(data: dict[str, float] | None) -> str:
    if data is None:
        return "-"
    return interval(data, percent=True, signed=True) + (" *" if significant(data) else "")


def _measures(summary: dict[str, Any]) -> Table:
    variants = summary["variants"]
    table = PlainTable(title="game length and counters per player: mean (quartiles); Δ against the first variant [95%]")
    table.add_column("measure")
    for variant in variants:
        table.add_column(variant["name"])
    rows: list[tuple[str, list[dict[str, Any]], list[dict[str, float] | None]]] = []
    for key in ("turns", "commands"):
        rows.append((f"game {key}", [v["length"][key] for v in variants],
                     [v["difference"]["length"][key] if v["difference"] else None for v in variants]))
    for player in summary["players"]:
        rows.append((f"{player} score", [v["players"][player]["score"] for v in variants],
                     [v["difference"]["players"][player]["score"] if v["difference"] else None for v in variants]))
        for name in summary["parts"]:
            rows.append((f"{player} score: {name}", [v["players"][player]["parts"][name] for v in variants],
                         [v["difference"]["players"][player]["parts"][name] if v["difference"] else None for v in variants]))
        for name in summary["counters"]:
            rows.append((f"{player} {name}", [v["players"][player]["counters"][name] for v in variants],
                         [v["difference"]["players"][player]["counters"][name] if v["difference"] else None for v in variants]))
    for label, dists, diffs in rows:
        cells = []
        for dist, diff in zip(dists, diffs, strict=True):
            text = f"{dist['mean']:.2f} ({dist['q1']:.3g}-{dist['q3']:.3g})"
            if diff is not None:
                text += f"  Δ {interval(diff, signed=True)}" + (" *" if significant(diff) else "")
            cells.append(text)
        table.add_row(label, *cells)
    return table
