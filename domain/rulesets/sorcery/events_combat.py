"""Sorcery's events of attacks, intercepts, fights, strikes, damage and life (codex: Attack,
Intercept, Fight, Strike, Damage).

The first released version wrote most of these under ``sim.*`` topics; each is registered under
that topic too (``alias_topic``), so old logs read as today's events.

None of them changes what a unit or card in play is (its card, characteristics, keywords, life in
the realm, where a card is) or the effects in force: they fold the storyline, the attack or
intercept under way, counters, damage and life. So each keeps the indexes of what is in play
(``GameEvent.KEEPS_CHARACTERISTICS``): the realm's facts, the sites and the kinds of moment
the cards wait for are not worked out again after each event of an attack
(tests/sorcery/test_kept_realm_facts.py rebuilds them after every event and compares).
"""

from __future__ import annotations

from typing import Any, ClassVar

from domain.event_base import GameEvent, Labeler, alias_topic
from domain.rules import RuleRef
from domain.rulesets.sorcery.events import drop_head, sorcery_state
from domain.rulesets.sorcery.state import (
    AttackItem,
    AttackState,
    FightItem,
    InterceptItem,
    InterceptState,
    JoinFightItem,
)
from domain.state import GameState


class AttackPlanned(GameEvent):
    """A Move and Attack will declare this attack once its path has resolved."""

    TOPIC: ClassVar[str] = "sorcery.AttackPlanned"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    class_version: ClassVar[int] = 2
    unit: str
    target: str
    #: planned by a Move and Attack (not by an ability that lets a unit attack): if the attack
    #: can't be declared, the unit used Move and Attack and didn't attack, and enemies there may
    #: intercept (codex: Intercept). Added in version 2: a log written before it did not record
    #: it, so verification does not compare it (``not_recorded``)
    move_and_attack: bool = False

    @staticmethod
    def upcast_v1_v2(fields: dict[str, Any]) -> dict[str, Any]:
        return {**fields, "move_and_attack": False}

    def apply_to(self, state: GameState) -> None:
        sorcery_state(state).storyline.append(AttackItem(unit=self.unit, target=self.target, move_and_attack=self.move_and_attack))

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} will attack {self.target} after moving"


class AttackRefused(GameEvent):
    """The planned attack could not be declared (the attacker died, or the target is elsewhere)."""

    TOPIC: ClassVar[str] = "sorcery.AttackRefused"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    unit: str
    target: str
    rule: RuleRef

    def apply_to(self, state: GameState) -> None:
        drop_head(state, AttackItem)
        state.last_refusal = self.rule

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} can't attack {self.target}: {self.rule}"


class InterceptAwaited(GameEvent):
    """A Move and Attack ended without an attack where enemy units stand: once the storyline
    has resolved, they may intercept (codex: Intercept)."""

    TOPIC: ClassVar[str] = "sorcery.InterceptAwaited"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    class_version: ClassVar[int] = 2
    unit: str
    #: the units it carried along to its final location, directly or through its passengers: they
    #: weren't there before it came, so they can't intercept it (rule option
    #: carried_units_intercept: refused, inferred from digest 2.6/3.4; none under allowed). Added in
    #: version 2: a log written before it did not record it (its carried enemies could
    #: intercept), so verification does not compare it (``not_recorded``)
    carried_along: list[str] = []

    @staticmethod
    def upcast_v1_v2(fields: dict[str, Any]) -> dict[str, Any]:
        return {**fields, "carried_along": []}

    def apply_to(self, state: GameState) -> None:
        sorcery_state(state).storyline.append(InterceptItem(unit=self.unit, carried_along=list(self.carried_along)))

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} moved and didn't attack: enemies there may intercept"


