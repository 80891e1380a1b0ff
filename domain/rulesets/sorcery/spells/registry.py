"""Where each kind of spell target is wired to the class that checks and plans it, in one place."""

from __future__ import annotations

from domain.rulesets.sorcery import spell_kinds as kinds
from domain.rulesets.sorcery.cards import at_distance as reach
from domain.rulesets.sorcery.spell_kinds import SpellTarget
from domain.rulesets.sorcery.spells import distance, down, effects, forced, projectile, pulls, react, steps
from domain.rulesets.sorcery.spells.overflow import WaterSiteOverflowing
from domain.rulesets.sorcery.spells.plan import Targets

#: the class of each kind of spell target
TARGETS: dict[type[SpellTarget], type[Targets]] = {
    kinds.Sites: effects.ChosenSites,
    kinds.AnAlly: effects.AnAllyTargeted,
    kinds.CastingUnit: effects.TheCastingUnit,
    kinds.AlliedSpellcaster: effects.AnAlliedSpellcaster,
    kinds.MinionTwoStepsFromCaster: effects.AMinionTwoStepsAway,
    kinds.SavedMinions: effects.MinionsSaved,
    kinds.SitesByWater: effects.SitesAdjacentToWater,
    kinds.NoTarget: effects.Untargeted,
    kinds.Direction: forced.InADirection,
    kinds.UnitToLocation: forced.AUnitToALocation,
    kinds.AlliedMinionsToCaster: forced.AlliedMinionsToTheCaster,
    kinds.EachAtLocation: forced.EachAtALocation,
    kinds.Rotation: forced.RoundAnArea,
    kinds.AlliesToLocation: forced.AlliesToALocation,
    kinds.MinionDown: down.AMinionDown,
    kinds.SiteDown: down.ASiteDown,
    kinds.MinionNearAlly: down.AMinionNearAnAlly,
    kinds.MinionDownOrIntoVoid: down.AMinionDownOrIntoTheVoid,
    kinds.AlliedMinionSteps: steps.AnAlliedMinionSteps,
    kinds.AlliesStep: steps.EachAllySteps,
    kinds.AllyMayStep: steps.AnAllyMayStep,
    kinds.EnemiesStepTogether: steps.EnemiesStepTogether,
    kinds.AllyLuresEnemy: steps.AnAllyLuresAnEnemy,
    kinds.AttackedAllyMoves: react.AttackedAllyMoving,
    kinds.AllySwapsWithAdjacentEnemy: react.AllySwapsWithAdjacentEnemy,
    kinds.AdjacentMinionsStepIn: react.AdjacentMinionsStepIn,
    kinds.MinionMovesToTappedMinion: react.MinionMovesToTappedMinion,
    kinds.WaterSiteOverflows: WaterSiteOverflowing,
    reach.AllyShootsAndIsDragged: projectile.AnAllyShootsAndIsDragged,
    reach.DamageAtLocationUpToSteps: distance.DamageAtALocationUpToSteps,
    reach.ShootDamage: projectile.ShootingProjectiles,
    reach.KillAtLocationUpToSteps: distance.KillingAtALocationUpToSteps,
    reach.NearbyMinionHurtAndUntapped: distance.ANearbyMinionHurtAndUntapped,
    reach.WaterSitePullsIn: pulls.AWaterSitePullingIn,
    reach.UnburrowAll: pulls.EverythingUnburrowed,
}


def of(target: SpellTarget) -> Targets:
    """The class that checks and plans a spell's targets of this kind, with its parameters."""
    return TARGETS[type(target)](target)
