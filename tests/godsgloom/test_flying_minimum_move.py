"""Seed 002 §8.3's Minimum Move Guarantee (1 hex in any Move Action, whatever lowers Speed) and
seed 001 Flying (a Move Action that teleports at most Speed hexes, instead of normal movement):
the seeds don't say which wins for a Flying unit slowed to Speed 0. Option flying_minimum_move:
``speed_only`` (default, the ruling older logs were played under) holds Flying to Speed;
``one_hex`` gives the Flying Move Action the guarantee's 1 hex. The command, the legal moves and
the lookahead read it alike."""

from __future__ import annotations

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.options import check_options
from domain.rulesets.godsgloom.legal import Ends
from domain.rulesets.godsgloom.options import GloomOptions
from domain.rulesets.godsgloom.reach import _reachable
from tests.godsgloom.test_movement_rules import activated, mat
from tests.helpers import names, reach

#: Speed 2 and two Slow tokens: Speed 0
SLOWED = "    - {id: a, owner: p1, at: '2,6', facing: N, speed: 2, tokens: {slow: 2}, traits: [Flying]}"


def flying_ends(g) -> set[str]:  # type: ignore[no-untyped-def]
    """Where the legal moves' Flying part and the lookahead's Flying search end (both whole: the
    legal commands and ``with_traits`` leave out the hexes the plain move already reaches, which
    the guarantee's walking hex always does here)."""
    listed = set(Ends(g.state, "a", "flying").hexes)
    assert listed == _reachable(g.state, "a", "flying")
    return listed


def test_flying_minimum_move_speed_only_holds_a_flyer_slowed_to_speed_0_to_its_speed() -> None:
    g = activated(mat(SLOWED), "a")
    with pytest.raises(IllegalCommand, match="flying_minimum_move"):
        g.issue({"command": "move", "unit": "a", "use": "Flying", "path": ["2,5"]})
    assert flying_ends(g) == set()
    events = g.issue({"command": "move", "unit": "a", "path": ["2,5"]})  # walking, the guarantee's hex
    assert [e.to for e in events if e.name == "StepTaken"] == ["2,5"]


def test_flying_minimum_move_one_hex_gives_a_flyer_slowed_to_speed_0_one_hex() -> None:
    g = activated(mat(SLOWED, options="{flying_minimum_move: one_hex}"), "a")
    assert flying_ends(g) == {"2,5", "3,5", "3,6", "2,7", "1,7", "1,6"}
    assert "2,5" in reach(g, "a").reachable  # walking, as under speed_only
    with pytest.raises(IllegalCommand, match="at most"):
        g.issue({"command": "move", "unit": "a", "use": "Flying", "path": ["2,4"]})
    events = g.issue({"command": "move", "unit": "a", "use": "Flying", "path": ["2,5"]})
    assert "UnitTeleported" in names(events) and g.state.units["a"].location == "2,5"


def test_flying_minimum_move_one_hex_changes_nothing_at_speed_1_or_more() -> None:
    g = activated(mat("    - {id: a, owner: p1, at: '2,6', speed: 2, traits: [Flying]}", options="{flying_minimum_move: one_hex}"), "a")
    assert "2,4" in flying_ends(g) and "2,3" not in flying_ends(g)


def test_flying_minimum_move_rejects_an_unknown_value() -> None:
    with pytest.raises(BadInput, match="flying_minimum_move"):
        check_options("godsgloom", GloomOptions, {"flying_minimum_move": "two_hexes"})
