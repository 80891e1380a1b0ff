"""GODSGLOOM's rule options (``options:`` in a scenario). Defaults follow the digest's section 10
except where docs/godsgloom.md says otherwise; each description says what the option decides."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Literal

from pydantic import Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from domain.options import RuleOptions
from domain.rulesets.godsgloom.catalog import UNIT_TYPES


class GloomOptions(RuleOptions):
    LATER: ClassVar[frozenset[str]] = frozenset(
        {"breakaway_zone_stop", "teleport_destination", "movement_traits_per_move", "charge_definition", "flying_minimum_move",
         "flying_engaged_read"}
    )
    #: bounds narrowed after logs were recorded outside them (``RuleOptions.NARROWED``), each
    #: with the widest bounds any version held it to: a whole number, no bound, for both. Git
    #: history: at 45c4ac0 (the fixture logs' version) an option was only checked to be of its
    #: default's exact type (``int``); from 686f536 both were ``int`` with no bound (a negative
    #: ``difficult_cost`` accepted); b14979b bounded difficult_cost ``ge=0``, a91c4cc ``ge=1``;
    #: d1b16a9 bounded slow_speed_modifier ``le=0``. A negative difficult_cost is replayed as
    #: played; no range of motion is worked out under it (``GloomMovement.refuse_negative_cost``)
    NARROWED: ClassVar[Mapping[str, Mapping[str, Any]]] = MappingProxyType(
        {"difficult_cost": MappingProxyType({}), "slow_speed_modifier": MappingProxyType({})}
    )

    engagement_zone: Literal["front_arc", "all_adjacent"] = Field(
        default="front_arc", description="the 3 hexes across the Front Arc, or all 6 neighbours"
    )
    engaged_rule: Literal["in_enemy_zone", "mutual_adjacent"] = Field(
        default="in_enemy_zone", description="when a unit counts as Engaged"
    )
    difficult_cost: int = Field(
        # seed 002 §8.3: Difficult terrain increases the MP needed; below a clear hex's 1 it would
        # be a bonus (at 0 any stretch of it crossed for nothing), refused naming the option
        default=2, ge=1, description="MP to enter a Difficult hex, 1 or more (§8.3 example; a clear hex costs 1)",
    )
    slow_speed_modifier: int = Field(
        # seed 002 §8.3's example: a Slow token reduces Speed; a positive value would speed a Slow
        # unit up, and is refused naming the option (0: Slow tokens change nothing)
        default=-1, le=0, description="Speed change per Slow token, 0 or less (§8.3 example: Slow reduces Speed)",
    )
    engaged_step_hexes: int = Field(default=1, ge=0, description="hexes a unit that starts Engaged may move (§8.2)")
    teleport_destination: Literal["empty_within_speed", "path_within_speed"] = Field(
        default="empty_within_speed",
        description=(
            "how a Flying move's Speed hexes are counted (the Teleport mechanic is not public): the hex distance, "
            "over anything; or the fewest hexes of a way round Impassable hexes"
        ),
    )
    flying_minimum_move: Literal["speed_only", "one_hex"] = Field(
        default="speed_only",
        description=(
            "whether §8.3's Minimum Move Guarantee (1 hex in any Move Action) reaches a Flying Move Action, a teleport "
            "of at most Speed hexes instead of normal movement (the seeds don't say): speed_only, Flying is held to "
            "Speed (a unit slowed to Speed 0 can't fly); or one_hex, it may always teleport 1 hex"
        ),
    )
    flying_engaged_read: Literal["activation_start", "when_flying"] = Field(
        default="activation_start",
        description=(
            "when Flying's 'not while Engaged' (seed 001) is read for a unit Engaged when its activation began and "
            "free when it moves, the seeds don't say: activation_start, Flying is refused as §8.2 is read; or "
            "when_flying, where it stands, so a unit that Unstoppable or Breakaway gives its Move Action may fly"
        ),
    )
    teleport_arrival_engages: bool = Field(
        default=True,
        description=(
            "a unit teleported (Flying, or by another unit) into an enemy zone is Engaged (UnitEngaged); false is not "
            "modelled: Engaged is read from where units stand, so only UnitEngaged is left out, with a warning"
        ),
    )
    nimble_melee_ban: Literal["if_passed_through_zone", "if_entered_zone"] = Field(
        default="if_passed_through_zone", description="when Nimble costs the Melee Attack"
    )
    unstoppable_melee_ban: Literal["when_used", "always_after_move"] = Field(
        default="when_used",
        description=(
            "when Unstoppable costs the Melee Attack: when_used, the move relied on it (it gave a unit that started "
            "Engaged its Move Action, Breakaway not used, or took it on through an enemy zone); or after any move"
        ),
    )
    harass: Literal["alias_of_nimble", "disabled"] = Field(
        default="alias_of_nimble", description="Harass, named only by Lockdown, read as Nimble"
    )
    trample_passable: list[str] = Field(default=["Infantry", "Swarm"], description="unit types Trample moves through")
    attack_die_faces: int = Field(default=6, ge=1, description="faces of an Attack Die (odds not public)")
    attack_die_success: int = Field(
        # checked at its default too: a die of fewer faces than the default success is refused
        default=4, ge=1, validate_default=True, description="lowest face that is a success (default 4+ on a d6)",
    )
    engaged_trample: Literal["engaged_step", "full_move"] = Field(
        default="engaged_step",
        description=(
            "Trample by a unit that starts Engaged: the §8.2 step that may pass Infantry and Swarm, or a "
            "full Speed move (Trample read as a movement of its own)"
        ),
    )
    charge_definition: Literal["not_enforced", "any_melee"] = Field(
        default="not_enforced",
        description=(
            "No Charge [IN] / [OUT] (no public text; digest): not_enforced, with a warning beside every answer about a mat "
            "that has such terrain; or any_melee: no Melee Attack into a No Charge [IN] hex or out of a [OUT] one, "
            "except by a unit with Ignore Difficult"
        ),
    )
    movement_traits_per_move: Literal["any", "one"] = Field(
        default="any",
        description=(
            "how many active movement traits one Move Action may use: any of the unit's together (seed 001 sets no "
            "limit: Trample with Nimble or Breakaway), or one"
        ),
    )
    breakaway_zone_stop: Literal["any_enemy_zone", "other_enemies_only"] = Field(
        default="any_enemy_zone",
        description=(
            "once a Breakaway move has left its hex, which enemy zones end it: any enemy's, or only those of enemies "
            "other than the ones Engaging the unit when its activation began (seed 001 says 'another enemy')"
        ),
    )
    gods_push_move: Literal["one_hex", "disabled"] = Field(
        default="one_hex", description="what an eligible unit may do in the God's Push step"
    )
    gods_push_timing: Literal["end_of_round"] = Field(
        default="end_of_round", description="when the God's Push step comes: its procedure is not public; only this is modelled"
    )

    @field_validator("trample_passable", mode="before")
    @classmethod
    def _unit_types(cls, value: Any) -> Any:
        """Each name a unit type, written in any case as setup reads them (seed 001 Trample names
        Infantry and Swarm); a name that is no unit type would silently let Trample pass nothing."""
        if not isinstance(value, list):
            return value  # the field's own type check refuses it
        known = {t.casefold(): t for t in UNIT_TYPES}
        found: list[Any] = []
        for name in value:
            canonical = known.get(name.strip().casefold()) if isinstance(name, str) else None
            if canonical is None:
                raise ValueError(f"a list of unit types ({', '.join(UNIT_TYPES)})")
            found.append(canonical)
        return found

    @field_validator("attack_die_success")
    @classmethod
    def _a_face(cls, value: int, info: ValidationInfo) -> int:
        """The success face must be one the Attack Die has: beyond it no die succeeds."""
        faces = info.data.get("attack_die_faces")
        if isinstance(faces, int) and value > faces:
            raise PydanticCustomError("less_than_equal", "at most the die's faces", {"le": faces})
        return value
