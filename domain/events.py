"""The engine's own events: what every ruleset records the same way.

Immutable facts, named in the past tense, self-contained: each folds itself into the game state
in ``apply_to`` without consulting any rule, and describes itself for people in ``describe``.
Topics are explicit and stable (``sim.<Name>``); ``class_version`` is the schema version, with an
``upcast_vN_vN+1`` static method for each older one. A ruleset's own events live in its package
(``<ruleset>.<Name>``); events whose body is ruleset-typed (``UnitPlaced``) have a base here and a
concrete class there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import SerializerFunctionWrapHandler, model_serializer

from domain.errors import BadInput
from domain.event_base import GameCreatedEvent, GameEvent, Labeler
from domain.rules import RuleRef
from domain.state import ChoiceState, GameState, MoveState, StepItem, TriggerItem, TriggerState, UnitState

if TYPE_CHECKING:
    from datetime import datetime
    from uuid import UUID


def check_start(players: list[str], active_player: str | None, seed: object, logged: bool = False) -> None:
    """What every game's start must be: two players of different names (not blank), the one to act first
    among them, a seed of 0 or more. Asked when a game starts and when a log's ``GameStarted`` is
    read (``sim.logfile``), so that a log no game could have written is refused at its line.
    ``logged``: the start of a game already written, which may hold a negative seed (the Python
    API took one until stop 48; it draws the dice of its opposite): logs are forever, so it is
    read, replayed and verified as it was written, and only a new game is refused one."""
    if isinstance(seed, bool) or not isinstance(seed, int) or (seed < 0 and not logged):
        # a negative seed draws what its opposite does (``random.Random(-n)``): as a scenario's,
        # a new game's seed is 0 or more
        raise BadInput(f"a seed is a whole number, 0 or more, not {seed!r}", "seed")
    if len(players) != 2 or len(set(players)) != 2:
        raise BadInput("a game has exactly two players with different names", "players")
    for index, player in enumerate(players):
        # no command could name a player whose name is blank (``player: ""`` reads as none); a
        # log's start is read as written
        if not logged and (not isinstance(player, str) or not player.strip()):
            raise BadInput("a player's name can't be empty", f"players[{index}]")
    active = active_player or players[0]
    if active not in players:
        raise BadInput(f"active player {active!r} is not one of {', '.join(players)}", "active_player")


class GameStarted(GameCreatedEvent):
    """A game was set up for a ruleset, its options and its players."""

    TOPIC: ClassVar[str] = "sim.GameStarted"
    LOOKAHEAD: ClassVar[bool] = True
    ruleset: str
    options: dict[str, Any]
    players: list[str]
    active_player: str
    aliases: dict[str, str] = {}
    title: str = ""
    seed: int = 0

    def reseeded(self, originator_id: UUID, timestamp: datetime, seed: int) -> GameStarted:
        """This start as another game's, made at ``timestamp`` under its own ``seed``: the
        set-up a kept script's games share (``sim.script_start``), whose options and aliases
        were checked when it was first made."""
        made = self.restamped(originator_id, timestamp)
        made.__dict__["seed"] = seed
        made.__pydantic_fields_set__.add("seed")
        return made

    def initial_state(self) -> GameState:
        from domain.ruleset import get_ruleset

        return get_ruleset(self.ruleset).new_state(
            ruleset=self.ruleset,
            options=dict(self.options),
            players=list(self.players),
            active_player=self.active_player,
            aliases=dict(self.aliases),
            seed=self.seed,
        )

    def apply(self, aggregate: Any) -> None:
        aggregate.state = self.initial_state()
        aggregate.title = self.title

    def describe(self, label: Labeler) -> str:
        return f"game started: {self.ruleset}, players {', '.join(self.players)}, {self.active_player} to act"


class CommandIssued(GameEvent):
    """A player's command as declared, before the rules resolve it (kept for verification)."""

    TOPIC: ClassVar[str] = "sim.CommandIssued"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    command_id: str
    player: str | None
    command: dict[str, Any]

    def apply_to(self, state: GameState) -> None:
        state.bump("command")
        state.last_refusal = None

    def introduces(self) -> str | None:
        return self.command_id

    def describe(self, label: Labeler) -> str:
        return f"{self.command_id}: {command_text(self.command, label)}"


