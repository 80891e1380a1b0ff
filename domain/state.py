"""The game state that events fold into: what every ruleset shares, and the base its own extends.

The core knows units by their id, owner and location, the storyline of pending work, moves
being resolved, triggers waiting to resolve and a pending player choice. Everything else a
ruleset needs (a Sorcery unit's power, a GODSGLOOM unit's facing, a skirmish table) lives in the
ruleset's own subclasses of ``GameState`` and ``UnitState``: typed fields, never a dictionary of
strings. Locations are kept as their canonical text (``"11/underwater"``, ``"2,-1"``,
``"10.5,3@roof"``) so that events stay plain, self-contained data on every board.

The models are mutable on purpose: only events change them, and only through ``apply_to``.
"""

from __future__ import annotations

import operator
import weakref
from collections.abc import Callable, Sequence
from typing import Annotated, Any, ClassVar, Literal, Protocol, Self, TypeVar

from pydantic import ConfigDict, Field, PrivateAttr

from domain.attribute_reads import PlainModel
from domain.copying import copies_plainly, copy_model, made_plainly, set_dict, set_extra, set_fields_set, set_private
from domain.options import RuleOptions
from domain.rules import RuleRef

T = TypeVar("T")


class BoardIndexes(dict[str, Any]):
    """Indexes of a board (terrain by hex, the steps out of each location...), shared by every
    copy of a state: copying a state for a rollback point copies no board. A state whose board
    changes is given new ones (``GameState.board_changed``), so no copy ever sees another's."""

    def __copy__(self) -> BoardIndexes:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> BoardIndexes:
        return self


class EmptyInCopies:
    """A container of what one state worked out for itself: a copy of the state (``copy``,
    ``copy.deepcopy``, ``model_copy``) starts with an empty one of the same kind and rebuilds what
    it asks for."""

    def __copy__(self) -> Self:
        return type(self)()

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        return type(self)()


class LastingIndexes(EmptyInCopies, dict[str, tuple[Any, Any]]):
    """Indexes kept across events for as long as what they read is unchanged
    (``GameState.lasting_index``): each is stored with the key it was built for. A copy of the
    state starts without them (it rebuilds what it asks for): an index may hold the units of
    the state it was built from."""


class CharacteristicsIndexes(EmptyInCopies, dict[str, Any]):
    """Indexes of what the units and cards in play are (``GameState.characteristics_index``),
    kept across the events that leave all that as it is (``GameEvent.KEEPS_CHARACTERISTICS``).
    A copy of the state starts without them, and so does a pickled one (``GameState.__getstate__``):
    an index may hold numbers that mean something only to the process that made it."""


class DerivedIndexes(EmptyInCopies, dict[str, Any]):
    """Indexes derived from one state (``GameState.index``), dropped by its next event. A copy of
    the state starts without them (it rebuilds what it asks for): an index answers for the state
    it was built from, and a copy of one is not the copy's answer (Sorcery's live index copies
    as an empty one, which read as up to date gave a copied game no keywords at all)."""


class Unsettled(EmptyInCopies, list["weakref.ref[Any]"]):
    """The lazy answers asked of one state (``GameState.keep_settled``): a copy of the state has
    been asked nothing, and settling the original's answers is no business of the copy's events."""


class StateModel(PlainModel):
    model_config = ConfigDict(extra="forbid")

    #: the fields set as pydantic sets a field of a model that validates no assignment, in one
    #: call rather than pydantic's two (folding a long game sets about 1.5 fields an event)
    __plain_fields__: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        config = cls.model_config
        plain = not config.get("frozen") and not config.get("validate_assignment")
        cls.__plain_fields__ = frozenset(cls.model_fields) if plain else frozenset()

    def __setattr__(self, name: str, value: Any) -> None:
        if name in self.__plain_fields__:
            self.__dict__[name] = value
            self.__pydantic_fields_set__.add(name)
        else:
            super().__setattr__(name, value)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> Self:
        """pydantic's deep copy (2.x, ``BaseModel.__deepcopy__``: one memo for the fields and
        the private attributes), made field by field (``domain.copying``) rather than value by
        value through ``copy.deepcopy``: a rollback point and each game started from a kept
        script copy the whole state, and most of its values are strings, numbers and None."""
        return copy_model(self, {} if memo is None else memo)


