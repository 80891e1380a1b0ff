"""The game state that events fold into.

One state model serves every ruleset: units, board features (sites, artifacts, terrain pieces),
ongoing effects, the storyline of pending work, queued triggers and turn bookkeeping. Locations
are kept as their canonical text (``"11"``, ``"11/underwater"``) so that events stay plain,
self-contained data whichever board a ruleset uses; each board parses them when it needs to.

The models are mutable on purpose: only events change them, and only through ``apply_to``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from domain.rules import RuleRef


class _State(BaseModel):
    model_config = ConfigDict(extra="forbid")


class UnitState(_State):
    """A unit on the board, with the characteristics it entered with (events carry them)."""

    id: str
    card: str
    owner: str
    kind: str = "minion"
    location: str | None = None
    power: int = 0
    defence: int = 0
    keywords: list[str] = Field(default_factory=list)
    movement_bonus: int = 0
    carries: int = 0
    carry_allies_only: bool = True
    tapped: bool = False
    damage: int = 0
    alive: bool = True
    carried_by: str | None = None
    extra: dict[str, Any] = Field(default_factory=dict)


class FeatureState(_State):
    """A card or terrain piece that is not a unit: a site, an artifact, a terrain hex."""

    id: str
    card: str
    kind: str
    controller: str | None = None
    location: str | None = None
    bearer: str | None = None
    props: dict[str, Any] = Field(default_factory=dict)


class EffectState(_State):
    """An ongoing effect in force: what it does (``spec``), where it came from, how long it lasts."""

    id: str
    source: str
    controller: str | None
    spec: dict[str, Any]
    duration: str
    label: str
    started_turn: int


class TriggerState(_State):
    """A triggered ability that matched an event and waits to resolve."""

    id: str
    ability: str
    source: str
    controller: str | None
    subject: str | None
    cause: str
    label: str
    params: dict[str, Any] = Field(default_factory=dict)


class StepItem(_State):
    """One declared step of a path, waiting on the storyline."""

    item: Literal["step"] = "step"
    move_id: str
    unit: str
    frm: str
    to: str
    index: int
    last: bool


class TriggerItem(_State):
    item: Literal["trigger"] = "trigger"
    trigger_id: str


class FightItem(_State):
    """A fight a card's text starts (a trigger), resolved when it reaches the head of the storyline."""

    item: Literal["fight"] = "fight"
    fight_id: str
    sides: list[list[str]]
    requires: list[str] = Field(default_factory=list)
    cause: str


class AttackItem(_State):
    """After a Move and Attack's path: declare the attack at the final location, if still legal."""

    item: Literal["attack"] = "attack"
    unit: str
    target: str


class JoinFightItem(_State):
    """After a defender's movement: it joins the fight if it stands at the attack's location."""

    item: Literal["join"] = "join"
    attack_id: str
    unit: str


StorylineItem = Annotated[
    StepItem | TriggerItem | FightItem | JoinFightItem | AttackItem, Field(discriminator="item")
]


class AttackState(_State):
    id: str
    attacker: str
    target: str
    target_kind: str
    location: str
    defenders: list[str] = Field(default_factory=list)
    window_open: bool = True


class MoveState(_State):
    """A path being resolved: who moves, why, and how many steps of its allowance are used."""

    id: str
    unit: str
    purpose: str
    path: list[str]
    paid_steps: float = 0
    taken: int = 0
    steps_done: list[str] = Field(default_factory=list)
    allowance: float | None = None


class ChoiceState(_State):
    id: str
    player: str
    kind: str
    options: list[str]
    prompt: str


class GameState(_State):
    """Everything the rules need to decide what a command does next."""

    ruleset: str
    options: dict[str, Any] = Field(default_factory=dict)
    players: list[str]
    active_player: str
    turn: int = 1
    seed: int = 0
    aliases: dict[str, str] = Field(default_factory=dict)
    units: dict[str, UnitState] = Field(default_factory=dict)
    features: dict[str, FeatureState] = Field(default_factory=dict)
    effects: dict[str, EffectState] = Field(default_factory=dict)
    triggers: dict[str, TriggerState] = Field(default_factory=dict)
    unordered: list[str] = Field(default_factory=list)
    storyline: list[StorylineItem] = Field(default_factory=list)
    moves: dict[str, MoveState] = Field(default_factory=dict)
    attack: AttackState | None = None
    choice: ChoiceState | None = None
    counters: dict[str, int] = Field(default_factory=dict)
    life: dict[str, int] = Field(default_factory=dict)
    #: ruleset-specific game facts (phase, round, board bounds...), changed only by events
    extra: dict[str, Any] = Field(default_factory=dict)
    last_refusal: RuleRef | None = None

    def unit(self, unit_id: str) -> UnitState:
        return self.units[unit_id]

    def living_units(self) -> list[UnitState]:
        return [u for u in self.units.values() if u.alive and u.location is not None]

    def units_at(self, location: str) -> list[UnitState]:
        return [u for u in self.living_units() if u.location == location]

    def next_id(self, prefix: str, counter: str) -> str:
        return f"{prefix}{self.counters.get(counter, 0) + 1}"

    def opponent_of(self, player: str) -> str:
        return next(p for p in self.players if p != player)
