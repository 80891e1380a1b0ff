"""Cards that flood sites, or dry them (issue 9; one helper's group, merged into
``abilities.ABILITIES`` and ``abilities.SPELLS``).

A flooded site is a water site (codex: Flooded, Water Site): one effect kind, ``flooded``
(effects.Flooded), read by the view's water test, so Submerge, Waterbound, Landbound, Moves
Freely between water locations, bodies of water and every water rule follow it. What was under
a site whose kind changed is now in the other subsurface, and a minion that can't survive there
dies (flood.py; digest 1.6). Drought is the same kind with ``water`` False: the later effect
wins (codex: Example - Flood vs. Drought).
"""

from __future__ import annotations

from typing import Any

from domain.rulesets.sorcery.abilities import Ability, Spell

#: thresholds (mana) are not the subject of the simulator
NO_THRESHOLDS = "thresholds (mana) are not simulated"
#: "including voids": what a flooded void is, the codex does not say
VOIDS = "the voids are not flooded (what a flooded void is, the codex does not say)"


def _passive(name: str, covers: str, passive: dict[str, Any], gaps: str | None = None) -> Ability:
    return Ability(name=name, timing="ongoing", passive=passive, covers=(covers,), gaps=gaps)


def _activated(name: str, covers: str, spec: dict[str, Any], gaps: str | None = None) -> Ability:
    return Ability(name=name, timing="activated", covers=(covers,), activated=spec, gaps=gaps)


ABILITIES_FLOOD: dict[str, tuple[Ability, ...]] = {
    "Flood": (
        _passive("affected sites are flooded: water sites", "Affected sites are flooded. They're water sites.",
                 {"kind": "flooded", "squares": "$area"}),
    ),
    "Drought": (
        _passive("affected sites aren't water sites", "Affected sites aren't water sites, and provide no water threshold.",
                 {"kind": "flooded", "squares": "$area", "water": False}, gaps=NO_THRESHOLDS),
    ),
    "Tide Naiads": (
        _passive("the site it occupies is flooded", "This site is flooded. It is a water site.",
                 {"kind": "flooded", "site_of": "$self"},
                 gaps="the lookahead judges the Naiads' own move with the site they start on flooded; the flood follows "
                      "them as each step resolves"),
    ),
    "Atlantean Fate": (
        _passive(
            "affected non-Ordinary sites are flooded: water sites",
            "Affected non-Ordinary sites are flooded. They are water sites, only provide Water threshold, and lose all other abilities.",
            {"kind": "flooded", "squares": "$area", "non_ordinary": True},
            gaps=f"they keep their other abilities; {NO_THRESHOLDS}",
        ),
    ),
    "Great Old One": (
        Ability(name="Genesis: permanently floods the entire realm", timing="triggered", trigger="genesis_flood_realm",
                covers=("Genesis → Permanently flood the entire realm, including voids.",), gaps=VOIDS),
    ),
    "The Great Drowning of Men": (
        Ability(
            name="at the start of your turn: destroys affected sites, floods the Rubble, submerges what is atop, dispels itself",
            timing="triggered", trigger="start_great_drowning",
            covers=("At the start of your turn, destroy affected sites and flood the resulting Rubble. Submerge everything "
                    "atop them and dispel The Great Drowning of Men.",),
            gaps="artifacts atop are not submerged",
        ),
    ),
    "Bedrock": (
        _passive("can't be modified: not flooded nor dried", "Can't be moved, destroyed, or modified.",
                 {"kind": "unmodifiable", "square": "$square"},
                 gaps="'can't be moved' is not followed; of destroying, The Great Drowning of Men's; of the modifications, flooding and drying"),
    ),
    "Floodplain": (
        _activated(
            "floods an adjacent site this turn", "Once on your turn, you may flood an adjacent site this turn.",
            {"cost": "once", "kind": "flood_site", "where": "adjacent", "duration": "this_turn"},
        ),
    ),
    "Avatar of Water": (
        _activated(
            "floods a site adjacent to its body of water until used again; may teleport there",
            "Tap → Flood a site adjacent to your body of water until you do so again. You may teleport there.",
            {"cost": "tap", "kind": "flood_site", "where": "adjacent_to_body", "duration": "until_used_again",
             "may_teleport": True},
        ),
    ),
    "Waveshaper": (
        _activated(
            "floods a site near its body of water until used again; taps minions there without Submerge",
            "Tap → Flood a site near your body of water until you do so again. Tap minions without submerge there. "
            "They don't untap the next time they would.",
            {"cost": "tap", "kind": "flood_site", "where": "near_body", "duration": "until_used_again",
             "tap_without_submerge": True},
        ),
    ),
}

SPELLS_FLOOD: dict[str, Spell] = {
    "Wave of Eviction": Spell(
        targets=2,
        target_kind="site_and_direction",
        then="overflow",
        covers=("An allied water site overflows in a cardinal direction, flooding sites there this turn and carrying "
                "away enemies one step at a time.",),
        gaps="the sites of the line are all flooded as it is cast, and each enemy is carried its whole way before "
             "the next: the wave does not move them square by square together",
    ),
    "The Flood": Spell(
        targets=-1,
        target_kind="saved_minions",
        effect={"kind": "flooded", "everywhere": True},
        duration="permanent",
        label="the entire realm is flooded for good; saved from submerging: {targets}",
        then="submerge_on_water",
        covers=("Permanently flood the entire realm, including voids. Submerge everything except one minion of each type.",),
        gaps=f"{VOIDS}; artifacts are not submerged",
    ),
    "Wrath of the Sea": Spell(
        targets=0,
        target_kind="sites_by_water",
        effect={"kind": "flooded", "squares": "$flood_squares"},
        duration="this_turn",
        label="the sites adjacent to a body of water ({targets}) are flooded this turn",
        then="submerge_on_water",
        covers=("Flood all sites adjacent to a body of water this turn. Then submerge all minions and artifacts on water.",),
        gaps="artifacts are not submerged",
    ),
}
