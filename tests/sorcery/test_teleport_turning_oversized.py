"""codex: Teleporting Oversized Units lets the controller of a teleport turn the unit as it lands
(its example of an Avatar stretched by The Rack and Blink). The engine lands an oversized unit
in its present orientation only: choosing a turn is not modelled. A teleport refused there must
not read as the spell's own rule alone (the turned shape might have fit): the refusal says the
unit was judged unturned and names the codex entry. A shape every quarter turn leaves as it is
(the Mountain Giant's 2x2) gains nothing from a turn, and its refusal says nothing of one."""

from __future__ import annotations

import pytest

from domain.errors import IllegalCommand
from domain.rulesets.sorcery.oversized import turns_change
from sim.runner import play
from sim.scenario import load_scenario
from tests.helpers import EXAMPLES, game

STRETCHED = EXAMPLES / "sorcery" / "108-the-rack-blink-a-stretched-avatar.yaml"
GIANT_REALM = (
    "title: t\nruleset: sorcery\nactive_player: p1\nsetup:\n  sites:\n"
    + "".join(f"    - {{at: {sq}, card: Valley, controller: p1}}\n" for sq in (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
    + "  units:\n    - {id: giant, card: Mountain Giant, owner: p1, at: 7}\n"
)


def reference_turns_change(shape: list[tuple[int, int]]) -> bool:
    """Brute force: draw the shape on a grid, turn the drawing a quarter at a time, crop it."""
    def drawing(cells: set[tuple[int, int]]) -> list[str]:
        rows = range(min(r for r, _ in cells), max(r for r, _ in cells) + 1)
        columns = range(min(c for _, c in cells), max(c for _, c in cells) + 1)
        return ["".join("#" if (r, c) in cells else "." for c in columns) for r in rows]

    picture = drawing(set(shape))
    turned = picture
    for _ in range(3):
        turned = ["".join(row[i] for row in reversed(turned)) for i in range(len(turned[0]))]
        if turned != picture:
            return True
    return False


@pytest.mark.parametrize("shape", [
    [(0, 0), (0, 1), (1, 0), (1, 1)],  # Mountain Giant, 2x2
    [(0, 0), (0, 1), (1, 1)],  # The Rack's L of example 108
    [(0, 0), (0, 1)],  # stretched once, sideways
    [(0, 0), (1, 0)],  # stretched once, downwards
    [(0, 0), (1, -1), (1, 0), (1, 1), (2, 0)],  # a plus: every turn the same
    [(0, 0), (0, 1), (0, 2), (1, 1)],  # a T
    [(0, 0)],
])
def test_teleporting_oversized_units_which_shapes_a_turn_changes(shape: list[tuple[int, int]]) -> None:
    assert turns_change(shape) == reference_turns_change(shape)


def test_teleporting_oversized_units_refusal_of_an_unturned_l_names_the_turning_rule() -> None:
    """108's second Blink: its location at 4 puts the unturned L's parts in the voids at 5 and 10
    (a turned L, 4, 8, 9, would be all sites): the refusal says it was judged unturned."""
    script = load_scenario(STRETCHED)
    g = play(script.model_copy(update={"script": script.script[:-1]})).game
    with pytest.raises(IllegalCommand) as refused:
        g.issue({"command": "cast", "card": "Blink", "targets": ["avatar", "4"], "player": "p2"})
    text = str(refused.value)
    assert "\n" not in text
    assert "codex: Teleporting Oversized Units" in text
    assert "present orientation" in text and "not modelled" in text


def test_teleporting_oversized_units_refusal_of_a_square_giant_says_nothing_of_turning() -> None:
    g = game(GIANT_REALM)
    with pytest.raises(IllegalCommand) as refused:
        g.issue({"command": "cast", "card": "Blink", "targets": ["giant", "10"]})  # its 2x2 from 10 leaves the realm
    assert "can't be moved" in str(refused.value)
    assert "orientation" not in str(refused.value)
