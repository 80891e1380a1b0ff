"""A comparison's summary: per variant and per player, wins, draws and losses with Wilson 95%
intervals, the first player's advantage, the distributions of game length and of every
counter, and each variant's difference from the first with its interval. Pure: results in,
plain data out (the ``--json`` output), sorted so that the order games finished in never shows.

- **Win rate**: a player's wins over the variant's games (Wilson interval); draws and losses
  likewise. Differences from the first variant: Newcombe's interval (see below).
- **First player**: the player who acted first once the policy took over (seats are swapped in
  half of the games, so each side moves first about as often). Its win rate is over the games
  that were decided (draws left out, as balance reports do); the advantage is that rate less
  one half, with the same interval shifted: an interval above 0 says moving first helps. With
  no decided game both are unknown: None (null), as is any rate over no game and a difference
  from an unknown rate.
- **The same games**: ``difference.same_games`` when every game of a variant ended in the state
  the first variant's game of the same number did (an option that changes nothing here).
- **Paired games**: game i has the same seed and seat in every variant, so when both variants
  played the same game numbers (every run but an interrupted one, a run of one game included)
  the two games of a number are a pair, and a difference is taken game by game (``difference.paired``, ``difference.intervals``
  naming each interval): the seed's share of a game's outcome, common to both games, drops out.
- **Differences of means** (length, score, parts, counters): paired, Student's t interval of the
  per-game differences; unpaired (an interrupted run that played a game number under one variant
  only), Welch's t interval. Unknown (None) with fewer than 2 games (pairs) a variant, whose
  spread is unknown.
- **Differences of rates** (win, draw): paired, Newcombe's interval for paired proportions;
  unpaired, Newcombe's for independent ones. The first player's win rate is over the decided
  games, not the same games in both variants: always unpaired.
- **Length**: the turns each game lasted (the ruleset's turns: a side's turn, a GODSGLOOM round),
  up to the turn limit or to the turn in which the ruleset's own end came, and the commands played.
- **Score and its parts**: each player's score and the parts the ruleset makes it of (life,
  Villages held, units Incapacitated...), as distributions, and their differences.
- **Counters**: the movement facts per player (``projections.tally``), a counter that a game
  never recorded counting 0 in it; plus each player's score.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from sim.compare.games import GameResult
from sim.compare.stats import distribution, mean_difference, newcombe, paired_mean_difference, paired_newcombe, wilson
from sim.compare.variants import Variant

OUTCOMES = ("win", "draw", "loss")


def summarise(results: Iterable[GameResult], variants: Sequence[Variant], players: Sequence[str]) -> dict[str, Any]:
    by_variant: dict[str, list[GameResult]] = {v.name: [] for v in variants}
    for result in results:
        by_variant[result.variant].append(result)
    for games in by_variant.values():
        games.sort(key=lambda g: g.index)
    counters = sorted({name for games in by_variant.values() for g in games for c in g.counters.values() for name in c})
    parts = sorted({name for games in by_variant.values() for g in games for p in g.parts.values() for name in p})
    summaries = [_variant(v, by_variant[v.name], players, counters, parts) for v in variants]
    if summaries:
        first, first_games = summaries[0], by_variant[variants[0].name]
        for variant, summary in zip(variants[1:], summaries[1:], strict=True):
            summary["difference"] = _difference(first_games, by_variant[variant.name], first, summary, players, counters, parts)
    return {
        "players": list(players),
        "parts": parts,
        "counters": counters,
        "variants": summaries,
        "games": [g.as_json() for v in variants for g in by_variant[v.name]],
    }


def _variant(
    variant: Variant, games: list[GameResult], players: Sequence[str], counters: list[str], parts: list[str]
) -> dict[str, Any]:
    n = len(games)
    per_player: dict[str, Any] = {}
    for player in players:
        tallies = {o: sum(g.results.get(player) == o for g in games) for o in OUTCOMES}
        per_player[player] = {
            "wins": tallies["win"], "draws": tallies["draw"], "losses": tallies["loss"],
            "win_rate": _rate(tallies["win"], n),
            "draw_rate": _rate(tallies["draw"], n),
            "loss_rate": _rate(tallies["loss"], n),
            "score": distribution([g.scores.get(player, 0.0) for g in games]),
            "parts": {name: distribution(_part(games, player, name)) for name in parts},
            "counters": {name: distribution(_counter(games, player, name)) for name in counters},
        }
    first = first_player(games)
    return {
        "name": variant.name,
        "options": dict(variant.options),
        "games": n,
        "ended": sum(g.ended for g in games),
        "verified": sum(bool(g.verified) for g in games),
        "players": per_player,
        "first_player": first,
        "length": {
            "turns": distribution([float(g.turns) for g in games]),
            "commands": distribution([float(g.commands) for g in games]),
        },
        "difference": None,
    }


def first_player(games: list[GameResult]) -> dict[str, Any]:
    """How the player who acted first fared: wins, draws, losses, and its win rate over the
    decided games with the advantage (that rate less one half)."""
    wins = sum(g.results.get(g.first_player) == "win" for g in games)
    losses = sum(g.results.get(g.first_player) == "loss" for g in games)
    draws = len(games) - wins - losses
    decided = wins + losses
    if not decided:  # no rate over no game, and no advantage: unknown (null), not 0% or +0%
        return {"wins": wins, "draws": draws, "losses": losses, "decided": 0, "win_rate": None, "advantage": None}
    rate = wilson(wins, decided)
    return {
        "wins": wins, "draws": draws, "losses": losses, "decided": decided,
        "win_rate": rate.as_json(),
        "advantage": {"estimate": rate.estimate - 0.5, "low": rate.low - 0.5, "high": rate.high - 0.5},
    }


def _rate(successes: int, trials: int) -> dict[str, float] | None:
    """A proportion with its Wilson interval; unknown (None) over no trials."""
    return wilson(successes, trials).as_json() if trials else None


def _rate_difference(successes_a: int, trials_a: int, successes_b: int, trials_b: int) -> dict[str, float] | None:
    """b's proportion less a's (Newcombe); unknown (None) when either is."""
    return newcombe(successes_a, trials_a, successes_b, trials_b).as_json() if trials_a and trials_b else None


def _difference(
    base: list[GameResult], other: list[GameResult], base_summary: dict[str, Any], summary: dict[str, Any],
    players: Sequence[str], counters: list[str], parts: list[str],
) -> dict[str, Any]:
    """This variant's figures less the first variant's, each with its 95% interval: paired
    (per-game differences) when every game has its partner of the same number in the other."""
    paired = is_paired(base, other)
    means = _paired_mean_difference if paired else _mean_difference
    per_player: dict[str, Any] = {}
    for player in players:
        a, b = base_summary["players"][player], summary["players"][player]
        win_rate: dict[str, float] | None
        draw_rate: dict[str, float] | None
        if paired:
            win_rate = _paired_rate_difference(base, other, player, "win")
            draw_rate = _paired_rate_difference(base, other, player, "draw")
        else:
            win_rate = _rate_difference(a["wins"], len(base), b["wins"], len(other))
            draw_rate = _rate_difference(a["draws"], len(base), b["draws"], len(other))
        per_player[player] = {
            "win_rate": win_rate,
            "draw_rate": draw_rate,
            "score": means([g.scores.get(player, 0.0) for g in base], [g.scores.get(player, 0.0) for g in other]),
            "parts": {name: means(_part(base, player, name), _part(other, player, name)) for name in parts},
            "counters": {name: means(_counter(base, player, name), _counter(other, player, name)) for name in counters},
        }
    fa, fb = base_summary["first_player"], summary["first_player"]
    return {
        "same_games": same_games(base, other),
        "paired": paired,
        "intervals": PAIRED if paired else UNPAIRED,
        "players": per_player,
        # over the decided games, which are not the same games in both variants: never paired
        "first_player_win_rate": _rate_difference(fa["wins"], fa["decided"], fb["wins"], fb["decided"]),
        "length": {
            "turns": means([float(g.turns) for g in base], [float(g.turns) for g in other]),
            "commands": means([float(g.commands) for g in base], [float(g.commands) for g in other]),
        },
    }


#: the intervals of a difference, as ``--json`` names them: of means, of rates, of the first
#: player's win rate (over the decided games, never the same games in both variants)
PAIRED = {"means": "paired t", "rates": "Newcombe paired", "first_player_win_rate": "Newcombe"}
UNPAIRED = {"means": "Welch", "rates": "Newcombe", "first_player_win_rate": "Newcombe"}


def is_paired(base: list[GameResult], other: list[GameResult]) -> bool:
    """Whether the two variants played the same games: each game number in both (game i has
    the same seed and seat in every variant, so the two games of a number are a pair). A
    complete run of one game is one pair: its means' differences are unknown (one pair has no
    spread), its rates' paired Newcombe intervals are known. An interrupted run may leave a
    number played under one variant only: then the games are compared unpaired (Welch,
    Newcombe), all of them counted."""
    numbers = [g.index for g in base]
    return len(set(numbers)) == len(numbers) and sorted(numbers) == sorted(g.index for g in other)


def _paired_rate_difference(
    base: list[GameResult], other: list[GameResult], player: str, outcome: str
) -> dict[str, float] | None:
    """b's rate of ``outcome`` less a's over the pairs of games (Newcombe, paired); unknown
    (None) over no pair, as a rate over no game is."""
    if not base:
        return None
    partner = {g.index: g for g in other}
    a = [g.results.get(player) == outcome for g in base]
    b = [partner[g.index].results.get(player) == outcome for g in base]
    return paired_newcombe(a, b).as_json()


def _paired_mean_difference(a: list[float], b: list[float]) -> dict[str, float] | None:
    """b's mean less a's over pairs (the lists in game order in both): Student's t interval of
    the per-game differences; unknown (None) over fewer than 2 pairs."""
    found = paired_mean_difference(a, b)
    return found.as_json() if found is not None else None


def same_games(base: list[GameResult], other: list[GameResult]) -> bool:
    """Whether every game of ``other`` ended in the state its game of ``base`` (same number, so
    same seed and seat) ended in, both having played the same games: then the variant changed
    nothing in them: paired, its differences are exactly 0; unpaired, any interval around them
    is only the spread of the games."""
    ends = {g.index: g.state_hash for g in base}
    return bool(other) and len(other) == len(base) and all(ends.get(g.index) == g.state_hash for g in other)


def _mean_difference(a: list[float], b: list[float]) -> dict[str, float] | None:
    """b's mean less a's (Welch); unknown (None) with fewer than 2 games on a side."""
    found = mean_difference(a, b)
    return found.as_json() if found is not None else None


def _counter(games: list[GameResult], player: str, name: str) -> list[float]:
    return [g.counters.get(player, {}).get(name, 0.0) for g in games]



def _part(games: list[GameResult], player: str, name: str) -> list[float]:
    return [g.parts.get(player, {}).get(name, 0.0) for g in games]
