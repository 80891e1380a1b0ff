"""Artifacts that move or carry, abilities gated by an elemental threshold, and minions tied to
their Avatar (issue 9; one helper's group, merged into ``abilities.ABILITIES``).

A threshold ability ("(E)(E)(E) — ...") is in force only while its controller has that much
affinity (view.affinity: what the sites they control provide; effects.Scope.threshold).
"""

from __future__ import annotations

from typing import Any

from domain.rulesets.sorcery.abilities import Ability


def _passive(name: str, covers: str, passive: dict[str, Any], gaps: str | None = None) -> Ability:
    return Ability(name=name, timing="ongoing", passive=passive, covers=(covers,), gaps=gaps)


def _triggered(name: str, trigger: str, covers: str, gaps: str | None = None) -> Ability:
    return Ability(name=name, timing="triggered", trigger=trigger, covers=(covers,), gaps=gaps)


#: what triggers at the start / the end of its controller's turn (triggers_things.py)
THINGS_START = frozenset({"start_juggernaut_moves"})
THINGS_END = frozenset({"end_may_step_across_edges"})
#: the text of a minion that must be summoned to its owner's Avatar's location, a site they
#: control (engine.summon checks the abilities that cover it)
SUMMONED_TO_AVATAR = "Must be summoned to your location."

ABILITIES_THINGS: dict[str, tuple[Ability, ...]] = {
    # --- elemental thresholds (codex: Elemental Threshold and Affinity) -----------------------------
    "Kingdom of Agartha": (
        _passive("all minions have Burrowing while its controller has three earth affinity",
                 "(E)(E)(E) — All minions have Burrowing.",
                 {"kind": "grant", "keywords": ["Burrowing"], "everywhere": True, "minions_only": True,
                  "threshold_of": "$controller", "threshold": ["earth", 3]}),
    ),
    "Tadpole Pool": (
        Ability(name="Genesis: summons three submerged Frog tokens here while its controller has three water affinity",
                timing="triggered", trigger="genesis_tadpoles",
                covers=("(W)(W)(W) — Genesis → Summon three submerged Frog tokens here.",)),
    ),
    # --- artifacts that move ---------------------------------------------------------------------------
    "Purge Juggernaut": (
        _triggered("moves to an adjacent location at the start of your turn and kills all other minions there",
                   "start_juggernaut_moves",
                   "At the start of your turn, Purge Juggernaut taps and moves to an adjacent location. "
                   "Kill all other minions there.",
                   gaps="its tapping is not simulated (artifacts are never tapped here); borne, it does not move"),
    ),
    "Cage of Sidrak": (
        Ability(name="Genesis: locks all minions with 2 or less power in it, tapped and disabled", timing="triggered",
                trigger="genesis_cage",
                covers=("Genesis → Lock all minions with 2 or less power in this cage, tapped and disabled.",),
                gaps="a Cage that moves (borne by a unit) does not take the locked minions along: they go free"),
    ),
    # --- minions -------------------------------------------------------------------------------------
    "Cerberus in Chains": (
        Ability(name="must be summoned to your Avatar's location, at a site you control", timing="ongoing",
                covers=(SUMMONED_TO_AVATAR,)),
        _triggered("teleports to your Avatar whenever it enters a new location", "follows_avatar",
                   "Cerberus in Chains automatically follows you and can't move itself away."),
        _passive("can't move itself farther from your Avatar", "Cerberus in Chains automatically follows you and can't move itself away.",
                 {"kind": "restriction", "unit": "$self", "not_away_from_avatar": True}),
    ),
    "Aino": (
        _triggered("may step between the top and bottom edges of the realm at the end of your turn, gaining Stealth",
                   "end_may_step_across_edges",
                   "At the end of your turn, Aino may take a step between the top and bottom edges of the realm "
                   "to gain Stealth.",
                   gaps="the Stealth gained is not lost when she interacts with the realm (Stealth tokens are not simulated)"),
    ),
}