class InterceptOffered(GameEvent):
    """The window to intercept opens: the enemy's units at the unit's final location may tap."""

    TOPIC: ClassVar[str] = "sorcery.InterceptOffered"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    class_version: ClassVar[int] = 2
    intercept_id: str
    unit: str
    location: str
    eligible: list[str]
    carried_along: list[str] = []  # as InterceptAwaited's (version 2)

    @staticmethod
    def upcast_v1_v2(fields: dict[str, Any]) -> dict[str, Any]:
        return {**fields, "carried_along": []}

    def apply_to(self, state: GameState) -> None:
        drop_head(state, InterceptItem)
        state.bump("intercept")
        sorcery_state(state).intercept = InterceptState(
            id=self.intercept_id, unit=self.unit, location=self.location, carried_along=list(self.carried_along),
        )

    def describe(self, label: Labeler) -> str:
        return f"{self.intercept_id}: {', '.join(self.eligible)} may intercept {self.unit} at {label(self.location)}"


class InterceptLapsed(GameEvent):
    """No unit may intercept after all (the mover died, or no eligible unit is there now)."""

    TOPIC: ClassVar[str] = "sorcery.InterceptLapsed"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    unit: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        drop_head(state, InterceptItem)

    def describe(self, label: Labeler) -> str:
        return f"no intercept of {self.unit}: {self.reason}"


class InterceptDeclared(GameEvent):
    """A unit tapped to intercept; it will fight the enemy where they both are."""

    TOPIC: ClassVar[str] = "sorcery.InterceptDeclared"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    intercept_id: str
    unit: str

    def apply_to(self, state: GameState) -> None:
        intercept = sorcery_state(state).intercept
        if intercept is not None:
            intercept.interceptors.append(self.unit)

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} intercepts ({self.intercept_id})"


class InterceptClosed(GameEvent):
    """No more interceptors: the fight, if any, follows."""

    TOPIC: ClassVar[str] = "sorcery.InterceptClosed"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    intercept_id: str

    def apply_to(self, state: GameState) -> None:
        sorcery_state(state).intercept = None

    def describe(self, label: Labeler) -> str:
        return f"{self.intercept_id} closes"


class SplitDeclared(GameEvent):
    """A player declared how a unit's strike is split if it fights several units this turn."""

    TOPIC: ClassVar[str] = "sorcery.SplitDeclared"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    unit: str
    split: dict[str, int]

    def apply_to(self, state: GameState) -> None:
        sorcery_state(state).declared_splits[self.unit] = dict(self.split)

    def describe(self, label: Labeler) -> str:
        shares = ", ".join(f"{u} {n}" for u, n in self.split.items())
        return f"{self.unit}'s strike will be split: {shares}"


class DamageSplit(GameEvent):
    """One strike against several units, split among them (codex: Strike: the striker's
    controller decides; zero is allowed): who decided, and why."""

    TOPIC: ClassVar[str] = "sorcery.DamageSplit"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    fight_id: str
    striker: str
    split: dict[str, int]
    decided_by: str
    reason: str

    def describe(self, label: Labeler) -> str:
        shares = ", ".join(f"{u} {n}" for u, n in self.split.items())
        return f"{self.striker}'s strike is split ({self.decided_by}): {shares}; {self.reason}"


class AttackDeclared(GameEvent):
    TOPIC: ClassVar[str] = "sorcery.AttackDeclared"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    #: an attack under way is a fact about the board: its attacker and defenders are not at rest
    #: until it is over (codex: At Rest; rules/scope.py ``in_the_attack``)
    LOOKAHEAD: ClassVar[bool] = True
    attack_id: str
    attacker: str
    target: str
    target_kind: str
    location: str

    def apply_to(self, state: GameState) -> None:
        state.bump("attack")
        drop_head(state, AttackItem)
        sorcery_state(state).attack = AttackState(
            id=self.attack_id, attacker=self.attacker, target=self.target, target_kind=self.target_kind,
            location=self.location,
        )

    def describe(self, label: Labeler) -> str:
        return f"attack {self.attack_id}: {self.attacker} attacks {self.target} at {label(self.location)}"

    def introduces(self) -> str | None:
        return self.attack_id


