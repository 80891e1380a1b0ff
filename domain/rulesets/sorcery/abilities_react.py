"""Movement that reacts to attacks or spells, and swaps (issue 9; one helper's group, merged into
``abilities.ABILITIES`` and ``abilities.SPELLS``): what they match and do is in ``react``.

"Attack" triggers resolve after the attack is declared and checked, before the defend window
opens (codex: Attack, step 2): Wills-o'-the-Wisp's teleport is a trigger on ``AttackDeclared``;
Dodge Roll is cast by the attacked player in that window (codex: Casting Spells: Dodge Roll
grants a timing exception). A "may" is the player's: a ``choose`` answer for a trigger, the
targets of a cast for a spell.
"""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import Ability, Spell

ABILITIES_REACT: dict[str, tuple[Ability, ...]] = {
    "Wills-o'-the-Wisp": (
        Ability(
            name="whenever attacked, may teleport to another nearby location or void to evade the attack",
            timing="triggered", trigger="evade_teleport",
            covers=(
                "Whenever Wills-o’-the-Wisp are attacked, they may teleport to another nearby location or "
                "void to evade the attack.",
            ),
        ),
    ),
    "Wind Sylph": (
        Ability(
            name="after she casts a Magic spell, may push a unit here one step",
            timing="triggered", trigger="after_cast_may_push_here",
            covers=("After Wind Sylph casts a Magic spell, she may push a unit here one step.",),
        ),
    ),
    "Bladedancer": (
        Ability(
            name="after her first attack each turn, may take a step, then may attack a unit there",
            timing="triggered", trigger="after_first_attack_may_step",
            covers=("After her first attack each turn, Bladedancer may take a step. When she does, she may attack a unit there.",),
        ),
    ),
    "Sturmgeist": (
        Ability(
            name="whenever an enemy casts magic, steps closer to the caster",
            timing="triggered", trigger="step_closer_to_caster",
            covers=("Whenever an enemy casts magic, Sturmgeist steps closer",),
        ),
    ),
}

SPELLS_REACT: dict[str, Spell] = {
    "Dodge Roll": Spell(
        targets=2, target_kind="attacked_ally_moves", moves="react",
        covers=(
            "May be cast when an ally is attacked.",
            "An attacked ally may move to another adjacent location to evade the attack.",
        ),
    ),
    "Joust!": Spell(
        targets=2, target_kind="ally_swaps_with_adjacent_enemy", moves="react",
        covers=(
            "An ally targets an enemy they’re adjacent to, then they both take a step to swap places. "
            "If they pass each other, they fight.",
        ),
    ),
    "Call of the Sea": Spell(
        targets=1, target_kind="adjacent_minions_step_in_then_submerge", moves="react",
        covers=("Minions adjacent to target Water site step towards it. Then submerge all minions there.",),
        gaps="the minions step one after another, in square order, not as one event",
    ),
    "Backstab": Spell(
        targets=2, target_kind="minion_moves_to_tapped_minion", moves="react",
        covers=("Target minion moves to an adjacent location, if needed,",),
    ),
}
