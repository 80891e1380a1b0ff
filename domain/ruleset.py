"""What a ruleset is, and the registry of rulesets by name.

A ruleset is a package that gives: its typed state and options, its board and movement model
(the step judge's rules), its commands and what they do, its trigger sources and how each
trigger resolves, its turn structure and the commands legal in a state, and its docs. The core
owns event recording, atomicity, the storyline and trigger ordering (``domain.resolution``).
As in python-chess's variants, a ruleset overrides a handful of hooks of ``Ruleset`` and writes
no loop of its own.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar, Union

from pydantic import BaseModel, TypeAdapter, ValidationError

from domain.board import Board
from domain.errors import BadInput, SimError
from domain.event_base import EVENT_TYPES, GameEvent
from domain.movement import Judgement, MovementModel, RangeOfMotion
from domain.options import RuleOptions, check_options
from domain.rules import RuleRef
from domain.state import GameState, MoveState, StepItem, TriggerState, UnitState
from domain.validation import first_problem

if TYPE_CHECKING:
    from domain.events import DiceRolled
    from domain.handlers import CommandHandlers
    from domain.legacy import LegacyEvent
    from domain.outcome import Counters, Outcome, OutcomeRules
    from domain.resolution import Resolver


@dataclass
class StateSummary:
    """A game state as a ruleset shows it to people: a headline, a row per unit with the
    ruleset's own columns, and notes (effects in force, life, the step of the round)."""

    headline: str
    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Diagnostic:
    """Something in a game that the ruleset does not model, so that no answer about the game
    is silently wrong: the thing (by id), the card or name it is, and the text not modelled."""

    subject: str
    name: str
    unmodelled: tuple[str, ...]

    def __str__(self) -> str:
        who = f"{self.name} ({self.subject})" if self.subject != self.name else self.name
        return f"{who}: not modelled: " + " | ".join(self.unmodelled)

    def as_json(self) -> dict[str, Any]:
        return {"id": self.subject, "card": self.name, "not_modelled": list(self.unmodelled)}


class GameHandle(Protocol):
    """The part of the aggregate the resolution engine touches."""

    state: GameState

    @property
    def version(self) -> int:
        """How many events the game has, pending ones included: the engine checks that each
        storyline item it resolves records something, so that a rule can't loop forever."""
        ...

    def record(self, event_class: type[GameEvent], **fields: Any) -> GameEvent: ...

    def record_fields(self, event_class: type[GameEvent], fields: dict[str, Any]) -> GameEvent:
        """``record`` with the fields as a dict the callee takes over."""
        ...


#: the state class of a ruleset (``Ruleset[GloomState]``): what its hooks are handed
S = TypeVar("S", bound=GameState)


