"""Pick Up and Drop are basic abilities (digest 2.1, 2.6; codex: Pick Up, Drop, Carrying Units):
the legal commands list each the command accepts now, with every set of targets it accepts,
and none it refuses (docs/design.md "Legal commands")."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest

from domain.errors import BadInput, SimError
from tests.helpers import game, reach

HEAD = """
title: carriers
ruleset: sorcery
active_player: p1
setup:
  sites:
    - {at: 7, card: Valley, controller: p1}
    - {at: 8, card: Valley, controller: p2}
  units:
"""

BEAST = HEAD + """    - {id: bob, card: Beast of Burden, owner: p1, at: 7}
    - {id: troll, card: Bosk Troll, owner: p1, at: 7}
    - {id: boars, card: Wild Boars, owner: p1, at: 7}
    - {id: enemy, card: Wild Boars, owner: p2, at: 7}
    - {id: far, card: Wild Boars, owner: p1, at: 8}
"""

HYPER = HEAD + """    - {id: hyp, card: Hyperparasite, owner: p1, at: 7}
    - {id: enemy, card: Bosk Troll, owner: p2, at: 7}
"""


def _carrying(g: Any) -> list[Any]:
    return [c for c in g.legal_commands() if type(c).__name__ in ("PickUp", "Drop")]


def _accepted(text: str, script: list[dict[str, Any]], command: dict[str, Any]) -> bool:
    g = game(text)
    for line in script:
        g.issue(line)
    try:
        g.issue(command)
    except SimError:
        return False
    return True


def _every(g: Any, name: str, carrier: str) -> list[dict[str, Any]]:
    """Every command ``name`` of ``carrier`` naming a set of the units in the realm (each set
    once, in sorted order)."""
    others = sorted(u for u in g.state.units if u != carrier)
    sets = [list(s) for n in range(1, len(others) + 1) for s in itertools.combinations(others, n)]
    return [{"command": name, "player": "p1", "unit": carrier, "targets": s} for s in sets]


@pytest.mark.parametrize(
    ("text", "carrier", "script"),
    [
        (BEAST, "bob", []),
        (BEAST, "bob", [{"command": "pick_up", "unit": "bob", "targets": ["troll"]}]),
        (HYPER, "hyp", []),
        (HYPER, "hyp", [{"command": "pick_up", "unit": "hyp", "targets": ["enemy"]}]),
    ],
)
def test_pick_up_and_drop_are_listed_exactly_when_the_command_accepts_them(text: str, carrier: str, script: list[dict[str, Any]]) -> None:
    g = game(text)
    for line in script:
        g.issue(line)
    listed = {(type(c).__name__, tuple(c.targets)) for c in _carrying(g) if c.unit == carrier}
    accepted = {
        ("PickUp" if c["command"] == "pick_up" else "Drop", tuple(c["targets"]))
        for name in ("pick_up", "drop")
        for c in _every(g, name, carrier)
        if _accepted(text, script, c)
    }
    assert listed == accepted
    assert all(c in g.legal_commands() for c in _carrying(g))  # ``in`` decides each alone, the same way


def test_pick_up_is_listed_for_a_beast_of_burden_and_its_drop_after() -> None:
    g = game(BEAST)
    listed = {(type(c).__name__, tuple(c.targets)) for c in _carrying(g)}
    assert ("PickUp", ("troll",)) in listed
    assert not [t for kind, t in listed if "enemy" in t or "far" in t]  # allies at its location only
    g.issue({"command": "pick_up", "unit": "bob", "targets": ["troll"]})
    listed = {(type(c).__name__, tuple(c.targets)) for c in _carrying(g)}
    assert listed == {("Drop", ("troll",))}  # Pick Up used this turn


def test_a_carrier_of_any_number_lists_each_alone_and_all_together_when_many_may_be_picked_up() -> None:
    """Beast of Burden "may carry any number": six allies at its location would make 63 sets;
    each alone and all six are listed, each accepted."""
    allies = "".join(f"    - {{id: a{i}, card: Wild Boars, owner: p1, at: 7}}\n" for i in range(6))
    text = HEAD + "    - {id: bob, card: Beast of Burden, owner: p1, at: 7}\n" + allies
    listed = [c for c in _carrying(game(text)) if type(c).__name__ == "PickUp"]
    assert sorted(tuple(c.targets) for c in listed) == sorted([(f"a{i}",) for i in range(6)] + [tuple(f"a{i}" for i in range(6))])
    for command in listed:
        assert _accepted(text, [], command.model_dump(exclude_none=True))


TWO_BEASTS = HEAD + """    - {id: first, card: Beast of Burden, owner: p1, at: 7}
    - {id: second, card: Beast of Burden, owner: p1, at: 7}
    - {id: third, card: Beast of Burden, owner: p1, at: 7}
