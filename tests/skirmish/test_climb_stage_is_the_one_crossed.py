"""Seed 004, Move Phase, Climbing: a climb's height counts towards the move, and terrain up to
1" high is moved over freely, so a straight climb from the ground may start from the top of
the low stage its walk crosses at the wall. Whether it does depends on that stage alone: the
cheapest way to a roof does not depend on terrain elsewhere on the table.

A 0.5" terrace (s0) stands around the foot of a 2" storey (s1); the unit walks onto the terrace
and climbs the storey. A 1"x1" block far away, at 12,12, must not change the answer whatever its
height. (Before, a far block exactly 1" high counted as "the highest stage" and the climb from
the terrace was dropped: 3.009" instead of the 2.932" with no block.)
"""

from __future__ import annotations

import pytest

from domain.game import Game
from projections.lookahead import Lookahead

TARGET = "2.5,1.6@s1"


def _game(far: list[dict[str, object]]) -> Game:
    g = Game.start("skirmish", ["p1", "p2"], "p1", options={"jump_across_distance_cost": "deducted"})
    g.issue({
        "command": "set_up", "width": 16.0, "depth": 16.0, "ladders": [], "difficult": [],
        "surfaces": [
            {"id": "s0", "rect": [1, 1, 2.6, 2], "height": 0.5},
            {"id": "s1", "rect": [1, 1, 2, 2], "height": 2.0},
            *far,
        ],
        "units": [{"id": "mover", "side": "p1", "at": "3.8,2.2", "move": 20}],
    })
    return g


def _cost(far: list[dict[str, object]]) -> float:
    found = Lookahead.from_events(_game(far).pending_events).range_of_motion("mover").answer(TARGET)
    assert found.reachable, [str(r) for r in found.reasons]
    return float(found.cost)


@pytest.mark.parametrize("height", [0.5, 0.95, 1.0, 1.001, 3.0])
def test_the_cheapest_climb_does_not_depend_on_a_far_block(height: float) -> None:
    """The reference is the same table without the block."""
    alone = _cost([])
    assert _cost([{"id": "s3", "rect": [12, 12, 1, 1], "height": height}]) == pytest.approx(alone, abs=1e-9)


def test_the_climb_from_the_terrace_with_a_far_one_inch_block_is_what_the_lookahead_finds() -> None:
    """Declared by hand, walking onto the terrace and climbing from it is legal, and the
    lookahead's cost (written to 3 decimals) is what that declared move spends."""
    far = [{"id": "s3", "rect": [12, 12, 1, 1], "height": 1.0}]
    g = _game(far)
    events = g.issue({"command": "move", "unit": "mover", "path": [
        {"to": "3.215,1.93@s0", "via": "walk"}, {"to": TARGET, "via": "climb"}]})
    assert g.state.units["mover"].location == TARGET
    spent = sum(float(getattr(e, "cost", 0.0) or 0.0) for e in events)
    assert spent > 0.0 and _cost(far) <= round(spent, 3) + 1e-9
