"""The language Sorcery spells are declared in (cards/magic.py): what a spell targets (a
``SpellTarget`` kind, checked then planned by spells/) and what it does (effects it starts, or how
it moves units). Kept apart from the abilities' language (abilities.py), which it shares its
frozen base with: cards are data, and nothing here imports the engine.
"""

from __future__ import annotations

from typing import Any, Literal

from domain.rulesets.sorcery.abilities import Declared


class SpellTarget(Declared):
    """What a spell's caster chooses as its targets (spells/: checked, then planned)."""


class Sites(SpellTarget):
    count: int


class AnAlly(SpellTarget):
    minion: bool = False


class CastingUnit(SpellTarget):
    """The unit casting it, an Avatar or a Spellcaster (its text says "nearby", "here")."""


class AlliedSpellcaster(SpellTarget):
    pass


class MinionTwoStepsFromCaster(SpellTarget):
    pass


class SavedMinions(SpellTarget):
    pass


class SitesByWater(SpellTarget):
    pass


class NoTarget(SpellTarget):
    pass


class Direction(SpellTarget):
    pass


class UnitToLocation(SpellTarget):
    who: Literal["ally", "minion"]
    site_surface: bool = False


class AlliedMinionsToCaster(SpellTarget):
    pass


class EachAtLocation(SpellTarget):
    pass


class Rotation(SpellTarget):
    pass


class AlliesToLocation(SpellTarget):
    pass


class MinionDown(SpellTarget):
    pass


class SiteDown(SpellTarget):
    pass


class MinionNearAlly(SpellTarget):
    adjacent: bool


class MinionDownOrIntoVoid(SpellTarget):
    pass


class AlliedMinionSteps(SpellTarget):
    pass


class AlliesStep(SpellTarget):
    up_to: int


class AllyMayStep(SpellTarget):
    up_to: int


class EnemiesStepTogether(SpellTarget):
    pass


class AllyLuresEnemy(SpellTarget):
    pass


class AttackedAllyMoves(SpellTarget):
    pass


class AllySwapsWithAdjacentEnemy(SpellTarget):
    pass


class AdjacentMinionsStepIn(SpellTarget):
    pass


class MinionMovesToTappedMinion(SpellTarget):
    pass


class WaterSiteOverflows(SpellTarget):
    pass


class Spell(Declared):
    """A magic: what it targets, then the effects it starts or how it moves units."""

    target: SpellTarget
    #: the card's text the spell models (as ``Ability.covers``)
    covers: tuple[str, ...] = ()
    effect: dict[str, Any] = {}
    #: more effects started with the first, for as long (Onslaught)
    also: tuple[dict[str, Any], ...] = ()
    #: a scope (effects.Scope) naming the units the spell affects as it is cast; their ids fill
    #: ``$affected`` (Frost Nova: the enemies nearby then, not whoever comes near later)
    affects: dict[str, Any] | None = None
    duration: str = ""
    label: str = ""
    #: a spell that moves units by force instead (movement.FORCED_KINDS): how
    moves: str | None = None
    #: what the spell does once its effects are in force: ``submerge_on_water``, every minion
    #: atop a water site is submerged (Wrath of the Sea: "Then submerge ...")
    then: str | None = None
    #: a forced-movement spell that moves artifacts on the ground too (engine/artifacts.py)
    moves_artifacts: bool = False
    gaps: str | None = None
