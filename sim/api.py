"""The Python API: a simulator that stores games, and sessions that read like the game.

    sim = Simulator()                                  # ./sim.sqlite; Simulator("postgresql://...")
    game = sim.load("examples/sorcery/05-giant-shark.yaml")
    reach = game.range_of_motion("nomads")             # the lookahead: ongoing effects only
    "A" in reach; reach.path_to("A"); reach.why_not("E")
    game.move_and_attack("raider", path=["B"], attack="site")
    for event in game.events(since=10): ...
    game.at(12)                                        # the state after event 12

Errors are the documented ones: ``BadInput`` (an unknown game, unit, location or event number),
``IllegalCommand`` (the rules forbid it now), ``VersionConflict`` (the game moved on since this
session decided the command), ``sim.store.StoreError`` (the store could not be reached or failed,
or ``Simulator.close`` closed it). An argument of the wrong kind is ``BadInput`` naming it.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from uuid import UUID

from pydantic import BaseModel

from domain.errors import BadInput
from domain.event_base import GameEvent
from domain.events import GameStarted
from domain.game import Game
from domain.movement import RangeOfMotion
from domain.rules import RuleRef
from domain.ruleset import get_ruleset
from domain.state import GameState
from projections.lookahead import Lookahead
from projections.state_hash import fold, state_hash
from projections.timeline import Timeline, build_timeline
from projections.trace import Trace, build_trace
from sim.app import GameStore, decision_context, open_store
from sim.pictures.picture import draw_game, draw_game_with_reach
from sim.pictures.presenter import Pictures, text_board
from sim.runner import play
from sim.scenario import ScenarioBase, check_setup_ids, load_scenario

DEFAULT_DB = "sim.sqlite"

#: states show themselves as boards: str(state) a text board, Jupyter a picture
GameState.presenter = Pictures()


class Reach:
    """A unit's range of motion that checks the locations it is asked about.

    Locations are written as in scenario files (``"S/underwater"``, ``"12/underwater"``, ``"6,14"``)
    and read by the game's board, so ``why_not("bogus")`` is ``BadInput`` rather than a reason.
    Everything else (``reachable``, ``paths``, ``allowance``, ``as_json()``...) is the answer's."""

    def __init__(
        self, answer: RangeOfMotion, lookahead: Lookahead, events: Callable[[], list[GameEvent]],
    ) -> None:
        self.answer = answer
        self._lookahead = lookahead
        #: the game's events up to the state this answer was asked of: its picture draws that
        #: state (the lookahead's own view leaves out taps, damage, life and actions taken)
        self._events = events

    def __getattr__(self, name: str) -> Any:
        return getattr(self.answer, name)

    def location(self, text: str, field: str = "location") -> str:
        """``text`` as the answer writes locations; ``BadInput`` when the board has no such place."""
        return self._lookahead.label(self._lookahead.parse(_name(text, field, "a location")))

    def __contains__(self, location: object) -> bool:
        try:
            return self.location(str(location)) in self.answer
        except BadInput:
            return False  # `in` answers yes or no; why_not and path_to say what is wrong

    def path_to(self, location: str) -> list[str] | None:
        return self.answer.path_to(self.location(location))

    def why_not(self, location: str) -> list[RuleRef]:
        return self.answer.why_not(self.location(location))

    def details(self, location: str) -> list[str]:
        return self.answer.details(self.location(location))

    def __repr__(self) -> str:
        return f"Reach({self.answer.unit}: {len(self.answer.reachable)} reachable)"

    def svg(self, to: str | None = None) -> str:
        """The board with this range of motion drawn over it, and the path to ``to`` (or the
        rules that keep it out) when given: the game's picture as ``game.svg(unit=..., to=...)``
        draws it, of the state the answer was asked of."""
        target = None if to is None else self.location(to, "to")
        events = self._events()
        start = events[0] if events else None
        return draw_game_with_reach(events, self.answer, target, start.title if isinstance(start, GameStarted) else "")

    def _repr_svg_(self) -> str:
        return self.svg()


