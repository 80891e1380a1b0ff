"""Scout Deploy (seed 001 §18.2) is "a free Move Action" in the pre-game, and the Active movement
traits say what they do "when this unit performs a Move action": so a scout may use them in it
(``scout_move`` takes ``use`` as ``move`` does), and the free move still may not end where the
unit would be Engaged. The legal commands list the trait's scout moves, each accepted."""

from __future__ import annotations

from typing import Any

import pytest

from domain.errors import IllegalCommand
from tests.godsgloom.test_movement_rules import mat
from tests.helpers import game, names

#: in the pre-game: the enemy ogres at 2,1 face S (zone 1,2, 2,2, 3,1); the goblins at 4,6 face N
#: (zone 4,5, 3,6, 5,5)
UNITS = (
    "    - {{id: s, owner: p1, type: Cavalry, at: '2,7', speed: 4, traits: [Scout Deploy{extra}]}}\n"
    "    - {{id: ogres, owner: p2, type: Monster, at: '2,1', facing: S}}\n"
    "    - {{id: goblins, owner: p2, type: Infantry, at: '4,6', facing: N}}"
)


def pregame(extra: str) -> Any:
    return game(mat(UNITS.format(extra=extra)).replace("  width: 7", "  phase: pregame\n  width: 7"))


def scout(g: Any, use: Any, path: list[str]) -> list[Any]:
    return g.issue({"command": "scout_move", "unit": "s", "use": use, "path": path})


def test_scout_deploy_with_flying_teleports_within_speed_and_not_into_an_engagement() -> None:
    g = pregame(", Flying")
    with pytest.raises(IllegalCommand, match="Engaged"):
        scout(g, "Flying", ["5,5"])  # in the goblins' zone
    with pytest.raises(IllegalCommand, match="at most Speed"):
        scout(g, "Flying", ["2,2"])
    events = scout(g, "Flying", ["2,4"])
    assert names(events)[1:] == ["ScoutMoved", "UnitTeleported"]
    assert g.state.units["s"].location == "2,4" and g.state.units["s"].scouted


def test_scout_deploy_with_nimble_passes_a_zone_it_may_not_end_in(judged_again: list[int]) -> None:
    """The resolver judges each step again with the mode the path's purpose names (conftest)."""
    g = pregame(", Nimble")
    with pytest.raises(IllegalCommand, match="Engaged"):
        scout(g, "Nimble", ["3,6"])  # the goblins' zone: the free move may not end there
    with pytest.raises(IllegalCommand, match="Engaged"):
        scout(g, None, ["3,6", "3,5"])  # without the trait the zone ends the move at 3,6
    events = scout(g, "Nimble", ["3,6", "3,5"])  # through the zone, on to 3,5 outside it
    assert g.state.units["s"].location == "3,5" and "StepsCancelled" not in names(events)
    assert judged_again[0] > 0


def test_scout_deploy_with_trample_passes_infantry_and_rolls_for_it(judged_again: list[int]) -> None:
    g = pregame(", Trample")
    with pytest.raises(IllegalCommand, match="§8.1"):
        scout(g, None, ["3,7", "4,6", "5,6"])
    events = scout(g, "Trample", ["3,7", "4,6", "5,6"])
    assert g.state.units["s"].location == "5,6"
    assert [e.purpose for e in events if e.name == "DiceRolled"] == ["Trample: s through goblins"]
    assert judged_again[0] > 0


def test_scout_deploy_uses_only_the_traits_the_unit_has() -> None:
    g = pregame("")
    with pytest.raises(IllegalCommand, match="doesn't have the trait Flying"):
        scout(g, "Flying", ["2,4"])


def test_scout_moves_listed_with_a_trait_are_each_accepted() -> None:
    g = pregame(", Flying")
    flights = [c for c in g.legal_commands() if c.command == "scout_move" and c.use == "Flying"]
    assert "2,4" in {c.path[-1] for c in flights} and "5,5" not in {c.path[-1] for c in flights}
    for command in flights:
        trial = pregame(", Flying")
        trial.issue(command)
        assert trial.state.units["s"].location == command.path[-1]


@pytest.mark.parametrize("extra,at", [("", "2,7"), (", Nimble", "2,7"), ("", "2,3"), (", Breakaway", "2,3"), (", Trample", "2,3")])
def test_the_lookahead_answers_for_the_scout_deploy_move_in_the_pregame(extra: str, at: str) -> None:
    """Seed 001, Scout Deploy: in the pre-game a scout's Move Action is the free one, no
    activation (§8.2's one hex does not hold for a scout that stands Engaged) and never ending
    where it would be Engaged. The range of motion, with what each trait adds, holds exactly the
    hexes some listed ``scout_move`` ends on, each accepted; a zone hex is out, with the rule."""
    import copy

    from domain.rulesets.godsgloom.commands import ScoutMove

    g = pregame(extra)
    if at != "2,7":  # standing Engaged: in the ogres' zone (2,2), one hex short of it here
        g = game(mat(UNITS.format(extra=extra).replace("at: '2,7'", f"at: '{at}'")).replace("  width: 7", "  phase: pregame\n  width: 7"))
    answer = g.rules.range_of_motion(g.state, "s")
    reached = set(answer.reachable) - {at}
    for hexes in answer.extra["with_traits"].values():
        reached |= set(hexes)
    listed = {c.path[-1] for c in g.legal_commands() if isinstance(c, ScoutMove) and c.path}
    assert reached == listed
    for end in sorted(listed)[:6]:
        trial = copy.deepcopy(g)
        command = next(c for c in g.legal_commands() if isinstance(c, ScoutMove) and c.path and c.path[-1] == end)
        trial.issue(command)
    zone = "3,6" if at == "2,7" else "2,2"  # the goblins' zone, one hex off; the ogres', one hex on
    assert zone not in reached and any("Scout Deploy" in str(r) for r in answer.why_not(zone))
