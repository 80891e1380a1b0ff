"""The last movement texts of the pool (issue 9; one helper's group, merged into
``abilities.ABILITIES``): an artifact that nothing moves by force (artifacts_forced.py)."""

from __future__ import annotations

from domain.rulesets.sorcery.abilities import Ability

#: the name of the ongoing ability of an artifact that nothing moves by force (artifacts_forced.py)
UNMOVABLE = "can't be moved by force"

ABILITIES_LAST: dict[str, tuple[Ability, ...]] = {
    # --- an artifact no spell or trigger moves by force (artifacts_forced.unmovable) -------------
    # "Can't be disabled" stays listed: an Automaton is not a unit here, and only units are disabled
    "Iron Man Talus": (
        Ability(
            name=UNMOVABLE, timing="ongoing",
            covers=("or moved by force.",),
        ),
    ),
}
