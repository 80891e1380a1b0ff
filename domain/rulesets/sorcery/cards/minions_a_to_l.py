"""Minions, A to L: their keywords' limits, carrying, Moves Freely, and what they trigger and activate.

Each card's abilities in the order the engine reads them (its passive effects start in that
order); the words each one models are the card's own (``covers``)."""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import (
    Ability,
    AdjacentUnit,
    AtTurn,
    DiesNearby,
    Enters,
    Genesis,
    Grows,
    LureCloser,
    MinionHere,
    Moves,
    OwnStep,
    Placement,
    Resolve,
    StartEffect,
    StepsInDirection,
    StepsOntoGroundAbove,
    Stops,
    TeleportToTappedBurrow,
)
from domain.rulesets.sorcery.cards.at_distance import DragInAdjacent, HurtToUntap, RangedStrike, ShootDamageTap
from domain.rulesets.sorcery.cards.gaps import AT_REST_GAPS, GROWING_GAPS, VOIDS

CARDS: dict[str, tuple[Ability, ...]] = {
    "Abaddon Succubus": (
        Ability(
            name="lures an adjacent enemy minion a step closer; arriving, it takes 2 damage and you heal 2",
            timing="activated",
            covers=("Once on your turn, may lure target adjacent enemy minion to take a step closer. When it arrives, it takes 2 damage and you heal 2.",),
            activated=LureCloser(cost="once", who="adjacent_enemy_minion", then="damage_heal", damage=2, heal=2),
        ),
    ),
    "Adtonitum": (
        Ability(
            name="may deal 3 damage to another random unit where she stops", timing="triggered",
            covers=("Whenever Adtonitum stops, she may deal 3 damage to another random unit there.",),
            trigger="damage_on_stop", when=Stops(), does=Resolve(name="damage_random_here"),
        ),
    ),
    "Aethermoeba": (
        Ability(
            name="grows from any part of itself, occupying every location it has occupied, +1 power each void",
            timing="ongoing",
            covers=("Moves by expanding from any part of itself. It occupies all locations it has ever occupied, and has +1 power for each one that is void.",),
            gaps=GROWING_GAPS, grows=Grows(per="void"),
        ),
    ),
    "Aino": (
        Ability(
            name="may step between the top and bottom edges of the realm at the end of your turn, gaining Stealth",
            timing="triggered",
            covers=("At the end of your turn, Aino may take a step between the top and bottom edges of the realm to gain Stealth.",),
            gaps="the Stealth gained is not lost when she interacts with the realm (Stealth tokens are not simulated)",
            trigger="end_may_step_across_edges", when=AtTurn(end=True),
            does=Resolve(name="may_step_across_edges"),
        ),
    ),
    "Archangel Michael": (
        Ability(
            name="Genesis: Michael takes a step", timing="triggered", covers=("Genesis → Michael takes a step,",),
            trigger="genesis_takes_a_step", when=Genesis(choices=OwnStep()), does=Resolve(name="takes_a_step"),
        ),
    ),
    "Army of the Dead": (
        Ability(
            name="leaves a Skeleton token behind each time it enters a new location", timing="triggered",
            covers=("Whenever this Army moves or takes damage, it leaves a Skeleton token behind.",),
            gaps="not when it takes damage", trigger="leaves_skeleton", when=Moves(),
            does=Resolve(name="leave_skeleton"),
        ),
    ),
    "Avenging Angel": (
        Ability(
            name="has Charge and Lethal if an ally died on the opponent's last turn", timing="ongoing",
            covers=("Has Charge and Lethal if an ally died on your opponent's last turn.",),
            passive={"kind": "grant", "unit": "$self", "keywords": ["Charge", "Lethal"], "ally_died_for": "$controller"},
        ),
    ),
    "Awakened Mummies": (
        Ability(
            name="summoned burrowed safely: Burrowing while below the site it was summoned to", timing="ongoing",
            covers=("Summon Awakened Mummies burrowed safely.",),
            passive={"kind": "grant", "keywords": ["Burrowing"], "unit": "$self", "squares": ["$square"], "any_level": True, "region": "underground"},
            placement=Placement(rule="burrowed_safely", text="Summon Awakened Mummies burrowed safely."),
        ),
        Ability(
            name="burrowed safely: can't move itself while below the site it was summoned to", timing="ongoing",
            covers=("Summon Awakened Mummies burrowed safely.",),
            passive={"kind": "condition", "condition": "immobile", "unit": "$self", "squares": ["$square"], "any_level": True, "region": "underground"},
        ),
        Ability(
            name="unburrow and fight an enemy moving onto the ground above them", timing="triggered",
            covers=("When an enemy unit moves onto the ground above them, they unburrow and fight.",),
            trigger="mummies_awaken", when=StepsOntoGroundAbove(),
            scope={"enemies_of": "$controller"}, does=Resolve(name="unburrow_and_fight"),
        ),
    ),
    "Beast of Burden": (
        Ability(
            name="may carry any number of allied minions", timing="ongoing",
            covers=("May carry any number of allied minions.",), carry=99, carry_allies="minion",
        ),
    ),
    "Bound Spirit": (
        Ability(
            name="disabled unless adjacent to an allied Spellcaster", timing="ongoing",
            covers=("Disabled unless adjacent to an allied Spellcaster.",),
            passive={"kind": "condition", "condition": "disabled", "unit": "$self", "unless_adjacent_ally_with": "Spellcaster"},
        ),
    ),
    "Brobdingnag Bullfrog": (
        Ability(
            name="Genesis: swallows another minion here and carries it disabled until he leaves the realm",
            timing="triggered",
            covers=("Genesis → Brobdingnag Bullfrog swallows another target minion here. He carries it disabled in his belly until he leaves the realm.",),
            trigger="genesis_swallow", when=Genesis(choices=MinionHere()), does=Resolve(name="swallow"),
        ),
    ),
    "Bull Demons of Adum": (
        Ability(
            name="moves three steps in a cardinal direction", timing="activated",
            covers=("Tap → Move three steps in a cardinal direction.",),
            activated=StepsInDirection(cost="tap", steps=3),
        ),
    ),
    "Cerberus in Chains": (
        Ability(
            name="must be summoned to your Avatar's location, at a site you control", timing="ongoing",
            covers=("Must be summoned to your location.",),
            placement=Placement(rule="to_your_avatar", text="Must be summoned to your location."),
        ),
        Ability(
            name="teleports to your Avatar whenever it enters a new location", timing="triggered",
            covers=("Cerberus in Chains automatically follows you and can't move itself away.",),
            trigger="follows_avatar", when=Enters(avatars_only=True),
            scope={"allies_of": "$controller", "exclude": "$self"}, does=Resolve(name="teleport_to_avatar"),
        ),
        Ability(
            name="can't move itself farther from your Avatar", timing="ongoing",
            covers=("Cerberus in Chains automatically follows you and can't move itself away.",),
            passive={"kind": "restriction", "unit": "$self", "not_away_from_avatar": True},
        ),
    ),
    "Cherubim": (
        Ability(
            name="shoots a projectile that deals 4 damage", timing="activated",
            covers=("Tap → Shoot a projectile that deals 4 damage.",),
            activated=ShootDamageTap(cost="tap", amount=4),
        ),
    ),
    "Coy Nixie": (
        Ability(
            name="a nearby enemy takes a step towards her, then taps", timing="activated",
            covers=("Once on your turn, Coy Nixie may force target nearby enemy to take a step towards her. Tap that enemy.",),
            activated=LureCloser(cost="once", who="nearby_enemy", then="tap"),
        ),
    ),
    "Crawler": (
        Ability(
            name="projectiles fly over it", timing="ongoing", covers=("Projectiles fly over Crawler.",),
            passive={"kind": "flown_over", "unit": "$self"},
        ),
    ),
    "Crawling Congregation": (
        Ability(
            name="projectiles fly over it and its adjacent allies", timing="ongoing",
            covers=("Projectiles fly over this and other adjacent allies.",),
            passive={"kind": "flown_over", "adjacent_to": "$self", "allies_of": "$controller"},
        ),
    ),
    "Cranky Overseer": (
        Ability(
            name="hurts an adjacent Ordinary minion to untap it", timing="activated",
            covers=("Once on your turn, the Overseer may deal 1 damage to target adjacent Ordinary minion to untap it.",),
            activated=HurtToUntap(cost="once", amount=1),
        ),
    ),
    "Dalcean Phalanx": (
        Ability(
            name="moves itself only forward", timing="ongoing", covers=("Can only move themselves forward.",),
            passive={"kind": "restriction", "unit": "$self", "own_steps": "forward"},
        ),
    ),
    "Draco Corvus": (
        Ability(
            name="teleports to a tapped minion to burrow it", timing="activated",
            covers=("Tap → Teleport to target tapped minion to burrow it.",),
            activated=TeleportToTappedBurrow(cost="tap"),
        ),
    ),
    "Dwarven Digging Team": (
        Ability(
            name="allied minions occupying nearby sites have Burrowing", timing="ongoing",
            covers=("Allied minions occupying nearby sites have Burrowing.",),
            passive={"kind": "grant", "keywords": ["Burrowing"], "near": "$self", "near_sites": True, "allies_of": "$controller", "minions_only": True},
        ),
    ),
    "East-West Dragon": (
        Ability(
            name="moves freely sideways", timing="ongoing", covers=("Moves freely sideways.",),
            passive={"kind": "moves_freely", "condition": "sideways", "unit": "$self"},
        ),
    ),
    "Felbog Frog Men": (
        Ability(
            name="leaps over an adjacent site in one step", timing="ongoing",
            covers=("Can leap entirely over adjacent sites in one step.",), passive={"kind": "leap", "unit": "$self"},
        ),
    ),
    "Fine Courser": (
        Ability(
            name="may carry an ally", timing="ongoing", covers=("May carry an ally.",), carry=1, carry_allies="unit",
        ),
    ),
    "Giant Shark": (
        Ability(
            name="moves to a unit entering its body of water to fight it", timing="triggered",
            covers=("Whenever another unit enters or moves between sites in this body of water, Giant Shark moves to that unit to fight it.",),
            trigger="shark_hunt", when=Enters(in_source_body_of_water=True),
            scope={"exclude": "$self"}, does=Resolve(name="move_to_fight"),
        ),
    ),
    "Gloam Toads": (
        Ability(
            name="drags in an adjacent unit", timing="activated",
            covers=("Tap → Drags in target adjacent unit",),
            activated=DragInAdjacent(cost="tap"),
        ),
    ),
    "Gneissgnath Gnomes": (
        Ability(
            name="may burrow at the end of your turn", timing="triggered",
            covers=("At the end of your turn, Gneissgnath Gnomes may burrow.",), trigger="end_may_burrow",
            when=AtTurn(end=True), does=Resolve(name="may_burrow"),
        ),
    ),
    "Gossamer Ghost": (
        Ability(
            name="can't be immobilized or disabled", timing="ongoing", covers=("Can't be immobilized or disabled.",),
            passive={"kind": "immune", "unit": "$self", "conditions": ["immobile", "disabled"]},
        ),
    ),
    "Gravedigger": (
        Ability(
            name="Genesis: burrows an adjacent Undead", timing="triggered",
            covers=("Genesis → Burrow target adjacent Undead.",),
            trigger="genesis_burrow_adjacent_undead", when=Genesis(choices=AdjacentUnit(allies_only=False, subtypes=("Undead",))),
            does=Resolve(name="burrow_chosen"),
        ),
    ),
    "Great Old One": (
        Ability(
            name="Genesis: permanently floods the entire realm", timing="triggered",
            covers=("Genesis → Permanently flood the entire realm, including voids.",),
            gaps=VOIDS,
            trigger="genesis_flood_realm", when=Genesis(),
            does=StartEffect(spec={"kind": "flooded", "everywhere": True}, duration="permanent", label="the entire realm is flooded for good"),
        ),
    ),
    "Guile Sirens": (
        Ability(
            name="a target nearby enemy minion steps toward it at the start of your turn", timing="triggered",
            covers=("At the start of your turn, force target nearby enemy minion to take a step toward Guile Sirens.",),
            trigger="start_lure_target", when=AtTurn(start=True),
            does=Resolve(name="lure_target"),
        ),
    ),
    "Haast Eagle": (
        Ability(
            name="may carry a weaker allied minion", timing="ongoing", covers=("May carry a weaker allied minion.",),
            carry=1, carry_allies="weaker_minion",
        ),
    ),
    "Hauntless Head": (
        Ability(
            name="teleports to the top of a random site or void at the start of your turn", timing="triggered",
            covers=("At the start of your turn, Hauntless Head teleports to the top of a random site or void.",),
            trigger="start_random_teleport", when=AtTurn(start=True),
            does=Resolve(name="random_teleport"),
        ),
    ),
    "Headless Haunt": (
        Ability(
            name="teleports to the top of a random site or void at the start of your turn", timing="triggered",
            covers=("At the start of your turn, Headless Haunt teleports to the top of a random site or void.",),
            trigger="start_random_teleport", when=AtTurn(start=True),
            does=Resolve(name="random_teleport"),
        ),
    ),
    "Hellstar": (
        Ability(
            name="can't attack or defend", timing="ongoing", covers=("can't attack or defend.",),
            passive={"kind": "restriction", "unit": "$self", "no_attack": True, "no_defend": True},
        ),
    ),
    "Helpful Hob": (
        Ability(
            name="Genesis: untaps an adjacent ally", timing="triggered",
            covers=("Genesis → Untap an adjacent ally.",),
            trigger="genesis_untap_adjacent", when=Genesis(choices=AdjacentUnit()), does=Resolve(name="untap_chosen"),
        ),
    ),
    "Hillock Basilisk": (
        Ability(
            name="other minions at rest here or one step in front of it are disabled", timing="ongoing",
            covers=("Other minions at rest here or one step in front of Hillock Basilisk are disabled.",),
            gaps=AT_REST_GAPS,
            passive={"kind": "condition", "condition": "disabled", "in_front_of": "$self", "exclude": "$self", "minions_only": True, "at_rest": True},
        ),
    ),
    "Hollow One": (
        Ability(
            name="disabled until a Mortal or Beast dies nearby", timing="ongoing",
            covers=("Disabled until a Mortal or Beast dies nearby.",),
            passive={"kind": "condition", "condition": "disabled", "unit": "$self"},
            lasts_until=DiesNearby(subtypes=("Mortal", "Beast")),
        ),
    ),
    "Hotwheel": (
        Ability(
            name="Genesis: rolls forward two steps", timing="triggered",
            covers=("Genesis → Rolls forward two steps,",), trigger="genesis_roll_forward", when=Genesis(),
            does=Resolve(name="roll_forward"),
        ),
    ),
    "Hounds of Ondaros": (
        Ability(
            name="minions in scope lose Stealth for good", timing="ongoing",
            covers=("Nearby enemies permanently lose Stealth.",),
            passive={"kind": "lose", "keywords": ["Stealth"], "permanent": True, "near": "$self", "enemies_of": "$controller"},
        ),
    ),
    "Hunting Party": (
        Ability(
            name="nearby enemies lose Stealth", timing="ongoing", covers=("Nearby enemies lose Stealth.",),
            passive={"kind": "lose", "keywords": ["Stealth"], "near": "$self", "enemies_of": "$controller"},
        ),
    ),
    "Hyperparasite": (
        Ability(
            name="may pick up a single minion", timing="ongoing",
            covers=("Can pick up a single minion, disabling them, but can't move while carrying them.",), carry=1,
            carry_allies="any_minion",
        ),
        Ability(
            name="the minion it carries is disabled", timing="ongoing",
            covers=("Can pick up a single minion, disabling them, but can't move while carrying them.",),
            passive={"kind": "condition", "condition": "disabled", "carried_by": "$self"},
        ),
        Ability(
            name="immobile while carrying", timing="ongoing",
            covers=("Can pick up a single minion, disabling them, but can't move while carrying them.",),
            passive={"kind": "condition", "condition": "immobile", "unit": "$self", "carrying": True},
        ),
    ),
    "Kite Archer": (
        Ability(
            name="Ranged", timing="activated",
            covers=("Immediately after performing a ranged strike, Kite Archer may take a step.",),
            activated=RangedStrike(cost="tap", step_after=True),
        ),
    ),
    "Lord of Greed": (
        Ability(name="can't drop artifacts", timing="ongoing", covers=("Can't drop artifacts.",), undroppable="borne"),
    ),
    "Lumbering Giant": (
        Ability(
            name="can't defend or intercept", timing="ongoing", covers=("Can't defend or intercept.",),
            passive={"kind": "restriction", "unit": "$self", "no_defend": True, "no_intercept": True},
        ),
    ),
}
