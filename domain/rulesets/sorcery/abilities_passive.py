"""Passive abilities and spells that grant or remove Charge and Stealth, or change adjacency
(issue 9; one helper's group, merged into ``abilities.ABILITIES`` and ``abilities.SPELLS``).

Charge matters to summoning sickness; Stealth to intercepts (the only part of Stealth the
simulator models: coverage.KEYWORD_GAPS). "Lose" means lose, can't gain, can't have (codex:
Lose); "permanently lose" is marked on each minion once in scope and outlasts the card
(engine.mark_lasting_losses). Stealth gained by moving (Phase Assassin, Dark Alley) and lost by
moving (Moss Troll) is recorded by the step itself (engine.stealth_on_move).
"""

from __future__ import annotations

from typing import Any

from domain.rulesets.sorcery.abilities import Ability, Spell

#: what granted Stealth still lacks, as for the printed keyword (coverage.KEYWORD_GAPS)
STEALTH_MARKS = (
    "Stealth's mark, lost after the minion interacts with the realm, is not simulated: "
    "the Stealth stays; only 'can't be intercepted' is"
)


#: what "at rest" still lacks (codex: At Rest, Ordering Ongoing Effects)
AT_REST_GAPS = (
    "a unit is not at rest only while a move of its own or its carrier's resolves: casting, "
    "abilities used and the whole attack sequence (a defender that moved in) are not followed; two "
    "such minions at rest side by side switch each other off instead of the codex's timestamp order"
)


def _passive(name: str, covers: str, passive: dict[str, Any], gaps: str | None = None) -> Ability:
    return Ability(name=name, timing="ongoing", passive=passive, covers=(covers,), gaps=gaps)


def _lasting_loss(covers: str, scope: dict[str, Any]) -> Ability:
    return _passive(
        "minions in scope lose Stealth for good", covers,
        {"kind": "lose", "keywords": ["Stealth"], "permanent": True, **scope},
    )


def _on_move(name: str, covers: str, trigger: str, gaps: str | None = None) -> Ability:
    return Ability(name=name, timing="triggered", trigger=trigger, covers=(covers,), gaps=gaps)


