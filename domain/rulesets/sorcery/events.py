"""Sorcery's own events: cards entering the realm, effects, taps, carrying, attacks, defence,
fights, damage, life and turns.

The first released version wrote most of these under ``sim.*`` topics; each is registered under
that topic too (``alias_topic``), so old logs read as today's events.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from domain.event_base import GameEvent, Labeler, alias_topic
from domain.events import UnitPlaced as CoreUnitPlaced
from domain.rules import RuleRef
from domain.rulesets.sorcery.cards import SPELLS
from domain.rulesets.sorcery.state import (
    ActivationItem,
    ActivationUse,
    AttackItem,
    AttackState,
    CardState,
    EffectState,
    FightItem,
    InterceptItem,
    InterceptState,
    JoinFightItem,
    NotModelled,
    SorceryState,
    SorceryUnit,
    TurnPassItem,
)
from domain.state import GameState


def _sorcery(state: GameState) -> SorceryState:
    assert isinstance(state, SorceryState)
    return state


def _drop_head(state: GameState, kind: type) -> None:
    if state.storyline and isinstance(state.storyline[0], kind):
        del state.storyline[0]


def _duration(duration: str) -> str:
    return duration.replace("_", " ")


def not_modelled_of(card_name: str | None) -> NotModelled | None:
    """What today's simulator does not model of a card (None when it models it all)."""
    from domain.errors import BadInput
    from domain.rulesets.sorcery.coverage import derive

    if not card_name:
        return None
    try:
        derivation = derive(card_name)
    except BadInput:
        return None
    if not derivation.unmodelled:
        return None
    return NotModelled(card=derivation.name, text=list(derivation.unmodelled))


class _Diagnosed(GameEvent):
    """An event that brings a card into the game and says what of it is not modelled.

    ``not_modelled`` is a diagnostic of the simulator that recorded the event, not a fact of the
    game: verification does not compare it (a later version may model more), and logs written
    before it existed read with today's diagnostics (``upcast_v1_v2``)."""

    not_modelled: NotModelled | None = None

    def recorded_payload(self) -> dict[str, Any]:
        recorded = super().recorded_payload()
        recorded.pop("not_modelled", None)
        return recorded

    def _fold_diagnostic(self, state: GameState, thing: str) -> None:
        if self.not_modelled is not None:
            _sorcery(state).not_modelled[thing] = self.not_modelled.model_copy(deep=True)

    def _diagnostic_text(self) -> str:
        return f" [not modelled: {' | '.join(self.not_modelled.text)}]" if self.not_modelled else ""


class UnitPlaced(_Diagnosed, CoreUnitPlaced):
    """A minion or avatar entered the realm with these characteristics (or, placed again,
    began being carried)."""

    TOPIC: ClassVar[str] = "sorcery.UnitPlaced"
    class_version: ClassVar[int] = 2
    unit: SorceryUnit

    @staticmethod
    def upcast_v1_v2(fields: dict[str, Any]) -> dict[str, Any]:
        unit = fields.get("unit") or {}
        return {**fields, "not_modelled": not_modelled_of(unit.get("card"))}

    def apply_to(self, state: GameState) -> None:
        super().apply_to(state)
        self._fold_diagnostic(state, self.unit.id)

    def describe(self, label: Labeler) -> str:
        return super().describe(label) + self._diagnostic_text()


class FeaturePlaced(_Diagnosed):
    """A site was played to a square, or an artifact put down or given to a bearer."""

    TOPIC: ClassVar[str] = "sorcery.FeaturePlaced"
    class_version: ClassVar[int] = 2
    LOOKAHEAD: ClassVar[bool] = True
    feature: CardState

    @staticmethod
    def upcast_v1_v2(fields: dict[str, Any]) -> dict[str, Any]:
        feature = fields.get("feature") or {}
        return {**fields, "not_modelled": not_modelled_of(feature.get("card"))}

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).features[self.feature.id] = self.feature.model_copy(deep=True)
        self._fold_diagnostic(state, self.feature.id)

    def describe(self, label: Labeler) -> str:
        f = self.feature
        where = f" at {label(f.location)}" if f.location else f" borne by {f.bearer}"
        return f"{f.kind} {f.id} ({f.card}){where}" + self._diagnostic_text()