class Ruleset(Generic[S]):
    """Base of every ruleset: the hooks the engine calls, with the defaults most rulesets want.

    Generic over the ruleset's state class, so that a ruleset's hooks take its own state
    (``GodsgloomRuleset(Ruleset[GloomState])``) rather than each checking what it was handed:
    a game's state is made by its ruleset (``new_state``) and a ruleset is found by the name
    its state carries (``get_ruleset``), so the two always agree."""

    name: ClassVar[str]
    title: ClassVar[str]
    Options: ClassVar[type[RuleOptions]] = RuleOptions
    State: ClassVar[type[GameState]] = GameState
    #: validates one command (a discriminated union over the ruleset's command models)
    commands: ClassVar[TypeAdapter[Any]]
    #: the command models a scenario script may use (each with a ``command`` literal)
    script_commands: ClassVar[tuple[type[BaseModel], ...]]
    setup_model: ClassVar[type[BaseModel]]
    #: what a step refusal names when no step of geometry leads there
    not_a_step: ClassVar[RuleRef]
    #: where the ruleset's source says how paths are declared (cited by path refusals)
    path_source: ClassVar[str] = "Path"
    #: why a move ends when its unit has left the board
    left_board: ClassVar[str] = "the unit left the board"
    #: how triggers ignored because their source left are described ("in the realm")
    in_play_words: ClassVar[str] = "on the board"
    #: the class that handles its commands, as "module:Class", imported when first needed so
    #: that an unused ruleset costs nothing
    handlers: ClassVar[str] = ""
    #: what its games are for (a score per player, its own end, the movement facts its events
    #: record): a ``domain.outcome.OutcomeRules`` class as "module:Class", imported when first asked
    outcome_rules: ClassVar[str] = "domain.outcome:OutcomeRules"
    #: the event classes ``match_triggers`` may find a triggered ability for, by exact class (no
    #: other event is handed to it: most events of most games match nothing). A ruleset that
    #: matches triggers names them; one that overrides ``match_triggers`` without naming them is
    #: refused when its class is made, rather than its triggers never firing.
    matched_events: ClassVar[frozenset[type[GameEvent]]] = frozenset()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "match_triggers" in cls.__dict__ and "matched_events" not in cls.__dict__:
            raise TypeError(f"{cls.__name__} matches triggers: it must name the events it matches (matched_events)")

    # --- state, options, locations -----------------------------------------------------------

    @property
    def default_options(self) -> dict[str, Any]:
        return self.Options().model_dump(mode="json")

    def check_options(self, options: dict[str, Any]) -> dict[str, Any]:
        return check_options(self.name, self.Options, options)

    def recorded_options(self, options: dict[str, Any]) -> dict[str, Any]:
        """The options a recorded ``GameStarted`` means (``RuleOptions.recorded``): what a logged
        game is replayed, verified or re-run under."""
        return self.Options.recorded(options)

    def new_state(self, options: dict[str, Any], **fields: Any) -> GameState:
        """The state a recorded ``GameStarted`` (its ``options``) folds into."""
        return self.State(options=self.Options.of_record(self.Options.recorded(options), self.name), **fields)

    def check_aliases(self, aliases: dict[str, Any]) -> dict[str, str]:
        found: dict[str, str] = {}
        for name, where in aliases.items():
            try:
                found[str(name)] = self.alias_target(str(name), where)
            except BadInput as exc:
                raise BadInput(exc.message, f"aliases.{name}") from None
        return found

    def alias_target(self, name: str, where: Any) -> str:
        """The canonical location an alias names, or BadInput."""
        raise BadInput(f"{self.name} has no aliases")

    def board(self, state: S) -> Board:
        raise NotImplementedError

    def parse_location(self, state: S, text: str) -> str:
        return self.board(state).parse(text)

    def label(self, state: S, location: str) -> str:
        return self.board(state).label(location) if location else "nowhere"

    def path_rule(self, message: str) -> RuleRef:
        return RuleRef(ruleset=self.name, source=self.path_source, message=message)

    def name_of(self, state: S, thing_id: str) -> str:
        """What a unit or other thing on the board is called (its card or name)."""
        unit = state.units.get(thing_id)
        return unit.card if unit is not None else thing_id

    def roll_verdict(self, state: S, event: DiceRolled) -> str | None:
        """What a recorded roll meant under the game's rules ("miss: ... suffers no Wound"), for
        ``sim trace``: a bare result leaves the reader to know the success face, and a failed
        roll causes no event of its own. None where the ruleset has nothing to add."""
        return None

    def created_by(self, state: S, unit_id: str) -> str | None:
        """What would have created a unit of this id, when a rule of the ruleset gives the units
        it creates ids of that form and its source is in the game (Sorcery: Army of the Dead's
        Skeletons): a scenario expecting such a unit that never came is a failed expectation
        ("the trigger did not fire"), not a typo (sim/runner.py). None: no rule would."""
        return None

    def in_play(self, state: S, thing_id: str) -> bool:
        """Whether a trigger's source is still where its ability works."""
        unit = state.units.get(thing_id)
        return unit is not None and unit.alive and unit.location is not None

    # --- movement -----------------------------------------------------------------------------

    def range_of_motion(self, state: S, unit_id: str) -> RangeOfMotion:
        raise NotImplementedError

    def movement_for_move(self, state: S, move: MoveState) -> MovementModel:
        """The movement model that judges the steps of a declared path."""
        raise NotImplementedError

    # --- commands and their resolution --------------------------------------------------------

    def commands_for(self, resolver: Resolver) -> CommandHandlers[S]:
        """The ruleset's command handlers (``handlers``), recording through ``resolver``."""
        made: CommandHandlers[S] = handlers_class(self.handlers)(resolver)
        return made

    def execute(self, resolver: Resolver, command: BaseModel) -> None:
        """Check one command and record what it does; the engine then runs the storyline."""
        self.commands_for(resolver).execute(command)

    def match_triggers(self, resolver: Resolver, event: GameEvent) -> None:
        """Queue the triggered abilities that ``event`` matches (``resolver.queue_trigger``)."""

    def resolve_trigger(self, resolver: Resolver, trigger: TriggerState) -> None:
        raise NotImplementedError(f"{self.name} has no triggered ability {trigger.ability!r}")

    def resolve_item(self, resolver: Resolver, item: BaseModel) -> None:
        raise NotImplementedError(f"{self.name} has no storyline item {item!r}")

    def take_step(self, resolver: Resolver, item: StepItem, verdict: Judgement) -> bool:
        """Record a step the judge allowed. False when the ruleset ended the move itself."""
        resolver.take_step(item, verdict)
        return True

    def refuse_step(self, resolver: Resolver, item: StepItem, verdict: Judgement) -> bool:
        """Record a step the judge refused; resolution goes on with the next item. False when
        the ruleset ended the move itself."""
        resolver.refuse_step(item, verdict.refusal or self.not_a_step)
        return True

    def move_ended(self, resolver: Resolver, move: MoveState, cause: str | None) -> None:
        """What follows the end of a move (GODSGLOOM: who Engages the unit now)."""

    # --- turns --------------------------------------------------------------------------------

    def legal_commands(self, state: S) -> Sequence[BaseModel]:
        """Every command the player to act may issue now (the engine adds choice answers): a
        plain list, or a ``domain.legal.LegalCommands`` worked out part by part as it is read
        (``Game.legal_commands`` wraps a list as one)."""
        return []

    def refusals(self, state: S, command: BaseModel) -> list[SimError] | None:
        """Every reason the rules refuse ``command`` now, where the ruleset can list them all
        (Sorcery's Defend and Intercept: ``sim why --defend``); None leaves the question to the
        command itself, which names the first."""
        return None

    def turn_number(self, state: S) -> int:
        """The turn (or round) the game is in, as self-play counts them."""
        return state.turn

    def to_act(self, state: S) -> str:
        """The player who acts next (a pending choice's player first)."""
        return state.choice.player if state.choice is not None else state.active_player

    def decision_context(self, state: S) -> dict[str, Any]:
        """What a command is decided against, by name: a command retried after a concurrent
        write lands only where this is unchanged (the turn, the player to act)."""
        return {"turn": self.turn_number(state), "player": state.active_player}

    def acting(self, state: S) -> str:
        """Whose turn it is and who acts, for people: "p1 to act", or "p1's turn, p2 to act" when
        another player acts in the active player's turn (``to_act``: a defender, an interceptor,
        a choice's player), the player ``sim legal`` lists commands for."""
        player = self.to_act(state)
        if player == state.active_player:
            return f"{player} to act"
        return f"{state.active_player}'s turn, {player} to act"

    def summary(self, state: S, label: Callable[[str], str]) -> StateSummary:
        """The state for people (``sim replay``, the state printouts, pictures): a ruleset that
        writes its own headline names the player to act with ``acting``."""
        summary = StateSummary(
            headline=f"turn {self.turn_number(state)}, {self.acting(state)}",
            columns=["unit", "name", "owner", "at", "state"],
        )
        for unit in state.units.values():
            summary.rows.append(
                [unit.id, unit.card, unit.owner, label(unit.location) if unit.location else "-", self.unit_flags(unit)]
            )
        return summary

    def unit_flags(self, unit: UnitState) -> str:
        flags = [] if unit.alive else ["dead"]
        if unit.carried_by:
            flags.append(f"carried by {unit.carried_by}")
        return ", ".join(flags)

    def scoring(self) -> OutcomeRules:
        """The ruleset's outcome rules (``outcome_rules``)."""
        found: OutcomeRules = handlers_class(self.outcome_rules)()
        return found

    def outcome(self, state: S, counters: Counters) -> Outcome:
        """Each player's score now, and whether the game reached its own end (who won)."""
        return self.scoring().outcome(state, counters)

    def diagnostics(self, state: S) -> list[Diagnostic]:
        """What in this game the ruleset does not model (Sorcery: cards' unmodelled text)."""
        return []

    # --- logs ---------------------------------------------------------------------------------

    def upcast_legacy(self, event: LegacyEvent) -> GameEvent:
        """Today's event for a record of the first released version (``domain.legacy``)."""
        raise BadInput(f"{event.name} records of schema 1 have no meaning in {self.name}")

    # --- helpers for command handlers ---------------------------------------------------------

    def parse_command(self, data: dict[str, Any] | BaseModel) -> BaseModel:
        # a record (a logged command re-issued) is told from a model by its type first: asking
        # ``isinstance`` of pydantic's abstract base costs a thousand instructions for a dict
        if type(data) is not dict and isinstance(data, BaseModel):
            return data
        try:
            # the adapter's validator itself: its wrapper only passes its keywords on, once a command
            return self.commands.validator.validate_python(data)
        except ValidationError as exc:
            # every command ``issue`` takes: the script's and the set-up (``Simulator.load`` issues
            # it), as an unknown name's list (pydantic's tags of ``commands``) has them
            loc, message = first_problem(exc, Union[(*self.script_commands, self.setup_model)])  # noqa: UP007  (a tuple of types)
            raise BadInput(message, ".".join(str(p) for p in loc) or "command") from None