class GameSession:
    """One player's view of one stored game. Every command is validated by the rules and stored
    atomically.

    A command is decided against the state the session last saw: when it was opened, when its
    ``state`` or its ``legal_commands()`` were last read, or after its own last command. If the game moved on since (another
    writer ended the turn, say), the command raises ``VersionConflict`` instead of landing in a
    turn it was not meant for; read ``state`` again and decide anew. ``expected_version`` pins a
    command to one exact version instead."""

    def __init__(self, store: GameStore, game_id: UUID, seen: GameState | None = None) -> None:
        self.store = store
        self.id = game_id
        self._lock = threading.Lock()
        self._seen: tuple[Any, ...] | None = decision_context(seen) if seen is not None else None
        #: the state after some event, folded so far: stepping through the game with ``at``
        #: folds each event once, whatever order is asked (a replay viewer goes forward)
        self._cursor: tuple[int, GameState] | None = None
        #: the lookahead, kept current by folding only the events stored since it last looked
        self._lookahead: Lookahead | None = None

    def _saw(self, state: GameState) -> None:
        with self._lock:
            self._seen = decision_context(state)

    # --- reading ------------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        state = self.store.game(self.id).state
        self._saw(state)
        return state

    @property
    def version(self) -> int:
        """The number of events the game has now."""
        return self.store.game(self.id).version

    def events(self, since: int = 0) -> list[GameEvent]:
        """Events after number ``since`` (events are numbered from 1; 0, the default, is all of
        them). A negative ``since`` is ``BadInput`` naming it: no event comes before the first."""
        _whole_number(since, "since")
        if since < 0:
            raise BadInput(f"since is 0 or more (events are numbered from 1; 0 reads them all), not {since}", "since")
        return [e for e in self.store.game_events(self.id) if e.originator_version > since]

    def at(self, event_number: int) -> GameState:
        """The state right after event ``event_number`` (1 is the game's start)."""
        self._check_event_number(event_number, "event_number")
        with self._lock:
            folded, state = 0, None
            if self._cursor is not None and self._cursor[0] <= event_number:
                folded, state = self._cursor
            for event in self.store.game_events(self.id, after=folded, upto=event_number):
                if isinstance(event, GameStarted):
                    state = event.initial_state()
                elif state is not None:
                    event.fold_into(state)
            assert state is not None, "a stored game begins with GameStarted"
            self._cursor = (event_number, state)
            return state.model_copy(deep=True)

    def _check_event_number(self, number: int, field: str) -> None:
        """One of this game's events, by number, as ``at`` and ``svg(at=...)`` take it."""
        _whole_number(number, field)
        latest = self.version
        if not 1 <= number <= latest:
            raise BadInput(f"no event {number}: this game's events are numbered 1 to {latest}", field)

    def state_hash(self) -> str:
        return state_hash(fold(self.events()))

    # --- pictures -------------------------------------------------------------------------------

    def svg(self, unit: str | None = None, at: int | None = None, to: str | None = None) -> str:
        """The board after event ``at`` (now when None) as SVG: the last command's steps, and
        with ``unit`` its range of motion (with ``to``, the path there)."""
        if at is not None:
            self._check_event_number(at, "at")
        if to is not None and unit is None:
            raise BadInput("a path is drawn for a unit: give unit as well", "to")
        unit = None if unit is None else _name(unit, "unit", "a unit")
        to = None if to is None else _name(to, "to", "a location")
        events = self.events()
        start = events[0]
        title = start.title if isinstance(start, GameStarted) else ""
        return draw_game(events, at=at, unit=unit, to=to, title=title)

    def _repr_svg_(self) -> str:
        return self.svg()

    def __str__(self) -> str:
        """The board now as compact text (``print(game)``, as ``print(chess.Board())``)."""
        start = self.events()[0]
        return text_board(self.state, start.title if isinstance(start, GameStarted) else "")

    def lookahead(self) -> Lookahead:
        """The lookahead of the game as stored now: only events stored since the last call are
        read and folded."""
        with self._lock:
            if self._lookahead is None:
                self._lookahead = Lookahead()
            for event in self.store.game_events(self.id, after=self._lookahead.position):
                self._lookahead.process(event)
            return self._lookahead

    def range_of_motion(self, unit: str) -> Reach:
        unit = _name(unit, "unit", "a unit")
        lookahead = self.lookahead()
        answer = lookahead.range_of_motion(unit)
        asked_at = lookahead.position
        store, game_id = self.store, self.id

        def events() -> list[GameEvent]:
            return list(store.game_events(game_id, upto=asked_at))

        return Reach(answer, lookahead, events)  # the events are read when a picture is drawn

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

    def legal_commands(self) -> Sequence[BaseModel]:
        """What the player to act may issue now (``Game.legal_commands``): the state they are
        of is the one the session saw, so that a command taken from them is decided against it."""
        game = self.store.game(self.id)
        self._saw(game.state)
        return game.legal_commands()

    # --- commands -------------------------------------------------------------------------------

    def issue(self, command: dict[str, Any] | BaseModel, expected_version: int | None = None) -> list[GameEvent]:
        if expected_version is not None:
            _whole_number(expected_version, "expected_version")
        with self._lock:
            decided_in = self._seen
        game, events = self.store.apply(self.id, command, expected_version=expected_version, decided_in=decided_in)
        with self._lock:
            if self._seen == decided_in:  # another thread of this session may have moved it on
                self._seen = decision_context(game.state)
        return events

    def move_and_attack(
        self, unit: str, path: list[str] | None = None, attack: str | None = None, player: str | None = None,
        expected_version: int | None = None,
    ) -> list[GameEvent]:
        command = {"command": "move_and_attack", "unit": unit, "path": path or [], "attack": attack, "player": player}
        return self.issue(command, expected_version)

    def defend(
        self, unit: str, path: list[str] | None = None, player: str | None = None, expected_version: int | None = None
    ) -> list[GameEvent]:
        return self.issue({"command": "defend", "unit": unit, "path": path, "player": player}, expected_version)

    def pass_defence(self, player: str | None = None, expected_version: int | None = None) -> list[GameEvent]:
        return self.issue({"command": "pass", "player": player}, expected_version)

    def order_triggers(self, order: list[str], player: str | None = None, expected_version: int | None = None) -> list[GameEvent]:
        return self.issue({"command": "order_triggers", "order": order, "player": player}, expected_version)

    def end_turn(self, player: str | None = None, expected_version: int | None = None) -> list[GameEvent]:
        return self.issue({"command": "end_turn", "player": player}, expected_version)


