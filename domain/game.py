"""The ``Game`` aggregate: one game's event stream, with its rules enforced on each command.

The aggregate is ruleset-neutral. It records the command as issued, hands it to the game's
ruleset, and keeps every command atomic: if the rules refuse a command part-way, the
aggregate is restored to where it was and no event of that command remains pending.
"""

from __future__ import annotations

from typing import Any, ClassVar
from uuid import UUID, uuid4

from eventsourcing.domain import BaseAggregate
from pydantic import BaseModel

from domain.commands import OrderTriggers
from domain.errors import BadInput, IllegalCommand
from domain.event_base import GameEvent
from domain.events import CommandIssued, GameStarted
from domain.resolution import WAIT_CHOICE, Resolver, trigger_orders
from domain.ruleset import Ruleset, get_ruleset
from domain.state import GameState


class Game(BaseAggregate[UUID]):
    TOPIC = "sim.Game"

    state: GameState
    title: str
    #: roll number -> results: set only by ``sim explore --dice`` on a game it never stores
    dice_override: ClassVar[dict[int, list[int]]] = {}

    def __init__(self) -> None:
        """Fields are set by ``GameStarted.apply``; nothing else happens on creation."""

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
    ) -> Game:
        rules = get_ruleset(ruleset)
        if len(players) != 2 or len(set(players)) != 2:
            raise BadInput("a game has exactly two players with different names", "players")
        active = active_player or players[0]
        if active not in players:
            raise BadInput(f"active player {active!r} is not one of {', '.join(players)}", "active_player")
        game = cls._create(
            GameStarted,
            id=game_id or uuid4(),
            ruleset=rules.name,
            options=rules.check_options(options or {}),
            players=list(players),
            active_player=active,
            aliases=rules.check_aliases(aliases or {}),
            title=title,
            seed=seed,
        )
        return game

    # --- recording ------------------------------------------------------------------------

    @property
    def rules(self) -> Ruleset:
        return get_ruleset(self.state.ruleset)

    def record(self, event_class: type[GameEvent], **fields: Any) -> GameEvent:
        """Trigger one event (the ruleset's engine calls this) and return it."""
        self.trigger_event(event_class, **fields)
        return self.pending_events[-1]  # type: ignore[return-value]

    def parse_command(self, data: dict[str, Any] | BaseModel) -> BaseModel:
        return self.rules.parse_command(data)

    def issue(self, command: dict[str, Any] | BaseModel) -> list[GameEvent]:
        """Apply one command atomically and return the events it recorded.

        Raises ``BadInput`` or ``IllegalCommand`` with nothing recorded when refused.
        """
        parsed = self.parse_command(command)
        self.state.changed()  # the copy for rollback need not carry derived indexes
        saved_state = self.state.model_copy(deep=True)
        saved_version = self.version
        saved_modified = self.modified_on
        pending_before = len(self.pending_events)
        try:
            command_id = self.state.next_id("c", "command")
            payload = parsed.model_dump(mode="json", exclude_defaults=False)
            player = payload.get("player")
            self.record(CommandIssued, cause=None, command_id=command_id, player=player, command=payload)
            resolver = Resolver(self, self.rules, command_id)
            if isinstance(parsed, OrderTriggers):
                resolver.answer_order(parsed)
            elif self.state.choice is not None and payload.get("command") != "set_up":
                choice = self.state.choice
                raise IllegalCommand(WAIT_CHOICE, f"{choice.player} must first answer: {choice.prompt}")
            else:
                self.rules.execute(resolver, parsed)
            resolver.run()
        except BaseException:
            self.state = saved_state
            self.version = saved_version
            self.modified_on = saved_modified
            del self.pending_events[pending_before:]
            raise
        return list(self.pending_events[pending_before:])  # type: ignore[arg-type]

    def override_dice(self, rolls: dict[int, list[int]]) -> None:
        """Make these roll numbers give these results instead of the seed's: only for a
        hypothetical branch that ``sim explore --dice`` never stores (its log can't verify)."""
        setattr(self, "dice_override", dict(rolls))  # shadows the empty class default on this game only  # noqa: B010

    # --- what may happen next -------------------------------------------------------------

    def legal_commands(self) -> list[BaseModel]:
        """Every command the player to act may issue now, as python-chess's ``legal_moves``:
        the answers to a pending choice, or the ruleset's commands for its turn structure."""
        choice = self.state.choice
        if choice is not None:
            return [OrderTriggers(player=choice.player, order=order) for order in trigger_orders(choice.options)]
        return self.rules.legal_commands(self.state)