class DefendDeclared(GameEvent):
    """A unit tapped to defend and will move to the attack's location."""

    TOPIC: ClassVar[str] = "sorcery.DefendDeclared"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    #: an attack under way is a fact about the board: its attacker and defenders are not at rest
    #: until it is over (codex: At Rest; rules/scope.py ``in_the_attack``)
    LOOKAHEAD: ClassVar[bool] = True
    attack_id: str
    defender: str

    def apply_to(self, state: GameState) -> None:
        sorcery_state(state).storyline.append(JoinFightItem(attack_id=self.attack_id, unit=self.defender))

    def describe(self, label: Labeler) -> str:
        return f"{self.defender} defends against {self.attack_id}"


class DefenderJoined(GameEvent):
    TOPIC: ClassVar[str] = "sorcery.DefenderJoined"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    #: an attack under way is a fact about the board: its attacker and defenders are not at rest
    #: until it is over (codex: At Rest; rules/scope.py ``in_the_attack``)
    LOOKAHEAD: ClassVar[bool] = True
    attack_id: str
    defender: str

    def apply_to(self, state: GameState) -> None:
        drop_head(state, JoinFightItem)
        attack = sorcery_state(state).attack
        if attack is not None:
            attack.defenders.append(self.defender)

    def describe(self, label: Labeler) -> str:
        return f"{self.defender} joins the fight of {self.attack_id}"


class DefenderMissed(GameEvent):
    """A defender's movement ended away from the attack (or it died): it does not fight."""

    TOPIC: ClassVar[str] = "sorcery.DefenderMissed"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    #: an attack under way is a fact about the board: its attacker and defenders are not at rest
    #: until it is over (codex: At Rest; rules/scope.py ``in_the_attack``)
    LOOKAHEAD: ClassVar[bool] = True
    attack_id: str
    defender: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        drop_head(state, JoinFightItem)

    def describe(self, label: Labeler) -> str:
        return f"{self.defender} does not join {self.attack_id}: {self.reason}"


class DefenceClosed(GameEvent):
    """The defending player is done declaring defenders; the fight follows."""

    TOPIC: ClassVar[str] = "sorcery.DefenceClosed"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    attack_id: str

    def apply_to(self, state: GameState) -> None:
        attack = sorcery_state(state).attack
        if attack is not None:
            attack.window_open = False

    def describe(self, label: Labeler) -> str:
        return f"no more defenders for {self.attack_id}"


class AttackResolved(GameEvent):
    TOPIC: ClassVar[str] = "sorcery.AttackResolved"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    #: an attack under way is a fact about the board: its attacker and defenders are not at rest
    #: until it is over (codex: At Rest; rules/scope.py ``in_the_attack``)
    LOOKAHEAD: ClassVar[bool] = True
    attack_id: str

    def apply_to(self, state: GameState) -> None:
        sorcery_state(state).attack = None

    def describe(self, label: Labeler) -> str:
        return f"attack {self.attack_id} is over"


class FightQueued(GameEvent):
    """A card's text started a fight; it resolves when it reaches the head of the storyline."""

    TOPIC: ClassVar[str] = "sorcery.FightQueued"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    fight: FightItem
    position: int = 0

    def apply_to(self, state: GameState) -> None:
        state.bump("fight")
        sorcery_state(state).storyline.insert(self.position, self.fight.model_copy(deep=True))

    def describe(self, label: Labeler) -> str:
        return f"fight {self.fight.fight_id} queued: {' vs '.join(', '.join(s) for s in self.fight.sides)}"