class SpellCast(_Diagnosed):
    """A spell that moves units by force was cast (its moves follow on the storyline); it says
    what of the spell is not modelled."""

    TOPIC: ClassVar[str] = "sorcery.SpellCast"
    LOOKAHEAD: ClassVar[bool] = True
    spell_id: str
    card: str
    caster: str
    targets: list[str]
    #: targets the spell could not move, with why: a spell does what it can (Bury on a minion
    #: that is not on a surface moves nothing), and the log says so rather than stay silent
    unaffected: dict[str, str] = Field(default_factory=dict)

    def apply_to(self, state: GameState) -> None:
        state.bump("spell")
        self._fold_diagnostic(state, self.spell_id)

    def describe(self, label: Labeler) -> str:
        missed = "".join(f"; {unit} is not moved: {why}" for unit, why in self.unaffected.items())
        return f"{self.caster} casts {self.card} ({self.spell_id}) on {', '.join(self.targets)}{missed}" + self._diagnostic_text()


class FeatureRemoved(GameEvent):
    """A card left the realm (Mariner's Curse returning to its owner's hand)."""

    TOPIC: ClassVar[str] = "sorcery.FeatureRemoved"
    LOOKAHEAD: ClassVar[bool] = True
    feature: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).features.pop(self.feature, None)

    def describe(self, label: Labeler) -> str:
        return f"{self.feature} leaves the realm: {self.reason}"


class SiteFormedUnder(GameEvent):
    """A site was played to a void square where minions or artifacts were: they are now on its
    surface, without having moved or entered it (codex: Site; digest 1.6, 2.3)."""

    TOPIC: ClassVar[str] = "sorcery.SiteFormedUnder"
    LOOKAHEAD: ClassVar[bool] = True
    site: str
    square: int
    units: list[str]
    artifacts: list[str] = []

    def apply_to(self, state: GameState) -> None:
        sorcery = _sorcery(state)
        for unit_id in self.units:
            sorcery.units[unit_id].location = str(self.square)
        for feature_id in self.artifacts:
            sorcery.features[feature_id].location = str(self.square)

    def describe(self, label: Labeler) -> str:
        things = ", ".join([*self.units, *self.artifacts])
        return f"{things} now atop {self.site} at {label(str(self.square))} (the site formed under them; nothing entered)"


class EffectStarted(_Diagnosed):
    """An ongoing effect came into force (from a passive ability, a spell or a trigger). A
    spell's effect says what of the spell is not modelled."""

    TOPIC: ClassVar[str] = "sorcery.EffectStarted"
    class_version: ClassVar[int] = 2
    LOOKAHEAD: ClassVar[bool] = True
    effect: EffectState

    @staticmethod
    def upcast_v1_v2(fields: dict[str, Any]) -> dict[str, Any]:
        effect = fields.get("effect") or {}
        spell = str(effect.get("label", "")).split(": ", 1)[0]
        return {**fields, "not_modelled": not_modelled_of(spell) if spell in SPELLS else None}

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).effects[self.effect.id] = self.effect.model_copy(deep=True)
        state.bump("effect")
        self._fold_diagnostic(state, self.effect.source)

    def describe(self, label: Labeler) -> str:
        return (
            f"effect {self.effect.id} starts ({_duration(self.effect.duration)}): {self.effect.label}"
            + self._diagnostic_text()
        )


class EffectEnded(GameEvent):
    TOPIC: ClassVar[str] = "sorcery.EffectEnded"
    LOOKAHEAD: ClassVar[bool] = True
    effect_id: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).effects.pop(self.effect_id, None)

    def describe(self, label: Labeler) -> str:
        return f"effect {self.effect_id} ends: {self.reason}"


class AttackPlanned(GameEvent):
    """A Move and Attack will declare this attack once its path has resolved."""

    TOPIC: ClassVar[str] = "sorcery.AttackPlanned"
    unit: str
    target: str

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).storyline.append(AttackItem(unit=self.unit, target=self.target))

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} will attack {self.target} after moving"


class AttackRefused(GameEvent):
    """The planned attack could not be declared (the attacker died, or the target is elsewhere)."""

    TOPIC: ClassVar[str] = "sorcery.AttackRefused"
    unit: str
    target: str
    rule: RuleRef

    def apply_to(self, state: GameState) -> None:
        _drop_head(state, AttackItem)
        state.last_refusal = self.rule

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} can't attack {self.target}: {self.rule}"


class UnitTapped(GameEvent):
    TOPIC: ClassVar[str] = "sorcery.UnitTapped"
    unit: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).units[self.unit].tapped = True

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} taps ({self.reason})"


class UnitDropped(GameEvent):
    """A carried unit stopped being carried and stays where it is."""

    TOPIC: ClassVar[str] = "sorcery.UnitDropped"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    carrier: str
    at: str | None
    reason: str

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].carried_by = None

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} is dropped by {self.carrier} at {label(self.at) if self.at else 'nowhere'}: {self.reason}"


