"""A command is read as it is written: a location in the scenario notation (README: a bare
square is the surface, or the void), never silently as another region; a ``player`` wherever
a command may name one."""

from __future__ import annotations

import pytest

from domain.errors import BadInput, IllegalCommand
from tests.helpers import game

BURROWED = """
title: t
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 7, card: Valley, controller: p1}
    - {at: 8, card: Valley, controller: p1}
  units:
    - {id: trolls, card: Cave Trolls, owner: p1, at: 7/underground}
"""


def test_a_bare_square_for_a_unit_below_the_surface_is_refused_naming_both_ways_to_write_it() -> None:
    g = game(BURROWED)
    before = g.version
    with pytest.raises(BadInput, match="'8' is ambiguous for a unit underground: write 8/underground to stay underground, or 8/surface"):
        g.issue({"command": "cast", "card": "Blink", "targets": ["trolls", "8"]})
    assert g.version == before and g.state.units["trolls"].location == "7/underground"


def test_a_region_written_out_is_the_one_the_rules_judge() -> None:
    g = game(BURROWED)
    with pytest.raises(IllegalCommand, match="from 7/underground to 8 by Blink"):  # the surface: not where it may go
        g.issue({"command": "cast", "card": "Blink", "targets": ["trolls", "8/surface"]})
    g.issue({"command": "cast", "card": "Blink", "targets": ["trolls", "8/underground"]})
    assert g.state.units["trolls"].location == "8/underground"


SUMMONING = """
title: t
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 8, card: Valley, controller: p1}
"""


def test_summon_and_conjure_take_a_player_as_every_command_does() -> None:
    """README: any command may name its ``player``; it is checked when given."""
    g = game(SUMMONING)
    g.issue({"command": "summon", "player": "p1", "card": "Bosk Troll", "at": "8", "id": "troll"})
    assert g.state.units["troll"].owner == "p1"
    with pytest.raises(BadInput, match="player 'p1' and owner 'p2' differ"):
        g.issue({"command": "summon", "player": "p1", "owner": "p2", "card": "Bosk Troll", "at": "8", "id": "troll2"})
    with pytest.raises(IllegalCommand):
        g.issue({"command": "summon", "player": "p2", "card": "Bosk Troll", "at": "8", "id": "troll3"})
    g.issue({"command": "conjure", "player": "p1", "card": "Poisonous Dagger", "id": "dagger", "bearer": "troll"})
    assert g.state.features["dagger"].bearer == "troll"
