"""Issue 9's defects, each ruled as the codex and the digest say (each failed before its fix)."""

from __future__ import annotations

import pytest

from domain.errors import BadInput, IllegalCommand
from domain.rulesets.sorcery.movement import SorceryMovement
from tests.helpers import game, reach

# --- Split Power: checks use the average, rounded down (codex: Split Power; digest 3.6) ----------

HOLLOWS = """
title: split power at Gnome Hollows
ruleset: sorcery
aliases: {A: 11, B: 12}
setup:
  sites:
    - {at: A, card: Valley, controller: p1}
    - {at: B, card: Gnome Hollows, controller: p1}
  units:
    - {id: knight, card: %s, owner: p1, at: A}
"""


def test_blue_knight_3_2_counts_as_2_and_may_enter_gnome_hollows() -> None:
    g = game(HOLLOWS % "Blue Knight")
    assert "B" in reach(g, "knight")
    g.issue({"command": "move_and_attack", "unit": "knight", "path": ["B"]})
    assert g.state.units["knight"].location == "12"


@pytest.mark.parametrize("knight", ["Sir Priamus", "Sir Tristan"])
def test_a_2_4_knight_counts_as_3_and_may_not_enter_gnome_hollows(knight: str) -> None:
    answer = reach(game(HOLLOWS % knight), "knight")
    assert "B" not in answer
    assert "Gnome Hollows" in str(answer.why_not("B")[0])


def test_set_up_uses_split_power_averaged_too() -> None:
    with pytest.raises(BadInput, match="Gnome Hollows"):
        game((HOLLOWS % "Sir Priamus").replace("at: A}\n", "at: B}\n"))
    assert game((HOLLOWS % "Blue Knight").replace("at: A}\n", "at: B}\n")).state.units["knight"].location == "12"


# --- a site played into a void with minions there: they are atop it (codex: Site; digest 1.6) ---

VOID = """
title: a site played under a voidwalker
ruleset: sorcery
active_player: p1
aliases: {A: 12, S: 13}
setup:
  sites:
    - {at: A, card: Valley, controller: p1}
  units:
    - {id: stalker, card: Spectral Stalker, owner: p1, at: "S/void"}
"""


def test_a_site_played_to_a_void_puts_the_minions_there_on_its_surface_without_entering() -> None:
    g = game(VOID)
    events = g.issue({"command": "play_site", "card": "Bog", "at": "S", "target": "S"})
    assert g.state.units["stalker"].location == "13"
    assert not [e for e in events if e.name == "StepTaken"]
    raised = next(e for e in events if e.name == "SiteFormedUnder")
    assert raised.units == ["stalker"]  # type: ignore[attr-defined]
    # atop the Bog that targeted itself: Immobile until p1's next turn
    answer = reach(g, "stalker")
    assert answer.reachable == ["S"]
    assert "Bog" in str(answer.why_not("A")[0])


# --- carrying: apart from the carrier, a unit is dropped after the step (digest 2.6) -------------

CARRIED = """
title: carried
ruleset: sorcery
aliases: {A: 11, B: 12, C: 13}
setup:
  sites:
    - {at: A, card: Valley, controller: p1}
    - {at: B, card: Gnome Hollows, controller: p1}
    - {at: C, card: Steppe, controller: p1}
  units:
    - {id: steed, card: Phantom Steed, owner: p1, at: A}
    - {id: troll, card: Bosk Troll, owner: p1, at: A, carried_by: steed}
"""


def test_a_passenger_that_cannot_enter_is_dropped_after_the_carrier_s_step() -> None:
    g = game(CARRIED)
    events = g.issue({"command": "move_and_attack", "unit": "steed", "path": ["B"]})
    order = [e.name for e in events if e.name in ("StepTaken", "UnitDropped")]
    assert order == ["StepTaken", "UnitDropped"]
    dropped = next(e for e in events if e.name == "UnitDropped")
    assert dropped.at == "11" and "Gnome Hollows" in dropped.reason  # type: ignore[attr-defined]


def test_a_passenger_that_walks_away_is_dropped_and_loses_the_carrier_s_keywords() -> None:
    g = game(CARRIED)
    events = g.issue({"command": "move_and_attack", "unit": "troll", "path": ["16/void"]})
    assert [e.name for e in events if e.name in ("StepTaken", "UnitDropped")] == ["StepTaken", "UnitDropped"]
    assert g.state.units["troll"].carried_by is None
    # the step into the void used the Steed's Voidwalk; dropped there, the Troll is banished
    assert not g.state.units["troll"].alive


