"""Big boards are accepted by the scenario format: benchmarks and real tables need mats of
200x200 hexes and tables of 120"x120", and set-up must not refuse them."""

from __future__ import annotations

import pytest

from domain.errors import BadInput
from tests.helpers import game, reach

BIG_MAT = """
title: a 200x200 mat
ruleset: godsgloom
setup:
  width: 200
  height: 200
  terrain:
    - {at: "199,100", keywords: [Difficult]}
  units:
    - {id: runner, owner: p1, at: "199,0", speed: 4}
"""

BIG_TABLE = """
title: a 120x120 table
ruleset: skirmish
setup:
  width: 120
  depth: 120
  surfaces:
    - {id: tower, rect: [110, 110, 8, 8], height: 4}
  ladders:
    - {id: ladder, bottom: "109.5,112", top: "110.5,112@tower"}
  units:
    - {id: climber, side: p1, at: "119,1"}
    - {id: watcher, side: p2, at: "114,114@tower"}
"""


def test_a_200_by_200_hex_mat_is_accepted_and_its_far_corner_is_reachable() -> None:
    played = game(BIG_MAT)
    assert played.state.extra["width"] == 200 and played.state.extra["height"] == 200
    assert "199,1" in reach(played, "runner")


def test_a_mat_larger_than_the_cap_is_bad_input() -> None:
    with pytest.raises(BadInput):
        game(BIG_MAT.replace("width: 200", "width: 201"))


def test_a_120_by_120_inch_table_is_accepted_and_its_far_corner_is_reachable() -> None:
    played = game(BIG_TABLE)
    assert played.state.extra["table"]["width"] == 120.0
    assert "117,4" in reach(played, "climber")
    assert "114,112@tower" in reach(played, "watcher")
