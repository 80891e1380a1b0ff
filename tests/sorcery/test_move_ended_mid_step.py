"""A step that ends its own move (codex: Storyline; digest 1.6: a unit where it can't survive
dies there): the move is over once the unit dies, and nothing ends it again."""

from __future__ import annotations

from tests.helpers import game

SCENARIO = """title: burrowing out of the silence floods the site under the Sisters
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 4, card: Valley, controller: p1}
    - {at: 3, card: Kingdom of Agartha, controller: p1}
    - {at: 2, card: Kingdom of Agartha, controller: p1}
    - {at: 1, card: Kingdom of Agartha, controller: p1}
  units:
    - {id: sisters, card: Sisters of Silence, owner: p1, at: 4}
    - {id: naiads, card: Tide Naiads, owner: p1, at: 4}
"""


def test_a_unit_killed_by_the_realm_its_step_changes_ends_its_move_once() -> None:
    """Sisters of Silence silence the Tide Naiads beside them ("This site is flooded"), so the
    site at 4 is land; three Kingdoms of Agartha give every minion Burrowing. The Sisters burrow:
    underground they no longer silence the Naiads on the surface (nearby minions stay in its
    region: digest 1.4), the site floods, and the Sisters below it are underwater and die
    (digest 1.6), which ends their move. Found by tests/sorcery/fuzz_realms.py (seed 50556,
    --heavy): the step's end then ended the move again (KeyError)."""
    g = game(SCENARIO)
    events = g.issue({"command": "move_and_attack", "unit": "sisters", "path": ["4/underground"]})
    names = [type(e).__name__ for e in events]
    assert not g.state.units["sisters"].alive
    assert names.count("MoveEnded") == 1