class FightStarted(GameEvent):
    TOPIC: ClassVar[str] = "sorcery.FightStarted"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    fight_id: str
    sides: list[list[str]]
    location: str | None
    reason: str

    def apply_to(self, state: GameState) -> None:
        drop_head(state, FightItem)

    def describe(self, label: Labeler) -> str:
        where = label(self.location) if self.location else "nowhere"
        return f"fight {self.fight_id} at {where}: {' vs '.join(', '.join(s) for s in self.sides)}"


class FightCancelled(GameEvent):
    TOPIC: ClassVar[str] = "sorcery.FightCancelled"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    fight_id: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        drop_head(state, FightItem)

    def describe(self, label: Labeler) -> str:
        return f"fight {self.fight_id} doesn't happen: {self.reason}"


class StrikeDealt(GameEvent):
    """One unit's strike: damage equal to its power (split between targets as recorded)."""

    TOPIC: ClassVar[str] = "sorcery.StrikeDealt"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    fight_id: str
    striker: str
    target: str
    amount: int
    lethal: bool = False

    def apply_to(self, state: GameState) -> None:
        sorcery_state(state).used_this_turn.append(f"interacted:{self.striker}")  # codex: Interact

    def describe(self, label: Labeler) -> str:
        return f"{self.striker} strikes {self.target} for {self.amount}{' (Lethal)' if self.lethal else ''}"


class StrikeWithheld(GameEvent):
    """A unit that would strike does not: it is disabled (codex: Disabled, no strikes and no
    damage). ``fight_id`` names the fight, or the attack whose undefended site it would strike."""

    TOPIC: ClassVar[str] = "sorcery.StrikeWithheld"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    fight_id: str
    striker: str
    target: str
    rule: RuleRef

    def describe(self, label: Labeler) -> str:
        return f"{self.striker} doesn't strike {self.target}: {self.rule}"


class DamageTaken(GameEvent):
    TOPIC: ClassVar[str] = "sorcery.DamageTaken"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    unit: str
    amount: int
    total: int
    source: str

    def apply_to(self, state: GameState) -> None:
        units = sorcery_state(state).units
        if self.unit in units:
            units[self.unit].damage = self.total

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} has {self.total} damage"


class SiteStruck(GameEvent):
    """An undefended site was struck: its controller loses that much life."""

    TOPIC: ClassVar[str] = "sorcery.SiteStruck"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    site: str
    controller: str | None
    amount: int
    striker: str

    def apply_to(self, state: GameState) -> None:
        life = sorcery_state(state).life
        if self.controller is not None:
            life[self.controller] = life.get(self.controller, 20) - self.amount

    def describe(self, label: Labeler) -> str:
        return f"{self.striker} strikes site {self.site}: {self.controller} loses {self.amount} life"


class LifeGained(GameEvent):
    """A player healed (their Avatar's life, up to the 20 they start with)."""

    TOPIC: ClassVar[str] = "sorcery.LifeGained"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    player: str
    amount: int
    total: int
    source: str

    def apply_to(self, state: GameState) -> None:
        sorcery_state(state).life[self.player] = self.total

    def describe(self, label: Labeler) -> str:
        return f"{self.player} heals {self.amount} ({self.source}): life {self.total}"



class LifeLost(GameEvent):
    """A player loses life by an effect, not by a strike at a site (The Rack: "lose 1 life for
    each location they occupy"); ``total`` is their life then."""

    TOPIC: ClassVar[str] = "sorcery.LifeLost"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    player: str
    amount: int
    total: int
    source: str

    def apply_to(self, state: GameState) -> None:
        sorcery_state(state).life[self.player] = self.total

    def describe(self, label: Labeler) -> str:
        return f"{self.player} loses {self.amount} life ({self.source}): life {self.total}"

for _event in (
    AttackPlanned, AttackRefused, AttackDeclared, DefendDeclared, DefenderJoined, DefenderMissed, DefenceClosed, AttackResolved, FightQueued, FightStarted, FightCancelled, StrikeDealt, DamageTaken, SiteStruck,
):
    alias_topic(f"sim.{_event.__name__}", _event)
