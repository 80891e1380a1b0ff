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


ABILITIES_THINGS: dict[str, tuple[Ability, ...]] = {
    # --- elemental thresholds (codex: Elemental Threshold and Affinity) -----------------------------
    "Kingdom of Agartha": (
        _passive("all minions have Burrowing while its controller has three earth affinity",
                 "(E)(E)(E) — All minions have Burrowing.",
                 {"kind": "grant", "keywords": ["Burrowing"], "everywhere": True, "minions_only": True,
                  "threshold_of": "$controller", "threshold": ["earth", 3]}),
    ),
}
