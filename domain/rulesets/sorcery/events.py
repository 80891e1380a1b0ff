"""Sorcery's own events: cards entering and leaving the realm, effects, taps, carrying, abilities
used, artifacts moved, subsurfaces changed and turns (attacks and fights: events_combat.py).

The first released version wrote most of these under ``sim.*`` topics; each is registered under
that topic too (``alias_topic``), so old logs read as today's events.
"""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import Field

from domain.errors import BadInput
from domain.event_base import GameEvent, Labeler, alias_topic
from domain.events import UnitPlaced as CoreUnitPlaced
from domain.rulesets.sorcery.cards import SPELLS
from domain.rulesets.sorcery.coverage import derive
from domain.rulesets.sorcery.state import (
    ActivationItem,
    ActivationUse,
    CardState,
    EffectState,
    NotModelled,
    SorceryState,
    SorceryUnit,
    TurnPassItem,
    flat_copy,
)
from domain.state import GameState


def sorcery_state(state: GameState) -> SorceryState:
    assert isinstance(state, SorceryState)
    return state


#: the field a turn's end sets on every unit (``TurnEnded``), and that field's name
_DAMAGE = frozenset({"damage"})
_DAMAGE_FIELD = "damage"


def drop_head(state: GameState, kind: type) -> None:
    if state.storyline and isinstance(state.storyline[0], kind):
        del state.storyline[0]


def _duration(duration: str) -> str:
    return duration.replace("_", " ")


def not_modelled_of(card_name: str | None) -> NotModelled | None:
    """What today's simulator does not model of a card (None when it models it all)."""
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
            sorcery_state(state).not_modelled[thing] = flat_copy(self.not_modelled)

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
        state.units[self.unit.id] = flat_copy(self.unit)  # as the core's UnitPlaced folds it, without its deep copy
        self._fold_diagnostic(state, self.unit.id)

    def describe(self, label: Labeler) -> str:
        unit = self.unit
        if unit.carried_by:  # only a set-up's ``carried_by`` places a unit already carried
            where = label(unit.location) if unit.location else "nowhere"
            placed = (f"{unit.id} ({unit.card}, {unit.owner}) at {where} is carried by {unit.carried_by} "
                      "(placed again with its carrier)")
            return placed + self._diagnostic_text()
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
        sorcery_state(state).features[self.feature.id] = flat_copy(self.feature)
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
        sorcery_state(state).features.pop(self.feature, None)

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
        sorcery = sorcery_state(state)
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
        sorcery_state(state).effects[self.effect.id] = self.effect.model_copy(deep=True)
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
        sorcery_state(state).effects.pop(self.effect_id, None)

    def describe(self, label: Labeler) -> str:
        return f"effect {self.effect_id} ends: {self.reason}"


class UnitTapped(GameEvent):
    TOPIC: ClassVar[str] = "sorcery.UnitTapped"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    unit: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        assert isinstance(state, SorceryState)  # ``sorcery_state`` without its call: every Move and Attack folds it
        unit = state.units[self.unit]  # ``tapped = True`` as ``StateModel.__setattr__`` sets it, without its call
        unit.__dict__["tapped"] = True
        unit.__pydantic_fields_set__.add("tapped")

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
        sorcery_state(state).used_this_turn.append(f"{self.ability}:{self.unit}")

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
        sorcery = sorcery_state(state)
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
        sorcery_state(state).storyline.append(self.item.model_copy(deep=True))

    def describe(self, label: Labeler) -> str:
        return f"{self.item.source}: then {self.item.then.replace('_', ' ')} ({self.item.unit})"


class ActivationResolved(GameEvent):
    """The part of an activated ability that follows its movement resolved (or could not)."""

    TOPIC: ClassVar[str] = "sorcery.ActivationResolved"
    source: str
    outcome: str

    def apply_to(self, state: GameState) -> None:
        drop_head(state, ActivationItem)

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
        feature = sorcery_state(state).features[self.feature]
        feature.location, feature.bearer = self.path[-1], None

    def describe(self, label: Labeler) -> str:
        return f"{self.feature} moves {' -> '.join(label(p) for p in self.path)} ({self.reason})"


class EndOfTurnQueued(GameEvent):
    """Abilities trigger at the end of the active player's turn: the turn passes once they
    have resolved (a ``TurnPassItem`` after them on the storyline)."""

    TOPIC: ClassVar[str] = "sorcery.EndOfTurnQueued"
    player: str
    turn: int

    def apply_to(self, state: GameState) -> None:
        sorcery_state(state).storyline.append(TurnPassItem(player=self.player))

    def describe(self, label: Labeler) -> str:
        return f"{self.player}'s turn {self.turn} ends once what triggers at its end has resolved"


