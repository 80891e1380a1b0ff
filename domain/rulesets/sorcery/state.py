"""Sorcery's typed game state: minions and avatars, sites and artifacts, effects in force, the
attack awaiting defenders, players' life, and the storyline items only Sorcery queues."""

from __future__ import annotations

import copy
import operator
from collections.abc import Sequence
from typing import Annotated, Any, ClassVar, Literal, TypeVar

from pydantic import BaseModel, Field, PrivateAttr

from domain.rules import RuleRef
from domain.rulesets.sorcery.effects import EffectSpec
from domain.rulesets.sorcery.options import SorceryOptions
from domain.state import GameState, StateModel, StepItem, TriggerItem, UnitState

M = TypeVar("M", bound=BaseModel)
_ATOMS = (str, int, float, bool, type(None))


def flat_copy(model: M) -> M:
    """A copy of a state model equal to ``model.model_copy(deep=True)`` and sharing nothing
    mutable with it, made without the generic deep copy: a value that is a scalar, or a list or
    tuple of scalars, is copied as such (a new list; a tuple kept, being immutable); any other
    value goes through ``copy.deepcopy`` as before. Folding an event that places a card copies
    its unit or card this way (the generic deep copy was most of the fold, and a set-up folds
    one per card, again in the replay that verifies a game)."""
    new = model.model_copy()
    fields = new.__dict__
    for name, value in fields.items():
        if isinstance(value, _ATOMS):
            continue
        if isinstance(value, (list, tuple)) and all(isinstance(v, _ATOMS) for v in value):
            if isinstance(value, list):
                fields[name] = list(value)
            continue
        fields[name] = copy.deepcopy(value)
    return new


class SorceryUnit(UnitState):
    """A minion or avatar with the characteristics it entered the realm with."""

    kind: str = "minion"
    power: int = 0
    defence: int = 0
    keywords: list[str] = Field(default_factory=list)
    movement_bonus: int = 0
    #: how many units it may carry, and whether only allied minions (codex: Carry)
    carries: int = 0
    carry_allies_only: bool = True
    tapped: bool = False
    damage: int = 0
    #: the turn it entered the realm, when it did so during the game (summoning sickness)
    entered_turn: int | None = None
    #: the other locations an oversized unit occupies besides ``location`` (codex: Oversized
    #: Units; oversized.py): empty for every other unit, and then not written, so that logs and
    #: states of units of one location read and hash as they did before it existed (left out by
    #: the field's own ``exclude_if``, not a wrap serializer of the unit: pydantic dumps a unit
    #: without a call back into Python, and every state hashed dumps every unit)
    parts: list[str] = Field(default_factory=list, exclude_if=operator.not_)

    @property
    def occupied(self) -> list[str]:
        """Every location the unit occupies: its own, then an oversized unit's other parts."""
        return [self.location, *self.parts] if self.location is not None else []


class NotModelled(StateModel):
    """A card in the game whose rules text the simulator does not fully model, and that text
    word for word (coverage.py). Shown with every answer about the game: never silent."""

    card: str
    text: list[str]

    def describe(self, thing: str | None = None) -> str:
        who = f"{self.card} ({thing})" if thing and thing != self.card else self.card
        return f"{who}: not modelled: " + " | ".join(self.text)


class CardState(StateModel):
    """A site in the realm, an artifact (on the ground, or borne by a unit) or an aura."""

    id: str
    card: str
    kind: Literal["site", "artifact", "aura"]
    controller: str | None = None
    location: str | None = None
    bearer: str | None = None
    water: bool = False
    #: an aura's squares: its 2x2 area, or the two squares whose border it is conjured atop
    area: list[int] = Field(default_factory=list)


class EffectState(StateModel):
    """An ongoing effect in force: what it does, where it came from, how long it lasts."""

    id: str
    source: str
    controller: str | None
    spec: EffectSpec
    duration: str
    label: str
    started_turn: int


class FightItem(StateModel):
    """A fight a card's text starts (a trigger), resolved when it reaches the head of the storyline."""

    item: Literal["fight"] = "fight"
    fight_id: str
    sides: list[list[str]]
    requires: list[str] = Field(default_factory=list)
    cause: str


class AttackItem(StateModel):
    """After a Move and Attack's path: declare the attack at the final location, if still legal."""

    item: Literal["attack"] = "attack"
    unit: str
    target: str
    #: the attack of a Move and Attack (``AttackPlanned.move_and_attack``)
    move_and_attack: bool = False
    #: what moved with the unit on its Move and Attack's last step, folded when the move ends
    #: (``SorceryState.record_move_end``): if the attack is refused, those still there didn't
    #: stand there before it came (option carried_units_intercept). Left out of the dump while
    #: empty, so states (and their hashes) read as before it
    came_with: list[str] = Field(default_factory=list, exclude_if=operator.not_)


class JoinFightItem(StateModel):
    """After a defender's movement: it joins the fight if it stands at the attack's location."""

    item: Literal["join"] = "join"
    attack_id: str
    unit: str


class InterceptItem(StateModel):
    """After a Move and Attack that ends without an attack: the enemy's units at its final
    location may intercept it (codex: Intercept)."""

    item: Literal["intercept"] = "intercept"
    unit: str
    carried_along: list[str] = Field(default_factory=list)  # they can't intercept it (option carried_units_intercept)


