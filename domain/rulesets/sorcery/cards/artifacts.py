"""Artifacts: what their bearer has, what they do where they lie, and what they trigger (codex: Artifact).

Each card's abilities in the order the engine reads them (its passive effects start in that
order); the words each one models are the card's own (``covers``)."""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import (
    Ability,
    AtTurn,
    BearerStrikes,
    Genesis,
    Resolve,
    RollingBoulder,
    ThrowSpear,
    Untap,
)
from domain.rulesets.sorcery.cards.at_distance import DamageUpToSteps, ShootAndDrag
from domain.rulesets.sorcery.cards.gaps import GLOBE_OVERSIZED

CARDS: dict[str, tuple[Ability, ...]] = {
    "All-terrain Vestments": (
        Ability(
            name="bearer has Burrowing, Submerge and Voidwalk, if a minion", timing="ongoing",
            covers=("Bearer has Burrowing, Submerge, and Voidwalk, if it's a minion.",),
            passive={"kind": "grant", "bearer_of": "$self", "keywords": ["Burrowing", "Submerge", "Voidwalk"], "minions_only": True},
        ),
    ),
    # "and can't be targeted or damaged by magic" stays listed (not movement)
    "Arcade of Bones": (
        Ability(
            name="while in its row, Undead move freely", timing="ongoing",
            covers=("While in this row, Undead move freely",),
            passive={"kind": "moves_freely", "condition": "undead_in_row_of", "row_of": "$self"},
        ),
    ),
    "Bailey": (
        Ability(
            name="enemies can't move to its location on the ground", timing="ongoing",
            covers=("Enemies can't move to here on the ground.",),
            passive={"kind": "location_ban", "enemies_of": "$controller", "ground_at": "$self"},
        ),
    ),
    "Belfry": (
        Ability(
            name="untaps all nearby allies at the end of your turn", timing="triggered",
            covers=("At the end of your turn, untap all nearby allies.",), trigger="end_untap",
            when=AtTurn(end=True), does=Untap(scope={"near": "$source", "allies_of": "$controller"}),
        ),
    ),
    "Blade of Thorns": (
        Ability(name="its bearer can't drop it", timing="ongoing", covers=("but it can't drop this Weapon",), undroppable="itself"),
    ),
    "Blightstone": (
        Ability(
            name="the site it is at is disabled", timing="ongoing", covers=("This site is disabled.",),
            passive={"kind": "site_condition", "condition": "disabled", "site_of": "$self"},
        ),
    ),
    "Cage of Sidrak": (
        Ability(
            name="Genesis: locks all minions with 2 or less power in it, tapped and disabled", timing="triggered",
            covers=("Genesis → Lock all minions with 2 or less power in this cage, tapped and disabled.",),
            gaps="a Cage that moves (borne by a unit) does not take the locked minions along: they go free",
            trigger="genesis_cage", when=Genesis(), does=Resolve(name="lock_in_cage"),
        ),
    ),
    "Cold Iron Rod": (
        Ability(
            name="Faeries here are disabled", timing="ongoing", covers=("Faeries here are disabled.",),
            passive={"kind": "condition", "condition": "disabled", "here": "$self", "subtypes": ["Faerie"]},
        ),
    ),
    "Driftwood Marrows": (
        Ability(
            name="nearby allies can't be submerged", timing="ongoing", covers=("Nearby allies can't be submerged.",),
            passive={"kind": "unsubmergeable", "near": "$self", "allies_of": "$controller"},
        ),
    ),
    "Fail-not Bow": (
        Ability(
            name="bearer has Ranged 3", timing="ongoing", covers=("Bearer has Ranged 3.",),
            passive={"kind": "grant", "bearer_of": "$self", "keywords": ["Ranged 3"]},
        ),
    ),
    "Horn of Caerleon": (
        Ability(
            name="nearby minions have Charge", timing="ongoing", covers=("Nearby minions have Charge.",),
            passive={"kind": "grant", "keywords": ["Charge"], "near": "$self", "minions_only": True},
        ),
    ),
    # "Can't be disabled" stays listed: an Automaton is not a unit here, and only units are disabled
    "Iron Man Talus": (
        Ability(name="can't be moved by force", timing="ongoing", covers=("or moved by force.",), unmovable=True),
    ),
    "Iron Shackles": (
        Ability(
            name="bearer is disabled", timing="ongoing",
            covers=("May be conjured to target enemy minion.", "Bearer is disabled."),
            passive={"kind": "condition", "condition": "disabled", "bearer_of": "$self"},
        ),
    ),
    "Magellan Globe": (
        Ability(
            name="opposite edges connected", timing="ongoing", covers=("Opposite edges of the realm are connected.",),
            gaps=GLOBE_OVERSIZED,
            passive={"kind": "connect_edges"},
        ),
    ),
    "Magnetic Muzzle": (
        Ability(
            name="bearer is silenced", timing="ongoing", covers=("Bearer is silenced",),
            passive={"kind": "condition", "condition": "silenced", "bearer_of": "$self"},
        ),
        Ability(name="its bearer can't drop it", timing="ongoing", covers=("and can't drop Magnetic Muzzle.",), undroppable="itself"),
    ),
    "Mask of Mayhem": (
        Ability(
            name="a nearby minion that can attack must", timing="ongoing",
            covers=("Whenever a nearby minion can attack, it must.",),
            passive={"kind": "must_attack", "near": "$self"},
        ),
        Ability(
            name="nearby strikes against units deal double damage", timing="ongoing",
            covers=("Nearby strikes against units deal double damage.",),
            passive={"kind": "double_strikes", "near": "$self"},
        ),
    ),
    "Payload Trebuchet": (
        Ability(
            name="bearer and another ally here tap: the discarded card's cost in damage to each unit up to three steps away",
            timing="activated",
            covers=("Tap bearer and another ally here, Discard a card → Deal damage equal to the discarded card's mana cost to each unit at target location up to three steps away.",),
            gaps="the card named is taken as the discarded card (hands are not simulated)",
            activated=DamageUpToSteps(cost="tap", granted="bearer", reach=3, amount=None, crew=True),
        ),
    ),
    "Plate of the Whale": (
        Ability(
            name="bearer is Immobile if it has less than 3 power", timing="ongoing",
            covers=("Bearer is immobile if it has less than 3 power.",),
            passive={"kind": "condition", "condition": "immobile", "bearer_of": "$self", "max_power": 2},
        ),
    ),
    "Poisonous Dagger": (
        Ability(
            name="bearer has Lethal", timing="ongoing", covers=("Bearer has Lethal.",),
            passive={"kind": "grant", "bearer_of": "$self", "keywords": ["Lethal"]},
        ),
    ),
    "Purge Juggernaut": (
        Ability(
            name="moves to an adjacent location at the start of your turn and kills all other minions there",
            timing="triggered",
            covers=("At the start of your turn, Purge Juggernaut taps and moves to an adjacent location. Kill all other minions there.",),
            gaps="its tapping is not simulated (artifacts are never tapped here); borne, it does not move",
            trigger="start_juggernaut_moves", when=AtTurn(start=True),
            does=Resolve(name="juggernaut_moves"),
        ),
    ),
    "Red Rock of Ravannis": (
        Ability(
            name="artifacts can't be carried here", timing="ongoing", covers=("Artifacts can't be carried here.",),
            uncarriable_here=True,
        ),
        Ability(
            name="pulls each artifact one step toward it, with its bearer, at the end of each turn",
            timing="triggered",
            covers=("At the end of each turn, pull each artifact one step towards this site, along with its bearer.",),
            trigger="end_each_pull_artifacts", when=AtTurn(end=True, whose="each", each="artifact_elsewhere"),
            does=Resolve(name="pull_artifact"),
        ),
    ),
    "Meat Hook": (
        Ability(
            name="its bearer shoots a projectile and drags the hit unit here", timing="activated",
            covers=("Bearer has \"Tap → Shoot a projectile. If a unit is hit, drag it here, and bearer may fight it when it arrives.\"",),
            gaps="the fight when it arrives is not simulated",
            activated=ShootAndDrag(cost="tap", granted="bearer"),
        ),
    ),
    "The Rack": (
        Ability(
            name="the Avatar its bearer strikes also occupies another adjacent location, then loses 1 life for each location",
            timing="triggered",
            covers=(
                "Whenever the bearer strikes an Avatar, stretch them so that they also occupy another adjacent location. "
                "Then they lose 1 life for each location they occupy.",
            ),
            trigger="rack_stretch", when=BearerStrikes(avatars_only=True), does=Resolve(name="stretch_struck_avatar"),
        ),
    ),
    "Rolling Boulder": (
        Ability(
            name="a unit here taps to push it: it rolls as far as possible, dealing 4 damage to each other unit along its path",
            timing="activated",
            covers=("Units here have “Tap → Give Rolling Boulder a push. It rolls as far as possible and deals 4 damage to each other unit along its path.”",),
            activated=RollingBoulder(cost="tap", granted="here", damage=4),
        ),
    ),
    "Scarecrow": (
        Ability(
            name="Airborne minions can't enter its location", timing="ongoing",
            covers=("Airborne minions can't enter this location.",),
            passive={"kind": "location_ban", "airborne_at": "$self"},
        ),
        Ability(
            name="Genesis: Airborne minions here return to their owners' hands", timing="triggered",
            covers=("Genesis → Return each Airborne minion here to its owner’s hand.",), trigger="genesis_scarecrow",
            when=Genesis(), does=Resolve(name="return_airborne_here"),
        ),
    ),
    "Seven-League Boots": (
        Ability(
            name="bearer has Movement +7", timing="ongoing", covers=("Bearer has Movement +7.",),
            passive={"kind": "grant", "bearer_of": "$self", "movement": 7},
        ),
    ),
    "Shrine of the Dragonlord": (
        Ability(
            name="Genesis: teleports all Dragons here", timing="triggered",
            covers=("Genesis → Teleport all Dragons here.",),
            trigger="genesis_dragons_here", when=Genesis(), does=Resolve(name="dragons_here"),
        ),
    ),
    "Siege Ballista": (
        Ability(
            name="bearer and another ally here tap: 3 damage to a unit up to two steps away", timing="activated",
            covers=("Tap bearer and another ally here → Deal 3 damage to target unit up to two steps away.",),
            activated=DamageUpToSteps(cost="tap", granted="bearer", reach=2, amount=3, each_at_location=False, crew=True),
        ),
    ),
    "Spear of Destiny": (
        Ability(
            name="its bearer taps to throw it at any minion: it teleports there and kills it", timing="activated",
            covers=("Bearer has “Tap → Throw Spear of Destiny at any minion anywhere. It teleports to that minion’s location and kills it.”",),
            activated=ThrowSpear(cost="tap", granted="bearer"),
        ),
    ),
    "Tabula Rasa": (
        Ability(
            name="bearer is silenced", timing="ongoing", covers=("Bearer is silenced",),
            passive={"kind": "condition", "condition": "silenced", "bearer_of": "$self"},
        ),
        Ability(name="its bearer can't drop it", timing="ongoing", covers=("and can't drop Tabula Rasa.",), undroppable="itself"),
    ),
    "Truesight Crossbow": (
        Ability(
            name="bearer has Ranged", timing="ongoing", covers=("Bearer has Ranged",),
            passive={"kind": "grant", "bearer_of": "$self", "keywords": ["Ranged"]},
        ),
    ),
    "Undertaker Engine": (
        Ability(
            name="may burrow or unburrow each minion and artifact at its site at the end of your turn",
            timing="triggered",
            covers=("At the end of your turn, you may burrow and/or unburrow any combination of artifacts and minions at this site.",),
            trigger="end_may_burrow_or_unburrow",
            when=AtTurn(end=True, each="minion_or_artifact_at_site"),
            does=Resolve(name="may_burrow_or_unburrow"),
        ),
    ),
    "Wings of Invention": (
        Ability(
            name="bearer has Airborne and Movement +1, if a minion", timing="ongoing",
            covers=("Bearer has Airborne and Movement +1, if it's a minion.",),
            passive={"kind": "grant", "bearer_of": "$self", "keywords": ["Airborne"], "movement": 1, "minions_only": True},
        ),
    ),
}
