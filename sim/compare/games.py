"""One game of a comparison, as a worker plays it: a job in, a result out, both plain data.

A job carries the scenario's text (so that a worker on another machine needs no file), the
variant's options, the game's number and seed, and whether seats are swapped; the result is
what the summary needs (each player's result, score and counters, the game's length, its state
hash) plus, when the games are stored, its events and whether its log verified. Jobs are pure:
the same job gives the same result on any machine, in any process, in any order, which is what
makes one worker, K local processes and a Dask cluster agree game for game.

Seats: in a swapped game the other player acts first (the scenario's ``active_player`` is the
other one), the armies staying where they are: over many games this separates what moving
first is worth from what a side of the board is worth.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from typing import Any

from domain.event_base import GameEvent
from domain.outcome import Result
from sim.compare.variants import Variant, apply_variant
from sim.rule_option import with_options
from sim.scenario import ScenarioBase, parse_scenario
from sim.selfplay import SelfPlayer
from sim.yamlfile import load_yaml


@dataclass(frozen=True)
class GameJob:
    scenario_text: str
    scenario_name: str
    #: the ``--option`` values every variant starts from, then the variant's own
    base_options: dict[str, Any]
    variant: Variant
    index: int
    seed: int
    swapped: bool
    turns: int
    policy: str
    #: keep the events and verify the log (the games are stored)
    keep: bool = False


@dataclass
class GameResult:
    variant: str
    index: int
    seed: int
    swapped: bool
    first_player: str
    results: dict[str, Result]
    scores: dict[str, float]
    parts: dict[str, dict[str, float]]
    counters: dict[str, dict[str, float]]
    refusals: dict[str, dict[str, int]]
    #: the turns the game lasted: the turn limit, or up to the turn in which its own end came
    turns: int
    commands: int
    events: int
    state_hash: str
    stopped: str
    ended: bool
    verified: bool | None = None
    verdict: str = ""
    log: list[GameEvent] = field(default_factory=list, repr=False)

    def as_json(self) -> dict[str, Any]:
        return {
            "variant": self.variant, "index": self.index, "seed": self.seed, "swapped": self.swapped,
            "first_player": self.first_player, "results": self.results, "scores": self.scores, "parts": self.parts,
            "counters": self.counters, "refusals": self.refusals, "turns": self.turns, "commands": self.commands,
            "events": self.events, "state_hash": self.state_hash, "stopped": self.stopped, "ended": self.ended,
            "verified": self.verified,
        }


def make_jobs(
    text: str, name: str, base_options: dict[str, Any], variants: list[Variant], games: int, seed: int, swap: bool,
    turns: int, policy: str, keep: bool = False,
) -> list[GameJob]:
    """Game i of every variant has seed ``seed + i`` and, with ``swap``, the other player first
    when i is odd. Jobs go variant by variant within a game number, so that whatever finishes
    first (an interrupted run) covers every variant about equally."""
    return [
        GameJob(text, name, base_options, variant, index, seed + index, swap and index % 2 == 1, turns, policy, keep)
        for index in range(games) for variant in variants
    ]


def scenario_for(job: GameJob) -> ScenarioBase:
    """The job's scenario: the file, the common options, the variant's, the seats."""
    parsed = _variant_scenario(
        job.scenario_text, job.scenario_name, _key(job.base_options), job.variant.name, _key(job.variant.options)
    )
    return seated(parsed, job.swapped)


def seated(scenario: ScenarioBase, swapped: bool) -> ScenarioBase:
    if not swapped:
        return scenario
    first = scenario.active_player or scenario.players[0]
    other = next(p for p in scenario.players if p != first)
    return scenario.model_copy(update={"active_player": other})


def play_job(job: GameJob) -> GameResult:
    """Play one game of the comparison (in whichever process or machine runs it)."""
    played = _player(job).play(job.turns, job.policy, job.seed, verify_log=job.keep, until_end=True)
    report = played.report
    outcome = report.outcome
    assert outcome is not None
    return GameResult(
        variant=job.variant.name, index=job.index, seed=job.seed, swapped=job.swapped, first_player=report.first_player,
        results=outcome.results(), scores={p: s.score for p, s in outcome.standings.items()},
        parts={p: dict(s.parts) for p, s in outcome.standings.items()}, counters=report.counters,
        refusals=report.refusals, turns=report.turns + (1 if outcome.ended else 0), commands=report.commands,
        events=report.events,
        state_hash=report.state_hash, stopped=report.stopped, ended=outcome.ended,
        verified=report.verified if job.keep else None, verdict=report.verdict if job.keep else "",
        log=list(played.events) if job.keep else [],
    )


def play_batch(jobs: list[GameJob]) -> list[GameResult]:
    """Several games in one task (fewer round trips to a cluster's scheduler)."""
    return [play_job(job) for job in jobs]


def _player(job: GameJob) -> SelfPlayer:
    """The player of the job's scenario in this process (``scenario_for``), made once per
    variant and seat: its script is then looked up once, not at every game."""
    return _variant_player(
        job.scenario_text, job.scenario_name, _key(job.base_options), job.variant.name, _key(job.variant.options), job.swapped,
    )


@functools.lru_cache(maxsize=32)
def _variant_player(text: str, name: str, base: str, variant: str, options: str, swapped: bool) -> SelfPlayer:
    """By value, as ``_variant_scenario``: the player copies the scenario it is given."""
    return SelfPlayer(seated(_variant_scenario(text, name, base, variant, options), swapped))


def _key(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True)


@functools.lru_cache(maxsize=32)
def _variant_scenario(text: str, name: str, base: str, variant: str, options: str) -> ScenarioBase:
    """Parsed once per process and variant (by value: options as canonical JSON): a worker
    plays many games of the same scenario."""
    scenario = with_options(parse_scenario(load_yaml(text, name)), json.loads(base))
    return apply_variant(scenario, Variant(variant, json.loads(options)))
