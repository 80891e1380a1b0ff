"""Artifacts moved by force, and the rest of the pool's movement texts (issue 9; one helper's
group, merged into ``abilities.ABILITIES`` and ``abilities.SPELLS``).

The forced-movement spells below replace the earlier entries of the same spells, which moved
units only: with ``moves_artifacts`` they move the artifacts lying on the ground too
(artifacts_forced.py).
"""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import SPELLS, Ability

#: the spells whose artifact part this group models: everything else of each entry is kept
_WITH_ARTIFACTS = {
    "Scatter": None,
    "Windblast": "they are pushed one after another, in square order",
    "Whirlwind": "they are pushed one after another, in square order",
    "Displace": "only a minion or an artifact can be the target here, not an aura",
    "Drown": None,
    "Bury": None,
    "Stormy Seas": None,
    "Cave-In": None,
}

SPELLS_REST = {
    name: SPELLS[name].model_copy(update={"moves_artifacts": True, "gaps": gaps})
    for name, gaps in _WITH_ARTIFACTS.items()
}

#: what triggers at the start of its controller's turn (triggers_rest.py)
REST_START = frozenset({"start_random_teleport"})


def _random_teleport(card: str) -> Ability:
    return Ability(
        name="teleports to the top of a random site or void at the start of your turn", timing="triggered",
        trigger="start_random_teleport",
        covers=(f"At the start of your turn, {card} teleports to the top of a random site or void.",),
    )


ABILITIES_REST: dict[str, tuple[Ability, ...]] = {
    # --- an artifact thrown (spear.py; the ``activate`` command) -----------------------------------
    "Spear of Destiny": (
        Ability(
            name="its bearer taps to throw it at any minion: it teleports there and kills it", timing="activated",
            covers=("Bearer has “Tap → Throw Spear of Destiny at any minion anywhere. It teleports to that minion’s "
                    "location and kills it.”",),
            activated={"cost": "tap", "kind": "throw_spear", "granted_bearer": True},
        ),
    ),
    # --- a site that pushes (triggers.on_entry; triggers_rest.py) ---------------------------------
    "Sold-out Cemetery": (
        Ability(
            name="when Undead enter it, pushes another Undead here away one step", timing="triggered",
            trigger="cemetery_push_undead",
            covers=("Whenever Undead enter this site, push another Undead here away one step.",),
        ),
    ),
    # --- abilities that depend on deaths (triggers_rest.on_death; SorceryState.deaths) -------------
    "Avenging Angel": (
        Ability(
            name="has Charge and Lethal if an ally died on the opponent's last turn", timing="ongoing",
            covers=("Has Charge and Lethal if an ally died on your opponent's last turn.",),
            passive={"kind": "grant", "unit": "$self", "keywords": ["Charge", "Lethal"], "ally_died_for": "$controller"},
        ),
    ),
    "Hollow One": (
        Ability(
            name="disabled until a Mortal or Beast dies nearby", timing="ongoing",
            covers=("Disabled until a Mortal or Beast dies nearby.",),
            passive={"kind": "condition", "condition": "disabled", "unit": "$self"},
        ),
    ),
    # --- a random teleport at the start of your turn (triggers_rest.py; a die recorded) ----------
    "Headless Haunt": (_random_teleport("Headless Haunt"),),
    "Hauntless Head": (_random_teleport("Hauntless Head"),),
    # --- released by an adjacent Spellcaster (shackles.py; the ``activate`` command) --------------
    "Shackled Demon": (
        Ability(
            name="an adjacent Spellcaster taps to release him", timing="activated",
            covers=("Disabled until an adjacent Spellcaster taps to release him.",),
            activated={"cost": "tap", "kind": "release_shackled", "granted_adjacent": True},
        ),
    ),
}
