"""Properties that must hold for any input, checked with hypothesis."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from domain.errors import SimError
from domain.rulesets.godsgloom.hexgrid import Hex, distance
from domain.rulesets.sorcery.realm import orthogonal
from sim.runner import play
from sim.scenario import parse_scenario
from sim.yamlfile import load_yaml, read_yaml
from tests.helpers import EXAMPLES, reach

#: damaged in every way below: one scenario of each ruleset, or more where its board is richer
BASES = [
    read_yaml(EXAMPLES / path).data
    for path in (
        "sorcery/05-giant-shark.yaml", "sorcery/08-a-whole-turn.yaml", "godsgloom/19-a-whole-round.yaml",
        "skirmish/20-a-whole-turn.yaml", "tiny-epic-tactics/10-ballista-after-moving-in.yaml",
        "tiny-epic-tactics/16-a-whole-turn-with-a-weakened-unit.yaml",
        "tiny-epic-tactics/07-portal-blocked-by-an-enemy-and-used-by-an-ally.yaml",
    )
]
JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-5, 25), st.text(max_size=6), st.lists(st.integers(0, 3), max_size=3),
    st.sampled_from(["9,9", "-1,0", "0,0", ". . .", "~ ^ x", "0 0 7", "Wizard", "N", "move", "end_turn", "13/void"]),
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


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(BASES) - 1), st.data())
def test_a_damaged_scenario_is_refused_as_bad_input_never_a_crash(base: int, data: st.DataObject) -> None:
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


@given(st.integers(-20, 20), st.integers(-20, 20), st.integers(-20, 20), st.integers(-20, 20))
def test_hex_distance_is_a_metric_and_neighbours_are_one_apart(q1: int, r1: int, q2: int, r2: int) -> None:
    a, b = Hex(q1, r1), Hex(q2, r2)
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert all(distance(a, n) == 1 for n in a.neighbours())


@given(st.integers(1, 20), st.booleans(), st.booleans())
def test_realm_adjacency_is_symmetric(square: int, wrap_columns: bool, wrap_rows: bool) -> None:
    for other in orthogonal(square, wrap_columns, wrap_rows):
        assert square in orthogonal(other, wrap_columns, wrap_rows)


SITES = ["Valley", "Stream", "Gnome Hollows", "Steppe", "Bottomless Pit", "Deep Sea"]
MOVERS = ["Rimland Nomads", "Phantom Steed", "Cloud Spirit", "Bosk Troll", "Coral-Reef Kelpie", "Hounds of Ondaros"]


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(st.integers(1, 20), st.sampled_from(SITES), min_size=1, max_size=12),
    st.sampled_from(MOVERS),
    st.booleans(),
)
def test_every_path_the_lookahead_offers_is_walked_by_the_aggregate(sites: dict[int, str], mover: str, globe: bool) -> None:
    # set-up refuses a power-3 mover on Gnome Hollows, so the mover starts elsewhere
    assume(any(card != "Gnome Hollows" for card in sites.values()))
    start = min(sq for sq, card in sites.items() if card != "Gnome Hollows")
    site_list = "".join(f"    - {{at: {sq}, card: {card}, controller: p1, id: s{sq}}}\n" for sq, card in sites.items())
    artifacts = f"  artifacts:\n    - {{id: globe, card: Magellan Globe, controller: p1, at: {start}}}\n" if globe else ""
    text = (
        "title: property\nruleset: sorcery\nsetup:\n  sites:\n" + site_list
        + f"  units:\n    - {{id: u, card: {mover}, owner: p1, at: {start}}}\n" + artifacts
    )
    played = play(parse_scenario(load_yaml(text, "<generated>")))
    answer = reach(played, "u")
    for location, path in answer.paths.items():
        if len(path) < 2:
            continue
        game = play(parse_scenario(load_yaml(text, "<generated>"))).game
        events = game.issue({"command": "move_and_attack", "unit": "u", "path": path[1:]})
        assert "StepRefused" not in [e.name for e in events], (location, path)
        assert game.state.units["u"].location == location or not game.state.units["u"].alive