#: a state model's deep copy is pydantic's: a state's copy copies its models field by field
copies_plainly(StateModel)


class UnitState(StateModel):
    """A unit on the board. Rulesets subclass it with their own typed characteristics."""

    id: str
    card: str = Field(description="what the unit is: a card's name, a unit's name")
    owner: str
    kind: str = "unit"
    location: str | None = None
    alive: bool = True
    carried_by: str | None = None


#: one value a trigger carries from the event that matched it: a square, a unit or site id, or nothing
TriggerParam = int | str | None


class TriggerState(StateModel):
    """A triggered ability that matched an event and waits to resolve."""

    id: str
    ability: str
    source: str
    controller: str | None
    subject: str | None
    cause: str
    label: str
    #: what the matched event told the ability (a Genesis: its ``square`` and ``target``): plain
    #: numbers or ids, never nested data, so a log stays readable by any later version
    params: dict[str, TriggerParam] = Field(default_factory=dict)


class StepItem(StateModel):
    """One declared step of a path, waiting on the storyline; ``kind`` is how it was declared
    (a skirmish leg's ``via``), when the ruleset's steps have kinds to choose from."""

    item: Literal["step"] = "step"
    move_id: str
    unit: str
    frm: str
    to: str
    index: int
    last: bool
    kind: str | None = None

    @classmethod
    def declared(cls, move_id: str, unit: str, frm: str, to: str, index: int, last: bool, kind: str | None) -> StepItem:
        """The item ``StepItem(move_id=..., ..., kind=...)`` makes, without validating values
        that a validated ``PathDeclared`` already holds as these very types: folding a path
        makes one item a step, a third of the time pydantic's validation takes
        (``tests/test_recording_fast_paths.py`` compares the two for every path declared)."""
        return made_plainly(cls, {
            "item": "step", "move_id": move_id, "unit": unit, "frm": frm, "to": to, "index": index, "last": last,
            "kind": kind,
        }, set(_DECLARED))

    @classmethod
    def of_path(cls, move_id: str, unit: str, path: list[str], kinds: list[str] | None) -> list[StepItem]:
        """The items ``declared`` makes for each step of ``path`` (front first; ``kinds`` as
        ``PathDeclared`` holds them), in one loop: every path declared folds into as many
        items as it has steps, and two calls an item (``declared``, ``made_plainly``) were
        most of an item's cost (``tests/test_recording_fast_paths.py`` compares them)."""
        made_items: list[StepItem] = []
        append, new = made_items.append, cls.__new__
        last = len(path) - 2
        kinds = kinds or []
        kinds_given = len(kinds)
        frm = path[0] if path else ""
        for index, to in enumerate(path[1:]):
            made = new(cls)
            set_dict(made, {
                "item": "step", "move_id": move_id, "unit": unit, "frm": frm, "to": to, "index": index,
                "last": index == last, "kind": kinds[index] if index < kinds_given else None,
            })
            set_fields_set(made, set(_DECLARED))
            set_extra(made, None)
            set_private(made, None)
            append(made)
            frm = to
        return made_items


#: the fields ``StepItem.declared`` sets, as pydantic marks them set when given to the constructor
_DECLARED = frozenset({"move_id", "unit", "frm", "to", "index", "last", "kind"})


class TriggerItem(StateModel):
    item: Literal["trigger"] = "trigger"
    trigger_id: str


#: the storyline items the core resolves itself; rulesets add theirs in their state's union
CoreItem = Annotated[StepItem | TriggerItem, Field(discriminator="item")]


