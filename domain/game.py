"""The ``Game`` aggregate: one game's event stream, with its rules enforced on each command.

The aggregate is ruleset-neutral. It records the command as issued, hands it to the game's
ruleset, and keeps every command atomic: if the rules refuse a command part-way, the
aggregate is restored to where it was and no event of that command remains pending.
"""

from __future__ import annotations

import copy
import weakref
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime
from functools import partial
from typing import Any, ClassVar
from uuid import UUID, uuid4

from eventsourcing.domain import BaseAggregate, _check_explicit_topic_is_registered
from pydantic import BaseModel

from domain.commands import Choose, OrderTriggers
from domain.errors import IllegalCommand, SimError
from domain.event_base import GameEvent
from domain.events import CommandIssued, GameStarted, check_start
from domain.legal import LegalCommands, as_legal, command_as_listed
from domain.options import reading_a_logged_start
from domain.resolution import WAIT_CHOICE, Resolver, choice_answers
from domain.ruleset import Ruleset, get_ruleset
from domain.state import GameState

#: event classes whose explicit topic was found registered to them (``Game.record``)
_TOPIC_CHECKED: set[type[GameEvent]] = set()
#: what applying an event does unless its class says otherwise: fold it into the game's state
#: (``GameStarted`` makes the state instead)
PLAIN_APPLY = GameEvent.apply


@dataclass
class _Checkpoint:
    #: the state to roll back to, or none while ``again`` can make it (a resumed kept start)
    state: GameState | None
    version: int
    modified_on: Any
    #: how many events were pending when it was taken, and the last of them
    pending: int
    marker: object

    #: makes the state to roll back to, the first time a refusal needs it
    again: Callable[[], GameState] | None = None

    def still_valid(self, version: int, pending: list[Any]) -> bool:
        """True while no pending event was saved away since the checkpoint."""
        if len(pending) < self.pending or version - (len(pending) - self.pending) != self.version:
            return False
        return self.pending == 0 or pending[self.pending - 1] is self.marker


@dataclass
class _Declared:
    """What recording a command's ``CommandIssued`` changes, as it was before: the command
    counter, the last refusal, the game's version and time.

    Every refusal the rules make in the examples and in self-play comes before any event but
    the declaration (a refused command's checks run first), so putting these back is the whole
    rollback: the state is as it was, the rollback point stays good for the next command, and
    no copy of the state is made or used up (a script's expected refusals cost a copy each).
    A refusal after any other event, or with a fold that failed part-way, goes back to the
    rollback point as before.
    ``tests/test_refusal_undo.py`` compares both ways after every command of every example."""

    count: int | None
    refusal: Any
    version: int
    modified_on: Any

    @classmethod
    def of(cls, game: Game) -> _Declared:
        known = game.__dict__  # the library's version and time, without their properties: read for every command
        state = known["state"]
        return cls(state.counters.get("command"), state.last_refusal, known["_version"], known["_modified_on"])

    def undone(self, game: Game, pending_before: int) -> bool:
        """Put the declaration back, when it is all the refused command recorded."""
        pending = game.pending_events
        made = len(pending) - pending_before
        if made > 1 or game.version != self.version + made or (made == 1 and type(pending[-1]) is not CommandIssued):
            return False
        if made:
            del pending[pending_before:]
            state = game.state
            if self.count is None:
                state.counters.pop("command", None)
            else:
                state.counters["command"] = self.count
            state.last_refusal = self.refusal
            game.version = self.version
            game.modified_on = self.modified_on
        return True


