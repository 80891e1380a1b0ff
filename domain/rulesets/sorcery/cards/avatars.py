"""Avatars: the abilities of the Avatars the simulator models (codex: Avatar).

Each card's abilities in the order the engine reads them (its passive effects start in that
order); the words each one models are the card's own (``covers``)."""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import (
    Ability,
    AfterFirstAttack,
    FloodSite,
    Resolve,
    StepTowardEvil,
)
from domain.rulesets.sorcery.cards.at_distance import FlyToNearbySite

CARDS: dict[str, tuple[Ability, ...]] = {
    "Avatar of Air": (
        Ability(
            name="flies a unit atop its Air site to a nearby site", timing="activated",
            covers=("Once on your turn, if you occupy an Air site, you may fly a unit atop it to a nearby site.",),
            activated=FlyToNearbySite(cost="once", air_site=True),
        ),
    ),
    "Avatar of Water": (
        Ability(
            name="floods a site adjacent to its body of water until used again; may teleport there",
            timing="activated",
            covers=("Tap → Flood a site adjacent to your body of water until you do so again. You may teleport there.",),
            activated=FloodSite(cost="tap", where="adjacent_to_body", duration="until_used_again", may_teleport=True),
        ),
    ),
    "Bladedancer": (
        Ability(
            name="after her first attack each turn, may take a step, then may attack a unit there",
            timing="triggered",
            covers=("After her first attack each turn, Bladedancer may take a step. When she does, she may attack a unit there.",),
            trigger="after_first_attack_may_step", when=AfterFirstAttack(),
            does=Resolve(name="step_then_attack"),
        ),
    ),
    "Persecutor": (
        Ability(
            name="steps toward the closest Evil (branding is not simulated)", timing="activated",
            covers=("Once on your turn, Persecutor may step toward the closest Evil",),
            activated=StepTowardEvil(cost="once"),
        ),
    ),
    "Waveshaper": (
        Ability(
            name="floods a site near its body of water until used again; taps minions there without Submerge",
            timing="activated",
            covers=("Tap → Flood a site near your body of water until you do so again. Tap minions without submerge there. They don't untap the next time they would.",),
            activated=FloodSite(cost="tap", where="near_body", duration="until_used_again", tap_without_submerge=True),
        ),
    ),
}