class Simulator:
    """Games in one store: a SQLite file by default, PostgreSQL by URL, memory with ``:memory:``.

    ``close()`` (or the end of a ``with Simulator(...) as sim:`` block) closes the store; its
    sessions then refuse every read and command with ``StoreError``."""

    def __init__(self, db: str | os.PathLike[str] | None = DEFAULT_DB) -> None:
        if isinstance(db, os.PathLike):
            db = os.fspath(db)
        if db is not None and not isinstance(db, str):
            raise BadInput(f"a store is named by text (a SQLite file, :memory: or a postgresql:// URL), not {db!r}", "db")
        self.store = open_store(db)

    def close(self) -> None:
        """Close the store (its connections); closing again is harmless."""
        self.store.close()

    def __enter__(self) -> Simulator:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def load(self, scenario: str | Path | ScenarioBase) -> GameSession:
        """Play a scenario's set-up and script, store the game, and return it."""
        if not isinstance(scenario, str | Path | ScenarioBase):
            raise BadInput(f"a scenario is a file's path or a parsed scenario, not {type(scenario).__name__}", "scenario")
        parsed = scenario if isinstance(scenario, ScenarioBase) else load_scenario(scenario)
        played = play(parsed)
        self.store.add(played.game)
        return GameSession(self.store, played.game.id, played.game.state)

    def new_game(self, ruleset: str, setup: dict[str, Any], players: list[str] | None = None, **kwargs: Any) -> GameSession:
        """A new game of ``ruleset`` set up as a scenario's ``setup:`` says; ``kwargs`` are the
        start's: ``active_player``, ``options``, ``aliases``, ``title``, ``game_id``, ``seed``."""
        _check_new_game(setup, players, kwargs)
        game = Game.start(ruleset, players or ["p1", "p2"], **kwargs)
        check_setup_ids(setup)  # as a scenario's (``sim.scenario``)
        game.issue({"command": "set_up", **setup})
        self.store.add(game)
        return GameSession(self.store, game.id, game.state)

    def game(self, game_id: str | UUID) -> GameSession:
        """The stored game ``game_id`` (its whole id or a unique beginning of it); ``BadInput``
        when it is not a game id or not in the store."""
        uuid = self.store.find_game(game_id, "game_id")
        return GameSession(self.store, uuid, self.store.game(uuid).state)

    def games(self) -> list[UUID]:
        return self.store.game_ids()


#: what ``new_game`` passes on to ``Game.start`` besides the ruleset and the players
START_ARGUMENTS = ("active_player", "options", "aliases", "title", "game_id", "seed")


def _check_new_game(setup: object, players: object, kwargs: dict[str, Any]) -> None:
    """``new_game``'s arguments of the wrong kind as ``BadInput`` naming each, before the rules
    read them (a list where a mapping belongs was a ``TypeError``, a string of players was
    split into one-letter names)."""
    if not isinstance(setup, dict):
        raise BadInput(f"a set-up is a mapping (as a scenario's setup:), not {type(setup).__name__}", "setup")
    if players is not None:
        if not isinstance(players, list | tuple):
            raise BadInput(f"players are a list of two names, not {players!r}", "players")
        for index, player in enumerate(players):
            if not isinstance(player, str):
                raise BadInput(f"a player's name is text, not {player!r}", f"players[{index}]")
    for name in kwargs:
        if name not in START_ARGUMENTS:
            raise BadInput(f"unknown argument {name!r}: new_game takes {', '.join(START_ARGUMENTS)}", name)
    for name in ("options", "aliases"):
        if kwargs.get(name) is not None and not isinstance(kwargs[name], dict):
            raise BadInput(f"{name} are a mapping, not {kwargs[name]!r}", name)
    if "title" in kwargs and not isinstance(kwargs["title"], str):
        raise BadInput(f"a title is text, not {kwargs['title']!r}", "title")
    if kwargs.get("active_player") is not None and not isinstance(kwargs["active_player"], str):
        raise BadInput(f"a player's name is text, not {kwargs['active_player']!r}", "active_player")
    if kwargs.get("game_id") is not None and not isinstance(kwargs["game_id"], UUID):
        raise BadInput(f"a game id is a uuid.UUID, not {kwargs['game_id']!r}", "game_id")


def _name(value: object, field: str, what: str) -> str:
    """A unit or a location as the API takes it: text, or a whole number written as one (a
    Sorcery square); anything else is ``BadInput`` naming the argument."""
    if isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise BadInput(f"{what} is named by text, not {value!r}", field)


def _whole_number(value: object, field: str) -> None:
    """An event number as the API takes it: a whole number (``True`` is not one, though
    Python counts it as 1)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadInput(f"an event number is a whole number, not {value!r}", field)
