"""Card abilities the simulator models, each with its declared timing kind.

The timing kind is declared here, never inferred at run time (DESIGN.md, principle 2):
``ongoing`` abilities become effects that the lookahead applies; ``triggered`` abilities are
known only to the aggregate, which fires them; spells say which effect they start.
Texts are cited by card name; the wording lives in the card data, not here.

Placeholders in effect templates: ``$square`` is the square of the card itself, ``$self`` its
id, ``$target``/``$targets`` what the player chose.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from domain.rulesets.sorcery.catalog import Timing

#: what carrying cards still lack (digest 2.6): nothing, now that Pick Up and Drop are commands
CARRY_GAPS: str | None = None


class Ability(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    timing: Timing
    #: the card's text this ability models, exactly as printed (a line or part of one): what the
    #: card derivation counts as modelled (coverage.py); a test checks each is on its card
    covers: tuple[str, ...] = ()
    #: what of the covered text is still not modelled (reported with the card, never silent)
    gaps: str | None = None
    #: for ongoing abilities: the effect template it keeps in force while its card is in the realm
    passive: dict[str, Any] | None = None
    #: for triggered abilities: the behaviour that matches and resolves it (see triggers.py)
    trigger: str | None = None
    #: for carriers: how many units, and which: "minion" (allied minions), "unit" (allies, an
    #: Avatar included), "weaker_minion" (weaker allied minions), "any_minion" (any minions)
    carry: int = 0
    carry_allies: str = "minion"
    #: for activated abilities: what using it does (activated.py; the ``activate`` command)
    activated: dict[str, Any] | None = None


class Spell(BaseModel):
    """A magic that starts an ongoing effect; ``targets`` says what the caster must choose."""

    model_config = ConfigDict(frozen=True)

    targets: int
    target_kind: str
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
    #: a forced-movement spell that moves artifacts on the ground too (artifacts_forced.py)
    moves_artifacts: bool = False
    gaps: str | None = None


ABILITIES: dict[str, tuple[Ability, ...]] = {
    "Magellan Globe": (
        Ability(
            name="opposite edges connected", timing="ongoing", passive={"kind": "connect_edges"},
            covers=("Opposite edges of the realm are connected.",),
        ),
    ),
    "Gnome Hollows": (
        Ability(
            name="units with 3 or more power can't enter",
            timing="ongoing",
            passive={"kind": "entry_ban", "square": "$square", "min_power": 3},
            covers=("Units with 3 or more power can’t enter this site.",),
        ),
    ),
    "Bottomless Pit": (
        Ability(
            name="kills non-Airborne minions that enter", timing="triggered", trigger="kill_on_entry",
            covers=("Whenever a non-Airborne minion enters this site, kill it.",),
        ),
    ),
    "Giant Shark": (
        Ability(
            name="moves to a unit entering its body of water to fight it",
            timing="triggered",
            trigger="shark_hunt",
            covers=(
                "Whenever another unit enters or moves between sites in this body of water, "
                "Giant Shark moves to that unit to fight it.",
            ),
        ),
    ),
    "Bog": (
        Ability(
            name="Genesis: units atop target nearby site are Immobile until your next turn",
            timing="triggered",
            trigger="genesis_immobile_atop",
            covers=("Genesis → Until your next turn, units are Immobile while atop target nearby site.",),
        ),
    ),
    "Quagmire": (
        Ability(
            name="Genesis: units occupying nearby sites are Immobile until your next turn",
            timing="triggered",
            trigger="genesis_immobile_nearby",
            covers=("Genesis → Until your next turn, units are Immobile while they occupy nearby sites.",),
        ),
    ),
    "Phantom Steed": (
        Ability(
            name="may carry an allied minion", timing="ongoing", carry=1, carry_allies="minion",
            covers=("May carry an allied minion.",), gaps=CARRY_GAPS,
        ),
    ),
    "Beast of Burden": (
        Ability(
            name="may carry any number of allied minions", timing="ongoing", carry=99, carry_allies="minion",
            covers=("May carry any number of allied minions.",), gaps=CARRY_GAPS,
        ),
    ),
    "Zephyranne Airship": (
        Ability(
            name="may carry any number of allied minions", timing="ongoing", carry=99, carry_allies="minion",
            covers=("May carry any number of allied minions.",), gaps=CARRY_GAPS,
        ),
    ),
    "War Horse": (
        Ability(
            name="may carry an ally", timing="ongoing", carry=1, carry_allies="unit",
            covers=("May carry an ally.",), gaps=CARRY_GAPS,
        ),
    ),
    "Poisonous Dagger": (
        Ability(
            name="bearer has Lethal",
            timing="ongoing",
            passive={"kind": "grant", "bearer_of": "$self", "keywords": ["Lethal"]},
            covers=("Bearer has Lethal.",),
        ),
    ),
    "Wings of Invention": (
        Ability(
            name="bearer has Airborne and Movement +1, if a minion",
            timing="ongoing",
            passive={
                "kind": "grant",
                "bearer_of": "$self",
                "keywords": ["Airborne"],
                "movement": 1,
                "minions_only": True,
            },
            covers=("Bearer has Airborne and Movement +1, if it's a minion.",),
        ),
    ),
    "Seven-League Boots": (
        Ability(
            name="bearer has Movement +7",
            timing="ongoing",
            passive={"kind": "grant", "bearer_of": "$self", "movement": 7},
            covers=("Bearer has Movement +7.",),
        ),
    ),
}


def _passive(name: str, covers: str | tuple[str, ...], passive: dict[str, Any], gaps: str | None = None) -> Ability:
    texts = (covers,) if isinstance(covers, str) else covers
    return Ability(name=name, timing="ongoing", passive=passive, covers=texts, gaps=gaps)


#: how an aura conjured atop a border is placed (set-up gives the border; digest 2.10)
BORDER_CONJURING = {
    "Wall of Ice": "Conjure atop the border of a site you control.",
    "Wall of Air": "Conjure atop the border of a site you control.",
    "Wall of Fire": "Conjure atop the border of a site you control.",
    "Wall of Brambles": "Conjure atop the border of an allied site.",
}

ABILITIES.update({
    # --- keywords lost or gained, regions (digest 2.4) ---------------------------------------
    "Sky Baron": (
        _passive("all other minions lose Airborne", "All other minions lose Airborne.",
                 {"kind": "lose", "keywords": ["Airborne"], "everywhere": True, "minions_only": True, "exclude": "$self"}),
    ),
    "Entangle Terrain": (
        _passive("minions occupying affected sites lose Airborne",
                 "Minions occupying affected sites lose Airborne and are Immobile.",
                 {"kind": "lose", "keywords": ["Airborne"], "squares": "$area", "any_level": True, "minions_only": True}),
        _passive("minions occupying affected sites are Immobile",
                 "Minions occupying affected sites lose Airborne and are Immobile.",
                 {"kind": "condition", "condition": "immobile", "squares": "$area", "any_level": True,
                  "minions_only": True}),
    ),
    "Scarecrow": (
        _passive("Airborne minions can't enter its location", "Airborne minions can't enter this location.",
                 {"kind": "location_ban", "airborne_at": "$self"}),
    ),
    "Planar Gate": (
        _passive("minions at the Gate have Voidwalk, kept in the void until they enter a site",
                 "Minions here can traverse the void, gaining Voidwalk until leaving it.",
                 {"kind": "grant", "keywords": ["Voidwalk"], "squares": ["$square"], "any_level": True,
                  "minions_only": True, "kept_in_void": True},
                 gaps="the lookahead does not foresee steps past the first void from the Gate"),
    ),
    "Felbog Frog Men": (
        _passive("leaps over an adjacent site in one step", "Can leap entirely over adjacent sites in one step.",
                 {"kind": "leap", "unit": "$self"}),
    ),
    "Iceberg": (
        _passive("minions occupying nearby sites can't submerge or surface",
                 "Minions occupying nearby sites can't submerge or surface.",
                 {"kind": "no_level_change", "squares": "$nearby"}),
    ),
    "Dwarven Digging Team": (
        _passive("allied minions occupying nearby sites have Burrowing",
                 "Allied minions occupying nearby sites have Burrowing.",
                 {"kind": "grant", "keywords": ["Burrowing"], "near": "$self", "near_sites": True,
                  "allies_of": "$controller", "minions_only": True}),
    ),
    # --- Moves Freely (digest 2.5) ----------------------------------------------------------------
    "Sir Pelleas": (
        _passive("moves freely between water locations", "Moves freely between water locations.",
                 {"kind": "moves_freely", "condition": "water_locations", "unit": "$self"}),
    ),
    "Outback Strider": (
        _passive("moves freely between land sites not occupied by other units",
                 "Moves freely between land sites not occupied by other units.",
                 {"kind": "moves_freely", "condition": "land_sites_unoccupied", "unit": "$self"}),
    ),
    "East-West Dragon": (
        _passive("moves freely sideways", "Moves freely sideways.",
                 {"kind": "moves_freely", "condition": "sideways", "unit": "$self"}),
    ),
    "Updraft Ridge": (
        _passive("Airborne minions atop it move freely away", "Airborne minions atop Updraft Ridge move freely away.",
                 {"kind": "moves_freely", "condition": "airborne_away_from", "square": "$square"}),
    ),
    # --- silenced and disabled (digest 2.4, 4.2) ----------------------------------------------------
    "Silence": (
        _passive("minions occupying affected sites are silenced", "Minions occupying affected sites are silenced.",
                 {"kind": "condition", "condition": "silenced", "squares": "$area", "any_level": True,
                  "minions_only": True}),
    ),
    "Sisters of Silence": (
        _passive("other nearby minions are silenced", "Other nearby minions are silenced.",
                 {"kind": "condition", "condition": "silenced", "near": "$self", "exclude": "$self",
                  "minions_only": True}),
    ),
    "Sister Stefánia": (
        _passive("other nearby minions are silenced", "Other nearby minions are silenced.",
                 {"kind": "condition", "condition": "silenced", "near": "$self", "exclude": "$self",
                  "minions_only": True}),
    ),
    "A Midsummer Night's Dream": (
        _passive("Mortals here are disabled", "Mortals here are disabled",
                 {"kind": "condition", "condition": "disabled", "squares": "$area", "subtypes": ["Mortal"]}),
    ),
    "Cold Iron Rod": (
        _passive("Faeries here are disabled", "Faeries here are disabled.",
                 {"kind": "condition", "condition": "disabled", "here": "$self", "subtypes": ["Faerie"]}),
    ),
    "Iron Shackles": (
        _passive("bearer is disabled", ("May be conjured to target enemy minion.", "Bearer is disabled."),
                 {"kind": "condition", "condition": "disabled", "bearer_of": "$self"}),
    ),
    "Magnetic Muzzle": (
        _passive("bearer is silenced", "Bearer is silenced",
                 {"kind": "condition", "condition": "silenced", "bearer_of": "$self"}),
    ),
    "Tabula Rasa": (
        _passive("bearer is silenced", "Bearer is silenced",
                 {"kind": "condition", "condition": "silenced", "bearer_of": "$self"}),
    ),
    "All-terrain Vestments": (
        _passive("bearer has Burrowing, Submerge and Voidwalk, if a minion",
                 "Bearer has Burrowing, Submerge, and Voidwalk, if it's a minion.",
                 {"kind": "grant", "bearer_of": "$self", "keywords": ["Burrowing", "Submerge", "Voidwalk"],
                  "minions_only": True}),
    ),
    # --- edges (digest 1.5) ----------------------------------------------------------------------------
    "Polar Explorers": (
        _passive("allied units here move as if top and bottom edges were connected",
                 "Allied units here can move as if the top and bottom edges of the realm were connected.",
                 {"kind": "as_if_connected", "allies_here_of": "$controller"}),
    ),
    "Ruler of Thul": (
        _passive("allies move as if top and bottom edges were connected",
                 "Allies can move as if the top and bottom edges of the realm were connected.",
                 {"kind": "as_if_connected", "allies_of": "$controller"}),
    ),
    "Polar Bears": (
        _passive("moves as if top and bottom edges were connected",
                 "Can move as if the top and bottom edges of the realm were connected.",
                 {"kind": "as_if_connected", "unit": "$self"}),
    ),
    # --- borders and on the ground (digest 2.10) ------------------------------------------------------
    "Mountain Pass": (
        _passive("minions can't enter on the ground while a minion is atop",
                 "Minions can't enter this site on the ground if there's already a minion atop.",
                 {"kind": "location_ban", "square": "$square", "ground_if_occupied": True}),
    ),
    "Wall of Ice": (
        _passive("units can't traverse it on the ground",
                 (BORDER_CONJURING["Wall of Ice"], "Units can't traverse Wall of Ice on the ground."),
                 {"kind": "border_ban", "border": "$border", "on_the_ground": True}),
    ),
    "Wall of Air": (
        _passive("minions with Airborne or 2 or less power can't traverse it",
                 (BORDER_CONJURING["Wall of Air"], "Minions with Airborne or 2 or less power can't traverse Wall of Air."),
                 {"kind": "border_ban", "border": "$border", "on_the_ground": False, "airborne_or_weak": True}),
    ),
    "Great Wall": (
        _passive("enemy units can't move through its top border on the ground",
                 "Enemy units can’t move through this site’s top border on the ground.",
                 {"kind": "border_ban", "border": "$top_border", "on_the_ground": True, "enemies_of": "$controller"}),
    ),
    "Perilous Bridge": (
        _passive("units can't traverse its top border on the ground",
                 "Units can’t traverse this site’s top border on the ground.",
                 {"kind": "border_ban", "border": "$top_border", "on_the_ground": True}),
    ),
    "Undesirables": (
        _passive("allies can't enter its site", "Allies can't enter this site.",
                 {"kind": "location_ban", "allies_of": "$controller", "site_of": "$self"}),
    ),
    "Endless Fence": (
        _passive("minions can't enter its span of land from the void",
                 "Minions can't enter this span of land from the void.",
                 {"kind": "location_ban", "square": "$square", "from_void_span": True}),
    ),
    "Bailey": (
        _passive("enemies can't move to its location on the ground", "Enemies can't move to here on the ground.",
                 {"kind": "location_ban", "enemies_of": "$controller", "ground_at": "$self"}),
    ),
    "Haast Eagle": (
        Ability(
            name="may carry a weaker allied minion", timing="ongoing", carry=1, carry_allies="weaker_minion",
            covers=("May carry a weaker allied minion.",),
        ),
    ),
    "Fine Courser": (
        Ability(name="may carry an ally", timing="ongoing", carry=1, carry_allies="unit", covers=("May carry an ally.",)),
    ),
    "Stagecoach": (
        Ability(
            name="may carry any number of minions", timing="ongoing", carry=99, carry_allies="any_minion",
            covers=("May carry any number of minions.",),
        ),
    ),
    "Tawny": (
        _passive("can't defend", "Can't defend", {"kind": "restriction", "unit": "$self", "no_defend": True}),
    ),
    "Lumbering Giant": (
        _passive("can't defend or intercept", "Can't defend or intercept.",
                 {"kind": "restriction", "unit": "$self", "no_defend": True, "no_intercept": True}),
    ),
    "Zombie Horde": (
        _passive("can't move to defend", "Can't move to defend.",
                 {"kind": "restriction", "unit": "$self", "defend_in_place": True}),
    ),
    "Skeleton": (
        _passive("can't move to defend", "Can't move to defend.",
                 {"kind": "restriction", "unit": "$self", "defend_in_place": True}),
    ),
    "Hellstar": (
        _passive("can't attack or defend", "can't attack or defend.",
                 {"kind": "restriction", "unit": "$self", "no_attack": True, "no_defend": True}),
    ),
    "Monstrous Lion": (
        _passive("can't attack sites", "Can't attack sites", {"kind": "restriction", "unit": "$self", "no_attack_sites": True}),
    ),
    "Dalcean Phalanx": (
        _passive("moves itself only forward", "Can only move themselves forward.",
                 {"kind": "restriction", "unit": "$self", "own_steps": "forward"}),
    ),
    "Sedge Crabs": (
        _passive("moves itself only sideways", "Can only move themselves sideways.",
                 {"kind": "restriction", "unit": "$self", "own_steps": "sideways"}),
    ),
    "Babbling Brook": (
        Ability(
            name="Genesis: minions atop nearby sites are disabled until your next turn", timing="triggered",
            trigger="genesis_disabled_nearby",
            covers=("Genesis → Until your next turn, minions are disabled while atop nearby sites.",),
        ),
    ),
    "Silent Hills": (
        Ability(
            name="Genesis: minions atop nearby sites are silenced until your next turn", timing="triggered",
            trigger="genesis_silenced_nearby",
            covers=("Genesis → Until your next turn, minions are silenced while atop nearby sites.",),
        ),
    ),
    "Bower of Bliss": (
        _passive("Mortals in the realm are silenced", "Mortals in the realm become Beasts and are silenced.",
                 {"kind": "condition", "condition": "silenced", "everywhere": True, "subtypes": ["Mortal"]},
                 gaps="they do not become Beasts: subtypes are not changed"),
    ),
    "Mask of Mayhem": (
        _passive("a nearby minion that can attack must", "Whenever a nearby minion can attack, it must.",
                 {"kind": "must_attack", "near": "$self"}),
        _passive("nearby strikes against units deal double damage", "Nearby strikes against units deal double damage.",
                 {"kind": "double_strikes", "near": "$self"}),
    ),
    "The Green Knight": (
        _passive("an enemy minion that can attack it must", "Whenever an enemy minion can attack The Green Knight, it must.",
                 {"kind": "must_attack", "target": "$self", "enemies_of": "$controller"}),
    ),
    "Mariner's Curse": (
        Ability(
            name="submerges a minion entering an affected water site, then returns to hand", timing="triggered",
            trigger="mariners_curse",
            covers=("Whenever a minion enters an affected water site, submerge it and return Mariner's Curse to its owner's hand.",),
        ),
    ),
    "Wall of Brambles": (
        Ability(
            name="an enemy traversing it on the ground takes 2 damage", timing="triggered", trigger="wall_damage",
            covers=(BORDER_CONJURING["Wall of Brambles"], "Whenever an enemy traverses this wall",
                    "on the ground, it takes 2 damage."),
        ),
    ),
    "Wall of Fire": (
        Ability(
            name="a unit passing through it takes 3 damage", timing="triggered", trigger="wall_damage",
            covers=(BORDER_CONJURING["Wall of Fire"], "Whenever a unit passes through Wall of Fire, it takes 3 damage."),
        ),
    ),
    # --- more cards that grant, remove or bar movement keywords, Immobile and Disabled (issue 9) --
    "Pebbled Paths": (
        _passive("minions atop nearby sites lose Charge", "Minions atop nearby sites lose Charge.",
                 {"kind": "lose", "keywords": ["Charge"], "squares": "$nearby", "minions_only": True}),
    ),
    "Hunting Party": (
        _passive("nearby enemies lose Stealth", "Nearby enemies lose Stealth.",
                 {"kind": "lose", "keywords": ["Stealth"], "near": "$self", "enemies_of": "$controller"}),
    ),
    "Sir Bors the Younger": (
        _passive("enemies lose Stealth", "Enemies lose Stealth.",
                 {"kind": "lose", "keywords": ["Stealth"], "everywhere": True, "enemies_of": "$controller"}),
    ),
    "Plate of the Whale": (
        _passive("bearer is Immobile if it has less than 3 power", "Bearer is immobile if it has less than 3 power.",
                 {"kind": "condition", "condition": "immobile", "bearer_of": "$self", "max_power": 2}),
    ),
    "Root Spider": (
        _passive("while burrowed, minions directly above it are disabled",
                 "While Root Spider is burrowed, minions directly above it are disabled.",
                 {"kind": "condition", "condition": "disabled", "above": "$self", "minions_only": True}),
    ),
    "Shackled Demon": (
        _passive("disabled until released", "Disabled until an adjacent Spellcaster taps to release him.",
                 {"kind": "condition", "condition": "disabled", "unit": "$self"}),  # released: abilities_rest.py
    ),
    "Bound Spirit": (
        _passive("disabled unless adjacent to an allied Spellcaster", "Disabled unless adjacent to an allied Spellcaster.",
                 {"kind": "condition", "condition": "disabled", "unit": "$self", "unless_adjacent_ally_with": "Spellcaster"}),
    ),
    # --- sites that lose their abilities (codex: Silenced, Disabled) ----------------------------------
    "Smokestacks of Gnaak": (
        _passive("other nearby sites lose their abilities", "Other nearby sites lose their abilities.",
                 {"kind": "site_condition", "condition": "silenced", "squares": "$nearby", "exclude": "$square"}),
    ),
    "Blightstone": (
        _passive("the site it is at is disabled", "This site is disabled.",
                 {"kind": "site_condition", "condition": "disabled", "site_of": "$self"}),
    ),
    "Gossamer Ghost": (
        _passive("can't be immobilized or disabled", "Can't be immobilized or disabled.",
                 {"kind": "immune", "unit": "$self", "conditions": ["immobile", "disabled"]}),
    ),
})


SPELLS: dict[str, Spell] = {
    "Waypoint Portal": Spell(
        targets=2,
        target_kind="site",
        effect={"kind": "as_if_adjacent", "squares": "$targets"},
        duration="this_turn",
        label="units can move between {targets} as if adjacent",
        covers=("Choose two different sites. This turn, units can move between them as if they were adjacent.",),
    ),
    "Mad Dash": Spell(
        targets=1,
        target_kind="ally",
        effect={"kind": "grant", "unit": "$target", "movement": 1},
        duration="this_turn",
        label="{target} has Movement +1",
        covers=("then give an ally Movement +1 this turn.",),
    ),
    "Minecart Madness": Spell(
        targets=1,
        target_kind="site",
        effect={"kind": "as_if_adjacent", "span_of": "$target_square", "water": False, "for_player": "$caster"},
        duration="this_turn",
        label="{caster}'s units can move between the sites of the span of land at {targets} as if adjacent",
        covers=("This turn, your units can move between any sites in a chosen span of land as if they were adjacent.",),
    ),
    "Marine Voyage": Spell(
        targets=1,
        target_kind="site",
        effect={"kind": "as_if_adjacent", "span_of": "$target_square", "water": True, "for_player": "$caster"},
        duration="this_turn",
        label="{caster}'s units can move between the sites of the body of water at {targets} as if adjacent",
        covers=("This turn, your units can move between any sites in a chosen body of water as if they were adjacent.",),
    ),
    "Blink": Spell(
        targets=2, target_kind="ally_to_location", moves="teleport_nearby",
        covers=("An ally teleports to a location it’s nearby.",),
    ),
    "Displace": Spell(
        targets=2, target_kind="minion_to_location", moves="teleport_diagonal",
        covers=("Teleport target minion, artifact, or aura one diagonal step.",),
        gaps="only a minion can be the target here, not an artifact or an aura",
    ),
    "Flanking Maneuver": Spell(
        targets=-1, target_kind="allies_to_location", moves="teleport_knight",
        covers=("Teleport any number of allies at one location to another location a chess knight's move away.",),
    ),
    "Windblast": Spell(
        targets=1, target_kind="direction", moves="push",
        covers=("Push everything atop sites one step in a cardinal direction.",),
        gaps="only units are pushed, not artifacts; they are pushed one after another, in square order",
    ),
    "Recall": Spell(
        targets=-1, target_kind="allied_minions_to_caster", moves="teleport_anywhere",
        covers=("Teleport any number of allied minions to the caster’s location.",),
    ),
    "Scatter": Spell(
        targets=-1, target_kind="each_at_location", moves="push",
        covers=("Push everything at target location one step, one at a time.",),
        gaps="only units are pushed, not artifacts",
    ),
    "Whirlwind": Spell(
        targets=2, target_kind="rotation", moves="push",
        covers=(
            "Choose clockwise or counterclockwise. Each unit and artifact atop sites in a two-by-two area "
            "is pushed one step in that direction.",
        ),
        gaps="only units are pushed, not artifacts; they are pushed one after another, in square order",
    ),
    "Teleport": Spell(
        targets=2, target_kind="ally_to_site_surface", moves="teleport_site",
        covers=("Teleport an ally to the surface of target site.",),
    ),
    "Onslaught": Spell(
        targets=0,
        target_kind="none",
        effect={"kind": "grant", "allies_of": "$caster", "keywords": ["Charge"]},
        also=({"kind": "immune", "allies_of": "$caster", "conditions": ["immobile", "silenced", "disabled"]},),
        duration="this_turn",
        label="{caster}'s allies have Charge and can't be immobilized, silenced or disabled",
        covers=("This turn, allies gain +1 power, Charge, and can't be immobilized, silenced, or disabled.",),
        gaps="the +1 power is not simulated",
    ),
    "Frost Nova": Spell(
        targets=1,
        target_kind="caster",
        affects={"near": "$caster_unit", "enemies_of": "$caster", "minions_only": True},
        effect={"kind": "condition", "condition": "disabled", "units": "$affected"},
        duration="until_next_turn",
        label="{target} disabled until {caster}'s next turn",
        covers=("Freeze nearby enemy minions. They're disabled until your next turn.",),
    ),
    "Psionic Blast": Spell(
        targets=1,
        target_kind="caster",
        affects={"here": "$caster_unit", "minions_only": True},
        effect={"kind": "condition", "condition": "disabled", "units": "$affected"},
        duration="until_next_turn",
        label="{target} disabled until {caster}'s next turn",
        covers=("They're disabled until your next turn.",),
    ),
    "Sleep": Spell(
        targets=2,
        target_kind="caster_and_minion_two_steps",
        effect={"kind": "condition", "condition": "disabled", "units": ["$target"]},
        duration="until_damaged",
        label="{target} is asleep: disabled until it takes damage",
        covers=("Target minion at a location up to two steps away falls asleep. It's disabled until it takes damage.",),
    ),
    "Geyser": Spell(
        targets=1,
        target_kind="site",
        affects={"squares": "$targets", "any_level": True, "minions_only": True},
        effect={"kind": "grant", "units": "$affected", "keywords": ["Airborne"]},
        duration="this_turn",
        also=({"kind": "flooded", "squares": "$targets"},),
        label="{target} have Airborne this turn; the site is flooded this turn",
        covers=("This turn, flood target site and give each minion there Airborne.",),
    ),
    # --- forced burrow and submerge (codex: Burrowing, Submerge; digest 2.4: the verbs force a
    # card down from the surface even without the keyword, and fail on a site of the other kind)
    "Bury": Spell(
        targets=1, target_kind="minion_down", moves="burrow",
        covers=("Burrow target minion or artifact, if able.",),
        gaps="only a minion can be the target here, not an artifact",
    ),
    "Drown": Spell(
        targets=1, target_kind="minion_down", moves="submerge",
        covers=("Submerge target minion or artifact, if able.",),
        gaps="only a minion can be the target here, not an artifact",
    ),
    "Stormy Seas": Spell(
        targets=1, target_kind="site_down", moves="submerge",
        covers=("Submerge all minions and artifacts occupying target water site.",),
        gaps="artifacts are not submerged",
    ),
    "Cave-In": Spell(
        targets=1, target_kind="site_down", moves="burrow",
        covers=("Burrow all minions and artifacts occupying target land site.",),
        gaps="artifacts are not burrowed",
    ),
    "Buried Alive": Spell(
        targets=2, target_kind="ally_adjacent_minion_down", moves="burrow",
        covers=("May be cast by any ally.", "Burrow target adjacent minion."),
    ),
    "Trial by Water": Spell(
        targets=2, target_kind="ally_nearby_minion_down", moves="submerge",
        covers=("An ally submerges target minion it's nearby.",),
    ),
    "Into the Abyss": Spell(
        targets=-1, target_kind="minion_down_or_void", moves="submerge",
        covers=("Submerge target minion, or pull it into a void it's adjacent to.",),
    ),
    # --- own steps by effect (digest 2.1: the unit moves itself with its own keywords; Immobile
    # and Disabled stop it; no Movement +X, no Moves Freely; a lure is one of these, 2.7)
    "Second Wind": Spell(
        targets=2, target_kind="allied_minion_step", moves="own_step",
        covers=("An allied minion takes a step.",),
    ),
    "Tactical Move": Spell(
        targets=-1, target_kind="allies_steps", moves="own_step",
        covers=("One at a time, each ally takes up to two steps.",),
    ),
    "Led Astray": Spell(
        targets=-1, target_kind="enemies_step_together", moves="own_step",
        covers=(
            "Choose any number of enemies at target location. They take a step together to another "
            "location they're adjacent to.",
        ),
    ),
    "Lure": Spell(
        targets=3, target_kind="ally_lures_enemy", moves="own_step",
        covers=("An ally tempts an enemy minion at a nearby site into taking a step closer.",),
    ),
    "Dream-Quest": Spell(
        targets=1,
        target_kind="allied_spellcaster",
        effect={"kind": "condition", "condition": "disabled", "units": ["$target"]},
        duration="until_damaged",
        label="{target} is asleep: disabled until hurt",
        covers=("An allied Spellcaster falls asleep and is disabled until hurt.",),
    ),
    "Power of Flight": Spell(
        targets=1,
        target_kind="allied_minion",
        effect={"kind": "grant", "unit": "$target", "keywords": ["Airborne"]},
        duration="until_next_turn",
        label="{target} has Airborne",
        covers=("Give an allied minion Airborne until your next turn.",),
    ),
}


def abilities_of(card_name: str) -> tuple[Ability, ...]:
    return ABILITIES.get(card_name, ())


def fill(template: Any, values: dict[str, Any]) -> Any:
    """Replace ``$name`` placeholders in an effect template with concrete values."""
    if isinstance(template, str) and template.startswith("$"):
        return values[template[1:]]
    if isinstance(template, dict):
        return {k: fill(v, values) for k, v in template.items()}
    if isinstance(template, list):
        return [fill(v, values) for v in template]
    return template


# cards modelled by group, each group in its own module (issue 9); a card may have abilities in
# more than one group (Scarecrow: its ongoing ban here, its Genesis there)
from domain.rulesets.sorcery.abilities_activated import ABILITIES_ACTIVATED  # noqa: E402
from domain.rulesets.sorcery.abilities_flood import ABILITIES_FLOOD, SPELLS_FLOOD  # noqa: E402
from domain.rulesets.sorcery.abilities_genesis import ABILITIES_GENESIS  # noqa: E402
from domain.rulesets.sorcery.abilities_last import ABILITIES_LAST  # noqa: E402
from domain.rulesets.sorcery.abilities_passive import ABILITIES_PASSIVE, SPELLS_PASSIVE  # noqa: E402
from domain.rulesets.sorcery.abilities_react import ABILITIES_REACT, SPELLS_REACT  # noqa: E402
from domain.rulesets.sorcery.abilities_rest import ABILITIES_REST, SPELLS_REST  # noqa: E402
from domain.rulesets.sorcery.abilities_things import ABILITIES_THINGS  # noqa: E402
from domain.rulesets.sorcery.abilities_turnly import ABILITIES_TURNLY  # noqa: E402

for _group in (
    ABILITIES_TURNLY, ABILITIES_GENESIS, ABILITIES_PASSIVE, ABILITIES_ACTIVATED, ABILITIES_THINGS, ABILITIES_REACT,
    ABILITIES_FLOOD, ABILITIES_REST, ABILITIES_LAST,
):
    for _name, _abilities in _group.items():
        ABILITIES[_name] = (*ABILITIES.get(_name, ()), *_abilities)
for _spells in (SPELLS_PASSIVE, SPELLS_REACT, SPELLS_FLOOD, SPELLS_REST):
    SPELLS.update(_spells)