class MoveState(StateModel):
    """A path being resolved: who moves, why, and how much of its allowance is spent."""

    id: str
    unit: str
    purpose: str
    path: list[str]
    paid_steps: float = 0
    taken: int = 0
    steps_done: list[str] = Field(default_factory=list)
    allowance: float | None = None
    #: the units that moved with it on its last step (``StepTaken.carried``, passengers of
    #: passengers included): what it brought to where it stopped, dropped there or not. Left
    #: out of the dump while empty, so states (and their hashes) read as before it
    carried: list[str] = Field(default_factory=list, exclude_if=operator.not_)

    @classmethod
    def declared(cls, move_id: str, unit: str, purpose: str, path: list[str], allowance: float | None) -> MoveState:
        """The move ``MoveState(id=..., unit=..., purpose=..., path=..., allowance=...)`` makes,
        without validating values a validated ``PathDeclared`` already holds as these very types
        (``path`` is the caller's own list): every path declared folds one
        (``tests/test_recording_fast_paths.py`` compares the two for every path declared)."""
        return made_plainly(cls, {
            "id": move_id, "unit": unit, "purpose": purpose, "path": path, "paid_steps": 0, "taken": 0,
            "steps_done": [], "allowance": allowance, "carried": [],
        }, set(_MOVE_DECLARED))


#: the fields ``MoveState.declared`` sets, as pydantic marks them set when given to the constructor
_MOVE_DECLARED = frozenset({"id", "unit", "purpose", "path", "allowance"})


class ChoiceState(StateModel):
    id: str
    player: str
    kind: str
    options: list[str]
    prompt: str
    #: the trigger whose resolution waits for this answer (a "may"), if any
    about: str | None = None


class StatePresenter(Protocol):
    """How states show themselves to people: a compact text board (``str(state)``, as
    ``print(chess.Board())``) and an SVG picture (Jupyter's ``_repr_svg_``)."""

    def text(self, state: GameState) -> str: ...

    def svg(self, state: GameState) -> str: ...