class TurnPassItem(StateModel):
    """After the triggered abilities of a turn's end: the turn ends and the next one begins
    (queued only when something triggers at the end of the turn)."""

    item: Literal["turn_pass"] = "turn_pass"
    player: str


class ActivationItem(StateModel):
    """What an activated ability does once its movement has resolved (activations/): tap the
    units where a unit arrived, burrow a target, damage a lured unit."""

    item: Literal["activation"] = "activation"
    source: str
    then: str
    unit: str
    to: str | None = None
    amount: int = 0
    heal: int = 0
    player: str | None = None
    #: an artifact the ability moves, and its path (Rolling Boulder)
    feature: str | None = None
    path: list[str] = Field(default_factory=list)
    #: the card whose text it carries out, and the direction of its projectile (Firebolts)
    card: str | None = None
    direction: str | None = None


class ActivationUse(StateModel):
    """An activated ability used on a turn (codex: Activated Ability: "once on your turn")."""

    source: str
    ability: str
    turn: int


SorceryItem = Annotated[
    StepItem | TriggerItem | FightItem | JoinFightItem | AttackItem | InterceptItem | TurnPassItem | ActivationItem,
    Field(discriminator="item"),
]


class AttackState(StateModel):
    id: str
    attacker: str
    target: str
    target_kind: str
    location: str
    defenders: list[str] = Field(default_factory=list)
    window_open: bool = True


class InterceptState(StateModel):
    """An enemy that used Move and Attack and didn't attack, waiting for interceptors."""

    id: str
    unit: str
    location: str
    interceptors: list[str] = Field(default_factory=list)
    carried_along: list[str] = Field(default_factory=list)  # came with it, so they can't intercept it


class Death(StateModel):
    """A unit that died, whose it was, and on which turn (Avenging Angel)."""

    unit: str
    owner: str
    turn: int


class SorceryState(GameState):
    RULESET: ClassVar[str] = "sorcery"

    options: SorceryOptions = SorceryOptions()
    units: dict[str, SorceryUnit] = Field(default_factory=dict)  # type: ignore[assignment]  # pydantic narrows the field per ruleset
    storyline: list[SorceryItem] = Field(default_factory=list)  # type: ignore[assignment]  # pydantic narrows the field per ruleset
    features: dict[str, CardState] = Field(default_factory=dict)
    effects: dict[str, EffectState] = Field(default_factory=dict)
    attack: AttackState | None = None
    intercept: InterceptState | None = None
    #: once-per-turn basic abilities used, and units that interacted with the realm, this turn
    #: ("pick_up:<unit>", "drop:<unit>", "interacted:<unit>")
    used_this_turn: list[str] = Field(default_factory=list)
    #: activated abilities used, with the turn of each (once-per-turn abilities: activations/sources.py)
    activations: list[ActivationUse] = Field(default_factory=list)
    #: damage splits players declared for their units' strikes this turn (codex: Strike)
    declared_splits: dict[str, dict[str, int]] = Field(default_factory=dict)
    #: cards in the game whose rules text is not fully modelled, by the id of what they are
    not_modelled: dict[str, NotModelled] = Field(default_factory=dict)
    #: the units that died in the last three turns, with their owner and turn (Avenging Angel:
    #: "an ally died on your opponent's last turn"); older deaths go, so the state does not grow
    #: with the game
    deaths: list[Death] = Field(default_factory=list)
    #: each player's life; players start at 20 (digest gap: life totals are not the subject)
    life: dict[str, int] = Field(default_factory=dict)

    #: the realm's indexes kept current by what events change (rules/live.py), outliving them
    _live: Any = PrivateAttr(default=None)

    def model_post_init(self, __context: object) -> None:
        super().model_post_init(__context)
        for player in self.players:
            self.life.setdefault(player, 20)

    def record_move_end(self, unit_id: str, at: str | None, purpose: str | None, carried: Sequence[str] = ()) -> None:
        """A Move and Attack's attack, still to be declared, keeps what came with the unit on its
        last step: an attack refused there hands it to the intercept (``engine/attack.py``)."""
        if purpose != "move_and_attack" or not carried:
            return
        for item in reversed(self.storyline):
            if isinstance(item, AttackItem) and item.unit == unit_id and item.move_and_attack:
                item.came_with = list(carried)
                return

    def unit_died(self, unit_id: str, at: str | None, rule: RuleRef | None = None) -> None:
        """The death is recorded with its turn (``deaths``), unless the unit was banished (from
        the void: digest 1.6, "banished, not killed"), which no "died" condition reads; then it
        leaves the realm (``left_realm``)."""
        if rule is None or not banishes(rule):
            self.deaths = [d for d in self.deaths if d.turn >= self.turn - 2]
            self.deaths.append(Death(unit=unit_id, owner=self.units[unit_id].owner, turn=self.turn))
        self.left_realm(unit_id, at)

    def left_realm(self, unit_id: str, at: str | None) -> None:
        """A unit off the board: dead, banished or returned to its owner's hand. Artifacts it bore
        stay where it was (codex: Carry)."""
        super().unit_died(unit_id, at)
        for feature in self.features.values():
            if feature.bearer == unit_id:
                feature.bearer = None
                feature.location = at


def banishes(rule: RuleRef) -> bool:
    """Whether a unit leaving the realm by ``rule`` is banished rather than killed: the rules that
    banish say so (a minion without Voidwalk in the void, codex: Void; Yog-Sothoth short of
    voids), and their messages are this ruleset's own (``RuleRef.banishes``)."""
    return rule.banishes