ABILITIES_PASSIVE: dict[str, tuple[Ability, ...]] = {
    # --- Charge (codex: Charge, Summoning Sickness) -------------------------------------------
    "Horn of Caerleon": (
        _passive("nearby minions have Charge", "Nearby minions have Charge.",
                 {"kind": "grant", "keywords": ["Charge"], "near": "$self", "minions_only": True}),
    ),
    "Rebecks": (  # no "other": Rebecks, a Giant, is nearby itself (codex: Nearby)
        _passive("nearby allied Giants have Charge", "Nearby allied Giants have Charge.",
                 {"kind": "grant", "keywords": ["Charge"], "near": "$self", "allies_of": "$controller",
                  "subtypes": ["Giant"]}),
    ),
    "The Wild Hunt": (
        _passive("other nearby Spirits and Faeries have Charge", "Other nearby Spirits and Faeries have Charge.",
                 {"kind": "grant", "keywords": ["Charge"], "near": "$self", "exclude": "$self",
                  "subtypes": ["Spirit", "Faerie"]}),
    ),
    # --- Stealth lost for good (codex: Lose) -------------------------------------------------------
    "Hounds of Ondaros": (
        _lasting_loss("Nearby enemies permanently lose Stealth.", {"near": "$self", "enemies_of": "$controller"}),
    ),
    "Scent Hounds": (
        _lasting_loss("Nearby enemies permanently lose Stealth.", {"near": "$self", "enemies_of": "$controller"}),
    ),
    "Master Tracker": (
        _lasting_loss("All enemies permanently lose Stealth.", {"everywhere": True, "enemies_of": "$controller"}),
    ),
    "Watchtower": (
        _lasting_loss("Enemy units atop nearby sites permanently lose Stealth.",
                      {"squares": "$nearby", "enemies_of": "$controller"}),
    ),
    "Moss Troll": (
        _on_move("loses Stealth for good once it moves", "Loses Stealth if it moves.", "loses_stealth_if_moves"),
    ),
    # --- Stealth gained ----------------------------------------------------------------------------
    "Phase Assassin": (
        _on_move("gains Stealth whenever he enters the void",
                 "Whenever Phase Assassin enters the void, he gains Stealth.", "gains_stealth_entering_void",
                 gaps=STEALTH_MARKS),
    ),
    "Dark Alley": (
        _on_move("the first minion that enters gains Stealth", "The first minion that enters here gains Stealth.",
                 "first_minion_entering_gains_stealth", gaps=STEALTH_MARKS),
    ),
    # --- adjacency (codex: Adjacent, As If; digest 2.9) -----------------------------------------------
    "Astral Alcazar": (
        _passive("units move between this site and any void as if adjacent",
                 "Units can move between this site and any void as if they were adjacent.",
                 {"kind": "as_if_adjacent", "hub": "$square", "to_voids": True}),
    ),
    "Secret Tunnel": (
        _passive("burrowed allies move as if it were adjacent to the controller's other sites",
                 "Burrowed allies can move as if this were adjacent to your other sites.",
                 {"kind": "as_if_adjacent", "hub": "$square", "to_sites_of": "$controller",
                  "for_player": "$controller"}),
    ),
    # --- at rest (codex: At Rest; Ordering Ongoing Effects, "Minions Disabled While At Rest") ----
    "Stone-gaze Gorgons": (
        _passive("other minions at rest at adjacent locations are disabled",
                 "Other minions at rest at adjacent locations are disabled.",
                 {"kind": "condition", "condition": "disabled", "adjacent_to": "$self", "exclude": "$self",
                  "minions_only": True, "at_rest": True},
                 gaps=AT_REST_GAPS),
    ),
    "Hillock Basilisk": (
        _passive("other minions at rest here or one step in front of it are disabled",
                 "Other minions at rest here or one step in front of Hillock Basilisk are disabled.",
                 {"kind": "condition", "condition": "disabled", "in_front_of": "$self", "exclude": "$self",
                  "minions_only": True, "at_rest": True},
                 gaps=AT_REST_GAPS),
    ),
    # --- own movement barred ------------------------------------------------------------------------
    "Maze Minotaur": (
        _passive("enemy minions can't move themselves out of the nine locations nearby it",
                 "Enemy minions can’t move themselves out of a maze of nine locations nearby Maze Minotaur.",
                 {"kind": "maze", "unit": "$self", "enemies_of": "$controller"}),
    ),
    # --- carrying (codex: Carrying Units; digest 2.6) --------------------------------------------------
    "Hyperparasite": (
        Ability(name="may pick up a single minion", timing="ongoing", carry=1, carry_allies="any_minion",
                covers=("Can pick up a single minion, disabling them, but can't move while carrying them.",)),
        _passive("the minion it carries is disabled",
                 "Can pick up a single minion, disabling them, but can't move while carrying them.",
                 {"kind": "condition", "condition": "disabled", "carried_by": "$self"}),
        _passive("immobile while carrying",
                 "Can pick up a single minion, disabling them, but can't move while carrying them.",
                 {"kind": "condition", "condition": "immobile", "unit": "$self", "carrying": True}),
    ),
}

SPELLS_PASSIVE: dict[str, Spell] = {
    "Charge": Spell(
        targets=1,
        target_kind="ally",
        effect={"kind": "grant", "unit": "$target", "keywords": ["Charge"]},
        duration="this_turn",
        label="{target} has Charge",
        covers=("Give an ally Charge this turn.",),
    ),
    "Fade": Spell(
        targets=1,
        target_kind="allied_minion",
        effect={"kind": "grant", "unit": "$target", "keywords": ["Stealth"]},
        duration="permanent",
        label="{target} has Stealth",
        covers=("Give an allied minion Stealth.",),
        gaps=STEALTH_MARKS,
    ),
    "Vanishment": Spell(
        targets=0,
        target_kind="none",
        affects={"allies_of": "$caster", "minions_only": True},
        effect={"kind": "grant", "units": "$affected", "keywords": ["Stealth"]},
        duration="permanent",
        label="{target} have Stealth",
        covers=("Give all allied minions Stealth.",),
        gaps=STEALTH_MARKS,
    ),
    "Blaze": Spell(
        targets=1,
        target_kind="ally",
        effect={"kind": "grant", "unit": "$target", "movement": 2},
        also=({"kind": "cant_be_intercepted", "unit": "$target"},),
        duration="this_turn",
        label="{target} has Movement +2 and can't be intercepted",
        covers=("This turn, give an ally Movement +2, it can't be intercepted,",),
    ),
    # own steps by a spell (digest 2.1): the strikes that follow are not simulated (listed)
    "Leap Attack": Spell(
        targets=-1, target_kind="ally_may_step", moves="own_step",
        covers=("An ally may take a step, and then it strikes each enemy at its location.",),
        gaps="only the step is simulated, not the strikes",
    ),
    "Whirling Blades": Spell(
        targets=-1, target_kind="ally_may_take_two_steps", moves="own_step",
        covers=("An ally may take up to two steps, and then strikes each enemy along their entire path.",),
        gaps="only the steps are simulated, not the strikes",
    ),
}
