"""Where a picture's game comes from: a scenario (played by the rules), a JSON Lines log (read
with every check, then verified: the rules must agree with it), or a stored game (verified too).

A log that does not verify is refused (bad input): a picture or a viewer of it would show a game
the rules never allowed, and a shared file would lend it their authority."""

from __future__ import annotations

from dataclasses import dataclass

from domain.errors import BadInput
from domain.event_base import GameEvent
from domain.events import GameStarted
from domain.legacy import upcast_log
from sim.app import open_store
from sim.clikit import play_file  # the CLI's reading of scenarios, with file:line:col errors
from sim.logfile import is_log_file, read_log
from sim.replay import as_verified, verify


@dataclass
class GameSource:
    """A game's events and what a viewer says about where they came from."""

    events: list[GameEvent]
    title: str
    description: str | None
    origin: str
    #: whether the log's hash chain held: "intact", "absent" (a log exported before chains),
    #: or why there is none to check (a scenario played here, a stored game)
    chain: str
    #: the rules' verdict on the events
    verified: str

    @property
    def start(self) -> GameStarted:
        first = self.events[0]
        assert isinstance(first, GameStarted)
        return first


def load_game(source: str | None, db: str | None = None, game: str | None = None) -> GameSource:
    """The game a picture or a viewer shows: ``source`` (a scenario or a ``.jsonl`` log), or the
    game ``game`` of the store ``db``."""
    if db is not None or game is not None:
        if source is not None:
            # two games named: which one was meant is not for the tool to guess (as sim trace says it)
            raise BadInput(f"give {source} or --db and --game, not both", "--game" if game is not None else "--db")
        if db is None or game is None:
            raise BadInput("a stored game needs both --db and --game", "--game")
        return _stored(db, game)
    if source is None:
        raise BadInput("give a scenario or a log file, or --db and --game", "SCENARIO_OR_LOG")
    if is_log_file(source):
        return _log(source)
    return _scenario(source)


def _scenario(path: str) -> GameSource:
    played, _ = play_file(path)
    events = list(played.events)
    return GameSource(events, played.scenario.title, played.scenario.description, path,
                      "none: played from a scenario", "played under the rules")


def _log(path: str) -> GameSource:
    log = read_log(path)
    events = upcast_log(log.events)
    verdict = verify(events)
    if not verdict.ok:
        raise BadInput(f"the log does not verify, so it is not drawn: {verdict.message}", path)
    events = as_verified(events, verdict)  # drawn under the reading it verified under (its note says which)
    start = events[0]
    assert isinstance(start, GameStarted)
    return GameSource(events, start.title, None, path, "intact" if log.chained else "absent (exported before chains)",
                      f"verified: {verdict.message}")


def _stored(db: str, game: str) -> GameSource:
    store = open_store(db, create=False)
    game_id = store.find_game(game, "--game")  # a whole id or a unique beginning of one
    events = upcast_log(list(store.game_events(game_id)))
    if not events:
        raise BadInput(f"no game {game} in {store.address.shown}", "--game")
    verdict = verify(events)
    if not verdict.ok:
        raise BadInput(f"game {game_id} in {store.address.shown} does not verify, so it is not drawn: {verdict.message}", "--game")
    events = as_verified(events, verdict)
    start = events[0]
    assert isinstance(start, GameStarted)
    return GameSource(events, start.title, None, f"{store.address.shown} game {game_id}", "none: read from a store",
                      f"verified: {verdict.message}")
