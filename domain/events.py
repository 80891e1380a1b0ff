"""The game's domain events: immutable facts, named in the past tense, self-contained.

Each event folds itself into a ``GameState`` in ``apply_to`` without consulting any rule, so a
replay (or a projection) rebuilds exactly what happened from the events alone. Topics are
explicit and stable (``sim.<Name>``); ``class_version`` is the schema version.
"""

from __future__ import annotations

from typing import Any, ClassVar

from domain.event_base import GameCreatedEvent, GameEvent
from domain.rules import RuleRef
from domain.state import (
    AttackItem,
    AttackState,
    ChoiceState,
    EffectState,
    FeatureState,
    FightItem,
    GameState,
    JoinFightItem,
    MoveState,
    StepItem,
    TriggerItem,
    TriggerState,
    UnitState,
)


def _bump(state: GameState, counter: str) -> None:
    state.counters[counter] = state.counters.get(counter, 0) + 1


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

    def initial_state(self) -> GameState:
        return GameState(
            ruleset=self.ruleset,
            options=dict(self.options),
            players=list(self.players),
            active_player=self.active_player,
            life={player: 20 for player in self.players},
            aliases=dict(self.aliases),
            seed=self.seed,
        )

    def apply(self, aggregate: Any) -> None:
        aggregate.state = self.initial_state()
        aggregate.title = self.title


class CommandIssued(GameEvent):
    """A player's command as declared, before the rules resolve it (kept for verification)."""

    TOPIC: ClassVar[str] = "sim.CommandIssued"
    command_id: str
    player: str | None
    command: dict[str, Any]

    def apply_to(self, state: GameState) -> None:
        _bump(state, "command")
        state.last_refusal = None


class UnitPlaced(GameEvent):
    """A unit entered the board with these characteristics."""

    TOPIC: ClassVar[str] = "sim.UnitPlaced"
    LOOKAHEAD: ClassVar[bool] = True
    unit: UnitState

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit.id] = self.unit.model_copy(deep=True)


class FeaturePlaced(GameEvent):
    """A site, artifact or terrain piece was put on the board."""

    TOPIC: ClassVar[str] = "sim.FeaturePlaced"
    LOOKAHEAD: ClassVar[bool] = True
    feature: FeatureState

    def apply_to(self, state: GameState) -> None:
        state.features[self.feature.id] = self.feature.model_copy(deep=True)


class EffectStarted(GameEvent):
    """An ongoing effect came into force (from a passive ability, a spell or a trigger)."""

    TOPIC: ClassVar[str] = "sim.EffectStarted"
    LOOKAHEAD: ClassVar[bool] = True
    effect: EffectState

    def apply_to(self, state: GameState) -> None:
        state.effects[self.effect.id] = self.effect.model_copy(deep=True)
        _bump(state, "effect")


class EffectEnded(GameEvent):
    TOPIC: ClassVar[str] = "sim.EffectEnded"
    LOOKAHEAD: ClassVar[bool] = True
    effect_id: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        state.effects.pop(self.effect_id, None)


class PathDeclared(GameEvent):
    """A unit's whole path was declared; its steps now wait on the storyline (front first)."""

    TOPIC: ClassVar[str] = "sim.PathDeclared"
    move_id: str
    unit: str
    purpose: str
    path: list[str]
    allowance: float | None

    def apply_to(self, state: GameState) -> None:
        _bump(state, "move")
        state.moves[self.move_id] = MoveState(
            id=self.move_id,
            unit=self.unit,
            purpose=self.purpose,
            path=list(self.path),
            allowance=self.allowance,
        )
        steps = [
            StepItem(
                move_id=self.move_id,
                unit=self.unit,
                frm=frm,
                to=to,
                index=i,
                last=i == len(self.path) - 2,
            )
            for i, (frm, to) in enumerate(zip(self.path, self.path[1:], strict=False))
        ]
        state.storyline[0:0] = steps


def _pop_step(state: GameState, move_id: str, index: int) -> None:
    for i, item in enumerate(state.storyline):
        if isinstance(item, StepItem) and item.move_id == move_id and item.index == index:
            del state.storyline[i]
            return


class StepTaken(GameEvent):
    """A unit moved one step; carried units moved with it and entered at the same moment."""

    TOPIC: ClassVar[str] = "sim.StepTaken"
    LOOKAHEAD: ClassVar[bool] = True
    move_id: str
    unit: str
    index: int
    frm: str
    to: str
    kind: str
    free: bool = False
    carried: list[str] = []

    def apply_to(self, state: GameState) -> None:
        _pop_step(state, self.move_id, self.index)
        for unit_id in [self.unit, *self.carried]:
            state.units[unit_id].location = self.to
        move = state.moves.get(self.move_id)
        if move is not None:
            move.taken += 1
            move.steps_done.append(f"{self.frm}>{self.to}")
            if not self.free:
                move.paid_steps += 1


