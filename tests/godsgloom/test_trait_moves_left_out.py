"""An active trait's moves leave out those the unit's own Move Action already lists (``Ends`` with
``leaving_out``): the hexes it reaches by the very path the plain move takes. ``Ends.hexes``
compares the paths of only the hexes both hold; here every path of both is written out and
compared as a whole, as the listing once did, for the activated unit after every event of every
GODSGLOOM example, of seeded random self-play on random boards and of self-play from the
examples' scripts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from domain.rulesets.godsgloom.catalog import TRAITS
from domain.rulesets.godsgloom.legal import Ends, _order
from domain.rulesets.godsgloom.movement import GloomMovement, choose_mode
from domain.rulesets.godsgloom.view import MatView
from tests.godsgloom.examples import EXAMPLES
from tests.helpers import checked_after_each_event, example_events, random_board_events, self_played_examples


def _check(state: Any, where: str) -> int:
    activation = getattr(state, "activation", None)
    if activation is None or activation.moved or state.phase != "activation":
        return 0
    unit_id = activation.unit
    view = MatView.of(state)
    base_mode, denied = choose_mode(view, unit_id, None)
    if denied is not None or GloomMovement.of(state, base_mode).no_movement(unit_id) is not None:
        return 0
    compared = 0
    for name in sorted(view.traits(unit_id)):
        trait = TRAITS.get(name)
        if trait is None or not trait.movement_option:
            continue
        mode, blocked = choose_mode(view, unit_id, name)
        if blocked is not None or mode == base_mode:
            continue
        if mode != "flying" and GloomMovement.of(state, mode).no_movement(unit_id) is not None:
            continue
        base = Ends(state, unit_id, base_mode)
        seen = {tuple(base.path(h)) for h in base.hexes}
        whole = Ends(state, unit_id, mode)
        expected = [h for h in sorted(whole._found[0], key=_order) if tuple(whole.path(h)) not in seen]
        assert Ends(state, unit_id, mode, Ends(state, unit_id, base_mode)).hexes == expected, f"{where}: {unit_id} {name}"
        compared += 1
    return compared


@pytest.mark.parametrize("path", sorted(EXAMPLES.glob("*.yaml")), ids=lambda p: p.stem)
def test_trait_moves_leave_out_the_plain_moves_after_every_event_of_every_example(path: Path) -> None:
    checked_after_each_event(example_events(path), path.stem, _check)


@pytest.mark.parametrize("seed", range(4))
def test_trait_moves_leave_out_the_plain_moves_along_random_self_play(seed: int) -> None:
    checked_after_each_event(random_board_events("godsgloom", seed), f"random godsgloom board {seed}", _check)


def test_trait_moves_leave_out_the_plain_moves_along_self_play_from_the_examples() -> None:
    compared = 0
    for events, name in self_played_examples(EXAMPLES, 3, range(3)):
        compared += checked_after_each_event(events, name, _check)
    assert compared > 0
