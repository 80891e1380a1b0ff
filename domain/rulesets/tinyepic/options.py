"""Tiny Epic Tactics' rule options (``options:`` in a scenario).

The first group is the digest's section 6, with its names and defaults: where the seed (003) is
silent, a scenario chooses. The second group is this simulator's own: the attacks are modelled
only as far as terrain effects, counters and knock back need them, and the card values and dice
faces they rest on are not public (docs/tiny-epic-tactics.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, field_validator

from domain.options import RuleOptions

Terrain = Literal["plains", "bridge", "water", "forest", "peak", "village", "portal", "ballista"]
UnitClass = Literal["Fighter", "Rogue", "Wizard", "Beast"]
MeleeFace = Literal["blank", "damage", "knock_back"]
MissFace = Literal["hit", "miss"]
Count = Annotated[int, Field(ge=0)]

#: seed 003: Water, Peak and Ballista cost +1 to enter; every other terrain nothing extra
DEFAULT_SURCHARGE: dict[Terrain, int] = {"water": 1, "peak": 1, "ballista": 1}


def _melee_faces() -> list[MeleeFace]:
    return ["blank", "damage", "damage", "damage", "knock_back", "knock_back"]


def _miss_faces() -> list[MissFace]:
    return ["hit", "hit", "hit", "hit", "miss", "miss"]


class TetOptions(RuleOptions):
    #: options added after games were recorded: left out of their record while they hold what
    #: their absence means (``RuleOptions.LATER``), so older logs and fingerprints read and hash
    #: as before (ballista_reentry_after_knockback: its default, barred, is how they were played)
    LATER: ClassVar[frozenset[str]] = frozenset(
        {"second_attack", "ballista_reentry_after_knockback", "zero_damage_ranged_attacks"}
    )
    #: second_attack came with the digest's reading as its default (other_kind) and became the
    #: rulebook's (never): games recorded before leave it out and were played under other_kind,
    #: which its absence keeps meaning; a new game records never (``RuleOptions.ABSENT_MEANS``).
    #: zero_damage_ranged_attacks likewise: games recorded before the refusal (143e7e0) let a
    #: unit with ranged_damage 0 shoot, which its absence keeps meaning; a new game records refused
    ABSENT_MEANS: ClassVar[Mapping[str, Any]] = MappingProxyType(
        {"second_attack": "other_kind", "zero_damage_ranged_attacks": "allowed"}
    )
    #: but a start without zero_damage_ranged_attacks is ambiguous: from 143e7e0 (the refusal,
    #: with no option) to e63ff03 (the option) new games were played refused and their starts
    #: recorded nothing of it, as those before did (``RuleOptions.ABSENT_MAY_MEAN``): a log of
    #: theirs in which a 0-damage shooter survives an enemy in its range has no Counter that
    #: allowed would give, and verifies as refused
    ABSENT_MAY_MEAN: ClassVar[Mapping[str, Mapping[Any, str]]] = MappingProxyType(
        {"zero_damage_ranged_attacks": {"refused": "143e7e0..e63ff03"}}
    )

    # --- the digest's open points (section 6) ---------------------------------------------------
    adjacency: Literal["orthogonal4", "king8"] = Field(
        default="orthogonal4", description="steps to the 4 orthogonal neighbours, or to all 8 (diagonals too)"
    )
    movement_values: dict[UnitClass, Count] = Field(
        default_factory=dict,
        description="Movement per class (card values are not public); a unit's own movement field wins",
    )
    climb_cost_mode: Literal["per_step_up", "per_level"] = Field(
        default="per_step_up", description="+1 for any step up whatever the height (seed), or +1 per level climbed"
    )
    descend_cost: int = Field(default=0, ge=0, description="extra cost of a step down a level (seed: none)")
    terrain_entry_surcharge: dict[Terrain, Count] = Field(
        default_factory=lambda: dict(DEFAULT_SURCHARGE),
        description="extra cost to enter each terrain; terrains not named keep their default (Water, Peak, Ballista 1)",
    )
    ally_pass_through: bool = Field(default=True, description="a unit may pass through a space holding an ally")
    portal_model: Literal["access_space", "portal_space"] = Field(
        default="access_space",
        description="a portal space is the space in front of a portal in a cliff face, or the portal itself",
    )
    portal_transit_cost: int = Field(
        default=1, ge=0, description="cost of going from one portal to another (plus the exit's surcharge, no climb)"
    )
    portal_blocked_for: Literal["other_players"] = Field(
        default="other_players", description="a portal whose space holds another player's unit is closed to you"
    )
    village_trigger: Literal["pass_or_end"] = Field(
        default="pass_or_end", description="a Village heals a unit entering it during a Move, once per Village per turn"
    )
    ballista_range_elevation_adjust: bool = Field(
        default=False, description="the Ballista's range of 4 changes with elevation as a Missile's does"
    )
    ballista_knockback_direction: Literal["any_orthogonal", "away_from_ballista"] = Field(
        default="any_orthogonal", description="where the Ballista's knock back may go, chosen by the firing player"
    )
    ballista_reentry_after_knockback: Literal["barred", "allowed"] = Field(
        default="barred",
        description="a unit that started its turn on the Ballista and was carried off it by a knock back (not its own "
        "Move) may not enter it again this turn, as after moving out (barred, the reading before the option), or may "
        "(allowed: the bar lifted for the rest of the turn; the unit still started there and fires from the space "
        "when it stands on it); seed 003 bars only 'move out and back into'",
    )
    ballista_action: Literal["separate_action"] = Field(
        default="separate_action", description="firing the Ballista is an action of its own; it needs no Ammo"
    )
    knockback_stop_damage: int = Field(default=1, ge=0, description="Health lost when a knock back is cut short")
    knockback_fall_damage: int = Field(default=0, ge=0, description="Health lost per level dropped in a knock back")
    same_action_repeat: Literal["last_unit_only"] = Field(
        default="last_unit_only", description="a unit repeats an action only when it is its player's last unit"
    )
    second_attack: Literal["never", "other_kind"] = Field(
        default="never",
        description="a unit attacks once a turn, even with another kind of attack (the rulebook's Taking Actions), or "
        "its second action may be an attack of another kind (a variant: the digest's 'second, different action' "
        "read alone); a player's last unit repeats any action either way. A log without it was played under other_kind",
    )
    # --- this simulator's readings of the attacks (not movement rules) ------------------------
    melee_die_faces: list[MeleeFace] = Field(
        default_factory=_melee_faces,
        min_length=1,
        description="the faces of a Melee die (not public): each die shows one",
    )
    miss_die_faces: list[MissFace] = Field(
        default_factory=_miss_faces,
        min_length=1,
        description="the faces of a Missile miss die (not public)",
    )
    terrain_damage: Literal["every_attack", "damaging_attacks"] = Field(
        default="every_attack",
        description="Water's +1 and Forest's -1 change every attack that lands, or only one dealing damage already",
    )
    counters: Literal["when_able", "never"] = Field(
        default="when_able", description="a damaged target Counters whenever it can (the player's choice, played as yes)"
    )
    zero_damage_ranged_attacks: Literal["refused", "allowed"] = Field(
        default="refused",
        description="a unit whose ranged_damage is 0 has no Missile or Spell Attack, nor a Counter with one (refused: "
        "the rulebook's Missile Attack deals the damage its stat lists, and its FAQ counts only damaging spells as "
        "attacks), or makes them, dealing 0 (plus Water's +1) (allowed). Seed 003 and the digest say nothing of a "
        "0-damage shot. A log without it was played under allowed",
    )
    weakened_counter: Literal["never", "pay_2_health"] = Field(
        default="never", description="a Weakened target does not Counter, or pays 2 Health to Counter, which removes its token"
    )

    @field_validator("terrain_entry_surcharge", mode="before")
    @classmethod
    def _keep_defaults(cls, value: Any) -> Any:
        """A scenario names only the terrains it changes; the others keep the seed's costs."""
        if isinstance(value, dict):
            return {**DEFAULT_SURCHARGE, **value}
        return value