def test_a_carried_unit_keeps_the_carrier_s_voidwalk_while_they_share_a_location() -> None:
    g = game(CARRIED)
    g.issue({"command": "move_and_attack", "unit": "steed", "path": ["16/void"]})
    assert g.state.units["troll"].location == "16/void" and g.state.units["troll"].alive


# --- a Voidwalker without Submerge dies underwater (digest 1.6) -----------------------------------

UNDERWATER = """
title: voidwalker into water
ruleset: sorcery
aliases: {W: 12, B: 13}
setup:
  sites:
    - {at: W, card: Stream, controller: p1}
    - {at: B, card: Valley, controller: p1}
  units:
    - {id: stalker, card: Phantom Steed, owner: p1, at: "11/void"}
"""


def test_a_voidwalker_without_submerge_stepping_underwater_dies_there() -> None:
    g = game(UNDERWATER)
    events = g.issue({"command": "move_and_attack", "unit": "stalker", "path": ["W/underwater", "W"]})
    died = next(e for e in events if e.name == "UnitDied")
    assert died.at == "12/underwater" and died.rule.source == "codex: Underwater"  # type: ignore[attr-defined]
    assert not g.state.units["stalker"].alive


def test_the_lookahead_reaches_that_location_but_goes_no_further_from_it() -> None:
    g = game(UNDERWATER)
    options = SorceryMovement(g.state).step_options("stalker", "11/void")
    into_water = next(o for o in options if o.to == "12/underwater")
    assert into_water.blocked is None
    assert into_water.stops is not None and into_water.stops.source == "codex: Underwater"
    answer = reach(g, "stalker")
    assert "W/underwater" in answer
    assert answer.path_to("W") == ["11/void", "W"]
    assert all("W/underwater" not in path[:-1] for path in answer.paths.values())
    assert "7/void" in answer


# --- only an Airborne attacker may target an Airborne unit (codex: Airborne; digest 2.4) ---------

AIR = """
title: attacking an airborne unit
ruleset: sorcery
active_player: p1
aliases: {A: 11, B: 12}
setup:
  sites:
    - {at: A, card: Valley, controller: p2}
    - {at: B, card: Steppe, controller: p2}
  units:
    - {id: troll, card: Bosk Troll, owner: p1, at: A}
    - {id: pegasus, card: Plumed Pegasus, owner: p1, at: A}
    - {id: spirit, card: Cloud Spirit, owner: p2, at: B}
"""


def test_a_unit_without_airborne_cannot_attack_an_airborne_unit() -> None:
    """codex: Airborne. The Move and Attack naming the target is refused before anything changes
    (README: illegal commands), not accepted to tap the attacker and fail at the attack."""
    g = game(AIR)
    before = g.version
    with pytest.raises(IllegalCommand, match="only from Airborne units") as refused:
        g.issue({"command": "move_and_attack", "unit": "troll", "path": ["B"], "attack": "spirit"})
    assert refused.value.rule.source == "codex: Airborne"
    assert g.version == before and not g.state.units["troll"].tapped
    assert g.state.units["spirit"].damage == 0


def test_an_airborne_attacker_may_attack_an_airborne_unit() -> None:
    g = game(AIR)
    events = g.issue({"command": "move_and_attack", "unit": "pegasus", "path": ["B"], "attack": "spirit"})
    assert any(e.name == "AttackDeclared" for e in events)


def test_legal_commands_offer_no_attack_on_an_airborne_unit_by_a_grounded_one() -> None:
    g = game(AIR)
    attacks = [c for c in g.legal_commands() if getattr(c, "attack", None) == "spirit"]
    assert {c.unit for c in attacks} == {"pegasus"}  # type: ignore[attr-defined]


# --- a declared path may not repeat a step (codex: Path) -----------------------------------------


def test_a_path_repeating_a_step_is_refused_when_declared() -> None:
    g = game(CARRIED.replace("carried_by: steed", "").replace("id: troll, card: Bosk Troll", "id: nomads, card: Rimland Nomads"))
    before = len(g.pending_events)
    with pytest.raises(IllegalCommand, match="repeat"):
        g.issue({"command": "move_and_attack", "unit": "steed", "path": ["B", "A", "B"]})
    assert len(g.pending_events) == before
