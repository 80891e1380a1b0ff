"""A declared path is checked whole (docs/godsgloom.md, "A declared path is checked whole"):
seed 002 §8.3 ends a Move Action on entering an empty hex of an enemy Engagement Zone, and the
steps declared after that stop are cancelled (``StepsCancelled``), but only if they are legal as
declared. Each step after the stop is judged as if the zone had not stopped the unit: its terrain
(Impassable), the units standing where they stand (§8.1), the Movement Points (MOV.10, or the
§8.2 step's hexes) and adjacency (MOV.30). An illegal one refuses the command with its rule;
a legal remainder is cancelled at the stop as before. The legal moves, the lookahead and the
command agree: none of them offers a path past the stop."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from tests.godsgloom.test_movement_rules import activated, mat
from tests.helpers import names, reach

#: a walks north from 3,6 towards e, whose zone (facing S) covers 2,4, 3,4 and 4,3; f is a friend
#: behind e; a Lake can be put at 2,3
UNITS = (
    "    - {id: a, owner: p1, at: '3,6', facing: N, speed: 3}\n"
    "    - {id: e, owner: p2, at: '3,3', facing: S, speed: 3}\n"
    "    - {id: f, owner: p1, at: '2,2', facing: N, speed: 3}"
)


def refusal(path: list[str], terrain: str = "", options: str = "{}") -> str:
    g = activated(mat(UNITS, terrain, options), "a")
    before = g.version
    command = {"command": "move", "unit": "a", "path": path}
    with pytest.raises(IllegalCommand) as refused:
        g.issue(command)
    assert g.version == before  # nothing recorded
    assert command not in g.legal_commands()
    return str(refused.value)


def test_a_step_after_the_zone_stop_into_an_occupied_hex_is_refused_by_section_8_1() -> None:
    assert "§8.1" in refusal(["3,5", "3,4", "3,3"])


def test_a_step_after_the_zone_stop_into_an_impassable_hex_is_refused() -> None:
    assert "Impassable" in refusal(["3,5", "3,4", "2,4", "2,3"], terrain="{at: '2,3', type: Lake}")


def test_steps_after_the_zone_stop_beyond_the_movement_points_are_refused_by_mov_10() -> None:
    said = refusal(["3,5", "3,4", "2,4", "2,3"])  # 4 hexes, Speed 3
    assert "MOV.10" in said and "needs 4 MP" in said


def test_a_step_after_the_zone_stop_to_a_hex_not_adjacent_is_refused_by_mov_30() -> None:
    assert "MOV.30" in refusal(["3,5", "3,4", "5,2"])


def test_a_path_declared_to_end_in_an_occupied_hex_after_the_stop_is_refused() -> None:
    units_with_skirmish = UNITS.replace("speed: 3}\n    - {id: e", "speed: 5, traits: [Skirmish]}\n    - {id: e")
    g = activated(mat(units_with_skirmish), "a")
    with pytest.raises(IllegalCommand, match="never end its move there"):
        g.issue({"command": "move", "unit": "a", "path": ["3,5", "3,4", "2,4", "2,3", "2,2"]})


def test_the_section_8_2_step_declared_past_its_one_hex_after_a_stop_is_refused() -> None:
    """An Engaged unit's §8.2 step is 1 hex: a second hex declared after a zone stops the first
    is past the step as declared."""
    units = (
        "    - {id: a, owner: p1, at: '3,6', facing: N, speed: 3}\n"
        "    - {id: b, owner: p2, at: '3,7', facing: N, speed: 3}\n"  # Engages a from behind
        "    - {id: e, owner: p2, at: '3,4', facing: S, speed: 3}"  # zone over 3,5
    )
    g = activated(mat(units), "a")
    with pytest.raises(IllegalCommand, match="§8.2"):
        g.issue({"command": "move", "unit": "a", "path": ["3,5", "2,5"]})


def test_a_legal_remainder_is_still_cancelled_at_the_zone_stop() -> None:
    g = activated(mat(UNITS), "a")
    events = g.issue({"command": "move", "unit": "a", "path": ["3,5", "3,4", "4,3"]})
    cancelled = [e for e in events if e.name == "StepsCancelled"]
    assert [e.steps for e in cancelled] == [1]
    assert "§8.3" in cancelled[0].reason
    assert g.state.units["a"].location == "3,4"
    assert "UnitEngaged" in names(events)


def test_the_lookahead_and_the_legal_moves_stop_at_the_zone_too() -> None:
    g = activated(mat(UNITS), "a")
    assert "4,2" not in reach(g, "a")
    moves = [c for c in g.legal_commands() if c.command == "move" and c.path]
    assert all(c.path.index(h) == len(c.path) - 1 for c in moves for h in c.path if h in ("2,4", "3,4", "4,3"))
    assert not any(c.path[-1] == "4,2" for c in moves)
