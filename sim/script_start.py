"""A scenario's script played once and kept, so that the many games of one scenario start from it.

Every self-played game (``sim play --games N``, ``sim compare``) begins with the scenario's
script. A game's seed decides nothing but its dice (``domain.dice``), so the script's commands
up to the first that rolls a die give the same facts under every seed. They are played (and,
for games whose logs are verified, verified) once per scenario in a process; each game then
starts from their events folded into a new game, as a replay folds them, with no rule run
again, and plays the rest of the script itself. A script whose set-up rolls is played whole
for every game, as is one the rules refuse (each game then reports the refusal itself).

Past the first die, a script's facts depend on the seed only through the results its dice
show: two seeds whose dice come out alike play the script to the same facts. So each whole
script a game plays is kept too (``KeptPlay``, up to ``KEPT_PLAYS`` per scenario), with the
dice it rolled; a later game whose own seed draws the same results at the same rolls
(``domain.dice.draw``: the roll number, the die and the seed decide a result) starts from that
play's facts, the whole script folded in, and verification continues from them once they are
verified (``sim.replay.VerifiedPrefix``, which draws each of the log's dice again to check it).
A GODSGLOOM round whose script rolls one Trample die has six such plays; a script whose dice
rarely repeat (the skirmish round's three d20s) keeps a few and finds them seldom, and its games
play the rest of the script as before.

Folding is sound where playing is: events are facts, and folding them gives the state playing
gave (the replay property every example is tested for). ``tests/test_script_start.py`` plays
games both ways and compares their logs, reports and state hashes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import NamedTuple

from domain.cached import cached_property
from domain.dice import Roll, rolls_of
from domain.errors import SimError
from domain.event_base import GameEvent, restamped
from domain.events import DiceRolled, GameStarted
from domain.game import Game
from domain.state import GameState
from projections.tally import Tally
from sim.replay import VerifiedPrefix, copy_of_start, folded_start
from sim.runner import Played, play, play_script, recorded
from sim.scenario import ScenarioBase

#: scenarios whose script is kept per process (the one asked for least recently is dropped first)
KEPT_SCRIPTS = 16
#: whole plays of one scenario's script kept for later games, one per different run of dice
KEPT_PLAYS = 32


@dataclass
class KeptPlay:
    """The whole script as one game played it (set-up first, its start under that game's seed),
    and the dice it rolled: the start of every later game whose seed rolls them alike."""

    events: tuple[GameEvent, ...]
    rolls: tuple[Roll, ...]

    @classmethod
    def of(cls, events: list[GameEvent]) -> KeptPlay:
        return cls(tuple(events), rolls_of(events))

    @cached_property
    def state(self) -> GameState:
        """The play's fold, copied for each game that starts from it."""
        return folded_start(self.events)

    @cached_property
    def tally(self) -> Tally:
        """The play's movement counters (``projections.tally``): every game begun from the play
        starts its tally from a copy. The tally reads the events' own fields and the state's
        units and board, never a game's id, time or seed, in which alone the games differ."""
        return Tally.of(list(self.events), self.state)

    @cached_property
    def prefix(self) -> VerifiedPrefix | None:
        """The play as verification vouches for it, checked the first time a game that verifies
        its log asks (its dice are drawn again under each log's own seed: ``VerifiedPrefix``)."""
        return VerifiedPrefix.of(list(self.events))


class Begun(NamedTuple):
    """A game at the end of its script, its events so far, and the kept facts it began from
    (what verification may continue from: ``prefix``)."""

    game: Game
    events: list[GameEvent]
    kept: KeptPlay | KeptScript


@dataclass
class KeptScript:
    """The events of the set-up and of the script's first ``commands`` commands, as the rules
    gave them (``GameStarted`` first): none of them rolls a die. And the whole plays of the
    script kept so far (``KeptPlay``), by the results of their dice in order."""

    events: tuple[GameEvent, ...]
    commands: int
    plays: dict[tuple[tuple[int, ...], ...], KeptPlay] = field(default_factory=dict)

    def begin(self, scenario: ScenarioBase, seed: int) -> Begun:
        """A new game with its own id and ``seed`` at the end of the script: a kept play's
        events re-stamped with its id and folded into it when its seed rolls that play's dice,
        else the kept start's, and the rest of the script played (the refusals it expects
        included), which is kept in turn."""
        found = self.play_for(seed)
        if found is not None:
            game = _resumed(found.events, found.state, seed)
            return Begun(game, recorded(game), found)
        game = _resumed(self.events, self.state, seed)
        play_script(scenario, game, strict=True, first=self.commands)
        events = recorded(game)
        if len(events) > len(self.events):  # played on past the dice-free start: a play that rolled
            self._keep(events)
        return Begun(game, events, self)

    def play_for(self, seed: int) -> KeptPlay | None:
        """The kept play whose dice a game of ``seed`` rolls alike, if any. Every play begins
        with the same facts up to its first roll, so the plays share that roll, and each
        further one while their results agree: the first results pick the candidates."""
        plays = self.plays
        if not plays:
            return None
        first = next(iter(plays.values())).rolls[0]
        shown = first.drawn(seed)
        for results, candidate in list(plays.items()):  # a copy: another thread may keep one meanwhile
            if results[0] == shown and all(roll.drawn(seed) == roll.results for roll in candidate.rolls[1:]):
                return candidate
        return None

    def _keep(self, events: list[GameEvent]) -> None:
        """Keep a whole play of the script, when it rolled (a dice-free script is this kept
        start whole) and there is room."""
        if len(self.plays) >= KEPT_PLAYS:
            return  # full: the games of a script whose dice seldom repeat read no log for it
        made = KeptPlay.of(events)
        if not made.rolls:
            return
        key = tuple(roll.results for roll in made.rolls)
        with _LOCK:
            if key not in self.plays and len(self.plays) < KEPT_PLAYS:
                self.plays[key] = made

    @cached_property
    def state(self) -> GameState:
        """The kept events' fold, copied for each game (``sim.replay.copy_of_start``)."""
        return folded_start(self.events)

    @cached_property
    def prefix(self) -> VerifiedPrefix | None:
        """The kept events as verification vouches for them: checked the first time a game that
        verifies its log asks, and none when they do not verify (each log is then re-run whole)."""
        return VerifiedPrefix.of(list(self.events))


def _resumed(events: tuple[GameEvent, ...], state: GameState, seed: int) -> Game:
    """A new game under its own id and ``seed`` holding ``events`` (the kept start under the
    new id, its options checked when it was first made) and a copy of their fold ``state``."""
    start = events[0]
    assert isinstance(start, GameStarted)
    game_id = Game.create_id()
    stamp = start.create_timestamp()  # one moment for the whole kept start, as for a command's events
    game = Game.continued(start.reseeded(game_id, stamp, seed), copy_of_start(state, seed))
    game.resume(game.state, restamped(events[1:], game_id, stamp), again=lambda: copy_of_start(state, seed))
    return game


def kept_from(played: Played) -> KeptScript | None:
    """The set-up and the longest run of the script's first commands that roll no die, from a
    game that played the whole script; none when the set-up itself rolls. The whole play is
    kept too, when it rolled (``KeptPlay``)."""
    events = played.events
    rolled = next((i for i, event in enumerate(events) if isinstance(event, DiceRolled)), len(events))
    if rolled < played.setup_events:
        return None
    cut, commands = played.setup_events, 0
    for outcome in played.outcomes:
        if outcome.events_after > rolled:
            break
        cut, commands = outcome.events_after, outcome.index + 1
    kept = KeptScript(tuple(events[:cut]), commands)
    kept._keep(list(events))
    return kept


_KEPT: OrderedDict[str, KeptScript | None] = OrderedDict()
_LOCK = threading.Lock()


def kept_script(scenario: ScenarioBase) -> KeptScript | None:
    """The scenario's dice-free start as played once in this process, or none when each game
    must play the script whole. Kept by the scenario's whole text, so that a variant's options
    or a swapped seat make a scenario of their own."""
    key = scenario.model_dump_json()
    with _LOCK:
        if key in _KEPT:
            _KEPT.move_to_end(key)
            return _KEPT[key]
    try:
        kept = kept_from(play(scenario))
    except SimError:  # each game plays the script itself and reports the refusal as it always has
        kept = None
    with _LOCK:
        _KEPT[key] = kept
        while len(_KEPT) > KEPT_SCRIPTS:
            _KEPT.popitem(last=False)
    return kept
