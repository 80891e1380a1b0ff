"""Claims of docs/skirmish.md and examples/README.md that an audit against the engine and seed 004
found saying otherwise than the engine plays (or the engine's own text saying otherwise than
the unit stands): each test holds the two to what the docs now say."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from domain.events import StepsCancelled
from sim.logfile import read_jsonl
from sim.replay import verify
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES, game
from tests.skirmish.tables import scenario

CLIMB_DOWN = scenario("a climb down that fails", body="""
  surfaces:
    - {id: tower, rect: [6, 0, 4, 8], height: 3}
  units:
    - {id: down, owner: p1, at: "9.5,6@tower", move: 6, agility: 20}
    - {id: up, owner: p1, at: "10.5,2", move: 6, agility: 20}
""")


def test_a_failed_climb_down_says_the_unit_stays_on_top_where_its_climb_started() -> None:
    """Seed 004, Move Phase, Climbing: a failed check puts the unit "next to the vertical surface
    where they started their climb" and ends its Move, no Fall. Going down that is the top: the
    stop said "the unit stays at the foot of the climb" while the unit stood on the roof
    (example 15's second lookout). A failed climb up still says the foot."""
    g = game(CLIMB_DOWN)
    events = g.issue({"command": "move", "unit": "down", "path": [{"to": "10.5,6", "via": "climb"}, "12.5,6"]})
    (stop,) = [e for e in events if isinstance(e, StepsCancelled)]
    assert g.state.units["down"].location == "9.5,6@tower"
    assert "stays on top, where its climb down started" in stop.reason and "foot" not in stop.reason
    events = g.issue({"command": "move", "unit": "up", "path": [{"to": "9.5,2@tower", "via": "climb"}, "8.5,2@tower"]})
    (stop,) = [e for e in events if isinstance(e, StepsCancelled)]
    assert "stays at the foot of the climb" in stop.reason
    assert g.state.units["up"].location == "10.5,2"


def test_a_log_with_the_former_wording_of_a_failed_climb_down_still_verifies() -> None:
    """Logs are forever: a log written before the rewording (tests/fixtures/README.md) verifies,
    its stop read as today's text (domain/wordings.py); another text still disagrees."""
    path = EXAMPLES.parent / "tests" / "fixtures" / "logs-later" / "skirmish-failed-climb-down.jsonl"
    events = read_jsonl(path)
    (stop,) = [e for e in events if isinstance(e, StepsCancelled)]
    assert "stays at the foot of the climb" in stop.reason
    assert verify(events).ok
    stop.__dict__["reason"] = stop.reason.replace("no fall", "no Fall")
    assert not verify(events).ok


def test_a_jump_down_or_across_passes_over_a_hedge_that_a_walk_or_climb_may_not_cross() -> None:
    """Seed 004, Move Phase: only terrain up to 1" high is moved over freely, so a 1.5" hedge
    (an obstacle, no top to stand on) stops a walk and a climb. Jumping Down passes over terrain
    no higher than where the unit starts, and a Jump Across over a gap whose terrain is no more
    than 1" above both ends: from 3" roofs either jumps the hedge. The docs said no jump crosses
    one ("The table", obstacles)."""
    hedge = scenario("a hedge between two roofs", width=30, depth=20, body="""
  surfaces:
    - {id: west, rect: [2, 2, 4, 4], height: 3}
    - {id: east, rect: [8, 2, 4, 4], height: 3}
  obstacles:
    - {rect: [6.5, 0, 0.5, 20], height: 1.5}
  units:
    - {id: a, owner: p1, at: "5.9,4@west", move: 6, agility: 1}
    - {id: b, owner: p1, at: "5.9,3@west", move: 6, agility: 1}
    - {id: c, owner: p1, at: "6,10", move: 6, agility: 1}
""")
    g = game(hedge)
    g.issue({"command": "move", "unit": "a", "path": [{"to": "8.1,4@east", "via": "jump_across"}]})
    assert g.state.units["a"].location == "8.1,4@east"
    g.issue({"command": "move", "unit": "b", "path": [{"to": "7.5,3", "via": "jump_down"}]})
    assert g.state.units["b"].location == "7.5,3"
    with pytest.raises(IllegalCommand, match=r"an obstacle 1.5\" high is in the way"):
        g.issue({"command": "move", "unit": "c", "path": ["7.5,10"]})


def test_the_readme_row_of_example_47_shows_what_the_example_plays() -> None:
    """examples/README.md's row for example 47 said it also showed option
    failed_jump_from_the_ground: no_fall; the example plays the default only (example 42 has
    the option)."""
    scenario = load_scenario(EXAMPLES / "skirmish" / "47-a-failed-jump-from-a-low-stage.yaml")
    assert "failed_jump_from_the_ground" not in (scenario.options or {})
    row = next(line for line in (EXAMPLES / "README.md").read_text().splitlines() if "47-a-failed-jump" in line)
    assert "no_fall" not in row or "example 42" in row
    assert play(scenario).game.state.units["acolyte"].location == "5.5,7@plaza"
