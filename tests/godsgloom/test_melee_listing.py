"""The Melee Attacks listed for the activated unit (``legal._melee_targets``, read off the hexes around
its own) are the enemies the command itself accepts as adjacent (``direction_to``, GODSGLOOM
MEL: the target must be in an adjacent hex), after every event of every example and of random
self-play; and a zone's hexes as text are its hexes written out, for every facing and option."""

from __future__ import annotations

from pathlib import Path

import pytest

from domain.events import GameStarted
from domain.rulesets.godsgloom.catalog import TERRAIN_TYPES
from domain.rulesets.godsgloom.commands import MeleeAttack
from domain.rulesets.godsgloom.hexgrid import FACINGS, direction_to, parse_hex, zone_hex_texts, zone_hexes
from domain.rulesets.godsgloom.legal import legal_commands
from domain.rulesets.godsgloom.state import GloomState
from sim.runner import play
from sim.scenario import load_scenario
from sim.selfplay import self_play
from tests import boards
from tests.godsgloom.examples import GLOOM_EXAMPLES


def _no_charge_words(state: GloomState, location: str) -> set[str]:
    """A hex's No Charge keywords, read off the terrain as set up (its own and its type's)."""
    terrain = state.terrain.get(location)
    if terrain is None:
        return set()
    words = set(terrain.keywords) | set(TERRAIN_TYPES.get(terrain.type, ()))
    return words & {"No Charge [IN]", "No Charge [OUT]"}


def _charge_allowed(state: GloomState, unit_id: str, target_location: str) -> bool:
    """Option charge_definition any_melee: not into [IN], not out of [OUT], but Ignore Difficult."""
    unit = state.units[unit_id]
    if state.options.charge_definition != "any_melee" or "Ignore Difficult" in unit.traits:
        return True
    return "No Charge [IN]" not in _no_charge_words(state, target_location) and "No Charge [OUT]" not in _no_charge_words(
        state, unit.location or ""
    )


def _check_melee(events: list[object]) -> int:
    start = events[0]
    assert isinstance(start, GameStarted)
    state = start.initial_state()
    listed = 0
    for n, event in enumerate(events[1:], start=2):
        event.fold_into(state)  # type: ignore[attr-defined]
        assert isinstance(state, GloomState)
        activation = state.activation
        if state.phase != "activation" or activation is None or activation.attacked or activation.melee:
            continue
        unit = state.units[activation.unit]
        here = parse_hex(unit.location or "")
        expected = [
            MeleeAttack(player=unit.owner, unit=unit.id, target=e.id)
            for e in sorted(state.units.values(), key=lambda u: u.id)
            if e.alive and e.location and e.owner != unit.owner and direction_to(here, parse_hex(e.location)) is not None
            and _charge_allowed(state, unit.id, e.location)
        ]
        assert [c for c in legal_commands(state) if isinstance(c, MeleeAttack)] == expected, f"after event {n}"
        # counted and found without listing them (the part's size and ``find``)
        assert len(legal_commands(state)) == len(list(legal_commands(state))), f"after event {n}"
        for command in expected:
            assert command in legal_commands(state), f"after event {n}: {command}"
        for e in state.units.values():
            if e.owner != unit.owner and all(c.target != e.id for c in expected):
                assert MeleeAttack(player=unit.owner, unit=unit.id, target=e.id) not in legal_commands(state), f"after event {n}"
        listed += len(expected)
    return listed


@pytest.mark.parametrize("path", GLOOM_EXAMPLES, ids=lambda p: p.stem)
def test_melee_attacks_listed_are_the_adjacent_enemies_after_every_event_of_every_example(path: Path) -> None:
    _check_melee(list(play(load_scenario(path), strict=False).events))


def test_melee_attacks_listed_are_the_adjacent_enemies_along_random_self_play() -> None:
    listed = sum(
        _check_melee(list(self_play(boards.scenario("godsgloom", seed), 3, "random", seed, verify_log=False).events))
        for seed in range(6)
    )
    assert listed > 0


@pytest.mark.parametrize("option", ["front_arc", "all_adjacent"])
def test_a_zones_hexes_as_text_are_its_hexes_written_out(option: str) -> None:
    for location in ("0,0", "3,-1", "7,4", "-2,5"):
        for facing in FACINGS:
            assert zone_hex_texts(location, facing, option) == tuple(h.text for h in zone_hexes(location, facing, option))