def command_text(command: dict[str, Any], label: Labeler) -> str:
    """A command as one line: its name, then its fields (locations by their labels)."""
    kind = str(command.get("command"))
    if kind == "set_up":
        return "set up the board"
    parts = [kind.replace("_", " ")]
    for key, value in command.items():
        if key == "command" or value in (None, [], {}):
            continue
        parts.append(f"{key}={_value_text(key, value, label)}")
    return " ".join(parts)


def labelled_command(command: dict[str, Any], label: Labeler) -> dict[str, Any]:
    """A command as a scenario's script writes it: fields left at nothing dropped, locations by
    their labels (aliases), legs of a path as ``{to, via}``; it parses back to the same command."""
    found: dict[str, Any] = {}
    for key, value in command.items():
        if value in (None, [], {}):
            continue
        if key in ("path", "targets") and isinstance(value, list):
            value = [_labelled_item(v, label) for v in value]
        elif key in ("at", "to", "target") and isinstance(value, str):
            value = label(value)
        found[key] = value
    return found


def _labelled_item(value: Any, label: Labeler) -> Any:
    if isinstance(value, dict) and isinstance(value.get("to"), str):
        return {**value, "to": label(value["to"])}
    return label(value) if isinstance(value, str) else value


def _value_text(key: str, value: Any, label: Labeler) -> str:
    if key in ("path", "targets") and isinstance(value, list):
        return ">".join(_step_text(v, label) for v in value)
    if key in ("at", "to", "target") and isinstance(value, str):
        return label(value)
    return str(value)


def _step_text(value: Any, label: Labeler) -> str:
    if isinstance(value, dict):
        return f"{label(str(value.get('to')))}({value.get('via', 'walk')})"
    return label(str(value))


class UnitPlaced(GameEvent):
    """A unit entered the board with these characteristics. Each ruleset subclasses it with a
    topic of its own and its typed unit model."""

    LOOKAHEAD: ClassVar[bool] = True
    unit: UnitState

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit.id] = self.unit.model_copy(deep=True)

    def describe(self, label: Labeler) -> str:
        unit = self.unit
        where = label(unit.location) if unit.location else "nowhere"
        carried = f", carried by {unit.carried_by}" if unit.carried_by else ""
        # a unit named by its id alone is told by what kind it is (Cavalry), never its id twice
        what = unit.card if unit.card != unit.id else unit.kind if unit.kind not in ("", "unit") else ""
        return f"{unit.id} ({', '.join(p for p in (what, unit.owner) if p)}) placed at {where}{carried}"


class PathDeclared(GameEvent):
    """A unit's whole path was declared; its steps now wait on the storyline (front first).

    ``kinds`` says how each step was declared where the ruleset lets a player choose (a skirmish
    leg's walk, climb or jump); None where steps have no declared kind.
    """

    TOPIC: ClassVar[str] = "sim.PathDeclared"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    #: a move under way is a fact about the board: a unit in one is not at rest (codex: At Rest)
    LOOKAHEAD: ClassVar[bool] = True
    class_version: ClassVar[int] = 2
    move_id: str
    unit: str
    purpose: str
    path: list[str]
    allowance: float | None
    kinds: list[str] | None = None

    @staticmethod
    def upcast_v1_v2(fields: dict[str, Any]) -> dict[str, Any]:
        return {**fields, "kinds": None}

    def apply_to(self, state: GameState) -> None:
        state.bump("move")
        state.moves[self.move_id] = MoveState.declared(self.move_id, self.unit, self.purpose, list(self.path), self.allowance)
        state.storyline[0:0] = StepItem.of_path(self.move_id, self.unit, self.path, self.kinds)

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} declares path {' -> '.join(label(x) for x in self.path)} ({self.purpose})"


def _pop_step(state: GameState, move_id: str, index: int) -> None:
    for i, item in enumerate(state.storyline):
        if isinstance(item, StepItem) and item.move_id == move_id and item.index == index:
            del state.storyline[i]
            return


#: the fields of a ``MoveState`` a step sets, paid for or free (``StepTaken.apply_to``)
_STEP_PAID, _STEP_FREE = ("taken", "carried", "paid_steps"), ("taken", "carried")


