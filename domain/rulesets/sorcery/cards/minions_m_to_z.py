"""Minions, M to Z: their keywords' limits, carrying, Moves Freely, and what they trigger and activate.

Each card's abilities in the order the engine reads them (its passive effects start in that
order); the words each one models are the card's own (``covers``)."""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import (
    Ability,
    AdjacentEnemyStep,
    AfterCasting,
    Attacked,
    AtTurn,
    EnemyCasts,
    EntersVoid,
    Genesis,
    Grows,
    NearbyAlliedMinion,
    ReleaseShackled,
    Resolve,
    Size,
    StartEffect,
    StepThenConstrict,
    TeleportNearbyTapOthers,
    Untap,
    UntapAlliedMinion,
)
from domain.rulesets.sorcery.cards.at_distance import DamageUpToSteps, ShootAndDrag, TapNearbyEnemy
from domain.rulesets.sorcery.cards.gaps import (
    AT_REST_GAPS,
    GROWING_GAPS,
    OVERSIZED_GAPS,
    STEALTH_GAP,
    STEALTH_KEPT,
    STEALTH_MARKS,
    YOG_SOTHOTH_GAPS,
)

CARDS: dict[str, tuple[Ability, ...]] = {
    "Malakhim": (
        Ability(
            name="untaps itself at the end of your turn", timing="triggered",
            covers=("At the end of your turn, untap Malakhim.",), trigger="end_untap",
            when=AtTurn(end=True), does=Untap(scope={"unit": "$source"}),
        ),
    ),
    "Master Tracker": (
        Ability(
            name="minions in scope lose Stealth for good", timing="ongoing",
            covers=("All enemies permanently lose Stealth.",),
            passive={"kind": "lose", "keywords": ["Stealth"], "permanent": True, "everywhere": True, "enemies_of": "$controller"},
        ),
    ),
    "Maze Minotaur": (
        Ability(
            name="enemy minions can't move themselves out of the nine locations nearby it", timing="ongoing",
            covers=("Enemy minions can’t move themselves out of a maze of nine locations nearby Maze Minotaur.",),
            passive={"kind": "maze", "unit": "$self", "enemies_of": "$controller"},
        ),
    ),
    "Midland Army": (
        Ability(
            name="deals 4 damage to each unit at a location up to three steps away", timing="activated",
            covers=("Tap → Target a location up to three steps away. Deal 4 damage to each unit there.",),
            activated=DamageUpToSteps(cost="tap", reach=3, amount=4),
        ),
    ),
    "Mesmer Demon": (
        Ability(
            name="Genesis: taps an adjacent enemy minion and makes it step closer", timing="triggered",
            covers=("Genesis → Tap target adjacent enemy minion and make it step closer.",),
            trigger="genesis_step_closer", when=Genesis(choices=AdjacentEnemyStep(closer=True)),
            does=Resolve(name="tap_and_step"),
        ),
    ),
    "Monastery Gargoyle": (
        Ability(
            name="has Airborne or is a Monument, chosen at the start and end of your turn", timing="triggered",
            covers=("At the start and end of your turn, choose whether Monastery Gargoyle has Airborne or is a Monument.",),
            gaps="being a Monument is not simulated: it stays a minion, without Airborne",
            trigger="airborne_or_monument", when=AtTurn(start=True, end=True),
            does=Resolve(name="airborne_or_monument"),
        ),
    ),
    "Monstrous Lion": (
        Ability(
            name="can't attack sites", timing="ongoing", covers=("Can't attack sites",),
            passive={"kind": "restriction", "unit": "$self", "no_attack_sites": True},
        ),
    ),
    "Megamoeba": (
        Ability(
            name="grows from any part of itself, occupying every location it has occupied, +1 power each",
            timing="ongoing",
            covers=("Megamoeba moves by extending a single pseudopod from any part of itself. It occupies all locations it has ever occupied, and has +1 power for each.",),
            gaps=GROWING_GAPS, grows=Grows(per="location"),
        ),
    ),
    "Mountain Giant": (
        Ability(
            name="occupies a 2x2 area", timing="ongoing", covers=("Occupies four locations.",),
            gaps=OVERSIZED_GAPS, size=Size(columns=2, rows=2),
        ),
    ),
    "Moss Troll": (
        Ability(
            name="loses Stealth for good once it moves", timing="ongoing", covers=("Loses Stealth if it moves.",),
            lost_once_it_moves=("Stealth",),
        ),
    ),
    "Nelly Longarms": (
        Ability(
            name="shoots a projectile and drags the hit unit here; may submerge it", timing="activated",
            covers=("Tap → Shoot a projectile. If it hits a unit, drag it here. Nelly may submerge it.",),
            activated=ShootAndDrag(cost="tap", may_submerge=True),
        ),
    ),
    "Nightmare": (
        Ability(
            name="may push each enemy minion here at the end of your turn", timing="triggered",
            covers=("At the end of your turn, for each enemy minion here, you may push it to an adjacent location or void.",),
            trigger="end_may_push_enemy_here",
            when=AtTurn(end=True, each="enemy_minion_here"), does=Resolve(name="may_push"),
        ),
    ),
    "Outback Strider": (
        Ability(
            name="moves freely between land sites not occupied by other units", timing="ongoing",
            covers=("Moves freely between land sites not occupied by other units.",),
            passive={"kind": "moves_freely", "condition": "land_sites_unoccupied", "unit": "$self"},
        ),
    ),
    "Phantom Steed": (
        Ability(
            name="may carry an allied minion", timing="ongoing", covers=("May carry an allied minion.",), carry=1,
            carry_allies="minion",
        ),
    ),
    "Phase Assassin": (
        Ability(
            name="gains Stealth whenever he enters the void", timing="triggered",
            covers=("Whenever Phase Assassin enters the void, he gains Stealth.",),
            gaps=STEALTH_MARKS,
            trigger="gains_stealth_entering_void", when=EntersVoid(),
            does=Resolve(name="gain_stealth_in_the_void"),
        ),
    ),
    "Polar Bears": (
        Ability(
            name="moves as if top and bottom edges were connected", timing="ongoing",
            covers=("Can move as if the top and bottom edges of the realm were connected.",),
            passive={"kind": "as_if_connected", "unit": "$self"},
        ),
    ),
    "Polar Explorers": (
        Ability(
            name="allied units here move as if top and bottom edges were connected", timing="ongoing",
            covers=("Allied units here can move as if the top and bottom edges of the realm were connected.",),
            passive={"kind": "as_if_connected", "allies_here_of": "$controller"},
        ),
    ),
    "Questing Beast": (
        Ability(
            name="may take a step at the end of your turn", timing="triggered",
            covers=("At the end of your turn, Questing Beast may take a step.",), trigger="end_may_step",
            when=AtTurn(end=True), does=Resolve(name="may_step"),
        ),
    ),
    "Pudge Butcher": (
        Ability(
            name="shoots a projectile and drags the hit unit to his location", timing="activated",
            covers=("Tap → Shoot a projectile. If it hits a unit, drag it to this location.",),
            activated=ShootAndDrag(cost="tap"),
        ),
    ),
    "Queen Guinevere": (
        Ability(
            name="untaps an allied minion", timing="activated",
            covers=("Once on your turn, Queen Guinevere may untap target allied minion.",),
            activated=UntapAlliedMinion(cost="once"),
        ),
    ),
    "Rebecks": (  # no "other": Rebecks, a Giant, is nearby itself (codex: Nearby)
        Ability(
            name="nearby allied Giants have Charge", timing="ongoing", covers=("Nearby allied Giants have Charge.",),
            passive={"kind": "grant", "keywords": ["Charge"], "near": "$self", "allies_of": "$controller", "subtypes": ["Giant"]},
        ),
    ),
    "Recurring Specter": (  # "Can't defend", as Tawny's
        Ability(
            name="can't defend", timing="ongoing", covers=("Can't defend.",),
            passive={"kind": "restriction", "unit": "$self", "no_defend": True},
        ),
    ),
    "Ribble Boggart": (
        Ability(
            name="gains a random mutation until the end of turn, at the start of your turn", timing="triggered",
            covers=("At the start of your turn, Boggart gains a random mutation until the end of turn: Airborne, Ranged, Lethal, or +3 power.",),
            gaps="the +3 power is not simulated",
            trigger="start_random_mutation", when=AtTurn(start=True),
            does=Resolve(name="random_mutation"),
        ),
    ),
    "Root Spider": (
        Ability(
            name="while burrowed, minions directly above it are disabled", timing="ongoing",
            covers=("While Root Spider is burrowed, minions directly above it are disabled.",),
            passive={"kind": "condition", "condition": "disabled", "above": "$self", "minions_only": True},
        ),
    ),
    "Ruler of Thul": (
        Ability(
            name="allies move as if top and bottom edges were connected", timing="ongoing",
            covers=("Allies can move as if the top and bottom edges of the realm were connected.",),
            passive={"kind": "as_if_connected", "allies_of": "$controller"},
        ),
    ),
    "Scent Hounds": (
        Ability(
            name="minions in scope lose Stealth for good", timing="ongoing",
            covers=("Nearby enemies permanently lose Stealth.",),
            passive={"kind": "lose", "keywords": ["Stealth"], "permanent": True, "near": "$self", "enemies_of": "$controller"},
        ),
    ),
    "Screamer": (
        Ability(
            name="Genesis: taps an adjacent enemy minion and makes it step away", timing="triggered",
            covers=("Genesis → Tap target adjacent enemy minion and make it take a step away.",),
            trigger="genesis_step_away", when=Genesis(choices=AdjacentEnemyStep(closer=False)),
            does=Resolve(name="tap_and_step"),
        ),
    ),
    "Sedge Crabs": (
        Ability(
            name="moves itself only sideways", timing="ongoing", covers=("Can only move themselves sideways.",),
            passive={"kind": "restriction", "unit": "$self", "own_steps": "sideways"},
        ),
    ),
    "Shackled Demon": (  # disabled until released: the release is granted to adjacent Spellcasters
        Ability(
            name="disabled until released", timing="ongoing",
            covers=("Disabled until an adjacent Spellcaster taps to release him.",),
            passive={"kind": "condition", "condition": "disabled", "unit": "$self"},
        ),
        Ability(
            name="an adjacent Spellcaster taps to release him", timing="activated",
            covers=("Disabled until an adjacent Spellcaster taps to release him.",),
            activated=ReleaseShackled(cost="tap", granted="adjacent"),
        ),
    ),
    "Silver Valkyries": (
        Ability(
            name="untaps all allies here at the end of your turn", timing="triggered",
            covers=("At the end of your turn, untap all allies here.",), trigger="end_untap",
            when=AtTurn(end=True), does=Untap(scope={"here": "$source", "allies_of": "$controller"}),
        ),
    ),
    "Sir Bors the Younger": (
        Ability(
            name="enemies lose Stealth", timing="ongoing", covers=("Enemies lose Stealth.",),
            passive={"kind": "lose", "keywords": ["Stealth"], "everywhere": True, "enemies_of": "$controller"},
        ),
    ),
    "Sir Gaheris": (
        Ability(
            name="untaps at the end of your turn", timing="triggered",
            covers=("Untaps at the end of your turn.",), trigger="end_untap",
            when=AtTurn(end=True), does=Untap(scope={"unit": "$source"}),
        ),
    ),
    "Sir Morien": (
        Ability(
            name="enemy projectiles can't enter his location", timing="ongoing",
            covers=("Enemy projectiles can't enter here.",),
            passive={"kind": "projectile_bar", "here": "$self", "enemies_of": "$controller"},
        ),
    ),
    "Sir Pelleas": (
        Ability(
            name="moves freely between water locations", timing="ongoing",
            covers=("Moves freely between water locations.",),
            passive={"kind": "moves_freely", "condition": "water_locations", "unit": "$self"},
        ),
    ),
    "Sir Tristan": (
        Ability(
            name="taps a nearby enemy minion, which doesn't untap the next time it would", timing="activated",
            covers=("Once on your turn, Sir Tristan may tap target nearby enemy minion. That enemy doesn't untap the next time it would.",),
            activated=TapNearbyEnemy(cost="once"),
        ),
    ),
    "Sister Stefánia": (
        Ability(
            name="other nearby minions are silenced", timing="ongoing",
            covers=("Other nearby minions are silenced.",),
            passive={"kind": "condition", "condition": "silenced", "near": "$self", "exclude": "$self", "minions_only": True},
        ),
    ),
    "Sisters of Silence": (
        Ability(
            name="other nearby minions are silenced", timing="ongoing",
            covers=("Other nearby minions are silenced.",),
            passive={"kind": "condition", "condition": "silenced", "near": "$self", "exclude": "$self", "minions_only": True},
        ),
    ),
    "Skeleton": (
        Ability(
            name="can't move to defend", timing="ongoing", covers=("Can't move to defend.",),
            passive={"kind": "restriction", "unit": "$self", "defend_in_place": True},
        ),
    ),
    "Sky Baron": (
        Ability(
            name="all other minions lose Airborne", timing="ongoing", covers=("All other minions lose Airborne.",),
            passive={"kind": "lose", "keywords": ["Airborne"], "everywhere": True, "minions_only": True, "exclude": "$self"},
        ),
    ),
    "Slumbering Giantess": (
        Ability(
            name="Genesis: falls asleep, disabled until hurt", timing="triggered",
            covers=("Genesis → Fall asleep. Slumbering Giantess is disabled until hurt.",), trigger="genesis_sleep",
            when=Genesis(),
            does=StartEffect(spec={"kind": "condition", "condition": "disabled", "units": ["$source"]}, duration="until_damaged", label="{source} is asleep: disabled until hurt"),
        ),
    ),
    "Sly Fox": (
        Ability(
            name="gains Stealth at the end of your turn", timing="triggered",
            covers=("Gains Stealth at the end of your turn.",),
            gaps=STEALTH_KEPT,
            trigger="end_gain_stealth", when=AtTurn(end=True),
            does=Resolve(name="gain_stealth"),
        ),
    ),
    "Stagecoach": (
        Ability(
            name="may carry any number of minions", timing="ongoing", covers=("May carry any number of minions.",),
            carry=99, carry_allies="any_minion",
        ),
    ),
    "Stone-gaze Gorgons": (
        Ability(
            name="other minions at rest at adjacent locations are disabled", timing="ongoing",
            covers=("Other minions at rest at adjacent locations are disabled.",),
            gaps=AT_REST_GAPS,
            passive={"kind": "condition", "condition": "disabled", "adjacent_to": "$self", "exclude": "$self", "minions_only": True, "at_rest": True},
        ),
    ),
    "Sturmgeist": (
        Ability(
            name="whenever an enemy casts magic, steps closer to the caster", timing="triggered",
            covers=("Whenever an enemy casts magic, Sturmgeist steps closer",), trigger="step_closer_to_caster",
            when=EnemyCasts(), does=Resolve(name="step_closer_to_caster"),
        ),
    ),
    "Sugarplum Pixies": (
        Ability(
            name="untaps another nearby ally at the end of your turn", timing="triggered",
            covers=("At the end of your turn, untap another nearby ally.",), trigger="end_untap_another",
            when=AtTurn(end=True), does=Resolve(name="untap_another_nearby_ally"),
        ),
    ),
    "Survivors of Serava": (
        Ability(
            name="gains Stealth at the end of your turn if no enemies are nearby", timing="triggered",
            covers=("At the end of your turn, if no enemies are nearby, this gains Stealth.",),
            gaps=STEALTH_KEPT,
            trigger="end_gain_stealth_alone", when=AtTurn(end=True),
            does=Resolve(name="gain_stealth_alone"),
        ),
    ),
    "Swindler Troupe": (
        Ability(
            name="Genesis: gives another nearby allied minion Stealth", timing="triggered",
            covers=("Genesis → Give another nearby allied minion Stealth.",),
            gaps=STEALTH_GAP,
            trigger="genesis_give_stealth", when=Genesis(choices=NearbyAlliedMinion()),
            does=Resolve(name="give_stealth"),
        ),
    ),
    "Talamh Dreig": (  # "Can't be moved by force", as Iron Man Talus's (rules/barriers.py)
        Ability(name="can't be moved by force", timing="ongoing", covers=("Can't be moved by force.",), unmovable=True),
    ),
    "Tawny": (
        Ability(
            name="can't defend", timing="ongoing", covers=("Can't defend",),
            passive={"kind": "restriction", "unit": "$self", "no_defend": True},
        ),
    ),
    "The Green Knight": (
        Ability(
            name="an enemy minion that can attack it must", timing="ongoing",
            covers=("Whenever an enemy minion can attack The Green Knight, it must.",),
            passive={"kind": "must_attack", "target": "$self", "enemies_of": "$controller"},
        ),
    ),
    "The Wild Hunt": (
        Ability(
            name="other nearby Spirits and Faeries have Charge", timing="ongoing",
            covers=("Other nearby Spirits and Faeries have Charge.",),
            passive={"kind": "grant", "keywords": ["Charge"], "near": "$self", "exclude": "$self", "subtypes": ["Spirit", "Faerie"]},
        ),
    ),
    "Thing in the Ice": (
        Ability(
            name="Genesis: disabled for three of its controller's turns", timing="triggered",
            covers=("Genesis → Disabled for three of your turns.",), trigger="genesis_ice", when=Genesis(),
            does=StartEffect(spec={"kind": "condition", "condition": "disabled", "units": ["$source"]}, duration="your_turns_3", label="{source} is disabled for three of {controller}'s turns"),
        ),
    ),
    "Thundering Giant": (
        Ability(
            name="teleports to another nearby location, tapping the other units there", timing="activated",
            covers=("Once on your turn, Thundering Giant may teleport to another nearby location. Tap all other units there on arrival.",),
            activated=TeleportNearbyTapOthers(cost="once"),
        ),
    ),
    "Tide Naiads": (
        Ability(
            name="the site it occupies is flooded", timing="ongoing",
            covers=("This site is flooded. It is a water site.",),
            gaps="the lookahead judges the Naiads' own move with the site they start on flooded; the flood follows them as each step resolves",
            passive={"kind": "flooded", "site_of": "$self"},
        ),
    ),
    "Tringh Constrictor": (
        Ability(
            name="may take a step, then constricts a minion here and carries it disabled; kills it instead of untapping",
            timing="activated",
            covers=("Tap → Tringh Constrictor may take a step", "then it constricts target minion here and carries it disabled.", "The next time Tringh Constrictor would untap, it instead kills that minion if it's still constricted."),
            activated=StepThenConstrict(cost="tap"),
        ),
    ),
    "Undesirables": (
        Ability(
            name="allies can't enter its site", timing="ongoing", covers=("Allies can't enter this site.",),
            passive={"kind": "location_ban", "allies_of": "$controller", "site_of": "$self"},
        ),
    ),
    "Unland Angler": (
        Ability(
            name="while submerged, enemy minions atop adjacent sites step toward it at the start of your turn",
            timing="triggered",
            covers=("At the start of your turn, if Unland Angler is submerged, force each enemy minion atop adjacent sites to take a step toward this one.",),
            trigger="start_lure_adjacent", when=AtTurn(start=True),
            does=Resolve(name="lure_adjacent"),
        ),
    ),
    "Vatn Draconis": (
        Ability(
            name="may submerge all minions and artifacts here at the end of your turn", timing="triggered",
            covers=("At the end of your turn, you may submerge all minions and artifacts here.",),
            trigger="end_may_submerge_here", when=AtTurn(end=True),
            does=Resolve(name="may_submerge_here"),
        ),
    ),
    "War Horse": (
        Ability(
            name="may carry an ally", timing="ongoing", covers=("May carry an ally.",), carry=1, carry_allies="unit",
        ),
    ),
    "Wills-o'-the-Wisp": (
        Ability(
            name="whenever attacked, may teleport to another nearby location or void to evade the attack",
            timing="triggered",
            covers=("Whenever Wills-o’-the-Wisp are attacked, they may teleport to another nearby location or void to evade the attack.",),
            trigger="evade_teleport", when=Attacked(),
            does=Resolve(name="evade_teleport"),
        ),
    ),
    "Wind Sylph": (
        Ability(
            name="after she casts a Magic spell, may push a unit here one step", timing="triggered",
            covers=("After Wind Sylph casts a Magic spell, she may push a unit here one step.",),
            trigger="after_cast_may_push_here", when=AfterCasting(),
            does=Resolve(name="push_a_unit_here"),
        ),
    ),
    "Yog-Sothoth": (  # its area is the whole realm, 5 columns by 4 rows
        Ability(name="occupies every location of the realm, safely", timing="ongoing", covers=("Occupies all locations safely.",),
                gaps=YOG_SOTHOTH_GAPS, size=Size(columns=5, rows=4, safely=True)),
        Ability(name="is banished while the realm has fewer than five voids", timing="ongoing",
                covers=("Is banished without five voids.",), banished_without_voids=5),
    ),
    "Zephyranne Airship": (
        Ability(
            name="may carry any number of allied minions", timing="ongoing",
            covers=("May carry any number of allied minions.",), carry=99, carry_allies="minion",
        ),
    ),
    "Zombie Horde": (
        Ability(
            name="can't move to defend", timing="ongoing", covers=("Can't move to defend.",),
            passive={"kind": "restriction", "unit": "$self", "defend_in_place": True},
        ),
    ),
}