class TurnEnded(GameEvent):
    """The active player's end phase closed: minions' damage is removed."""

    TOPIC: ClassVar[str] = "sorcery.TurnEnded"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    player: str
    turn: int

    def apply_to(self, state: GameState) -> None:
        assert isinstance(state, SorceryState)  # ``sorcery_state`` without its call: every turn folds it
        drop_head(state, TurnPassItem)
        for unit in state.units.values():
            # ``unit.damage = 0`` as ``StateModel.__setattr__`` sets a plain field, without its
            # call: every turn's end folds this for every unit, living or not; a unit with no
            # damage whose damage was set before is already as the fold leaves it (most units)
            if unit.damage or _DAMAGE_FIELD not in unit.__pydantic_fields_set__:
                unit.__dict__["damage"] = 0
                fields_set = unit.__pydantic_fields_set__
                fields_set |= _DAMAGE  # in place, through a name: no attribute set on the unit

    def describe(self, label: Labeler) -> str:
        return f"{self.player}'s turn {self.turn} ends"


class TurnStarted(GameEvent):
    """A player's turn began: their cards untap."""

    TOPIC: ClassVar[str] = "sorcery.TurnStarted"
    KEEPS_CHARACTERISTICS: ClassVar[bool] = True
    LOOKAHEAD: ClassVar[bool] = True
    player: str
    turn: int
    untapped: list[str]

    def apply_to(self, state: GameState) -> None:
        assert isinstance(state, SorceryState)  # ``sorcery_state`` without its call: every turn folds it
        state.new_turn(self.player, self.turn)
        state.used_this_turn.clear()
        state.declared_splits.clear()
        units = state.units
        for unit_id in self.untapped:  # ``tapped = False`` as ``StateModel.__setattr__`` sets it, without its call
            unit = units[unit_id]
            unit.__dict__["tapped"] = False
            unit.__pydantic_fields_set__.add("tapped")

    def describe(self, label: Labeler) -> str:
        untaps = f"; untaps {', '.join(self.untapped)}" if self.untapped else ""
        return f"{self.player}'s turn {self.turn} begins{untaps}"


class UnitReturned(GameEvent):
    """A unit left the realm for its owner's hand (codex: Return): it is no longer in the realm;
    artifacts it bore stay where it was, as when a unit dies (codex: Carry)."""

    TOPIC: ClassVar[str] = "sorcery.UnitReturned"
    LOOKAHEAD: ClassVar[bool] = True
    unit: str
    at: str | None
    reason: str

    def apply_to(self, state: GameState) -> None:
        assert isinstance(state, SorceryState)
        state.left_realm(self.unit, self.at)  # off the board, bearings dropped; no death (Avenging Angel)

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} returns to its owner's hand from {label(self.at) if self.at else 'nowhere'}: {self.reason}"


class UnitUntapped(GameEvent):
    """An effect untapped a unit (Brocéliande's Genesis)."""

    TOPIC: ClassVar[str] = "sorcery.UnitUntapped"
    unit: str
    reason: str

    def apply_to(self, state: GameState) -> None:
        assert isinstance(state, SorceryState)
        state.units[self.unit].tapped = False

    def describe(self, label: Labeler) -> str:
        return f"{self.unit} untaps ({self.reason})"


class SubsurfaceChanged(GameEvent):
    """The site at ``square`` is now a water site (``region`` underwater) or a land site
    (underground): the units and artifacts under it are now in that region, without moving or
    entering anything (codex: Subsurface: "the subsurface of a water site is underwater")."""

    TOPIC: ClassVar[str] = "sorcery.SubsurfaceChanged"
    LOOKAHEAD: ClassVar[bool] = True
    square: int
    region: str
    units: list[str]
    artifacts: list[str] = []
    reason: str

    def apply_to(self, state: GameState) -> None:
        assert isinstance(state, SorceryState)
        where = f"{self.square}/{self.region}"
        for unit_id in self.units:
            state.units[unit_id].location = where
        for feature_id in self.artifacts:
            state.features[feature_id].location = where

    def describe(self, label: Labeler) -> str:
        things = ", ".join([*self.units, *self.artifacts])
        kind = "water" if self.region == "underwater" else "land"
        return f"{things} now {self.region} at {label(str(self.square))}: the site is a {kind} site ({self.reason}; nothing moved)"


for _event in (
    EffectStarted, EffectEnded, UnitTapped, UnitDropped, TurnEnded, TurnStarted,
):
    alias_topic(f"sim.{_event.__name__}", _event)