class StepTaken(GameEvent):
    """A unit moved one step; carried units moved with it and entered at the same moment.

    ``cost`` is what the step used of the move's allowance (absent in logs of schema 1, where a
    step cost 1 unless ``free``).
    """

    TOPIC: ClassVar[str] = "sim.StepTaken"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    class_version: ClassVar[int] = 2
    LOOKAHEAD: ClassVar[bool] = True
    move_id: str
    unit: str
    index: int
    frm: str
    to: str
    kind: str
    free: bool = False
    carried: list[str] = []
    cost: float | None = None

    @staticmethod
    def upcast_v1_v2(fields: dict[str, Any]) -> dict[str, Any]:
        return {**fields, "cost": None}

    def apply_to(self, state: GameState) -> None:
        _pop_step(state, self.move_id, self.index)
        units, to, carried = state.units, self.to, self.carried
        units[self.unit].location = to
        for unit_id in carried:
            units[unit_id].location = to
        move = state.moves.get(self.move_id)
        if move is not None:
            # the move's fields written as ``StateModel.__setattr__`` writes a plain field
            # (``MoveState`` has no setter of its own), without a call for each: every step folds it
            fields = move.__dict__
            fields["taken"] += 1
            fields["steps_done"].append(f"{self.frm}>{to}")
            fields["carried"] = list(carried)
            if self.cost is not None:
                fields["paid_steps"] += self.cost
                move.__pydantic_fields_set__.update(_STEP_PAID)
            elif not self.free:
                fields["paid_steps"] += 1
                move.__pydantic_fields_set__.update(_STEP_PAID)
            else:
                move.__pydantic_fields_set__.update(_STEP_FREE)

    def describe(self, label: Labeler) -> str:
        carried = f", carrying {', '.join(self.carried)}" if self.carried else ""
        return f"{self.unit} steps {label(self.frm)} -> {label(self.to)} ({self.kind}{', free' if self.free else ''}){carried}"


class StepRefused(GameEvent):
    """A declared step was not taken because a rule forbade it; resolution went on."""

    TOPIC: ClassVar[str] = "sim.StepRefused"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    #: a move under way is a fact about the board: a unit in one is not at rest (codex: At Rest)
    LOOKAHEAD: ClassVar[bool] = True
    move_id: str
    unit: str
    index: int
    frm: str
    to: str
    rule: RuleRef

    def apply_to(self, state: GameState) -> None:
        _pop_step(state, self.move_id, self.index)
        state.last_refusal = self.rule

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} can't step {label(self.frm)} -> {label(self.to)}: {self.rule}"


class StepsCancelled(GameEvent):
    """A move ended early (a stop, a failed check, the mover left the board) with steps still
    on the storyline: they are dropped."""

    TOPIC: ClassVar[str] = "sim.StepsCancelled"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    #: a move under way is a fact about the board: a unit in one is not at rest (codex: At Rest)
    LOOKAHEAD: ClassVar[bool] = True
    move_id: str
    unit: str
    steps: int
    reason: str

    def apply_to(self, state: GameState) -> None:
        state.storyline = [
            item for item in state.storyline if not (isinstance(item, StepItem) and item.move_id == self.move_id)
        ]

    def describe(self, label: Labeler) -> str:
        return f"{self.unit}'s remaining {self.steps} step(s) cancelled: {self.reason}"


class MoveEnded(GameEvent):
    """A move of the unit ended: no step of this move is left on the storyline. Whether the unit
    has *stopped* is more: in Sorcery a move a trigger makes mid-path ends while the unit's own
    path goes on, which is no stop (codex: Stops; ``triggers/stops.py``); the fields can't tell
    the two apart, so the text says only that the move ends."""

    TOPIC: ClassVar[str] = "sim.MoveEnded"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    #: a move under way is a fact about the board: a unit in one is not at rest (codex: At Rest)
    LOOKAHEAD: ClassVar[bool] = True
    move_id: str
    unit: str
    at: str | None
    steps_taken: int

    def apply_to(self, state: GameState) -> None:
        ended = state.moves.pop(self.move_id, None)
        if ended is None:
            state.record_move_end(self.unit, self.at, None)
        else:
            state.record_move_end(self.unit, self.at, ended.purpose, ended.carried)

    def describe(self, label: Labeler) -> str:
        # No step taken (the first step refused, a check or fall before it): "after 0 step(s)"
        # read as a move that went ahead. Not "did not move": a fall may have moved the unit.
        if self.steps_taken == 0:
            ends = f"ends at {label(self.at)}" if self.at else "ends (it left the board)"
            return f"{self.unit} takes no step: its move {ends}"
        # Not "stops at": a move a trigger makes mid-path ends, and the unit has not stopped
        # (codex: Stops); "its move ends" is true of both
        where = f"ends at {label(self.at)}" if self.at else "ends (it left the board)"
        return f"{self.unit}'s move {where} after {self.steps_taken} step(s)"


