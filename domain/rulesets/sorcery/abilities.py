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

#: what carrying cards still lack (digest 2.6)
CARRY_GAPS = "Pick Up and Drop are not commands: a unit is carried only from set-up"


class Ability(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    timing: Timing
    #: the card's text this ability models, exactly as printed (a line or part of one): what the
    #: card derivation counts as modelled (coverage.py); a test checks each is on its card
    covers: tuple[str, ...] = ()
    #: what of the covered text is still not modelled (reported with the card, never silent)
    gaps: str | None = None
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
    #: the card's text the spell models (as ``Ability.covers``)
    covers: tuple[str, ...] = ()
    effect: dict[str, Any]
    duration: str
    label: str


ABILITIES: dict[str, tuple[Ability, ...]] = {
    "Magellan Globe": (
        Ability(
            name="opposite edges connected", timing="ongoing", passive={"kind": "connect_edges"},
            covers=("Opposite edges of the realm are connected.",),
        ),
    ),
    "Gnome Hollows": (
        Ability(
            name="units with 3 or more power can't enter",
            timing="ongoing",
            passive={"kind": "entry_ban", "square": "$square", "min_power": 3},
            covers=("Units with 3 or more power can’t enter this site.",),
        ),
    ),
    "Bottomless Pit": (
        Ability(
            name="kills non-Airborne minions that enter", timing="triggered", trigger="kill_on_entry",
            covers=("Whenever a non-Airborne minion enters this site, kill it.",),
        ),
    ),
    "Giant Shark": (
        Ability(
            name="moves to a unit entering its body of water to fight it",
            timing="triggered",
            trigger="shark_hunt",
            covers=(
                "Whenever another unit enters or moves between sites in this body of water, "
                "Giant Shark moves to that unit to fight it.",
            ),
        ),
    ),
    "Bog": (
        Ability(
            name="Genesis: units atop target nearby site are Immobile until your next turn",
            timing="triggered",
            trigger="genesis_immobile_atop",
            covers=("Genesis → Until your next turn, units are Immobile while atop target nearby site.",),
        ),
    ),
    "Quagmire": (
        Ability(
            name="Genesis: units occupying nearby sites are Immobile until your next turn",
            timing="triggered",
            trigger="genesis_immobile_nearby",
            covers=("Genesis → Until your next turn, units are Immobile while they occupy nearby sites.",),
        ),
    ),
    "Phantom Steed": (
        Ability(
            name="may carry an allied minion", timing="ongoing", carry=1, carry_allies="minion",
            covers=("May carry an allied minion.",), gaps=CARRY_GAPS,
        ),
    ),
    "Beast of Burden": (
        Ability(
            name="may carry any number of allied minions", timing="ongoing", carry=99, carry_allies="minion",
            covers=("May carry any number of allied minions.",), gaps=CARRY_GAPS,
        ),
    ),
    "Zephyranne Airship": (
        Ability(
            name="may carry any number of allied minions", timing="ongoing", carry=99, carry_allies="minion",
            covers=("May carry any number of allied minions.",), gaps=CARRY_GAPS,
        ),
    ),
    "War Horse": (
        Ability(
            name="may carry an ally", timing="ongoing", carry=1, carry_allies="unit",
            covers=("May carry an ally.",), gaps=CARRY_GAPS,
        ),
    ),
    "Poisonous Dagger": (
        Ability(
            name="bearer has Lethal",
            timing="ongoing",
            passive={"kind": "grant", "bearer_of": "$self", "keywords": ["Lethal"]},
            covers=("Bearer has Lethal.",),
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
            covers=("Bearer has Airborne and Movement +1, if it's a minion.",),
        ),
    ),
    "Seven-League Boots": (
        Ability(
            name="bearer has Movement +7",
            timing="ongoing",
            passive={"kind": "grant", "bearer_of": "$self", "movement": 7},
            covers=("Bearer has Movement +7.",),
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
        covers=("Choose two different sites. This turn, units can move between them as if they were adjacent.",),
    ),
    "Mad Dash": Spell(
        targets=1,
        target_kind="ally",
        effect={"kind": "grant", "unit": "$target", "movement": 1},
        duration="this_turn",
        label="{target} has Movement +1",
        covers=("then give an ally Movement +1 this turn.",),
    ),
    "Power of Flight": Spell(
        targets=1,
        target_kind="allied_minion",
        effect={"kind": "grant", "unit": "$target", "keywords": ["Airborne"]},
        duration="until_next_turn",
        label="{target} has Airborne",
        covers=("Give an allied minion Airborne until your next turn.",),
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
