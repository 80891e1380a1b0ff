"""A comparison for people: the variants (the options each sets, what it changes from the first,
its games), then rich tables of outcomes, first-player advantage, game length and counters, each
variant beside the first with the difference and its 95% interval. Each interval is one
measure's alone, which the captions say: with dozens of measures, about one in twenty excludes 0
by chance when nothing changed."""

from __future__ import annotations

import json
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


#: said under every table of intervals
ONE_AT_A_TIME = "Each 95% interval is one measure's alone: were nothing changed, about one in twenty would still exclude 0. "
#: how the differences were taken: every variant paired with the first, none, or some
PAIRING = {
    "paired": "The variants played the same seeds and seats, game for game: each difference is taken over the pairs "
              "of games (paired intervals), so the seeds' spread, common to both games of a pair, drops out",
    "unpaired": "Some game numbers were played under one variant only (an interrupted run): differences are taken "
                "as if the games were independent (unpaired intervals), which ignores the pairing of the games both "
                "variants played",
    "mixed": "Variants the variants table says are paired played the same seeds and seats as the first, game for "
             "game, and their differences are taken over the pairs of games; the others (an interrupted run) as "
             "if independent, which ignores the pairing of the games both variants played",
}


def pairing(summary: dict[str, Any]) -> str:
    """Which intervals the differences use, in words, from each difference's ``paired``."""
    found = _kinds(summary)
    return PAIRING[_kind(found)] if found else ""


def print_summary(console: Console, summary: dict[str, Any]) -> None:
    console.print(_variants(summary))
    console.print(_outcomes(summary))
    console.print(_measures(summary))


def _value(value: Any) -> str:
    """An option's value as it would be written in a file (``true``, ``4.5``, ``[a, b]``)."""
    return json.dumps(value, ensure_ascii=False)


def _variants(summary: dict[str, Any]) -> Table:
    """Each variant: its games, the options it sets, and what it changes from the first (its
    rules, defaults filled in), and whether its games came out the same as the first's."""
    variants = summary["variants"]
    first = variants[0]["name"] if variants else ""
    table = PlainTable(title=f"variants: {summary['games_per_variant']:,} games each planned, game i with seed "
                             f"{summary['seed']}+i in every variant")
    for column in ("variant", "games", "options it sets", f"against {first}"):
        table.add_column(column)
    for variant in variants:
        sets = ", ".join(f"{name}={_value(value)}" for name, value in variant["options"].items()) or "the scenario as it is"
        changes = variant.get("differs_from_first")
        if changes is None:
            against = ""
        elif not changes:
            against = f"no option differs from {first}'s: the same rules"
        else:
            against = "; ".join(f"{name}: {_value(a)} → {_value(b)}" for name, (a, b) in changes.items())
        if variant["difference"] is not None and variant["difference"].get("same_games"):
            against += f"; every game the same as {first}'s (same final state)"
        if variant["difference"] is not None:
            against += ("; differences paired game for game" if variant["difference"]["paired"]
                        else f"; differences unpaired: some games were played under {first} or this variant only")
        table.add_row(variant["name"], f"{variant['games']:,}", sets, against)
    return table


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
    caption = (
        "*the player who moved first, its win rate over the decided games (draws left out); "
        "advantage: that rate less 50%. " + ONE_AT_A_TIME
    )
    kinds = _kinds(summary)
    if kinds:  # a Δ column to explain: how its differences were taken (none with one variant)
        caption += pairing(summary) + "; Δ win rate: " + RATE_INTERVALS[_kind(kinds)] + "."
    table.caption = caption.rstrip()
    return table


#: the Δ win rate column's interval, by how the variants' differences were taken
RATE_INTERVALS = {
    "paired": "Newcombe's interval for paired proportions (the first player's: unpaired, over the decided "
              "games, which differ)",
    "unpaired": "Newcombe's interval for independent proportions",
    "mixed": "Newcombe's interval for paired proportions for paired variants (see the variants table), else "
             "for independent ones; the first player's: unpaired, over the decided games, which differ",
}


def _kinds(summary: dict[str, Any]) -> set[bool]:
    """Whether each variant's difference from the first is paired: empty with one variant."""
    return {v["difference"]["paired"] for v in summary["variants"] if v["difference"] is not None}


def _kind(kinds: set[bool]) -> str:
    return "mixed" if len(kinds) > 1 else "paired" if kinds == {True} else "unpaired"


def _delta(data: dict[str, float] | None) -> str:
    if data is None:
        return "-"
    return interval(data, percent=True, signed=True) + (" *" if significant(data) else "")


def _measures(summary: dict[str, Any]) -> Table:
    variants = summary["variants"]
    table = PlainTable(
        title="game length and counters per player: mean (quartiles); Δ against the first variant [95%] "
        "(* the interval excludes 0)",
        caption=_measures_caption(summary),
    )
    table.add_column("measure")
    for variant in variants:
        table.add_column(variant["name"])
    rows: list[tuple[str, list[dict[str, Any]], list[dict[str, float] | None | str]]] = []
    def against(read: Any) -> list[dict[str, float] | None | str]:
        """Each variant's difference from the first by ``read``; "" for the first itself."""
        return [read(v["difference"]) if v["difference"] else "" for v in variants]

    for key in ("turns", "commands"):
        rows.append((f"game {key}", [v["length"][key] for v in variants], against(lambda d, k=key: d["length"][k])))
    for player in summary["players"]:
        rows.append((f"{player} score", [v["players"][player]["score"] for v in variants],
                     against(lambda d, p=player: d["players"][p]["score"])))
        for name in summary["parts"]:
            rows.append((f"{player} score: {name}", [v["players"][player]["parts"][name] for v in variants],
                         against(lambda d, p=player, n=name: d["players"][p]["parts"][n])))
        for name in summary["counters"]:
            rows.append((f"{player} {name}", [v["players"][player]["counters"][name] for v in variants],
                         against(lambda d, p=player, n=name: d["players"][p]["counters"][n])))
    for label, dists, diffs in rows:
        cells = []
        for dist, diff in zip(dists, diffs, strict=True):
            text = f"{dist['mean']:.2f} ({dist['q1']:.3g}-{dist['q3']:.3g})" if dist["n"] else "no game"
            if diff is None:
                text += "  Δ - (too few games)"
            elif diff != "":
                assert isinstance(diff, dict)
                text += f"  Δ {interval(diff, signed=True)}" + (" *" if significant(diff) else "")
            cells.append(text)
        table.add_row(label, *cells)
    return table


def _measures_caption(summary: dict[str, Any]) -> str | None:
    """How the Δ of means were taken; none with one variant, which has no Δ."""
    kinds = _kinds(summary)
    if not kinds:
        return None
    if kinds == {True}:
        how = "Δ: paired t interval of the per-game differences (game i of each variant: the same seed and seat)"
    elif kinds == {False}:
        how = "Δ: Welch's t interval of the difference of means (unpaired: some games were played under one variant only)"
    else:
        how = "Δ: paired t interval of the per-game differences for paired variants (see the variants table), else Welch's t interval"
    return how + "; too few games: a variant with fewer than 2 games has no spread, so no interval."