class Game(BaseAggregate[UUID]):
    TOPIC = "sim.Game"

    state: GameState
    title: str
    #: roll number -> results: set only by ``sim explore --dice`` on a game it never stores
    dice_override: ClassVar[dict[int, list[int]]] = {}

    def __init__(self) -> None:
        """Fields are set by ``GameStarted.apply``; nothing else happens on creation."""

    def __getstate__(self) -> dict[str, Any]:
        """Pickled (a game played in another process comes back so) without the weak
        reference to its last legal commands, which only this process could follow, and
        without its rollback point (a copy to roll back to, or what makes one: the receiver
        takes its own when it next issues a command)."""
        state = dict(self.__dict__)
        state.pop("_legal", None)
        state.pop("_rollback_point", None)
        return state

    @staticmethod
    def create_id(*_: Any, **__: Any) -> UUID:
        return uuid4()

    # --- creation -------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        ruleset: str,
        players: list[str],
        active_player: str | None = None,
        options: dict[str, Any] | None = None,
        aliases: dict[str, Any] | None = None,
        title: str = "",
        game_id: UUID | None = None,
        seed: int = 0,
        *,
        logged: bool = False,
    ) -> Game:
        """A new game; ``logged``: the start of one a log holds (``check_start``)."""
        rules = get_ruleset(ruleset)
        check_start(players, active_player, seed, logged)
        active = active_player or players[0]
        with reading_a_logged_start() if logged else nullcontext():
            checked = rules.check_options(options or {})
        game = cls._create(
            GameStarted,
            id=game_id or uuid4(),
            ruleset=rules.name,
            options=checked,
            players=list(players),
            active_player=active,
            aliases=rules.check_aliases(aliases or {}),
            title=title,
            seed=seed,
        )
        return game

    @classmethod
    def start_as(cls, start: GameStarted, game_id: UUID | None = None, seed: int | None = None) -> Game:
        """A new game started as a logged ``GameStarted`` says (verification, a kept script):
        the log's own id and seed unless others are given (the log's seed read as logged:
        ``check_start``), under the options the log means (``RuleOptions.recorded``: an option it
        leaves out may mean an older default than a new game's)."""
        return cls.start(
            start.ruleset, start.players, start.active_player,
            get_ruleset(start.ruleset).recorded_options(start.options), start.aliases, start.title,
            game_id, start.seed if seed is None else seed, logged=seed is None,
        )

    @classmethod
    def continued(cls, start: GameStarted, state: GameState) -> Game:
        """A game whose ``start`` is already recorded and checked elsewhere (a verified prefix's,
        a kept script's re-stamped), taking ``state`` (a copy no other game holds, which the
        caller vouches is what the start and the events it will ``resume`` fold into) instead
        of folding ``start`` into a state of its own and checking its options again: both
        were done when the start was first made, and ``resume`` replaces that state at once.
        The start is pending, as ``start`` leaves it; ids, version and times are the start's."""
        game = cls.__new__(cls)
        game.__base_init__(start.originator_id, start.originator_version, start.timestamp)
        game.state = state
        game.title = start.title
        game.pending_events.append(start)
        return game

    def resume(self, state: GameState, events: list[GameEvent], again: Callable[[], GameState] | None = None) -> None:
        """Take ``state`` as the fold of ``events``, this game's next events, made or checked
        elsewhere (a kept script's, a verified prefix's): the events are pending as if recorded
        here, and no rule or fold runs again. The caller vouches that ``state`` is what folding
        them would give, and gives a state no other game holds (a copy).

        ``again`` makes another such copy: it is the rollback point of the commands that
        follow, called only if one of them is refused, instead of a copy taken before the first
        of them (most games never need it)."""
        if not events:
            return
        first, last = events[0].originator_version, events[-1].originator_version
        if first != self.version + 1 or last != self.version + len(events):
            raise ValueError(f"events {first}..{last} do not follow version {self.version}")
        self.state = state
        pending = self.pending_events
        pending.extend(events)
        self.version = last
        self.modified_on = events[-1].timestamp
        if again is not None:
            self.__dict__["_rollback_point"] = _Checkpoint(None, last, self.modified_on, len(pending), pending[-1], again)

    # --- recording ------------------------------------------------------------------------

    @property
    def rules(self) -> Ruleset:
        return get_ruleset(self.state.ruleset)

    def record(self, event_class: type[GameEvent], **fields: Any) -> GameEvent:
        """Trigger one event (the ruleset's engine calls this) and return it."""
        return self.record_fields(event_class, fields)

    def record_fields(self, event_class: type[GameEvent], fields: dict[str, Any]) -> GameEvent:
        """``record`` given the fields as a dict of the caller's that this takes over (the
        envelope's fields are written into it): the resolver records every event so, and a call
        with ``**`` would copy the fields into a new dict at each call.

        What the library's ``trigger_event`` does (eventsourcing 9.5), without its per-event
        costs that never change an answer: the explicit topic is checked once per class, the
        fields are not copied again, the version and id are read past their properties, and
        the event is validated by pydantic's validator directly (no event class has its own
        ``__init__``)."""
        if event_class not in _TOPIC_CHECKED:
            _check_explicit_topic_is_registered(event_class)
            _TOPIC_CHECKED.add(event_class)
        known = self.__dict__
        fields["originator_id"] = known["_id"]
        fields["originator_version"] = known["_version"] + 1
        if fields.get("timestamp") is None:
            fields["timestamp"] = known.get("_issued_at") or event_class.create_timestamp()
        event = event_class.__pydantic_validator__.validate_python(fields)  # the constructor's validation, without its wrapper
        try:
            if event_class.apply is PLAIN_APPLY:
                # ``mutate``'s checks are of the id and version just written, and ``apply``
                # folds into the state: done here, two calls fewer for each event recorded
                event.fold_into(known["state"])
                known["_version"] = fields["originator_version"]
                known["_modified_on"] = event.timestamp
            else:
                event.mutate(self)
        except BaseException:
            known["_torn"] = True  # a fold that failed part-way: only the rollback point restores
            raise
        known["_pending_events"].append(event)
        return event

    def parse_command(self, data: dict[str, Any] | BaseModel) -> BaseModel:
        return self.rules.parse_command(data)

    def issue(self, command: dict[str, Any] | BaseModel, rollback: bool = True, issued_at: datetime | None = None) -> list[GameEvent]:
        """Apply one command atomically and return the events it recorded.

        Raises ``BadInput`` or ``IllegalCommand`` with nothing recorded when refused: the game
        is put back as it was from a checkpoint (``rollback``). A caller that throws the game
        away on a refusal (the store reloads it) passes ``rollback=False`` and saves the copy.
        Its events carry the moment the command is issued, ``issued_at`` when given (a log's
        command re-issued to verify it: the moment the log gives) and else the clock's.
        """
        rules = self.rules  # one lookup for the command: a game's ruleset never changes
        parsed = rules.parse_command(command)
        known = self.__dict__  # the library's fields, read past their properties: once a command
        pending_before = len(known["_pending_events"])
        checkpoint = self._checkpoint() if rollback else None
        undo = _Declared.of(self) if rollback else None  # what a refusal puts back without the checkpoint
        # every event of one command carries the moment it was issued: one clock reading, not
        # one per event (a timestamp is the envelope's, never compared or folded)
        known["_issued_at"] = CommandIssued.create_timestamp() if issued_at is None else issued_at
        try:
            command_id = self.state.next_id("c", "command")
            # ``model_dump(mode="json")`` without its wrapper, which only passes its keywords on
            payload = type(parsed).__pydantic_serializer__.to_python(parsed, mode="json")
            player = payload.get("player")
            self.record_fields(CommandIssued, {"cause": None, "command_id": command_id, "player": player, "command": payload})
            resolver = Resolver(self, rules, command_id)
            if isinstance(parsed, OrderTriggers):
                resolver.answer_order(parsed)
            elif isinstance(parsed, Choose):
                resolver.answer_choice(parsed)
            elif self.state.choice is not None and payload.get("command") != "set_up":
                choice = self.state.choice
                raise IllegalCommand(WAIT_CHOICE, f"{choice.player} must first answer: {choice.prompt}")
            else:
                rules.execute(resolver, parsed)
            resolver.run()
        except BaseException:
            torn = known.pop("_torn", False)
            if checkpoint is not None and undo is not None and (torn or not undo.undone(self, pending_before)):
                self._restore(checkpoint, pending_before)
            raise
        finally:
            known["_issued_at"] = None
        return known["_pending_events"][pending_before:]  # a new list (the slice); a game records only GameEvents

    # --- rollback ---------------------------------------------------------------------------

    def _checkpoint(self) -> _Checkpoint:
        """A copy of the state to roll back to, taken once per batch of pending events rather
        than once per command: a refused command restores it and re-applies the pending events
        of the commands before it in the batch (refusals are rare, commands are not)."""
        pending = self.pending_events
        current = self.__dict__.get("_rollback_point")
        if current is not None and current.still_valid(self.version, pending):
            return current
        self.state.changed()  # derived indexes are not worth copying
        point = _Checkpoint(
            self.state.model_copy(deep=True), self.version, self.modified_on, len(pending),
            pending[-1] if pending else None,
        )
        self.__dict__["_rollback_point"] = point
        return point

    def _restore(self, point: _Checkpoint, pending_before: int) -> None:
        """Put the game back as it was before the refused command: the checkpoint's state
        itself (no copy of it), with the batch's earlier events applied again. The checkpoint
        is used up, so the next command takes one where the game now is: a second refusal
        re-applies only what came after it, not the whole batch again."""
        self.__dict__["_rollback_point"] = None
        self.state = point.state if point.state is not None else point.again()  # type: ignore[misc]  # one of them is set
        self.version = point.version
        self.modified_on = point.modified_on
        del self.pending_events[pending_before:]
        for event in self.pending_events[point.pending:]:
            event.mutate(self)  # the batch's earlier commands, as they were

    def override_dice(self, rolls: dict[int, list[int]]) -> None:
        """Make these roll numbers give these results instead of the seed's: only for a
        hypothetical branch that ``sim explore --dice`` never stores (its log can't verify)."""
        setattr(self, "dice_override", dict(rolls))  # shadows the empty class default on this game only  # noqa: B010

    # --- what may happen next -------------------------------------------------------------

    def refusals(self, command: dict[str, Any] | BaseModel) -> list[SimError]:
        """Every reason ``command`` would be refused now, none when it would be accepted: the
        ruleset lists them all where it can, else the command is tried on a copy of the game and
        names the first. Nothing is recorded. A pending choice comes first, as ``issue`` refuses
        with it before the ruleset looks at the command."""
        parsed = self.parse_command(command)
        listed = self.rules.refusals(self.state, parsed)
        if listed is not None:
            choice = self.state.choice
            if choice is not None and not isinstance(parsed, (OrderTriggers, Choose)) and getattr(parsed, "command", None) != "set_up":
                # ``issue`` refuses it with this before the ruleset looks at it (codex: Storyline)
                return [IllegalCommand(WAIT_CHOICE, f"{choice.player} must first answer: {choice.prompt}"), *listed]
            return list(listed)
        trial = copy.deepcopy(self)
        try:
            trial.issue(parsed, rollback=False)
        except SimError as exc:
            # without its traceback: its frames hold the trial game, and the error itself, a
            # cycle that would keep a whole copy of the game for the cyclic collector
            return [exc.with_traceback(None)]
        return []

    def legal_commands(self) -> LegalCommands:
        """Every command the player to act may issue now, as python-chess's ``legal_moves``:
        the answers to a pending choice, or the ruleset's commands for its turn structure.

        A lazy collection (``domain.legal``): ``len``, indexing and ``cmd in`` work out only
        the parts they read. It stays the answer of this state: the next event settles it
        (lists what is left) if it is still held, so a caller that issues while holding one
        should drop it first. Asked again before any event, the same collection is returned."""
        state = self.state
        held = self.__dict__.get("_legal")
        found = held() if held is not None else None
        if found is not None and found.state is state and found.version == self.version:
            return found
        choice = state.choice
        listed = as_legal(choice_answers(choice) if choice is not None else self.rules.legal_commands(state))
        listed.asked_of(state, self.version)
        listed.as_listed = partial(command_as_listed, self.rules, state)
        self.__dict__["_legal"] = weakref.ref(listed)
        return listed
