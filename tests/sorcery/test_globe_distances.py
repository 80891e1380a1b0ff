"""With Magellan Globe opposite edges are truly connected, for everything (digest 1.5; Magellan
Globe FAQ; gap 2): "closer", "toward" and "steps away" count the steps across the edge too.
Before, the neighbours of a pull or a step were found across the edge while the distance that
says which of them is closer was counted as if the edges were apart, so Red Rock of Ravannis
pulled the long way round and a Lure could take a step away from the ally."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalCommand
from tests.helpers import game

ROW = "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in (1, 2, 3, 4, 5, 20))

ROCK = f"""
title: Red Rock across the edge
ruleset: sorcery
active_player: p1
setup:
  sites:
{ROW}  artifacts:
    - {{id: rock, card: Red Rock of Ravannis, controller: p1, at: 5}}
    - {{id: boots, card: Seven-League Boots, controller: p1, at: 2}}
    - {{id: globe, card: Magellan Globe, controller: p1, at: 20}}
"""


def test_red_rock_pulls_an_artifact_the_short_way_across_a_connected_edge() -> None:
    # Red Rock's text (a pull: each location entered closer, digest 2.7); with the Globe, 2 is two
    # steps from 5 (2 -> 1 -> 5 across the edge): 1 is closer, 3 is not (two steps, as 2)
    g: Any = game(ROCK)
    g.issue({"command": "end_turn"})
    assert g.state.features["boots"].location == "1"


def test_without_the_globe_red_rock_pulls_along_the_row() -> None:
    g: Any = game(ROCK.replace("    - {id: globe, card: Magellan Globe, controller: p1, at: 20}\n", ""))
    g.issue({"command": "end_turn"})
    assert g.state.features["boots"].location == "3"


LURE = f"""
title: Lure across the edge
ruleset: sorcery
active_player: p1
setup:
  sites:
{ROW}  units:
    - {{id: boars, card: Wild Boars, owner: p1, at: 1}}
    - {{id: lured, card: Bosk Troll, owner: p2, at: 5}}
    - {{id: avatar, card: Sorcerer, owner: p1, at: 20}}
  artifacts:
    - {{id: globe, card: Magellan Globe, controller: p1, at: 20}}
"""


def test_a_lure_across_a_connected_edge_refuses_a_step_away_from_the_ally() -> None:
    # Lure's "a step closer": with the Globe the troll at 5 is one step from the boars at 1
    # (nearby across the edge, as the spell already read it); 4 is two steps away: farther
    g = game(LURE)
    with pytest.raises(IllegalCommand, match="not closer"):
        g.issue({"command": "cast", "card": "Lure", "targets": ["boars", "lured", "4"]})
    g.issue({"command": "cast", "card": "Lure", "targets": ["boars", "lured", "1"]})
    assert g.state.units["lured"].location == "1"