class UnitDied(GameEvent):
    """A unit died (or was destroyed, or was banished: ``RuleRef.banishes``) and left the board,
    for the rule named."""

    TOPIC: ClassVar[str] = "sim.UnitDied"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    at: str | None
    rule: RuleRef

    def apply_to(self, state: GameState) -> None:
        state.unit_died(self.unit, self.at, self.rule)

    def describe(self, label: Labeler) -> str:
        # a unit banished (Sorcery's void) did not die: the state counts no death, nor the text
        verb = "is banished" if self.rule.banishes else "dies"
        return f"{self.unit} {verb} at {label(self.at) if self.at else 'nowhere'}: {self.rule}"


class TriggerQueued(GameEvent):
    """A triggered ability matched an event; it waits to be ordered onto the storyline."""

    TOPIC: ClassVar[str] = "sim.TriggerQueued"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    trigger: TriggerState

    def apply_to(self, state: GameState) -> None:
        state.bump("trigger")
        state.triggers[self.trigger.id] = self.trigger.model_copy(deep=True)
        state.unordered.append(self.trigger.id)

    def describe(self, label: Labeler) -> str:
        return f"trigger {self.trigger.id} queued: {self.trigger.label}"

    def introduces(self) -> str | None:
        return self.trigger.id


class ChoiceRequested(GameEvent):
    """The game waits for a player's decision (e.g. the order of their simultaneous triggers)."""

    TOPIC: ClassVar[str] = "sim.ChoiceRequested"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    choice_id: str
    player: str
    kind: str
    options: list[str]
    prompt: str
    #: the trigger whose resolution waits for the answer (a "may"); absent in older logs
    about: str | None = None

    @model_serializer(mode="wrap")
    def _without_about(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        """``about`` came later: a choice without one is recorded as before (logs are forever)."""
        data: dict[str, Any] = handler(self)
        if data.get("about") is None:
            data.pop("about", None)
        return data

    def apply_to(self, state: GameState) -> None:
        state.bump("choice")
        state.choice = ChoiceState(
            id=self.choice_id, player=self.player, kind=self.kind, options=list(self.options), prompt=self.prompt,
            about=self.about,
        )

    def describe(self, label: Labeler) -> str:
        return f"{self.player} must choose ({self.choice_id}): {self.prompt}"


class ChoiceMade(GameEvent):
    """A player answered a pending choice other than a trigger order; a trigger that waited for
    it reads the answer from its parameter ``choice`` when it resolves again."""

    TOPIC: ClassVar[str] = "sim.ChoiceMade"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    choice_id: str
    player: str
    option: str
    about: str | None = None

    def apply_to(self, state: GameState) -> None:
        state.choice = None
        if self.about is not None and self.about in state.triggers:
            state.triggers[self.about].params["choice"] = self.option

    def describe(self, label: Labeler) -> str:
        return f"{self.player} chooses {self.option} ({self.choice_id})"


class TriggersOrdered(GameEvent):
    """Triggers were put on the storyline, first listed resolving first, and who decided."""

    TOPIC: ClassVar[str] = "sim.TriggersOrdered"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    player: str | None
    order: list[str]
    decided_by: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        state.unordered = [t for t in state.unordered if t not in self.order]
        state.choice = None
        state.storyline[0:0] = [TriggerItem(trigger_id=t) for t in self.order]

    def describe(self, label: Labeler) -> str:
        return f"{self.player or 'the game'} orders {', '.join(self.order)} ({self.decided_by})"


class TriggerResolved(GameEvent):
    TOPIC: ClassVar[str] = "sim.TriggerResolved"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    trigger_id: str
    outcome: str

    def apply_to(self, state: GameState) -> None:
        if state.storyline and isinstance(state.storyline[0], TriggerItem):
            del state.storyline[0]
        state.triggers.pop(self.trigger_id, None)

    def describe(self, label: Labeler) -> str:
        return f"trigger {self.trigger_id} resolves: {self.outcome}"


class DiceRolled(GameEvent):
    """Random results, recorded so that a replay reads them and never rolls again."""

    TOPIC: ClassVar[str] = "sim.DiceRolled"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    purpose: str
    dice: str
    results: list[int]

    def apply_to(self, state: GameState) -> None:
        state.bump("dice")

    def describe(self, label: Labeler) -> str:
        return f"rolled {self.dice} for {self.purpose}: {self.results}"