def known_unit(state: GameState, unit_id: str, where: str = "unit") -> UnitState:
    found = state.units.get(unit_id)
    if found is None:
        known = ", ".join(sorted(state.units)) or "none"
        raise BadInput(f"unknown unit {unit_id!r}: the units are {known}", where)
    return found


def known_player(state: GameState, given: str | None, default: str, where: str = "player") -> str:
    if given is not None and given not in state.players:
        raise BadInput(f"unknown player {given!r}: the players are {', '.join(state.players)}", where)
    return given or default


def unique_ids(ids: Sequence[tuple[str, str]]) -> None:
    """Refuse a set-up that gives two things the same id, or one an empty id (no command
    could name it, and a lookup of a missing "carried by" would find it): (id, where) pairs
    in order."""
    seen: set[str] = set()
    for thing_id, where in ids:
        if not thing_id.strip():
            raise BadInput("an id can't be empty", where)
        if thing_id in seen:
            raise BadInput(f"duplicate id {thing_id!r}", where)
        seen.add(thing_id)


#: ruleset name -> the module whose ``RULESET`` implements it
RULESETS: dict[str, str] = {
    "sorcery": "domain.rulesets.sorcery",
    "godsgloom": "domain.rulesets.godsgloom",
    "skirmish": "domain.rulesets.skirmish",
    "tinyepic": "domain.rulesets.tinyepic",
}


