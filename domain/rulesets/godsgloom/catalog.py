"""What GODSGLOOM knows by name: movement traits with their timing kinds, terrain and unit types.

The timing kind of each trait is the one the seed gives it (§18.2: Action, Active, Passive or
Triggered). The lookahead reads it: passive traits are always in force, active movement traits
are offered as other ways to move, triggered ones are ignored (DESIGN.md, principle 2).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from domain.errors import BadInput

TraitTiming = Literal["action", "active", "passive", "triggered"]


class Trait(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    timing: TraitTiming
    #: whether the lookahead offers it as another way for the unit to move
    movement_option: bool = False
    summary: str


TRAITS: dict[str, Trait] = {
    t.name: t
    for t in (
        Trait(name="Breakaway", timing="action", movement_option=True,
              summary="may make its normal Move Action though it starts Engaged; only to leave its hex"),
        Trait(name="Combat Shift", timing="triggered",
              summary="eligible in the God's Push step even while Engaged"),
        Trait(name="Flying", timing="active", movement_option=True,
              summary="its Move Action teleports up to Speed hexes; not while Engaged"),
        Trait(name="Ignore Difficult", timing="passive",
              summary="Difficult terrain costs it nothing extra"),
        Trait(name="Immovable", timing="passive",
              summary="enemies can't push, displace or teleport it"),
        Trait(name="Lockdown", timing="passive",
              summary="enemies it Engages can't make a Move Action; cancels Harass"),
        Trait(name="Nimble", timing="active", movement_option=True,
              summary="need not stop in enemy Engagement Zones; then no Melee Attack this turn"),
        Trait(name="Scout Deploy", timing="active",
              summary="a free Move Action before the game; may not end Engaged"),
        Trait(name="Skirmish", timing="passive",
              summary="it and friendly units may move through each other's hexes"),
        Trait(name="Tireless", timing="triggered",
              summary="may move 1 hex in the God's Push step even if already activated"),
        Trait(name="Trample", timing="active", movement_option=True,
              summary="may move through Infantry and Swarm; an Attack Die per enemy passed"),
        Trait(name="Unstoppable", timing="passive",
              summary="moves though it starts Engaged and ignores Engagement Zones; then no Melee Attack"),
        Trait(name="Harass", timing="active", movement_option=True,
              summary="named only by Lockdown in the seed; read as Nimble (option harass)"),
    )
}

UNIT_TYPES = ("Infantry", "Cavalry", "Monster", "Hero", "Swarm")

TERRAIN_KEYWORDS = (
    "Difficult",
    "Impassable",
    "Elevated",
    "Cover",
    "Obstructing",
    "No Charge [IN]",
    "No Charge [OUT]",
    "Destructible",
)

#: terrain types and their keywords (GODSGLOOM rulebook, terrain table, newer version)
TERRAIN_TYPES: dict[str, tuple[str, ...]] = {
    "Clear": (),
    "Hill": ("Elevated", "No Charge [IN]", "Obstructing"),
    "Cliffs": ("Impassable", "Obstructing"),
    "River": ("Difficult", "No Charge [OUT]"),
    "Swamp": ("Difficult", "No Charge [OUT]"),
    "Lake": ("Impassable",),
    "Forest": ("Cover", "No Charge [IN]", "Obstructing"),
    "Building": ("Impassable", "Obstructing", "Destructible"),
    "Statue": ("Impassable", "Obstructing", "Destructible"),
    "Ruins": ("Difficult", "Cover"),
    "Rubble": ("Difficult", "Cover"),
    "Barricades": ("Cover", "No Charge [IN]", "Destructible"),
}


def trait(name: str) -> Trait:
    """A trait by name, forgiving case; BadInput names the known traits."""
    for known in TRAITS.values():
        if known.name.casefold() == str(name).strip().casefold():
            return known
    raise BadInput(f"unknown trait {name!r}: the catalog knows {', '.join(TRAITS)}")


def keyword(name: str) -> str:
    for known in TERRAIN_KEYWORDS:
        if known.casefold() == str(name).strip().casefold():
            return known
    raise BadInput(f"unknown terrain keyword {name!r}: expected one of {', '.join(TERRAIN_KEYWORDS)}")


def unit_type(name: str) -> str:
    for known in UNIT_TYPES:
        if known.casefold() == str(name).strip().casefold():
            return known
    raise BadInput(f"unknown unit type {name!r}: expected one of {', '.join(UNIT_TYPES)}")