class UnitPickedUp(GameEvent):
    """A carrier used Pick Up: it now carries the unit (codex: Pick Up, Carrying Units)."""

    TOPIC: ClassVar[str] = "sorcery.UnitPickedUp"
    LOOKAHEAD: ClassVar[bool] = True
    carrier: str
    unit: str

    def apply_to(self, state: GameState) -> None:
        state.units[self.unit].carried_by = self.carrier

    def describe(self, label: Labeler) -> str:
        return f"{self.carrier} picks up {self.unit}"


class AbilityUsed(GameEvent):
    """A once-per-turn basic ability was used (Pick Up, Drop), for the rest of this turn."""

    TOPIC: ClassVar[str] = "sorcery.AbilityUsed"
    unit: str
    ability: str

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).used_this_turn.append(f"{self.ability}:{self.unit}")

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} uses {self.ability.replace('_', ' ')} (once per turn)"


class AbilityActivated(GameEvent):
    """A player used an activated ability of a unit or site they control (codex: Activated
    Ability); its cost (a tap) is its own ``UnitTapped``, its movement follows on the storyline."""

    TOPIC: ClassVar[str] = "sorcery.AbilityActivated"
    LOOKAHEAD: ClassVar[bool] = True
    source: str
    card: str
    ability: str
    player: str
    targets: list[str] = Field(default_factory=list)

    def apply_to(self, state: GameState) -> None:
        sorcery = _sorcery(state)
        # only this turn's uses matter ("once on your turn"): older ones go, so the state does not grow with the game
        sorcery.activations = [u for u in sorcery.activations if u.turn == state.turn]
        sorcery.activations.append(ActivationUse(source=self.source, ability=self.ability, turn=state.turn))

    def describe(self, label: Labeler) -> str:
        on = f"; targets: {', '.join(self.targets)}" if self.targets else ""
        return f"{self.player} activates {self.card}'s ability ({self.source}: {self.ability}){on}"


class ActivationPlanned(GameEvent):
    """What an activated ability does after its movement, queued behind it on the storyline."""

    TOPIC: ClassVar[str] = "sorcery.ActivationPlanned"
    item: ActivationItem

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).storyline.append(self.item.model_copy(deep=True))

    def describe(self, label: Labeler) -> str:
        return f"{self.item.source}: then {self.item.then.replace('_', ' ')} ({self.item.unit})"


class ActivationResolved(GameEvent):
    """The part of an activated ability that follows its movement resolved (or could not)."""

    TOPIC: ClassVar[str] = "sorcery.ActivationResolved"
    source: str
    outcome: str

    def apply_to(self, state: GameState) -> None:
        _drop_head(state, ActivationItem)

    def describe(self, label: Labeler) -> str:
        return f"{self.source}: {self.outcome}"


class ArtifactMoved(GameEvent):
    """An artifact moved along a path (Rolling Boulder rolling); a borne one (a thrown Spear of
    Destiny) lands on the ground, no longer borne."""

    TOPIC: ClassVar[str] = "sorcery.ArtifactMoved"
    LOOKAHEAD: ClassVar[bool] = True
    feature: str
    path: list[str]
    reason: str

    def apply_to(self, state: GameState) -> None:
        feature = _sorcery(state).features[self.feature]
        feature.location, feature.bearer = self.path[-1], None

    def describe(self, label: Labeler) -> str:
        return f"{self.feature} moves {' -> '.join(label(p) for p in self.path)} ({self.reason})"


class LifeGained(GameEvent):
    """A player healed (their Avatar's life, up to the 20 they start with)."""

    TOPIC: ClassVar[str] = "sorcery.LifeGained"
    player: str
    amount: int
    total: int
    source: str

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).life[self.player] = self.total

    def describe(self, label: Labeler) -> str:
        return f"{self.player} heals {self.amount} ({self.source}): life {self.total}"


class InterceptAwaited(GameEvent):
    """A Move and Attack ended without an attack where enemy units stand: once the storyline
    has resolved, they may intercept (codex: Intercept)."""

    TOPIC: ClassVar[str] = "sorcery.InterceptAwaited"
    unit: str

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).storyline.append(InterceptItem(unit=self.unit))

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} moved and didn't attack: enemies there may intercept"


class InterceptOffered(GameEvent):
    """The window to intercept opens: the enemy's units at the unit's final location may tap."""

    TOPIC: ClassVar[str] = "sorcery.InterceptOffered"
    intercept_id: str
    unit: str
    location: str
    eligible: list[str]

    def apply_to(self, state: GameState) -> None:
        _drop_head(state, InterceptItem)
        state.bump("intercept")
        _sorcery(state).intercept = InterceptState(id=self.intercept_id, unit=self.unit, location=self.location)

    def describe(self, label: Labeler) -> str:
        return f"{self.intercept_id}: {', '.join(self.eligible)} may intercept {self.unit} at {label(self.location)}"


