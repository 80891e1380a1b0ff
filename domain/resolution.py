"""The resolution engine every ruleset runs on: one command's events, and the storyline.

A command is handled by its ruleset, which checks it and records what it does at once; work
that resolves over time goes onto the storyline (DESIGN.md, "Resolution"): declared steps, then
triggered abilities and whatever else the ruleset queues (a Sorcery fight, an attack to
declare). ``Resolver.run`` resolves the storyline one item at a time:

- a step is judged just before it happens by ``judge_step``, the very function the lookahead's
  search and every other mover use, against what the move has spent so far;
- after every event, the ruleset's trigger sources say which triggered abilities match it, and
  they are queued (``TriggerQueued``);
- queued triggers are put on the storyline by the ruleset's ordering policy, or by the player
  when the policy asks (``ChoiceRequested``): the game then stops, and resumes on the command
  that answers (``order_triggers``).

A ruleset plugs in hooks (``domain.ruleset.Ruleset``); it never runs a loop of its own.
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from domain.errors import BadInput, IllegalCommand
from domain.event_base import GameEvent
from domain.events import (
    ChoiceMade,
    ChoiceRequested,
    MoveEnded,
    PathDeclared,
    StepRefused,
    StepsCancelled,
    StepTaken,
    TriggerQueued,
    TriggerResolved,
    TriggersOrdered,
)
from domain.movement import Judgement, MovementModel, judge_step
from domain.rules import RuleRef
from domain.state import ChoiceState, GameState, MoveState, StepItem, TriggerItem, TriggerParam, TriggerState

if TYPE_CHECKING:
    from domain.commands import Choose, OrderTriggers
    from domain.ruleset import GameHandle, Ruleset


def engine_rule(source: str, message: str) -> RuleRef:
    return RuleRef(ruleset="engine", source=source, message=message)


WRONG_START = "a step must start where the unit is"
NO_REPEAT = "no step is repeated within one path"
#: the same, for a declared path refused whole before it resolves (an engine rule: no ruleset's text)
REPEATED_STEP = engine_rule("Paths", NO_REPEAT)
NO_CHOICE = engine_rule("Storyline", "no choice is pending")
OWN_TRIGGERS = engine_rule("Storyline", "a player orders only their own triggers")
OWN_CHOICE = engine_rule("Storyline", "a player answers only their own choice")
ORDER_CHOICE = engine_rule("Storyline", "a trigger order is answered with order_triggers, not choose")
CHOOSE_CHOICE = engine_rule("Storyline", "a choice other than a trigger order is answered with choose, not order_triggers")
WAIT_CHOICE = engine_rule("Storyline", "a player's choice is pending; answer it first")

#: events no triggered ability is matched against: the engine's own bookkeeping of triggers and
#: choices (recorded by their classes alone: no subclass of them is ever recorded)
_NEVER_MATCHED: frozenset[type[GameEvent]] = frozenset({TriggerQueued, TriggersOrdered, ChoiceRequested})

#: most storyline items one command may resolve: a guard against a rules bug looping forever
MAX_ITEMS = 100_000


class Resolver:
    """Records one command's events and resolves the storyline; one per command."""

    def __init__(self, game: GameHandle, rules: Ruleset, command_id: str) -> None:
        self.game = game
        self.rules = rules
        self.cause = command_id
        #: the game's state, read once: a command's events change that one object in place, and
        #: the game takes another only when a refused command is rolled back, after its resolver
        #: is done (``Game._restore``). Rules read it hundreds of times a game.
        self.state: GameState = game.state
        #: the events the ruleset may match a trigger to (``Ruleset.matched_events``), read once
        self.matched = rules.matched_events

    # --- recording ------------------------------------------------------------------------------

    def emit(self, event_class: type[GameEvent], cause: str | None = None, **fields: Any) -> GameEvent:
        """Record one event (caused by the command unless ``cause`` says otherwise), then queue
        the triggered abilities it matches."""
        fields["cause"] = cause or self.cause
        event = self.game.record_fields(event_class, fields)  # ``fields`` is this call's own dict
        if event_class in self.matched and event_class not in _NEVER_MATCHED:
            self.rules.match_triggers(self, event)
        return event

    def record(self, event_class: type[GameEvent], cause: str | None = None, **fields: Any) -> GameEvent:
        """``emit`` under the name ``domain.dice.roll`` and other recorders expect."""
        return self.emit(event_class, cause=cause, **fields)

    # --- paths ----------------------------------------------------------------------------------

    def declare_path(
        self, unit_id: str, path: list[str], purpose: str, allowance: float | None,
        cause: str | None = None, kinds: list[str] | None = None,
    ) -> str:
        """Put a path's steps at the front of the storyline; they resolve one at a time.

        A path a command declares (``cause`` none) that takes one step twice is refused here, with
        nothing recorded: its repeated step would be refused as it resolves (``NO_REPEAT``), and
        the move cut short there, on whatever space that is (an ally's, in Tiny Epic Tactics)."""
        if cause is None:
            taken: set[tuple[str, str]] = set()
            for step in zip(path, path[1:], strict=False):
                if step in taken:
                    raise IllegalCommand(REPEATED_STEP, f"{unit_id}'s path takes the step {step[0]} -> {step[1]} twice")
                taken.add(step)
        move_id = self.state.next_id("m", "move")
        self.emit(
            PathDeclared, cause=cause, move_id=move_id, unit=unit_id, purpose=purpose, path=path,
            allowance=allowance, kinds=kinds,
        )
        return move_id

    def judge(self, item: StepItem, move: MoveState) -> tuple[MovementModel, Judgement]:
        """Judge a step against what the move has spent. A model whose allowance can change
        during a move (``live_allowance``: Sorcery's Movement +X, lost in a Silence aura and
        regained on leaving it, codex: Path) has it read again for each step."""
        model = self.rules.movement_for_move(self.state, move)
        first = move.taken == 0
        allowance = move.allowance
        if allowance is not None and getattr(model, "live_allowance", False):
            allowance = model.allowance(item.unit)
        return model, judge_step(model, item.unit, item.frm, item.to, move.paid_steps, allowance, first, item.kind)

    def resolve_step(self, item: StepItem) -> None:
        state = self.state
        unit = state.units[item.unit]
        move = state.moves[item.move_id]
        if not unit.alive or unit.location is None:
            self.cancel_moves(unit.id, self.rules.left_board)
            return
        if unit.location != item.frm:
            verdict = Judgement(None, move.paid_steps, self.rules.path_rule(WRONG_START))
        elif f"{item.frm}>{item.to}" in move.steps_done:
            verdict = Judgement(None, move.paid_steps, self.rules.path_rule(NO_REPEAT))
        else:
            _, verdict = self.judge(item, move)
            if verdict.option is None:
                verdict = Judgement(None, move.paid_steps, self.rules.not_a_step)
        if not verdict.ok:
            going_on = self.rules.refuse_step(self, item, verdict)
        else:
            going_on = self.rules.take_step(self, item, verdict)
        if not going_on or item.move_id not in self.state.moves:
            # the ruleset ended the move itself (a failed check, a fall), or the step did: the
            # realm it changed killed the unit (a site flooded under it: digest 1.6)
            return
        option = verdict.option
        # the steps still waiting are counted only for a step that stops the move (most don't)
        stops = option is not None and verdict.ok and option.stops is not None and option.pass_only is None
        left = self._steps_left(item.move_id) if stops else 0
        if left:
            assert option is not None and option.stops is not None  # ``stops`` said so
            self.emit(StepsCancelled, move_id=item.move_id, unit=unit.id, steps=left, reason=str(option.stops))
            self.end_move(item.move_id)
        elif item.last:
            self.end_move(item.move_id)

    def take_step(self, item: StepItem, verdict: Judgement, carried: list[str] | None = None) -> GameEvent:
        """Record a judged step (the ruleset's ``take_step`` calls this once it has done what
        must come before the step)."""
        assert verdict.option is not None
        move = self.state.moves[item.move_id]
        return self.emit(
            StepTaken, move_id=item.move_id, unit=item.unit, index=item.index, frm=item.frm, to=item.to,
            kind=verdict.option.kind, free=verdict.option.cost == 0, carried=carried or [],
            cost=verdict.spent - move.paid_steps,
        )

    def refuse_step(self, item: StepItem, rule: RuleRef) -> None:
        self.emit(StepRefused, move_id=item.move_id, unit=item.unit, index=item.index, frm=item.frm, to=item.to, rule=rule)

    def _steps_left(self, move_id: str) -> int:
        return sum(1 for i in self.state.storyline if isinstance(i, StepItem) and i.move_id == move_id)

    def end_move(self, move_id: str, cause: str | None = None) -> None:
        move = self.state.moves[move_id]
        unit = self.state.units[move.unit]
        self.emit(MoveEnded, cause=cause, move_id=move_id, unit=unit.id, at=unit.location, steps_taken=move.taken)
        self.rules.move_ended(self, move, cause)

    def stop_move(self, move_id: str, reason: str, cause: str | None = None) -> None:
        """End a move early: its remaining steps are cancelled with the reason."""
        move = self.state.moves[move_id]
        left = self._steps_left(move_id)
        if left:
            self.emit(StepsCancelled, cause=cause, move_id=move_id, unit=move.unit, steps=left, reason=reason)
        self.end_move(move_id, cause)

    def cancel_moves(self, unit_id: str, reason: str, cause: str | None = None) -> None:
        """The unit left the board: every move of it still resolving ends."""
        for move in list(self.state.moves.values()):
            if move.unit != unit_id:
                continue
            left = self._steps_left(move.id)
            self.emit(StepsCancelled, cause=cause, move_id=move.id, unit=unit_id, steps=left, reason=reason)
            self.end_move(move.id, cause)

    # --- triggers -------------------------------------------------------------------------------

    def queue_trigger(
        self, ability: str, name: str, source: str, controller: str | None, subject: str | None,
        params: dict[str, TriggerParam], cause: str,
    ) -> None:
        """A triggered ability matched: it waits to be ordered onto the storyline."""
        about = f" for {subject}" if subject else ""
        self.emit(
            TriggerQueued,
            cause=cause,
            trigger=TriggerState(
                id=self.state.next_id("t", "trigger"), ability=ability, source=source, controller=controller,
                subject=subject, cause=cause, label=f"{self.rules.name_of(self.state, source)}{about}: {name}",
                params=params,
            ),
        )

    def resolve_trigger(self, trigger_id: str) -> None:
        trigger = self.state.triggers[trigger_id]
        if not self.rules.in_play(self.state, trigger.source):
            self.emit(
                TriggerResolved, cause=trigger_id, trigger_id=trigger_id,
                outcome=f"ignored: {trigger.source} is no longer {self.rules.in_play_words}",
            )
            return
        self.rules.resolve_trigger(self, trigger)

    def resolved(self, trigger: TriggerState, outcome: str) -> None:
        self.emit(TriggerResolved, cause=trigger.id, trigger_id=trigger.id, outcome=outcome)

    def describe_trigger(self, trigger_id: str) -> str:
        return f"{trigger_id} ({self.state.triggers[trigger_id].label})"

    def order_pending(self) -> bool:
        """Put queued triggers on the storyline: the active player's first, so that the other
        player's resolve first (APNAP, Sorcery digest 2.11). Within one player's triggers the
        option ``trigger_order`` decides: ``policy`` keeps the order they were queued in;
        ``ask`` stops with ``ChoiceRequested`` until that player answers. False while a player
        must choose."""
        policy = str(getattr(self.state.options, "trigger_order", "policy"))
        active = self.state.active_player
        for player in [active, self.state.opponent_of(active)]:
            pending = [t for t in self.state.unordered if self.state.triggers[t].controller == player]
            if not pending:
                continue
            if len(pending) > 1 and policy == "ask":
                listed = ", ".join(self.describe_trigger(t) for t in pending)
                self.emit(
                    ChoiceRequested, choice_id=self.state.next_id("ch", "choice"), player=player,
                    kind="order_triggers", options=pending, prompt=f"order your simultaneous triggers: {listed}",
                )
                return False
            several = len(pending) > 1
            self.emit(
                TriggersOrdered, player=player, order=pending,
                decided_by="policy:declaration-order" if several else "single trigger",
                reason="triggers in the order they were queued (digest gap 6)" if several else "nothing to order",
            )
        unowned = [t for t in self.state.unordered if self.state.triggers[t].controller is None]
        if unowned:
            self.emit(TriggersOrdered, player=None, order=unowned, decided_by="single trigger", reason="no controller")
        return True

    def answer_order(self, command: OrderTriggers) -> None:
        """A player's answer to ``ChoiceRequested``: the order of their simultaneous triggers."""
        choice = self.state.choice
        if choice is None:
            raise IllegalCommand(NO_CHOICE)
        if choice.kind != "order_triggers":
            raise IllegalCommand(CHOOSE_CHOICE, f"{choice.id} asks {choice.prompt!r}: one of {', '.join(choice.options)}")
        if command.player is not None and command.player not in self.state.players:
            raise BadInput(f"unknown player {command.player!r}: the players are {', '.join(self.state.players)}", "player")
        player = command.player or choice.player
        if player != choice.player:
            raise IllegalCommand(OWN_TRIGGERS, f"{choice.player} decides, not {player}")
        order = [self._trigger_ref(ref) for ref in command.order]
        if sorted(order) != sorted(choice.options):
            listed = ", ".join(self.describe_trigger(t) for t in choice.options)
            raise BadInput(f"the order must list each of {listed} once", "order")
        self.emit(TriggersOrdered, player=player, order=order, decided_by="player", reason=f"answer to {choice.id}")

    def ask(self, player: str, kind: str, options: list[str], prompt: str, about: str | None = None) -> None:
        """Stop for a player's decision (a triggered ability's "may", its target): the game waits
        until that player answers with ``choose``; a trigger that asked (``about``) resolves again
        and finds the answer in its parameter ``choice``."""
        self.emit(
            ChoiceRequested, choice_id=self.state.next_id("ch", "choice"), player=player, kind=kind,
            options=options, prompt=prompt, about=about,
        )

    def answer_choice(self, command: Choose) -> None:
        """A player's answer to a ``ChoiceRequested`` other than a trigger order."""
        choice = self.state.choice
        if choice is None:
            raise IllegalCommand(NO_CHOICE)
        if choice.kind == "order_triggers":
            raise IllegalCommand(ORDER_CHOICE, f"{choice.id} asks for the order of {', '.join(choice.options)}")
        if command.player is not None and command.player not in self.state.players:
            raise BadInput(f"unknown player {command.player!r}: the players are {', '.join(self.state.players)}", "player")
        player = command.player or choice.player
        if player != choice.player:
            raise IllegalCommand(OWN_CHOICE, f"{choice.player} decides, not {player}")
        if command.option not in choice.options:
            raise BadInput(f"{command.option!r} is not an option of {choice.id}: one of {', '.join(choice.options)}", "option")
        self.emit(ChoiceMade, choice_id=choice.id, player=player, option=command.option, about=choice.about)

    def _trigger_ref(self, ref: str) -> str:
        """A trigger id, or the unit a trigger is about: read among the triggers the pending
        choice asks to order (the other player's for the same unit are not this player's to
        order, so they make no ambiguity)."""
        if ref in self.state.triggers:
            return ref
        choice = self.state.choice
        among = choice.options if choice is not None else self.state.unordered
        matches = [t.id for t in self.state.triggers.values() if t.subject == ref and t.id in among]
        if len(matches) == 1:
            return matches[0]
        raise BadInput(f"{ref!r} names no single pending trigger (use a trigger id such as t1)", "order")

    # --- the storyline --------------------------------------------------------------------------

    def run(self) -> bool:
        """Resolve the storyline until it is empty (True) or a player must choose (False)."""
        game = self.game
        for _ in range(MAX_ITEMS):
            state = game.state  # read once an item: the state the last item left
            if state.choice is not None:
                return False
            if state.unordered:
                if not self.order_pending():
                    return False
                continue
            if not state.storyline:
                return True
            before = game.version
            item = state.storyline[0]
            if isinstance(item, StepItem):
                self.resolve_step(item)
            elif isinstance(item, TriggerItem):
                self.resolve_trigger(item.trigger_id)
            else:
                self.rules.resolve_item(self, item)
            if game.version == before:
                raise RuntimeError(f"the storyline item {item!r} resolved without recording anything")
        raise RuntimeError(f"the storyline did not empty after {MAX_ITEMS} items")

    def run_to_end(self) -> None:
        """Resolve the storyline where the ruleset has no choice point (a GODSGLOOM Move Action,
        a skirmish move): it must empty."""
        if not self.run():
            raise RuntimeError("a choice became pending where this ruleset has no choice point")


def choice_answers(choice: ChoiceState) -> list[BaseModel]:
    """Every command that answers a pending choice: each trigger order, or each option."""
    from domain.commands import Choose, OrderTriggers

    if choice.kind == "order_triggers":
        return [OrderTriggers(player=choice.player, order=order) for order in trigger_orders(choice.options)]
    return [Choose(player=choice.player, option=option) for option in choice.options]


def trigger_orders(options: list[str]) -> list[list[str]]:
    """Every order a player may answer a trigger-order choice with (first resolves first)."""
    return [list(p) for p in permutations(options)]
