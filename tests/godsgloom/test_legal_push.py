"""The God's Push moves among the legal commands: one hex, to each hex the unit may end a step
in. They are listed from the unit's one step (``legal.Ends``), without a search; each list here
is compared with the hexes a search of the push mode reaches."""

from __future__ import annotations

from domain.movement import search_reach
from domain.rulesets.godsgloom.commands import GodsPushMove
from domain.rulesets.godsgloom.movement import GloomMovement
from tests.godsgloom.test_traits import gods_push


def _listed(g, unit: str) -> list[str]:  # type: ignore[no-untyped-def]
    return [c.to for c in g.legal_commands() if isinstance(c, GodsPushMove) and c.unit == unit]


def _searched(g, unit: str) -> list[str]:  # type: ignore[no-untyped-def]
    start = g.state.units[unit].location
    reach = search_reach(GloomMovement(g.state, "push"), unit, start)
    return sorted((h for h in reach.cost if h != start), key=lambda h: tuple(int(v) for v in h.split(",")))


def test_a_push_never_ends_in_a_friends_hex_it_could_only_pass_through() -> None:
    # a has Skirmish: it may pass through b's hex (§8.1 exception I) but never end a move there
    units = "    - {id: a, owner: p1, at: '2,5', traits: [Skirmish]}\n    - {id: b, owner: p1, at: '2,4'}"
    g = gods_push(units)
    listed = _listed(g, "a")
    assert "2,4" not in listed
    assert listed == _searched(g, "a") and len(listed) == 5


def test_a_push_into_an_enemy_zone_or_difficult_hex_is_listed_as_the_search_finds_it() -> None:
    units = (
        "    - {id: a, owner: p1, at: '2,5'}\n    - {id: e, owner: p2, at: '4,3', facing: SW}\n"
        "    - {id: f, owner: p2, at: '1,7', facing: N}"
    )
    g = gods_push(units)
    assert _listed(g, "a") == _searched(g, "a")
    assert _listed(g, "a")