class StepRefused(GameEvent):
    """A declared step was not taken because a rule forbade it; resolution went on."""

    TOPIC: ClassVar[str] = "sim.StepRefused"
    move_id: str
    unit: str
    index: int
    frm: str
    to: str
    rule: RuleRef

    def apply_to(self, state: GameState) -> None:
        _pop_step(state, self.move_id, self.index)
        state.last_refusal = self.rule


class StepsCancelled(GameEvent):
    """A mover left the board (died, was banished) with steps still on the storyline."""

    TOPIC: ClassVar[str] = "sim.StepsCancelled"
    move_id: str
    unit: str
    steps: int
    reason: str

    def apply_to(self, state: GameState) -> None:
        state.storyline = [
            item
            for item in state.storyline
            if not (isinstance(item, StepItem) and item.move_id == self.move_id)
        ]


class MoveEnded(GameEvent):
    """The unit stopped: no movement for it is left on the storyline."""

    TOPIC: ClassVar[str] = "sim.MoveEnded"
    move_id: str
    unit: str
    at: str | None
    steps_taken: int

    def apply_to(self, state: GameState) -> None:
        state.moves.pop(self.move_id, None)


class AttackPlanned(GameEvent):
    """A Move and Attack will declare this attack once its path has resolved."""

    TOPIC: ClassVar[str] = "sim.AttackPlanned"
    unit: str
    target: str

    def apply_to(self, state: GameState) -> None:
        state.storyline.append(AttackItem(unit=self.unit, target=self.target))


class AttackRefused(GameEvent):
    """The planned attack could not be declared (the attacker died, or the target is elsewhere)."""

    TOPIC: ClassVar[str] = "sim.AttackRefused"
    unit: str
    target: str
    rule: RuleRef

    def apply_to(self, state: GameState) -> None:
        _drop_head(state, AttackItem)
        state.last_refusal = self.rule


class UnitTapped(GameEvent):
    TOPIC: ClassVar[str] = "sim.UnitTapped"
    unit: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].tapped = True


class UnitDropped(GameEvent):
    """A carried unit stopped being carried and stays where it is."""

    TOPIC: ClassVar[str] = "sim.UnitDropped"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    carrier: str
    at: str | None
    reason: str

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].carried_by = None


class AttackDeclared(GameEvent):
    TOPIC: ClassVar[str] = "sim.AttackDeclared"
    attack_id: str
    attacker: str
    target: str
    target_kind: str
    location: str

    def apply_to(self, state: GameState) -> None:
        _bump(state, "attack")
        _drop_head(state, AttackItem)
        state.attack = AttackState(
            id=self.attack_id,
            attacker=self.attacker,
            target=self.target,
            target_kind=self.target_kind,
            location=self.location,
        )


class DefendDeclared(GameEvent):
    """A unit tapped to defend and will move to the attack's location."""

    TOPIC: ClassVar[str] = "sim.DefendDeclared"
    attack_id: str
    defender: str

    def apply_to(self, state: GameState) -> None:
        state.storyline.append(JoinFightItem(attack_id=self.attack_id, unit=self.defender))


class DefenderJoined(GameEvent):
    TOPIC: ClassVar[str] = "sim.DefenderJoined"
    attack_id: str
    defender: str

    def apply_to(self, state: GameState) -> None:
        _drop_head(state, JoinFightItem)
        if state.attack is not None:
            state.attack.defenders.append(self.defender)


class DefenderMissed(GameEvent):
    """A defender's movement ended away from the attack (or it died): it does not fight."""

    TOPIC: ClassVar[str] = "sim.DefenderMissed"
    attack_id: str
    defender: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        _drop_head(state, JoinFightItem)


class DefenceClosed(GameEvent):
    """The defending player is done declaring defenders; the fight follows."""

    TOPIC: ClassVar[str] = "sim.DefenceClosed"
    attack_id: str

    def apply_to(self, state: GameState) -> None:
        if state.attack is not None:
            state.attack.window_open = False


class AttackResolved(GameEvent):
    TOPIC: ClassVar[str] = "sim.AttackResolved"
    attack_id: str

    def apply_to(self, state: GameState) -> None:
        state.attack = None


def _drop_head(state: GameState, kind: type) -> None:
    if state.storyline and isinstance(state.storyline[0], kind):
        del state.storyline[0]


class FightQueued(GameEvent):
    """A card's text started a fight; it resolves when it reaches the head of the storyline."""

    TOPIC: ClassVar[str] = "sim.FightQueued"
    fight: FightItem
    position: int = 0

    def apply_to(self, state: GameState) -> None:
        _bump(state, "fight")
        state.storyline.insert(self.position, self.fight.model_copy(deep=True))


