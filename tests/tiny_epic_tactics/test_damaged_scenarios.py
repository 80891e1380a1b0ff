"""A damaged Tiny Epic Tactics scenario is refused as bad input (one clear error), never a crash."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from domain.errors import SimError
from sim.runner import play
from sim.scenario import parse_scenario
from sim.yamlfile import load_yaml, read_yaml
from tests.helpers import EXAMPLES

BASES = [
    read_yaml(EXAMPLES / "tiny-epic-tactics" / name).data
    for name in ("10-ballista-after-moving-in.yaml", "16-a-whole-turn-with-a-weakened-unit.yaml",
                 "07-portal-blocked-by-an-enemy-and-used-by-an-ally.yaml")
]
JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 25), st.text(max_size=6), st.lists(st.integers(0, 3), max_size=3),
    st.sampled_from(["9,9", "-1,0", "0,0", ". . .", "~ ^ x", "0 0 7", "Wizard", "N", "move", "end_turn"]),
)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix] if prefix else []
    if isinstance(data, dict):
        for key, value in data.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            found += _paths(value, (*prefix, i))
    return found


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(BASES) - 1), st.data())
def test_a_damaged_grid_scenario_is_refused_as_bad_input_never_a_crash(base: int, data: st.DataObject) -> None:
    scenario = copy.deepcopy(BASES[base])
    edits = data.draw(st.lists(st.tuples(st.sampled_from(_paths(BASES[base])), JUNK), min_size=1, max_size=3))
    for path, value in edits:
        target = scenario
        try:
            for key in path[:-1]:
                target = target[key]
            target[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue
    located = load_yaml("{}", "<generated>")
    located.data = scenario
    try:
        play(parse_scenario(located), strict=False)
    except SimError:
        pass  # a clear refusal is the only acceptable failure