"""


def test_a_unit_does_not_pick_up_the_unit_that_carries_it() -> None:
    # codex: Carrying Units (digest 2.6: carried units may carry others, Phantom Steed FAQ):
    # a carrier carried by the unit it would pick up, directly or through another, would carry
    # itself. Before, legal listed it, the command took it, and every later range of motion
    # ended in a RecursionError.
    for chain in (["first", "second"], ["first", "second", "third"]):
        g = game(TWO_BEASTS)
        for carrier, carried in zip(chain, chain[1:], strict=False):
            g.issue({"command": "pick_up", "unit": carrier, "targets": [carried]})
        last = chain[-1]
        listed = [c for c in _carrying(g) if type(c).__name__ == "PickUp" and c.unit == last]
        assert all("first" not in c.targets for c in listed)
        with pytest.raises(SimError, match="carries it"):
            g.issue({"command": "pick_up", "unit": last, "targets": ["first"]})
        assert reach(g, "first").allowance == 1


# --- ``in`` reads a Pick Up or Drop as the command does (codex: Pick Up, Drop; digest 2.6) -------

MIXED = HEAD + """    - {id: bob, card: Beast of Burden, owner: p1, at: 7}
    - {id: troll, card: Bosk Troll, owner: p1, at: 7}
    - {id: boars, card: Wild Boars, owner: p1, at: 7}
    - {id: lone, card: Wild Boars, owner: p1, at: 8}
  artifacts:
    - {id: boots, card: Seven-League Boots, controller: p1, at: 7}
    - {id: wings, card: Wings of Invention, controller: p1, at: 7}
    - {id: dagger, card: Poisonous Dagger, controller: p1, bearer: bob}
    - {id: blade, card: Blade of Thorns, controller: p1, bearer: troll}
    - {id: vestments, card: All-terrain Vestments, controller: p1, bearer: lone}
"""

MIXED_SCRIPTS = [
    [],
    [{"command": "pick_up", "unit": "bob", "targets": ["boars", "troll"]}],
    [{"command": "pick_up", "unit": "bob", "targets": ["troll", "wings"]}],
]


def _issued_on_a_copy(g: Any, command: dict[str, Any]) -> bool:
    trial = copy.deepcopy(g)
    try:
        trial.issue(command)
    except SimError:
        return False
    return True


@pytest.mark.parametrize("script", MIXED_SCRIPTS, ids=["fresh", "carrying", "carrying-and-bearing"])
def test_in_legal_agrees_with_the_command_for_every_order_of_the_targets_listed(script: list[dict[str, Any]]) -> None:
    """A Pick Up or Drop names a set: the command takes its targets in any order, so ``in``
    must too (before, only the listed order was in)."""
    g = game(MIXED)
    for line in script:
        g.issue(line)
    listed = _carrying(g)
    assert listed
    for command in listed:
        written = command.model_dump(exclude_none=True)
        for order in itertools.islice(itertools.permutations(command.targets), 24):
            reordered = {**written, "targets": list(order)}
            assert (reordered in g.legal_commands()) == _issued_on_a_copy(g, reordered) == True, reordered  # noqa: E712


@pytest.mark.parametrize("script", MIXED_SCRIPTS, ids=["fresh", "carrying", "carrying-and-bearing"])
def test_in_legal_agrees_with_a_drop_or_pick_up_naming_no_target(script: list[dict[str, Any]]) -> None:
    """A Drop naming no target drops the units the unit carries (engine/carry.py); one that
    carries none drops nothing, and is refused as a Pick Up naming nothing is. Either way ``in``
    says what the command does (before: always not in, though a carrier's was taken)."""
    g = game(MIXED)
    for line in script:
        g.issue(line)
    for unit in ("bob", "troll", "boars", "lone"):
        for name in ("drop", "pick_up"):
            command = {"command": name, "unit": unit}
            assert (command in g.legal_commands()) == _issued_on_a_copy(g, command), command


def test_a_drop_of_nothing_is_bad_input_naming_targets() -> None:
    # the Boots' bearer carries no unit: a Drop naming nothing would drop nothing, and still
    # use the turn's Drop
    g = game(MIXED)
    with pytest.raises(BadInput, match="name the units or artifacts to drop") as caught:
        g.issue({"command": "drop", "unit": "lone"})
    assert caught.value.where == "targets"
