"""Where each kind of activated ability is wired to the class that plans it, in one place."""

from __future__ import annotations

from domain.rulesets.sorcery import abilities as kinds
from domain.rulesets.sorcery.abilities import Ability, Activation
from domain.rulesets.sorcery.activations import (
    at_distance,
    boulder,
    constrict,
    drags,
    flight,
    floods,
    lures,
    moves,
    projectiles,
    shackles,
    spear,
    untaps,
)
from domain.rulesets.sorcery.activations.base import Activated
from domain.rulesets.sorcery.cards import at_distance as reach

#: the class of each kind of activated ability
KINDS: dict[type[Activation], type[Activated]] = {
    kinds.FloodSite: floods.FloodASite,
    kinds.TeleportNearbyTapOthers: moves.TeleportNearbyTappingOthers,
    kinds.TeleportToTappedBurrow: moves.TeleportToTappedToBurrow,
    kinds.StepsInDirection: moves.StepsInADirection,
    kinds.StepTowardEvil: moves.StepTowardTheClosestEvil,
    kinds.PushOnRivers: moves.PushOnConnectedRivers,
    kinds.LureCloser: lures.LuringCloser,
    kinds.LureHere: lures.LuringHere,
    kinds.RollingBoulder: boulder.PushTheBoulder,
    kinds.ReleaseShackled: shackles.ReleaseTheShackled,
    kinds.StepThenConstrict: constrict.StepThenConstrict,
    kinds.ThrowSpear: spear.ThrowTheSpear,
    reach.ShootAndDrag: projectiles.ShootingAndDragging,
    reach.RangedStrike: projectiles.RangedStriking,
    reach.DamageUpToSteps: at_distance.DamagingUpToSteps,
    reach.FlyToNearbySite: flight.FlyingToANearbySite,
    reach.SiteFliesToVoid: flight.FlyingTheSite,
    reach.ShootDamageTap: projectiles.ShootingDamage,
    reach.DragInAdjacent: drags.DraggingIn,
    kinds.UntapAlliedMinion: untaps.UntappingAnAlly,
    reach.HurtToUntap: untaps.HurtingToUntap,
    reach.TapNearbyEnemy: untaps.TappingANearbyEnemy,
}


def of(ability: Ability) -> Activated:
    """The class that plans an activated ability of this kind, with its parameters."""
    assert ability.activated is not None, f"{ability.name} is not an activated ability"
    return KINDS[type(ability.activated)](ability.activated)
