"""Seed 001 Flying ("cannot use this trait if it is Engaged") and seed 002 §8.2 (a unit that
starts its activation Engaged has no normal Move Action), for a flyer whose Engagement ended
between its activation and its move (the enemy displaced away). Seed 001 Unstoppable and
Breakaway give such a unit its Move Action; neither seed says whether Flying's "is Engaged" is
then read at the activation's start or when the unit flies. Option flying_engaged_read:
``activation_start`` (default, the ruling older logs were played under) refuses Flying;
``when_flying`` lets an Unstoppable or Breakaway flyer fly, as it stands free, while a flyer
with neither still has only the §8.2 step. The command, the legal moves and the lookahead read
it alike."""

from __future__ import annotations

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.options import check_options
from domain.rulesets.godsgloom.options import GloomOptions
from tests.godsgloom.test_movement_rules import activated, mat
from tests.helpers import names, reach

#: the harpy stands across the ogres' front edge (Engaged); ``TRAITS`` is filled in per test
HARPY = (
    "    - {{id: harpy, owner: p1, type: Monster, at: '3,5', facing: N, speed: 4, traits: [{traits}]}}\n"
    "    - {{id: ogres, owner: p2, type: Monster, at: '3,6', facing: N, speed: 3}}"
)

#: a lake halfway to 3,1: walking there takes 5 MP, so only a flight of 4 hexes reaches it
LAKE = "{at: '3,3', type: Lake}"


def freed(traits: str, options: str = "{}"):  # type: ignore[no-untyped-def]
    """The harpy activated Engaged, then the ogres displaced a hex away: free where it stands."""
    g = activated(mat(HARPY.format(traits=traits), LAKE, options), "harpy")
    g.issue({"command": "displace", "unit": "ogres", "by": "harpy", "to": "3,7"})
    return g


def flying_listed(g) -> set[str]:  # type: ignore[no-untyped-def]
    return {c.path[-1] for c in g.legal_commands() if c.command == "move" and c.use == "Flying"}


def fly(g, to: str = "3,1") -> list:  # type: ignore[no-untyped-def, type-arg]
    return g.issue({"command": "move", "unit": "harpy", "use": "Flying", "path": [to]})


@pytest.mark.parametrize("traits", ["Flying, Unstoppable", "Flying, Breakaway"])
def test_flying_is_refused_to_a_unit_engaged_at_activation_start_by_default(traits: str) -> None:
    # seed 001 Flying, seed 002 §8.2: default flying_engaged_read: activation_start, as before
    g = freed(traits)
    with pytest.raises(IllegalCommand, match="Engaged when its activation began"):
        fly(g)
    assert flying_listed(g) == set()
    assert "Flying" not in reach(g, "harpy").extra["with_traits"]


@pytest.mark.parametrize("traits", ["Flying, Unstoppable", "Flying, Breakaway"])
def test_flying_engaged_read_when_flying_lets_a_freed_unstoppable_or_breakaway_flyer_fly(traits: str) -> None:
    # seed 001 Unstoppable / Breakaway give the Move Action, Flying reads "is Engaged" now
    g = freed(traits, "{flying_engaged_read: when_flying}")
    assert "3,1" in flying_listed(g)
    assert "3,1" in reach(g, "harpy").extra["with_traits"]["Flying"]
    events = fly(g)
    assert "UnitTeleported" in names(events) and g.state.units["harpy"].location == "3,1"


def test_flying_engaged_read_when_flying_still_holds_a_plain_flyer_to_the_section_8_2_step() -> None:
    # seed 002 §8.2: no trait gives it a normal Move Action, so Flying is still refused
    g = freed("Flying", "{flying_engaged_read: when_flying}")
    with pytest.raises(IllegalCommand, match="Engaged when its activation began"):
        fly(g)
    assert flying_listed(g) == set()


def test_flying_engaged_read_when_flying_refuses_a_flyer_still_engaged() -> None:
    # seed 001 Flying: "cannot use this trait if it is Engaged"
    g = activated(mat(HARPY.format(traits="Flying, Unstoppable"), LAKE, "{flying_engaged_read: when_flying}"), "harpy")
    with pytest.raises(IllegalCommand, match="while Engaged"):
        fly(g)
    assert flying_listed(g) == set()


def test_an_unstoppable_flyer_freed_since_its_activation_loses_its_melee_attack_when_it_flies() -> None:
    # seed 001 Unstoppable: the Move Action it gave costs the Melee Attack (unstoppable_melee_ban: when_used)
    g = freed("Flying, Unstoppable", "{flying_engaged_read: when_flying}")
    events = fly(g, "3,4")
    assert "MeleeBarred" in names(events)
    with pytest.raises(IllegalCommand, match="Unstoppable"):
        g.issue({"command": "melee_attack", "unit": "harpy", "target": "ogres"})


def test_a_breakaway_flyer_freed_since_its_activation_keeps_its_melee_attack() -> None:
    # seed 001 Breakaway costs no Melee Attack
    g = freed("Flying, Breakaway", "{flying_engaged_read: when_flying}")
    events = fly(g, "3,4")
    assert "MeleeBarred" not in names(events)


def test_a_flyer_with_unstoppable_and_breakaway_freed_since_its_activation_keeps_its_melee_attack() -> None:
    # seed 001 Breakaway gives it the flight (a flight names no other trait): Unstoppable is not
    # what it relied on, and under unstoppable_melee_ban: when_used its attack is kept, as a walk
    # declared with Breakaway keeps it
    g = freed("Flying, Unstoppable, Breakaway", "{flying_engaged_read: when_flying}")
    events = fly(g, "3,4")
    assert "MeleeBarred" not in names(events)
    g = freed("Flying, Unstoppable, Breakaway", "{flying_engaged_read: when_flying, unstoppable_melee_ban: always_after_move}")
    assert "MeleeBarred" in names(fly(g, "3,4"))


def test_flying_engaged_read_is_left_out_of_the_record_at_its_default() -> None:
    assert "flying_engaged_read" in GloomOptions.LATER
    assert "flying_engaged_read" not in GloomOptions().model_dump()


def test_flying_engaged_read_rejects_an_unknown_value() -> None:
    with pytest.raises(BadInput, match="flying_engaged_read"):
        check_options("godsgloom", GloomOptions, {"flying_engaged_read": "never"})
