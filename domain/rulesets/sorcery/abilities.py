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


class Ability(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    timing: Timing
    #: for ongoing abilities: the effect template it keeps in force while its card is in the realm
    passive: dict[str, Any] | None = None
    #: for triggered abilities: the behaviour that matches and resolves it (see triggers.py)
    trigger: str | None = None
    #: for carriers: how many units, and which
    carry: int = 0
    carry_allies: str = "minion"


class Spell(BaseModel):
    """A magic that starts an ongoing effect; ``targets`` says what the caster must choose."""

    model_config = ConfigDict(frozen=True)

    targets: int
    target_kind: str
    effect: dict[str, Any]
    duration: str
    label: str


ABILITIES: dict[str, tuple[Ability, ...]] = {
    "Magellan Globe": (
        Ability(name="opposite edges connected", timing="ongoing", passive={"kind": "connect_edges"}),
    ),
    "Gnome Hollows": (
        Ability(
            name="units with 3 or more power can't enter",
            timing="ongoing",
            passive={"kind": "entry_ban", "square": "$square", "min_power": 3},
        ),
    ),
    "Bottomless Pit": (
        Ability(name="kills non-Airborne minions that enter", timing="triggered", trigger="kill_on_entry"),
    ),
    "Giant Shark": (
        Ability(
            name="moves to a unit entering its body of water to fight it",
            timing="triggered",
            trigger="shark_hunt",
        ),
    ),
    "Bog": (
        Ability(
            name="Genesis: units atop target nearby site are Immobile until your next turn",
            timing="triggered",
            trigger="genesis_immobile_atop",
        ),
    ),
    "Quagmire": (
        Ability(
            name="Genesis: units occupying nearby sites are Immobile until your next turn",
            timing="triggered",
            trigger="genesis_immobile_nearby",
        ),
    ),
    "Phantom Steed": (
        Ability(name="may carry an allied minion", timing="ongoing", carry=1, carry_allies="minion"),
    ),
    "Beast of Burden": (
        Ability(name="may carry any number of allied minions", timing="ongoing", carry=99, carry_allies="minion"),
    ),
    "Zephyranne Airship": (
        Ability(name="may carry any number of allied minions", timing="ongoing", carry=99, carry_allies="minion"),
    ),
    "War Horse": (
        Ability(name="may carry an ally", timing="ongoing", carry=1, carry_allies="unit"),
    ),
    "Poisonous Dagger": (
        Ability(
            name="bearer has Lethal",
            timing="ongoing",
            passive={"kind": "grant", "bearer_of": "$self", "keywords": ["Lethal"]},
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
        ),
    ),
    "Seven-League Boots": (
        Ability(
            name="bearer has Movement +7",
            timing="ongoing",
            passive={"kind": "grant", "bearer_of": "$self", "movement": 7},
        ),
    ),
}

SPELLS: dict[str, Spell] = {
    "Waypoint Portal": Spell(
        targets=2,
        target_kind="site",
        effect={"kind": "as_if_adjacent", "squares": "$targets"},
        duration="this_turn",
        label="units can move between {targets} as if adjacent",
    ),
    "Mad Dash": Spell(
        targets=1,
        target_kind="ally",
        effect={"kind": "grant", "unit": "$target", "movement": 1},
        duration="this_turn",
        label="{target} has Movement +1",
    ),
    "Power of Flight": Spell(
        targets=1,
        target_kind="allied_minion",
        effect={"kind": "grant", "unit": "$target", "keywords": ["Airborne"]},
        duration="until_next_turn",
        label="{target} has Airborne",
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