class InterceptLapsed(GameEvent):
    """No unit may intercept after all (the mover died, or no eligible unit is there now)."""

    TOPIC: ClassVar[str] = "sorcery.InterceptLapsed"
    unit: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        _drop_head(state, InterceptItem)

    def describe(self, label: Labeler) -> str:
        return f"no intercept of {self.unit}: {self.reason}"


class InterceptDeclared(GameEvent):
    """A unit tapped to intercept; it will fight the enemy where they both are."""

    TOPIC: ClassVar[str] = "sorcery.InterceptDeclared"
    intercept_id: str
    unit: str

    def apply_to(self, state: GameState) -> None:
        intercept = _sorcery(state).intercept
        if intercept is not None:
            intercept.interceptors.append(self.unit)

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} intercepts ({self.intercept_id})"


class InterceptClosed(GameEvent):
    """No more interceptors: the fight, if any, follows."""

    TOPIC: ClassVar[str] = "sorcery.InterceptClosed"
    intercept_id: str

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).intercept = None

    def describe(self, label: Labeler) -> str:
        return f"{self.intercept_id} closes"


class SplitDeclared(GameEvent):
    """A player declared how a unit's strike is split if it fights several units this turn."""

    TOPIC: ClassVar[str] = "sorcery.SplitDeclared"
    unit: str
    split: dict[str, int]

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).declared_splits[self.unit] = dict(self.split)

    def describe(self, label: Labeler) -> str:
        shares = ", ".join(f"{u} {n}" for u, n in self.split.items())
        return f"{self.unit}'s strike will be split: {shares}"


class DamageSplit(GameEvent):
    """One strike against several units, split among them (codex: Strike: the striker's
    controller decides; zero is allowed): who decided, and why."""

    TOPIC: ClassVar[str] = "sorcery.DamageSplit"
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
    attack_id: str
    attacker: str
    target: str
    target_kind: str
    location: str

    def apply_to(self, state: GameState) -> None:
        state.bump("attack")
        _drop_head(state, AttackItem)
        _sorcery(state).attack = AttackState(
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
    attack_id: str
    defender: str

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).storyline.append(JoinFightItem(attack_id=self.attack_id, unit=self.defender))

    def describe(self, label: Labeler) -> str:
        return f"{self.defender} defends against {self.attack_id}"


class DefenderJoined(GameEvent):
    TOPIC: ClassVar[str] = "sorcery.DefenderJoined"
    attack_id: str
    defender: str

    def apply_to(self, state: GameState) -> None:
        _drop_head(state, JoinFightItem)
        attack = _sorcery(state).attack
        if attack is not None:
            attack.defenders.append(self.defender)

    def describe(self, label: Labeler) -> str:
        return f"{self.defender} joins the fight of {self.attack_id}"


class DefenderMissed(GameEvent):
    """A defender's movement ended away from the attack (or it died): it does not fight."""

    TOPIC: ClassVar[str] = "sorcery.DefenderMissed"
    attack_id: str
    defender: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        _drop_head(state, JoinFightItem)

    def describe(self, label: Labeler) -> str:
        return f"{self.defender} does not join {self.attack_id}: {self.reason}"


class DefenceClosed(GameEvent):
    """The defending player is done declaring defenders; the fight follows."""

    TOPIC: ClassVar[str] = "sorcery.DefenceClosed"
    attack_id: str

    def apply_to(self, state: GameState) -> None:
        attack = _sorcery(state).attack
        if attack is not None:
            attack.window_open = False

    def describe(self, label: Labeler) -> str:
        return f"no more defenders for {self.attack_id}"


class AttackResolved(GameEvent):
    TOPIC: ClassVar[str] = "sorcery.AttackResolved"
    attack_id: str

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).attack = None

    def describe(self, label: Labeler) -> str:
        return f"attack {self.attack_id} is over"


class FightQueued(GameEvent):
    """A card's text started a fight; it resolves when it reaches the head of the storyline."""

    TOPIC: ClassVar[str] = "sorcery.FightQueued"
    fight: FightItem
    position: int = 0

    def apply_to(self, state: GameState) -> None:
        state.bump("fight")
        _sorcery(state).storyline.insert(self.position, self.fight.model_copy(deep=True))

    def describe(self, label: Labeler) -> str:
        return f"fight {self.fight.fight_id} queued: {' vs '.join(', '.join(s) for s in self.fight.sides)}"


