"""Sorcery self-play against the bare aggregate's recording rate, in the same run (issue 20).

A busy machine slows the product and the bare ``eventsourcing`` aggregate alike, so the target
is read on their ratio: turns of random self-play per second (``sim play --policy random``, each
game's log verified, as the self-play case measures it) per 1,000 events a second that a bare
aggregate records in memory (one event type holding one integer, no store). Both figures are
reported, raw and normalised; the issue's target is 10x the normalised figure of the code before
issue 20's Sorcery part (benchmarks/RESULTS.md, "Sorcery").

    python -m benchmarks.sorcery_selfplay [--repeats N] [--turns N]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from benchmarks.games import Counter
from benchmarks.harness import Row, interleaved, timed

SCENARIO = Path(__file__).resolve().parent.parent / "examples" / "sorcery" / "08-a-whole-turn.yaml"
#: events the bare aggregate records per sample
BARE_EVENTS = 20_000


def bare_recording() -> None:
    """The floor: a bare aggregate recording ``BARE_EVENTS`` events in memory."""
    counter = Counter()
    for i in range(1, BARE_EVENTS):
        counter.count_to(i)


def measure(turns: int, repeats: int) -> dict[str, float]:
    """Turns per second, bare events per second, and turns/s per 1,000 bare events/s."""
    from sim.scenario import load_scenario
    from sim.selfplay import self_play

    scenario = load_scenario(SCENARIO)
    played = [0]

    def game() -> None:
        report = self_play(scenario, turns, "random", played[0]).report
        played[0] += 1
        if not report.verified:
            raise RuntimeError(report.verdict)

    def games() -> None:
        for _ in range(10):
            game()

    found = interleaved({"games": timed(games), "bare": timed(bare_recording)}, repeats)
    turns_per_s = 10 * turns / found["games"]
    bare_per_s = BARE_EVENTS / found["bare"]
    return {"turns/s": turns_per_s, "bare events/s": bare_per_s, "normalised": turns_per_s / (bare_per_s / 1000)}


def sorcery_selfplay_rows(turns: int, repeats: int) -> list[Row]:
    found = measure(turns, repeats)
    return [Row(
        f"Sorcery self-play, random policy (sorcery/08-a-whole-turn.yaml), {turns} turns a game, log verified, "
        f"normalised by a bare aggregate recording {BARE_EVENTS:,} events in memory in the same run",
        f"{found['turns/s']:.1f} turns/s = {found['normalised']:.2f} turns/s per 1,000 bare events/s",
        f"bare aggregate: {found['bare events/s']:,.0f} events/s", "", "(reported: see RESULTS.md, Sorcery)", None,
    )]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.sorcery_selfplay")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--turns", type=int, default=10)
    args = parser.parse_args(argv)
    found = measure(args.turns, args.repeats)
    print(", ".join(f"{name}: {value:,.2f}" for name, value in found.items()))


if __name__ == "__main__":
    main()
