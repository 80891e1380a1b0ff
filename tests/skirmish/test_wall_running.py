"""Option ``wall_running: allowed`` (docs/skirmish.md): a climb may run along its wall past the
1" leeway of Move Phase, Climbing, the horizontal distance paid. Along the wall means along it:
a climb leg from a point far from the wall to the roof is no wall run, and the option does not
let a unit climb from anywhere to anywhere."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from tests.helpers import game
from tests.skirmish.tables import scenario

TABLE = scenario("wall running", width=30, depth=20, options="{{wall_running: {running}}}", body="""
  surfaces:
    - {{id: tower, rect: [6, 0, 4, 6], height: 3}}
  units:
    - {{id: a, side: p1, at: "{at}", move: 8, agility: 1}}
""")


def climb(running: str, at: str, to: str) -> list[object]:
    g = game(TABLE.format(running=running, at=at))
    events = g.issue({"command": "move", "unit": "a", "path": [{"to": to, "via": "climb"}]})
    assert g.state.units["a"].location == to
    return events


def test_wall_running_allowed_climbs_along_the_wall_past_the_leeway_and_pays_the_distance() -> None:
    events = climb("allowed", "5.5,1", "6.5,4@tower")  # 3.16" across, within 0.5" of the wall all along
    (step,) = [e for e in events if getattr(e, "kind", None) == "climb"]
    assert step.cost == pytest.approx(3 + (1 + 9) ** 0.5, abs=1e-3)


def test_wall_running_forbidden_keeps_the_climb_within_the_leeway() -> None:
    with pytest.raises(IllegalCommand, match="1\" of horizontal movement"):
        climb("forbidden", "5.5,1", "6.5,4@tower")


def test_wall_running_allowed_does_not_climb_from_far_off_the_wall() -> None:
    with pytest.raises(IllegalCommand, match="wall_running"):
        climb("allowed", "2,1", "6.5,1@tower")  # starts 4" from the wall: a walk, then a climb
    with pytest.raises(IllegalCommand, match="wall_running"):
        climb("allowed", "5.5,1", "9,5@tower")  # ends 1" in from the far corner, 3" off the wall it climbs
