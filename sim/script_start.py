"""A scenario's script played once and kept, so that the many games of one scenario start from it.

Every self-played game (``sim play --games N``, ``sim compare``) begins with the scenario's
script. A game's seed decides nothing but its dice (``domain.dice``), so the script's commands
up to the first that rolls a die give the same facts under every seed. They are played (and,
for games whose logs are verified, verified) once per scenario in a process; each game then
starts from their events folded into a new game, as a replay folds them, with no rule run
again, and plays the rest of the script itself. A script whose set-up rolls is played whole
for every game, as is one the rules refuse (each game then reports the refusal itself).

Folding is sound where playing is: events are facts, and folding them gives the state playing
gave (the replay property every example is tested for). ``tests/test_script_start.py`` plays
games both ways and compares their logs, reports and state hashes.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from domain.cached import cached_property
from domain.errors import SimError
from domain.event_base import GameEvent
from domain.events import DiceRolled, GameStarted
from domain.game import Game
from domain.state import GameState
from sim.replay import VerifiedPrefix, copy_of_start, folded_start
from sim.runner import Played, play, play_script, recorded
from sim.scenario import ScenarioBase

#: scenarios whose script is kept per process (the one asked for least recently is dropped first)
KEPT_SCRIPTS = 16


@dataclass
class KeptScript:
    """The events of the set-up and of the script's first ``commands`` commands, as the rules
    gave them (``GameStarted`` first): none of them rolls a die."""

    events: tuple[GameEvent, ...]
    commands: int

    def begin(self, scenario: ScenarioBase, seed: int) -> tuple[Game, list[GameEvent]]:
        """A new game with its own id and ``seed``: the kept events re-stamped with its id and
        folded into it, then the rest of the script played (the refusals it expects included)."""
        start = self.events[0]
        assert isinstance(start, GameStarted)
        game_id = Game.create_id()
        stamp = start.create_timestamp()  # one moment for the whole kept start, as for a command's events
        # the kept start under the new game's id and seed: its options were checked when it was made
        game = Game.continued(start.reseeded(game_id, stamp, seed), copy_of_start(self.state, seed))
        kept_state = self.state
        game.resume(game.state, [
            kept.restamped(game_id, stamp) for kept in self.events[1:]
        ], again=lambda: copy_of_start(kept_state, seed))
        play_script(scenario, game, strict=True, first=self.commands)
        return game, recorded(game)

    @cached_property
    def state(self) -> GameState:
        """The kept events' fold, copied for each game (``sim.replay.copy_of_start``)."""
        return folded_start(self.events)

    @cached_property
    def prefix(self) -> VerifiedPrefix | None:
        """The kept events as verification vouches for them: checked the first time a game that
        verifies its log asks, and none when they do not verify (each log is then re-run whole)."""
        return VerifiedPrefix.of(list(self.events))


def kept_from(played: Played) -> KeptScript | None:
    """The set-up and the longest run of the script's first commands that roll no die, from a
    game that played the whole script; none when the set-up itself rolls."""
    events = played.events
    rolled = next((i for i, event in enumerate(events) if isinstance(event, DiceRolled)), len(events))
    if rolled < played.setup_events:
        return None
    cut, commands = played.setup_events, 0
    for outcome in played.outcomes:
        if outcome.events_after > rolled:
            break
        cut, commands = outcome.events_after, outcome.index + 1
    return KeptScript(tuple(events[:cut]), commands)


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
