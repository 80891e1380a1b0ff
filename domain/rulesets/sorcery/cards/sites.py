"""Sites: their passive bans, adjacency, flooding and Genesis (codex: Site).

Each card's abilities in the order the engine reads them (its passive effects start in that
order); the words each one models are the card's own (``covers``)."""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import (
    Ability,
    AtTurn,
    Enters,
    FloodSite,
    Genesis,
    Kill,
    LureHere,
    NearbyAlliedMinion,
    PlayTarget,
    PushOnRivers,
    Resolve,
    Side,
    UnitInBodyOfWater,
)
from domain.rulesets.sorcery.cards.at_distance import FlyToNearbySite, SiteFliesToVoid
from domain.rulesets.sorcery.cards.gaps import STEALTH_GAP, STEALTH_MARKS

CARDS: dict[str, tuple[Ability, ...]] = {
    "Astral Alcazar": (
        Ability(
            name="units move between this site and any void as if adjacent", timing="ongoing",
            covers=("Units can move between this site and any void as if they were adjacent.",),
            passive={"kind": "as_if_adjacent", "hub": "$square", "to_voids": True},
        ),
    ),
    "Babbling Brook": (
        Ability(
            name="Genesis: minions atop nearby sites are disabled until your next turn", timing="triggered",
            covers=("Genesis → Until your next turn, minions are disabled while atop nearby sites.",),
            trigger="genesis_disabled_nearby", when=Genesis(choices=PlayTarget()),
            does=Resolve(name="disable_nearby"),
        ),
    ),
    "Bedrock": (
        Ability(
            name="can't be modified: not flooded nor dried", timing="ongoing",
            covers=("Can't be moved, destroyed, or modified.",),
            gaps="'can't be moved' is not followed; of destroying, The Great Drowning of Men's; of the modifications, flooding and drying",
            passive={"kind": "unmodifiable", "square": "$square"},
        ),
    ),
    "Bog": (
        Ability(
            name="Genesis: units atop target nearby site are Immobile until your next turn", timing="triggered",
            covers=("Genesis → Until your next turn, units are Immobile while atop target nearby site.",),
            trigger="genesis_immobile_atop", when=Genesis(choices=PlayTarget(required=True)),
            does=Resolve(name="immobile_atop_target"),
        ),
    ),
    "Bottomless Pit": (
        Ability(
            name="kills non-Airborne minions that enter", timing="triggered",
            covers=("Whenever a non-Airborne minion enters this site, kill it.",), trigger="kill_on_entry",
            when=Enters(lacking=("Airborne",)),
            scope={"squares": ["$square"], "any_level": True, "minions_only": True},
            does=Kill(why="kills non-Airborne minions that enter it"),
        ),
    ),
    "Bower of Bliss": (
        Ability(
            name="Mortals in the realm are silenced", timing="ongoing",
            covers=("Mortals in the realm become Beasts and are silenced.",),
            gaps="they do not become Beasts: subtypes are not changed",
            passive={"kind": "condition", "condition": "silenced", "everywhere": True, "subtypes": ["Mortal"]},
        ),
    ),
    "Brocéliande": (
        Ability(
            name="Genesis: untaps nearby Faeries, taps nearby Mortals, gives nearby Beasts Stealth",
            timing="triggered",
            covers=("Genesis → Untap nearby Faeries. Tap nearby Mortals. Give nearby Beasts Stealth.",),
            gaps=STEALTH_GAP,
            trigger="genesis_broceliande", when=Genesis(), does=Resolve(name="broceliande"),
        ),
    ),
    "Cloud City": (
        Ability(
            name="flies to a nearby void with what occupies it", timing="activated",
            covers=("(A)(A)(A) — Once on your turn, this site may fly to a nearby void.",),
            activated=SiteFliesToVoid(cost="once", threshold=("air", 3)),
        ),
    ),
    "Dark Alley": (
        Ability(
            name="the first minion that enters gains Stealth", timing="triggered",
            covers=("The first minion that enters here gains Stealth.",),
            gaps=STEALTH_MARKS,
            trigger="first_minion_entering_gains_stealth", when=Enters(first_only=True),
            scope={"squares": ["$square"], "any_level": True, "minions_only": True},
            does=Resolve(name="first_to_enter_gains_stealth"),
        ),
    ),
    "Endless Fence": (
        Ability(
            name="minions can't enter its span of land from the void", timing="ongoing",
            covers=("Minions can't enter this span of land from the void.",),
            passive={"kind": "location_ban", "square": "$square", "from_void_span": True},
        ),
    ),
    "Floodplain": (
        Ability(
            name="floods an adjacent site this turn", timing="activated",
            covers=("Once on your turn, you may flood an adjacent site this turn.",),
            activated=FloodSite(cost="once", where="adjacent", duration="this_turn"),
        ),
    ),
    "Gnome Hollows": (
        Ability(
            name="units with 3 or more power can't enter", timing="ongoing",
            covers=("Units with 3 or more power can’t enter this site.",),
            passive={"kind": "entry_ban", "square": "$square", "min_power": 3},
        ),
    ),
    "Great Wall": (
        Ability(
            name="enemy units can't move through its top border on the ground", timing="ongoing",
            covers=("Enemy units can’t move through this site’s top border on the ground.",),
            passive={"kind": "border_ban", "border": "$top_border", "on_the_ground": True, "enemies_of": "$controller"},
        ),
    ),
    "Hellmouth": (
        Ability(
            name="Evil minions nearby have Burrowing", timing="ongoing",
            covers=("Evil minions nearby or being summoned nearby have Burrowing.",),
            passive={"kind": "grant", "keywords": ["Burrowing"], "near": "$self", "minions_only": True, "subtypes": ["Undead", "Demon", "Monster"]},
        ),
    ),
    "Hunter's Lodge": (
        Ability(
            name="Genesis: enemies lose Stealth", timing="triggered", covers=("Genesis → Enemies lose Stealth.",),
            trigger="genesis_enemies_lose_stealth", when=Genesis(), does=Resolve(name="enemies_lose_stealth"),
        ),
    ),
    "Iceberg": (
        Ability(
            name="minions occupying nearby sites can't submerge or surface", timing="ongoing",
            covers=("Minions occupying nearby sites can't submerge or surface.",),
            passive={"kind": "no_level_change", "squares": "$nearby"},
        ),
    ),
    "Impenetrable Copse": (
        Ability(
            name="projectiles can't enter it from the outside", timing="ongoing",
            covers=("Projectiles can't enter this site from the outside.",),
            passive={"kind": "projectile_bar", "here": "$self"},
        ),
    ),
    "Innsmouth Dock": (
        Ability(
            name="lures an adjacent minion to step here", timing="activated",
            covers=("Once on your turn, you may lure an adjacent minion to step here.",),
            activated=LureHere(cost="once"),
        ),
    ),
    "Kingdom of Agartha": (
        Ability(
            name="all minions have Burrowing while its controller has three earth affinity", timing="ongoing",
            covers=("(E)(E)(E) — All minions have Burrowing.",),
            passive={"kind": "grant", "keywords": ["Burrowing"], "everywhere": True, "minions_only": True, "threshold_of": "$controller", "threshold": ["earth", 3]},
        ),
    ),
    "Maelström": (
        Ability(
            name="may pull in each minion in its body of water one step, at the start of your turn",
            timing="triggered",
            covers=("At the start of your turn, you may pull in each minion in this body of water one step.",),
            gaps="the pulls resolve one after another in id order, not as one simultaneous event; oversized minions are not simulated",
            trigger="start_may_pull_in_body_of_water", when=AtTurn(start=True),
            does=Resolve(name="may_pull_in"),
        ),
    ),
    "Mountain Pass": (
        Ability(
            name="minions can't enter on the ground while a minion is atop", timing="ongoing",
            covers=("Minions can't enter this site on the ground if there's already a minion atop.",),
            passive={"kind": "location_ban", "square": "$square", "ground_if_occupied": True},
        ),
    ),
    "Mudflow": (
        Ability(
            name="surfaces each minion below target nearby site at the start of your turn", timing="triggered",
            covers=("At the start of your turn, surface or unburrow each minion occupying target site nearby.",),
            trigger="start_raise_target_site", when=AtTurn(start=True),
            does=Resolve(name="raise_target_site"),
        ),
    ),
    "Mudslide": (
        Ability(
            name="Genesis: slides units at land sites of its column one step west or east", timing="triggered",
            covers=("Genesis → Slide all units at land sites in this column one step left or right.",),
            trigger="genesis_mudslide", when=Genesis(choices=Side()), does=Resolve(name="slide"),
        ),
    ),
    "Pebbled Paths": (
        Ability(
            name="minions atop nearby sites lose Charge", timing="ongoing",
            covers=("Minions atop nearby sites lose Charge.",),
            passive={"kind": "lose", "keywords": ["Charge"], "squares": "$nearby", "minions_only": True},
        ),
    ),
    "Perilous Bridge": (
        Ability(
            name="units can't traverse its top border on the ground", timing="ongoing",
            covers=("Units can’t traverse this site’s top border on the ground.",),
            passive={"kind": "border_ban", "border": "$top_border", "on_the_ground": True},
        ),
    ),
    "Planar Gate": (
        Ability(
            name="minions at the Gate have Voidwalk, kept in the void until they enter a site", timing="ongoing",
            covers=("Minions here can traverse the void, gaining Voidwalk until leaving it.",),
            gaps="the lookahead does not foresee steps past the first void from the Gate",
            passive={"kind": "grant", "keywords": ["Voidwalk"], "squares": ["$square"], "any_level": True, "minions_only": True, "kept_in_void": True},
        ),
    ),
    "Quagmire": (
        Ability(
            name="Genesis: units occupying nearby sites are Immobile until your next turn", timing="triggered",
            covers=("Genesis → Until your next turn, units are Immobile while they occupy nearby sites.",),
            trigger="genesis_immobile_nearby", when=Genesis(choices=PlayTarget()),
            does=Resolve(name="immobile_nearby"),
        ),
    ),
    "River Rapids": (
        Ability(
            name="pushes a minion on connected Rivers one step", timing="activated",
            covers=("Once on your turn, you may push a minion on connected Rivers one step.",),
            activated=PushOnRivers(cost="once"),
        ),
    ),
    "Secret Tunnel": (
        Ability(
            name="burrowed allies move as if it were adjacent to the controller's other sites", timing="ongoing",
            covers=("Burrowed allies can move as if this were adjacent to your other sites.",),
            passive={"kind": "as_if_adjacent", "hub": "$square", "to_sites_of": "$controller", "for_player": "$controller"},
        ),
    ),
    "Silent Hills": (
        Ability(
            name="Genesis: minions atop nearby sites are silenced until your next turn", timing="triggered",
            covers=("Genesis → Until your next turn, minions are silenced while atop nearby sites.",),
            trigger="genesis_silenced_nearby", when=Genesis(choices=PlayTarget()),
            does=Resolve(name="silence_nearby"),
        ),
    ),
    "Smokestacks of Gnaak": (
        Ability(
            name="other nearby sites lose their abilities", timing="ongoing",
            covers=("Other nearby sites lose their abilities.",),
            passive={"kind": "site_condition", "condition": "silenced", "squares": "$nearby", "exclude": "$square"},
        ),
    ),
    "Sold-out Cemetery": (
        Ability(
            name="when Undead enter it, pushes another Undead here away one step", timing="triggered",
            covers=("Whenever Undead enter this site, push another Undead here away one step.",),
            trigger="cemetery_push_undead", when=Enters(),
            scope={"squares": ["$square"], "any_level": True, "subtypes": ["Undead"]},
            does=Resolve(name="push_another_undead_away"),
        ),
    ),
    "Tadpole Pool": (
        Ability(
            name="Genesis: summons three submerged Frog tokens here while its controller has three water affinity",
            timing="triggered", covers=("(W)(W)(W) — Genesis → Summon three submerged Frog tokens here.",),
            trigger="genesis_tadpoles", when=Genesis(), does=Resolve(name="summon_frogs"),
        ),
    ),
    "Thin Ice": (
        Ability(
            name="submerges the minions atop at the end of your turn if they total 5 or more power",
            timing="triggered",
            covers=("At the end of your turn, if minions atop this site total 5 or more power, submerge them.",),
            trigger="end_submerge_heavy", when=AtTurn(end=True),
            does=Resolve(name="submerge_if_heavy"),
        ),
    ),
    "Treetop Hideout": (
        Ability(
            name="Genesis: may give a nearby allied minion Stealth", timing="triggered",
            covers=("Genesis → You may give Stealth to a nearby allied minion.",),
            gaps=STEALTH_GAP,
            trigger="genesis_may_give_stealth", when=Genesis(choices=NearbyAlliedMinion(optional=True)),
            does=Resolve(name="give_stealth"),
        ),
    ),
    "Undertow": (
        Ability(
            name="Genesis: moves a unit one step within its body of water", timing="triggered",
            covers=("Genesis → Staying within this body of water, move target unit one step.",),
            trigger="genesis_undertow", when=Genesis(choices=UnitInBodyOfWater()),
            does=Resolve(name="move_in_body_of_water"),
        ),
    ),
    "Updraft Ridge": (
        Ability(
            name="Airborne minions atop it move freely away", timing="ongoing",
            covers=("Airborne minions atop Updraft Ridge move freely away.",),
            passive={"kind": "moves_freely", "condition": "airborne_away_from", "square": "$square"},
        ),
    ),
    "Vantage Hills": (
        Ability(
            name="Ranged units atop it have +1 range", timing="ongoing", covers=("Ranged units atop this site have +1 range.",),
            passive={"kind": "range_bonus", "amount": 1, "squares": ["$square"]},
        ),
    ),
    "Wuthering Heights": (
        Ability(
            name="flies a minion atop it to a nearby site", timing="activated",
            covers=("Once on your turn, you may fly a minion atop here onto a nearby site.",),
            activated=FlyToNearbySite(cost="once", minions_only=True),
        ),
    ),
    "Watchtower": (
        Ability(
            name="minions in scope lose Stealth for good", timing="ongoing",
            covers=("Enemy units atop nearby sites permanently lose Stealth.",),
            passive={"kind": "lose", "keywords": ["Stealth"], "permanent": True, "squares": "$nearby", "enemies_of": "$controller"},
        ),
    ),
}