class FightStarted(GameEvent):
    TOPIC: ClassVar[str] = "sim.FightStarted"
    fight_id: str
    sides: list[list[str]]
    location: str | None
    reason: str

    def apply_to(self, state: GameState) -> None:
        _drop_head(state, FightItem)


class FightCancelled(GameEvent):
    TOPIC: ClassVar[str] = "sim.FightCancelled"
    fight_id: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        _drop_head(state, FightItem)


class StrikeDealt(GameEvent):
    """One unit's strike: damage equal to its power (split between targets as recorded)."""

    TOPIC: ClassVar[str] = "sim.StrikeDealt"
    fight_id: str
    striker: str
    target: str
    amount: int
    lethal: bool = False


class DamageTaken(GameEvent):
    TOPIC: ClassVar[str] = "sim.DamageTaken"
    unit: str
    amount: int
    total: int
    source: str

    def apply_to(self, state: GameState) -> None:
        if self.unit in state.units:
            state.units[self.unit].damage = self.total


class SiteStruck(GameEvent):
    """An undefended site was struck: its controller loses that much life."""

    TOPIC: ClassVar[str] = "sim.SiteStruck"
    site: str
    controller: str | None
    amount: int
    striker: str

    def apply_to(self, state: GameState) -> None:
        if self.controller is not None:
            state.life[self.controller] = state.life.get(self.controller, 20) - self.amount


class UnitDied(GameEvent):
    TOPIC: ClassVar[str] = "sim.UnitDied"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    at: str | None
    rule: RuleRef

    def apply_to(self, state: GameState) -> None:
        unit = state.units[self.unit]
        unit.alive = False
        unit.location = None
        unit.carried_by = None
        for feature in state.features.values():
            if feature.bearer == self.unit:
                feature.bearer = None
                feature.location = self.at


class TriggerQueued(GameEvent):
    """A triggered ability matched an event; it waits for its controller to order it."""

    TOPIC: ClassVar[str] = "sim.TriggerQueued"
    trigger: TriggerState

    def apply_to(self, state: GameState) -> None:
        _bump(state, "trigger")
        state.triggers[self.trigger.id] = self.trigger.model_copy(deep=True)
        state.unordered.append(self.trigger.id)


class ChoiceRequested(GameEvent):
    """The game waits for a player's decision (e.g. the order of their simultaneous triggers)."""

    TOPIC: ClassVar[str] = "sim.ChoiceRequested"
    choice_id: str
    player: str
    kind: str
    options: list[str]
    prompt: str

    def apply_to(self, state: GameState) -> None:
        _bump(state, "choice")
        state.choice = ChoiceState(
            id=self.choice_id,
            player=self.player,
            kind=self.kind,
            options=list(self.options),
            prompt=self.prompt,
        )


class TriggersOrdered(GameEvent):
    """Triggers were put on the storyline, first listed resolving first, and who decided."""

    TOPIC: ClassVar[str] = "sim.TriggersOrdered"
    player: str | None
    order: list[str]
    decided_by: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        state.unordered = [t for t in state.unordered if t not in self.order]
        state.choice = None
        items = [TriggerItem(trigger_id=t) for t in self.order]
        state.storyline[0:0] = items


class TriggerResolved(GameEvent):
    TOPIC: ClassVar[str] = "sim.TriggerResolved"
    trigger_id: str
    outcome: str

    def apply_to(self, state: GameState) -> None:
        _drop_head(state, TriggerItem)
        state.triggers.pop(self.trigger_id, None)


class TurnEnded(GameEvent):
    """The active player's end phase closed: minions' damage is removed."""

    TOPIC: ClassVar[str] = "sim.TurnEnded"
    player: str
    turn: int

    def apply_to(self, state: GameState) -> None:
        for unit in state.units.values():
            unit.damage = 0


class TurnStarted(GameEvent):
    """A player's turn began: their cards untap."""

    TOPIC: ClassVar[str] = "sim.TurnStarted"
    LOOKAHEAD: ClassVar[bool] = True
    player: str
    turn: int
    untapped: list[str]

    def apply_to(self, state: GameState) -> None:
        state.active_player = self.player
        state.turn = self.turn
        for unit_id in self.untapped:
            state.units[unit_id].tapped = False


class DiceRolled(GameEvent):
    """Random results, recorded so that a replay reads them and never rolls again."""

    TOPIC: ClassVar[str] = "sim.DiceRolled"
    purpose: str
    dice: str
    results: list[int]

    def apply_to(self, state: GameState) -> None:
        _bump(state, "dice")