class FightStarted(GameEvent):
    TOPIC: ClassVar[str] = "sorcery.FightStarted"
    fight_id: str
    sides: list[list[str]]
    location: str | None
    reason: str

    def apply_to(self, state: GameState) -> None:
        _drop_head(state, FightItem)

    def describe(self, label: Labeler) -> str:
        where = label(self.location) if self.location else "nowhere"
        return f"fight {self.fight_id} at {where}: {' vs '.join(', '.join(s) for s in self.sides)}"


class FightCancelled(GameEvent):
    TOPIC: ClassVar[str] = "sorcery.FightCancelled"
    fight_id: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        _drop_head(state, FightItem)

    def describe(self, label: Labeler) -> str:
        return f"fight {self.fight_id} doesn't happen: {self.reason}"


class StrikeDealt(GameEvent):
    """One unit's strike: damage equal to its power (split between targets as recorded)."""

    TOPIC: ClassVar[str] = "sorcery.StrikeDealt"
    fight_id: str
    striker: str
    target: str
    amount: int
    lethal: bool = False

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).used_this_turn.append(f"interacted:{self.striker}")  # codex: Interact

    def describe(self, label: Labeler) -> str:
        return f"{self.striker} strikes {self.target} for {self.amount}{' (Lethal)' if self.lethal else ''}"


class DamageTaken(GameEvent):
    TOPIC: ClassVar[str] = "sorcery.DamageTaken"
    unit: str
    amount: int
    total: int
    source: str

    def apply_to(self, state: GameState) -> None:
        units = _sorcery(state).units
        if self.unit in units:
            units[self.unit].damage = self.total

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} has {self.total} damage"


class SiteStruck(GameEvent):
    """An undefended site was struck: its controller loses that much life."""

    TOPIC: ClassVar[str] = "sorcery.SiteStruck"
    site: str
    controller: str | None
    amount: int
    striker: str

    def apply_to(self, state: GameState) -> None:
        life = _sorcery(state).life
        if self.controller is not None:
            life[self.controller] = life.get(self.controller, 20) - self.amount

    def describe(self, label: Labeler) -> str:
        return f"{self.striker} strikes site {self.site}: {self.controller} loses {self.amount} life"


class EndOfTurnQueued(GameEvent):
    """Abilities trigger at the end of the active player's turn: the turn passes once they
    have resolved (a ``TurnPassItem`` after them on the storyline)."""

    TOPIC: ClassVar[str] = "sorcery.EndOfTurnQueued"
    player: str
    turn: int

    def apply_to(self, state: GameState) -> None:
        _sorcery(state).storyline.append(TurnPassItem(player=self.player))

    def describe(self, label: Labeler) -> str:
        return f"{self.player}'s turn {self.turn} ends once what triggers at its end has resolved"


class TurnEnded(GameEvent):
    """The active player's end phase closed: minions' damage is removed."""

    TOPIC: ClassVar[str] = "sorcery.TurnEnded"
    player: str
    turn: int

    def apply_to(self, state: GameState) -> None:
        _drop_head(state, TurnPassItem)
        for unit in _sorcery(state).units.values():
            unit.damage = 0

    def describe(self, label: Labeler) -> str:
        return f"{self.player}'s turn {self.turn} ends"


class TurnStarted(GameEvent):
    """A player's turn began: their cards untap."""

    TOPIC: ClassVar[str] = "sorcery.TurnStarted"
    LOOKAHEAD: ClassVar[bool] = True
    player: str
    turn: int
    untapped: list[str]

    def apply_to(self, state: GameState) -> None:
        state.new_turn(self.player, self.turn)
        _sorcery(state).used_this_turn.clear()
        _sorcery(state).declared_splits.clear()
        units = _sorcery(state).units
        for unit_id in self.untapped:
            units[unit_id].tapped = False

    def describe(self, label: Labeler) -> str:
        untaps = f"; untaps {', '.join(self.untapped)}" if self.untapped else ""
        return f"{self.player}'s turn {self.turn} begins{untaps}"


for _event in (
    EffectStarted, EffectEnded, AttackPlanned, AttackRefused, UnitTapped, UnitDropped, AttackDeclared,
    DefendDeclared, DefenderJoined, DefenderMissed, DefenceClosed, AttackResolved, FightQueued, FightStarted,
    FightCancelled, StrikeDealt, DamageTaken, SiteStruck, TurnEnded, TurnStarted,
):
    alias_topic(f"sim.{_event.__name__}", _event)