class GameState(StateModel):
    """Everything the rules need to decide what a command does next.

    A ruleset's state class sets ``RULESET`` and narrows ``options``, ``units`` and
    ``storyline`` to its own typed models.
    """

    #: drawing is no part of the rules: the application that draws boards (``sim.pictures``)
    #: sets this, and until it does a state prints as the pydantic model it is
    presenter: ClassVar[StatePresenter | None] = None

    RULESET: ClassVar[str] = ""
    #: the fields that make up the board: what ``board_index`` builds may read, and what only
    #: events flagged ``CHANGES_BOARD`` may change (a test checks every example's events)
    BOARD_FIELDS: ClassVar[tuple[str, ...]] = ("aliases",)

    ruleset: str
    options: RuleOptions = Field(default_factory=RuleOptions)
    players: list[str]
    active_player: str
    turn: int = 1
    seed: int = 0
    aliases: dict[str, str] = Field(default_factory=dict)
    units: dict[str, UnitState] = Field(default_factory=dict)
    triggers: dict[str, TriggerState] = Field(default_factory=dict)
    unordered: list[str] = Field(default_factory=list)
    storyline: list[CoreItem] = Field(default_factory=list)
    moves: dict[str, MoveState] = Field(default_factory=dict)
    choice: ChoiceState | None = None
    counters: dict[str, int] = Field(default_factory=dict)
    last_refusal: RuleRef | None = None
    #: indexes derived from this state (occupancy, zones, terrain by hex...), built once and
    #: dropped whenever an event changes the state (``GameEvent.fold_into``)
    _indexes: dict[str, Any] = PrivateAttr(default_factory=DerivedIndexes)
    #: indexes of the board alone (``BOARD_FIELDS``), kept until an event changes the board
    _board: BoardIndexes = PrivateAttr(default_factory=BoardIndexes)
    #: indexes kept across events while what they read is unchanged (``lasting_index``)
    _lasting: LastingIndexes = PrivateAttr(default_factory=LastingIndexes)
    #: indexes of what the units and cards in play are, kept across the events that change
    #: none of it (``characteristics_index``)
    _characteristics: CharacteristicsIndexes = PrivateAttr(default_factory=CharacteristicsIndexes)
    #: answers asked of this state that work parts out when first read (a reach's reasons):
    #: they settle before an event changes the state (``keep_settled``)
    _unsettled: list[weakref.ref[Any]] = PrivateAttr(default_factory=Unsettled)

    def index(self, name: str, build: Callable[[], T]) -> T:
        """An index of this state, built on first use and kept until the next event. Read past
        pydantic's look-up of private attributes (``__getattr__``, tried after every other way)."""
        indexes = self.__pydantic_private__["_indexes"]  # type: ignore[index]  # set by PrivateAttr
        found = indexes.get(name)
        if found is None:
            found = indexes[name] = build()
        return found

    def lasting_index(
        self, name: str, key: Any, build: Callable[[], T], update: Callable[[Any, T], T | None] | None = None
    ) -> T:
        """An index kept across events for as long as ``key`` (what it reads: the units'
        places, say) stays equal: an event that changes nothing it reads does not make it be
        rebuilt. ``key`` must name every fact the index reads, the identity of the objects it
        holds included (tests/test_lasting_indexes.py rebuilds each from scratch after every
        event and compares). When the key has changed, ``update`` (if given) may bring the
        index kept for the old key up to date (told the old key and the old index; it returns a
        new index, or None to have it built anew): a step that moves one unit moves it in the
        index instead of rebuilding the index for every unit."""
        kept = self.__pydantic_private__["_lasting"]  # type: ignore[index]  # set by PrivateAttr
        found = kept.get(name)
        if found is not None:
            if found[0] == key:
                return found[1]  # stored by this method with its build's type
            if update is not None:
                updated = update(found[0], found[1])
                if updated is not None:
                    kept[name] = (key, updated)
                    return updated
        value = build()
        kept[name] = (key, value)
        return value

    def characteristics_index(self, name: str, build: Callable[[], T]) -> T:
        """An index of what the units and cards in play are, built on first use and kept across
        every event that changes none of it (``GameEvent.KEEPS_CHARACTERISTICS``: a step, a
        path declared, a tap, a turn passing), dropped by any other. It must read nothing those
        events change: where units stand, moves, the storyline, counters, taps, damage or the
        turn (tests/sorcery/test_kept_realm_facts.py rebuilds Sorcery's from scratch after every
        event and compares)."""
        kept = self.__pydantic_private__["_characteristics"]  # type: ignore[index]  # set by PrivateAttr
        found = kept.get(name)
        if found is None:
            found = kept[name] = build()
        return found

    def board_index(self, name: str, build: Callable[[], T]) -> T:
        """An index of the board alone: built once, kept through every event that leaves the
        board as it is (units moving, turns passing), shared with copies of the state."""
        board = self.__pydantic_private__["_board"]  # type: ignore[index]  # set by PrivateAttr
        found = board.get(name)
        if found is None:
            found = board[name] = build()
        return found

    def board_changed(self) -> None:
        """An event changed the board: this state gets new board indexes (copies keep theirs)."""
        self.__pydantic_private__["_board"] = BoardIndexes()  # type: ignore[index]  # set by PrivateAttr
        self.__pydantic_private__["_lasting"] = LastingIndexes()  # type: ignore[index]  # set by PrivateAttr
        self.__pydantic_private__["_characteristics"] = CharacteristicsIndexes()  # type: ignore[index]  # set by PrivateAttr

    def keep_settled(self, answer: Any) -> None:
        """Have ``answer.settle()`` called before the next event changes this state, unless the
        answer is gone by then: a lazy answer stays the answer of the state it was asked of."""
        self.__pydantic_private__["_unsettled"].append(weakref.ref(answer))  # type: ignore[index]  # set by PrivateAttr

    def settle(self) -> None:
        """An event is about to change the state: answers still asked of it settle first."""
        waiting = self.__pydantic_private__["_unsettled"]  # type: ignore[index]  # set by PrivateAttr
        if waiting:
            answers = [found for ref in waiting if (found := ref()) is not None]
            waiting.clear()
            for answer in answers:
                answer.settle()

    def __getstate__(self) -> dict[Any, Any]:
        """Pickled with its lazy answers settled and forgotten: a weak reference can't cross
        to another process, and an answer settled no longer needs this state. The indexes
        derived from this state and those kept across events stay behind too (the receiver
        rebuilds what it asks for): an index may hold numbers that mean something only to the
        process that made it (Sorcery's realm numbers key its shared tables)."""
        self.settle()
        pickled = super().__getstate__()
        private = dict(pickled["__pydantic_private__"] or {})
        private["_indexes"], private["_lasting"], private["_characteristics"] = DerivedIndexes(), LastingIndexes(), CharacteristicsIndexes()
        pickled["__pydantic_private__"] = private
        return pickled

    def dropped(self) -> None:
        """Nothing will read this state again (a verification's re-run at its end): its
        indexes go now. Many of them hold the state they answer for, so state and index wait
        for the cyclic collector otherwise, the whole state with them; with them gone the state
        is freed the moment its last holder lets go. Indexes it shares with copies stay theirs."""
        private = self.__pydantic_private__
        private["_indexes"] = DerivedIndexes()  # type: ignore[index]  # set by PrivateAttr
        self.board_changed()

    def changed(self) -> None:
        """An event changed the state: every index derived from it is stale."""
        indexes = self.__pydantic_private__["_indexes"]  # type: ignore[index]  # set by PrivateAttr
        if indexes:
            indexes.clear()

    def __str__(self) -> str:
        presenter = GameState.presenter
        return presenter.text(self) if presenter is not None else super().__str__()

    def _repr_svg_(self) -> str | None:
        """The board as a picture in Jupyter (None, so that it falls back to text, without one)."""
        presenter = GameState.presenter
        return presenter.svg(self) if presenter is not None else None

    def unit(self, unit_id: str) -> UnitState:
        return self.units[unit_id]

    def living_units(self) -> list[UnitState]:
        return [u for u in self.units.values() if u.alive and u.location is not None]

    def units_at(self, location: str) -> list[UnitState]:
        return [u for u in self.living_units() if u.location == location]

    def next_id(self, prefix: str, counter: str) -> str:
        return f"{prefix}{self.counters.get(counter, 0) + 1}"

    def bump(self, counter: str) -> None:
        self.counters[counter] = self.counters.get(counter, 0) + 1

    def record_move_end(self, unit_id: str, at: str | None, purpose: str | None, carried: Sequence[str] = ()) -> None:
        """A unit's move (declared for ``purpose``: a move, a knock back...) stopped at ``at``
        (``MoveEnded``), ``carried`` having moved with it on its last step: a ruleset whose rules
        read where a move ended keeps it (Tiny Epic Tactics' Ballista: "after moving into this
        space"; Sorcery's intercept: what came with the mover)."""

    def opponent_of(self, player: str) -> str:
        """The first player who is not ``player`` (a game has two: ``Game.start``)."""
        for other in self.players:
            if other != player:
                return other
        raise StopIteration  # as ``next`` over no such player raised

    # --- what a ruleset adds to the core's facts --------------------------------------------

    def unit_died(self, unit_id: str, at: str | None, rule: RuleRef | None = None) -> None:
        """Fold a death: the core takes the unit off the board; a ruleset adds what goes with
        it (what it bore, what it carried), and may read the ``rule`` it died by (a minion
        banished from Sorcery's void did not die, for what counts deaths)."""
        unit = self.units[unit_id]
        unit.alive = False
        unit.location = None
        unit.carried_by = None

    def new_turn(self, player: str, turn: int) -> None:
        """Fold the start of ``player``'s turn number ``turn``."""
        self.active_player = player
        self.turn = turn
