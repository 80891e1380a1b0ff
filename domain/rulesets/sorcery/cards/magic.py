"""Magic: what each spell the simulator models targets, and the effects it starts or how it moves
units (codex: Magic; digest 2.1, 2.7). Cast with ``cast`` (spells/)."""

from __future__ import annotations

from domain.rulesets.sorcery.cards.at_distance import (
    AllyShootsAndIsDragged,
    DamageAtLocationUpToSteps,
    KillAtLocationUpToSteps,
    NearbyMinionHurtAndUntapped,
    ShootDamage,
    UnburrowAll,
    WaterSitePullsIn,
)
from domain.rulesets.sorcery.cards.gaps import ARTIFACTS_NOT_SUBMERGED, ONE_AFTER_ANOTHER, STEALTH_MARKS
from domain.rulesets.sorcery.spell_kinds import (
    AdjacentMinionsStepIn,
    AlliedMinionSteps,
    AlliedMinionsToCaster,
    AlliedSpellcaster,
    AlliesStep,
    AlliesToLocation,
    AllyLuresEnemy,
    AllyMayStep,
    AllySwapsWithAdjacentEnemy,
    AnAlly,
    AttackedAllyMoves,
    CastingUnit,
    Direction,
    EachAtLocation,
    EnemiesStepTogether,
    MinionDown,
    MinionDownOrIntoVoid,
    MinionMovesToTappedMinion,
    MinionNearAlly,
    MinionTwoStepsFromCaster,
    NoTarget,
    Rotation,
    SavedMinions,
    SiteDown,
    Sites,
    SitesByWater,
    Spell,
    UnitToLocation,
    WaterSiteOverflows,
)

