"""Self-play: whole turns for both players, each command chosen by a policy among the legal ones.

A game starts from a scenario (its script is played first), then a policy picks one command at a
time from ``Game.legal_commands()`` until the ruleset's turn (or round) count has advanced by the
number asked for, or nobody can act. Every command goes through the aggregate, so the rules are
enforced exactly as for a scripted game, and every game's log verifies.

Policies (``POLICIES``):

- ``scripted``: the scenario's script only; no command is chosen.
- ``random``: uniform among the legal commands, from a ``random.Random`` seeded per game.
- ``greedy``: the move that ends closest to the nearest enemy of the unit that moves (board
  distance); at equal distance a command that attacks comes first, then the order the ruleset
  lists its commands in. When no command moves a unit, the first listed command that does not
  end the turn, and the turn's end last.
- ``lookahead``: each legal command tried on the aggregate and scored with the ruleset's outcome,
  the best played, ties broken by the seed (``sim.lookahead_policy``).

Every report carries the game's outcome (each player's score and result: ``domain.outcome``)
and its movement counters per player (``projections.tally``); reading them changes nothing in
the game. ``until_end`` stops a game at the ruleset's own end (``sim compare`` does); without it
the turns asked for are played, as ``sim play`` always has.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from pydantic import BaseModel

from domain.errors import BadInput
from domain.event_base import GameEvent
from domain.game import Game
from domain.legal import LegalCommands, Outline, distinct_outlines
from domain.outcome import Outcome
from domain.ruleset import get_ruleset
from domain.state import GameState
from projections.state_hash import state_hash
from projections.tally import Tally
from sim.collector import fewer_collections
from sim.lookahead_policy import choose_lookahead
from sim.replay import verify
from sim.runner import play
from sim.scenario import ScenarioBase
from sim.script_start import KeptPlay, KeptScript, kept_script

POLICIES = ("scripted", "greedy", "random", "lookahead")
#: commands one game may issue before self-play gives up on it (a rules bug that never ends a turn)
MAX_COMMANDS_PER_TURN = 2_000
#: the most turns one game may be asked to play (``--turns``): a game's state and log grow with
#: its turns (a GODSGLOOM round is about 50 kB), and a typo of 10**20 turns would grow until
#: the machine runs out of memory rather than be refused
MAX_TURNS = 10_000
#: the most games one run may be asked to play (``sim play --games``, ``sim compare --games``
#: per variant): a run holds each game's report (a few tens of kB with its summary), and every
#: game's job is made before the first is played, so 10**20 games grew by gigabytes within
#: seconds rather than be refused. 10,000 games put a win rate within about 1% (95%)
MAX_GAMES = 10_000
#: command names that end the player's part of the turn: greedy keeps them for last
TURN_ENDERS = ("end_turn", "end_round", "end_activation", "start_round", "pass")


Policy = Callable[[Game, Sequence[BaseModel], random.Random], BaseModel]


@dataclass
class TurnClock:
    """Where a self-played game's time goes, in seconds: listing the legal commands, the
    policy's choice, issuing the chosen command (the rules and the events), the script played
    first, and verifying (re-running) the log. ``sim play`` adds storing. Reading the clock
    changes nothing in the game; it only adds a ``perf_counter`` call around each part."""

    legal: float = 0.0
    policy: float = 0.0
    issuing: float = 0.0
    script: float = 0.0
    verifying: float = 0.0
    storing: float = 0.0

    def parts(self) -> dict[str, float]:
        return {
            "legal commands": self.legal, "policy": self.policy, "issuing": self.issuing,
            "script": self.script, "verifying": self.verifying, "storing": self.storing,
        }

    def add(self, other: TurnClock) -> None:
        for name in ("legal", "policy", "issuing", "script", "verifying", "storing"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def describe(self, turns: int) -> str:
        """Each part's share of the total and its time per turn, largest first; the shares alone
        when no turn was played (there is no time per turn then)."""
        total = sum(self.parts().values()) or 1.0
        shown = sorted(((v, k) for k, v in self.parts().items() if v > 0), reverse=True)
        if turns <= 0:
            return ", ".join(f"{k} {100 * v / total:.0f}%" for v, k in shown)
        return ", ".join(f"{k} {100 * v / total:.0f}% ({1e3 * v / turns:.2f} ms/turn)" for v, k in shown)


@dataclass
class GameReport:
    """What one self-played game did."""

    game_id: UUID
    seed: int
    turns: int
    commands: int
    events: int
    deaths: list[str]
    positions: dict[str, str]
    state_hash: str
    verified: bool
    verdict: str
    stopped: str
    #: each player's score and result, read from the final state (``domain.outcome``)
    outcome: Outcome | None = None
    #: movement counters per player (``projections.tally``), and refused steps per rule
    counters: dict[str, dict[str, float]] = field(default_factory=dict)
    refusals: dict[str, dict[str, int]] = field(default_factory=dict)
    #: the player who acted first once the policy took over
    first_player: str = ""
    #: where the game's time went (``TurnClock``); not part of what the game did
    clock: TurnClock = field(default_factory=lambda: TurnClock())

    def as_json(self) -> dict[str, Any]:
        return {
            "game": str(self.game_id), "seed": self.seed, "turns": self.turns, "commands": self.commands,
            "events": self.events, "deaths": self.deaths, "positions": self.positions,
            "state_hash": self.state_hash, "verified": self.verified, "verdict": self.verdict, "stopped": self.stopped,
            "first_player": self.first_player,
            "outcome": self.outcome.as_json() if self.outcome is not None else None,
            "counters": self.counters, "refusals": self.refusals,
            "seconds": {name: round(value, 6) for name, value in self.clock.parts().items()},
        }


@dataclass
class Played:
    report: GameReport
    game: Game
    events: list[GameEvent] = field(default_factory=list)


def choose_random(game: Game, commands: Sequence[BaseModel], rng: random.Random) -> BaseModel:
    return commands[rng.randrange(len(commands))]


def _destination(outline: Outline, state: GameState) -> str | None:
    """Where the command ``outline`` outlines would leave the unit it moves: its path's end, or
    its ``to``; a Sorcery defence goes where the attack is, a Move and Attack without a path
    stays where its unit is."""
    if outline.end is not None:
        return outline.end
    attack = getattr(state, "attack", None)  # only Sorcery's state has an attack
    if outline.command == "defend" and attack is not None:
        return str(attack.location)
    if outline.unit in state.units and outline.command == "move_and_attack":
        return state.units[outline.unit].location
    return None


#: a destination the board can't read (``Ruleset.parse_location`` refused it): no distance
_UNREAD = -1.0


def choose_greedy(game: Game, commands: Sequence[BaseModel], rng: random.Random) -> BaseModel:
    """The greedy policy (see the module's docstring), weighing the commands by their outlines
    (``LegalCommands.outlines``: a command outlined as an earlier one of its part never weighs
    more, and is not read): a move is weighed by where it ends, and only the command picked is
    built. Each distance is worked out once per destination and side, and each
    side's enemies once per choice; the command picked is the one weighing every built command
    picks (``tests/test_greedy_policy.py`` holds it to that plain reference)."""
    state = game.state
    rules = game.rules
    board = rules.board(state)
    units = state.units
    outlines = commands.outlines() if isinstance(commands, LegalCommands) else distinct_outlines(commands)
    enemies_of: dict[str, list[str]] = {}
    gaps: dict[tuple[str, str], float] = {}
    best: tuple[float, int, int] | None = None
    first_other: int | None = None
    for order, outline in outlines:
        if first_other is None and outline.command not in TURN_ENDERS:
            first_other = order
        unit_id = outline.unit
        where = _destination(outline, state)
        if unit_id not in units or where is None:
            continue
        owner = units[unit_id].owner
        enemies = enemies_of.get(owner)
        if enemies is None:
            enemies = enemies_of[owner] = [u.location for u in state.living_units() if u.owner != owner and u.location]
        if not enemies:
            continue
        gap = gaps.get((where, owner))
        if gap is None:
            try:
                at = rules.parse_location(state, where)  # once, not once for each enemy
                gap = min(board.distance(at, e) for e in enemies)
            except BadInput:
                gap = _UNREAD
            gaps[(where, owner)] = gap
        if gap == _UNREAD:
            continue
        key = (gap, 0 if outline.attacks else 1, order)
        if best is None or key < best:
            best = key
    if best is not None:
        return commands[best[2]]
    return commands[first_other if first_other is not None else 0]


CHOOSERS: dict[str, Policy] = {"random": choose_random, "greedy": choose_greedy, "lookahead": choose_lookahead}


def self_play(
    scenario: ScenarioBase, turns: int, policy: str, seed: int, on_turn: Callable[[int], None] | None = None,
    verify_log: bool = True, until_end: bool = False, clock: TurnClock | None = None, keep_script: bool = True,
) -> Played:
    """Play the scenario's script, then ``turns`` whole turns chosen by ``policy``. ``on_turn``
    hears of each turn finished (how many), so that a long game can show its progress.
    ``verify_log`` re-runs the log under the rules (a caller that verifies later may skip it);
    ``until_end`` stops at the ruleset's own end (a won or drawn game) before the turn limit;
    ``clock`` (when given) is added where the time went (the report has the game's own);
    ``keep_script`` starts the game from the scenario's script as played before in this process
    (``sim.script_start``): up to its first die, or whole when an earlier game's dice came out
    as this game's seed rolls them; the rest of the script is played for this game.

    Many games of one scenario: ``SelfPlayer`` finds the kept script once, not at each game.
    The game is played with fewer garbage collections (``sim.collector``)."""
    _check(policy, turns)
    started = time.perf_counter()
    kept = kept_script(scenario) if keep_script else None
    with fewer_collections():
        return _self_play(scenario, turns, policy, seed, on_turn, verify_log, until_end, clock, kept, time.perf_counter() - started)


class SelfPlayer:
    """Games of one scenario played one after another (``sim play --games``, a notebook loop,
    the benchmarks): ``play(turns, policy, seed)`` is ``self_play`` of the scenario.

    The scenario is copied when the player is made, so that what the caller does to its own
    object afterwards changes no game here, and the script kept for it (``sim.script_start``)
    is looked up then, once: ``kept_script`` finds it by the scenario's whole text, and writing
    that text out again costs 2% of a short game (Sorcery's and Tiny Epic Tactics' benchmark
    games: ``benchmarks/RESULTS.md``)."""

    def __init__(self, scenario: ScenarioBase, keep_script: bool = True) -> None:
        # the script is played once here for the kept start: its time is not any game's
        self._scenario = scenario.model_copy(deep=True)
        self._kept = kept_script(self._scenario) if keep_script else None

    @property
    def scenario(self) -> ScenarioBase:
        """A copy of the scenario the games are of (the player's own is never handed out)."""
        return self._scenario.model_copy(deep=True)

    def play(
        self, turns: int, policy: str, seed: int, on_turn: Callable[[int], None] | None = None,
        verify_log: bool = True, until_end: bool = False, clock: TurnClock | None = None,
    ) -> Played:
        """One game, as ``self_play(scenario, turns, policy, seed, ...)`` plays it."""
        _check(policy, turns)
        with fewer_collections():
            return _self_play(self._scenario, turns, policy, seed, on_turn, verify_log, until_end, clock, self._kept)


def check_turns(turns: int) -> None:
    """A number of turns a game may play: 1 to ``MAX_TURNS``."""
    if turns < 1:
        raise BadInput(f"--turns must be 1 or more, not {turns}", "--turns")
    if turns > MAX_TURNS:
        raise BadInput(f"--turns must be at most {MAX_TURNS:,}, not {turns:,}", "--turns")


def check_games(games: int) -> None:
    """A number of games a run may play: 1 to ``MAX_GAMES``."""
    if games < 1:
        raise BadInput(f"--games must be 1 or more, not {games}", "--games")
    if games > MAX_GAMES:
        raise BadInput(f"--games must be at most {MAX_GAMES:,}, not {games:,}", "--games")


def _check(policy: str, turns: int) -> None:
    """Refuse a game that can't be played, before its script is."""
    if policy not in POLICIES:
        raise BadInput(f"unknown policy {policy!r}: expected one of {', '.join(POLICIES)}", "--policy")
    check_turns(turns)


def _self_play(
    scenario: ScenarioBase, turns: int, policy: str, seed: int, on_turn: Callable[[int], None] | None,
    verify_log: bool, until_end: bool, clock: TurnClock | None, kept: KeptScript | None, looked_up: float = 0.0,
) -> Played:
    shared, clock = clock, TurnClock(script=looked_up)
    now = time.perf_counter
    started = now()
    begun_from: KeptPlay | KeptScript | None = None
    if kept is not None:
        game, events, begun_from = kept.begin(scenario, scenario.seed + seed)
    else:
        played = play(scenario, seed=scenario.seed + seed)
        game, events = played.game, list(played.events)
    clock.script += now() - started
    rules = get_ruleset(game.state.ruleset)
    start_turn = rules.turn_number(game.state)
    commands = 0
    stopped = "script played" if policy == "scripted" else f"{turns} turn(s) played"
    first_player = rules.to_act(game.state)
    # a kept play's tally is the same for every game begun from it (its events, re-stamped):
    # counted once, copied for each game
    tally = begun_from.tally.copy() if isinstance(begun_from, KeptPlay) else Tally.of(events, game.state)
    if policy != "scripted":
        # held until the first turn asks again, which finds this collection rather than list
        # the commands of the same state a second time (``Game.legal_commands``)
        first: LegalCommands | None = game.legal_commands()
        if not first:
            who = rules.to_act(game.state)
            raise BadInput(f"the scenario leaves {who} no legal command: no turn can start", "scenario")
        rng = random.Random(seed)
        choose = CHOOSERS[policy]
        scoring = rules.scoring()
        while rules.turn_number(game.state) < start_turn + turns:
            started = now()
            legal = game.legal_commands()
            first = None  # not held past the first turn's: the game's own answer from here on
            empty = not legal
            clock.legal += now() - started
            if empty:
                stopped = f"nobody can act in turn {rules.turn_number(game.state)}"
                break
            if commands >= MAX_COMMANDS_PER_TURN * turns:
                stopped = f"stopped after {commands} commands without finishing the turns"
                break
            # the end alone (``OutcomeRules.end``), not the standings ``outcome`` adds to it:
            # asked after every command of a game that stops at its end (``sim compare``)
            if until_end and (end := scoring.end(game.state, tally.counters())) is not None:
                stopped = f"the game ended in turn {rules.turn_number(game.state)}: {end[1]}"
                break
            before = rules.turn_number(game.state)
            started = now()
            chosen = choose(game, legal, rng)
            del legal  # not held while the command is issued: what was not read is never listed
            chose = now()
            # no rollback point: a refusal of a listed command ends self-play with an error, and
            # the game that refused is never read again
            new = game.issue(chosen, rollback=False)
            clock.policy += chose - started
            clock.issuing += now() - chose
            events.extend(new)
            tally.add(new, game.state)
            commands += 1
            if on_turn is not None and rules.turn_number(game.state) > before:
                on_turn(rules.turn_number(game.state) - before)
    started = now()
    verdict = verify(events, begun_from.prefix if begun_from is not None else None) if verify_log else None
    clock.verifying += now() - started
    state = game.state
    counters = tally.counters()
    report = GameReport(
        game_id=game.id, seed=seed, turns=rules.turn_number(state) - start_turn, commands=commands,
        events=len(events), deaths=list(tally.died),  # the tally has seen every event, in order
        positions={u.id: rules.label(state, u.location) if u.location else "-" for u in state.units.values()},
        state_hash=state_hash(state), verified=verdict.ok if verdict else False,
        verdict=verdict.message if verdict else "not verified", stopped=stopped,
        outcome=rules.outcome(state, counters), counters=counters,
        refusals={p: dict(sorted(c.items())) for p, c in tally.refusals.items()}, first_player=first_player, clock=clock,
    )
    if shared is not None:
        shared.add(clock)
    # the played state lets go of its derived indexes (a caller that reads it again rebuilds
    # what it asks for): many of them hold the state they answer for, so state and indexes
    # would otherwise wait for the cyclic collector, whole, with every kept placement their
    # views still hold. At 50,000 young allocations (``sim.collector``) that was a young
    # collection every 70-170 GODSGLOOM games, each walking and freeing 30,000-50,000 objects:
    # about 5% of a game's time (benchmarks/RESULTS.md, "Issue 20, stop 50")
    state.dropped()
    return Played(report, game, events)
