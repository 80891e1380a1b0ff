"""The skirmish ruleset's rule options (``options:`` in a scenario), named and defaulted as in the
digest's open points (section 5); docs/skirmish.md explains each reading."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, ClassVar, Literal

from pydantic import Field

from domain.options import RuleOptions


class SkirmishOptions(RuleOptions):
    LATER: ClassVar[frozenset[str]] = frozenset(
        {"unit_move", "through_incapacitated_allies", "failed_jump_from_the_ground", "jump_across_measured", "fall_without_room"}
    )
    #: fall_without_room came after games were recorded in which a unit with no room beyond the
    #: edge stayed where it went over (a 0" fall): a record without it means stays; a new game
    #: records nearest_fit (``RuleOptions.ABSENT_MEANS``)
    ABSENT_MEANS: ClassVar[Mapping[str, Any]] = MappingProxyType({"fall_without_room": "stays"})

    run_multiplier: float = Field(default=1.5, description="Run = Move x 1.5")
    run_enemy_range: float = Field(default=8.0, description="no Running within this many inches of an enemy (base to base)")
    run_enemy_range_measured: Literal["start_of_move", "whole_path"] = Field(
        default="start_of_move", description="where the enemy range is measured from"
    )
    difficult_penalty: float = Field(default=2.0, description="inches lost once per turn after crossing difficult terrain")
    climb_check_per: Literal["surface"] = Field(default="surface", description="one Agility Check per vertical surface climbed")
    climb_horizontal_leeway: float = Field(default=1.0, description="horizontal inches a climb may include")
    wall_running: Literal["forbidden", "allowed"] = Field(
        default="forbidden", description="whether a climb may go further along the wall"
    )
    jump_down_max_horizontal: float = Field(default=3.0, description="how far from the edge a Jump Down may land")
    jump_down_target: Literal["ground_only", "any_lower_surface"] = Field(
        default="ground_only", description="where a Jump Down may land"
    )
    jump_down_disadvantage_height: float = Field(
        default=4.0, description="drops this high or more are checked with disadvantage"
    )
    jump_across_free_gap: float = Field(default=1.0, description="gaps up to this need no check")
    jump_across_max_gap: float = Field(default=3.0, description="longer jumps fail outright")
    jump_across_max_rise: float = Field(default=1.0, description="landing higher than this above the take-off fails outright")
    jump_across_distance_cost: Literal["deducted", "free"] = Field(
        default="deducted", description="whether a jump's length is paid from the movement left"
    )
    jump_across_lower_landing: Literal["allowed", "not_to_the_ground"] = Field(
        default="not_to_the_ground",
        description=(
            "not_to_the_ground: a jump that lands on the ground more than 1\" below its take-off is a Jump Down "
            "(seed 004: from a higher point onto the ground, with its check), refused as a Jump Across; a lower roof "
            "is landed on by a Jump Across. allowed: any lower landing is a Jump Across (the old default; "
            "logs record the option, so they replay as played)"
        ),
    )
    jump_across_measured: Literal["horizontal", "straight_line"] = Field(
        default="horizontal",
        description=(
            "how a Jump Across's length is measured (its check over 1\", its outright failure over 3\", the inches it "
            "pays): horizontal (default), the gap across, as every distance on the table; straight_line: from take-off "
            "to landing, the drop or rise included (seed 004: \"the distance between the start and end position\")"
        ),
    )
    failed_jump_from_the_ground: Literal["injury_roll", "no_fall"] = Field(
        default="injury_roll",
        description=(
            "a failed Jump Across that took off from the ground, or from a surface up to 1\" high (one level with it), "
            "\"falls to the ground below\" (seed 004), where the unit stands: injury_roll (default): a 0\" fall with its "
            "Injury Roll, the seed's Falling read literally; no_fall: the jump fails and the move ends where the unit "
            "stands, no Injury Roll (the seed is silent on a fall of nothing)"
        ),
    )
    fall_height_from: Literal["take_off_surface"] = Field(
        default="take_off_surface", description="a fall's height is measured from"
    )
    fall_without_room: Literal["nearest_fit", "stays"] = Field(
        default="nearest_fit",
        description=(
            "a unit that falls where no base fits beyond the edge it went over (an alley narrower than its base, "
            "a strip between the wall and a hedge); seed 004 is silent. nearest_fit (default): it drops to the "
            "ground below (Jumping Across: \"the ground below\") at the nearest point to the ground under the "
            "edge where its whole base is on the table and clear of every footprint, the real drop its fall's "
            "height; with no such point on the whole table it stays, said as not modelled. stays: it stays where "
            "it went over from, a 0\" fall (logs recorded before this option replay so)"
        ),
    )
    fall_injury_modifier: int = Field(default=2, description="added to the Injury Roll per full inch fallen above 2\"")
    fall_always_injures: bool = Field(default=True, description="a fall always has the chart's effect (else Dazed = unhurt)")
    fall_scatter: Literal["random_direction"] = Field(
        default="random_direction", description="how a unit landing on another is placed"
    )
    disadvantage: Literal["two_d20_keep_worse"] = Field(default="two_d20_keep_worse", description="what disadvantage means")
    ladder_users: Literal["not_animals"] = Field(default="not_animals", description="who climbs ladders without a check")
    ledge_check: Literal["on", "off"] = Field(
        default="on", description="a unit Stunned or Dazed within 1\" of an edge checks or falls"
    )
    through_incapacitated_allies: Literal["allowed", "forbidden"] = Field(
        default="allowed",
        description=(
            "whether a unit may move through an Incapacitated ally: the seed forbids only Engaged, Stunned "
            "and Dazed ones, so by default it may"
        ),
    )
    declare_before_measure: Literal[True] = Field(
        default=True, description="jumps are declared (an event) before they are measured"
    )
    unit_move: float | None = Field(
        default=None,
        description=(
            "every unit's Move characteristic in inches, in place of each unit's own (a designer's what-if: "
            "Move 6 against Move 3); default none: each unit keeps the Move it is given"
        ),
    )