@functools.cache
def handlers_class(spec: str) -> Any:
    """The class a ``module:Class`` handlers spec names, imported once."""
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


@functools.cache
def get_ruleset(name: str) -> Ruleset[Any]:
    """The ruleset called ``name``; imported lazily so unused rulesets cost nothing (and once:
    it is asked for on every event folded)."""
    module = RULESETS.get(name)
    if module is None:
        raise BadInput(f"unknown ruleset {name!r}: expected one of {', '.join(known_rulesets())}")
    return importlib.import_module(module).RULESET


def known_rulesets() -> list[str]:
    return list(RULESETS)


def load_all_rulesets() -> None:
    """Import every ruleset, so that all their event topics are registered (for log readers)."""
    for name in RULESETS:
        get_ruleset(name)


def event_type(topic: str) -> type[GameEvent] | None:
    """The event class a stored topic names, loading only the ruleset it belongs to: a topic is
    prefixed with its ruleset's name (``godsgloom.UnitPivoted``); one that is not (the core's,
    and the first release's ``sim.*`` names) loads every ruleset before it is given up on."""
    found = EVENT_TYPES.get(topic)
    if found is None:
        prefix = topic.partition(".")[0]
        if prefix in RULESETS:
            get_ruleset(prefix)
        else:
            load_all_rulesets()
        found = EVENT_TYPES.get(topic)
    return found
