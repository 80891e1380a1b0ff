"""What every ruleset's command handlers share: the resolver they record through, the typed
state, and reading what a command names (a location, a unit, a player) with errors that say
which field is wrong and what exists instead."""

from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel

from domain.cached import cached_property
from domain.errors import BadInput, suggest
from domain.resolution import Resolver
from domain.ruleset import Ruleset, get_ruleset, known_player
from domain.state import GameState, UnitState

S = TypeVar("S", bound=GameState)


class StateReader(Generic[S]):
    """Reading what a command names against one state, without recording anything: what
    checks a command's targets before it is issued (a ruleset's legal commands) reads as the
    handlers do."""

    #: the ruleset's state class, checked when the state is read
    State: ClassVar[type[GameState]] = GameState

    def __init__(self, state: GameState) -> None:
        self._state = state

    @property
    def state(self) -> S:
        return self._checked(self._state)

    def _checked(self, state: GameState) -> S:
        assert isinstance(state, self.State), f"{type(state).__name__} is not a {self.State.__name__}"
        return state  # type: ignore[return-value]  # checked just above against the ruleset's class

    def location(self, text: str, where: str = "location") -> str:
        """A location as the command wrote it, in the board's canonical text; ``BadInput`` names
        the field."""
        try:
            return self.rules.parse_location(self.state, text)
        except BadInput as exc:
            raise BadInput(exc.message, where) from None

    @property
    def rules(self) -> Ruleset[S]:
        """The state's ruleset, found by its name (handlers have it from their resolver)."""
        return get_ruleset(self.state.ruleset)

    def label(self, location: str) -> str:
        return self.rules.label(self.state, location)

    def known_unit(self, unit_id: str, where: str = "unit", living: bool = False) -> Any:
        """The unit named, or ``BadInput`` with the closest name and the units there are (only
        the living ones when ``living``)."""
        found: UnitState | None = self.state.units.get(unit_id)
        if found is None or (living and not found.alive):
            names = [u.id for u in self.state.units.values() if u.alive or not living]
            raise BadInput(f"unknown unit {unit_id!r}{suggest(unit_id, names, 'units')}", where)
        return found

    def player(self, given: str | None, default: str) -> str:
        return known_player(self.state, given, default)


class CommandHandlers(StateReader[S]):
    """Base of a ruleset's command handlers; one instance per command (or per hook call)."""

    def __init__(self, resolver: Resolver) -> None:
        self.resolver = resolver
        #: what ``domain.dice.roll`` records into
        self.game = resolver
        self.emit = resolver.emit
        self.cause = resolver.cause

    def execute(self, command: BaseModel) -> None:
        """Check one command and record what it does: each ruleset's handlers say how
        (``Ruleset.execute`` calls it for every command issued)."""
        raise NotImplementedError(f"{type(self).__name__} does not execute commands")

    @property
    def rules(self) -> Ruleset[S]:
        """The resolver's ruleset, without finding it by name for each location a command names
        (every step of every path, in a game and again in its verification)."""
        return self.resolver.rules

    @cached_property
    def state(self) -> S:
        """The game's state, read once per handler: handlers read it hundreds of thousands of
        times in a long game, and one handler serves one command (or one hook call), during
        which events change the state object in place and never replace it (a refused command
        is rolled back to another object, and its handler dropped)."""
        state = self.resolver.game.state
        assert isinstance(state, self.State), f"{type(state).__name__} is not a {self.State.__name__}"
        return state  # type: ignore[return-value]  # checked just above against the ruleset's class
