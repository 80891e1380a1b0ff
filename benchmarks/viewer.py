"""``python -m benchmarks.viewer``: what a 1,000-event game costs as a replay viewer (issue 23:
under 5 MB, open in under 2 s) and what one picture costs, for every ruleset.

Each game is an example played on by seeded random self-play (``sim play``'s policy) until it
has 1,000 events, cut there. Measured: the time to make the page (``sim view``'s work), its size,
and the time Chromium takes to open it (from navigation to the first board drawn: the page marks
``data-ready`` when it has unpacked its data and drawn its first frame), the median of three
fresh pages; and ``sim render``'s drawing of the last state with a unit's reach, SVG and PNG.
Writes the table to ``benchmarks/VIEWER.md`` (or ``--out``), keeping the notes under its own
``## `` headings; ``--only`` measures some rulesets, ``--no-write`` prints the table only."""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from benchmarks.harness import machine
from domain.events import GameStarted
from sim.pictures.output import to_png
from sim.pictures.picture import draw_game
from sim.pictures.source import GameSource
from sim.pictures.viewer import build_page
from sim.scenario import load_scenario
from sim.selfplay import self_play

ROOT = Path(__file__).resolve().parent.parent
OUT = Path(__file__).resolve().parent / "VIEWER.md"
GAMES = {
    "sorcery": "examples/sorcery/08-a-whole-turn.yaml",
    "godsgloom": "examples/godsgloom/19-a-whole-round.yaml",
    "tinyepic": "examples/tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml",
    "skirmish": "examples/skirmish/20-a-whole-turn.yaml",
}
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def game_of(example: str, events: int, seed: int = 1) -> GameSource:
    """The example played on by random self-play until it has ``events`` events, cut there."""
    scenario = load_scenario(ROOT / example)
    turns = 2
    while True:
        played = self_play(scenario, turns, "random", seed)
        if len(played.events) >= events or turns > 4096:
            break
        turns *= 2
    cut = list(played.events)[:events]
    start = cut[0]
    assert isinstance(start, GameStarted)
    return GameSource(cut, scenario.title, scenario.description, example, "none", "played")


def open_times(pages: list[Path], repeats: int) -> list[list[float]] | None:
    """Per page, the seconds from navigation to the first board drawn, for each repeat; None
    without playwright or Chromium."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    executable = "/usr/bin/chromium"
    if not Path(executable).exists():
        return None
    found: list[list[float]] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        for page_file in pages:
            times = []
            for _ in range(repeats):
                page = browser.new_page(viewport={"width": 1500, "height": 1000})
                started = time.perf_counter()
                page.goto(page_file.as_uri())
                page.wait_for_selector("html[data-ready]", timeout=60_000)
                times.append(time.perf_counter() - started)
                page.close()
            found.append(times)
        browser.close()
    return found


def measure(events: int, repeats: int, only: list[str] | None = None) -> list[dict[str, str]]:
    rows: list[dict[str, str]] = []
    with tempfile.TemporaryDirectory(prefix="sim-viewer-") as work:
        pages: list[Path] = []
        for ruleset, example in GAMES.items():
            if only and ruleset not in only:
                continue
            game = game_of(example, events)
            started = time.perf_counter()
            page = build_page(game)
            made = time.perf_counter() - started
            path = Path(work) / f"{ruleset}.html"
            path.write_text(page, encoding="utf-8")
            pages.append(path)
            last = game.events[-1].originator_version
            unit = next(iter(_living(game)), None)
            started = time.perf_counter()
            svg = draw_game(game.events, unit=unit, title=game.title)
            drawn = time.perf_counter() - started
            started = time.perf_counter()
            to_png(svg)
            png = time.perf_counter() - started
            rows.append({
                "ruleset": ruleset, "events": str(last), "page made": f"{made:.1f} s",
                "page size": f"{path.stat().st_size / 1e6:.2f} MB", "render SVG": f"{drawn * 1000:.0f} ms",
                "SVG to PNG": f"{png * 1000:.0f} ms",
            })
        opened = open_times(pages, repeats)
        for row, times in zip(rows, opened or [None] * len(rows), strict=True):
            row["opens in Chromium"] = "no browser" if times is None else f"{statistics.median(times):.2f} s"
    return rows


def _living(game: GameSource) -> list[str]:
    from sim.pictures.moves import fold_to

    state = fold_to(game.events).state
    assert state is not None
    return [u.id for u in state.units.values() if u.alive and u.location]


def table(rows: list[dict[str, str]]) -> str:
    heads = list(rows[0])
    lines = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
    lines += ["| " + " | ".join(row[h] for h in heads) + " |" for row in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.viewer", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--events", type=int, default=1000, help="events per game (default 1000)")
    parser.add_argument("--repeats", type=int, default=3, help="page openings per game (median)")
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the table (default benchmarks/VIEWER.md)")
    parser.add_argument("--only", help="comma-separated rulesets (default all): " + ", ".join(GAMES))
    parser.add_argument("--no-write", action="store_true", help="print the table only")
    args = parser.parse_args(argv)
    only = [name.strip() for name in args.only.split(",")] if args.only else None
    unknown = [name for name in only or [] if name not in GAMES]
    if unknown:
        parser.exit(2, f"--only: no ruleset {', '.join(unknown)} (one of {', '.join(GAMES)})\n")
    rows = measure(args.events, args.repeats, only)
    about = machine()
    text = table(rows)
    print(text)
    if args.no_write:
        return
    report = ["# The replay viewer and pictures, measured", "", f"`python -m benchmarks.viewer --events {args.events}`: "
              "each game an example played on by seeded random self-play to that many events.", "", text, "",
              "Machine: " + "; ".join(f"{k} {v}" for k, v in about.items()), ""]
    # notes written by hand under their own headings (before/after figures) are kept
    old = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
    notes = old[old.index("\n## ") :] if "\n## " in old else ""
    args.out.write_text("\n".join(report) + notes, encoding="utf-8")


if __name__ == "__main__":
    main()
