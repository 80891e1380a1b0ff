"""The Python API: a simulator that stores games, and sessions that read like the game.

    sim = Simulator()                                  # ./sim.sqlite; Simulator("postgresql://...")
    game = sim.load("examples/sorcery/05-giant-shark.yaml")
    reach = game.range_of_motion("nomads")             # the lookahead: ongoing effects only
    "A" in reach; reach.path_to("A"); reach.why_not("E")
    game.move_and_attack("raider", path=["B"], attack="site")
    for event in game.events(since=10): ...
    game.at(12)                                        # the state after event 12
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from uuid import UUID

from pydantic import BaseModel

from domain.event_base import GameEvent
from domain.game import Game
from domain.movement import RangeOfMotion
from domain.ruleset import get_ruleset
from domain.state import GameState
from projections.lookahead import Lookahead
from projections.state_hash import fold, state_hash
from projections.timeline import Timeline, build_timeline
from projections.trace import Trace, build_trace
from sim.app import GameStore, open_store
from sim.runner import play
from sim.scenario import ScenarioBase, load_scenario

DEFAULT_DB = "sim.sqlite"


class GameSession:
    """One stored game. Every command is validated by the rules and stored atomically."""

    def __init__(self, store: GameStore, game_id: UUID) -> None:
        self.store = store
        self.id = game_id

    # --- reading ------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.store.game(self.id).state

    def events(self, since: int = 0) -> list[GameEvent]:
        """Events after number ``since`` (events are numbered from 1)."""
        return [e for e in self.store.game_events(self.id) if e.originator_version > since]

    def at(self, event_number: int) -> GameState:
        """The state right after event ``event_number``."""
        return self.store.game(self.id, version=event_number).state

    def state_hash(self) -> str:
        return state_hash(fold(self.events()))

    def lookahead(self) -> Lookahead:
        return Lookahead.from_events(self.events())

    def range_of_motion(self, unit: str) -> RangeOfMotion:
        return self.lookahead().range_of_motion(unit)

    def timeline(self) -> Timeline:
        return build_timeline(self.events())

    def trace(self) -> Trace:
        """The causation tree: each command, what it caused, the triggers, their order and
        what they did (``Trace.lines()``, ``Trace.as_json()``)."""
        events = self.events()
        state = fold(events)
        rules = get_ruleset(state.ruleset)
        names = {u.id: rules.name_of(state, u.id) for u in state.units.values()}
        return build_trace(events, lambda loc: rules.label(state, loc), names)

    def legal_commands(self) -> list[BaseModel]:
        """What the player to act may issue now (``Game.legal_commands``)."""
        return self.store.game(self.id).legal_commands()

    # --- commands -------------------------------------------------------------------------------

    def issue(self, command: dict[str, Any] | BaseModel) -> list[GameEvent]:
        return self.store.issue(self.id, command)

    def move_and_attack(self, unit: str, path: list[str] | None = None, attack: str | None = None, player: str | None = None) -> list[GameEvent]:
        return self.issue({"command": "move_and_attack", "unit": unit, "path": path or [], "attack": attack, "player": player})

    def defend(self, unit: str, path: list[str] | None = None, player: str | None = None) -> list[GameEvent]:
        return self.issue({"command": "defend", "unit": unit, "path": path, "player": player})

    def pass_defence(self, player: str | None = None) -> list[GameEvent]:
        return self.issue({"command": "pass", "player": player})

    def order_triggers(self, order: list[str], player: str | None = None) -> list[GameEvent]:
        return self.issue({"command": "order_triggers", "order": order, "player": player})

    def end_turn(self, player: str | None = None) -> list[GameEvent]:
        return self.issue({"command": "end_turn", "player": player})


class Simulator:
    """Games in one store: a SQLite file by default, PostgreSQL by URL, memory with ``:memory:``."""

    def __init__(self, db: str | None = DEFAULT_DB) -> None:
        self.store = open_store(db)

    def load(self, scenario: str | Path | ScenarioBase) -> GameSession:
        """Play a scenario's set-up and script, store the game, and return it."""
        parsed = scenario if isinstance(scenario, ScenarioBase) else load_scenario(scenario)
        played = play(parsed)
        self.store.add(played.game)
        return GameSession(self.store, played.game.id)

    def new_game(self, ruleset: str, setup: dict[str, Any], players: list[str] | None = None, **kwargs: Any) -> GameSession:
        game = Game.start(ruleset, players or ["p1", "p2"], **kwargs)
        game.issue({"command": "set_up", **setup})
        self.store.add(game)
        return GameSession(self.store, game.id)

    def game(self, game_id: str | UUID) -> GameSession:
        return GameSession(self.store, UUID(str(game_id)))

    def games(self) -> list[UUID]:
        return self.store.game_ids()
