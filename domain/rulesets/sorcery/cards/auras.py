"""Auras: what they do to the sites of their area or the border they are atop (codex: Aura).

Each card's abilities in the order the engine reads them (its passive effects start in that
order); the words each one models are the card's own (``covers``)."""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import (
    Ability,
    AtTurn,
    CrossesBorder,
    Damage,
    Enters,
    Genesis,
    Occupies,
    Placement,
    Resolve,
)
from domain.rulesets.sorcery.cards.gaps import ARTIFACTS_NOT_SUBMERGED, NO_THRESHOLDS

CARDS: dict[str, tuple[Ability, ...]] = {
    "A Midsummer Night's Dream": (
        Ability(
            name="Mortals here are disabled", timing="ongoing", covers=("Mortals here are disabled",),
            passive={"kind": "condition", "condition": "disabled", "squares": "$area", "subtypes": ["Mortal"]},
        ),
    ),
    "Atlantean Fate": (
        Ability(
            name="Genesis: submerges the minions atop its affected water sites", timing="triggered",
            covers=("Genesis → Submerge all minions and artifacts atop affected sites.",),
            gaps=ARTIFACTS_NOT_SUBMERGED, trigger="genesis_submerge_area", when=Genesis(),
            does=Resolve(name="submerge_area"),
        ),
        Ability(
            name="affected non-Ordinary sites are flooded: water sites", timing="ongoing",
            covers=("Affected non-Ordinary sites are flooded. They are water sites, only provide Water threshold, and lose all other abilities.",),
            gaps="they keep their other abilities; thresholds (mana) are not simulated",
            passive={"kind": "flooded", "squares": "$area", "non_ordinary": True},
        ),
    ),
    "Cursed Iron": (
        Ability(name="artifacts here can't be dropped", timing="ongoing", covers=("Artifacts here can't be dropped",), undroppable="here"),
    ),
    "Drought": (
        Ability(
            name="affected sites aren't water sites", timing="ongoing",
            covers=("Affected sites aren't water sites, and provide no water threshold.",),
            gaps=NO_THRESHOLDS,
            passive={"kind": "flooded", "squares": "$area", "water": False},
        ),
    ),
    "Entangle Terrain": (
        Ability(
            name="minions occupying affected sites lose Airborne", timing="ongoing",
            covers=("Minions occupying affected sites lose Airborne and are Immobile.",),
            passive={"kind": "lose", "keywords": ["Airborne"], "squares": "$area", "any_level": True, "minions_only": True},
        ),
        Ability(
            name="minions occupying affected sites are Immobile", timing="ongoing",
            covers=("Minions occupying affected sites lose Airborne and are Immobile.",),
            passive={"kind": "condition", "condition": "immobile", "squares": "$area", "any_level": True, "minions_only": True},
        ),
    ),
    "Flood": (
        Ability(
            name="affected sites are flooded: water sites", timing="ongoing",
            covers=("Affected sites are flooded. They're water sites.",),
            passive={"kind": "flooded", "squares": "$area"},
        ),
    ),
    "Mariner's Curse": (
        Ability(
            name="submerges a minion entering an affected water site, then returns to hand", timing="triggered",
            covers=("Whenever a minion enters an affected water site, submerge it and return Mariner's Curse to its owner's hand.",),
            trigger="mariners_curse", when=Enters(water_site=True),
            scope={"squares": "$area", "any_level": True, "minions_only": True},
            does=Resolve(name="submerge_then_return_to_hand"),
        ),
    ),
    "Rest in Peace": (
        Ability(
            name="burrows a Spirit or Undead minion that comes to occupy an affected land site", timing="triggered",
            covers=("Whenever a Spirit or Undead minion occupies affected land sites, burrow it.",),
            trigger="burrow_spirit_or_undead", when=Occupies(land_site=True),
            scope={"squares": "$area", "any_level": True, "minions_only": True, "subtypes": ["Spirit", "Undead"]},
            does=Resolve(name="burrow_occupant"),
        ),
    ),
    "Silence": (
        Ability(
            name="minions occupying affected sites are silenced", timing="ongoing",
            covers=("Minions occupying affected sites are silenced.",),
            passive={"kind": "condition", "condition": "silenced", "squares": "$area", "any_level": True, "minions_only": True},
        ),
    ),
    "The Great Drowning of Men": (
        Ability(
            name="at the start of your turn: destroys affected sites, floods the Rubble, submerges what is atop, dispels itself",
            timing="triggered",
            covers=("At the start of your turn, destroy affected sites and flood the resulting Rubble. Submerge everything atop them and dispel The Great Drowning of Men.",),
            gaps="artifacts atop are not submerged", trigger="start_great_drowning",
            when=AtTurn(start=True), does=Resolve(name="great_drowning"),
        ),
    ),
    "Wall of Air": (
        Ability(
            name="minions with Airborne or 2 or less power can't traverse it", timing="ongoing",
            covers=("Conjure atop the border of a site you control.", "Minions with Airborne or 2 or less power can't traverse Wall of Air."),
            passive={"kind": "border_ban", "border": "$border", "on_the_ground": False, "airborne_or_weak": True},
            placement=Placement(rule="atop_border", text="Conjure atop the border of a site you control."),
        ),
    ),
    "Wall of Brambles": (
        Ability(
            name="an enemy traversing it on the ground takes 2 damage", timing="triggered",
            covers=("Conjure atop the border of an allied site.", "Whenever an enemy traverses this wall", "on the ground, it takes 2 damage."),
            trigger="wall_damage", when=CrossesBorder(on_the_ground=True), scope={"enemies_of": "$controller"},
            does=Damage(amount=2, why="2 damage to a unit traversing it"),
            placement=Placement(rule="atop_border", text="Conjure atop the border of an allied site."),
        ),
    ),
    "Wall of Fire": (
        Ability(
            name="a unit passing through it takes 3 damage", timing="triggered",
            covers=("Conjure atop the border of a site you control.", "Whenever a unit passes through Wall of Fire, it takes 3 damage."),
            trigger="wall_damage", when=CrossesBorder(), does=Damage(amount=3, why="3 damage to a unit traversing it"),
            placement=Placement(rule="atop_border", text="Conjure atop the border of a site you control."),
        ),
    ),
    "Wall of Ice": (
        Ability(
            name="units can't traverse it on the ground", timing="ongoing",
            covers=("Conjure atop the border of a site you control.", "Units can't traverse Wall of Ice on the ground."),
            passive={"kind": "border_ban", "border": "$border", "on_the_ground": True},
            placement=Placement(rule="atop_border", text="Conjure atop the border of a site you control."),
        ),
    ),
}