SPELLS: dict[str, Spell] = {
    "Backstab": Spell(
        target=MinionMovesToTappedMinion(), covers=("Target minion moves to an adjacent location, if needed,",),
    ),
    "Blaze": Spell(
        target=AnAlly(), covers=("This turn, give an ally Movement +2, it can't be intercepted,",),
        effect={"kind": "grant", "unit": "$target", "movement": 2},
        also=({"kind": "cant_be_intercepted", "unit": "$target"},), duration="this_turn",
        label="{target} has Movement +2 and can't be intercepted",
    ),
    "Blink": Spell(
        target=UnitToLocation(who="ally"), covers=("An ally teleports to a location it’s nearby.",),
        moves="teleport_nearby",
    ),
    "Boil": Spell(
        target=KillAtLocationUpToSteps(reach=2, water_site=True),
        covers=("Destroy all minions occupying target water site up to two steps away.",),
    ),
    "Buried Alive": Spell(
        target=MinionNearAlly(adjacent=True), covers=("May be cast by any ally.", "Burrow target adjacent minion."),
        moves="burrow",
    ),
    "Bury": Spell(
        target=MinionDown(), covers=("Burrow target minion or artifact, if able.",), moves="burrow",
        moves_artifacts=True,
    ),
    "Call of the Sea": Spell(
        target=AdjacentMinionsStepIn(),
        covers=("Minions adjacent to target Water site step towards it. Then submerge all minions there.",), gaps="the minions step one after another, in square order, not as one event",
    ),
    "Cave-In": Spell(
        target=SiteDown(), covers=("Burrow all minions and artifacts occupying target land site.",), moves="burrow",
        moves_artifacts=True,
    ),
    "Charge": Spell(
        target=AnAlly(), covers=("Give an ally Charge this turn.",),
        effect={"kind": "grant", "unit": "$target", "keywords": ["Charge"]}, duration="this_turn",
        label="{target} has Charge",
    ),
    "Displace": Spell(
        target=UnitToLocation(who="minion"), covers=("Teleport target minion, artifact, or aura one diagonal step.",),
        moves="teleport_diagonal", moves_artifacts=True,
        gaps="only a minion or an artifact can be the target here, not an aura",
    ),
    "Dodge Roll": Spell(
        target=AttackedAllyMoves(),
        covers=("May be cast when an ally is attacked.", "An attacked ally may move to another adjacent location to evade the attack."),
    ),
    "Dream-Quest": Spell(
        target=AlliedSpellcaster(), covers=("An allied Spellcaster falls asleep and is disabled until hurt.",),
        effect={"kind": "condition", "condition": "disabled", "units": ["$target"]}, duration="until_damaged",
        label="{target} is asleep: disabled until hurt",
    ),
    "Drown": Spell(
        target=MinionDown(), covers=("Submerge target minion or artifact, if able.",), moves="submerge",
        moves_artifacts=True,
    ),
    "Exhume": Spell(target=UnburrowAll(), covers=("Unburrow everything at target land site",)),
    "Fade": Spell(
        target=AnAlly(minion=True), covers=("Give an allied minion Stealth.",),
        effect={"kind": "grant", "unit": "$target", "keywords": ["Stealth"]}, duration="permanent",
        label="{target} has Stealth",
        gaps=STEALTH_MARKS,
    ),
    "Fireball": Spell(
        target=ShootDamage(amount=4, splash=2),
        covers=("Shoot a projectile. It deals 4 damage on impact, and 2 damage to each other unit at that location.",),
    ),
    "Firebolts": Spell(
        target=ShootDamage(amount=1, count=3),
        covers=("Shoot three projectiles in the same direction, one at a time. Each deals 1 damage.",),
    ),
    "Flanking Maneuver": Spell(
        target=AlliesToLocation(),
        covers=("Teleport any number of allies at one location to another location a chess knight's move away.",),
        moves="teleport_knight",
    ),
    "Frost Nova": Spell(
        target=CastingUnit(), covers=("Freeze nearby enemy minions. They're disabled until your next turn.",),
        effect={"kind": "condition", "condition": "disabled", "units": "$affected"},
        affects={"near": "$caster_unit", "enemies_of": "$caster", "minions_only": True}, duration="until_next_turn",
        label="{target} disabled until {caster}'s next turn",
    ),
    "Geyser": Spell(
        target=Sites(count=1), covers=("This turn, flood target site and give each minion there Airborne.",),
        effect={"kind": "grant", "units": "$affected", "keywords": ["Airborne"]},
        also=({"kind": "flooded", "squares": "$targets"},),
        affects={"squares": "$targets", "any_level": True, "minions_only": True}, duration="this_turn",
        label="{target} have Airborne this turn; the site is flooded this turn",
    ),
    "Ghostfire": Spell(target=ShootDamage(amount=1), covers=("Shoot a 1-damage projectile.",)),
    "Grapple Shot": Spell(
        target=AllyShootsAndIsDragged(),
        covers=("An ally shoots a projectile. If it hits a unit, the ally is dragged to that location",),
    ),
    "Ice Lance": Spell(
        target=ShootDamage(amount=3, piercing=True, falloff=(3, 2, 1)),
        covers=("Shoot a piercing projectile. Deal 3, then 2, then 1 damage to up to one hit unit at each of the first three locations along its path.",),
    ),
    "Into the Abyss": Spell(
        target=MinionDownOrIntoVoid(), covers=("Submerge target minion, or pull it into a void it's adjacent to.",),
        moves="submerge",
    ),
    "Joust!": Spell(
        target=AllySwapsWithAdjacentEnemy(),
        covers=("An ally targets an enemy they’re adjacent to, then they both take a step to swap places. If they pass each other, they fight.",),
    ),
    "Lash": Spell(
        target=NearbyMinionHurtAndUntapped(amount=1), covers=("Deal 1 damage to target nearby minion and untap it.",),
    ),
    "Leap Attack": Spell(
        target=AllyMayStep(up_to=1),
        covers=("An ally may take a step, and then it strikes each enemy at its location.",),
        gaps="only the step is simulated, not the strikes",
    ),
    "Led Astray": Spell(
        target=EnemiesStepTogether(),
        covers=("Choose any number of enemies at target location. They take a step together to another location they're adjacent to.",),
    ),
    "Lure": Spell(
        target=AllyLuresEnemy(),
        covers=("An ally tempts an enemy minion at a nearby site into taking a step closer.",),
    ),
    "Heat Ray": Spell(
        target=ShootDamage(amount=2, piercing=True), covers=("Shoot a piercing projectile. Deal 2 damage to each hit unit.",),
    ),
    "Mad Dash": Spell(
        target=AnAlly(), covers=("then give an ally Movement +1 this turn.",),
        effect={"kind": "grant", "unit": "$target", "movement": 1}, duration="this_turn",
        label="{target} has Movement +1",
    ),
    "Magic Missiles": Spell(
        target=ShootDamage(amount=1, count=3),
        covers=("Shoot three projectiles in the same direction, one at a time. Each deals 1 damage.",),
    ),
    "Marine Voyage": Spell(
        target=Sites(count=1),
        covers=("This turn, your units can move between any sites in a chosen body of water as if they were adjacent.",),
        effect={"kind": "as_if_adjacent", "span_of": "$target_square", "water": True, "for_player": "$caster"},
        duration="this_turn",
        label="{caster}'s units can move between the sites of the body of water at {targets} as if adjacent",
    ),
    "Minor Explosion": Spell(
        target=DamageAtLocationUpToSteps(reach=2, amount=3),
        covers=("Deal 3 damage to each unit at target location up to two steps away.",),
    ),
    "Minecart Madness": Spell(
        target=Sites(count=1),
        covers=("This turn, your units can move between any sites in a chosen span of land as if they were adjacent.",),
        effect={"kind": "as_if_adjacent", "span_of": "$target_square", "water": False, "for_player": "$caster"},
        duration="this_turn",
        label="{caster}'s units can move between the sites of the span of land at {targets} as if adjacent",
    ),
    "Mortality": Spell(
        target=KillAtLocationUpToSteps(reach=2, subtypes=("Mortal",)),
        covers=("Kill all Mortal minions at target location up to two steps away.",),
    ),
    "Onslaught": Spell(
        target=NoTarget(),
        covers=("This turn, allies gain +1 power, Charge, and can't be immobilized, silenced, or disabled.",),
        effect={"kind": "grant", "allies_of": "$caster", "keywords": ["Charge"]},
        also=({"kind": "immune", "allies_of": "$caster", "conditions": ["immobile", "silenced", "disabled"]},),
        duration="this_turn", label="{caster}'s allies have Charge and can't be immobilized, silenced or disabled",
        gaps="the +1 power is not simulated",
    ),
    "Power of Flight": Spell(
        target=AnAlly(minion=True), covers=("Give an allied minion Airborne until your next turn.",),
        effect={"kind": "grant", "unit": "$target", "keywords": ["Airborne"]}, duration="until_next_turn",
        label="{target} has Airborne",
    ),
    "Psionic Blast": Spell(
        target=CastingUnit(), covers=("They're disabled until your next turn.",),
        effect={"kind": "condition", "condition": "disabled", "units": "$affected"},
        affects={"here": "$caster_unit", "minions_only": True}, duration="until_next_turn",
        label="{target} disabled until {caster}'s next turn",
    ),
    "Recall": Spell(
        target=AlliedMinionsToCaster(), covers=("Teleport any number of allied minions to the caster’s location.",),
        moves="teleport_anywhere",
    ),
    "Riptide": Spell(
        target=WaterSitePullsIn(), covers=("Target water site pulls in an aboveground unit it's adjacent to.",),
    ),
    "Scatter": Spell(
        target=EachAtLocation(), covers=("Push everything at target location one step, one at a time.",),
        moves="push", moves_artifacts=True,
    ),
    "Second Wind": Spell(target=AlliedMinionSteps(), covers=("An allied minion takes a step.",)),
    "Sleep": Spell(
        target=MinionTwoStepsFromCaster(),
        covers=("Target minion at a location up to two steps away falls asleep. It's disabled until it takes damage.",),
        effect={"kind": "condition", "condition": "disabled", "units": ["$target"]}, duration="until_damaged",
        label="{target} is asleep: disabled until it takes damage",
    ),
    "Stormy Seas": Spell(
        target=SiteDown(), covers=("Submerge all minions and artifacts occupying target water site.",),
        moves="submerge", moves_artifacts=True,
    ),
    "Tactical Move": Spell(target=AlliesStep(up_to=2), covers=("One at a time, each ally takes up to two steps.",)),
    "Teleport": Spell(
        target=UnitToLocation(who="ally", site_surface=True),
        covers=("Teleport an ally to the surface of target site.",), moves="teleport_site",
    ),
    "The Flood": Spell(
        target=SavedMinions(),
        covers=("Permanently flood the entire realm, including voids. Submerge everything except one minion of each type.",),
        effect={"kind": "flooded", "everywhere": True}, duration="permanent",
        label="the entire realm is flooded for good; saved from submerging: {targets}", then="submerge_on_water",
        gaps="the voids are not flooded (what a flooded void is, the codex does not say); artifacts are not submerged",
    ),
    "Trial by Water": Spell(
        target=MinionNearAlly(adjacent=False), covers=("An ally submerges target minion it's nearby.",),
        moves="submerge",
    ),
    "Vanishment": Spell(
        target=NoTarget(), covers=("Give all allied minions Stealth.",),
        effect={"kind": "grant", "units": "$affected", "keywords": ["Stealth"]},
        affects={"allies_of": "$caster", "minions_only": True}, duration="permanent", label="{target} have Stealth",
        gaps=STEALTH_MARKS,
    ),
    "Wave of Eviction": Spell(
        target=WaterSiteOverflows(),
        covers=("An allied water site overflows in a cardinal direction, flooding sites there this turn and carrying away enemies one step at a time.",),
        gaps="the sites of the line are all flooded as it is cast, and each enemy is carried its whole way before the next: the wave does not move them square by square together",
    ),
    "Waypoint Portal": Spell(
        target=Sites(count=2),
        covers=("Choose two different sites. This turn, units can move between them as if they were adjacent.",),
        effect={"kind": "as_if_adjacent", "squares": "$targets"}, duration="this_turn",
        label="units can move between {targets} as if adjacent",
    ),
    "Whirling Blades": Spell(
        target=AllyMayStep(up_to=2),
        covers=("An ally may take up to two steps, and then strikes each enemy along their entire path.",), gaps="only the steps are simulated, not the strikes",
    ),
    "Whirlwind": Spell(
        target=Rotation(),
        covers=("Choose clockwise or counterclockwise. Each unit and artifact atop sites in a two-by-two area is pushed one step in that direction.",),
        moves="push", moves_artifacts=True, gaps=ONE_AFTER_ANOTHER,
    ),
    "Windblast": Spell(
        target=Direction(), covers=("Push everything atop sites one step in a cardinal direction.",), moves="push",
        moves_artifacts=True, gaps=ONE_AFTER_ANOTHER,
    ),
    "Wrath of the Sea": Spell(
        target=SitesByWater(),
        covers=("Flood all sites adjacent to a body of water this turn. Then submerge all minions and artifacts on water.",),
        effect={"kind": "flooded", "squares": "$flood_squares"}, duration="this_turn",
        label="the sites adjacent to a body of water ({targets}) are flooded this turn", then="submerge_on_water",
        gaps=ARTIFACTS_NOT_SUBMERGED,
    ),
}
